"""Search latency per query kind, beside a SQLite FTS5 BM25 baseline on the same queries, in one run.

Usage (from the repo root):

    .venv/bin/python benchmarks/search.py [--kb DIR] [--rounds 5] [--profile KIND]

The KB: ``--kb DIR``, else one built (once; ``--rebuild`` builds it again) into ``--work`` from
the corpus in ``../shared/corpus``: English 2026-01-16 and the newest Korean, Japanese and Chinese
editions (with the Chinese translators' term list). The queries are read at run time from
``../shared/eval/dev-queries.tsv``, ``../shared/eval/questions-dev.tsv`` (never copied into the
repo) and ``benchmarks/search-extra-queries.tsv``, and sorted into kinds (``kind_of``): number,
name, few words, question, typo, Korean, Japanese, Chinese.

Per kind it prints, warm and in process: hit@10 and p50/p95 (ms) of ``Searcher.search`` and of the
FTS5 baseline ``crkb eval`` uses (``search.baseline``, built in memory from the same editions), the
p95 ratio, and p50/p95 of the search page (``GET /search`` through Flask's test client, whole HTML
response); then the row "all languages" (the name queries of every language searched with
``lang=None`` / ``lang=all``, the baseline summing its languages). Each query runs once to warm up,
then ``--rounds`` times; its time is the median of its rounds, and p50/p95 are over the queries
of the kind. Times are the searching thread's CPU time by default (``--clock wall`` for elapsed
time): on a shared machine the wall clock also counts the time other processes held the CPU,
and a search here is one thread that waits on nothing but the CPU.
Targets (issue 11) are checked on the last line of each row: keyword kinds p50 <= 2 ms and
p95 <= 10 ms, questions p95 <= 30 ms, every kind p95 within 3x the baseline's.
``--profile KIND`` prints the cProfile of the search over that kind's queries instead.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]  # our module is search.py
sys.path.insert(0, str(ROOT))

from kb.store.layout import BuildPaths, current_build  # noqa: E402
from kb.store.read import Store  # noqa: E402
from search.analysis import name_key  # noqa: E402
from search.baseline import Fts5Baseline  # noqa: E402
from search.evaluate import JudgedQuery, read_queries, score_hits  # noqa: E402
from search.query import parse_query  # noqa: E402
from search.searcher import Searcher, open_searcher  # noqa: E402

SHARED = ROOT.parent / "shared"
QUERY_FILES = (SHARED / "eval" / "dev-queries.tsv", SHARED / "eval" / "questions-dev.tsv",
               ROOT / "benchmarks" / "search-extra-queries.tsv")
CORPUS_FILES = ("en/2026-01-16.txt", "ko/kormtgcr/2021-11-19.txt", "ja/2026-01-16.txt", "zh/2024-04-12.txt",
                "zh/translated-terms.txt")
KINDS = ("number", "name", "few words", "question", "typo", "Korean", "Japanese", "Chinese")
LANGUAGE_KINDS = {"ko": "Korean", "ja": "Japanese", "zh": "Chinese"}
QUESTION_WORDS = 8
"""An English query of more words than this is a question, whatever its block."""
KEYWORD_P50, KEYWORD_P95, QUESTION_P95, BASELINE_FACTOR = 2.0, 10.0, 30.0, 3.0

Timed = Callable[[JudgedQuery], object]


@dataclass
class Row:
    """One printed line: a kind's queries and its figures."""

    kind: str
    queries: list[JudgedQuery]
    crkb: list[float]
    baseline: list[float]
    page: list[float]
    crkb_hits: float | None
    baseline_hits: float | None


def corpus_kb(work: Path, rebuild: bool) -> BuildPaths:
    """The benchmark KB in ``work`` (built from ``CORPUS_FILES`` when missing or ``rebuild``)."""
    from ingest.build import build_kb

    kb_dir = work / "kb-search"
    if rebuild or not (kb_dir / "current").exists():
        started = time.perf_counter()
        report = build_kb([SHARED / "corpus" / name for name in CORPUS_FILES], kb_dir)
        print(f"built {len(report.editions)} editions in {time.perf_counter() - started:.1f} s into {kb_dir}")
    return current_build(kb_dir)


