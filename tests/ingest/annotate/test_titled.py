"""Citations whose printed title names another rule: the Japanese translation of 2026-01-16 kept
older numbers in some citations of rules 721-732 (../shared corpus, read by the real build)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.annotate.references import find_references
from ingest.annotate.titled import retarget_by_title, titled_rules
from ingest.edition import build_edition
from ingest.plan import plan_editions
from kb.model import Reference


@pytest.fixture(scope="module")
def japanese(shared_dir: Path):
    return build_edition(plan_editions([shared_dir / "corpus" / "ja"])[0], set()).text


def _targets(refs) -> list[tuple[str, tuple[str, ...]]]:
    return [(ref.text, ref.targets) for ref in refs]


@pytest.mark.corpus
def test_a_citation_goes_to_the_rule_its_title_names(japanese) -> None:
    rules = {rule.number: rule for rule in japanese.rules}
    assert (rules["725"].title, rules["726"].title) == ("イニシアチブ", "ゲームを再び開始する")
    # 104.6: "...（rule 725〔ゲームを再び開始する〕参照）": the title names 726
    assert _targets(rules["104.6"].references) == [("rule 725", ("726",))]
    assert rules["104.6"].references[0].resolved == ("726",)
    assert _targets(rules["121.8"].references) == [("rule 601.2i", ("601.2i",)), ("rule 731", ("732",))]
    glossary = {entry.term.split("（")[0]: entry for entry in japanese.glossary}
    assert _targets(glossary["メインゲーム"].references) == [("rule 725", ("728",))]  # 〔サブゲーム〕
    assert _targets(glossary["イニシアチブ"].references) == [("rule 724", ("725",))]


@pytest.mark.corpus
def test_only_contradicted_citations_move(japanese) -> None:
    moved = kept = 0
    texts = [(rule.text, rule.references) for rule in japanese.rules]
    texts += [(entry.definition, entry.references) for entry in japanese.glossary]
    for text, refs in texts:
        for ref, printed in zip(refs, find_references(text, "ja"), strict=True):
            if ref.targets == printed.targets:
                kept += 1
                continue
            moved += 1
            assert text[printed.end:].lstrip().startswith("〔")  # a printed title made it move
    assert (moved, kept > 1800) == (31, True)


def test_an_excerpt_without_the_cited_rule_keeps_the_citation() -> None:
    # the Japanese seed holds rules 100-208: section 3 is absent, 205.2 is titled カード・タイプ
    text = "（rule 3〔カード・タイプ〕参照。）"
    refs = find_references(text, "ja")
    titles = {"205.2": "カード・タイプ", "205": "タイプ行"}
    assert retarget_by_title(refs, text, titles, titled_rules(titles)) == refs
    titles["3"] = "カード・タイプの一覧"  # present, titled otherwise, but 205.2 is not a section
    assert retarget_by_title(refs, text, titles, titled_rules(titles)) == refs


def test_a_title_two_rules_hold_names_neither() -> None:
    text = "rule 101〔トランプル〕参照。"
    titles = {"101": "マジックの黄金律", "702.19": "トランプル／Trample", "702": "トランプル"}
    assert titled_rules(titles) == {"マジックの黄金律": "101"}
    refs = find_references(text, "ja")
    assert retarget_by_title(refs, text, titles, titled_rules(titles)) == refs
    assert isinstance(refs[0], Reference) and refs[0].targets == ("101",)


@pytest.mark.parametrize(("text", "titles", "expected"), [
    # en 2024-03-08 702.145b: Day and Night is 728 there (727 Merging with Permanents)
    ("“This permanent can’t transform except due to its daybound ability.” See rule 727, “Day and Night.”",
     {"727": "Merging with Permanents", "728": "Day and Night"}, [("rule 727", ("728",))]),
    # en 2025-06-06 glossary Endure: 702.62 is Suspend; Endure is the keyword action 701.63
    ("A keyword ability that lets you choose put +1/+1 counters on a creature or create a Spirit creature token. "
     "See rule 702.62, “Endure.”", {"702.62": "Suspend", "701.63": "Endure"}, [("rule 702.62", ("701.63",))]),
    # en 2023-06-16 117.2b: titles that agree with their numbers stay
    ("(See rule 604, “Handling Static Abilities,” and rule 611, “Continuous Effects.”)",
     {"604": "Handling Static Abilities", "611": "Continuous Effects", "613": "Interaction of Continuous Effects"},
     [("rule 604", ("604",)), ("rule 611", ("611",))]),
    # en 2023-06-16 721.5: a title that is part of its target's (613 is Interaction of Continuous Effects) stays
    ("that effect does nothing until a player becomes the monarch. See rule 613, “Continuous Effects.”",
     {"611": "Continuous Effects", "613": "Interaction of Continuous Effects"}, [("rule 613", ("613",))]),
])
def test_an_english_citation_goes_to_the_rule_its_quoted_title_names(text: str, titles: dict, expected: list) -> None:
    refs = find_references(text, "en")
    assert _targets(retarget_by_title(refs, text, titles, titled_rules(titles))) == expected


@pytest.mark.corpus
def test_the_rule_page_links_the_rule_the_title_names(languages_kb: Path) -> None:
    from bs4 import BeautifulSoup

    from web.app import create_app

    client = create_app({"KB_DIR": str(languages_kb), "TESTING": True}).test_client()
    page = BeautifulSoup(client.get("/ja/cr/104.6").text, "html.parser")
    [link] = page.select("[id='104.6'] p.rule-text a.ref")
    assert (link.get_text(), link["data-number"], link["href"]) == ("rule 725", "726", "/ja/cr/726")
    cited_by = BeautifulSoup(client.get("/ja/cr/726").text, "html.parser").get_text()
    assert "104.6" in cited_by
