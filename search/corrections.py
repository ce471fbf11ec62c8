"""What a search did to the words typed: the spelling corrections it searched with ("Showing results
for trample"), and the switch that searches the words as typed (``literal``).

``Searcher.find`` answers a ``SearchResult``: the hits and ``corrected``, the query as searched
when a spelling correction (``search.spelling``, ``search.spelling_cjk``) changed a word of it,
else None. A query is corrected word by word (``searcher.correct_query`` keeps each whitespace
word's place), so the correction is the query's words with the corrected ones replaced
(``tramlpe damge`` -> ``trample damage``); a Japanese or Chinese word is replaced inside the
run that holds it (``マリカンはいつできますか`` -> ``マリガンはいつできますか``). With
``literal=True`` no word is corrected.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from kb.scripts import KANA_OR_KANJI
from search.query import ParsedQuery


@dataclass(frozen=True)
class SearchResult:
    """The hits of a search, best first (``search.searcher.Hit``), and ``corrected``: the query
    as searched when a spelling correction changed one of its words (None when none did, or
    when nothing was found with it); ``cards``: the card names the query was read with (as
    the cards print them) and the words each was searched as (``("Storm Crow", ("flying", "creature"))``)."""

    hits: list[Any]
    corrected: str | None = None
    cards: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass
class SearchNotes:
    """What one search records while it runs (one per ``Searcher.find`` call, never shared
    between threads): ``literal`` (search the words as typed), and per edition id the word
    corrections its search used (typed word -> searched word)."""

    literal: bool = False
    corrections: dict[str, dict[str, str]] = field(default_factory=dict)
    searched: dict[str, str] = field(default_factory=dict)

    def corrected(self, edition_id: str, typed: ParsedQuery, searched: ParsedQuery) -> None:
        """Record the words ``searched`` changed in ``typed`` (``correct_query``'s input and
        output: the same clauses, word for word, or a word split in two) for the edition."""
        changed = self.corrections.setdefault(edition_id, {})
        for before, after in zip(typed.clauses, searched.clauses):
            for word, fixed in _replaced(before.text.split(), after.text.split()):
                earlier = [typed for typed, was in changed.items() if was == word]  # corrected again
                for key in earlier or [word]:
                    changed[key] = fixed
        if changed:
            self.searched[edition_id] = " ".join(clause.text for clause in searched.clauses)

    def read_as(self, edition_id: str, replaced: dict[str, str], searched: ParsedQuery) -> None:
        """Record runs of words read as other words (``replaced``: typed -> searched, such as
        ``search.loanwords``' ``{"레전드 룰": "전설 규칙"}``) for the edition, ``searched`` being
        the query searched with them."""
        if replaced:
            self.corrections.setdefault(edition_id, {}).update(replaced)
            self.searched[edition_id] = " ".join(clause.text for clause in searched.clauses)

    def corrected_query(self, query: str, edition_id: str | None) -> str | None:
        """``query`` with the words the edition's search corrected replaced (``edition_id``: the
        edition of the best hit; None: no hit, no correction shown); None when none changed."""
        changed = self.corrections.get(edition_id or "", {})
        if not changed:
            return None
        fixed = " ".join(query.split())
        for word, correction in changed.items():
            bounded = not KANA_OR_KANJI.search(word)  # Japanese and Chinese write no spaces around words
            pattern = rf"(?<!\w){re.escape(word)}(?!\w)" if bounded else re.escape(word)
            fixed = re.sub(pattern, lambda _: correction, fixed)
        if fixed == " ".join(query.split()):  # not as typed (put in another language, NFKC): as searched
            return self.searched[edition_id or ""]
        return fixed


def _replaced(typed: list[str], searched: list[str]) -> list[tuple[str, str]]:
    """The words of ``typed`` that ``searched`` replaced, each with what replaced it: word for
    word when both have as many, else by difflib's alignment (``statebased actions`` -> ``state
    based actions``: ``statebased`` -> ``state based``)."""
    if len(typed) == len(searched):
        return [(word, fixed) for word, fixed in zip(typed, searched) if word != fixed]
    opcodes = difflib.SequenceMatcher(a=typed, b=searched, autojunk=False).get_opcodes()
    return [(" ".join(typed[i1:i2]), " ".join(searched[j1:j2])) for tag, i1, i2, j1, j2 in opcodes
            if tag == "replace"]
