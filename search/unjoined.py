"""A rule of an English edition found in a translation that the stored alignment joins to no
English edition (or a rule it leaves unjoined), by what a translation keeps of the English.

A translation is joined to the English edition of its date, or one within a year of it
(``ingest.align.links.MAX_DAYS``); a KB without one leaves it joined to nothing, and the judge
vocabulary's targets (``search.targets``) could only be found there by an English heading title:
a KB of current texts (en 2026-01-16, ko 2021-11-19, the last Korean translation) found 14 of
the table's 148 targets in Korean, and ``LKI``, ``피즐`` found nothing.

``UnjoinedTranslations.find(start, translation)`` takes the rule ``start`` to the English edition
nearest the translation (by its lineage) and walks down its ancestry there (section, three-digit
rule, rule, subrule): at each level the English rule's siblings and the translation's rules under
the parent found so far are aligned in order (a global alignment, Needleman-Wunsch), scoring each
pair by what a translation keeps (``_Marks``): the English title a heading prints, the
three-digit rules its text cites, its symbols and numbers (``{T}``, ``+1/+1``, ``20``), the count
of its subrules, its length against the edition's usual ratio, and, weakly, the same place under
its parent (a translation is numbered as the English of its date; rules inserted since move the
English numbers). Search-side, as the alignment (``ingest.align``) refuses a partner so far off
for the whole edition; this pairs only the rules asked for, each family once.

A translation the alignment joins is read so against its English partner for a rule the
alignment leaves unjoined: ko 2021-11-19 608.2h (LKI's rule) cites 112.7a, the number 113.7a had
before, and no more agrees with en 2021-11-19 608.2h. Of the 10 rules of ko 2021-11-19 the
alignment pairs with en 2021-11-19's but finds disagreeing, the structure pairs 8 the same way and
leaves 2; of the 2,753 it joins, 2,743 the same way and 10 it leaves.
A pair scoring nothing is no match. Measured on every rule of the English edition against the
stored alignment of a KB that also holds the translation's own English edition (found as the
alignment joins them / found elsewhere / joined there but not found): ko 2021-11-19 from en
2024-04-12 2,657 / 10 / 59, from en 2026-01-16 2,620 / 18 / 88; ko 2016-07-22 from en
2021-11-19, five years on, 1,947 / 62 / 183 (the legend rule, 704.5k then, is paired with 704.5j,
the planeswalker uniqueness rule before it: a list shifted by one, with no text to tell them
apart); as if unjoined, zh 2024-04-12 from en 2026-01-16 2,997 / 49 / 54 and ja 2026-01-16 from
en 2024-04-12 3,045 / 6 / 200. Numbers alone, ko 2021-11-19 from en 2024-04-12, found 2,380 /
58 / 288.
"""

from __future__ import annotations

import datetime as dt
import math
import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass

from kb import numbers
from kb.model import Edition
from kb.store.coverage import english_stand_in
from kb.store.history import locate, steps_of
from kb.store.read import Store

SAME_NUMBER = 1.0
"""What an equal number adds to a pair's score: a tie-breaker over the marks (0.5 found 58 fewer
of ko 2021-11-19's rules, 2 put them in more wrong places)."""
BAND = 24
"""How far from the diagonal (in rules, beyond the two lists' difference in length) an alignment
looks: a family gains or loses a few rules between editions, never dozens at one place."""
_SYMBOLS = re.compile(r"\{[^}]*\}|[+-]?\d+(?:/[+-]?\d+)?")
_LATIN = re.compile(r"^[\x00-\u024f]+$")


@dataclass(frozen=True)
class _Marks:
    """What a translation keeps of one rule: ``title`` (the English title its heading prints,
    lower case; "" for none), ``cited`` (the three-digit rules its text cites), ``symbols`` (its
    mana symbols and numbers, references left out), ``kids`` (its subrules) and ``length`` (of its
    text, references left out)."""

    title: str
    cited: frozenset[str]
    symbols: Counter
    kids: int
    length: int


