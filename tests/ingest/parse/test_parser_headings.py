"""ingest.parse.headings: how one paragraph is read (real headings from kormtgcr 2021-11-19, seeds)."""

from __future__ import annotations

import pytest

from ingest.parse.headings import Numbered, example_text, numbered, split_title


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("돌진 Trample", ("돌진", "Trample")),
        ("주문, 능력, 효과Spells, Abilities, and Effects", ("주문, 능력, 효과", "Spells, Abilities, and Effects")),
        ("Magic의 황금률 The Magic Golden Rules", ("Magic의 황금률", "The Magic Golden Rules")),
        ("턴의 구성 (Turn Structure)", ("턴의 구성", "Turn Structure")),
        ("Magic의 황금률", ("Magic의 황금률", None)),
        ("Hand Modifier", ("Hand Modifier", "Hand Modifier")),
        ("절멸자/절멸 Annihilator", ("절멸자/절멸", "Annihilator")),
        ("던전에\u00a0진입\u00a0Venture\u00a0into the Dungeon", ("던전에 진입", "Venture into the Dungeon")),  # no-break spaces
    ],
)
def test_korean_titles_split_into_korean_and_english(text, expected) -> None:
    assert split_title(text, "ko") == expected


def test_english_and_japanese_titles_are_not_split() -> None:
    assert split_title("Trample", "en") == ("Trample", None)
    assert split_title("マジックの黄金律", "ja") == ("マジックの黄金律", None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1. Game Concepts", Numbered("1", "Game Concepts")),
        ("702.19b The controller", Numbered("702.19b", "The controller")),
        ("306.2b. 한번 공격자나", Numbered("306.2b", "한번 공격자나")),
        ("302.4b생물의 방어력은", Numbered("302.4b", "생물의 방어력은")),
        ("102.8 If a player has ten", Numbered("102.8", "If a player has ten")),
        ("215. This section is now empty. See rule 205.4c.", Numbered("215", "This section is now empty. See rule 205.4c.")),
        ("606. 8b Players win and lose", Numbered("606.8b", "Players win and lose", repaired=True)),
        # en 2022-10-07 .. 2025-02-07 print 901.4 with no space after its period
        (
            "901.4.All plane and phenomenon cards remain in the command zone",
            Numbered("901.4", "All plane and phenomenon cards remain in the command zone", repaired=True),
        ),
        # the number printed twice: ja 2026-01-16 702.189, en 2005-08-01 602.2a, ko 2016-2021 712.3b
        ("702.189. 702.189. 火の技／Firebending", Numbered("702.189", "火の技／Firebending", repaired=True)),
        ("602.2a 602.2a Any rule", Numbered("602.2a", "Any rule", repaired=True)),
        ("702.19b See rule 702.19c.", Numbered("702.19b", "See rule 702.19c.")),
        ("103.2.a list", None),
        ("1. Text on an object that explains what that object does or can do.", None),
        ("10. 用語集", None),
        ("- 700. 일반", None),
        ("100 cards", None),
        ("306.b If an effect", None),
    ],
)
def test_numbered_paragraphs(text, expected) -> None:
    assert numbered(text) == expected


def test_example_labels_in_three_languages() -> None:
    assert example_text("Example: A card reads") == "A card reads"
    assert example_text("例:「このターン」") == "「このターン」"
    assert example_text("예: 카드") == "카드"
    assert example_text("예를 들면, “공격하는") is None
