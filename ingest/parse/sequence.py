"""Numbers the publisher printed twice or out of document order.

Helper of ``ingest.parse.parser``: it looks at the rule numbers of one text in document order and flags
them, keeping every rule where it stands.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA, Levenshtein

from ingest.sources import Diagnostic
from kb.numbers import level, next_letter, sort_key

DUPLICATE = "duplicate-number"
OUT_OF_SEQUENCE = "out-of-sequence"
RENUMBERED = "renumbered"
SAME_RULE_SCORE = 90.0
"""Least ratio (0-100) of two texts printed under one number that makes them one rule printed twice."""


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


def misprinted_numbers(rules: Sequence[tuple[str, int, list[str]]], texts: Sequence[str], *,
                       source: str) -> tuple[dict[int, str], list[Diagnostic]]:
    """The numbers a translator or the publisher mistyped, read back from the CR's order:
    ``({index: number}, diagnostics)`` for ``rules`` as ``flag_numbers`` left them (``(number,
    line, flags)`` in document order) and ``texts`` (each rule's text).

    A rule flagged ``duplicate-number`` or ``out-of-sequence`` whose place expects another number
    (``_expected``: the numbers that may follow the rule before it) takes that number when it is
    one keystroke from the one printed, two of its characters swapped, or the printed one cut
    short to its three-digit rule (``_slip``), or two keystrokes off when it is the one number
    its place can hold (``_squeezed``), sorts before the next rule flagged neither, and is printed nowhere in the text: ko
    2017-09-29 prints ``201.3a-c`` between 201.2 and 201.3 for 201.2a-c (the real 201.3a-c follow
    201.3), ``702.105c-e`` for 702.102c-e between 702.102b and 702.103, and en 2010-06-18 ``505.54``
    for 505.5, every Korean edition of 2016-2021 ``702.212`` for 702.22b, between 702.22a and 702.22c.
    A twin of much the same text is the rule printed twice and keeps its number (ja
    2026-01-16 prints 505.4 twice, in two wordings). A renumbered rule's flags become
    ``renumbered`` alone, the twin it leaves loses ``duplicate-number`` (flags are changed in
    place), and a Diagnostic says what was printed."""
    printed = {number for number, _, _ in rules}
    repaired: dict[int, str] = {}
    diagnostics: list[Diagnostic] = []
    before: str | None = None
    for index, (number, line, flags) in enumerate(rules):
        expected = _expected(before) if before is not None else []
        if ((DUPLICATE in flags or OUT_OF_SEQUENCE in flags) and expected and number not in expected
                and not _reprinted(rules, texts, index)):
            after = next((n for n, _, f in rules[index + 1:] if DUPLICATE not in f and OUT_OF_SEQUENCE not in f), None)
            fitting = [c for c in expected if c not in printed and (after is None or sort_key(c) < sort_key(after))]
            found = next((c for c in fitting if _slip(number, c)), None) or next(
                (c for c in fitting if _squeezed(number, c, after, before)), None)
            if found is not None:
                repaired[index] = found
                printed.add(found)
                flags[:] = [flag for flag in flags if flag not in (DUPLICATE, OUT_OF_SEQUENCE)] + [RENUMBERED]
                diagnostics.append(Diagnostic(source, line, RENUMBERED, f"{found} printed as {number}"))
        before = repaired.get(index, number)
    _unflag_twins(rules, repaired)
    return repaired, diagnostics


def _slip(printed: str, expected: str) -> bool:
    """Whether ``printed`` is ``expected`` mistyped: one keystroke off or two characters swapped
    (en 2006-05-01 prints ``501.2``-``501.6`` for 510.2-510.6, after 510.1), or cut short to its
    three-digit rule (ko 2016-07-22 prints ``112. 특징 정의 능력…`` for 112.6a, after 112.6)."""
    return OSA.distance(expected, printed) == 1 or (level(printed) == 1 and expected.startswith(printed + "."))


def _squeezed(printed: str, expected: str, after: str | None, before: str) -> bool:
    """Whether ``printed`` is two keystrokes from ``expected``, a subrule the place holds and no
    other: the next rule in order (``after``) follows it at once (``702.212`` between 702.22a and
    702.22c), or it is the first subrule of the rule before it (ko 2018-08-10 prints ``701.39a``,
    Explore's first subrule, for 701.40a under 701.40 Assemble)."""
    if level(expected) != 3 or Levenshtein.distance(expected, printed) > 2:
        return False
    if expected == before + "a":
        return True
    letter = next_letter(expected[-1])
    return after is not None and letter is not None and after == expected[:-1] + letter


def _reprinted(rules: Sequence[tuple[str, int, list[str]]], texts: Sequence[str], index: int) -> bool:
    """Whether another rule of the same number says much the same as rule ``index``."""
    number = rules[index][0]
    return any(other != index and rules[other][0] == number
               and fuzz.ratio(texts[index], texts[other]) >= SAME_RULE_SCORE for other in range(len(rules)))


def _unflag_twins(rules: Sequence[tuple[str, int, list[str]]], repaired: dict[int, str]) -> None:
    """Drop ``duplicate-number`` from the rules whose number is printed once now."""
    left = Counter(repaired.get(index, number) for index, (number, _, _) in enumerate(rules))
    for index, (number, _, flags) in enumerate(rules):
        if index not in repaired and DUPLICATE in flags and left[number] == 1:
            flags.remove(DUPLICATE)


def _expected(before: str) -> list[str]:
    """The numbers that may come right after ``before`` in the CR: its first child, its next
    sibling, its parent's next sibling (``201.2 -> 201.2a, 201.3``; ``702.102b -> 702.102c, 702.103``)."""
    depth = level(before)
    out = []
    if depth == 2:
        out.append(before + "a")
    elif depth == 1:
        out.append(before + ".1")
    if depth == 3:
        letter = next_letter(before[-1])
        if letter:
            out.append(before[:-1] + letter)
        before = before[:-1]
        depth = 2
    if depth == 2:
        rule, num = before.split(".")
        out.append(f"{rule}.{int(num) + 1}")
    return out
