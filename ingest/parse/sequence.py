"""Numbers the publisher printed twice or out of document order.

Helper of ``ingest.parse.parser``: it looks at the rule numbers of one text in document order and flags
them, keeping every rule where it stands.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence

from ingest.sources import Diagnostic
from kb.numbers import sort_key

DUPLICATE = "duplicate-number"
OUT_OF_SEQUENCE = "out-of-sequence"


def flag_numbers(rules: Sequence[tuple[str, int, list[str]]], *, source: str) -> list[Diagnostic]:
    """Append flags to each rule's flag list and return one Diagnostic per finding.

    ``rules`` are ``(canonical number, line, flags)`` in document order; ``flags`` is appended to
    in place. Every occurrence of a number printed more than once gets ``duplicate-number`` (one
    Diagnostic per repeat, at the repeat's line). Order is checked among first occurrences, then
    among second occurrences (a text pasted twice, seeds/003), and so on: the fewest numbers whose
    removal leaves the rest in the CR's order are ``out-of-sequence`` (``208.1`` among the 300s;
    the jump ahead ``505.54`` between ``505.4`` and ``505.5a``; the three misprinted ``702.105c-e``
    between ``702.102b`` and ``702.103`` rather than the nine numbers after them).
    """
    counts = Counter(number for number, _, _ in rules)
    diagnostics: list[Diagnostic] = []
    occurrence: Counter[str] = Counter()
    runs: dict[int, list[tuple[str, int, list[str]]]] = {}
    for number, line, flags in rules:
        if counts[number] > 1:
            flags.append(DUPLICATE)
            if occurrence[number]:
                diagnostics.append(Diagnostic(source, line, DUPLICATE, f"{number} printed again"))
        runs.setdefault(occurrence[number], []).append((number, line, flags))
        occurrence[number] += 1
    for run in runs.values():
        diagnostics += _flag_order(run, source)
    return diagnostics


def _flag_order(run: list[tuple[str, int, list[str]]], source: str) -> list[Diagnostic]:
    """Flag the fewest rules whose removal leaves the run in the CR's order (the complement of a
    longest increasing subsequence of the numbers' sort keys)."""
    keys = [sort_key(number) for number, _, _ in run]
    in_order = _longest_increasing(keys)
    diagnostics: list[Diagnostic] = []
    last = None
    for index, (number, line, flags) in enumerate(run):
        if index in in_order:
            last = keys[index]
            continue
        flags.append(OUT_OF_SEQUENCE)
        where = "after a higher number" if last is not None and last > keys[index] else "before a lower number"
        diagnostics.append(Diagnostic(source, line, OUT_OF_SEQUENCE, f"{number} {where}"))
    return diagnostics


def _longest_increasing(keys: list[tuple[int, int, int, int]]) -> set[int]:
    """Indexes of one longest strictly increasing subsequence of ``keys`` (patience sorting);
    among equally long ones it keeps the earliest numbers."""
    tails: list[int] = []
    tail_keys: list[tuple[int, int, int, int]] = []
    previous: list[int | None] = [None] * len(keys)
    for index, key in enumerate(keys):
        slot = bisect_left(tail_keys, key)
        previous[index] = tails[slot - 1] if slot else None
        if slot == len(tails):
            tails.append(index)
            tail_keys.append(key)
        else:
            tails[slot] = index
            tail_keys[slot] = key
    chosen: set[int] = set()
    current = tails[-1] if tails else None
    while current is not None:
        chosen.add(current)
        current = previous[current]
    return chosen
