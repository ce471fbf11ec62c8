"""The rules a query expansion found (``search.expand``) among the text hits: their own text score
for the query's other words, plus their share of the best text score; a jargon-only query's hits
are the expanded rules alone. ``drop_jargon`` keeps jargon no text holds out of the text search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, TypeVar

from whoosh import query as wq
from whoosh.reading import IndexReader
from whoosh.searching import Searcher as WhooshSearcher

from kb import numbers
from search.analysis import CJK_LANGUAGES
from search.expand import CARD, QUESTION_WORDS, Expansion
from search.index import TEXT_FIELDS
from search.jargon import phrase_words
from search.query import MODES, ParsedQuery, clause_query, field_tokens
from search.scoring import top_hits

FLOOR_SPAN = 10
"""An expanded rule of share ``s`` is never below rank ``(1 - s) * FLOOR_SPAN`` (``floor_rank``)."""


class _Union(wq.Or):
    """``Or`` scored by ``search.scoring`` over cached postings (whoosh's automatic matcher choice
    would be scored document by document)."""

    matcher_type = wq.Or.DEFAULT_MATCHER


def own_scores(searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, expansion: Expansion) -> dict[str, float]:
    """Each expanded rule's text score for the query's words (``parsed``, jargon dropped), any
    of them matching (``search.query.clause_query`` in the fields of mode ``any``, without the
    phrase bonuses; ``search.expand.QUESTION_WORDS`` left out): ``spell fizzles hexproof`` gives 608.2b its score for ``spell``. Rules matching
    none are left out."""
    said = [c for c in parsed.clauses if not set(phrase_words(c.text)) <= QUESTION_WORDS] if expansion.rules else []
    parts = [q for q in (clause_query(c, lang, MODES["any"], loose=True) for c in said) if q is not None]
    if not parts:
        return {}
    query = _Union(parts)  # words only: no phrase or pair bonus (scored document by document: slow)
    only = wq.Or([wq.Term("number", e.number) for e in expansion.rules])
    return {str(hit["number"]): hit.score for hit in top_hits(searcher, query, only, 2 * len(expansion.rules))}


def merge_scores(text: list[tuple[str, float]], expansion: Expansion, own: dict[str, float] | None = None
                 ) -> dict[str, float]:
    """New scores for rule numbers: each expanded rule's text score (its score among ``text``, the
    text hits' ``(number, score)`` best first, or its ``own_scores``, the higher; 0 when neither)
    plus its share of the best text score; with no text hits, its share alone (so a jargon-only
    query lists its rules in order)."""
    scores: dict[str, float] = dict(own or {})
    for number, score in text:
        scores[number] = max(score, scores.get(number, 0.0))
    top = max((score for _, score in text), default=0.0)
    out = {}
    for expanded in expansion.rules:
        if top > 0:
            out[expanded.number] = scores.get(expanded.number, 0.0) + top * expanded.share
        else:
            out[expanded.number] = expanded.share
    return out


class _Scored(Protocol):
    number: str
    score: float


H = TypeVar("H", bound=_Scored)


def with_expansion(hits: list[H], expansion: Expansion, limit: int, make: Callable[[str, float], H | None],
                   own: dict[str, float] | None = None) -> list[H]:
    """``hits`` (text hits, best first; frozen dataclasses with ``number`` and ``score``, such as
    ``search.hits.Hit``) rescored by ``merge_scores`` (``own``: ``own_scores``), with the expanded
    rules they lack made by ``make(number, score)`` (None: the edition lacks it), best first, at
    most ``limit``; each expanded rule at or above its ``floor_rank`` (scored just over the hit it
    passes, so an ordering by score keeps it), but those of a card's text (``search.expand.CARD``)."""
    scores = merge_scores([(hit.number, hit.score) for hit in hits], expansion, own)
    out = [replace(hit, score=scores.pop(hit.number)) if hit.number in scores else hit for hit in hits]
    for number, score in scores.items():
        made = make(number, score)
        if made is not None:
            out.append(made)
    out.sort(key=lambda hit: -hit.score)
    for expanded in sorted(expansion.rules, key=lambda e: e.share):  # the largest share placed last: on top
        if expanded.source == CARD:
            continue
        at = next((i for i, hit in enumerate(out) if hit.number == expanded.number), None)
        floor = floor_rank(expanded.share)
        if at is not None and at > floor:
            lifted = replace(out.pop(at), score=out[floor].score * (1 + 1e-9) + 1e-9)
            out.insert(floor, lifted)
    return out[:limit]


def around_expansion(expansion: Expansion, subtree: Callable[[str], list[str]], have: set[str], want: int) -> list[str]:
    """Up to ``want`` rule numbers near the expanded rules (best first), to fill a list the text
    search left short (a jargon-only query finds its rules alone: ``SBA`` is 704 and 704.3): the
    rules' subrules, then their parents' (``subtree(number)``: a rule and every rule under it, in
    document order; no whole section), none of ``have``. ``SBA`` -> 704.1, 704.2 ...; ``ETB`` (603.6a) -> 603.6,
    603.6b ..."""
    out: list[str] = []
    seen = set(have)
    expanded = [e.number for e in sorted(expansion.rules, key=lambda e: -e.share)]
    parents = [p for p in map(numbers.parent, expanded) if p and numbers.level(p) >= 1]  # not a whole section
    for around in (*expanded, *parents):
        for number in subtree(around):
            if len(out) >= want:
                return out
            if number not in seen:
                seen.add(number)
                out.append(number)
    return out


def floor_rank(share: float) -> int:
    """The lowest rank (0: first) a rule of this share takes, whatever the text scores: a rule
    family that all score alike (the lead's whole-name ordering lists 702.11, 702.11a, ... at
    one score) would otherwise push the rules a half-jargon query means below all of them."""
    return int((1 - min(share, 1.0)) * FLOOR_SPAN)


def jargon_only(query: str, expansion: Expansion, lang: str) -> bool:
    """Whether ``query`` is all judge vocabulary (``expansion``'s words) in a Latin-script edition:
    then a name it matches only once stemmed does not list its rules first (``decked``: the term
    "deck"), a title typed as such does (``In Play``, a 2006 title and older-CR wording)."""
    if lang in CJK_LANGUAGES:  # their name keys are not stemmed
        return False
    words = phrase_words(query)
    return bool(words) and set(words) <= expansion.jargon_words


def drop_jargon(parsed: ParsedQuery, expansion: Expansion, reader: IndexReader, lang: str) -> ParsedQuery:
    """``parsed`` without its words of judge-vocabulary phrases that no heading, text or example
    of the edition holds (``fizzle``, ``LKI``): searched as text they find nothing, or are
    "corrected" into another word. ``reader`` is the edition's whoosh reader."""
    def dropped(text: str) -> bool:
        words = set(phrase_words(text))
        if not words or not words <= expansion.jargon_words:
            return False
        tokens = field_tokens("body", text, lang)
        return not any(reader.doc_frequency(f, token) for f in TEXT_FIELDS for token in tokens)

    return replace(parsed, clauses=tuple(clause for clause in parsed.clauses if not dropped(clause.text)))
