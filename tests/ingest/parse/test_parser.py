"""ingest.parse.parser on short real excerpts (``parser/`` of tests/data for the seeds, cut from the
corpus at test time for the others (``tests.corpus.EXCERPTS``); one paragraph per line, blank lines
skipped but counted so that paragraph lines match the excerpt's line numbers).

Each test compares the whole ParsedText. Long rule texts are taken from the excerpt line they
were copied from (``after``), asserting the number prefix, so that the structure (which
paragraph becomes which rule, example, glossary entry or diagnostic) is what is checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.parse.parser import ParsedText, contents_titles, parse_rules
from ingest.sources import Diagnostic, Paragraph
from kb.model import Example, GlossaryEntry, Rule


class Excerpt:
    """An excerpt file: its paragraphs and its lines by 1-based number."""

    def __init__(self, folder: Path, name: str) -> None:
        self.name = name
        self.lines = (folder / "parser" / name).read_text(encoding="utf-8").split("\n")

    def paragraphs(self) -> list[Paragraph]:
        return [Paragraph(text.strip(), n) for n, text in enumerate(self.lines, 1) if text.strip()]

    def line(self, n: int) -> str:
        return self.lines[n - 1].strip()

    def after(self, n: int, prefix: str) -> str:
        """Line ``n`` without its ``prefix`` (a rule number or label), checking that it is there."""
        text = self.line(n)
        assert text.startswith(prefix), (n, text[:40])
        return text[len(prefix) :]

    def parse(self, lang: str) -> ParsedText:
        return parse_rules(self.paragraphs(), lang=lang, source=self.name)


@pytest.fixture
def excerpt(test_data: Path, request):
    """An excerpt by name: of a seed from tests/data, else cut from the corpus (``corpus_data``)."""
    return lambda name: Excerpt(test_data if "seed" in name else request.getfixturevalue("corpus_data"), name)


def test_modern_english_rules_examples_contents_and_glossary(excerpt) -> None:
    x = excerpt("en-2026-01-16.txt")
    src = x.name

    def rule(n: int, number: str, prefix: str, **kw) -> Rule:
        return Rule(number, x.after(n, prefix), source=src, line=n, **kw)

    expected = ParsedText(
        rules=[
            Rule("1", "Game Concepts", title="Game Concepts", source=src, line=24),
            Rule("100", "General", title="General", source=src, line=26),
            rule(28, "100.1", "100.1. "),
            Rule("100.1a", "A two-player game is a game that begins with only two players.", source=src, line=30),
            rule(32, "100.1b", "100.1b "),
            Rule("101", "The Magic Golden Rules", title="The Magic Golden Rules", source=src, line=34),
            rule(36, "101.1", "101.1. "),
            rule(38, "101.2", "101.2. ", examples=(Example(x.after(39, "Example: ")),)),
            Rule(
                "205.4c",
                x.after(41, "205.4c ") + "\n" + x.line(42),
                source=src,
                line=41,
            ),
            Rule("7", "Additional Rules", title="Additional Rules", source=src, line=44),
            Rule("702", "Keyword Abilities", title="Keyword Abilities", source=src, line=46),
            Rule("702.19", "Trample", title="Trample", source=src, line=48),
            rule(50, "702.19g", "702.19g "),
        ],
        glossary=[
            GlossaryEntry("Abandon", x.line(55), source=src, line=54),
            GlossaryEntry(
                "Ability",
                "1. Text on an object that explains what that object does or can do.\n"
                "2. An activated or triggered ability on the stack. This kind of ability is an object.\n"
                "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”",
                source=src,
                line=57,
            ),
            GlossaryEntry("Ability Word", x.line(63), source=src, line=62),
            GlossaryEntry("Artifact", "A card type. An artifact is a permanent. See rule 301, “Artifacts.”", source=src, line=65),
            GlossaryEntry("Artifact Creature", x.line(69), source=src, line=68),
            GlossaryEntry("X", "A placeholder for a number that needs to be determined. See rule 107.3.", source=src, line=71),
            GlossaryEntry("Y", "See X.", source=src, line=74),
        ],
        diagnostics=[
            Diagnostic(src, 1, "front-matter", "14 paragraphs skipped, from: Magic: The Gathering Comprehensive Rules"),
            Diagnostic(src, 77, "back-matter", "3 paragraphs skipped, from: Credits"),
        ],
    )
    assert x.parse("en") == expected


def test_numbers_printed_with_two_digits_swapped_are_read_back_from_their_place(excerpt) -> None:
    # en 2006-05-01 prints the Status rules 510.2-510.6 as 501.2-501.6 after 510.1: 501.2 and 501.3
    # again (Evasion Abilities has them), 501.4 out of sequence
    x = excerpt("en-2006-05-01-duplicates.txt")
    src = x.name
    renumbered = ("renumbered",)
    expected = ParsedText(
        rules=[
            Rule("501", "Evasion Abilities", title="Evasion Abilities", source=src, line=1),
            Rule("501.1", x.after(3, "501.1. "), source=src, line=3),
            Rule(
                "501.2",
                "Evasion abilities are cumulative.",
                examples=(Example(x.after(6, "Example: ")),),
                source=src,
                line=5,
            ),
            Rule("501.3", x.after(8, "501.3. "), source=src, line=8),
            Rule("510", "Status", title="Status", source=src, line=10),
            Rule("510.1", x.after(12, "510.1. "), source=src, line=12),
            Rule("510.2", x.after(14, "501.2. "), flags=renumbered, source=src, line=14, printed_number="501.2"),
            Rule("510.3", x.after(16, "501.3. "), flags=renumbered, source=src, line=16, printed_number="501.3"),
            Rule("510.4", x.after(18, "501.4. "), flags=renumbered, source=src, line=18, printed_number="501.4"),
            Rule("6", "Multiplayer Rules", title="Multiplayer Rules", source=src, line=20),
        ],
        glossary=[],
        diagnostics=[
            Diagnostic(src, 14, "duplicate-number", "501.2 printed again"),
            Diagnostic(src, 14, "renumbered", "510.2 printed as 501.2"),
            Diagnostic(src, 16, "duplicate-number", "501.3 printed again"),
            Diagnostic(src, 16, "renumbered", "510.3 printed as 501.3"),
            Diagnostic(src, 18, "out-of-sequence", "501.4 after a higher number"),
            Diagnostic(src, 18, "renumbered", "510.4 printed as 501.4"),
        ],
    )
    assert x.parse("en") == expected


def test_old_glossary_keeps_indented_senses_and_examples(excerpt) -> None:
    x = excerpt("en-2002-10-07-old-glossary.txt")
    src = x.name
    expected = ParsedText(
        rules=[
            Rule("102", "Winning and Losing", title="Winning and Losing", source=src, line=1),
            Rule("102.7", "A player may concede a game at any time.", source=src, line=3),
            Rule("102.8", x.after(5, "102.8 "), source=src, line=5),
        ],
        glossary=[
            GlossaryEntry("Ability", "\n".join(x.line(n) for n in (10, 11, 12)), source=src, line=9),
            GlossaryEntry('"As though"', "\n".join(x.line(n) for n in range(15, 21)), source=src, line=14),
            GlossaryEntry("Y, Z", "See X.", source=src, line=22),
        ],
        diagnostics=[Diagnostic(src, 25, "back-matter", "2 paragraphs skipped, from: Credits")],
    )
    parsed = x.parse("en")
    assert parsed == expected
    assert parsed.glossary[1].definition.split("\n")[1].startswith("Example: ")


def test_korean_headings_carry_english_titles_and_the_glossary_is_omitted(excerpt) -> None:
    x = excerpt("ko-2021-11-19.txt")
    src = x.name
    expected = ParsedText(
        rules=[
            Rule("1", "게임의 컨셉", title="게임의 컨셉", title_en="Game Concepts", source=src, line=18),
            Rule("100", "일반", title="일반", title_en="General", source=src, line=20),
            Rule("100.1", x.after(22, "100.1. "), source=src, line=22),
            Rule("106.5", x.after(24, "106.5. "), examples=(Example(x.after(25, "Example: ")),), source=src, line=24),
            Rule("302.4b", "생물의 방어력은 파괴되기 위해 필요한 피해의 양입니다.", source=src, line=27),
            Rule("7", "추가적인 규칙", title="추가적인 규칙", title_en="Additional Rules", source=src, line=29),
            Rule("702", "키워드 능력", title="키워드 능력", title_en="Keyword Abilities", source=src, line=31),
            Rule("702.19", "돌진 Trample", title="돌진", title_en="Trample", source=src, line=33),
            Rule("702.19a", x.after(35, "702.19a "), source=src, line=35),
            Rule("702.19g", x.after(37, "702.19g "), source=src, line=37),
            Rule(
                "904.12",
                "슈퍼악당 패싸움 옵션 Supervillain Rumble Option",
                title="슈퍼악당 패싸움 옵션",
                title_en="Supervillain Rumble Option",
                source=src,
                line=39,
            ),
        ],
        glossary=[],
        diagnostics=[
            Diagnostic(src, 1, "front-matter", "10 paragraphs skipped, from: 매직: 더 개더링 종합 규칙서"),
            Diagnostic(src, 45, "back-matter", ("1 paragraph skipped, from: " + x.line(45))[:200]),
        ],
    )
    assert x.parse("ko") == expected


def test_korean_seed_contents_lines_are_skipped(excerpt) -> None:
    x = excerpt("ko-seed-000.txt")
    src = x.name
    expected = ParsedText(
        rules=[
            Rule("700", "일반", title="일반", source=src, line=7),
            Rule("700.1", x.after(8, "700.1. "), examples=(Example(x.after(9, "Example: ")),), source=src, line=8),
            Rule("706", "주사위 굴리기 Rolling a Die", title="주사위 굴리기", title_en="Rolling a Die", source=src, line=11),
            Rule("706.1", x.after(12, "706.1. "), source=src, line=12),
        ],
        glossary=[],
        diagnostics=[Diagnostic(src, 1, "front-matter", "4 paragraphs skipped, from: Contents")],
    )
    assert x.parse("ko") == expected


def test_old_korean_commentary_continues_rules_and_208_1_is_out_of_sequence(excerpt) -> None:
    x = excerpt("ko-seed-003.txt")
    src = x.name
    expected = ParsedText(
        rules=[
            Rule("3", "턴의 구성 (Turn Structure)", title="턴의 구성", title_en="Turn Structure", source=src, line=1),
            Rule("300.3", x.after(2, "300.3. "), source=src, line=2),
            Rule("300.6", "\n".join([x.after(3, "300.6. "), x.line(4), x.line(5)]), source=src, line=3),
            Rule("306.2b", x.after(7, "306.2b. ") + "\n" + x.line(8), source=src, line=7),
            Rule("208.1", x.after(9, "208.1. "), flags=("out-of-sequence",), source=src, line=9),
            Rule("308.2", "\n".join([x.after(10, "308.2. "), x.line(11), x.line(12)]), source=src, line=10),
            Rule("308.2d", x.after(13, "308.2d. "), source=src, line=13),
        ],
        glossary=[],
        diagnostics=[Diagnostic(src, 9, "out-of-sequence", "208.1 after a higher number")],
    )
    assert x.parse("ko") == expected


def test_japanese_examples_and_mokuji(excerpt) -> None:
    x = excerpt("ja-seed-001.txt")
    src = x.name
    expected = ParsedText(
        rules=[
            Rule("1", "ゲームの考え方", title="ゲームの考え方", source=src, line=12),
            Rule("100.1", x.after(13, "100.1. "), source=src, line=13),
            Rule("101", "マジックの黄金律", title="マジックの黄金律", source=src, line=15),
            Rule("101.1", x.after(16, "101.1. "), source=src, line=16),
            Rule("101.2", x.after(17, "101.2. "), examples=(Example(x.after(18, "例:")),), source=src, line=17),
        ],
        glossary=[],
        diagnostics=[Diagnostic(src, 1, "front-matter", "9 paragraphs skipped, from: マジック総合ルール(和訳 20230901.0 版)")],
    )
    assert x.parse("ja") == expected


def test_misprinted_numbers_and_stray_text() -> None:
    """Real misprints: ``702. 37a`` (en 2009-07-11) is repaired, ``306.b`` (en 2008-10-01) after
    a rule it cannot follow stays text of the rule before it; text before any rule and a glossary line without headword are
    reported, never dropped."""
    paragraphs = [
        Paragraph("702. Keyword Abilities", 1),
        Paragraph("702.37. Storm", 2),
        Paragraph('702. 37a Storm is a triggered ability that functions on the stack.', 3),
        Paragraph("306.b If an effect would put a creature into play attacking", 4),
        Paragraph("Glossary", 5),
        Paragraph("A definition line with no headword before it.", 6),
        Paragraph("Zone", 7),
        Paragraph("A place where objects can be during a game. See section 4, “Zones.”", 8),
    ]
    expected = ParsedText(
        rules=[
            Rule("702", "Keyword Abilities", title="Keyword Abilities", source="s", line=1),
            Rule("702.37", "Storm", title="Storm", source="s", line=2),
            Rule(
                "702.37a",
                "Storm is a triggered ability that functions on the stack.\n"
                "306.b If an effect would put a creature into play attacking",
                flags=("malformed-number",),
                source="s",
                line=3,
            ),
        ],
        glossary=[GlossaryEntry("Zone", paragraphs[7].text, source="s", line=7)],
        diagnostics=[
            Diagnostic("s", 3, "malformed-number", paragraphs[2].text),
            Diagnostic("s", 4, "malformed-number", paragraphs[3].text),
            Diagnostic("s", 6, "unparsed", "glossary text without headword: " + paragraphs[5].text),
        ],
    )
    assert parse_rules(paragraphs, lang="en", source="s") == expected


def test_glossary_headword_glued_to_its_first_sense_is_split() -> None:
    """en 2021-06-09 prints ``Ability1. Text on an object ...`` on one line."""
    paragraphs = [
        Paragraph("100.1. These Magic rules apply to any Magic game with two or more players.", 1),
        Paragraph("Glossary", 2),
        Paragraph("Ability1. Text on an object that explains what that object does or can do.", 3),
        Paragraph("2. An activated or triggered ability on the stack. This kind of ability is an object.", 4),
    ]
    parsed = parse_rules(paragraphs, lang="en", source="s")
    assert parsed.glossary == [
        GlossaryEntry(
            "Ability",
            "1. Text on an object that explains what that object does or can do.\n" + paragraphs[3].text,
            source="s",
            line=3,
        )
    ]


def test_a_glossary_headword_with_a_no_break_space_is_named_with_a_space() -> None:
    """A copy whose spaces became no-break spaces: the term names a page (/en/glossary/Widget Cost)."""
    paragraphs = [
        Paragraph("100.1. These Magic rules apply to any Magic game with two or more players.", 1),
        Paragraph("Glossary", 2),
        Paragraph("Widget\u00a0Cost", 3),
        Paragraph("The cost to spin a widget.\u00a0See rule 100.1.", 4),
    ]
    assert parse_rules(paragraphs, lang="en", source="s").glossary == [
        GlossaryEntry("Widget Cost", paragraphs[3].text, source="s", line=3)]


def test_the_fewest_numbers_are_out_of_sequence_and_take_the_numbers_their_place_expects(excerpt) -> None:
    """kormtgcr 2017-01-20 prints 702.102c-e as 702.105c-e: those three are flagged, not the
    four headings after them, and renumbered."""
    x = excerpt("ko-2017-01-20-misprinted.txt")
    src, renumbered = x.name, ("renumbered",)
    expected = ParsedText(
        rules=[
            Rule("702.102", "권능 Bestow", title="권능", title_en="Bestow", source=src, line=1),
            Rule("702.102b", x.after(3, "702.102b "), source=src, line=3),
            Rule("702.102c", x.after(5, "702.105c "), flags=renumbered, source=src, line=5,
                 printed_number="702.105c"),
            Rule("702.102d", x.after(7, "702.105d "), flags=renumbered, source=src, line=7,
                 printed_number="702.105d"),
            Rule("702.102e", x.after(9, "702.105e "), flags=renumbered, source=src, line=9,
                 printed_number="702.105e"),
            Rule("702.103", "조공 Tribute", title="조공", title_en="Tribute", source=src, line=11),
            Rule("702.104", "Dethrone", title="Dethrone", title_en="Dethrone", source=src, line=13),
            Rule("702.105", "Hidden Agenda", title="Hidden Agenda", title_en="Hidden Agenda", source=src, line=15),
            Rule("702.106", "버티기 Outlast", title="버티기", title_en="Outlast", source=src, line=17),
        ],
        glossary=[],
        diagnostics=[
            Diagnostic(src, 5, "out-of-sequence", "702.105c before a lower number"),
            Diagnostic(src, 5, "renumbered", "702.102c printed as 702.105c"),
            Diagnostic(src, 7, "out-of-sequence", "702.105d before a lower number"),
            Diagnostic(src, 7, "renumbered", "702.102d printed as 702.105d"),
            Diagnostic(src, 9, "out-of-sequence", "702.105e before a lower number"),
            Diagnostic(src, 9, "renumbered", "702.102e printed as 702.105e"),
        ],
    )
    assert x.parse("ko") == expected


def test_a_contents_page_alone_gives_no_rules() -> None:
    """The dbyll index (``100. 일반 General`` lines, no numbered rule) is all front matter."""
    paragraphs = [Paragraph("1. 게임의 컨셉 Game Concepts", 10), Paragraph("100. 일반 General", 11)]
    assert parse_rules(paragraphs, lang="ko", source="s") == ParsedText(
        rules=[],
        glossary=[],
        diagnostics=[Diagnostic("s", 10, "front-matter", "2 paragraphs skipped, from: 1. 게임의 컨셉 Game Concepts")],
    )


def test_a_contents_list_of_bare_headings_ends_before_the_body() -> None:
    """Seed 000's contents written without its ``- `` bullets: ``726.`` cannot precede ``700.``."""
    texts = ["Contents", "700. 일반", "726. 적법하지 않은 행동 처리", "700. 일반", "700.1. 게임상에서 일어나는 모든 것은 이벤트입니다."]
    paragraphs = [Paragraph(text, n) for n, text in enumerate(texts, 1)]
    assert parse_rules(paragraphs, lang="ko", source="s") == ParsedText(
        rules=[
            Rule("700", "일반", title="일반", source="s", line=4),
            Rule("700.1", texts[4].removeprefix("700.1. "), source="s", line=5),
        ],
        glossary=[],
        diagnostics=[Diagnostic("s", 1, "front-matter", "3 paragraphs skipped, from: Contents")],
    )


