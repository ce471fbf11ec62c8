"""Katakana as English sounds: what a Japanese player's katakana spelling of an English word
sounds like (``ヘイスト``, haste; ``デスタッチ``, deathtouch), for ``search.loanwords``, which
matches it to the English terms of the term dictionary as it matches Korean Hangul.

A katakana word is read mora by mora (``_KANA``: each kana's consonant class, its consonant in
Latin letters and its vowel; a small ァィゥェォ changes the vowel before it, ``ティ`` ti, ``ファ``
fa, ``ウォ`` wo, a small ャュョ glides it, ``シュ`` shu; ッ doubles a consonant, which the key
merges anyway; ー makes the vowel long; ン is *ng* before a *k* or *g*, *m* or *n* before a
*p*, *b* or *m*, else *n*) into the classes of ``search.loanwords.ENGLISH_SOUNDS`` (``K``, ``T``,
``S``, ``J``, ``P``, ``L``, ``M``, ``N``, ``H``, ``G`` and ``V`` for a vowel).

Japanese writes a vowel after every consonant but ``ン``: where English writes a consonant alone,
katakana adds *u* (``ス``, ``ク``, ``プ``, ``ル``), *o* after *t* and *d* (``ト``, ``ド``) and *i*
after *ch* and *j* (``チ``, ``ジ``). Such a vowel may be English's or Japanese's own, so a word has
a reading with it and one without it (``ヘイスト``: ``HVST`` and ``HVSVT``; haste is ``HVST``);
a long one (``ルール``) is English's.

Each reading keeps, beside its key, the Japanese vowels of each ``V`` (``heard_as`` tells whether
an English spelling can be heard as them: *ou* as *a* in touch, never *i*), and how the word ends:
a key drops a final vowel, but a word ending in a vowel Japanese does not add (``ブースター``,
booster) is no English word ending in a consonant (boast).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from kb.scripts import KATAKANA

KATAKANA_WORDS = re.compile(f"[{KATAKANA}ー]+(?:[・ ][{KATAKANA}ー]+)*")
"""A run of katakana words, written together or apart with ``・`` or a space (``ファースト・ストライク``)."""
MAX_READINGS = 256
"""Most readings of one word (each added vowel doubles them)."""


def _kana_table() -> dict[str, tuple[str, str, str]]:
    """Each kana's consonant class (``search.loanwords.ENGLISH_SOUNDS``), consonant in Latin
    letters and vowel: ``"ス": ("S", "s", "u")``."""
    table = {}
    for kana, classes, letters in (
        ("アイウエオ", "", ""), ("ァィゥェォ", "", ""), ("カキクケコ", "K", "k"), ("ガギグゲゴ", "K", "g"),
        ("サシスセソ", "S", "s"), ("ザジズゼゾ", "J", "z"), ("タチツテト", "T", "t"), ("ダヂヅデド", "T", "d"),
        ("ナニヌネノ", "N", "n"), ("ハヒフヘホ", "H", "h"), ("バビブベボ", "P", "b"), ("パピプペポ", "P", "p"),
        ("マミムメモ", "M", "m"), ("ヤ ユ ヨ", "", "y"), ("ャ ュ ョ", "", "y"), ("ラリルレロ", "L", "r"),
        ("ワヰ ヱヲ", "", "w"),
    ):
        table.update({char: (classes, letters, vowel) for char, vowel in zip(kana, "aiueo") if char != " "})
    return table | {
        "シ": ("S", "sh", "i"), "ジ": ("J", "j", "i"), "チ": ("J", "ch", "i"), "ヂ": ("J", "j", "i"),
        "ツ": ("TS", "ts", "u"), "ヅ": ("J", "z", "u"), "フ": ("P", "f", "u"), "ヴ": ("P", "v", "u"),
        "ヮ": ("", "w", "a"),
    }


_KANA = _kana_table()
_SMALL_VOWELS = "ァィゥェォ"
_SMALL_GLIDES = "ャュョ"
_ADDED_VOWELS = {"u": "KSJPLM", "o": "T", "i": "J"}
"""The vowel katakana adds after a consonant that English writes alone (``ス``, ``ト``, ``チ``), by
the class it follows (an English *n* alone is ``ン``)."""
_SEPARATORS = "・ "


@dataclass
class _Mora:
    classes: tuple[str, ...]  # its consonant's classes, each possible one (ン before b: M or N)
    letters: str  # its consonant in Latin letters
    vowel: str  # "" for ン
    added: bool = False  # a vowel katakana adds after a consonant English writes alone


@dataclass(frozen=True)
class Reading:
    """One way a katakana word sounds as English: its sound key (``search.loanwords.consonant_key``),
    each class of it with its Latin letters (a ``V``: its Japanese vowels) and whether katakana
    added that vowel, and whether the word ends in a vowel of its own (a key drops its final vowel)."""

    key: str
    sounds: tuple[tuple[str, str, bool], ...]
    ends_in_vowel: bool


def _morae(word: str) -> list[_Mora] | None:
    """``word``'s morae (see the module), None when it holds a kana no English word is written with."""
    chars = [char for char in word if char not in _SEPARATORS]
    morae: list[_Mora] = []
    for index, char in enumerate(chars):
        before = morae[-1] if morae else None
        if char == "ッ":
            continue
        if char == "ー":
            if before is not None:
                before.added = False
            continue
        if char == "ン":
            following = _KANA.get(chars[index + 1], ("",))[0] if index + 1 < len(chars) else ""
            if following == "K":
                morae.append(_Mora(("G",), "ng", ""))
            elif following in ("P", "M"):
                morae.append(_Mora(("M", "N"), "m", ""))
            else:
                morae.append(_Mora(("N",), "n", ""))
            continue
        if char in _SMALL_VOWELS and before is not None and before.vowel:
            before.vowel = _KANA[char][2]
            before.added = False
            if before.classes == ("",) and chars[index - 1] == "ウ":
                before.letters = "w"  # ウィ, ウェ, ウォ
            continue
        if char in _SMALL_GLIDES and before is not None and before.vowel == "i":
            before.vowel = _KANA[char][2]
            before.letters += "" if before.letters in ("sh", "ch", "j") else "y"
            before.added = before.classes != ("",) and before.vowel == "u"  # シュ: flash's sh
            continue
        if char not in _KANA:
            return None
        classes, letters, vowel = _KANA[char]
        added = bool(classes) and classes[-1] in _ADDED_VOWELS.get(vowel, "")
        if before is not None and before.letters == "ng" and letters == "g" and vowel == "u":
            classes, letters = "", ""  # ング: English's ng, which ン already is
        morae.append(_Mora((classes,), letters, vowel, added))
    return morae


