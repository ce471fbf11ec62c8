"""Official, plain and hard-wrapped text readers on real excerpts, compared as whole lists."""

from __future__ import annotations

from pathlib import Path

from ingest.read.formats import read_source
from ingest.read.readers.text import continues, read_hard_wrapped_text, read_official_text, read_plain_text
from ingest.sources import Paragraph


def _text(test_data: Path, name: str) -> str:
    return read_source(test_data / "readers" / name, fmt="plain-text").text


def test_official_modern_one_paragraph_per_line(corpus_data: Path) -> None:
    source = read_official_text(_text(corpus_data, "en-2026-01-16-702.19.txt"), "2026-01-16.txt")
    assert [(p.line, p.text.split()[0]) for p in source.paragraphs] == [
        (1, "702.19b"), (2, "Example:"), (3, "Example:"), (5, "702.19c"), (6, "Example:")]
    assert source.paragraphs[1] == Paragraph(
        "Example: A 2/2 creature that can block an additional creature blocks two attackers: a 1/1 with "
        "no abilities and a 3/3 with trample. The active player could assign 1 damage from the first "
        "attacker and 1 damage from the second to the blocking creature, and 2 damage to the defending "
        "player from the creature with trample.", 2)
    assert source.diagnostics == []


def test_official_old_drops_italic_underscores(corpus_data: Path) -> None:
    source = read_official_text(_text(corpus_data, "en-2008-10-01-intro.txt"), "2008-10-01.txt")
    assert source.paragraphs == [
        Paragraph("Introduction", 1),
        Paragraph("This document is designed for people who've moved beyond the basics of the Magic: The "
                  "Gathering(R) game. If you're a beginning Magic(TM) player, you'll probably find these rules "
                  "intimidating. They're intended to be the ultimate authority for the game, and you won't "
                  "usually need to refer to them except in specific cases or during competitive games.", 3),
    ]
    assert [(d.line, d.kind, d.text[:48]) for d in source.diagnostics] == [
        (3, "markup", "dropped 2 pairs of _italic_ underscores, first i")]


def test_official_keeps_blanks_of_underscores() -> None:
    line = "Example: the blank in “Wolf in ________ Clothing,” and Oracle_(TM) stay."
    assert read_official_text(line, "x.txt").paragraphs == [Paragraph(line, 1)]


def test_hard_wrapped_joins_lines_and_keeps_the_mac_roman_signs(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "en-2004-02-01-100.5.txt")
    assert (source.format, source.encoding, source.name) == ("hard-wrapped-text", "mac_roman", "en-2004-02-01-100.5.txt")
    assert source.paragraphs == [
        Paragraph("100.5. Most Magic tournaments have special rules (not included here) and may limit the use "
                  "of some cards, including barring all cards from some older sets. See the most current Magic: "
                  "The Gathering DCI™ Floor Rules for more information. They can be found at "
                  "http://www.wizards.com/default.asp?x=dci/utr/intro.", 1),
        Paragraph("100.6. A player can concede the game at any time. A player who concedes leaves the game "
                  "immediately. He or she loses the game.", 6),
        Paragraph("101. Starting the Game", 9),
    ]


def test_hard_wrapped_reference_does_not_start_a_rule(corpus_data: Path) -> None:
    source = read_hard_wrapped_text(_text(corpus_data, "en-2004-02-01-wrapped-reference.txt"), "2004-02-01.txt")
    assert [(p.line, p.text[:40]) for p in source.paragraphs] == [
        (1, "413.2d If an effect requires both player"),
        (7, "Some spells and abilities have multiple "),
        (13, "Example: Stronghold Gambit reads, in par"),
        (17, "413.2e If an effect gives a player the o"),
    ]
    assert "take place simultaneously. See rule 103.4. If a player must make" in source.paragraphs[0].text


def test_hard_wrapped_hyphen_and_glossary_headword(corpus_data: Path) -> None:
    hyphen = read_hard_wrapped_text(_text(corpus_data, "en-2004-02-01-hyphen.txt"), "h.txt")
    assert hyphen.paragraphs == [Paragraph(
        "217.8b Face-up objects in the phased-out zone may be examined by either player at any time. "
        "Face-down objects in the phased-out zone are covered by the rules for face-down creatures. "
        "(See rule 502.26, \"Morph,\" and rule 504, \"Face-Down Spells and Permanents.\")", 1)]
    glossary = read_hard_wrapped_text(_text(corpus_data, "en-2004-02-01-glossary.txt"), "g.txt")
    assert glossary.paragraphs == [
        Paragraph("Enchant Creature", 1),
        Paragraph("An enchant creature is a local enchantment. It can enchant only a permanent that's a "
                  "creature. See also Local Enchantment.", 2),
    ]


def test_continues_rules() -> None:
    long = "x" * 70
    assert continues(long + " See rule ", "103.4. If a player")
    assert not continues(long + " simultaneously. ", "103.4. If a player")
    assert not continues(long + " effects). ", "Example: A player plays")
    assert not continues(long + " prevented. ", "     Any damage that would be dealt")
    assert not continues("Enchant Creature ", "An enchant creature is a local enchantment.")
    assert continues(long + " Snow-", "Covered Swamp.")


