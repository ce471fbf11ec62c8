"""Glossary entries linking the entries they send the reader to: the spans of real definitions
(quoted from the editions named), then the pages (history KB: real corpus editions)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from kb.model import GlossaryEntry
from web.app import create_app
from web.glossary_links import term_keys, term_spans

ENGLISH = term_keys([GlossaryEntry(term, "") for term in (
    "Active Player, Nonactive Player Order", "APNAP Order", "Damage", "Deal", "Dependency", "Enter",
    "Enters the Battlefield", "Layer", "Timestamp Order", "Intervening \"If\" Clause", "If")], "en")


@pytest.mark.parametrize(("term", "definition", "named"), [
    ("Deal", "See Damage.", ["Damage"]),  # en 2026-01-16: an entry that is only a pointer
    # an entry whose name holds a comma is one item
    ("APNAP Order", "See Active Player, Nonactive Player Order.", ["Active Player, Nonactive Player Order"]),
    ("Layer", "A system used to determine in which order continuous effects are applied. See rule 613, "
              "“Interaction of Continuous Effects.” See also Dependency, Timestamp Order.",
     ["Dependency", "Timestamp Order"]),  # the rule's quoted title is no entry
    ("Enter", "In rules text, to enter the battlefield. See “Enters the Battlefield.”", ["Enters the Battlefield"]),
    ("If", "See \"Intervening 'If' Clause.\"", ["Intervening \"If\" Clause"]),  # en 2004-10-01: other quotes
    ("Casualty", "A keyword ability that allows you to sacrifice a creature to create a copy of a spell. "
                 "See 702.153, “Casualty.”", []),  # a rule, not an entry
])
def test_english_definitions_name_the_entries_after_see(term: str, definition: str, named: list[str]) -> None:
    spans = term_spans(definition, "en", ENGLISH, term)
    assert [found for _, _, found in spans] == named
    assert all(definition[start:end].strip("“”\"'") for start, end, _ in spans)


def test_japanese_and_chinese_definitions_name_the_entries_before_or_after_their_see_word() -> None:
    japanese = term_keys([GlossaryEntry(t, "") for t in (
        "反転状態（はんてんじょうたい）／Flipped", "ダメージ（だめーじ）／Damage")], "ja")
    unflipped = "パーマネントの通常の位相の1つ。rule 110.5、rule 710〔反転カード〕、反転状態 参照。"  # ja 2026-01-16
    assert [(unflipped[a:b], t) for a, b, t in term_spans(unflipped, "ja", japanese)] == [
        ("反転状態", "反転状態（はんてんじょうたい）／Flipped")]
    assert [t for _, _, t in term_spans("ダメージ参照。", "ja", japanese)] == ["ダメージ（だめーじ）／Damage"]
    chinese = term_keys([GlossaryEntry(t, "") for t in ("从属关系", "时间印记顺序", "层")], "zh")
    layer = "一个用来决定持续性效应生效顺序的系统。参见规则613，“持续性效应的互动”。另参见从属关系、时间印记顺序。"  # zh 2024-04-12
    assert [(layer[a:b], t) for a, b, t in term_spans(layer, "zh", chinese, "层")] == [
        ("从属关系", "从属关系"), ("时间印记顺序", "时间印记顺序")]


@pytest.mark.corpus
def test_an_entry_that_only_points_to_another_links_it(history_kb) -> None:
    client = create_app({"KB_DIR": str(history_kb), "TESTING": True}).test_client()

    def links(url: str) -> list[tuple[str, str]]:
        page = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
        return [(a.get_text(), a["href"]) for a in page.select("p.definition a")]

    assert links("/en/glossary/Deal") == [("Damage", "/en/glossary/Damage")]  # was a dead end
    assert links("/en/glossary/Layer") == [("rule 613", "/en/cr/613"), ("Dependency", "/en/glossary/Dependency"),
                                            ("Timestamp Order", "/en/glossary/Timestamp%20Order")]
    assert links("/en/glossary/Forestwalk?edition=2006-10-01") == [("Landwalk", "/en/glossary/Landwalk?edition=2006-10-01")]
    assert links("/ko/glossary/Deal") == [("Damage", "/ko/glossary/Damage")]  # the English glossary a Korean page shows
    searched = BeautifulSoup(client.get("/search?q=deal&lang=en").get_data(as_text=True), "html.parser")
    assert [a["href"] for a in searched.select("aside.glossary-hit p.definition a")] == ["/en/glossary/Damage"]


@pytest.mark.corpus
def test_an_old_rule_sending_the_reader_to_the_glossary_links_the_entry(history_kb) -> None:
    client = create_app({"KB_DIR": str(history_kb), "TESTING": True}).test_client()

    def links(url: str, number: str) -> list[tuple[str, str]]:
        page = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
        return [(a.get_text(), a["href"]) for a in page.select(f"article[data-number='{number}'] a.glossary-ref")]

    # en 2009-05-01 212.6f: '(You can find the complete list of land subtypes under "Land Types" in the
    # glossary at the end of this document.)'
    assert links("/en/cr/2009-05-01/212.6f", "212.6f") == [("Land Types", "/en/glossary/Land%20Type?edition=2009-05-01")]
    # en 2006-10-01 205.3d: '... in the glossary at the end of this document under "Creature Types,"
    # "Land Types," and so on.)': the entries are "Creature Type" and "Land Type"
    assert links("/en/cr/2006-10-01/205.3d", "205.3d") == [
        ("Creature Types", "/en/glossary/Creature%20Type?edition=2006-10-01"),
        ("Land Types", "/en/glossary/Land%20Type?edition=2006-10-01")]
    assert client.get("/en/glossary/Creature%20Type?edition=2006-10-01").status_code == 200