def test_english_titles_from_another_files_contents() -> None:
    """A dbyll page (section heading from its front matter) with the index page's contents:
    a heading that prints its English title keeps it, ``700. 일반`` takes the index's, and so does
    ``701. 키워드 행동들`` (worded a little otherwise); ``712. 혼합 카드`` (Meld Cards) does not take
    the ``Controlling Another Player`` of a contents list older than the body (ko 2016-07-22)."""
    index = [
        Paragraph("목차", 26),
        Paragraph("7. 추가 규칙 Additional Rules", 30),
        Paragraph("700. 일반 General", 32),
        Paragraph("701. 키워드 행동 Keyword Actions", 33),
        Paragraph("712. 다른 플레이어를 조종하기Controlling Another Player", 34),
        Paragraph("210. Hand Modifier", 35),
        Paragraph("이 문서는 Magic: The Gathering® 경쟁 게임 플레이에서 최고의 권위를 가집니다.", 18),
    ]
    contents = contents_titles(index, "ko")
    assert contents == {"7": ("추가 규칙", "Additional Rules"), "700": ("일반", "General"),
                        "701": ("키워드 행동", "Keyword Actions"),
                        "712": ("다른 플레이어를 조종하기", "Controlling Another Player"),
                        "210": ("Hand Modifier", "Hand Modifier")}
    rule_700_1 = "게임상에서 일어나는 모든 것은 이벤트입니다."
    page = [
        Paragraph("7. 추가 규칙 Additional Rules", 7),
        Paragraph("700. 일반", 15),
        Paragraph(f"700.1. {rule_700_1}", 18),
        Paragraph("701. 키워드 행동들", 19),
        Paragraph("712. 혼합 카드", 20),
    ]
    contents = {**contents, "7": ("추가 규칙", "Other")}
    assert parse_rules(page, lang="ko", source="700.md", contents_en=contents) == ParsedText(
        rules=[
            Rule("7", "추가 규칙 Additional Rules", title="추가 규칙", title_en="Additional Rules", source="700.md", line=7),
            Rule("700", "일반", title="일반", title_en="General", source="700.md", line=15),
            Rule("700.1", rule_700_1, source="700.md", line=18),
            Rule("701", "키워드 행동들", title="키워드 행동들", title_en="Keyword Actions", source="700.md", line=19),
            Rule("712", "혼합 카드", title="혼합 카드", source="700.md", line=20),
        ],
        glossary=[],
        diagnostics=[],
    )
    assert contents_titles(index, "en") == {}