def katakana_readings(word: str) -> frozenset[Reading]:
    """Every way ``word`` (katakana, words apart by ``・`` or a space allowed) sounds as English:
    each added vowel kept or left out, ``ン`` before a labial *m* or *n* (at most
    ``MAX_READINGS``); empty for a word of other characters."""
    morae = _morae(word)
    if not morae:
        return frozenset()
    choices = []
    for mora in morae:
        letters = _EITHER_S if (mora.letters, mora.vowel) == ("sh", "i") else mora.letters
        sounds = [(classes, letters, mora.vowel, mora.added) for classes in mora.classes]
        if mora.added:
            sounds += [(classes, letters, "", False) for classes in mora.classes]
        choices.append(sounds)
    return frozenset(_reading(chosen) for chosen in itertools.islice(itertools.product(*choices), MAX_READINGS))


def _reading(sounds: tuple[tuple[str, str, str, bool], ...]) -> Reading:
    """The reading of morae sounded as ``sounds`` (classes, letters, vowel or "", whether added): runs of
    one class merged, as ``search.loanwords.consonant_key`` merges them, vowels and all."""
    merged: list[list] = []  # [class, letters or vowels, added]
    for classes, letters, vowel, added in sounds:
        for char in classes:
            if not merged or merged[-1][0] != char:
                merged.append([char, letters, False])
        if vowel:
            if merged and merged[-1][0] == "V":
                merged[-1][1] += vowel
                merged[-1][2] = merged[-1][2] and added
            else:
                merged.append(["V", vowel, added])
    ends_in_vowel = bool(merged) and merged[-1][0] == "V" and not merged[-1][2]
    while merged and merged[-1][0] == "V":
        merged.pop()
    return Reading("".join(char for char, _, _ in merged), tuple(map(tuple, merged)), ends_in_vowel)


def katakana_spelling(word: str) -> str:
    """``word`` in Latin letters as ``search.loanwords._plain`` writes an English term (*f*, *r*,
    *v*, *z* as *p*, *l*, *b*, *j*), the vowels katakana adds left out: ``"フラッシュ" -> "plash"``."""
    letters = "".join(mora.letters + ("" if mora.added else mora.vowel) for mora in _morae(word) or [])
    return re.sub(r"(.)\1+", r"\1", letters.translate(_PLAIN_LETTERS))


_PLAIN_LETTERS = str.maketrans("frvqz", "plbkj")

