"""Korean and Japanese spelling correction (search.spelling_cjk): distances, the vocabulary an
edition's names and texts give, and corrections against it (names from tests/small_kb.py's and
tests/data/search's real rules)."""

from __future__ import annotations

import pytest

from kb.model import Vocabulary
from search.spelling_cjk import CJKSpeller, distance, fold_kana
from search.vocabulary import cjk_vocabulary
from tests.search.search_kb import search_editions


def _vocabulary(lang: str) -> dict[str, object]:
    _, rules, _ = next(e for e in search_editions() if e[0].lang == lang)
    names = [name for rule in rules for name in (rule.title, rule.title_en) if name]
    return cjk_vocabulary(names, [rule.text for rule in rules], lang)


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("돌짐", "돌진", 1),              # one jamo (final ㅁ for ㄴ)
    ("행둥", "행동", 1),              # one vowel
    ("생명연걸", "생명연결", 1),
    ("전투해단", "전투피해단", 2),    # a dropped syllable
    ("멀건리", "멀리건", 2),          # two syllables swapped
    ("돌진", "비행", 4),              # two syllables replaced: 2 x 2
    ("まりがん", "マリガン", 0),      # hiragana for katakana
    ("マリカン", "マリガン", 1),      # a voicing mark
    ("トクン", "トークン", 1),        # a long-vowel mark
    ("マリガンン", "マリガン", 1),
    ("ステツカー", "ステッカー", 0),  # small for full-size kana: a tie, ranked by the raw distance
])
def test_distance(a: str, b: str, expected: int) -> None:
    assert distance(a, b) == expected


def test_fold_kana() -> None:
    assert fold_kana("ゆうせんけん・ABC優") == "ユウセンケン・ABC優"


def test_the_vocabulary_of_an_edition() -> None:
    ko = _vocabulary("ko")
    assert ko["readings"] == {}
    assert {w: n for w, n in ko["words"].items() if n >= 10} == {
        "게임의컨셉": 10, "게임의": 20, "컨셉": 10, "게임의시작": 10, "시작": 10, "턴의구조": 10, "턴의": 10,
        "구조": 10, "전투피해단": 10, "추가적인규칙": 10, "추가적인": 10, "규칙": 10, "키워드능력": 10, "키워드": 10,
        "능력": 10, "비행": 10, "돌진": 10, "상태참조행동": 10, "상태": 10, "참조": 10, "행동": 10}
    ja = _vocabulary("ja")
    assert {w: n for w, n in ja["words"].items() if n >= 10} == {
        "ゲームの考え方": 10, "ゲーム": 12, "マジックの黄金律": 10, "マジック": 11, "黄金律": 10,  # 10 a name, 1 a use
        "タイミングと優先権": 10, "タイミング": 11, "優先権": 13, "マリガン": 11, "プレイヤー": 18}
    assert ja["readings"]["オウゴンリツ"] == "黄金律" and ja["readings"]["ユウセンケン"] == "優先権"
    assert cjk_vocabulary(["Trample"], ["Trample is a static ability."], "en") == {"words": {}, "readings": {}}


@pytest.mark.parametrize(("lang", "word", "expected"), [
    ("ko", "돌짐", "돌진"), ("ko", "비헹", "비행"), ("ko", "상태참조행둥", "상태참조행동"), ("ko", "전투해단", "전투피해단"),
    ("ko", "돌짐은", "돌진은"),                                  # a particle is kept
    ("ja", "マリカン", "マリガン"), ("ja", "まりがん", "マリガン"), ("ja", "マリガンン", "マリガン"),
    ("ja", "タイミンク", "タイミング"), ("ja", "おうごんりつ", "黄金律"), ("ja", "ゆうせんけん", "優先権"),
    ("ko", "돌진", None), ("ko", "돌", None), ("ko", "행동에는", None),  # a word, too short, a word and particle
    ("ko", "돌진을", None), ("ko", "비행이", None),  # a word and its particle, though 돌진 is 1 syllable short of it
    ("ko", "돌격대", None),                                       # nothing close enough
    ("ja", "マリガン", None), ("ja", "マナ", None),
])
def test_corrections(lang: str, word: str, expected: str | None) -> None:
    found = _vocabulary(lang)
    assert CJKSpeller(Vocabulary(names=found["words"], readings=found["readings"])).correct(word) == expected


def test_a_glossary_headword_gives_the_vocabulary_its_term_alone() -> None:
    from search.vocabulary import headword_term

    headword = "フェイズイン、フェイズアウト（ふぇいずいん、ふぇいずあうと）／Phased In, Phased Out"
    assert headword_term(headword) == "フェイズイン、フェイズアウト"
    words = cjk_vocabulary([headword_term(headword)], [], "ja")["words"]
    assert "ふぇいずあうと" not in words and "フェイズアウト" in words
    assert "ふぇいずあうと" in cjk_vocabulary([headword], [], "ja")["words"]
    # a reading as a word made フェイズ・アウト typed without its dot a misspelling of ふぇいずあうと
    assert CJKSpeller(Vocabulary(names={"ふぇいずあうと": 10})).correct("フェイズアウト") == "ふぇいずあうと"
    assert CJKSpeller(Vocabulary(names={"フェイズ・アウト": 10})).correct("フェイズアウト") == "フェイズ・アウト"


def test_two_kanji_are_corrected_only_to_a_word_read_alike() -> None:
    # an input method's slip: one kanji swapped for another of the same reading (池/地: チ, 紋/文: モン)
    speller = CJKSpeller(Vocabulary(names={"墓地": 5, "呪文": 9, "追放": 4, "目的": 3, "墓石": 1}))
    assert [speller.correct(word) for word in ("墓池", "呪紋", "追方", "墓地", "天気", "墓", "基地")] == [
        "墓地", "呪文", "追放", None, None, None, None]  # 基 is not read as 墓, 天気 keeps no kanji
    # a word of everyday Japanese is typed as itself; a kanji's name reading (輝: アキラ) is no reading
    prizes = CJKSpeller(Vocabulary(names={"賞品": 5, "全体": 9, "意味": 9}))
    assert [prizes.correct(word) for word in ("商品", "輝体", "意見", "賞金")] == [None, None, None, None]
    # unless the query found nothing as typed (``thorough``): then it is read as a slip too
    assert [prizes.correct(word, thorough=True) for word in ("商品", "輝体", "賞金")] == ["賞品", None, None]


def test_a_run_longer_than_any_form_is_not_corrected_nor_cut_into_its_deletions(monkeypatch) -> None:
    # 400 Hangul syllables typed without a space made len² deletions of len characters each (10 s);
    # no form of 12 characters or fewer is within two edits of a run of more than 14
    import search.spelling_cjk

    speller = CJKSpeller(Vocabulary(names={"돌진": 9, "생물": 9, "치명타": 5}))
    assert speller.correct("돌짐") == "돌진"
    monkeypatch.setattr(search.spelling_cjk, "_deletions", lambda *a: (_ for _ in ()).throw(AssertionError("cut")))
    assert speller.correct("돌짐생물치명타" * 3) is None
