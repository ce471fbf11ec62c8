"""The JSON views shared by ``crkb show/export/editions`` and the web API, on the small real KB."""

from __future__ import annotations

import json

import pytest

from kb.errors import RuleNotFound
from kb.store.read import Store
from web.api.shapes import edition_summaries, export_json, rule_json
from tests.small_kb import small_kb_editions, write_small_store

EN = "en-2026-01-16"


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    return Store(write_small_store(tmp_path_factory.mktemp("views") / "rules.sqlite"))


def _rule(number: str, edition: str = EN):
    _, rules, _ = next(e for e in small_kb_editions() if e[0].id == edition)
    return next(r for r in rules if r.number == number)


def test_rule_view_of_a_rule_with_subrules_and_citations(store):
    view = rule_json(store, store.edition(EN), "702.19a")
    a, c = _rule("702.19a"), _rule("702.19c")
    assert view == {
        "lang": "en",
        "edition": {"id": EN, "lang": "en", "effective_date": "2026-01-16",
                    "title": "Magic: The Gathering Comprehensive Rules", "sources": ["2026-01-16.txt"]},
        "number": "702.19a", "title": None, "title_en": None, "text": a.text,
        "examples": [],
        "references": [{"text": "See rule 510", "start": 205, "end": 217, "targets": ["510"], "resolved": ["510"]}],
        "flags": [], "printed_number": None, "source": "2026-01-16.txt", "line": 4068,
        "parent": "702.19", "previous": "702.19", "next": "702.19b",
        "subrules": [],
        "cited_by": [],
        "glossary_cited_by": [],
        "same_rule": [],  # this store holds no alignment: nothing is paired, by number least of all
    }
    assert [s["number"] for s in rule_json(store, store.edition(EN), "702.19")["subrules"]] == [
        "702.19a", "702.19b", "702.19c"
    ]
    cited = rule_json(store, store.edition(EN), "702.19b")["cited_by"]
    assert cited == [{"number": "702.19c", "title": None, "text": c.text}]
    assert rule_json(store, store.edition(EN), "702.19")["glossary_cited_by"] == ["Trample"]


def test_rule_view_of_a_missing_rule(store):
    with pytest.raises(RuleNotFound):
        rule_json(store, store.edition(EN), "702.99")


def test_rule_view_is_json_ready(store):
    view = rule_json(store, store.edition("ko-2021-11-19"), "702.19")
    assert json.loads(json.dumps(view, ensure_ascii=False)) == view


def test_edition_summaries_count_rules_without_a_report(store):
    assert [(e["id"], e["rules"]) for e in edition_summaries(store)] == [
        ("en-2026-01-16", 18), ("ja-2023-09-01", 5), ("ko-2021-11-19", 10)
    ]
    assert [e["id"] for e in edition_summaries(store, "ko")] == ["ko-2021-11-19"]


def test_export_json_lists_rules_in_document_order_with_reference_numbers(store):
    data = export_json(store, store.edition(EN))
    assert [r["number"] for r in data["rules"]] == [r.number for r in small_kb_editions()[0][1]]
    assert next(r for r in data["rules"] if r["number"] == "702.19a") == {
        "number": "702.19a", "title": None, "text": _rule("702.19a").text, "examples": [], "references": ["510"],
    }
    assert data["glossary"] == [{
        "term": "Trample",
        "definition": "A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, “Trample.”",
        "references": ["702.19"],
    }]
