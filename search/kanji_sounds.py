"""Japanese kanji words typed as a homophone (``墓池 -> 墓地``, ``呪紋 -> 呪文``, ``追方 -> 追放``).

A Japanese input method converts a reading to kanji and offers every kanji of that reading: the
usual slip in a kanji word is one kanji swapped for another read alike, not a neighbouring key.
Typing distance cannot tell that slip from another word in a word of two kanji (each kanji of
``墓地`` starts hundreds of words), so a two-kanji word no text holds is corrected only to a
vocabulary word that keeps one of its kanji in place and whose other kanji shares a reading with
the one typed, and that is no word of everyday Japanese (``商品`` is not a slip for ``賞品``). A
kanji's readings are its single-kanji entries in Janome's dictionary (IPADIC: ``地``: ジ, チ;
``池``: イケ, チ), not as a name nor a verb's stem of one kana (``輝`` read アキラ made ``輝体``
全体); the dictionary is opened on the first word corrected.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Mapping
from typing import Any

from kb.scripts import KANJI

TWO_KANJI = re.compile(f"[{KANJI}]{{2}}")
COMMON_KINDS = ("名詞", "接頭詞")
"""Parts of speech (IPADIC) whose readings of a kanji count whatever their length; a verb's count from two kana."""
PROPER_NOUN = "名詞,固有名詞"
_lock = threading.Lock()
_tokenizer: list[Any] = []


def _entries(surface: str) -> list[tuple[str, str]]:
    """``(part of speech, reading)`` of each entry of Janome's dictionary written ``surface``."""
    with _lock:
        if not _tokenizer:
            from janome.tokenizer import Tokenizer  # its dictionary takes about 0.3 s to open

            _tokenizer.append(Tokenizer())
        tokenizer = _tokenizer[0]
        dictionary = tokenizer.sys_dic
        found = [entry for entry in dictionary.lookup(surface.encode("utf8"), tokenizer.matcher) if entry[1] == surface]
        return [(extra[0], extra[4]) for extra in (dictionary.lookup_extra(entry[0]) for entry in found)]


@functools.lru_cache(maxsize=4096)
def readings(kanji: str) -> frozenset[str]:
    """The katakana readings Janome's dictionary gives ``kanji`` (one character) as a word of its
    own (``方``: カタ, ガタ, ホウ, ポウ), but not as a name (``節`` read タカシ) nor a verb's stem of
    one kana (``見`` read ミ, ``射`` イ; ``放`` ホウ is kept); empty when it has none."""
    return frozenset(reading for kind, reading in _entries(kanji) if reading != "*" and not kind.startswith(PROPER_NOUN)
                     and (kind.startswith(COMMON_KINDS) or kind.startswith("動詞") and len(reading) > 1))


@functools.lru_cache(maxsize=4096)
def is_word(word: str) -> bool:
    """Whether Janome's dictionary of everyday Japanese holds ``word`` whole (``商品``, ``意見``): a
    word typed as itself, not a slip for a rules word read alike (``賞品``, ``意味``)."""
    return bool(_entries(word))


class KanjiHomophones:
    """The two-kanji words of a vocabulary (``{word: weight}``), found by the kanji they keep."""

    def __init__(self, weights: Mapping[str, int]) -> None:
        self.weights = weights
        self._by_kept: dict[tuple[int, str], list[str]] = {}
        for word in weights:
            if TWO_KANJI.fullmatch(word):
                for position in (0, 1):
                    self._by_kept.setdefault((position, word[position]), []).append(word)

    def correct(self, word: str, thorough: bool = False) -> str | None:
        """The heaviest vocabulary word that keeps one kanji of ``word`` (two kanji) in place and
        reads its other kanji alike (see the module); None when ``word`` is not two kanji, is a
        vocabulary word or (unless ``thorough``: a query that found nothing) a word of everyday
        Japanese (``is_word``), or no word does."""
        if not TWO_KANJI.fullmatch(word) or word in self.weights or not thorough and is_word(word):
            return None
        found = []
        for position in (0, 1):
            other = 1 - position
            typed = readings(word[other])
            for candidate in self._by_kept.get((position, word[position]), ()):
                if typed & readings(candidate[other]):
                    found.append((self.weights[candidate], candidate))
        return max(found)[1] if found else None