def test_an_example_over_several_lines_stays_one_example() -> None:
    """Invented rules, laid out as ko 607.5 and ja 123.6b print their examples."""
    def parsed(lang: str, *lines: str) -> Rule:
        paragraphs = [Paragraph("9. 위젯", 1), Paragraph("950. 위젯", 2), *(Paragraph(t, n) for n, t in enumerate(lines, 3))]
        return parse_rules(paragraphs, lang=lang, source="s.txt").rules[-1]

    korean = parsed("ko", "950.1. 위젯은 회전합니다.", "Example: 위젯 A는 다음 능력을 가집니다.", "위젯 B는 다음 능력을 가집니다.",
                    "위젯 A가 회전하면 위젯 B도 회전합니다.")
    assert (korean.text, korean.examples) == ("위젯은 회전합니다.", (Example(
        "위젯 A는 다음 능력을 가집니다.\n위젯 B는 다음 능력을 가집니다.\n위젯 A가 회전하면 위젯 B도 회전합니다."),))
    japanese = parsed("ja", "950.1. ウィジェットは回る。", "例：", "ウィジェットAが回る。", "例：ウィジェットBが回る。")
    assert (japanese.text, japanese.examples) == ("ウィジェットは回る。", (Example("ウィジェットAが回る。"), Example("ウィジェットBが回る。")))
    english = parsed("en", "950.1. Widgets spin.", "Example: A widget spins.", "Spinning widgets are widgets that spin.")
    assert (english.text, english.examples) == ("Widgets spin.\nSpinning widgets are widgets that spin.",
                                                (Example("A widget spins."),))  # 2002-10-07 410.10d


def test_a_subrule_printed_without_its_rules_digits_is_read_back_after_the_one_before() -> None:
    """en 2008-10-01 prints 306.3b as ``306.b``: right after 306.3a it can be no other number.
    Elsewhere (``306.d`` after 306.3a, ``307.b`` after 306.3a) it stays text of the rule before."""
    paragraphs = [Paragraph("306.3a The first subrule.", 1), Paragraph("306.b The second subrule.", 2),
                  Paragraph("306.d Not the next letter.", 3), Paragraph("307.c Not the same rule.", 4)]
    parsed = parse_rules(paragraphs, lang="en", source="s")
    assert [(r.number, r.text, r.flags) for r in parsed.rules] == [
        ("306.3a", "The first subrule.", ()),
        ("306.3b", "The second subrule.\n306.d Not the next letter.\n307.c Not the same rule.", ("malformed-number",))]
    assert [(d.line, d.kind) for d in parsed.diagnostics] == [
        (2, "malformed-number"), (3, "malformed-number"), (4, "malformed-number")]
