"""Numbers the publisher printed twice or out of document order.

Helper of ``ingest.parser``: it looks at the rule numbers of one text in document order and flags
them, keeping every rule where it stands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ingest.source import Diagnostic
from kb.numbers import sort_key

DUPLICATE = "duplicate-number"
OUT_OF_SEQUENCE = "out-of-sequence"


def flag_numbers(rules: Sequence[tuple[str, int, list[str]]], *, source: str) -> list[Diagnostic]:
    """Append flags to each rule's flag list and return one Diagnostic per finding.

    ``rules`` are ``(canonical number, line, flags)`` in document order; ``flags`` is appended to
    in place. Every occurrence of a number printed more than once gets ``duplicate-number`` (one
    Diagnostic per repeat, at the repeat's line). Order is checked among first occurrences, then
    among second occurrences (a text pasted twice, seeds/003), and so on: a number breaks the CR's
    order (``out-of-sequence``) when it is lower than the last number in order (``208.1`` among
    the 300s), or higher than the next one while the next one continues the order (a jump ahead
    such as ``505.54`` between ``505.4`` and ``505.5a``).
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
    diagnostics: list[Diagnostic] = []
    last: tuple[int, int, int, int] | None = None
    for index, (number, line, flags) in enumerate(run):
        key = sort_key(number)
        following = sort_key(run[index + 1][0]) if index + 1 < len(run) else None
        behind = last is not None and key < last
        ahead = following is not None and following < key and (last is None or following > last)
        if behind or ahead:
            flags.append(OUT_OF_SEQUENCE)
            where = "after a higher number" if behind else "before a lower number"
            diagnostics.append(Diagnostic(source, line, OUT_OF_SEQUENCE, f"{number} {where}"))
        else:
            last = key
    return diagnostics
