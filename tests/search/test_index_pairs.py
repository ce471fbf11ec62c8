"""The index layout of schema 2: token pairs in pairs.sqlite scored as the former whoosh field, the
schema version in the manifest, and a clear error for an index of another schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import whoosh.index
from whoosh import query as wq
from whoosh.fields import ID, TEXT, Schema

from search.analysis import analyze, analyzer_for, pair_analyzer, pairs_of, token_analyzer
from kb.errors import IndexOutdated, KBError
from search.index import (
    MANIFEST, SCHEMA_VERSION, TEXT_FIELDS, check_schema, indexed_editions, rule_documents, schema_version, write_index,
)
from search.pairs import PairsReader, PairsShard, PairsWriter
from search.query import PairTerm, weighting
from search.searcher import Searcher
from kb.store.read import Store
from tests.kbs import annotated
from tests.search.search_kb import build_search_kb, search_editions


def _edition(edition_id: str):
    return next(e for e in search_editions() if e[0].id == edition_id)


def test_pairs_file_holds_each_rules_heading_and_text_pairs(tmp_path: Path) -> None:
    edition, rules, glossary = _edition("ko-2021-11-19")
    write_index(tmp_path, [annotated(edition, rules, glossary)])
    pairs = PairsReader(tmp_path).edition("ko-2021-11-19")
    seq = [r.number for r in rules].index("702.19")
    # 702.19 "돌진 Trample": heading "돌진\nTrample", text "돌진 Trample"
    expected = ["돌진 trampl", "trampl 돌진", "돌진 trampl"]
    assert analyze(pair_analyzer("ko"), "돌진\nTrample\n돌진 Trample") == expected
    docnums, counts = pairs.postings("돌진 trampl")
    assert (list(docnums), list(counts)) == ([seq], [2])
    assert pairs.postings("trampl 돌진") is not None and pairs.postings("돌진 nothing") is None
    assert pairs.stats.doc_count == len(rules) and pairs.stats.length(seq) == 3
    assert PairsReader(tmp_path).edition("en-2026-01-16") is None


def test_a_pair_scores_as_the_whoosh_field_it_replaces(tmp_path: Path) -> None:
    edition, rules, glossary = _edition("en-2026-01-16")
    documents = list(rule_documents(annotated(edition, rules, glossary)))
    old = whoosh.index.create_in(tmp_path, Schema(number=ID(stored=True), pairs=TEXT(analyzer=pair_analyzer("en"),
                                                                                      phrase=False)), indexname="old")
    with old.writer() as writer:
        for document in documents:
            writer.add_document(number=document["number"], pairs=_pairs_text(document))
    write_index(tmp_path / "new", [annotated(edition, rules, glossary)])
    pairs = PairsReader(tmp_path / "new").edition(edition.id)
    checked = 0
    with old.searcher(weighting=weighting()) as searcher:
        for pair in ("combat damag", "take mulligan", "state base", "base action", "lethal damag", "legend rule"):
            expected = _scores(searcher, wq.Term("pairs", pair, boost=2.0))
            assert _scores(searcher, PairTerm(pair, pairs, boost=2.0)) == expected
            checked += len(expected)
    assert checked >= 20


def test_pairs_copied_from_the_workers_shards_read_as_pairs_written_at_once(tmp_path: Path) -> None:
    texts = [annotated(*e) for e in search_editions()[:3]]
    write_index(tmp_path / "direct", texts)
    (tmp_path / "sharded").mkdir()
    documents = {t.edition.id: [pairs_of(tokens) for tokens in _document_pairs(t)] for t in texts}
    shards = [PairsShard(tmp_path / "sharded" / name) for name in ("pairs-a.sqlite", "pairs-b.sqlite")]
    for shard, held in zip(shards, (texts[:2], texts[2:])):
        with PairsWriter(shard.path.parent, shard.path.name) as writer:
            for text in held:
                writer.add_edition(text.edition.id, documents[text.edition.id])
    with PairsWriter(tmp_path / "sharded") as writer:
        for text, shard in zip(texts, (shards[0], shards[0], shards[1])):
            writer.add_edition(text.edition.id, shard)
        with pytest.raises(KeyError, match="pairs-b.sqlite holds no pairs of en-1999-01-01"):
            writer.add_edition("en-1999-01-01", shards[1])
    assert sorted(p.name for p in (tmp_path / "sharded").iterdir()) == ["pairs.sqlite"]
    direct, sharded = PairsReader(tmp_path / "direct"), PairsReader(tmp_path / "sharded")
    for text in texts:
        expected, found = direct.edition(text.edition.id), sharded.edition(text.edition.id)
        assert found.stats == expected.stats and found.stats.doc_count == len(documents[text.edition.id])
        pairs = sorted({pair for doc in documents[text.edition.id] for pair in doc})
        assert len(pairs) > 100
        assert all(found.postings(pair) == expected.postings(pair) for pair in pairs)


def _document_pairs(text) -> list[list[str]]:
    """Each document's tokens as ``write_edition_index`` gives them to ``pairs_of``."""
    analyzer, found = analyzer_for(text.edition.lang), []
    for document in rule_documents(text):
        heading, body = analyze(analyzer, document["heading"]), analyze(analyzer, document["body"])
        found.append(body if document["heading"] == document["body"] else heading + body)
    return found


