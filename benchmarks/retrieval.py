"""Retrieval benchmark on HaluEval QA, on the local store and (``--store URL``) PostgreSQL.

Corpus: the ``knowledge`` passages of rows 0–7,999 of ``halueval/qa.jsonl`` (identical
passages are one document; the reserved rows 8,000–9,999 are not read), ingested and
chunked with the default settings. Queries: the ``question`` of the training rows
0–6,999 (to choose the fusion) and of the dev rows 7,000–7,999 (reported). Gold: every
chunk whose text contains the row's ``right_answer`` (case-insensitive); rows with no
such chunk are skipped and counted.

Reports, on dev, recall@1, recall@5 and MRR@10 for bm25, dense, hybrid with equal-weight
RRF (k 60) and hybrid with the fusion chosen on the training queries
(:mod:`benchmarks.fusion`), per store, with query p50/p95 and ingest chunks/s (the store's
write, embeddings cached; the local store is the baseline of the same run); and bm25s
against rank_bm25 queries/s on the same chunks and tokens. ``--compare-model DIR`` also
runs dense retrieval with another embedding model folder (e.g. the fp32 export).

    python benchmarks/retrieval.py [--data ../shared/data] [--store postgresql://…]
                                   [--limit N] [--json] [--out F]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from certirag.config import Settings
from certirag.index import Index
from certirag.index.embed import OnnxEmbedder
from certirag.schemas import Document, SearchResult

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fusion import Candidates, Fusion, choose
from fusion import metrics as _fusion_metrics

CORPUS_ROWS = (0, 8_000)
TRAIN_ROWS = (0, 7_000)
DEV_ROWS = (7_000, 8_000)


def load_rows(data: Path) -> list[dict[str, Any]]:
    with (data / "halueval" / "qa.jsonl").open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def corpus_documents(rows: list[dict[str, Any]]) -> list[Document]:
    seen: dict[str, str] = {}
    for n, row in enumerate(rows):
        seen.setdefault(row["knowledge"], f"qa-{n}")
    return [Document(id=doc_id, text=text, source="halueval/qa.jsonl")
            for text, doc_id in seen.items()]


def metrics_for(results: list[SearchResult], gold: list[set[str]]) -> dict[str, float]:
    r1 = r5 = mrr = 0.0
    for res, g in zip(results, gold, strict=True):
        ranks = [i for i, h in enumerate(res.hits[:10], start=1) if h.chunk_id in g]
        first = ranks[0] if ranks else None
        r1 += first == 1
        r5 += first is not None and first <= 5
        mrr += 1.0 / first if first else 0.0
    n = len(results)
    return {"recall@1": r1 / n, "recall@5": r5 / n, "mrr@10": mrr / n}


def bm25_speed(chunks: list[str], queries: list[str]) -> dict[str, float]:
    """Queries/s of bm25s and rank_bm25 over the same stemmed tokens, top 10."""
    import bm25s
    import Stemmer
    from rank_bm25 import BM25Okapi

    stemmer = Stemmer.Stemmer("english")
    corpus_tokens = bm25s.tokenize(chunks, stopwords="en", stemmer=stemmer, return_ids=False,
                                   show_progress=False)
    query_tokens = bm25s.tokenize(queries, stopwords="en", stemmer=stemmer, return_ids=False,
                                  show_progress=False)
    fast = bm25s.BM25()
    fast.index(bm25s.tokenize(chunks, stopwords="en", stemmer=stemmer, show_progress=False),
               show_progress=False)
    vocab = fast.vocab_dict
    t0 = time.perf_counter()
    for q in query_tokens:
        toks = [t for t in q if t in vocab]
        if toks:
            fast.retrieve([toks], k=10, show_progress=False, n_threads=1)
    fast_qps = len(query_tokens) / (time.perf_counter() - t0)
    slow = BM25Okapi(corpus_tokens)
    sample = query_tokens[: max(1, min(len(query_tokens), 300))]
    t0 = time.perf_counter()
    for q in sample:
        scores = slow.get_scores(q)
        np.argpartition(-scores, min(10, len(scores) - 1))[:10]
    slow_qps = len(sample) / (time.perf_counter() - t0)
    return {"bm25s_qps": fast_qps, "rank_bm25_qps": slow_qps, "ratio": fast_qps / slow_qps,
            "bm25s_queries": len(query_tokens), "rank_bm25_queries": len(sample)}


class CachedEmbedder:
    """Embeds each text once (so a second store ingests the same vectors)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.info = inner.info
        self.dim = inner.dim
        self._memo: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo:
            for t, v in zip(todo, np.asarray(self.inner.embed(todo), dtype=np.float32),
                            strict=True):
                self._memo[t] = v
        return np.stack([self._memo[t] for t in texts]) if texts else \
            np.zeros((0, self.dim), dtype=np.float32)


def gold_queries(rows: list[dict[str, Any]], chunks: list[Any], lo: int, hi: int
                 ) -> tuple[list[str], list[set[str]], int]:
    lower = [c.text.lower() for c in chunks]
    queries, gold, skipped = [], [], 0
    for row in rows[lo:hi]:
        answer = row["right_answer"].strip().lower()
        g = {c.id for c, t in zip(chunks, lower, strict=True) if answer and answer in t}
        if not g:
            skipped += 1
            continue
        queries.append(row["question"])
        gold.append(g)
    return queries, gold, skipped


