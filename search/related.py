"""Words two named rules share: what a query naming two rules (``deathtouch trample``) is about.

A judge who types two keywords wants the rules where they meet, and those rules rarely name
both: 702.2c (deathtouch) and 702.19b (trample) meet in "lethal damage" and "excess damage",
not in each other's name. When two or more spans of a query (one to three words) are each a
rule's whole name (its title, defined or glossary term: the index's ``name`` field), the words
the texts of each named rule and the rules under it all hold, and few other rules do, are added
to the query as weak optional words (``ParsedQuery.related``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from whoosh import query as wq
from whoosh.reading import IndexReader
from whoosh.searching import Searcher as WhooshSearcher

from search.analysis import CJK_LANGUAGES, name_key
from search.index import rule_and_under
from search.informative import is_long
from search.query import ParsedQuery, field_tokens
from search.scoring import matching_docs, stored_fields

MAX_SPAN = 3
"""Longest run of query words tried as a name (``state-based actions`` is one word; ``first
strike`` two)."""
MAX_RELATED = 4
"""Shared words added at most, rarest first."""
MAX_FAMILY = 40
"""A name whose rules number more than this (``creature``, ``spell``) is a whole chapter, not
one rule's subject: it is not read as one."""
MAX_SHARE = 0.01
"""A shared word held by more than this share of the edition's rules tells nothing."""

Texts = Callable[[list[int]], dict[int, str]]
"""The texts of rules by document order in the edition (``Store.rule_texts`` bound to it)."""


REMEMBERED_SPANS = 20_000
"""Query spans whose named family ``FamilyWords.family_named`` keeps; all are forgotten beyond."""


class FamilyWords:
    """The body tokens of a family of rules of one edition, and the family each query span names,
    remembered (one per edition, kept with its searcher: a name's family is looked up, read and
    analysed once)."""

    def __init__(self, texts: Texts, lang: str) -> None:
        self.texts, self.lang = texts, lang
        self.known: dict[frozenset[int], frozenset[str]] = {}
        self.spans: dict[str, frozenset[int]] = {}
        self._frequency: dict[str, int] = {}

    def frequency(self, reader: IndexReader, token: str) -> int:
        """How many rule texts of the edition (``reader``) hold ``token``, remembered (a family
        holds a few hundred tokens, and each lookup reads whoosh's term table)."""
        found = self._frequency.get(token)
        if found is None:
            found = self._frequency[token] = reader.doc_frequency("body", token)
        return found

    def family_named(self, searcher: WhooshSearcher, span: str) -> frozenset[int]:
        """The ``seq`` of the rules ``span`` names (``named_rules``) and of every rule under them;
        empty when it names none."""
        found = self.spans.get(span)
        if found is None:
            if len(self.spans) >= REMEMBERED_SPANS:
                self.spans.clear()
            named = named_rules(searcher, span, self.lang)
            found = self.spans[span] = _family(searcher, named) if named else frozenset()
        return found

    def __call__(self, family: frozenset[int]) -> frozenset[str]:
        found = self.known.get(family)
        if found is None:
            texts = self.texts(sorted(family)).values()
            found = self.known[family] = frozenset(t for text in texts for t in field_tokens("body", text, self.lang))
        return found


def related_words(searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, words: FamilyWords) -> tuple[str, ...]:
    """The body tokens (analysed, as the index holds them) shared by the families of the rules
    two or more query spans name, rarest first, at most ``MAX_RELATED``; ``()`` when fewer than
    two spans are names, or for a question (``search.informative.is_long``). ``words`` gives a
    family's tokens (``FamilyWords`` of the edition)."""
    if is_long(parsed):
        return ()  # a question names many things; its words say enough
    families = [family for family in _named_families(searcher, parsed, words) if family]
    if len(families) < 2:
        return ()
    shared = frozenset.intersection(*(words(family) for family in families)) - set(_query_tokens(parsed, lang))
    reader = searcher.reader()
    documents = reader.doc_count_all() or 1
    frequency = {token: words.frequency(reader, token) for token in shared}
    rare = [token for token, count in frequency.items()
            if 0 < count <= MAX_SHARE * documents and not token.isdigit()]  # "509" is a reference
    return tuple(sorted(rare, key=lambda token: (frequency[token], token))[:MAX_RELATED])


def _named_families(searcher: WhooshSearcher, parsed: ParsedQuery, known: FamilyWords) -> list[frozenset[int]]:
    """For each query span that is a rule's whole name (longest spans first, no word in two),
    the ``seq`` of that rule and every rule under it."""
    words = [clause.text for clause in parsed.clauses if not clause.phrase]
    families, start = [], 0
    while start < len(words):
        for size in range(min(MAX_SPAN, len(words) - start), 0, -1):
            family = known.family_named(searcher, " ".join(words[start:start + size]))
            if family and len(family) <= MAX_FAMILY:
                families.append(family)
                start += size
                break
        else:
            start += 1
    return families


def named_rules(searcher: WhooshSearcher, text: str, lang: str) -> list[str]:
    """The numbers of the rules whose whole name (title, English title, glossary term: the index's
    ``name`` field, ``search.analysis.name_key``) is ``text``, in document order."""
    return list(dict.fromkeys(stored_fields(searcher, d)["number"] for d in sorted(_named_docs(searcher, text, lang))))


def is_rule_name(searcher: WhooshSearcher, text: str, lang: str) -> bool:
    """True when ``text`` is the whole name of a rule (``named_rules`` is not empty), without
    reading the rules' stored fields."""
    return bool(_named_docs(searcher, text, lang))


def _named_docs(searcher: WhooshSearcher, text: str, lang: str) -> set[int]:
    keys = {name_key(text, key_lang) for key_lang in ((lang, "en") if lang in CJK_LANGUAGES else (lang,))} - {""}
    return {d for key in keys for d in matching_docs(searcher, wq.Term("name", key))}


def _family(searcher: WhooshSearcher, numbers: Iterable[str]) -> frozenset[int]:
    found: set[int] = set()
    for number in numbers:
        found |= {stored_fields(searcher, d)["seq"] for d in matching_docs(searcher, rule_and_under(number))}
    return frozenset(found)


def _query_tokens(parsed: ParsedQuery, lang: str) -> list[str]:
    return [token for clause in parsed.clauses for token in field_tokens("body", clause.text, lang)]