def read_all_queries() -> list[JudgedQuery]:
    """Every query of ``QUERY_FILES`` that exist (a missing eval file is said and skipped)."""
    found: list[JudgedQuery] = []
    for path in QUERY_FILES:
        if path.exists():
            found += read_queries(path)
        else:
            print(f"skipped {path}: missing")
    return found


class Kinds:
    """Sorts queries into ``KINDS`` with the KB's English names and vocabulary."""

    def __init__(self, store: Store) -> None:
        edition = store.find_edition("en")
        titles = [r.title for r in store.rules(edition.id) if r.title]
        titles += [entry.term for entry in store.glossary(edition.id)]
        self.names = {name_key(title, "en") for title in titles}
        vocabulary = store.vocabulary(edition.id)
        self.words = set(vocabulary.title_words) | set(vocabulary.text_words)

    def kind_of(self, judged: JudgedQuery) -> str:
        """A rule number in any form (``규칙 702.19b``) is ``number``; then the language of a
        Korean/Japanese/Chinese query; an English one is a ``question`` (its block says so, or
        more than ``QUESTION_WORDS`` words), a ``typo`` (a Latin word no rule holds), a ``name``
        (one word, or a rule's title or glossary term) or ``few words``."""
        if parse_query(judged.query).number:
            return "number"
        if judged.lang in LANGUAGE_KINDS:
            return LANGUAGE_KINDS[judged.lang]
        words = judged.query.split()
        if judged.block == "question" or len(words) > QUESTION_WORDS:
            return "question"
        latin = [w.strip("\"'.,?").lower() for w in words]
        if any(w.isalpha() and w.isascii() and w not in self.words for w in latin):
            return "typo"
        if len(words) == 1 or name_key(judged.query, "en") in self.names:
            return "name"
        return "few words"


CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def median_ms(run: Timed, queries: list[JudgedQuery], rounds: int) -> list[float]:
    """Per query, the median milliseconds (``clock``) of ``rounds`` runs after one warm-up run."""
    for judged in queries:
        run(judged)
    times: list[list[float]] = [[] for _ in queries]
    for _ in range(rounds):
        for index, judged in enumerate(queries):
            started = clock()
            run(judged)
            times[index].append((clock() - started) * 1000)
    return [statistics.median(t) for t in times]


def cuts(ms: list[float]) -> tuple[float, float]:
    """(p50, p95) of ``ms``."""
    if len(ms) == 1:
        return ms[0], ms[0]
    found = statistics.quantiles(ms, n=100, method="inclusive")
    return found[49], found[94]


def hit_share(queries: list[JudgedQuery], numbers: Callable[[JudgedQuery], list[str]]) -> float:
    """Share of ``queries`` with an expected rule in the first 10 ``numbers``."""
    return sum(1 for q in queries if score_hits(q, numbers(q)).rank) / len(queries)


def measure(kind: str, queries: list[JudgedQuery], searcher: Searcher, fts: Fts5Baseline,
            client: object, rounds: int, all_languages: bool = False) -> Row:
    """The figures of one row (``all_languages``: searched with ``lang=None`` / ``lang=all``)."""
    def lang(judged: JudgedQuery) -> str | None:
        return None if all_languages else judged.lang

    def crkb(judged: JudgedQuery) -> list[str]:
        return [hit.number for hit in searcher.search(judged.query, lang=lang(judged), limit=10)]

    def baseline(judged: JudgedQuery) -> list[str]:
        if all_languages:
            return [n for language in fts.tables for n in fts.search(judged.query, language)]
        return fts.search(judged.query, judged.lang)

    requests = iter(range(10**9))

    def page(judged: JudgedQuery) -> None:  # "n" makes each URL new: the site keeps answers (web.pagecache)
        response = client.get("/search", query_string={"q": judged.query, "lang": lang(judged) or "all",
                                                       "n": next(requests)})
        assert response.status_code in (200, 302), (judged.query, response.status_code)

    hits = (None, None) if all_languages else (hit_share(queries, crkb), hit_share(queries, baseline))
    return Row(kind, queries, median_ms(crkb, queries, rounds), median_ms(baseline, queries, rounds),
               median_ms(page, queries, rounds), *hits)


