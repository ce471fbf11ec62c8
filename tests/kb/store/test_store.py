"""The store: written once from real rules, read back whole, editions resolved by id or date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kb.errors import AmbiguousEdition, EditionNotFound, KBMissing, RuleNotFound
from kb.model import Edition, Reference, Rule
from kb.store.read import Store
from tests.kbs import annotated, write_store
from tests.small_kb import small_kb_editions, write_small_store


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(write_small_store(tmp_path / "rules.sqlite"))


def test_rules_read_back_exactly_as_written(store: Store) -> None:
    for edition, rules, glossary in small_kb_editions():
        written = annotated(edition, rules, glossary)
        assert store.rules(edition.id) == list(written.rules)
        assert store.glossary(edition.id) == list(written.glossary)
        assert store.edition_text(edition.id) == written  # glossary names and vocabulary too


def test_editions_newest_first_and_found_by_id_or_date(store: Store) -> None:
    assert [e.id for e in store.editions()] == ["en-2026-01-16", "ja-2023-09-01", "ko-2021-11-19"]
    assert store.find_edition("ko").id == "ko-2021-11-19"
    assert store.find_edition("ko", "2021-11-19").id == "ko-2021-11-19"
    assert store.find_edition(None, "ja-2023-09-01").lang == "ja"
    with pytest.raises(EditionNotFound):
        store.find_edition("ko", "2020-01-01")
    assert store.languages() == ["en", "ko", "ja"]


def test_a_date_naming_two_editions_answers_with_their_ids(tmp_path: Path) -> None:
    path = tmp_path / "two.sqlite"
    day = dt.date(2021, 2, 15)
    write_store(path, [(Edition(edition_id, "ko", day, "t", ("a.txt",)), [Rule("1", "게임의 컨셉")], [])
                       for edition_id in ("ko-2021-02-15", "ko-2021-02-15-dbyll")])
    with pytest.raises(AmbiguousEdition) as raised:
        Store(path).find_edition("ko", "2021-02-15")
    assert raised.value.ids == ["ko-2021-02-15", "ko-2021-02-15-dbyll"]


def test_subrules_citations_and_neighbours(store: Store) -> None:
    en = "en-2026-01-16"
    assert [r.number for r in store.children(en, "702.19")] == ["702.19a", "702.19b", "702.19c"]
    assert [r.number for r in store.subtree(en, "702")] == ["702", "702.19", "702.19a", "702.19b", "702.19c"]
    assert [r.number for r in store.rules_citing(en, "702.19b")] == ["702.19c"]
    assert [g.term for g in store.glossary_citing(en, "702.19")] == ["Trample"]
    assert store.neighbours(en, "702.19a") == ("702.19", "702.19b")
    assert [e.id for e in store.editions_having("702.19")] == ["en-2026-01-16", "ko-2021-11-19"]
    assert store.rule("ko-2021-11-19", "702.19").title_en == "Trample"
    assert store.nearest_numbers(en, "702.19z") == ["702.19", "702.19a", "702.19b", "702.19c"]


def test_missing_rule_and_missing_store_raise_with_context(store: Store, tmp_path: Path) -> None:
    with pytest.raises(RuleNotFound, match="rule 999.9 not found in en edition en-2026-01-16"):
        store.rule("en-2026-01-16", "999.9")
    with pytest.raises(KBMissing):
        Store(tmp_path / "nothing.sqlite")


def test_references_are_stored_with_their_targets_spans_and_resolution(tmp_path: Path) -> None:
    text = "Perform the actions listed in 103.2a–e"
    rule = Rule("103.2", text)
    store = Store(write_store(tmp_path / "s.sqlite", [(Edition("en-x", "en", None, "t"), [rule, Rule("103.2a", "x")], [])]))
    targets = ("103.2a", "103.2b", "103.2c", "103.2d", "103.2e")
    assert store.rule("en-x", "103.2").references == (
        Reference(30, 38, "103.2a–e", targets, ((30, 36), None, None, None, None), ("103.2a",)),)  # the range's first number
    assert [r.number for r in store.rules_citing("en-x", "103.2b")] == ["103.2"]
    assert store.numbers("en-x") == {"103.2", "103.2a"}
