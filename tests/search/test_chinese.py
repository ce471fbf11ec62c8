"""Chinese query words (``search.chinese``): runs of three characters or more cut by jieba into
the words a rule holds."""

from __future__ import annotations

from search.analysis import written_as_japanese
from search.chinese import ChineseWords, simplified
from search.cjk_words import read_run
from search.query import Clause, parse_query


def tokens(text: str):
    return ChineseWords().tokens(text)


def content_words(text: str) -> list[str]:
    return read_run(tokens(text), lambda text: False)


def test_a_question_keeps_the_words_a_rule_holds() -> None:
    assert content_words("什么是践踏") == ["践踏"]  # 什么 (pronoun), 是 (a one-character verb) out
    assert content_words("被反击的咒语会去哪里") == ["反击", "咒语"]
    assert content_words("如果我控制两个同名的传奇生物会怎样") == ["控制", "两个", "同名", "传奇", "生物"]
    assert content_words("践踏和死触") == ["践踏", "死触"]
    assert content_words("践踏是怎么回事") == ["践踏"]  # an idiom


def test_a_name_among_function_words_is_read_whole() -> None:
    names = {"持续性效应的互动", "地行者"}  # 613's title holds 的; jieba takes the 地 of 地行者 for a particle
    assert read_run(tokens("什么是持续性效应的互动"), names.__contains__) == ["持续性效应的互动"]
    assert read_run(tokens("什么是地行者"), names.__contains__) == ["地行者"]
    assert read_run(tokens("什么是地行者"), lambda text: False) == ["行者"]


def test_jieba_taught_an_editions_names_never_cuts_them() -> None:
    words = ChineseWords()
    assert content_words("永久物是怎么回事") == ["永久", "物是"]  # jieba alone
    words.teach("zh-2024-04-12", lambda: ["永久物", "践踏", "x", "edh已废止"])  # names of one Chinese character or other scripts are left out
    assert read_run(words.tokens("永久物是怎么回事"), lambda text: False) == ["永久物"]
    words.teach("zh-2024-04-12", lambda: 1 / 0)  # once per edition


def test_only_runs_of_three_characters_or_more_are_cut() -> None:
    parsed = parse_query("践踏 死触 传奇规则是什么 trample “什么是践踏”")
    chinese_words = ChineseWords()
    assert chinese_words(parsed, {"践踏", "死触"}.__contains__).clauses == (  # quoted phrases first (search.query.parse_query)
        Clause("什么是践踏", phrase=True), Clause("践踏"), Clause("死触"), Clause("传奇"), Clause("规则"), Clause("trample"))
    unchanged = parse_query("践踏 死触")
    assert chinese_words(unchanged) is unchanged


def test_traditional_characters_are_written_simplified_and_other_scripts_kept() -> None:
    assert simplified("什麼是踐踏") == "什么是践踏"
    assert simplified("如果我控制兩個同名的傳奇生物會怎樣") == "如果我控制两个同名的传奇生物会怎样"
    assert simplified("死触 践踏") == "死触 践踏"  # Simplified already
    assert simplified("trample 702.19b 돌진 トランプル") == "trample 702.19b 돌진 トランプル"


def test_han_text_japanese_writes_otherwise_is_not_japanese() -> None:
    words = ["呪文", "探査", "伝説", "起動型能力", "手札", "法術力", "傳奇規則", "踐踏", "传奇规则", "死触", "トランプル"]
    assert [w for w in words if not written_as_japanese(w)] == ["傳奇規則", "踐踏"]  # 传 is Simplified