def test_japanese_wrapped_at_a_width_joins_without_a_space() -> None:
    from ingest.read.readers.text import columns

    # invented text: kana fill 40 characters, 80 columns, a line
    body = [("あいうえおかきくけこ" * 4, "さしすせそ。"), ("たちつてとなにぬねの" * 4, "はひふへほ。")]
    lines = []
    for number, (full, rest) in zip(("701.1", "701.2") * 10, body * 10):
        lines += [f"{number}a " + full[:36], full[36:] + full[:36], rest]
    text = "\n".join(lines * 2)
    source = read_hard_wrapped_text(text, "ja.txt")
    assert source.paragraphs[0] == Paragraph("701.1a " + _full_text(body[0]), 1)
    assert len(source.paragraphs) == len(lines * 2) // 3
    assert continues("あ" * 40, "いう", 80, columns) and not continues("あ" * 38, "いう", 80, columns)
    assert not continues("あ" * 40, "例：いう", 80, columns)  # an example opens a paragraph
    assert not continues("あ" * 40, "702.1aいう", 80, columns) and continues("あ" * 38 + "rule", "702.1aの", 80, columns)
    assert not continues("あ" * 39 + "。", "かき（かき）／Kaki", 80, columns)  # a glossary headword
    assert continues("あ" * 39 + "。", "かきくけこ。", 80, columns)  # the paragraph's last line


def _full_text(parts: tuple[str, str]) -> str:
    return parts[0][:36] + parts[0][36:] + parts[0][:36] + parts[1]


def test_plain_korean_translation(corpus_data: Path) -> None:
    source = read_source(corpus_data / "readers" / "ko-2021-11-19-702.19.txt")
    assert (source.format, source.encoding) == ("plain-text", "utf-8")
    assert [(p.line, p.text.split()[0]) for p in source.paragraphs] == [
        (1, "702.19."), (3, "702.19a"), (5, "702.19b"), (6, "Example:"), (7, "Example:"), (9, "702.19c")]
    assert source.paragraphs[0] == Paragraph("702.19. 돌진 Trample", 1)


def test_plain_korean_seed_contents(test_data: Path) -> None:
    source = read_plain_text(_text(test_data, "ko-seed-000-contents.txt"), "000.txt")
    assert [p.text.split(" ", 2)[:2] for p in source.paragraphs] == [
        ["Contents"], ["-", "700."], ["-", "701."], ["-", "702."], ["-", "726."],
        ["700.", "일반"], ["700.1.", "게임상에서"], ["Example:", "하나의"], ["700.2.", "다음과"],
    ]
    assert source.paragraphs[4] == Paragraph("- 726. 적법하지 않은 행동 처리", 5)
    assert [p.line for p in source.paragraphs] == list(range(1, 10))


def test_plain_japanese_seed_example(test_data: Path) -> None:
    source = read_source(test_data / "readers" / "ja-seed-001-example.txt")
    assert source.format == "plain-text"
    assert [(p.line, p.text[:7]) for p in source.paragraphs] == [
        (1, "101.1. "), (2, "101.2. "), (3, "例:「このター"), (4, "101.3. ")]
    assert source.paragraphs[2].text.endswith("土地のプレイを禁止する効果のほうが優先される。")


_INVENTED = [  # invented rules, one paragraph each, as an official text prints them
    "950. Widgets",
    "950.1. A widget is a permanent that spins. Each widget has a gear count printed in its lower right corner, "
    "and effects may change it as they change other characteristics; see rule 950.3.",
    "950.1a A widget with no gears left is put into its owner's graveyard the next time a player would receive "
    "priority. This is a state-based action. See rule\u00a0704.",
    "Example: A widget with two gears is dealt damage that removes three. It is put into its owner's graveyard.",
    "950.2. To spin a widget, turn it ninety degrees clockwise; a widget that can't be turned can't spin, and "
    "abilities that trigger whenever a widget spins don't trigger.",
] * 5


def test_a_text_wrapped_without_trailing_spaces_is_read_as_its_paragraphs() -> None:
    # a copy through fmt, an email or a PDF: each paragraph wrapped at 78 columns, no trailing space
    import textwrap

    wrapped = "\n".join(line for paragraph in _INVENTED
                        for line in textwrap.wrap(paragraph, 78, break_long_words=False, break_on_hyphens=False))
    source = read_source_text(wrapped)
    assert source.format == "hard-wrapped-text"
    assert [p.text for p in source.paragraphs] == _INVENTED
    one_a_line = "\n".join(_INVENTED)  # the same text a paragraph a line is not wrapped
    assert read_source_text(one_a_line).format == "official-text"


def read_source_text(text: str):
    from ingest.read.formats import FORMATS, recognise_format

    fmt = recognise_format(text, "w.txt")
    return FORMATS[fmt](text, "w.txt")
