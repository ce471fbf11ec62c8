"""Terms a translation glosses with their English name in brackets: Korean ``멀리건(mulligan)``,
``마나 값(mana value)``.

The translation prints the English term right after its own, but where its own term begins is
not marked: ``플레이어가 … 않을 경우 멀리건(mulligan)을 할 수 있습니다``. The term is cut from the
last words before the bracket (``MAX_WORDS`` at most) by which of those cuts the edition's texts
use where their English counterparts use the English term, measured over every pair of
counterpart rules (Dice's coefficient: ``멀리건`` is in the rules whose English text says
*mulligan*; ``경우 멀리건`` is in one of them).

Only glosses of a term that names the rule (a glossary entry of the English edition cites the
counterpart rule with that term) are read: the translator glosses a term where it is introduced
and at some of its other mentions (``자신의 처음 손(hand)`` in the mulligan rule), and only the
first kind says which rule the term names.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

MAX_WORDS = 3
"""Longest term cut before a bracket, in words (``최대 손 크기(maximum hand size)``)."""
MIN_AGREEMENT = 0.5
"""Least Dice's coefficient of a term kept: a gloss of a word, not a term (``될 때(becomes)``:
``때`` is in 577 rules, *becomes* in 130 of their counterparts, both in 57) is left out."""
_GLOSS = re.compile(r"\((?P<english>[A-Za-z][A-Za-z '’-]{0,40})\)")
_BEFORE = 80
"""Characters read before a gloss's bracket for its words."""
_EDGE = re.compile(r"^[\"“”‘’'「『(\[]+|[\"“”‘’'」』)\]]+$")
_CLOSED = re.compile(r"[.,:;!?)\]」』”\"]$")
"""A word ending a clause or a quotation: the term begins after it."""


@dataclass(frozen=True)
class RulePair:
    """A translation's rule and its English counterpart: their ``text``s and the English terms
    whose glossary entry cites the English rule (``names``)."""

    text: str
    english_text: str
    names: Sequence[str] = ()


@dataclass(frozen=True)
class NamedGloss:
    """The term a translation glosses in the rule ``pair`` (index into the pairs given) and the
    English glossary term it glosses, as that glossary prints it (``Mulligan``)."""

    pair: int
    term: str
    english: str


def named_glosses(pairs: Sequence[RulePair]) -> list[NamedGloss]:
    """The glosses ``term(english)`` in the texts of ``pairs`` (every pair of counterpart rules of
    one translated edition, in document order) whose English is one of the pair's ``names``
    (compared case-folded), each term cut as the module says; one per (pair, English term)."""
    wanted: dict[tuple[int, str], tuple[list[str], str]] = {}
    for index, pair in enumerate(pairs):
        names = {name.casefold(): name for name in pair.names}
        for words, english in _glosses(pair.text) if names else ():
            name = names.get(english.casefold())
            if name is not None:
                wanted.setdefault((index, name), (words, english))
    if not wanted:
        return []
    texts = _Texts([pair.text for pair in pairs])
    english_texts = _Texts([pair.english_text for pair in pairs])
    found = []
    for (index, name), (words, english) in wanted.items():
        term = best_cut(words, english, texts, english_texts)
        if term:
            found.append(NamedGloss(index, term, name))
    return found


def best_cut(words: Sequence[str], english: str, texts: _Texts, english_texts: _Texts) -> str | None:
    """Of the last 1..``MAX_WORDS`` of ``words`` (the words before a bracket; a cut stops at a
    word closing a clause or quotation), the one whose rules among ``texts`` best agree with the
    rules among ``english_texts`` (same positions: counterparts) that use ``english``; on a tie,
    the cut with as many words as ``english``, then the shorter. None when no word is left or
    the best agrees less than ``MIN_AGREEMENT``."""
    with_english = english_texts.using(_english_pattern(english))
    best: tuple[float, int, int] | None = None
    chosen = None
    with_last: set[int] | None = None  # a longer cut is in the texts holding the last word
    for cut in _cuts(words):
        with_cut = texts.using(_term_pattern(cut), with_last)
        with_last = with_cut if with_last is None else with_last
        dice = 2 * len(with_cut & with_english) / ((len(with_cut) + len(with_english)) or 1)
        key = (-dice, abs(len(cut) - len(english.split())), len(cut))
        if best is None or key < best:
            best, chosen = key, " ".join(cut)
    return chosen if best is not None and -best[0] >= MIN_AGREEMENT else None


class _Texts:
    """Texts searched as one string (a pattern is run once, not once per text)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._texts = [text.replace("\n", " ").casefold() for text in texts]
        self._joined = "\n\n".join(self._texts)
        self._starts = list(itertools.accumulate((len(text) + 2 for text in texts[:-1]), initial=0))

    def using(self, pattern: re.Pattern[str], within: set[int] | None = None) -> set[int]:
        """The positions of the texts ``pattern`` (case-folded) is found in at the start of a word,
        among those ``within`` (None: all)."""
        if within is not None:
            return {i for i in within
                    if any(_word_start(self._texts[i], match.start()) for match in pattern.finditer(self._texts[i]))}
        joined = self._joined
        return {bisect.bisect_right(self._starts, match.start()) - 1 for match in pattern.finditer(joined)
                if _word_start(joined, match.start())}


def _word_start(text: str, at: int) -> bool:
    return at == 0 or not text[at - 1].isalnum()


def _glosses(text: str) -> Iterator[tuple[list[str], str]]:
    """(the words before the bracket, the English in it) of each gloss in ``text``."""
    for match in _GLOSS.finditer(text):
        before = text[max(0, match.start() - _BEFORE):match.start()]
        words = re.split(r"[()\n]", before)[-1].split()
        if words and not _CLOSED.search(words[-1]):
            yield words, match.group("english").strip()


def _cuts(words: Sequence[str]) -> Iterator[list[str]]:
    cut: list[str] = []
    for word in reversed(words[-MAX_WORDS:]):
        if cut and _CLOSED.search(word):
            return
        bare = _EDGE.sub("", word)
        if not bare:
            return
        cut = [bare, *cut]
        yield cut
        if bare != word:  # a quotation or bracket opens here
            return


def _english_pattern(english: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(word) for word in english.casefold().split())
    return re.compile(rf"{words}(?:s|es)?\b")


def _term_pattern(cut: Sequence[str]) -> re.Pattern[str]:
    return re.compile(r"\s*".join(re.escape(word.casefold()) for word in cut))
