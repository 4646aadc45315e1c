"""Retrieval benchmark on HaluEval QA.

Corpus: the ``knowledge`` passages of ``halueval/qa.jsonl`` (all 10,000 rows; identical
passages are one document), ingested and chunked with the default settings. Queries: the
``question`` of rows 0–7,999. Gold: every chunk whose text contains the row's
``right_answer`` (case-insensitive); rows with no such chunk are skipped and counted.

Reports recall@1, recall@5 and MRR@10 for bm25, dense and hybrid, hybrid's margin over
the best single mode, indexing time, and bm25s against rank_bm25 queries/s on the same
chunks and tokens in the same run. ``--compare-model DIR`` also runs dense retrieval with
another embedding model folder (e.g. the fp32 export) to check int8 quality.

    python benchmarks/retrieval.py [--data ../shared/data] [--limit N] [--json] [--out F]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
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

QUERY_ROWS = (0, 8_000)


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


def run(args: argparse.Namespace) -> dict[str, Any]:
    data = Path(args.data)
    rows = load_rows(data)
    docs = corpus_documents(rows)
    settings = Settings(threads=args.threads, chunk_max_chars=args.chunk_max_chars)
    work = Path(tempfile.mkdtemp(prefix="certirag-bench-"))
    idx = Index(work / "index", settings=settings)
    t0 = time.perf_counter()
    report = idx.ingest(docs)
    index_seconds = time.perf_counter() - t0
    chunks = idx.store.chunks()  # type: ignore[attr-defined]
    lower = [c.text.lower() for c in chunks]

    queries, gold, skipped = [], [], 0
    stop = min(QUERY_ROWS[1], len(rows)) if not args.limit else min(args.limit, QUERY_ROWS[1])
    for row in rows[QUERY_ROWS[0]: stop]:
        answer = row["right_answer"].strip().lower()
        g = {c.id for c, t in zip(chunks, lower, strict=True) if answer and answer in t}
        if not g:
            skipped += 1
            continue
        queries.append(row["question"])
        gold.append(g)

    t0 = time.perf_counter()
    qvecs = idx.embedder.embed(queries)
    embed_q_seconds = time.perf_counter() - t0
    retriever = idx.retriever()
    out: dict[str, Any] = {}
    for mode in ("bm25", "dense", "hybrid"):
        t0 = time.perf_counter()
        results = [retriever.search(q, k=10, mode=mode, query_vector=qvecs[i])  # type: ignore[arg-type]
                   for i, q in enumerate(queries)]
        secs = time.perf_counter() - t0
        out[mode] = {**metrics_for(results, gold), "queries_per_s_after_embedding":
                     len(queries) / secs}
    best_single = max(out["bm25"]["recall@5"], out["dense"]["recall@5"])
    compare = None
    if args.compare_model:
        other = OnnxEmbedder(args.compare_model, threads=args.threads)
        vecs = other.embed([c.text for c in chunks])
        ov = other.embed(queries)
        sims = ov @ vecs.T
        top = np.argsort(-sims, axis=1)[:, :10]
        r1 = r5 = mrr = 0.0
        for i, g in enumerate(gold):
            ranks = [r for r, j in enumerate(top[i], start=1) if chunks[j].id in g]
            first = ranks[0] if ranks else None
            r1 += first == 1
            r5 += first is not None and first <= 5
            mrr += 1.0 / first if first else 0.0
        n = len(gold)
        compare = {"model": str(args.compare_model), "dense": {
            "recall@1": r1 / n, "recall@5": r5 / n, "mrr@10": mrr / n}}
    speed = bm25_speed([c.text for c in chunks], queries)
    return {
        "benchmark": "retrieval",
        "data": "halueval/qa.jsonl knowledge (rows 0-9999) / questions rows "
                f"{QUERY_ROWS[0]}-{stop - 1}",
        "documents": report.documents, "chunks": report.chunks,
        "queries": len(queries), "queries_skipped_no_gold": skipped,
        "index_seconds": index_seconds, "query_embedding_seconds": embed_q_seconds,
        "modes": out,
        "hybrid_margin_recall@5": out["hybrid"]["recall@5"] - best_single,
        "compare": compare,
        "bm25_speed": speed,
        "embed_model": idx.embedder.info.id, "embed_sha256": idx.embedder.info.weights_sha256,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "processor": platform.processor() or platform.machine()},
        "settings": {"threads": args.threads, "chunk_max_chars": settings.chunk_max_chars,
                     "rrf_k": settings.rrf_k, "candidates": settings.candidates},
    }


def table(res: dict[str, Any]) -> str:
    lines = ["| mode | recall@1 | recall@5 | MRR@10 |", "|---|---|---|---|"]
    for mode, m in res["modes"].items():
        lines.append(f"| {mode} | {m['recall@1']:.3f} | {m['recall@5']:.3f} | "
                     f"{m['mrr@10']:.3f} |")
    if res["compare"]:
        m = res["compare"]["dense"]
        lines.append(f"| dense ({Path(res['compare']['model']).name}) | {m['recall@1']:.3f} | "
                     f"{m['recall@5']:.3f} | {m['mrr@10']:.3f} |")
    sp = res["bm25_speed"]
    lines += [
        "",
        f"hybrid margin over best single mode (recall@5): {res['hybrid_margin_recall@5']:+.3f}",
        f"indexing: {res['documents']} documents, {res['chunks']} chunks in "
        f"{res['index_seconds']:.1f} s; {res['queries']} queries "
        f"({res['queries_skipped_no_gold']} rows skipped: answer not in any chunk)",
        f"BM25 queries/s: bm25s {sp['bm25s_qps']:.0f}, rank_bm25 {sp['rank_bm25_qps']:.1f}, "
        f"ratio {sp['ratio']:.1f}x",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Retrieval benchmark on HaluEval QA.")
    ap.add_argument("--data", default=os.environ.get("CERTIRAG_DATA_DIR", "../shared/data"))
    ap.add_argument("--limit", type=int, default=0, help="only the first N query rows")
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