class _Shape:
    """An edition's rules as ``_Marks`` and its rules under each parent, in order (``""``: the
    sections); a number printed twice is its first rule."""

    def __init__(self, store: Store, edition: str) -> None:
        rows = store.query("SELECT seq, number, parent, title, title_en, text FROM rules WHERE edition = ? "
                           "ORDER BY seq", (edition,))
        cited: dict[int, set[str]] = defaultdict(set)
        for seq, target in store.query(
                "SELECT t.citing_seq, t.target FROM ref_targets t JOIN refs r ON r.id = t.ref "
                "WHERE t.edition = ? AND t.citing = 'rule' AND r.example_idx IS NULL", (edition,)):
            cited[seq].add(target.split(".")[0])
        spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
        for seq, start, end in store.query('SELECT holder_seq, start, "end" FROM refs WHERE edition = ? '
                                           "AND holder = 'rule' AND example_idx IS NULL", (edition,)):
            spans[seq].append((start, end))
        self.under: dict[str, list[str]] = defaultdict(list)
        found: dict[str, tuple] = {}
        for seq, number, parent, title, title_en, text in rows:
            if number in found:
                continue
            text = text or ""
            for start, end in sorted(spans[seq], reverse=True):
                text = text[:start] + text[end:]
            english = title_en or (title if title and _LATIN.match(title) else "")
            found[number] = ((english or "").strip().lower(), frozenset(cited[seq]), Counter(_SYMBOLS.findall(text)),
                             len(text))
            self.under[parent or ""].append(number)
        self.marks = {number: _Marks(title, refs, symbols, len(self.under.get(number, ())), length)
                      for number, (title, refs, symbols, length) in found.items()}


