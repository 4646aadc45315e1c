"""Load a PostgreSQL store with N synthetic chunks and time queries at that size.

Synthetic corpus: documents of one chunk each, 40 words drawn from a Zipf distribution
over a 50,000-word vocabulary, and a random unit vector of dimension ``--dim`` (384, the
shipped embedder's) per chunk. Queries: 5 words of a random stored chunk plus its vector
with noise. The load goes through ``PgStore.write`` (one transaction per batch, as an
ingest), so it includes the GIN full-text index, the HNSW index and the BM25 term counts.

Reports load chunks/s (each batch, and overall), and query p50/p95 for bm25, dense and
hybrid at the final size, against the same queries on the first batch alone (the
baseline in the same run; the ratio shows how latency grows with size).

    python benchmarks/pg_scale.py --url postgresql://… [--chunks 1000000] [--first 20000]
    python benchmarks/pg_scale.py --start-server --chunks 1000000   # a throwaway server
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from certirag.config import Settings
from certirag.index.pg_store import PgBackend, PgStore
from certirag.index.store import DocumentChunks
from certirag.schemas import Chunk, Document

VOCAB = 50_000


def _words() -> list[str]:
    """``VOCAB`` distinct pronounceable words: the digits of i in base 60, one syllable a
    digit (so every word is its own stem and no word is an English stop word)."""
    syll = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"][:60]
    out = []
    for i in range(VOCAB):
        word, n = "", i + 60
        while n:
            n, d = divmod(n, 60)
            word += syll[d]
        out.append(word + "x")
    return out


def batch(start: int, n: int, dim: int, words: list[str], rng: np.random.Generator
          ) -> list[DocumentChunks]:
    ranks = np.minimum(rng.zipf(1.3, size=(n, 40)), VOCAB) - 1
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    out = []
    for i in range(n):
        text = " ".join(words[r] for r in ranks[i]) + "."
        doc = Document(id=f"s{start + i}", text=text)
        out.append(DocumentChunks(doc, [Chunk.of(doc, 0, len(text), 0)], vecs[i: i + 1]))
    return out


def timed_queries(store: PgStore, queries: list[tuple[str, Any]], k: int
                  ) -> dict[str, dict[str, float]]:
    out = {}
    for mode in ("bm25", "dense", "hybrid"):
        times = []
        for text, vec in queries:
            t0 = time.perf_counter()
            if mode == "bm25":
                store.search_bm25(text, k)
            elif mode == "dense":
                store.search_dense(vec, k)
            else:
                store.search_hybrid(text, vec, k, depth=50, rrf_k=60)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        out[mode] = {"p50_ms": statistics.median(times),
                     "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))]}
    return out


def make_queries(sample: list[DocumentChunks], rng: np.random.Generator, n: int
                 ) -> list[tuple[str, Any]]:
    out = []
    for i in rng.choice(len(sample), size=n, replace=False):
        words = sample[int(i)].document.text.rstrip(".").split()
        base = sample[int(i)].vectors[0]
        v = base + 0.3 * rng.standard_normal(base.shape[0])
        out.append((" ".join(rng.choice(words, size=5)),
                    (v / np.linalg.norm(v)).astype(np.float32)))
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(7)
    words = _words()
    backend = PgBackend(args.url, Settings())
    first = batch(0, args.first, args.dim, words, rng)
    queries = make_queries(first, rng, args.queries)
    meta = {"dim": args.dim, "synthetic": True}
    # the baseline: the first batch alone, in an index of its own, in the same run
    base = backend.store(args.index + "-base")
    assert isinstance(base, PgStore)
    if not base.exists():
        base.write(first, meta=meta)
    store = backend.store(args.index)
    assert isinstance(store, PgStore)
    if store.exists() and not args.resume:
        raise SystemExit(f"index {args.index!r} exists; use another --index or --resume")
    done = store.stats().chunks if store.exists() else 0
    loads = []
    start_done = done
    t_all = time.perf_counter()
    while done < args.chunks:
        n = min(args.first if not done else args.batch, args.chunks - done)
        items = first if not done else batch(done, n, args.dim, words, rng)
        t0 = time.perf_counter()
        store.write(items, meta=meta)
        secs = time.perf_counter() - t0
        done += n
        loads.append({"chunks": done, "seconds": secs, "chunks_per_s": n / secs})
        print(f"{done:>9,} chunks  {n / secs:8.0f} chunks/s", file=sys.stderr, flush=True)
    load_seconds = time.perf_counter() - t_all
    base_times = timed_queries(base, queries, args.k)
    final_times = timed_queries(store, queries, args.k)
    baseline = {"chunks": base.stats().chunks, **base_times}
    final = {"chunks": done, **final_times}
    return {
        "benchmark": "pg_scale", "chunks": done, "dim": args.dim, "batch": args.batch,
        "load_seconds": load_seconds if loads else None,
        "load_chunks_per_s": (done - start_done) / load_seconds if loads else None,
        "loads": loads, "baseline": baseline, "final": final,
        "ratio_p50": {m: final_times[m]["p50_ms"] / base_times[m]["p50_ms"]
                      for m in ("bm25", "dense", "hybrid")},
        "queries": len(queries), "k": args.k,
        "pg_bm25_max_scored": backend.settings.pg_bm25_max_scored,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
    }


def table(res: dict[str, Any]) -> str:
    b, f = res["baseline"], res["final"]
    lines = [f"| mode | p50 ms at {b['chunks']:,} | p95 ms | p50 ms at {f['chunks']:,} | "
             "p95 ms | p50 ratio |", "|---|---|---|---|---|---|"]
    for m in ("bm25", "dense", "hybrid"):
        lines.append(f"| {m} | {b[m]['p50_ms']:.1f} | {b[m]['p95_ms']:.1f} | "
                     f"{f[m]['p50_ms']:.1f} | {f[m]['p95_ms']:.1f} | "
                     f"{res['ratio_p50'][m]:.1f}x |")
    if res["load_seconds"]:
        lines.append(f"\nload: {res['chunks']:,} chunks in {res['load_seconds']:.0f} s "
                     f"({res['load_chunks_per_s']:.0f} chunks/s overall)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--url", default=os.environ.get("CERTIRAG_BENCH_PG_URL"))
    ap.add_argument("--start-server", action="store_true",
                    help="start a throwaway server (tests/pg_server.py) for the run")
    ap.add_argument("--index", default="synthetic")
    ap.add_argument("--chunks", type=int, default=1_000_000)
    ap.add_argument("--first", type=int, default=20_000,
                    help="chunks of the first write (the baseline size)")
    ap.add_argument("--batch", type=int, default=490_000, help="chunks of each later write")
    ap.add_argument("--dim", type=int, default=384)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("-k", type=int, default=10)
    ap.add_argument("--resume", action="store_true", help="add to an existing index")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    if args.start_server:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests import pg_server

        args.url = pg_server.start(Path(pg_server.DEFAULT_DIR)).url
    if not args.url:
        print("pass --url postgresql://… (or --start-server)", file=sys.stderr)
        return 2
    res = run(args)
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=2) + "\n", "utf-8")
    print(json.dumps(res, indent=2) if args.json else table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
