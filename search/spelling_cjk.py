"""Spelling correction of Korean and Japanese query words (``돌짐 -> 돌진``, ``マリカン -> マリガン``,
``まりがん -> マリガン``, ``ゆうせんけん -> 優先権``).

The vocabulary (``search.vocabulary.cjk_vocabulary``, stored with the edition by the build) is
the words of the edition's names (titles, defined terms, glossary terms, each whole without spaces
and each script run of two characters or more), for Japanese also the katakana words of the rule
texts and their kanji runs used twice or more, and the katakana readings of the Japanese words
holding kanji (Janome), so a query typed in kana and not converted finds the kanji word.

Distances (``distance``): Korean words are compared as conjoining jamo (Unicode NFD), so a
one-key slip inside a syllable (``돌짐``/``돌진``, ``행둥``/``행동``) costs 1; a dropped, extra or
swapped syllable costs 2. Japanese words are compared after folding hiragana to katakana, small
kana to full size and splitting voicing marks (NFD), so ``まりがん``/``マリガン`` costs 0,
``マリカン``/``マリガン``, ``トクン``/``トークン`` and ``マリガンン``/``マリガン`` cost 1; an exact match
of the small/full-size kana or of the voicing wins ties. Candidates are found through a
deletion index (SymSpell): every vocabulary form with up to ``MAX_EDITS`` characters deleted.
A word of two kanji, which typing distance cannot correct, may be a homophone slip of the input
method (``search.kanji_sounds``: ``墓池 -> 墓地``).
"""

from __future__ import annotations

import re
import unicodedata
from itertools import combinations

from kb.model import Vocabulary
from kb.scripts import HANGUL_SYLLABLES, HIRAGANA, HIRAGANA_RUN, KANJI, KATAKANA
from search.kanji_sounds import KanjiHomophones
from search.korean import PARTICLES, agreeing
from search.spelling import distance as osa_distance

MAX_EDITS = 2
"""Most characters (syllables, kana) a correction may differ by before its distance is checked."""
MAX_FORM_CHARS = 12
"""Longer vocabulary forms are not indexed for correction (whole long names rarely are typed)."""

_HANGUL = re.compile(f"[{HANGUL_SYLLABLES}]+")
KATAKANA_WORD = re.compile(f"[{KATAKANA}ー][{KATAKANA}ー・]*[{KATAKANA}ー]")
KANJI_RUN = re.compile(f"[{KANJI}]+")
KANA_ONLY = re.compile(f"^[{HIRAGANA}{KATAKANA}ー・]+$")
SCRIPT_RUN = re.compile(f"[{HANGUL_SYLLABLES}]+|[{KATAKANA}ー・]+|[{HIRAGANA}ー]+|[{KANJI}]+")
"""Script runs of a Korean/Japanese word (Hangul, katakana, hiragana, kanji): the units corrected
one by one (``マリガソの手順``: a correction of the whole word could drop a run)."""
SPACES = re.compile(r"[\s\W_]+")
_SMALLKANA_ONLY = str.maketrans("ァィゥェォッャュョヮヵヶ", "アイウエオツヤユヨワカケ")


