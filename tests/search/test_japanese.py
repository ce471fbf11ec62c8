"""Japanese query words (``search.japanese``): runs mixing hiragana with kanji or katakana cut by
Janome into the content words a rule holds."""

from __future__ import annotations

from search.cjk_words import read_run
from search.japanese import JapaneseWords
from search.query import Clause, parse_query


def content_words(text: str) -> list[str]:
    return read_run(JapaneseWords().tokens(text), lambda text: False)


def test_a_question_keeps_its_nouns_and_verbs_in_kanji_or_katakana() -> None:
    assert content_words("マリガンはいつできますか") == ["マリガン"]  # マリ + ガン joined; いつ, できる, ます, か out
    assert content_words("伝説のクリーチャーを2体コントロールしたらどうなりますか") == [
        "伝説", "クリーチャー", "2体", "コントロール"]
    assert content_words("打ち消された呪文はどこに行きますか") == ["打ち消さ", "呪文", "行き"]
    assert content_words("トランプルと接死を持つクリーチャーのダメージ") == [
        "トランプル", "接死", "持つ", "クリーチャー", "ダメージ"]


def test_a_name_among_function_words_is_read_whole() -> None:
    names = {"特別な処理"}.__contains__  # 116's title: 特別 + な + 処理
    assert read_run(JapaneseWords().tokens("特別な処理とは何ですか"), names) == ["特別な処理"]
    assert content_words("特別な処理とは何ですか") == ["特別", "処理"]


def test_only_words_mixing_hiragana_with_kanji_or_katakana_are_cut() -> None:
    japanese_words = JapaneseWords()
    parsed = parse_query("レジェンド・ルールとは 状況起因処理 たいしょう 「できない」")
    assert japanese_words(parsed).clauses == (  # quoted phrases first (search.query.parse_query)
        Clause("できない", phrase=True), Clause("レジェンド・ルール"), Clause("状況起因処理"), Clause("たいしょう"))
    unchanged = parse_query("トランプル たいしょう")
    assert japanese_words(unchanged) is unchanged


def test_a_term_typed_in_hiragana_before_its_particle_is_converted() -> None:
    from search.japanese import converted_reading

    readings = {"おうごんりつ": "黄金律", "ゆうせんけん": "優先権", "どうし": "動詞"}.get
    def converted(text: str) -> str | None:
        found = converted_reading(parse_query(text), readings)
        return found and " ".join(clause.text for clause in found.clauses)
    assert converted("おうごんりつとは何ですか") == "黄金律とは何ですか"
    assert converted("ゆうせんけんはいつ得ますか") == "優先権はいつ得ますか"
    assert converted("おうごんりつ黄金") == "黄金律黄金"  # no hiragana after it
    assert converted("どうしてマリガンするのですか") is None  # どうし + て: no particle follows
    assert converted("おうごんりつ") is None  # hiragana alone: spelling correction reads it
    assert converted("マリガンはいつできますか") is None
    assert converted("おうごんりつとは 何") is None  # more than one word


def test_a_speller_gives_the_kanji_word_a_reading_spells() -> None:
    from kb.model import Vocabulary
    from search.spelling_cjk import CJKSpeller

    speller = CJKSpeller(Vocabulary(names={"黄金律": 10, "マリガン": 10}, readings={"オウゴンリツ": "黄金律"}))
    assert speller.word_read_as("おうごんりつ") == "黄金律" and speller.word_read_as("オウゴンリツ") == "黄金律"
    assert speller.word_read_as("まりがん") is None  # a katakana word, no kanji: corrected, not converted


def test_a_verb_no_rule_prints_as_typed_is_searched_in_a_form_a_rule_prints() -> None:
    from search.japanese import verb_forms

    assert verb_forms("引ける") == ["引ける", "引く"]  # potential (can draw): the plain verb too
    assert verb_forms("唱える") == ["唱える", "唱う"]  # looks potential: the first form a rule prints wins
    printed = {"引く", "唱える", "行き"}.__contains__  # words the rule texts hold, written for the test
    cut = JapaneseWords()(parse_query("カードが引けない 唱えられない 行きますか"), in_texts=printed)
    assert [clause.text for clause in cut.clauses] == ["カード", "引く", "唱える", "行き"]
    assert [c.text for c in JapaneseWords()(parse_query("カードが引けない")).clauses] == ["カード", "引け"]  # as typed