class _Pair:
    """One English edition and one translation: their shapes, the translation's usual length
    against the English, and the rules found so far."""

    def __init__(self, english: _Shape, translation: _Shape) -> None:
        self.english, self.translation = english, translation
        ratios = [translation.marks[n].length / marks.length for n, marks in english.marks.items()
                  if marks.length > 40 and n in translation.marks and translation.marks[n].length > 0]
        self.ratio = statistics.median(ratios) if ratios else 1.0
        self.found: dict[str, str | None] = {}
        self.aligned: dict[tuple[str, str], dict[str, str]] = {}

    def find(self, number: str) -> str | None:
        if number not in self.found:
            self.found[number] = self._find(number)
        return self.found[number]

    def _find(self, number: str) -> str | None:
        if number not in self.english.marks:
            return None
        parent = numbers.parent(number)
        if parent is None:  # a section: sections keep their numbers
            return number if number in self.translation.marks else None
        there = self.find(parent)
        if there is None:
            return None
        if (parent, there) not in self.aligned:
            self.aligned[parent, there] = self._align(self.english.under[parent], self.translation.under[there])
        return self.aligned[parent, there].get(number)

    def score(self, english: str, translated: str) -> float:
        """How well ``translated`` keeps ``english`` (see the module docstring); 0 or less: not it."""
        e, t = self.english.marks[english], self.translation.marks[translated]
        score = 0.5 + (SAME_NUMBER if _last_part(english) == _last_part(translated) else 0.0)
        if e.title and t.title:
            if e.title != t.title:
                return -5.0
            score += 3
        if e.kids or t.kids:
            score += 1 if e.kids == t.kids else (0 if abs(e.kids - t.kids) <= max(1, e.kids // 10) else -1)
        if e.cited and t.cited:
            score += 2 if e.cited & t.cited else -2
        elif e.cited or t.cited:
            score -= 0.5
        if e.symbols and t.symbols:
            score += 2 * sum((e.symbols & t.symbols).values()) / sum((e.symbols | t.symbols).values()) - 0.5
        elif e.symbols or t.symbols:
            score -= 0.5
        if e.length and t.length:
            off = abs(math.log(t.length / e.length / self.ratio))
            score += 1 if off < 0.3 else (-1 if off > 0.7 else 0)
        return score

    def _align(self, english: list[str], translated: list[str]) -> dict[str, str]:
        """``{English number: translated number}`` of two lists of sibling rules aligned in order
        (most total score; a pair scoring 0 or less is left unpaired)."""
        rows, columns = len(english), len(translated)
        band = BAND + abs(rows - columns)
        low = -math.inf
        best = [[0.0] * (columns + 1)] + [[0.0] + [low] * columns for _ in range(rows)]
        step: dict[tuple[int, int], str] = {}
        scores: dict[tuple[int, int], float] = {}
        for i in range(1, rows + 1):
            for j in range(max(1, i - band), min(columns, i + band) + 1):
                scores[i, j] = pair = self.score(english[i - 1], translated[j - 1])
                best[i][j], step[i, j] = max((best[i - 1][j - 1] + pair, "pair"), (best[i - 1][j], "up"),
                                             (best[i][j - 1], "left"))
        out: dict[str, str] = {}
        i, j = rows, columns
        while i and j:
            move = step.get((i, j), "up" if i > j else "left")
            if move == "pair":
                if scores[i, j] > 0:
                    out[english[i - 1]] = translated[j - 1]
                i, j = i - 1, j - 1
            elif move == "up":
                i -= 1
            else:
                j -= 1
        return out


def _last_part(number: str) -> str:
    """What a number adds to its parent's: ``c`` of 103.4c, ``4`` of 103.4, ``03`` of 103."""
    parent = numbers.parent(number)
    return number[len(parent):].lstrip(".") if parent else number


class UnjoinedTranslations:
    """Finds English rules in the translations of one store where the alignment does not: in a
    translation it joins to no English edition, and, in one it joins, a rule it leaves unjoined
    (thread-safe enough: a race computes an alignment twice, harmlessly)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._partners: dict[str, str | None] = {}
        self._shapes: dict[str, _Shape] = {}
        self._pairs: dict[tuple[str, str], _Pair] = {}

    def english_of(self, edition: Edition) -> Edition | None:
        """The English edition ``edition`` (a translation) is read against: the one the stored
        alignment joins it to, else the KB's English edition nearest its date (the newer of two as
        near; the newest for an undated translation); None for an English edition or a KB without
        a dated one."""
        if edition.lang == "en":
            return None
        if edition.id not in self._partners:
            found = english_stand_in(self.store, edition)  # its partner, else the English of its date
            if found is None:
                english = [e for e in self.store.editions("en") if e.effective_date is not None]
                when = edition.effective_date or dt.date.max
                found = min(english, key=lambda e: (abs((e.effective_date - when).days), -e.effective_date.toordinal()),
                            default=None)
            self._partners[edition.id] = found.id if found else None
        partner = self._partners[edition.id]
        return self.store.edition(partner) if partner else None

    def find(self, start: tuple[str, str], edition: Edition) -> str | None:
        """The rule of the translation ``edition`` that the English rule ``start`` (edition id,
        number) is, through the English edition it is read against (``english_of``; ``start``
        followed there by its lineage), or None."""
        english = self.english_of(edition)
        if english is None:
            return None
        number: str | None = start[1]
        if start[0] != english.id:
            located = locate(self.store, *start)
            number = next((s.number for s in steps_of(self.store, located.lineage) if s.edition == english.id),
                          None) if located is not None else None
        if number is None:
            return None
        return self._pair(english.id, edition.id).find(number)

    def _pair(self, english: str, translation: str) -> _Pair:
        pair = self._pairs.get((english, translation))
        if pair is None:
            pair = self._pairs[english, translation] = _Pair(self._shape(english), self._shape(translation))
        return pair

    def _shape(self, edition: str) -> _Shape:
        if edition not in self._shapes:
            self._shapes[edition] = _Shape(self.store, edition)
        return self._shapes[edition]
