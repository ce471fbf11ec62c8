"""Lineages: a rule followed through its language's chain of editions.

Aligning each consecutive pair of the chain (``ingest.align.match``) gives every printed rule a
lineage id: a matched rule keeps the id of its rule in the previous edition, an unmatched one starts
a new id (``created``). Matches are one to one, so a lineage holds at most one rule per edition,
and the rule's history is one indexed query. A lineage missing from a later edition of the chain
was removed there. A rule removed or created because another took its text whole (a merge, a
split: ``ingest.align.parts``) is recorded beside its lineage.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ingest.align.match import AlignedRule, Known, Match, align_rules
from ingest.align.parts import Part, Triples, kept_numbers, parts, triples_of


@dataclass
class PairSummary:
    """Counts of one aligned pair of consecutive editions, and the seconds it took."""

    old: str
    new: str
    counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class ChainAlignment:
    """What aligning a chain gives: ``lineages`` rows ``(edition, seq, lineage, change,
    refs_only)`` of every rule of its editions, ``parts`` rows ``(old edition, old seq, new
    edition, new seq, kind)`` (``ingest.align.parts``: ``merged`` or ``split``), one summary per
    consecutive pair, and the next free lineage id."""

    lineages: list[tuple[str, int, int, str, int]]
    parts: list[tuple[str, int, str, int, str]]
    summaries: list[PairSummary]
    next_id: int


Seeds = Callable[[str, str], Known]
"""``seeds(old edition, new edition)``: what is known before aligning the pair (``align_rules``)."""


def chain_lineages(chain: list[str], rules_of: Callable[[str], list[AlignedRule]], next_id: int,
                   seeds: Seeds | None = None) -> ChainAlignment:
    """The lineages, merges and splits of the chain's editions (oldest first) and a summary per
    consecutive pair (``ChainAlignment``); lineage ids start at ``next_id``; ``seeds`` gives each
    pair's known matches (a translation chain's, through English)."""
    rows: list[tuple[str, int, int, str, int]] = []
    summaries: list[PairSummary] = []
    part_rows: list[tuple[str, int, str, int, str]] = []
    previous: list[AlignedRule] = []
    previous_ids: dict[int, int] = {}
    previous_triples = Triples()
    for position, edition in enumerate(chain):
        current = rules_of(edition)
        triples = triples_of(current, previous_triples)
        ids: dict[int, int] = {}
        summary = PairSummary(chain[position - 1] if position else "", edition)
        started = time.perf_counter()
        known = seeds(chain[position - 1], edition) if previous and seeds else None
        matches, found = _aligned_pair(previous, current, previous_triples, triples, known) if previous else ([], [])
        for m in matches:
            ids[m.new] = previous_ids[m.old]
            rows.append((edition, m.new, ids[m.new], m.change, int(m.refs_only)))
            summary.counts[m.change] = summary.counts.get(m.change, 0) + 1
        for r in current:
            if r.seq not in ids:
                ids[r.seq] = next_id
                next_id += 1
                rows.append((edition, r.seq, ids[r.seq], "created", 0))
        if previous:
            for kind, old, new, _share in found:
                part_rows.append((chain[position - 1], old, edition, new, kind))
                summary.counts[kind] = summary.counts.get(kind, 0) + 1
            summary.counts["created"] = len(current) - len(matches)
            summary.counts["removed"] = len(previous) - len(matches)
            summary.seconds = round(time.perf_counter() - started, 3)
            summaries.append(summary)
        previous, previous_ids, previous_triples = current, ids, triples
    return ChainAlignment(rows, part_rows, summaries, next_id)


def _aligned_pair(old: list[AlignedRule], new: list[AlignedRule], old_triples: Triples,
                  new_triples: Triples, known: Known | None) -> tuple[list[Match], list[Part]]:
    """The matches of two consecutive editions, ``kept_numbers`` applied, and their parts
    (``ingest.align.parts``: found again only when a number kept part of its rule's text)."""
    matches = align_rules(old, new, known)
    found = parts(old_triples, new_triples, matches)
    kept = kept_numbers(old, new, old_triples, new_triples, matches, found)
    return (matches, found) if kept == matches else (kept, parts(old_triples, new_triples, kept))
