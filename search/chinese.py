"""Chinese query words: a run of Chinese text cut into the words a rule would hold.

Chinese is written without spaces, so ``践踏和死触`` ("trample and deathtouch") or
``被反击的咒语会去哪里`` ("where does a countered spell go?") is one word of the query
(``search.query``), whose every bigram a rule had to hold (``和死``, ``去哪``). Here a run of
three characters or more is cut by jieba (``rjieba``, the Rust port: microseconds a query), which
knows the names of the editions searched, into words tagged with their part of speech, and what
a rule's words are not is left out: conjunctions, prepositions, particles, pronouns (什么, 哪里,
怎样), modal particles, punctuation, idioms (怎么回事), and one-character verbs (是, 会, 去):
``践踏和死触 -> 践踏 死触``, ``什么是践踏 -> 践踏``.

The Chinese editions are Simplified; players in Taiwan and Hong Kong type Traditional
characters, and a translation may be written in them. A Chinese edition is indexed in
Simplified characters (``search.analysis.chinese_analyzer``), and a query is written in them
(``search.analysis.simplified``, OpenCC's ``t2s``: ``踐踏 -> 践踏``, ``死觸 -> 死触``) before a
Chinese edition is searched.

Runs of one or two characters, quoted phrases and a query that is a rule's whole name
(``search.searcher`` checks) are kept as typed; a run holding a name between its function words
is read as that name (``什么是持续性效应的互动 -> 持续性效应的互动``, 613's title).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from typing import Any

from kb.scripts import KANJI
from search.analysis import simplified
from search.cjk_words import IsName, Token, cut_clauses, read_run
from search.query import ParsedQuery
from search.spelling_zh import HAN_WORD

LEFT_OUT = frozenset({"c", "p", "r", "y", "e", "o", "x", "w", "l", "uj", "ul", "uz", "ud", "ug", "uv", "u"})
"""jieba's part-of-speech tags (ICTCLAS) of words left out: conjunction, preposition, pronoun,
modal, interjection, onomatopoeia, punctuation, idiom (怎么回事, 怎么办), particles."""
_HAN_RUN = re.compile(f"[{KANJI}]{{3,}}")


class ChineseWords:
    """Cuts Chinese queries (``__call__``); one per searcher. Its jieba (about 25 MB, made on first
    use in about 0.15 s) is taught the names of each edition searched (``teach``), so that it never
    cuts a rule's name (``永久物是`` was ``永久`` + ``物是``), and is shared by the searcher's threads
    under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jieba: Any = None
        self._taught: set[str] = set()

    def teach(self, key: str, names: Callable[[], Iterable[str]]) -> None:
        """Adds ``names()`` (an edition's names, ``key`` its id) to jieba's words, once per key;
        names of two Chinese characters or more are kept, as nouns."""
        with self._lock:
            if key in self._taught:
                return
            jieba = self._made()
            for name in names():
                if HAN_WORD.fullmatch(name):
                    jieba.add_word(name, None, "n")
            self._taught.add(key)

    def __call__(self, parsed: ParsedQuery, is_name: IsName = lambda text: False) -> ParsedQuery:
        """``parsed`` with each of its words that is a run of three Chinese characters or more
        replaced by its content words, or by the name it holds (``is_name``; see module); the same
        query when none is. A word jieba leaves nothing of is kept as typed."""
        return cut_clauses(parsed, lambda text: read_run(self.tokens(text), is_name) if _HAN_RUN.fullmatch(text) else [])

    def tokens(self, text: str) -> list[Token]:
        """jieba's words of Chinese ``text`` as ``search.cjk_words`` reads them (none joins another)."""
        with self._lock:
            tagged = self._made().tag(text)
        return [(word, tag not in LEFT_OUT and not (tag.startswith("v") and len(word) == 1), False)
                for word, tag in tagged]

    def parts(self, text: str) -> list[str]:
        """The words of two characters or more inside a run of three Chinese characters or more
        (jieba's search cut: ``传奇规则 -> [传奇, 规则, 传奇规则]``), a name taught whole included;
        ``[]`` for anything else."""
        if not _HAN_RUN.fullmatch(text):
            return []
        with self._lock:
            return [word for word in self._made().cut_for_search(text) if len(word) > 1]

    def is_word(self, text: str) -> bool:
        """True when jieba's dictionary holds ``text``: a word of everyday Chinese (``依存``,
        ``墓地``) or a taught name, not an input method's slip (``死处``, ``践蹋``)."""
        with self._lock:
            return bool(self._made().has_word(text))

    def _made(self) -> Any:
        if self._jieba is None:
            import rjieba  # on first use: loading the module alone takes 0.25 s of every start

            self._jieba = rjieba.Jieba()
        return self._jieba
