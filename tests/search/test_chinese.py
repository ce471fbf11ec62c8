"""Chinese query words (``search.chinese``): runs of three characters or more cut by jieba into
the words a rule holds."""

from __future__ import annotations

from search.chinese import chinese_words, content_words
from search.query import Clause, parse_query


def test_a_question_keeps_the_words_a_rule_holds() -> None:
    assert content_words("什么是践踏") == ["践踏"]  # 什么 (pronoun), 是 (a one-character verb) out
    assert content_words("被反击的咒语会去哪里") == ["反击", "咒语"]
    assert content_words("如果我控制两个同名的传奇生物会怎样") == ["控制", "两个", "同名", "传奇", "生物"]
    assert content_words("践踏和死触") == ["践踏", "死触"]


def test_only_runs_of_three_characters_or_more_are_cut() -> None:
    parsed = parse_query("践踏 死触 传奇规则是什么 trample “什么是践踏”")
    assert chinese_words(parsed).clauses == (  # quoted phrases first (search.query.parse_query)
        Clause("什么是践踏", phrase=True), Clause("践踏"), Clause("死触"), Clause("传奇"), Clause("规则"), Clause("trample"))
    unchanged = parse_query("践踏 死触")
    assert chinese_words(unchanged) is unchanged
