"""Chinese query words: a run of Chinese text cut into the words a rule would hold.

Chinese is written without spaces, so ``践踏和死触`` ("trample and deathtouch") or
``被反击的咒语会去哪里`` ("where does a countered spell go?") is one word of the query
(``search.query``), whose every bigram a rule had to hold (``和死``, ``去哪``). Here a run of
three characters or more is cut by jieba (``rjieba``, the Rust port: microseconds a query) into
words tagged with their part of speech, and what a rule's words are not is left out:
conjunctions, prepositions, particles, pronouns (什么, 哪里, 怎样), modal particles, punctuation,
and one-character verbs (是, 会, 去): ``践踏和死触 -> 践踏 死触``, ``什么是践踏 -> 践踏``.

Runs of one or two characters, quoted phrases and a query that is a rule's whole name
(``search.searcher`` checks) are kept as typed.
"""

from __future__ import annotations

import re
from dataclasses import replace

import rjieba

from kb.scripts import KANJI
from search.query import Clause, ParsedQuery

LEFT_OUT = frozenset({"c", "p", "r", "y", "e", "o", "x", "w", "uj", "ul", "uz", "ud", "ug", "uv", "u"})
"""jieba's part-of-speech tags (ICTCLAS) of words left out: conjunction, preposition, pronoun,
modal, interjection, onomatopoeia, punctuation, particles."""
_HAN_RUN = re.compile(f"[{KANJI}]{{3,}}")


def chinese_words(parsed: ParsedQuery) -> ParsedQuery:
    """``parsed`` with each of its words that is a run of three Chinese characters or more
    replaced by its content words (see module); the same query when none is. A word jieba
    leaves nothing of is kept as typed."""
    clauses: list[Clause] = []
    for clause in parsed.clauses:
        words = content_words(clause.text) if not clause.phrase and _HAN_RUN.fullmatch(clause.text) else []
        clauses += [Clause(word) for word in words] if words else [clause]
    return parsed if tuple(clauses) == parsed.clauses else replace(parsed, clauses=tuple(clauses))


def content_words(text: str) -> list[str]:
    """The words of Chinese ``text`` that a rule would hold, in order
    (``"被反击的咒语会去哪里" -> ["反击", "咒语"]``)."""
    return [word for word, tag in rjieba.tag(text)
            if tag not in LEFT_OUT and not (tag.startswith("v") and len(word) == 1)]