def fold_kana(text: str) -> str:
    """``text`` with hiragana turned into katakana (``まりがん -> マリガン``); other characters kept."""
    return "".join(chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" else ch for ch in text)


def _key(word: str) -> str:
    """The comparison form: jamo for Hangul; folded, full-size, NFD kana for Japanese."""
    return unicodedata.normalize("NFD", fold_kana(word).translate(_SMALLKANA_ONLY))


def distance(a: str, b: str) -> int:
    """Typing distance of two Korean or Japanese words (see module): jamo/kana edits, a whole
    syllable or kana dropped, added or swapped counting 2 for Hangul."""
    by_key = osa_distance(_key(a), _key(b))
    if _HANGUL.search(a) or _HANGUL.search(b):
        return min(by_key, 2 * osa_distance(a, b))
    return by_key


def max_distance(word: str) -> int:
    """Edits (``distance``) allowed for a word: Hangul 0 for one syllable, 1 for two, else 2; kana
    and kanji 0 up to 2 characters (folding only), 1 up to 5, else 2."""
    if _HANGUL.search(word):
        return 0 if len(word) < 2 else 1 if len(word) == 2 else 2
    return 0 if len(word) <= 2 else 1 if len(word) <= 5 else 2


class CJKSpeller:
    """Corrects Korean and Japanese words against an edition's vocabulary (``names``, ``readings``). Built once
    per edition by the searcher (a deletion index of a few thousand forms); read-only after."""

    def __init__(self, vocabulary: Vocabulary) -> None:
        self.weights: dict[str, int] = dict(vocabulary.names)
        forms: dict[str, str] = {w: w for w in self.weights}
        for reading, word in vocabulary.readings.items():
            forms.setdefault(str(reading), str(word))
        self.forms = forms
        self._katakana = [w for w in self.weights if KATAKANA_WORD.fullmatch(w)]
        self._homophones = KanjiHomophones(self.weights)
        self._deletions: dict[str, set[str]] = {}
        for form in forms:
            if len(form) <= MAX_FORM_CHARS:
                for variant in _deletions(_folded(form), MAX_EDITS):
                    self._deletions.setdefault(variant, set()).add(form)

    def knows(self, run: str) -> bool:
        """False for a katakana ``run`` that is no vocabulary word nor part of one when the
        vocabulary holds the katakana words of the texts (Japanese): a word the texts do not have
        even if its bigrams are there (``パーマネンド``); and for a hiragana run of three kana or
        more that spells a vocabulary word or reading (``たいしょう``: 対象 not converted). True
        for anything else."""
        if HIRAGANA_RUN.fullmatch(run) and len(run) >= 3:
            return fold_kana(run) not in self.forms
        if not self._katakana or not KATAKANA_WORD.fullmatch(run):
            return True
        return run in self.weights or any(run in word for word in self._katakana)

    def word_read_as(self, kana: str) -> str | None:
        """The vocabulary word holding kanji that ``kana`` (hiragana or katakana) reads
        (``おうごんりつ -> 黄金律``), or None."""
        word = self.forms.get(_folded(kana))
        return word if word is not None and KANJI_RUN.search(word) else None

    def correct(self, word: str, thorough: bool = False) -> str | None:
        """The closest vocabulary word to ``word`` (an NFKC Hangul or kana/kanji run, or a Hangul word
        ending in a particle), or None when none is within ``max_distance`` or ``word`` is one;
        ``thorough`` (a query that found nothing as typed) reads a word of everyday Japanese of
        two kanji as a slip too (``search.kanji_sounds``)."""
        korean = bool(_HANGUL.fullmatch(word))
        stems = [(word[: -len(p)], p) for p in PARTICLES if korean and word.endswith(p) and len(word) - len(p) >= 2]
        if any(stem in self.forms for stem, _ in stems):  # a vocabulary word and its particle (행동에는, 후유증이)
            return None
        found = self._closest(word, thorough)
        if found is not None:
            return found
        for stem, particle in stems:  # a Korean word is corrected without its particle, then it is put back
            corrected = self._closest(stem)
            if corrected is not None:
                return corrected + agreeing(corrected, particle)
        return None

    def _closest(self, word: str, thorough: bool = False) -> str | None:
        if word in self.weights:
            return None
        limit = max_distance(word)
        folded = _folded(word)
        if len(folded) > MAX_FORM_CHARS + MAX_EDITS:  # longer than any form indexed, edits and all
            return None  # (and its deletions would be len² strings: 10 s for 400 Hangul syllables)
        candidates = set()
        for variant in _deletions(folded, min(limit, MAX_EDITS) if limit else 0):
            candidates |= self._deletions.get(variant, set())
        ranked = []
        for form in candidates:
            found = distance(word, form)
            if found <= limit:
                target = self.forms[form]
                ranked.append((found, osa_distance(word, form), -self.weights.get(target, 0), target))
        if not ranked:  # two kanji: a homophone slip only (墓池 -> 墓地)
            return self._homophones.correct(word, thorough)
        return min(ranked)[3] if min(ranked)[3] != word else None


def _folded(word: str) -> str:
    return fold_kana(word).translate(_SMALLKANA_ONLY)


def _deletions(word: str, depth: int) -> set[str]:
    """``word`` and every string made by deleting up to ``depth`` of its characters."""
    found = {word}
    for count in range(1, min(depth, len(word) - 1) + 1):
        found.update("".join(ch for i, ch in enumerate(word) if i not in drop)
                     for drop in combinations(range(len(word)), count))
    return found
