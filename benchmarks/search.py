"""Search latency and quality on a KB, beside a SQLite FTS5 baseline over the same rule texts.

Usage (from the repo root):

    /work/venv/bin/python benchmarks/search.py [--kb DIR] [--queries TSV] [--rounds 20]
    /work/venv/bin/python benchmarks/search.py --kb /tmp/kb-search --all-en ../shared/corpus/en

Runs every query of the file (default ../shared/eval/dev-queries.tsv) once to warm the searcher,
then ``--rounds`` times, and prints MRR@10, recall@10 and p50/p95 latency (ms) of the whoosh
searcher and of an FTS5 baseline (porter/unicode61 tokens, bm25 with titles x5, a rule number
looked up directly) built in memory from the same editions in the same run.

``--all-en DIR`` also builds a KB of the bundled data plus every English edition in DIR into a
scratch folder (``--work``; ``--reuse`` keeps one built before), prints its build time and
store/index sizes, and measures the same queries on it (each language's newest edition, as
before) so the p95s can be compared. Wall-clock and CPU p95 are both printed: on a shared machine
the wall clock also counts time other processes held the CPU.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from search.evaluate import JudgedQuery, evaluate, read_queries, score_hits  # noqa: E402
from kb.store.layout import current_build, default_kb_dir  # noqa: E402
from kb.numbers import parse_number  # noqa: E402
from search.searcher import Searcher, open_searcher  # noqa: E402
from kb.store.read import Store  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEV_QUERIES = ROOT.parent / "shared" / "eval" / "dev-queries.tsv"

Search = Callable[[JudgedQuery], list[str]]


def timings(search: Search, queries: list[JudgedQuery], rounds: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per query over ``rounds`` passes, after one warm-up pass
    (CPU time leaves out the time other processes held the CPU: this machine is shared)."""
    for judged in queries:
        search(judged)
    wall, cpu = [], []
    for _ in range(rounds):
        for judged in queries:
            started, started_cpu = time.perf_counter(), time.process_time()
            search(judged)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
    return wall, cpu


def latency(timed: tuple[list[float], list[float]]) -> str:
    """``p50 .. p95 .. max .. (cpu p95 ..)`` of wall-clock and CPU timings, in ms."""
    wall, cpu = timed
    cuts = statistics.quantiles(wall, n=100, method="inclusive")
    cpu95 = statistics.quantiles(cpu, n=100, method="inclusive")[94]
    return f"p50 {cuts[49]:6.2f} ms  p95 {cuts[94]:6.2f} ms  max {max(wall):6.1f} ms  (cpu p95 {cpu95:5.2f} ms)"


class Fts5Baseline:
    """SQLite FTS5 over the rules of each language's newest edition (title weighted x5)."""

    def __init__(self, store: Store, langs: list[str]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE rules USING fts5(edition UNINDEXED, number UNINDEXED, title, text, "
                        "tokenize='porter unicode61 remove_diacritics 2')")
        self.editions = {}
        for lang in langs:
            edition = store.find_edition(lang)
            self.editions[lang] = edition.id
            self.db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?)", [
                (edition.id, r.number, " ".join(t for t in (r.title, r.title_en) if t), r.text)
                for r in store.rules(edition.id)])

    def search(self, judged: JudgedQuery) -> list[str]:
        edition = self.editions[judged.lang]
        number = parse_number(judged.query)
        if number:
            rows = self.db.execute("SELECT number FROM rules WHERE edition = ? AND number = ?", (edition, number))
            found = [r[0] for r in rows]
            if found:
                return found
        words = [w.replace('"', "") for w in judged.query.split()]
        match = " ".join(f'"{w}"' for w in words if w)
        if not match:
            return []
        sql = ("SELECT number FROM rules WHERE rules MATCH ? AND edition = ? "
               "ORDER BY bm25(rules, 0, 0, 5.0, 1.0) LIMIT 10")
        return [r[0] for r in self.db.execute(sql, (match, edition))]


def measure(label: str, searcher: Searcher, queries: list[JudgedQuery], tsv: Path, rounds: int) -> None:
    """Print quality and latency of the whoosh searcher."""
    result = evaluate(searcher, tsv)
    timed = timings(lambda j: searcher.search(j.query, lang=j.lang), queries, rounds)
    print(f"{label:<20} MRR@10 {result.mrr_at_10:.3f}  recall@10 {result.recall_at_10:.3f}  {latency(timed)}")


def measure_fts(store: Store, queries: list[JudgedQuery], rounds: int) -> None:
    """Print quality and latency of the FTS5 baseline."""
    started = time.perf_counter()
    fts = Fts5Baseline(store, sorted({q.lang for q in queries}))
    built = time.perf_counter() - started
    results = [score_hits(q, fts.search(q)) for q in queries]
    mrr = sum(1 / r.rank for r in results if r.rank) / len(results)
    recall = sum(r.recall for r in results) / len(results)
    timed = timings(fts.search, queries, rounds)
    print(f"{'FTS5 baseline':<20} MRR@10 {mrr:.3f}  recall@10 {recall:.3f}  {latency(timed)}  built in {built:.1f} s")


def all_english(corpus: Path, work: Path, queries: list[JudgedQuery], tsv: Path, rounds: int, reuse: bool) -> None:
    """Build the seeds (bundled data), the Korean 2021 editions and every English edition of
    ``corpus``, print build time and sizes, and
    measure the queries on it. An existing build in ``work`` is reused with ``reuse``."""
    from ingest.build import BUNDLED_DATA, build_kb

    kb_dir = work / "kb-all-en"
    if not (reuse and (kb_dir / "current").exists()):
        shutil.rmtree(kb_dir, ignore_errors=True)
        started = time.perf_counter()
        korean = [corpus.parent / "ko" / "kormtgcr" / f"{date}.txt" for date in ("2021-11-19", "2021-02-15")]
        report = build_kb([BUNDLED_DATA, *korean, corpus], kb_dir, progress=None)
        print(f"all-en KB: {len(report.editions)} editions built in {time.perf_counter() - started:.0f} s")
    build = current_build(kb_dir)
    index_mb = sum(p.stat().st_size for p in build.index.rglob("*") if p.is_file()) / 1e6
    store_mb = build.store.stat().st_size / 1e6
    editions = len(Store(build.store).editions())
    print(f"all-en KB: {editions} editions; index {index_mb:.0f} MB, store {store_mb:.0f} MB ({kb_dir})")
    measure("whoosh, all-en KB", open_searcher(build), queries, tsv, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, default=None, help="KB folder (default: crkb's default)")
    parser.add_argument("--queries", type=Path, default=DEV_QUERIES)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--all-en", type=Path, default=None, help="folder of English CR texts to add")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "crkb-bench")
    parser.add_argument("--reuse", action="store_true", help="reuse the all-en KB already in --work")
    args = parser.parse_args()
    build = current_build(args.kb or default_kb_dir())
    queries = read_queries(args.queries)
    print(f"{len(queries)} queries x {args.rounds} rounds, KB {build.root}")
    searcher = open_searcher(build)
    measure("whoosh (crkb)", searcher, queries, args.queries, args.rounds)
    measure_fts(searcher.store, queries, args.rounds)
    if args.all_en:
        args.work.mkdir(parents=True, exist_ok=True)
        all_english(args.all_en, args.work, queries, args.queries, args.rounds, args.reuse)


if __name__ == "__main__":
    main()
