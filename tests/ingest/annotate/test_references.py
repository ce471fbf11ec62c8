"""find_references on real CR excerpts: whole tuples of Reference (span, text, targets) per form.

Each text is copied verbatim from the file and rule named in its comment (a sentence or two of
the rule, not always the whole rule). Files are under ../shared/corpus/ and ../shared/seeds/.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ingest.annotate.references import find_references, resolve_references
from kb.model import Reference as R
from kb.numbers import canonical

ENGLISH = [
    # en/2026-01-16.txt 701.12c: a range whose end is a rule number written short
    (
        "A player who can’t lose life can’t be given a lower life total this way (see rules 119.7–8).",
        (R(77, 90, "rules 119.7–8", ("119.7", "119.8")),),
    ),
    # en/2026-01-16.txt 731.4
    (
        "If a loop contains only mandatory actions, the game is a draw. (See rules 104.4b and 104.4f.)",
        (R(68, 91, "rules 104.4b and 104.4f", ("104.4b", "104.4f")),),
    ),
    # en/2026-01-16.txt 601.2: subrule ranges with an en dash
    (
        "Casting a spell includes proposal of the spell (rules 601.2a–d) and determination and payment "
        "of costs (rules 601.2f–h).",
        (
            R(48, 62, "rules 601.2a–d", ("601.2a", "601.2b", "601.2c", "601.2d")),
            R(104, 118, "rules 601.2f–h", ("601.2f", "601.2g", "601.2h")),
        ),
    ),
    # en/2026-01-16.txt 608.3: "rules 608.3a and b" names 608.3b by its letter alone
    (
        "The instructions in rules 608.3a and b are always performed first. Then one of the steps in "
        "rule 608.3c–e is performed, if appropriate.",
        (
            R(20, 38, "rules 608.3a and b", ("608.3a", "608.3b")),
            R(92, 105, "rule 608.3c–e", ("608.3c", "608.3d", "608.3e")),
        ),
    ),
    # en/2026-01-16.txt glossary "Copiable Values": a list with a serial comma
    (
        "Values of an object’s characteristics that are checked by copy effects. See rules 613.2, 707.2, "
        "and 707.3.",
        (R(76, 105, "rules 613.2, 707.2, and 707.3", ("613.2", "707.2", "707.3")),),
    ),
    # en/2026-01-16.txt 101.4b: a bare subrule number
    (
        "A player knows the choices made by the previous players when making their choice, except as "
        "specified in 101.4a.",
        (R(105, 111, "101.4a", ("101.4a",)),),
    ),
    # en/2026-01-16.txt 103.2: a bare range
    (
        "Perform the actions listed in 103.2a–e in order, as applicable.",
        (R(30, 38, "103.2a–e", ("103.2a", "103.2b", "103.2c", "103.2d", "103.2e")),),
    ),
    # en/2026-01-16.txt 100.1b: a section, its title left out of the span
    (
        "A multiplayer game is a game that begins with more than two players. See section 8, "
        "“Multiplayer Rules.”",
        (R(73, 82, "section 8", ("8",)),),
    ),
    # en/2026-01-16.txt 702.4a: a three-digit rule with its title
    (
        "Double strike is a static ability that modifies the rules for the combat damage step. (See rule "
        "510, “Combat Damage Step.”)",
        (R(91, 99, "rule 510", ("510",)),),
    ),
    # en/2026-01-16.txt glossary "Ability", sense 2: a rule and a section
    (
        "See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”",
        (R(4, 12, "rule 113", ("113",)), R(31, 40, "section 6", ("6",))),
    ),
    # en/2026-01-16.txt glossary "Abandon"
    (
        "To turn a face-up ongoing scheme card face down and put it on the bottom of its owner’s scheme "
        "deck. See rule 701.33, “Abandon.”",
        (R(105, 116, "rule 701.33", ("701.33",)),),
    ),
    # en/2026-01-16.txt 608.3g: a list that goes on after each title, one reference per item
    (
        "(See rules 702.109, “Dash,” 702.152, “Blitz,” and 702.185, “Warp.”)",
        (
            R(5, 18, "rules 702.109", ("702.109",)),
            R(28, 35, "702.152", ("702.152",)),
            R(50, 57, "702.185", ("702.185",)),
        ),
    ),
    # en/2026-01-16.txt 701.27g: a three-digit rule after a title continues the list
    (
        "See rules 701.42, “Meld,” and 729, “Merging with Permanents.”",
        (R(4, 16, "rules 701.42", ("701.42",)), R(30, 33, "729", ("729",))),
    ),
    # en/2026-01-16.txt 702.160a: "See 718, “…”" without the word rule
    (
        "If they do, the alternative set of its power, toughness, and mana cost characteristics are used. "
        "See 718, “Prototype Cards.”",
        (R(101, 104, "718", ("718",)),),
    ),
    # en/2026-01-16.txt 903.13g: a range written in full
    (
        "Commander Draft games follow the same rules as Commander games. See rules 903.6–903.11.",
        (R(68, 86, "rules 903.6–903.11", ("903.6", "903.7", "903.8", "903.9", "903.10", "903.11")),),
    ),
    # en/2026-01-16.txt 701.28a: ranges inside a list
    (
        "This follows rules 701.27a–f, 712.9–10, and 712.18.",
        (
            R(13, 50, "rules 701.27a–f, 712.9–10, and 712.18",
              ("701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f", "712.9", "712.10", "712.18")),
        ),
    ),
    # en/2026-01-16.txt 609.6: three-digit rules in a list
    (
        "Some continuous effects are replacement effects or prevention effects. See rules 614 and 615.",
        (R(75, 92, "rules 614 and 615", ("614", "615")),),
    ),
    # en/2026-01-16.txt 702.132a: a hyphen range
    (
        "(see rules 601.2g-h)",
        (R(5, 19, "rules 601.2g-h", ("601.2g", "601.2h")),),
    ),
    # en/2026-01-16.txt intro: "1" and "0" are not rules; subrule and bare numbers are
    (
        "(Note that subrules skip the letters “l” and “o” due to potential confusion with the numbers “1” "
        "and “0”; subrule 704.5k is followed by 704.5m, then 704.5n, then 704.5p, for example.)",
        (
            R(106, 120, "subrule 704.5k", ("704.5k",)),
            R(136, 142, "704.5m", ("704.5m",)),
            R(149, 155, "704.5n", ("704.5n",)),
            R(162, 168, "704.5p", ("704.5p",)),
        ),
    ),
    # en/2026-01-16.txt glossary "Map": the publisher wrote 110.10 for 111.10 (found, unresolved)
    (
        "For more information about predefined tokens, see rule 110.10.",
        (R(50, 61, "rule 110.10", ("110.10",)),),
    ),
    # en/2008-10-01.txt 502.16a: old numbering, "409.1f-h"
    (
        "Paying a spell's buyback cost follows the rules for paying additional costs in rules 409.1b and "
        "409.1f-h.",
        (R(79, 104, "rules 409.1b and 409.1f-h", ("409.1b", "409.1f", "409.1g", "409.1h")),),
    ),
    # en/2009-09-04.txt 309.1: "Section" with a three-digit rule
    (
        'Only the Planar Magic casual variant uses plane cards. See Section 901, "Planar Magic."',
        (R(59, 70, "Section 901", ("901",)),),
    ),
    # seeds/002 (scraped page): rule 506.4 run into the end of 506.3 is no citation
    (
        '(See rule 420, "State-Based Effects.") 506.4. The subgame proceeds like a normal game.',
        (R(5, 13, "rule 420", ("420",)),),
    ),
    # en/2012-02-01.txt 117.2: a range whose dash has spaces around it
    (
        "Paying the cost to cast a spell or activate an activated ability follows the steps in rules 601.2e - g.",
        (R(86, 102, "rules 601.2e - g", ("601.2e", "601.2f", "601.2g")),),
    ),
    # en/2009-07-11.txt glossary Hideaway: no space after the keyword
    (
        'A keyword ability that lets a player store a secret card. See rule702.72, "Hideaway."',
        (R(62, 72, "rule702.72", ("702.72",)),),
    ),
    # en/2009-05-01.txt 410.9: the file prints ? for its en dash (as for every character outside ASCII)
    (
        'Some abilities trigger when creatures block or are blocked in combat. (See rules 306?311 and rule '
        '500, "Legal Attacks and Blocks.")',
        (R(75, 88, "rules 306?311", ("306", "307", "308", "309", "310", "311")), R(93, 101, "rule 500", ("500",))),
    ),
]

KOREAN = [
    # ko/kormtgcr/2021-11-19.txt 702.27a: 규칙 and a list joined by 와
    (
        "회수 비용을 지불하는 것은 추가 비용을 지불하는 것에 대한 규칙인 규칙 601.2b와 601.2e–h를 따릅니다.",
        (R(37, 56, "규칙 601.2b와 601.2e–h", ("601.2b", "601.2e", "601.2f", "601.2g", "601.2h")),),
    ),
    # ko/kormtgcr/2016-11-11.txt 702.75a: no space after 규칙
    (
        "주문의 Prowl 비용을 지불하는 것은 대체 비용 지불에 대한 규칙인 규칙601.2b와 601.2e–h를 따릅니다.",
        (R(39, 57, "규칙601.2b와 601.2e–h", ("601.2b", "601.2e", "601.2f", "601.2g", "601.2h")),),
    ),
    # ko/kormtgcr/2021-11-19.txt 702.96a: 규정 and 및
    (
        "카드를 과부하 능력으로 발동하는 것은 대체비용 지불에 관한 규정 601.2b 및 601.2e-h에 따릅니다.",
        (R(33, 53, "규정 601.2b 및 601.2e-h", ("601.2b", "601.2e", "601.2f", "601.2g", "601.2h")),),
    ),
    # ko/kormtgcr/2021-11-19.txt 100.1b: 8절 is section 8
    (
        '다인전은 두 명 이상으로 시작하는 게임을 말합니다. 8절 "Multiplayer Rules."을 보세요.',
        (R(29, 31, "8절", ("8",)),),
    ),
    # ko/kormtgcr/2021-11-19.txt 108.6
    (
        '카드에 대한 더 많은 정보를 원한다면, 2절, "Parts of a Card."를 보세요.',
        (R(22, 24, "2절", ("2",)),),
    ),
    # ko/kormtgcr/2021-11-19.txt 122.1d: 규칙 810 참고
    (
        "(쌍두거인 게임에서의 추가적인 규칙은 규칙 810 참고)",
        (R(21, 27, "규칙 810", ("810",)),),
    ),
    # ko/kormtgcr/2016-11-11.txt 702.101c: 규칙 601.2f 참조
    (
        "융합된 분할 주문의 총비용은 각 반쪽의 마나 비용을 포함합니다. (규칙 601.2f 참조)",
        (R(37, 46, "규칙 601.2f", ("601.2f",)),),
    ),
    # ko/kormtgcr/2017-09-29.txt 702.105e: the translator's "704.5.m" is 704.5m
    (
        "이는 규칙 704.5.m의 예외입니다.",
        (R(3, 13, "규칙 704.5.m", ("704.5m",)),),
    ),
    # ko/kormtgcr/2021-11-19.txt 104.3j: English "See rule" kept, a three-digit rule then a rule
    (
        "(이것은 상태 참조 행동입니다. See rule 704, 903.10)",
        (R(22, 38, "rule 704, 903.10", ("704", "903.10")),),
    ),
    # ko/kormtgcr/2021-11-19.txt 707.12: a title in quotes, then a bare range
    (
        '개체의 복사본을 발동하는 것은 규칙 601 "Casting Spells"의 601.2a-h 단계를 따릅니다.',
        (
            R(17, 23, "규칙 601", ("601",)),
            R(42, 50, "601.2a-h",
              ("601.2a", "601.2b", "601.2c", "601.2d", "601.2e", "601.2f", "601.2g", "601.2h")),
        ),
    ),
    # ko/kormtgcr/2021-11-19.txt 509.4a: a range of rules
    (
        "방어자에 의해 격발된 능력들 또는 규칙 509.1-3 도중에 격발된 능력이",
        (R(19, 29, "규칙 509.1-3", ("509.1", "509.2", "509.3")),),
    ),
    # ko/kormtgcr/2021-11-19.txt 616.1f: a citation opening the text (the rule's own number removed)
    (
        "616.1a-d를 따르는 동안, 한 대체 효과 또는 방지 효과가 이벤트에 적용되었고",
        (R(0, 8, "616.1a-d", ("616.1a", "616.1b", "616.1c", "616.1d")),),
    ),
    # ko/kormtgcr/2021-11-19.txt 113.6p: rules separated by semicolons, each with its title
    (
        'See rule 114, "Emblems"; rule 901, "Planechase"; rule 902, "Vanguard"; rule 904, "Archenemy"; '
        'and rule 905, "Conspiracy Draft."',
        (
            R(4, 12, "rule 114", ("114",)),
            R(25, 33, "rule 901", ("901",)),
            R(49, 57, "rule 902", ("902",)),
            R(71, 79, "rule 904", ("904",)),
            R(98, 106, "rule 905", ("905",)),
        ),
    ),
    # seeds/003 303.1: the old translation's "rule. 410"
    (
        "스택을 쌓는 순서는 rule. 410 “Handling Triggered Abilities.”를 참고하시기 바랍니다.",
        (R(11, 20, "rule. 410", ("410",)),),
    ),
    # seeds/003 300.3: title and 참조 glued on
    (
        "(더 자세한 내용은 rule 406, “Mana Abilities”참조)",
        (R(11, 19, "rule 406", ("406",)),),
    ),
    # seeds/003 306.1: a trailing period after the number is not part of it
    (
        "더 자세한 내용은 rule 502.2. “First Strike”와 rule 502.28. “Double Strike”관련 항목을 참고하기 바랍니다.",
        (R(10, 20, "rule 502.2", ("502.2",)), R(38, 49, "rule 502.28", ("502.28",))),
    ),
    # seeds/004 901.?a: lower-case "see rule" inside Korean parentheses, subrule letter x
    (
        "앞면 차원이나 현상 카드가 게임을 떠났을 때(see rule 901.10), 또는 현상의 격발 능력이 스택을 떠났을 때"
        "(see rule 704.5x) planeswalk 할 수 있습니다.",
        (R(29, 40, "rule 901.10", ("901.10",)), R(71, 82, "rule 704.5x", ("704.5x",))),
    ),
    # seeds/004 901.3
    (
        "(See rule 309, “Planes,” and rule 310, “Phenomena.”)",
        (R(5, 13, "rule 309", ("309",)), R(29, 37, "rule 310", ("310",))),
    ),
    # ko/dbyll-20210215/ko-20210215-dbyll-900.md 905.2, after the reader turned the link
    # "[702.105](/700#702.105)" into its text
    (
        'Hidden agenda를 가지는 컨스피러시 카드는 뒷면으로 놓습니다. (See rule 702.105, "Hidden Agenda.")',
        (R(45, 57, "rule 702.105", ("702.105",)),),
    ),
]

JAPANESE = [
    # seeds/001 208.2b: rule 614〔置換効果〕参照
    (
        "置換効果を作る常在型能力を持つカードが存在する(rule 614〔置換効果〕参照)。",
        (R(24, 32, "rule 614", ("614",)),),
    ),
    # seeds/001 103.2: an ASCII hyphen range
    (
        "その場合、rule 103.2a-e で記された処理を順に行う。",
        (R(5, 18, "rule 103.2a-e", ("103.2a", "103.2b", "103.2c", "103.2d", "103.2e")),),
    ),
    # seeds/001 108.4: および between two keyword citations
    (
        "rule 110.2 および rule 112.2 参照。",
        (R(0, 10, "rule 110.2", ("110.2",)), R(15, 25, "rule 112.2", ("112.2",))),
    ),
    # seeds/001 100.3: "rule 9〔…〕" is section 9
    (
        "特別なサイコロを必要とするものがある。rule 9〔カジュアル変種ルール〕参照。",
        (R(19, 25, "rule 9", ("9",)),),
    ),
    # seeds/001 116.1: two titled citations joined by 、
    (
        "(rule 703〔ターン起因処理〕、rule 704〔状況起因処理〕参照)",
        (R(1, 9, "rule 703", ("703",)), R(19, 27, "rule 704", ("704",))),
    ),
    # a bare number after a sentence, with its title then 参照 (as ja 2026-01-16 719.3c): a citation
    (
        "ウィジェットは回る。 950.12 〔回転〕参照",
        (R(11, 17, "950.12", ("950.12",)),),
    ),
    # seeds/001 introduction: subrule letters followed by kana
    (
        "たとえば、rule 704.5kの次はrule 704.5m、rule 704.5n、rule 704.5p となっている。",
        (
            R(5, 16, "rule 704.5k", ("704.5k",)),
            R(19, 30, "rule 704.5m", ("704.5m",)),
            R(31, 42, "rule 704.5n", ("704.5n",)),
            R(43, 54, "rule 704.5p", ("704.5p",)),
        ),
    ),
    # seeds/001 109.5 written in full-width characters (the form other copies of the translation
    # use): the span is the text as written, the targets canonical
    (
        "遅延誘発型能力のコントローラーについては、ｒｕｌｅ ６０３．７ｄ－ｆ 参照。",
        (R(21, 34, "ｒｕｌｅ ６０３．７ｄ－ｆ", ("603.7d", "603.7e", "603.7f")),),
    ),
    # ja/2026-01-16.txt 903.13g and 608.2: ranges written with a second "rule" after ～ or から
    ("rule 903.6 ～rule 903.11 参照。",
     (R(0, 23, "rule 903.6 ～rule 903.11", ("903.6", "903.7", "903.8", "903.9", "903.10", "903.11")),)),
    ("その後で rule 608.2c から rule 608.2m で記",
     (R(5, 31, "rule 608.2c から rule 608.2m",
        ("608.2c", "608.2d", "608.2e", "608.2f", "608.2g", "608.2h", "608.2i", "608.2j", "608.2k", "608.2m")),)),
    # ja/2026-01-16.txt 205.3h and 122.1i: a three-digit rule cited by 参照 alone, maybe after its title
    ("「事件／Case」(719 参照)「クラス", (R(10, 13, "719", ("719",)),)),
    ("誘発型能力を誘発させる。727〔RADカウンター〕参照。", (R(12, 15, "727", ("727",)),)),
]

CHINESE = [
    # zh/2024-04-12.txt glossary 躲避式异能: 至 ("to") joins a range
    ("限制哪些生物可以阻挡攻击生物的异能。参见规则509.1b至c。", (R(20, 30, "规则509.1b至c", ("509.1b", "509.1c")),)),
    # zh/2024-04-12.txt glossary 进入战场: a list of full-width commas (603.6a was read as "3,603" in "3，603.6a")
    ("一个永久物当被创造时“进入战场”。参见规则403.3，603.6a，603.6d以及614.12。",
     (R(19, 48, "规则403.3，603.6a，603.6d以及614.12", ("403.3", "603.6a", "603.6d", "614.12")),)),
    # zh/2024-04-12.txt 116.1: a title after a full-width comma ends the item, and the list goes on
    ("（参见规则703，“回合动作”和704，“状态动作”。）", (R(3, 8, "规则703", ("703",)), R(16, 19, "704", ("704",)))),
]

NOT_REFERENCES = [
    # en/2026-01-16.txt 119.4b: "0 life"
    ("en", "Players can always pay 0 life, no matter what their (or their team’s) life total is."),
    # en/2026-01-16.txt 103.4: "20", "30"
    ("en", "Each player begins the game with a starting life total of 20. Some variant games have different "
           "starting life totals."),
    # en/2026-01-16.txt 702.124b: "100 cards"
    ("en", "Your deck must contain exactly 100 cards, including its two commanders."),
    # en/2026-01-16.txt glossary "Walker": "2/2"
    ("en", "A Walker token is a 2/2 black Zombie creature token named Walker."),
    # en/2026-01-16.txt 731.2a example: "999,999"
    ("en", "and repeating that sequence 999,999 more times, ending just after the last token-creating "
           "ability resolves."),
    # ko/kormtgcr/2021-11-19.txt 702.124b: "100장"
    ("ko", "덱은 2장의 장군을 포함해서 정확히 100장의 카드로 구성되어야 합니다."),
    # ko/kormtgcr/2021-11-19.txt 713.3b: the old number 712.3b left at the start of the text
    ("ko", "712.3b 혼합 쌍인 두 카드가 혼합된 지속물로서 전장에 있는 경우, 이 카드들을"),
    # seeds/001 103.3: "20点"
    ("ja", "それぞれのプレイヤーは20点の初期ライフ総量を持ってゲームを始める。"),
    # seeds/001 header: an edition number and a date
    ("ja", "マジック総合ルール(和訳 20230901.0 版)"),
    # en/2009-05-01.txt copyright line: years joined by the ? the file prints for a dash
    ("en", "are trademarks of Wizards of the Coast LLC in the U.S.A. and other countries. ?1993?2009 Wizards. U.S. Pat. No. RE 37,"),
]


def found(text: str, lang: str) -> tuple[R, ...]:
    """``find_references`` without the targets' spans (``test_target_spans`` checks those)."""
    return tuple(replace(ref, spans=()) for ref in find_references(text, lang))


