"""One edition's rule terms, for reading names in a query (``search.card_names``): whether words
are a rule's name, a term its text defines or a phrase of the rules, and whether the rules use a
word at all, asked of the edition's whoosh index."""

from __future__ import annotations

import unicodedata

from whoosh import query as wq
from whoosh.searching import Searcher as WhooshSearcher

from search.analysis import name_key
from search.query import field_tokens

CACHE_SIZE = 20_000
"""Answers ``EditionTerms`` keeps (then forgets them all)."""


class EditionTerms:
    """One edition's rule terms, read from its whoosh index: a rule's name (title, English
    title, glossary term naming it), a term its text defines, or (two words or more) a phrase of a
    heading or rule text."""

    def __init__(self, searcher: WhooshSearcher, lang: str) -> None:
        self._searcher = searcher
        self._reader = searcher.reader()
        self._lang = lang
        self._cache: dict[tuple[str, str], bool] = {}

    def is_term(self, text: str) -> bool:
        """True when ``text`` (any case, possessive removed) is a rule term of the edition."""
        key = ("term", text.lower())
        if key not in self._cache:
            self._bound()
            self._cache[key] = self._is_term(text)
        return self._cache[key]

    def uses(self, word: str) -> bool:
        """True when a heading or rule text of the edition holds ``word`` (as analysed)."""
        key = ("uses", word.lower())
        if key not in self._cache:
            self._bound()
            tokens = field_tokens("body", word, self._lang)
            self._cache[key] = bool(tokens) and all(
                any(self._reader.doc_frequency(field, token) for field in ("heading", "body")) for token in tokens
            )
        return self._cache[key]

    def _bound(self) -> None:
        if len(self._cache) > CACHE_SIZE:
            self._cache.clear()

    def _is_term(self, text: str) -> bool:
        folded = unicodedata.normalize("NFKC", text)
        named = name_key(folded, self._lang)
        if named and (self._reader.doc_frequency("name", named) or self._reader.doc_frequency("defined", named)):
            return True
        tokens = field_tokens("body", folded, self._lang)
        if len(tokens) < 2 or len(folded.split()) < 2:
            return False
        if not all(self._reader.doc_frequency("body", t) or self._reader.doc_frequency("heading", t) for t in tokens):
            return False  # a word no rule holds (Storm Crow): no phrase query needed
        phrase = wq.Or([wq.Phrase(field, tokens) for field in ("heading", "body")])
        return any(True for _ in phrase.docs(self._searcher))
