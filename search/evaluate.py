"""Measuring search quality on a file of judged queries: MRR@10 and recall@10.

Query file format (UTF-8, tab-separated, ``/work/shared/eval/dev-queries.tsv``): lines starting
with ``#`` and blank lines are ignored; every other line is ``lang<TAB>query<TAB>expected``, where
``expected`` is space-separated rule numbers. A number with a trailing ``*`` (``702.9*``) also
accepts any rule under it (``702.9a``; ``704*`` accepts ``704.5j``). Each query is searched in
the newest edition of its language.

- reciprocal rank: 1 / the rank (1-based) of the first relevant hit in the top 10, else 0;
  MRR@10 is its mean over the queries.
- recall: the share of a query's expected entries that some hit in the top 10 satisfies;
  recall@10 (also called share@10) is its mean over the queries.
- hit@10: the share of queries with any expected entry in the top 10.

A line ``# block: NAME (description)`` starts a block: the queries after it belong to block
``NAME`` (``EvalResult.blocks`` gives the figures per block); queries before any are block ``""``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from kb.numbers import ancestors, parse_number

CUTOFF = 10
_BLOCK = re.compile(r"#\s*block:\s*(\S+)")


class _Searches(Protocol):
    def search(self, query: str, *, lang: str | None = None, limit: int = 10) -> list: ...


@dataclass(frozen=True)
class Expected:
    """One expected entry: a canonical number, and whether rules under it count too."""

    number: str
    subrules: bool = False

    def accepts(self, number: str) -> bool:
        """True when a hit numbered ``number`` satisfies this entry."""
        return number == self.number or (self.subrules and self.number in ancestors(number))


@dataclass(frozen=True)
class JudgedQuery:
    """One line of the query file (``line`` is 1-based)."""

    lang: str
    query: str
    expected: tuple[Expected, ...]
    line: int
    block: str = ""


@dataclass(frozen=True)
class QueryResult:
    """How one query did: ``rank`` of the first relevant hit (1-based, None when none in the top
    10), ``recall`` in [0, 1], ``found`` the hit numbers of the top 10 in order."""

    query: JudgedQuery
    rank: int | None
    recall: float
    found: tuple[str, ...]


@dataclass(frozen=True)
class EvalResult:
    """Figures over a query file: ``mrr_at_10`` and ``recall_at_10`` in [0, 1], per query results."""

    mrr_at_10: float
    recall_at_10: float
    results: tuple[QueryResult, ...]

    @property
    def hit_at_10(self) -> float:
        """Share of queries with any relevant hit in the top 10, in [0, 1]."""
        return sum(1 for r in self.results if r.rank) / (len(self.results) or 1)

    def blocks(self) -> dict[str, "EvalResult"]:
        """The figures of each ``# block:`` of the file (file order; ``""`` for queries before
        any block line)."""
        grouped: dict[str, list[QueryResult]] = {}
        for result in self.results:
            grouped.setdefault(result.query.block, []).append(result)
        return {name: summarize(found) for name, found in grouped.items()}

    @property
    def ranks(self) -> list[int | None]:
        """Each query's first relevant rank (None when missed), in file order."""
        return [r.rank for r in self.results]

    @property
    def misses(self) -> list[QueryResult]:
        """Queries with no relevant hit in the top 10, or not all expected entries found."""
        return [r for r in self.results if r.rank is None or r.recall < 1.0]


def read_queries(path: Path) -> list[JudgedQuery]:
    """Read a query file (format in the module docstring). Raises ``ValueError`` naming the line
    for a line without three tab-separated fields or with an expected entry that is no number."""
    queries = []
    block = ""
    for line_no, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("#"):
            found = _BLOCK.match(line.strip())
            block = found.group(1) if found else block
            continue
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ValueError(f"{path}:{line_no}: expected lang<TAB>query<TAB>numbers, got {line!r}")
        lang, query, expected = (f.strip() for f in fields)
        queries.append(JudgedQuery(lang, query, tuple(_expected(e, path, line_no) for e in expected.split()), line_no, block))
    return queries


def evaluate(searcher: _Searches, tsv_path: Path) -> EvalResult:
    """Search every query of ``tsv_path`` with ``searcher`` (a ``kb.search.Searcher``) in its
    language's newest edition and score the top 10 (see module docstring)."""
    return evaluate_with(
        lambda judged: [hit.number for hit in searcher.search(judged.query, lang=judged.lang, limit=CUTOFF)],
        read_queries(tsv_path))


def evaluate_with(search: Callable[[JudgedQuery], list[str]], queries: list[JudgedQuery]) -> EvalResult:
    """Score any search function (a judged query -> hit numbers, best first) on ``queries``."""
    return summarize([score_hits(judged, search(judged)) for judged in queries])


def summarize(results: list[QueryResult]) -> EvalResult:
    """MRR@10 and recall@10 over per-query results."""
    count = len(results) or 1
    mrr = sum(1.0 / r.rank for r in results if r.rank) / count
    recall = sum(r.recall for r in results) / count
    return EvalResult(mrr, recall, tuple(results))


def score_hits(judged: JudgedQuery, numbers: list[str]) -> QueryResult:
    """Score one query's hit numbers (best first; only the top 10 count)."""
    top = numbers[:CUTOFF]
    rank = next((i for i, n in enumerate(top, 1) if any(e.accepts(n) for e in judged.expected)), None)
    satisfied = sum(1 for e in judged.expected if any(e.accepts(n) for n in top))
    recall = satisfied / len(judged.expected) if judged.expected else 1.0
    return QueryResult(judged, rank, recall, tuple(top))


def _expected(text: str, path: Path, line_no: int) -> Expected:
    subrules = text.endswith("*")
    number = parse_number(text.rstrip("*"))
    if number is None:
        raise ValueError(f"{path}:{line_no}: not a rule number: {text!r}")
    return Expected(number, subrules)