def timed_search(idx: Index, queries: list[str], qvecs: np.ndarray, mode: str,
                 fusion: Fusion | None = None) -> tuple[list[SearchResult], dict[str, float]]:
    retriever = idx.retriever()
    if fusion is not None:
        retriever.rrf_k, retriever.weights = fusion.rrf_k, fusion.weights
    results, times = [], []
    for i, q in enumerate(queries):
        t0 = time.perf_counter()
        results.append(retriever.search(q, k=10, mode=mode,  # type: ignore[arg-type]
                                        query_vector=qvecs[i]))
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return results, {"p50_ms": statistics.median(times),
                     "p95_ms": times[min(len(times) - 1, int(0.95 * len(times)))]}


def candidates(idx: Index, queries: list[str], qvecs: np.ndarray, depth: int
               ) -> list[Candidates]:
    out = []
    for i, q in enumerate(queries):
        b = idx.store.search_bm25(q, depth)
        d = idx.store.search_dense(qvecs[i], depth)
        out.append(([s.chunk.id for s in b], [s.score for s in b],
                    [s.chunk.id for s in d], [s.score for s in d]))
    return out


def evaluate(idx: Index, queries: list[str], gold: list[set[str]], qvecs: np.ndarray,
             chosen: Fusion) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, mode, fusion in (("bm25", "bm25", None), ("dense", "dense", None),
                               ("hybrid (equal RRF)", "hybrid", Fusion("rrf", 60, (1.0, 1.0))),
                               ("hybrid (chosen)", "hybrid", chosen)):
        results, lat = timed_search(idx, queries, qvecs, mode, fusion)
        out[name] = {**metrics_for(results, gold), **lat}
    best_single = max(out["bm25"]["recall@5"], out["dense"]["recall@5"])
    out["chosen_margin_recall@5"] = out["hybrid (chosen)"]["recall@5"] - best_single
    return out


def ingest_timed(idx: Index, docs: list[Document]) -> dict[str, float]:
    t0 = time.perf_counter()
    report = idx.ingest(docs)
    secs = time.perf_counter() - t0
    return {"seconds": secs, "chunks": report.chunks, "chunks_per_s": report.chunks / secs}


def run(args: argparse.Namespace) -> dict[str, Any]:
    data = Path(args.data)
    rows = load_rows(data)[: CORPUS_ROWS[1]]
    docs = corpus_documents(rows)
    settings = Settings(threads=args.threads, chunk_max_chars=args.chunk_max_chars)
    work = Path(tempfile.mkdtemp(prefix="certirag-bench-"))
    idx = Index(work / "index", settings=settings)
    t0 = time.perf_counter()
    report = idx.ingest(docs)
    index_seconds = time.perf_counter() - t0
    chunks = idx.store.chunks()  # type: ignore[attr-defined]
    embedder = CachedEmbedder(idx.embedder)
    embedder.embed([c.text for c in chunks])

    stop = TRAIN_ROWS[1] if not args.limit else min(args.limit, TRAIN_ROWS[1])
    train_q, train_gold, train_skipped = gold_queries(rows, chunks, TRAIN_ROWS[0], stop)
    dev_stop = DEV_ROWS[1] if not args.limit else min(DEV_ROWS[0] + args.limit, DEV_ROWS[1])
    dev_q, dev_gold, dev_skipped = gold_queries(rows, chunks, DEV_ROWS[0], dev_stop)
    t0 = time.perf_counter()
    train_v = embedder.embed(train_q)
    dev_v = embedder.embed(dev_q)
    embed_q_seconds = time.perf_counter() - t0

    tuned = choose(candidates(idx, train_q, train_v, settings.candidates), train_gold)
    chosen: Fusion = tuned["chosen"]
    stores: dict[str, Any] = {}
    # the local store again, from cached vectors: the write alone (the baseline)
    local = Index(work / "index-2", settings=settings, embedder=embedder)
    stores["local"] = {"ingest": ingest_timed(local, docs),
                       **evaluate(local, dev_q, dev_gold, dev_v, chosen)}
    if args.store:
        pg = Index.open("retrieval-bench", settings=settings, store=args.store, create=True,
                        embedder=embedder)
        if pg.stats().chunks:
            raise SystemExit(f"{pg.location} is not empty; use a fresh database")
        stores["postgresql"] = {"ingest": ingest_timed(pg, docs),
                                **evaluate(pg, dev_q, dev_gold, dev_v, chosen)}
        for mode in ("bm25", "dense", "hybrid (equal RRF)", "hybrid (chosen)"):
            stores["postgresql"][mode]["recall@5_minus_local"] = (
                stores["postgresql"][mode]["recall@5"] - stores["local"][mode]["recall@5"])
        ratio = stores["postgresql"]["ingest"]["chunks_per_s"] / \
            stores["local"]["ingest"]["chunks_per_s"]
        stores["postgresql"]["ingest"]["ratio_to_local"] = ratio
    compare = None
    if args.compare_model:
        other = OnnxEmbedder(args.compare_model, threads=args.threads)
        vecs = other.embed([c.text for c in chunks])
        sims = other.embed(dev_q) @ vecs.T
        top = np.argsort(-sims, axis=1)[:, :10]
        compare = {"model": str(args.compare_model), "dense": _fusion_metrics(
            [[chunks[j].id for j in row] for row in top], dev_gold)}
    speed = bm25_speed([c.text for c in chunks], dev_q)
    return {
        "benchmark": "retrieval",
        "data": f"halueval/qa.jsonl knowledge rows {CORPUS_ROWS[0]}-{CORPUS_ROWS[1] - 1}; "
                f"fusion chosen on question rows {TRAIN_ROWS[0]}-{stop - 1}, reported on "
                f"rows {DEV_ROWS[0]}-{dev_stop - 1}",
        "documents": report.documents, "chunks": report.chunks,
        "queries": len(dev_q), "queries_skipped_no_gold": dev_skipped,
        "train_queries": len(train_q), "train_skipped_no_gold": train_skipped,
        "index_seconds": index_seconds, "query_embedding_seconds": embed_q_seconds,
        "fusion": {"chosen": chosen.label(), "chosen_config": {
            "family": chosen.family, "rrf_k": chosen.rrf_k, "weights": list(chosen.weights),
            "alpha": chosen.alpha}, "train": {
                "chosen": tuned["chosen_metrics"], "best_rrf": tuned["best_rrf"],
                "best_score_fusion": tuned["best_score_fusion"],
                "default_rrf": tuned["default_rrf"], "configs": tuned["configs"]}},
        "stores": stores,
        "compare": compare,
        "bm25_speed": speed,
        "embed_model": idx.embedder.info.id, "embed_sha256": idx.embedder.info.weights_sha256,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "processor": platform.processor() or platform.machine()},
        "settings": {"threads": args.threads, "chunk_max_chars": settings.chunk_max_chars,
                     "rrf_k": settings.rrf_k, "candidates": settings.candidates},
    }


