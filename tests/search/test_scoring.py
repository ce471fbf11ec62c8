"""search.scoring against whoosh itself, on the search KB's real rules: the same hits with the same
scores for every query kind the searcher builds."""

from __future__ import annotations

import pytest

from search.index import rule_and_under
from whoosh import query as wq

from search.query import COORDINATION, FIELD_BOOSTS, build_query, clause_query, parse_query
from search.scoring import Found, matching_docs, top_hits
from search.searcher import Searcher, open_searcher
from tests.search.search_kb import build_search_kb

QUERIES = [
    ("en", "trample"), ("en", "deathtouch trample"), ("en", "state-based actions"), ("en", "combat damage step"),
    ("en", '"hand size"'), ("en", "legend rule"), ("en", "704.5j legend"), ("en", "maximum hand size"),
    ("en", "creature with trample assigns combat damage to a planeswalker"), ("en", "\"mulligan trample\" hand"),
    ("ko", "돌진"), ("ko", "상태 참조 행동"), ("ko", "전투 피해"), ("ko", "trample"),
    ("ja", "マリガン"), ("ja", "マリガンの手順"), ("ja", "対象"), ("ja", "黄金律"),
]


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    return open_searcher(build_search_kb(tmp_path_factory.mktemp("scoring-kb")))


def _query(searcher: Searcher, lang: str, text: str, mode: str):
    edition = searcher.store.find_edition(lang)
    whoosh = searcher._searcher(edition.id)
    return whoosh, build_query(parse_query(text), lang, mode, searcher._pairs.edition(edition.id))


def _rounded(hits) -> list[tuple[int, float]]:
    return [(hit.docnum, round(hit.score, 9)) for hit in hits]


@pytest.mark.parametrize(("lang", "text"), QUERIES)
def test_the_best_hits_are_whooshs_with_whooshs_scores(searcher: Searcher, lang: str, text: str) -> None:
    whoosh, query = _query(searcher, lang, text, "all")
    expected = _rounded(whoosh.search(query, limit=10))
    assert _rounded(top_hits(whoosh, query, None, 10)) == expected
    assert _rounded(top_hits(whoosh, query, None, 10)) == expected  # from the cached postings too


def _walked(whoosh, query) -> list[tuple[int, float]]:
    """The best 10 of every document whoosh's own matcher gives, walked without a collector."""
    matcher, everything = query.matcher(whoosh, whoosh.context()), {}
    while matcher.is_active():
        everything[matcher.id()] = round(matcher.score(), 9)
        matcher.next()
    return sorted(everything.items(), key=lambda item: (-item[1], item[0]))[:10]


@pytest.mark.parametrize(("lang", "text"), QUERIES)
def test_any_word_hits_are_the_best_of_whooshs_own_matcher(searcher: Searcher, lang: str, text: str) -> None:
    """The any-word query's best documents by whoosh's own scores (its collector's block-quality
    skipping can drop a few of them: the preloaded union's bounds are loose)."""
    whoosh, query = _query(searcher, lang, text, "any")
    assert _rounded(top_hits(whoosh, query, None, 10)) == _walked(whoosh, query)


class _DefaultOr(wq.Or):
    matcher_type = wq.Or.DEFAULT_MATCHER


@pytest.mark.parametrize(("lang", "text"), QUERIES)
def test_coordination_counts_the_querys_terms_for_every_document(searcher: Searcher, lang: str, text: str) -> None:
    """whoosh's default union with ``scale`` (coordination): its collector counts the terms left in
    its matcher tree, fewer as terms run out; here the query's for every document, as whoosh's
    matcher walked without the collector does."""
    whoosh, _query_ = _query(searcher, lang, text, "any")
    clauses = [clause_query(clause, lang, tuple(FIELD_BOOSTS), True) for clause in parse_query(text).clauses]
    query = _DefaultOr([c for c in clauses if c is not None], scale=COORDINATION)
    assert _rounded(top_hits(whoosh, query, None, 10)) == _walked(whoosh, query)


def test_a_filter_keeps_the_rules_under_a_number_and_hits_read_stored_fields(searcher: Searcher) -> None:
    whoosh, query = _query(searcher, "en", "combat damage", "all")
    under = top_hits(whoosh, query, rule_and_under("702"), 50)
    assert under and all(hit["number"].startswith("702.") for hit in under)
    assert _rounded(under) == _rounded(whoosh.search(query, filter=rule_and_under("702"), limit=50))
    first = under[0]
    assert isinstance(first, Found) and dict(first) == whoosh.stored_fields(first.docnum)


@pytest.mark.parametrize("query", [
    rule_and_under("702.19"), wq.And([rule_and_under("702"), wq.Term("body", "trampl")]),
    wq.Term("name", "trampl"), wq.Term("name", "no such name"), wq.Or([]),
    wq.Or([wq.Term("number", "704.5j"), wq.Phrase("body", ["legend", "rule"])]),
])
def test_matching_docs_are_whooshs(searcher: Searcher, query: wq.Query) -> None:
    whoosh = searcher._searcher(searcher.store.find_edition("en").id)
    found = matching_docs(whoosh, query)
    assert found == set(whoosh.docs_for_query(query))
    assert found or query in (wq.Term("name", "no such name"), wq.Or([]))


@pytest.mark.parametrize(("lang", "field", "text", "boost", "matches"), [
    ("en", "heading", "state-based actions", 1.0, True),
    ("en", "body", "combat damage", 2.0, True),
    ("en", "body", "damage combat", 1.0, False),          # both held, never in this order
    ("en", "body", "trample zzqx", 1.0, False),           # a word no text holds
    ("en", "body", "player player", 1.0, True),           # a word twice: one position after the other
    ("en", "body", "each player", 1.0, True),
    ("ko", "heading", "상태 참조 행동", 1.5, True),
    ("ja", "heading", "マリガン", 1.0, True),               # a word's bigrams
    ("ja", "body", "マリガン", 1.0, True),
])
def test_a_phrase_is_scored_as_whooshs_phrase_matcher(searcher: Searcher, lang: str, field: str, text: str,
                                                       boost: float, matches: bool) -> None:
    """Phrases are scored from the cached postings and positions (search.scoring._phrase): the same
    documents and scores as whoosh's span matchers give."""
    from search.query import field_tokens

    whoosh = searcher._searcher(searcher.store.find_edition(lang).id)
    phrase = wq.Phrase(field, field_tokens(field, text, lang), boost=boost)
    expected = _rounded(whoosh.search(phrase, limit=50))
    assert _rounded(top_hits(whoosh, phrase, None, 50)) == expected
    assert bool(expected) == matches
