"""Common English words (pyspellchecker's English word frequencies): a word of everyday English
that no rule prints, typed beside other words, is the player's word, not a slip for a rules word
one letter away (``kill source ability still resolves``: kill is not mill; ``recast``, not rest)."""

from __future__ import annotations

import threading
from functools import cache

COMMON = 300
"""Least count in the word frequency list of a common word (``recast`` 344; ``flaying``, which
a player means as flying, 213; ``fizzle`` 235, which the judge vocabulary reads anyway)."""

_lock = threading.Lock()


@cache
def _frequencies():
    from spellchecker import WordFrequency  # 0.15 s to read: loaded at the first Latin word no rule prints

    words = WordFrequency()
    words.load_dictionary(_dictionary_path())
    return words


def _dictionary_path() -> str:
    from importlib.resources import files

    return str(files("spellchecker") / "resources" / "en.json.gz")


def is_common_english(word: str) -> bool:
    """Whether ``word`` (lower-case) is a common English word (``COMMON``); loads the list once
    per process, thread-safe."""
    with _lock:
        words = _frequencies()
    return words[word] >= COMMON