def _scores(searcher: object, query: wq.Query) -> set[tuple[str, float]]:
    return {(hit["number"], round(hit.score, 6)) for hit in searcher.search(query, limit=None)}


def _pairs_text(document: dict) -> str:
    """The text the former whoosh field ``pairs`` indexed: heading and text, or the text alone."""
    heading, body = document["heading"], document["body"]
    return f"{heading}\n{body}" if heading != body else body


def test_text_analysed_once_gives_the_tokens_positions_and_pairs_of_the_analyzers() -> None:
    checked = 0
    for edition, rules, glossary in search_editions():
        analyzer = analyzer_for(edition.lang)
        for document in rule_documents(annotated(edition, rules, glossary)):
            heading, body = analyze(analyzer, document["heading"]), analyze(analyzer, document["body"])
            expected = analyze(pair_analyzer(edition.lang), _pairs_text(document))
            assert pairs_of(body if document["heading"] == document["body"] else heading + body) == expected
            for field in TEXT_FIELDS:  # positions may start later (a leading stop word), never differ otherwise
                direct = [(t.text, t.pos) for t in analyzer(document[field], positions=True)]
                tokens = " ".join(analyze(analyzer, document[field]))
                once = [(t.text, t.pos) for t in token_analyzer()(tokens, positions=True)]
                assert _relative(once) == _relative(direct)
                checked += 1
    assert checked > 150


def _relative(tokens: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return [(text, pos - tokens[0][1]) for text, pos in tokens]


def test_the_manifest_names_the_schema(tmp_path: Path) -> None:
    editions = search_editions()[:1]
    write_index(tmp_path, [annotated(*e) for e in editions])
    manifest = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    assert manifest == {"schema": SCHEMA_VERSION, "editions": [{"id": editions[0][0].id, "lang": editions[0][0].lang}]}
    assert schema_version(tmp_path) == SCHEMA_VERSION and schema_version(tmp_path / "none") is None
    check_schema(tmp_path)
    check_schema(tmp_path / "none")


def test_an_index_of_an_older_schema_asks_for_a_rebuild(tmp_path: Path) -> None:
    build = build_search_kb(tmp_path)
    # the first layout's manifest was a bare list of editions
    (build.index / MANIFEST).write_text(json.dumps([{"id": "en-2026-01-16", "lang": "en"}]), encoding="utf-8")
    assert schema_version(build.index) == 1
    assert indexed_editions(build.index) == {"en-2026-01-16": "en"}
    with pytest.raises(IndexOutdated) as caught:
        Searcher(build.index, Store(build.store))
    assert isinstance(caught.value, KBError)
    assert (caught.value.found, caught.value.wanted) == (1, SCHEMA_VERSION)
    assert str(caught.value) == (f"the search index at {build.index} has index schema 1, this crkb reads schema "
                                 f"{SCHEMA_VERSION}: rebuild the KB (crkb build)")
