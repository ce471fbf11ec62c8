"""Chinese spelling correction by sound (search.spelling_zh): what a pinyin input method's slip
becomes, against a vocabulary of CR terms; and the Chinese vocabulary an edition's names and texts
give (search.vocabulary)."""

from __future__ import annotations

import pytest

from search.spelling_zh import ChineseSpeller, readings, sound
from search.vocabulary import cjk_vocabulary

WORDS = {"践踏": 20, "死触": 20, "传奇规则": 10, "传奇": 30, "生物": 40, "咒语": 30, "反击": 20, "攻击": 30,
         "战场": 30, "手牌": 20, "地行者": 10, "目的": 5, "坟墓场": 20, "操控": 40}


def test_sounds_are_toneless_pinyin_in_context_and_character_by_character() -> None:
    assert sound("践踏") == "jian ta"
    assert readings("践蹋") == ["jian ta"]
    assert readings("控制") == ["kong zhi"]  # not 控's rare reading qiang (强制)


@pytest.mark.parametrize(("run", "expected"), [
    ("践蹋", "践踏"), ("死处", "死触"), ("传起规则", "传奇规则"), ("功击", "攻击"), ("站场", "战场"),
    ("手排", "手牌"), ("地形者", "地行者"),
    ("咒雨会", "咒语会"),          # the stretch that sounds like a word, the rest kept
    ("传奇生无", "传奇生物"),
])
def test_a_slip_of_the_input_method_is_corrected_by_sound(run: str, expected: str) -> None:
    assert ChineseSpeller(WORDS).correct(run) == expected


@pytest.mark.parametrize("run", ["践踏", "控制", "放足", "墓地", "两个"])
def test_a_word_or_one_that_sounds_like_none_is_left_alone(run: str) -> None:
    # a vocabulary word; no word of its sound (控制: the CR says 操控); 放足 is fang zu, 放逐 fang zhu;
    # 墓地 (mu di, "graveyard" in everyday Chinese) sounds like 目的 but shares no character: another word
    assert ChineseSpeller(WORDS).correct(run) is None


def test_of_words_alike_in_sound_the_one_sharing_characters_wins() -> None:
    speller = ChineseSpeller({"墓地": 1, "目的": 50})
    assert speller.correct("幕地") == "墓地"
    assert ChineseSpeller({}).correct("践蹋") is None


def test_a_word_of_everyday_chinese_is_no_slip() -> None:
    from search.chinese import ChineseWords

    words = ChineseWords()
    assert (words.is_word("依存"), words.is_word("死处"), words.is_word("践蹋")) == (True, False, False)
    speller = ChineseSpeller({"遗存": 3, "死触": 5, "践踏": 5}, words.is_word)
    assert speller.correct("依存") is None  # "dependency" (the CR says 从属), not 遗存, read alike
    assert ChineseSpeller({"遗存": 3}).correct("依存") == "遗存"  # without jieba's dictionary
    assert (speller.correct("死处"), speller.correct("践蹋")) == ("死触", "践踏")  # slips are no words
    assert speller.correct("依存", thorough=True) == "遗存"  # a query that found nothing as typed


def test_the_chinese_vocabulary_is_the_names_and_the_words_the_texts_use_twice() -> None:
    texts = ["具有践踏异能的生物造成战斗伤害。", "践踏生物可以把多余的伤害分配给玩家。", "死触是一种异能。"]
    found = cjk_vocabulary(["践踏", "死触", "Trample"], texts, "zh")
    assert found["readings"] == {}
    assert found["words"]["践踏"] == 10 + 2 and found["words"]["死触"] == 10  # a name, then 1 per use from two
    assert found["words"]["生物"] == 2 and found["words"]["异能"] == 2
    assert "伤害" not in found["words"] or found["words"]["伤害"] >= 2
    assert "玩家" not in found["words"]  # used once