_HEARD: dict[str, frozenset[str]] = {spelling: frozenset(heard.split()) for spelling, heard in {
    "a": "a e ei o", "e": "e i", "i": "i ai a", "o": "o a ou u", "u": "a u o", "y": "i ai",
    "ea": "i e ia", "ee": "i", "ie": "i ai", "ei": "e ei ai i", "ey": "e ei i", "ai": "e ei ai", "ay": "e ei",
    "oa": "o", "oo": "u", "ou": "a au u o", "ow": "au o ou", "au": "o au a", "aw": "o", "oi": "oi", "oy": "oi",
    "ue": "u", "ui": "u i ui", "ew": "u", "io": "io o a", "ia": "ia a ai", "eo": "o eo io", "yi": "ai i",
    "ar": "a o", "er": "a e", "ir": "a i", "or": "o a", "ur": "a u", "yr": "a i", "our": "a o au",
    "ear": "ia a e", "eer": "ia", "air": "ea e", "oar": "o", "oor": "o u",
}.items()}
"""The Japanese vowels katakana writes for an English vowel spelling (an *r* after a vowel, which
English keys leave silent, and a *w* after one, which they leave out, count with it)."""


def heard_as(english: str, vowels: str, added: bool) -> bool:
    """True when katakana may write the English vowel spelling ``english`` (``"ou"``, ``"ar"``)
    as ``vowels`` (``"a"``, ``"au"``); a vowel it added (``added``) only for that vowel or an *e*
    English does not say (``ライフリンク``, lifelink)."""
    english = re.sub(r"[^aeiouyrw]", "", english.casefold()).lstrip("rw")
    if added:  # ドゥ, フォ write English's other vowels after a consonant
        return english == "e" or english[:1] == vowels or english[:1] + vowels == "yi"
    return _single(vowels) in _heard(re.sub(r"(?<=.)e?y(?=[aeiou])", "", english))  # a y before a vowel: ヤ, ユ, ヨ


@functools.lru_cache(maxsize=1024)
def _heard(english: str) -> frozenset[str]:
    """What katakana writes for a vowel spelling: ``_HEARD``'s, else its longest spellings there,
    one after the other (``"ayer"``: ``ay`` and ``er``); a letter none begins with is silent."""
    if english in _HEARD or not english:
        return _HEARD.get(english, frozenset({""}))
    for size in range(min(len(english), 3), 0, -1):
        if english[:size] in _HEARD:
            return frozenset(first + rest for first in _HEARD[english[:size]] for rest in _heard(english[size:]))
    return _heard(english[1:])


def _single(vowels: str) -> str:
    return re.sub(r"(.)\1+", r"\1", vowels)


def sounds_as(reading: Reading, english: tuple[tuple[str, str], ...], ends_in_vowel: bool) -> bool:
    """True when a katakana reading says an English word's sounds (``english``: each class of its
    key with its spelling, as ``search.loanwords.english_readings`` gives them): the same classes,
    each vowel one katakana writes for that spelling (``heard_as``), *sh* where English writes it
    and only there (``シ`` may be either), and a vowel at the end of both or of neither (katakana
    writes *-er*, *-y* with one of its own, ``ー``, ``イ``)."""
    if reading.key != "".join(char for char, _ in english) or reading.ends_in_vowel != ends_in_vowel:
        return False
    for (char, letters, added), (_, spelling) in zip(reading.sounds, english):
        if char == "V" and not heard_as(spelling, letters, added):
            return False
        if char == "S" and letters != _EITHER_S and (letters == "sh") != bool(_SH.search(spelling)):
            return False
    return True


_EITHER_S = "s|sh"
"""The letters of ``シ``, English *sh* or *s* before *i* (``シンボル``, symbol)."""
_SH = re.compile(r"sh|ti|si")
"""English spellings of *sh*: *sh*, and *-tion*, *-sion* (``ENGLISH_SOUNDS``' ``SVN``)."""


def katakana_words(texts: Iterable[str]) -> frozenset[str]:
    """The katakana words ``texts`` write whole (not inside a longer katakana word): each run,
    words joined by ``・`` as written (``レジェンド・ルール``), and without it, and each of its words."""
    found: set[str] = set()
    for text in texts:
        for run in _WRITTEN_RUN.findall(text):
            words = run.split("・")
            found.update((run, "".join(words), *words))
    return frozenset(found)


def written_forms(typed: str) -> tuple[str, ...]:
    """The forms ``katakana_words`` would hold a typed run of katakana words in: as typed, its
    spaces written ``・``, and without spaces or ``・``."""
    return typed, typed.replace(" ", "・"), re.sub(f"[{_SEPARATORS}]", "", typed)


_WRITTEN_RUN = re.compile(f"[{KATAKANA}ー]+(?:・[{KATAKANA}ー]+)*")
