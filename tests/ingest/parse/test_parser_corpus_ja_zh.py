"""The whole Japanese translation of 2026-01-16 and the Chinese translation's four editions parse
like the English editions of their dates (reads ../shared; skipped when absent).

Each Chinese edition is compared number by number with the English text of its effective date
(SOURCES.md names the pairs); examples (``例如：``) and glossary entries (``词汇表``) are counted
against the English ones, and the credits (``版权信息``) stay out of every rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.parse.parser import ParsedText, parse_rules
from ingest.read.detect import detect_meta
from ingest.read.formats import read_source
from kb.store.terms import split_headword

pytestmark = pytest.mark.corpus

PAIRS = {"2022-06-10": "2022-06-10", "2023-11-17": "2023-11-17", "2024-02-02": "2024-02-06",
         "2024-04-12": "2024-04-10"}
"""Chinese edition (its effective date) -> the English file of that effective date."""


def _parse(path: Path) -> tuple[str, str | None, ParsedText]:
    source = read_source(path)
    meta = detect_meta(source.text)
    return meta.lang, str(meta.effective_date), parse_rules(source.paragraphs, lang=meta.lang, source=source.name)


@pytest.fixture(scope="module")
def editions(shared_dir: Path) -> dict[str, tuple[ParsedText, ParsedText]]:
    out = {}
    for zh, en in PAIRS.items():
        lang, date, parsed = _parse(shared_dir / f"corpus/zh/{zh}.txt")
        assert (lang, date) == ("zh", zh)
        out[zh] = (parsed, _parse(shared_dir / f"corpus/en/{en}.txt")[2])
    return out


def test_each_chinese_edition_holds_the_english_numbers_of_its_date(editions) -> None:
    differences = {}
    for date, (zh, en) in editions.items():
        zh_numbers, en_numbers = {r.number for r in zh.rules}, {r.number for r in en.rules}
        assert len(zh_numbers & en_numbers) >= 0.995 * len(en_numbers), date
        if zh_numbers ^ en_numbers:
            differences[date] = (sorted(en_numbers - zh_numbers), sorted(zh_numbers - en_numbers))
    # the translator printed 701.42a twice (line 3379 is 701.42b of the English text): renumbered
    assert differences == {}


def _examples(parsed: ParsedText) -> int:
    return sum(len(r.examples) for r in parsed.rules)


def test_examples_and_glossary_are_read_and_credits_kept_out(editions) -> None:
    counts = {date: (_examples(zh), _examples(en), len(zh.glossary), len(en.glossary))
              for date, (zh, en) in editions.items()}
    # zh 2022-06-10 holds one entry more than English (627 paragraph pairs between 词汇表 and its
    # appended list of provisional names, 暂译名称列表, which is back matter)
    assert counts == {"2022-06-10": (266, 266, 627, 626), "2023-11-17": (276, 276, 668, 668),
                      "2024-02-02": (276, 276, 673, 673), "2024-04-12": (277, 277, 681, 681)}
    for zh, _ in editions.values():
        assert max(len(r.text) for r in zh.rules) < 5000
        assert not [r.number for r in zh.rules if "Richard Garfield" in r.text or "词汇表" in r.text]


def test_a_definition_ending_in_a_stray_letter_is_no_headword(editions) -> None:
    zh, _ = editions["2022-06-10"]
    entries = {g.term: g.definition for g in zh.glossary}
    assert entries["改变叙述的效应"].endswith("。v") and "改变叙述的效应" not in entries["文字栏"]
    assert entries["改变区域触发"].endswith("参见规则603.6。")  # the provisional names after it are back matter


def test_a_headword_ending_in_a_translators_note_is_its_own_entry(editions) -> None:
    zh, _ = editions["2024-04-12"]
    entries = {g.term: g.definition for g in zh.glossary}
    noted = [term for term in entries if "注：" in term]
    assert [term.split("（")[0] for term in noted] == ["反击/指示物", "轮抽/抽选", "抓/平手", "阶段/时间跳跃", "放置", "使用/场上"]
    cost = entries["费用"]  # 反击/指示物 no longer glued on
    assert "\n" not in cost and cost.endswith("阻止另一个动作发生。参见规则118，“费用”。")
    assert entries[noted[0]].startswith("1. 取消一个咒语或异能") and "\n2. 一个放置在物件或牌手上的标示物" in entries[noted[0]]


def test_a_chinese_keyword_rule_reads_whole(editions) -> None:
    zh, _ = editions["2024-04-12"]
    rules = {r.number: r for r in zh.rules}
    assert (rules["702.19"].title, rules["702.19"].text) == ("践踏", "践踏")
    assert rules["702.19a"].text.startswith("践踏属于静止式异能，会影响分配攻击生物之战斗伤害的规则。")
    trample = [g for g in zh.glossary if g.term == "践踏"]
    assert len(trample) == 1 and "702.19" in trample[0].definition


@pytest.fixture(scope="module")
def japanese(shared_dir: Path) -> tuple[ParsedText, ParsedText]:
    lang, date, parsed = _parse(shared_dir / "corpus/ja/2026-01-16.txt")
    assert (lang, date) == ("ja", "2026-01-16")
    return parsed, _parse(shared_dir / "corpus/en/2026-01-16.txt")[2]


def test_japanese_holds_the_english_numbers_of_its_date(japanese) -> None:
    ja, en = japanese
    ja_numbers, en_numbers = {r.number for r in ja.rules}, {r.number for r in en.rules}
    assert len(ja_numbers & en_numbers) >= 0.999 * len(en_numbers)
    # 610.5 is not translated; 805.10g is printed in Japanese only; 720 is printed ``720 . 前兆カード``
    assert (sorted(en_numbers - ja_numbers), sorted(ja_numbers - en_numbers)) == (["610.5"], ["805.10g"])
    omen = next(r for r in ja.rules if r.number == "720")
    assert (omen.title, "malformed-number" in omen.flags) == ("前兆カード", True)


def test_japanese_examples_glossary_and_keyword_headings(japanese) -> None:
    ja, en = japanese
    assert (_examples(ja), _examples(en), len(ja.glossary), len(en.glossary)) == (276, 276, 728, 725)
    rules = {r.number: r for r in ja.rules}
    assert (rules["702.19"].title, rules["702.19"].title_en) == ("トランプル", "Trample")
    assert max(len(r.text) for r in ja.rules) < 5000
    trample = [g for g in ja.glossary if g.term.startswith("トランプル（")]
    assert [g.definition for g in trample] == ["クリーチャーがどう戦闘ダメージを割り振るかを修整するキーワード能力。rule 702.19〔トランプル〕参照。"]


def test_long_japanese_headwords_are_not_glued_to_the_entry_before(japanese) -> None:
    ja, _ = japanese
    heads = [split_headword(g.term) for g in ja.glossary]
    english = [e for _, _, e in heads]
    # over 70 characters with their reading and English term: read as headwords, not definition lines
    assert "Active Player, Nonactive Player Order" in english
    assert "Remove from the Game/Removed/Removed-from-the-Game Zone" in english
    active = next(g for g in ja.glossary if g.term.startswith("アクティブ・プレイヤー（"))
    assert "\n" not in active.definition and active.definition.endswith("rule 102.1 参照。")
    assert ("生息条件(島)", "せいそくじょうけんしま", "Islandhome") in heads  # half-width brackets in the term
    assert [g.term for g, (_, _, e) in zip(ja.glossary, heads) if e is None] == ["（へや）／Room"]  # the term is missing


def test_a_chinese_edition_in_traditional_characters_parses_as_in_simplified(editions, shared_dir: Path,
                                                                           tmp_path: Path) -> None:
    import opencc

    from ingest.annotate.references import find_references

    simplified = editions["2024-04-12"][0]
    source = (shared_dir / "corpus/zh/2024-04-12.txt").read_text(encoding="utf-8-sig")
    traditional = tmp_path / "2024-04-12.txt"
    traditional.write_text(opencc.OpenCC("s2t").convert(source), encoding="utf-8")
    lang, date, parsed = _parse(traditional)
    assert (lang, date) == ("zh", "2024-04-12")
    assert detect_meta(read_source(traditional).text).title == "萬智牌完整規則"
    assert [r.number for r in parsed.rules] == [r.number for r in simplified.rules]
    # 詞彙表 opens the glossary and 版權信息 the credits, as 词汇表 and 版权信息 do; 參見規則 cites a rule
    assert len(parsed.glossary) >= len(simplified.glossary) - 5
    assert [r.text for r in parsed.rules if r.text.startswith("版權信息")] == [] and parsed.rules[-1].number == "905.6"
    cited = [sum(len(find_references(r.text, "zh")) for r in rules) for rules in (parsed.rules, simplified.rules)]
    assert cited[0] >= cited[1] > 1000, cited
