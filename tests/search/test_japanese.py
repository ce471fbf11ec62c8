"""Japanese query words (``search.japanese``): runs mixing hiragana with kanji or katakana cut by
Janome into the content words a rule holds."""

from __future__ import annotations

from search.japanese import JapaneseWords
from search.query import Clause, parse_query


def test_a_question_keeps_its_nouns_and_verbs_in_kanji_or_katakana() -> None:
    content_words = JapaneseWords().content_words
    assert content_words("マリガンはいつできますか") == ["マリガン"]  # マリ + ガン joined; いつ, できる, ます, か out
    assert content_words("伝説のクリーチャーを2体コントロールしたらどうなりますか") == [
        "伝説", "クリーチャー", "2体", "コントロール"]
    assert content_words("打ち消された呪文はどこに行きますか") == ["打ち消さ", "呪文", "行き"]
    assert content_words("トランプルと接死を持つクリーチャーのダメージ") == [
        "トランプル", "接死", "持つ", "クリーチャー", "ダメージ"]


def test_only_words_mixing_hiragana_with_kanji_or_katakana_are_cut() -> None:
    japanese_words = JapaneseWords()
    parsed = parse_query("レジェンド・ルールとは 状況起因処理 たいしょう 「できない」")
    assert japanese_words(parsed).clauses == (  # quoted phrases first (search.query.parse_query)
        Clause("できない", phrase=True), Clause("レジェンド・ルール"), Clause("状況起因処理"), Clause("たいしょう"))
    unchanged = parse_query("トランプル たいしょう")
    assert japanese_words(unchanged) is unchanged
