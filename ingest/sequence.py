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
    Diagnostic per repeat, at the repeat's line). Among the other numbers, one that breaks the
    CR's order gets ``out-of-sequence``: a number lower than the last number in order (``208.1``
    among the 300s), or a number higher than both neighbours when the next one continues the order
    (a jump ahead such as ``792.1`` between ``702.91`` and ``702.92``).
    """
    counts = Counter(number for number, _, _ in rules)
    diagnostics: list[Diagnostic] = []
    seen: set[str] = set()
    for number, line, flags in rules:
        if counts[number] > 1:
            flags.append(DUPLICATE)
            if number in seen:
                diagnostics.append(Diagnostic(source, line, DUPLICATE, f"{number} printed again"))
            seen.add(number)
    ordered = [(number, line, flags) for number, line, flags in rules if counts[number] == 1]
    last: tuple[int, int, int, int] | None = None
    for index, (number, line, flags) in enumerate(ordered):
        key = sort_key(number)
        following = sort_key(ordered[index + 1][0]) if index + 1 < len(ordered) else None
        behind = last is not None and key < last
        ahead = following is not None and following < key and (last is None or following > last)
        if behind or ahead:
            flags.append(OUT_OF_SEQUENCE)
            after = " after a higher number" if behind else " before a lower number"
            diagnostics.append(Diagnostic(source, line, OUT_OF_SEQUENCE, f"{number}{after}"))
        else:
            last = key
    return diagnostics
