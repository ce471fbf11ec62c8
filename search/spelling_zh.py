"""Spelling correction of Chinese query words typed by sound (``践蹋 -> 践踏``, ``死处 -> 死触``,
``咒雨 -> 咒语``).

Chinese is typed with a pinyin input method, which offers every character of a sound: the usual
slip is a character read like the right one, not a neighbouring key. The vocabulary
(``search.vocabulary.cjk_vocabulary``, stored with the edition by the build) holds the edition's
Chinese name words and the words jieba cuts from its texts used twice or more, weighed as the
Korean and Japanese ones are. Their toneless pinyin (pypinyin: ``践踏 -> "jian ta"``) is read on
the edition's first correction (about 0.4 s with pypinyin's dictionaries; a search without a
typo never reads it).

A run of the query (``search.correct`` asks only for a run holding a bigram no text holds) is
corrected by writing, in place of the longest stretch of ``MIN_CHARS`` to ``MAX_CHARS``
characters that is no vocabulary word but sounds like one (read in context or character by
character) and shares a character with it, the word sharing most characters, then the heaviest
(``幕地 -> 墓地``, not 目的). A word sharing none is another word, not a slip: 墓地 ("graveyard"
in everyday Chinese; the CR says 坟墓场) is not 目的; nor is a stretch that is a word of everyday
Chinese (jieba's dictionary, ``is_word``): 依存 ("dependency"; the CR says 从属) is not 遗存.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from kb.scripts import KANJI

MIN_CHARS, MAX_CHARS = 2, 6
"""The lengths of the stretches of a run compared by sound (one character has too many homophones)."""
HAN_WORD = re.compile(f"[{KANJI}]{{{MIN_CHARS},}}")


def sound(word: str) -> str:
    """The toneless pinyin of ``word``, syllables space-separated, as pypinyin reads it in context
    (``践踏 -> "jian ta"``); characters without a reading are kept as they are."""
    from pypinyin import Style, lazy_pinyin  # its dictionaries take about 0.2 s to load

    return " ".join(lazy_pinyin(word, style=Style.NORMAL))


def readings(stretch: str) -> list[str]:
    """The sounds ``stretch`` is read as: in context, and character by character (each
    character's usual reading). A character's rarer readings are not tried: 控 read ``qiang``
    made 控制 sound like 强制."""
    return list(dict.fromkeys([sound(stretch), " ".join(_char_sound(ch) for ch in stretch)]))


@functools.lru_cache(maxsize=8192)
def _char_sound(char: str) -> str:
    return sound(char)


class ChineseSpeller:
    """Corrects Chinese runs against an edition's vocabulary words (``names``: word -> weight).
    Built once per edition by the searcher; the sounds are read on its first correction, after
    which it is read-only."""

    def __init__(self, names: Mapping[str, int], is_word: Callable[[str], bool] = lambda text: False) -> None:
        self.weights = {word: weight for word, weight in names.items() if HAN_WORD.fullmatch(word)}
        self._is_word = is_word
        self._by_sound: dict[str, list[str]] | None = None

    def knows(self, run: str) -> bool:
        """True: every Chinese run the texts hold is a word as typed (see ``search.correct``)."""
        return True

    def word_read_as(self, kana: str) -> str | None:
        """None: Chinese has no kana (the interface of ``search.spelling_cjk.CJKSpeller``)."""
        return None

    def correct(self, run: str, thorough: bool = False) -> str | None:
        """``run`` (Chinese characters) with its longest stretch that is no vocabulary word but
        sounds like one written as that word (see module); None when no stretch does, or ``run``
        is a vocabulary word. ``thorough`` (a query that found nothing as typed) also corrects a
        word of everyday Chinese: 避邪 ("ward off evil") found no rule, 辟邪 (hexproof) is 702.11."""
        if run in self.weights or not self.weights or not HAN_WORD.fullmatch(run):
            return None
        in_context = sound(run).split(" ")  # one reading of the whole run: a stretch's is its slice
        by_char = [_char_sound(ch) for ch in run]
        for length in range(min(len(run), MAX_CHARS), MIN_CHARS - 1, -1):
            found = [(shared, self.weights[word], -start, word, start)
                     for start in range(len(run) - length + 1)
                     for stretch in [run[start : start + length]]
                     for word in self._sounding_like(stretch, (in_context[start : start + length],
                                                               by_char[start : start + length]), thorough)
                     if (shared := len(set(word) & set(stretch)))]
            if found:
                *_, word, start = max(found)
                return run[:start] + word + run[start + length :]
        return None

    def _sounding_like(self, stretch: str, syllables: tuple[list[str], list[str]], thorough: bool) -> list[str]:
        """The vocabulary words read as ``stretch`` is (``syllables``: in context, by character);
        none when ``stretch`` is itself a word (of the vocabulary, or unless ``thorough`` of
        everyday Chinese: ``is_word``)."""
        if stretch in self.weights or not thorough and self._is_word(stretch):
            return []
        by_sound = self._sounds()
        words = (word for reading in dict.fromkeys(" ".join(s) for s in syllables) for word in by_sound.get(reading, ()))
        return [word for word in dict.fromkeys(words) if word != stretch]

    def _sounds(self) -> dict[str, list[str]]:
        if self._by_sound is None:
            by_sound: dict[str, list[str]] = {}
            for word in self.weights:
                for reading in readings(word):  # 辟邪 is bi xie in context, pi xie character by character
                    by_sound.setdefault(reading, []).append(word)
            self._by_sound = by_sound  # one assignment: a thread reading it sees it whole
        return self._by_sound
