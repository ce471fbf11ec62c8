"""TokenText gives whoosh the postings TEXT with the space-separated tokenizer gives: per value, and
for whole real editions (the Japanese and the largest Korean seed) indexed both ways."""

from __future__ import annotations

from pathlib import Path

import pytest
import whoosh.index
from whoosh.fields import TEXT

import search.index
import search.token_field
from ingest.build import BUNDLED_DATA
from ingest.edition import build_edition
from ingest.plan import plan_editions
from search.analysis import token_analyzer
from search.token_field import TokenText


def _postings(field, value: str) -> list[tuple]:
    return list(field.index(value))


@pytest.mark.parametrize("value", [
    "state base action state action",
    "돌진 진은 trampl 돌진",
    "また たは apnap\t順ル\nルー ール  また\r\nまた",
    "702.19b e",
    "",
    "   ",
])
def test_token_text_postings_are_text_postings(value: str) -> None:
    assert _postings(TokenText(), value) == _postings(TEXT(analyzer=token_analyzer()), value)


def test_token_text_positions_count_and_weight() -> None:
    field = TokenText()
    found = {word: (freq, weight, field.format.decode_positions(value))
             for word, freq, weight, value in field.index("a b a c a")}
    assert found == {b"a": (3, 3.0, [0, 2, 4]), b"b": (1, 1.0, [1]), b"c": (1, 1.0, [3])}
    assert [w for w, *_ in field.index("c b c a")] == [b"c", b"b", b"a"]  # first occurrence order


def test_postings_remembered_per_value_and_boost_until_the_limit(monkeypatch) -> None:
    monkeypatch.setattr(search.token_field, "REMEMBERED", 2)
    monkeypatch.setattr(search.token_field, "_REMEMBERED", {})
    plain, boosted = TokenText(), TokenText(field_boost=2.0)
    assert _postings(plain, "a b a") == [(b"a", 2, 2.0, plain.format.encode([0, 2])), (b"b", 1, 1.0, plain.format.encode([1]))]
    assert [weight for _, _, weight, _ in boosted.index("a b a")] == [4.0, 2.0]  # not the plain field's
    assert _postings(plain, "a b a") == _postings(TEXT(analyzer=token_analyzer()), "a b a")
    assert len(search.token_field._REMEMBERED) == 2
    assert _postings(plain, "c") == [(b"c", 1, 1.0, plain.format.encode([0]))]
    assert list(search.token_field._REMEMBERED) == [("c", 1.0)]  # forgotten beyond the limit


def _index_postings(index_dir: Path, edition_id: str) -> list[tuple]:
    index = whoosh.index.open_dir(index_dir, indexname=edition_id)
    out = []
    with index.reader() as reader:
        for field, term in reader.all_terms():
            matcher = reader.postings(field, term)
            while matcher.is_active():
                out.append((field, term, matcher.id(), matcher.weight(), matcher.value()))
                matcher.next()
        for field in reader.schema.scorable_names():
            out.append((field, [reader.doc_field_length(doc, field) for doc in range(reader.doc_count_all())]))
        out.append(list(reader.all_stored_fields()))
    return out


def test_a_real_edition_indexes_the_same_with_text_fields(tmp_path, monkeypatch) -> None:
    seeds = [p for p in plan_editions([BUNDLED_DATA]) if p.files[0].path.name[:3] in ("000", "001")]
    texts = [build_edition(plan, set()).text for plan in seeds]
    assert sorted(t.edition.lang for t in texts) == ["ja", "ko"] and all(len(t.rules) > 100 for t in texts)
    schema_for = search.index.schema_for

    def text_schema(lang):
        schema = schema_for(lang)
        for name in schema.names():
            if isinstance(schema[name], TokenText):
                schema.remove(name)
                schema.add(name, TEXT(analyzer=token_analyzer()))
        return schema

    fast, plain = tmp_path / "fast", tmp_path / "plain"
    fast.mkdir(), plain.mkdir()
    for text in texts:
        search.index.write_edition_index(fast, text)
    monkeypatch.setattr(search.index, "schema_for", text_schema)
    for text in texts:
        search.index.write_edition_index(plain, text)
    for text in texts:
        found = _index_postings(fast, text.edition.id)
        assert len(found) > 10_000
        assert found == _index_postings(plain, text.edition.id)
