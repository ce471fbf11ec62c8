"""Spelling correction of Latin query words against an edition's vocabulary (``tramlpe -> trample``).

The vocabulary is the edition's, from the store (``kb.model.Vocabulary``, computed at build time by
``search.vocabulary``): ``title`` words (titles and names), then ``text`` words (the rule texts),
see ``SEARCHES``. Candidates are the words within ``max_distance`` edits that share the first letters
asked for, edits counted as the optimal-string-alignment distance (rapidfuzz's ``OSA``: an
insertion, a deletion, a substitution or a swap of two adjacent letters each cost 1, so ``hatse``
is one edit from ``haste``); they are ranked by that distance, then by how often the word occurs,
then alphabetically. A word the vocabulary holds with an apostrophe, typed without it, is that
word (``cant``, ``dont``: ``can’t``, ``don’t``). A word none is close to may be two typed without
their space (``statebased``: ``state based``). The judge vocabulary's words (``search.jargon``:
``fizzle``, ``burn`` of ``mana burn``), which no rule need print, are words too: never corrected, and a
correction when closer than any vocabulary word, or as close and sharing more letters at the start
(where slips are rarest): ``bounse`` is ``bounce``, not ``bonus``; ``fizled`` is ``fizzled``, not
``filled``; ``manaburn`` is ``mana burn``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Mapping

from rapidfuzz.distance import OSA

from kb.model import Vocabulary

APOSTROPHES = re.compile("['\u2019]")
CONTRACTIONS = frozenset(
    "aint arent cant couldnt didnt doesnt dont hadnt hasnt havent isnt mightnt mustnt neednt shant shouldnt wasnt "
    "werent wont wouldnt im ive youve weve theyve youre theyre shes hes thats whats theres heres wheres whos youll "
    "theyll itll thatll youd theyd".split())
"""English contractions typed without their apostrophe: a word, not a slip for a rules word one
letter away (``shouldnt`` is not ``should``; ``hadnt`` is not ``haunt``). Those the rules print
are read as printed (``cant``: ``can’t``)."""
MIN_PART = 3
"""Fewest letters of each word a word typed without a space is split into."""
SEARCHES = (("title", 1), ("text", 1), ("title", 0))
"""(vocabulary, letters at the start that must be right), tried in order until one gives a
correction: first letters are rarely the ones mistyped, and fixing the first letter keeps the
candidates few; a whole-word search of the text vocabulary is left out."""


def max_distance(word: str) -> int:
    """Edits allowed for a word: 0 up to 3 letters, 1 up to 5, else 2."""
    return 0 if len(word) <= 3 else 1 if len(word) <= 5 else 2


class LatinSpeller:
    """Corrects lower-case Latin words against an edition's ``title_words`` and ``text_words``,
    and ``jargon`` (lower-case words of the judge vocabulary,
    ``search.jargon.JargonTable.latin_words``). Built once per edition by the searcher; read-only
    after."""

    def __init__(self, vocabulary: Vocabulary, jargon: Collection[str] = ()) -> None:
        self._words: dict[str, Mapping[str, int]] = {"title": vocabulary.title_words, "text": vocabulary.text_words}
        self._jargon = frozenset(jargon)
        self._jargon_by_letter: dict[str, list[str]] = {}
        for word in sorted(self._jargon - vocabulary.text_words.keys() - vocabulary.title_words.keys()):
            self._jargon_by_letter.setdefault(word[:1], []).append(word)
        self._by_letter: dict[str, dict[str, list[str]]] = {}
        for kind, words in self._words.items():
            by_letter: dict[str, list[str]] = {}
            for word in words:
                by_letter.setdefault(word[:1], []).append(word)
            self._by_letter[kind] = by_letter
        self._unmarked: dict[str, str] = {}
        for kind in ("title", "text"):  # title words first
            for word in sorted(self._words[kind], key=lambda w: -self._words[kind][w]):
                if APOSTROPHES.search(word):
                    self._unmarked.setdefault(APOSTROPHES.sub("", word), word)

    def correct(self, word: str) -> str | None:
        """The best correction of a lower-case Latin ``word``, or None when the word is too short
        or nothing is close enough. A word typed without its apostrophe is that word (``cant``:
        ``can’t``, not the commoner ``cast`` one letter away); another contraction so typed is
        not corrected (``CONTRACTIONS``)."""
        if word in self._unmarked:
            return self._unmarked[word]
        if word in CONTRACTIONS or word in self._jargon:
            return None
        limit = max_distance(word)
        if limit == 0:
            return None
        jargon = _closest(word, self._jargon_by_letter.get(word[:1], []), limit)
        for kind, prefix in SEARCHES:
            words = self._words[kind]
            pool = self._by_letter[kind].get(word[:1], []) if prefix else words
            close = [
                (edits, -words[term], term)
                for term in pool
                if term != word and abs(len(term) - len(word)) <= limit
                and (edits := OSA.distance(word, term, score_cutoff=limit)) <= limit
            ]
            if close:
                edits, _, best = min(close)
                return jargon[1] if jargon is not None and (jargon[0], -_prefix(word, jargon[1])) < (
                    edits, -_prefix(word, best)) else best
        return jargon[1] if jargon is not None else self._split(word)

    def _split(self, word: str) -> str | None:
        """``word`` as two words typed without the space between them (``statebased``: ``state
        based``; ``manavalue``), each a vocabulary word of ``MIN_PART`` letters or more, the
        split whose rarer word is commonest; None when no split gives two."""
        words = self._words["text"]

        def count(part: str) -> int:
            return words.get(part, 0) or (1 if part in self._jargon else 0)

        splits = [(min(count(word[:i]), count(word[i:])), word[:i], word[i:])
                  for i in range(MIN_PART, len(word) - MIN_PART + 1)]
        best = max(splits, default=None)
        return f"{best[1]} {best[2]}" if best is not None and best[0] > 0 else None


def _prefix(word: str, other: str) -> int:
    """How many letters ``word`` and ``other`` share at their start."""
    return len(os.path.commonprefix([word, other]))


def _closest(word: str, pool: list[str], limit: int) -> tuple[int, str] | None:
    """(edits, word) of the word of ``pool`` fewest edits from ``word``, at most ``limit``
    (ties: alphabetically first); None when none is."""
    close = [(edits, term) for term in pool if abs(len(term) - len(word)) <= limit
             and (edits := OSA.distance(word, term, score_cutoff=limit)) <= limit]
    return min(close, default=None)


def distance(a: str, b: str) -> int:
    """Optimal-string-alignment edit distance: insertions, deletions, substitutions and swaps of
    two adjacent letters each cost 1 (``distance("tramlpe", "trample") == 1``)."""
    return OSA.distance(a, b)
