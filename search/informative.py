"""The informative words of a long query (a player's whole question) in one edition.

A question such as "Ada casts Shaman of the Pack. In response to its trigger, Nickolas kills it
with Foolish Fate. How much life does Nickolas lose?" says what it is about in a few words among
many: names no rule holds, and words nearly every rule holds. Every word of it is read
(``search.query.parse_query`` cuts none); here a query of more than ``LONG_QUERY`` words keeps
the ``MAX_TERMS`` words of highest idf (inverse document frequency over the edition's headings
and texts) among those the index holds, in the order typed. Shorter queries are kept whole: each
word a judge types for a lookup counts. A word that comes only from the Oracle text of a card the
question names (``ParsedQuery.card_text``) counts ``CARD_TEXT_WEIGHT`` of its idf: a card's text
says what the question is about, but less surely than the question's own words (with a whole
card list, on the 45 dev questions: hit@10 0.267 at full weight, 0.289 at 0.5, 0.311 at 0.6-0.8).
"""

from __future__ import annotations

import math
from dataclasses import replace

from whoosh.reading import IndexReader

from search.query import Clause, ParsedQuery, field_tokens

LONG_QUERY = 6
"""Queries of more words than this are reduced (2-4 word lookups never are)."""
MAX_TERMS = 14
"""Words a long query keeps (most questions hold 8-20 words the index knows)."""
CARD_TEXT_WEIGHT = 0.6
"""A word from the Oracle text of a card the question names counts this much of its idf against
the question's own words (``ParsedQuery.card_text``)."""
SEARCHED_FIELDS = ("heading", "body")


def is_long(parsed: ParsedQuery) -> bool:
    """True when ``parsed`` has more words than ``LONG_QUERY`` (a question, not a lookup)."""
    return len(parsed.clauses) > LONG_QUERY


def informative(parsed: ParsedQuery, reader: IndexReader, lang: str) -> ParsedQuery:
    """``parsed`` unchanged when short (``is_long``), else its ``MAX_TERMS`` words of highest idf
    that the edition's headings or texts hold, in query order (quoted phrases always kept).
    ``reader`` is the edition's whoosh reader; ``lang`` its language."""
    if not is_long(parsed):
        return parsed
    documents = reader.doc_count_all() or 1
    weights = {clause: clause_idf(clause, reader, lang, documents) * _weight(clause, parsed)
               for clause in dict.fromkeys(parsed.clauses)}
    held = [clause for clause, weight in weights.items() if weight > 0 or clause.phrase]
    kept = set(sorted(held, key=lambda clause: (not clause.phrase, -weights[clause]))[:MAX_TERMS])
    return replace(parsed, clauses=tuple(clause for clause in held if clause in kept))


def _weight(clause: Clause, parsed: ParsedQuery) -> float:
    return CARD_TEXT_WEIGHT if clause.text.lower() in parsed.card_text else 1.0


def clause_idf(clause: Clause, reader: IndexReader, lang: str, documents: int) -> float:
    """The idf of the clause's rarest token over the headings and texts of an edition of
    ``documents`` rules (0 when some token is in none: the index lacks the word)."""
    tokens = field_tokens("body", clause.text, lang)
    if not tokens:
        return 0.0
    frequencies = [max(reader.doc_frequency(field, token) for field in SEARCHED_FIELDS) for token in tokens]
    if min(frequencies) == 0:
        return 0.0
    return math.log(documents / min(frequencies))