def verdict(row: Row) -> str:
    """Which of issue 11's targets the row misses ("ok" when none)."""
    p50, p95 = cuts(row.crkb)
    misses = []
    if row.kind == "question":
        if p95 > QUESTION_P95:
            misses.append(f"p95>{QUESTION_P95:g}")
    else:
        if p50 > KEYWORD_P50:
            misses.append(f"p50>{KEYWORD_P50:g}")
        if p95 > KEYWORD_P95:
            misses.append(f"p95>{KEYWORD_P95:g}")
    if p95 > BASELINE_FACTOR * cuts(row.baseline)[1]:
        misses.append(f">{BASELINE_FACTOR:g}x BM25")
    return "ok" if not misses else "MISS " + ", ".join(misses)


def print_rows(rows: list[Row]) -> None:
    print(f"{'kind':<14}{'n':>4} {'hit@10':>13} | {'crkb p50':>8} {'p95':>6} | {'BM25 p50':>8} {'p95':>6} | "
          f"{'p95 x':>5} | {'page p50':>8} {'p95':>6} | targets")
    for row in rows:
        (c50, c95), (b50, b95), (p50, p95) = cuts(row.crkb), cuts(row.baseline), cuts(row.page)
        hits = "-" if row.crkb_hits is None else f"{row.crkb_hits:.2f}/{row.baseline_hits:.2f}"
        print(f"{row.kind:<14}{len(row.queries):>4} {hits:>13} | "
              f"{c50:>8.2f} {c95:>6.2f} | {b50:>8.2f} {b95:>6.2f} | {c95 / b95:>5.1f} | {p50:>8.2f} {p95:>6.2f} | "
              f"{verdict(row)}")


def profile(kind: str, queries: list[JudgedQuery], searcher: Searcher, rounds: int) -> None:
    """Print the 30 costliest functions (cumulative) of searching ``queries`` ``rounds`` times."""
    for judged in queries:
        searcher.search(judged.query, lang=judged.lang)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(rounds):
        for judged in queries:
            searcher.search(judged.query, lang=judged.lang)
    profiler.disable()
    print(f"cProfile of {len(queries)} {kind} queries x {rounds} rounds")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kb", type=Path, default=None, help="KB folder (default: built into --work)")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "crkb-bench")
    parser.add_argument("--rebuild", action="store_true", help="build the corpus KB in --work again")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", choices=KINDS, default=None, help="print a cProfile of one kind instead")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="cpu: this thread's CPU time (default: the machine is shared); wall: elapsed")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    build = current_build(args.kb) if args.kb else corpus_kb(args.work, args.rebuild)
    searcher = open_searcher(build)
    kinds = Kinds(searcher.store)
    by_kind: dict[str, list[JudgedQuery]] = {kind: [] for kind in KINDS}
    for judged in read_all_queries():
        by_kind[kinds.kind_of(judged)].append(judged)
    if args.profile:
        profile(args.profile, by_kind[args.profile], searcher, args.rounds)
        return
    from web.app import create_app

    client = create_app({"KB_DIR": str(build.root.parent.parent), "TESTING": True}).test_client()
    started = time.perf_counter()
    fts = Fts5Baseline(searcher.store, searcher.store.languages())
    print(f"KB {build.root}; FTS5 baseline built in {time.perf_counter() - started:.1f} s; "
          f"median of {args.rounds} rounds per query; ms, {args.clock} clock")
    rows = [measure(kind, queries, searcher, fts, client, args.rounds) for kind, queries in by_kind.items() if queries]
    names = by_kind["name"] + by_kind["Korean"] + by_kind["Japanese"] + by_kind["Chinese"]
    rows.append(measure("all languages", names, searcher, fts, client, args.rounds, all_languages=True))
    print_rows(rows)


if __name__ == "__main__":
    main()