@pytest.mark.parametrize(("text", "expected"), ENGLISH)
def test_english_forms(text: str, expected: tuple[R, ...]) -> None:
    assert found(text, "en") == expected


@pytest.mark.parametrize(("text", "expected"), KOREAN)
def test_korean_forms(text: str, expected: tuple[R, ...]) -> None:
    assert found(text, "ko") == expected


@pytest.mark.parametrize(("text", "expected"), JAPANESE)
def test_japanese_forms(text: str, expected: tuple[R, ...]) -> None:
    assert found(text, "ja") == expected


@pytest.mark.parametrize(("text", "expected"), CHINESE)
def test_chinese_forms(text: str, expected: tuple[R, ...]) -> None:
    assert found(text, "zh") == expected


@pytest.mark.parametrize(("lang", "text"), NOT_REFERENCES)
def test_numbers_that_are_not_rules(lang: str, text: str) -> None:
    assert find_references(text, lang) == ()


def test_spans_are_the_text_as_written() -> None:
    for lang, cases in (("en", ENGLISH), ("ko", KOREAN), ("ja", JAPANESE)):
        for text, _ in cases:
            for ref in find_references(text, lang):
                assert text[ref.start : ref.end] == ref.text


def test_target_spans_are_the_numbers_as_written() -> None:
    # a number written out has its span (a range's first); the range's other members and a lone letter have none
    texts = {ref_text: ref for text, _ in ENGLISH for ref_text, ref in
             ((r.text, r) for r in find_references(text, "en"))}
    assert texts["rules 104.4b and 104.4f"].spans == ((74, 80), (85, 91))
    assert texts["rules 601.2a–d"].spans == ((54, 60), None, None, None)
    assert texts["rules 608.3a and b"].spans == ((26, 32), None)
    assert texts["rule 510"].spans == ((96, 99),)
    for lang, cases in (("en", ENGLISH), ("ko", KOREAN), ("ja", JAPANESE)):
        for text, _ in cases:
            for ref in find_references(text, lang):
                assert len(ref.spans) == len(ref.targets)
                for target, span in zip(ref.targets, ref.spans):
                    assert span is None or canonical(text[span[0] : span[1]].replace(".m", "m")) == target


def test_korean_section_form_is_korean_only() -> None:
    # "8절" means nothing in an English text; the English forms work in every language
    assert find_references("8절", "en") == ()
    assert found("See section 8.", "ko") == (R(4, 13, "section 8", ("8",)),)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="fr"):
        find_references("See rule 601.2b.", "fr")


def test_resolve_references_splits_targets_in_order_once() -> None:
    # en/2026-01-16.txt: glossary "Map" cites 110.10, a publisher error for 111.10
    refs = (
        R(0, 11, "rule 110.10", ("110.10",)),
        R(20, 34, "rules 111.10a–b", ("111.10a", "111.10b")),
        R(40, 51, "rule 110.10", ("110.10",)),
    )
    known = {"111", "111.10", "111.10a", "111.10b"}
    assert resolve_references(refs, known) == (["111.10a", "111.10b"], ["110.10"])