def table(res: dict[str, Any]) -> str:
    lines = [f"fusion chosen on {res['train_queries']} training queries: "
             f"{res['fusion']['chosen']}"]
    tr = res["fusion"]["train"]
    for key in ("default_rrf", "best_rrf", "best_score_fusion"):
        lines.append(f"  train {key}: {tr[key]['fusion']}: recall@5 {tr[key]['recall@5']:.3f}")
    for store, r in res["stores"].items():
        ing = r["ingest"]
        ratio = f", {ing['ratio_to_local']:.2f}x local" if "ratio_to_local" in ing else ""
        lines += ["", f"{store}: ingest {ing['chunks']:,} chunks at "
                      f"{ing['chunks_per_s']:.0f} chunks/s{ratio} (vectors cached)",
                  "| mode | recall@1 | recall@5 | MRR@10 | p50 ms | p95 ms |",
                  "|---|---|---|---|---|---|"]
        for mode in ("bm25", "dense", "hybrid (equal RRF)", "hybrid (chosen)"):
            m = r[mode]
            lines.append(f"| {mode} | {m['recall@1']:.3f} | {m['recall@5']:.3f} | "
                         f"{m['mrr@10']:.3f} | {m['p50_ms']:.1f} | {m['p95_ms']:.1f} |")
        lines.append(f"chosen hybrid margin over the best single mode (recall@5): "
                     f"{r['chosen_margin_recall@5']:+.3f}")
    if res["compare"]:
        m = res["compare"]["dense"]
        lines.append(f"dense ({Path(res['compare']['model']).name}): recall@5 "
                     f"{m['recall@5']:.3f}")
    sp = res["bm25_speed"]
    lines += [
        "",
        f"indexing: {res['documents']} documents, {res['chunks']} chunks in "
        f"{res['index_seconds']:.1f} s; {res['queries']} dev queries "
        f"({res['queries_skipped_no_gold']} rows skipped: answer not in any chunk)",
        f"BM25 queries/s: bm25s {sp['bm25s_qps']:.0f}, rank_bm25 {sp['rank_bm25_qps']:.1f}, "
        f"ratio {sp['ratio']:.1f}x",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Retrieval benchmark on HaluEval QA.")
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--limit", type=int, default=0,
                    help="only the first N training and N dev query rows")
    ap.add_argument("--store", default=None,
                    help="also run on this PostgreSQL store (an empty database)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--compare-model", default=None, help="another embedding model folder")
    ap.add_argument("--chunk-max-chars", type=int, default=Settings().chunk_max_chars)
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument("--out", default=None, help="also write the JSON result here")
    args = ap.parse_args(argv)
    if not (Path(args.data) / "halueval" / "qa.jsonl").is_file():
        print(f"data not found under {args.data} (set --data or CERTIRAG_DATA_DIR)",
              file=sys.stderr)
        return 2
    res = run(args)
    if args.out:
        Path(args.out).write_text(json.dumps(res, indent=2) + "\n", "utf-8")
    print(json.dumps(res, indent=2) if args.json else table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
