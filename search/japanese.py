"""Japanese query words: a run of Japanese text cut into the words a rule would hold.

Japanese is written without spaces, so a query such as ``マリガンはいつできますか`` ("when can I
mulligan?") is one word of the query (``search.query``), whose every bigram a rule had to hold
(``はい``, ``ます``, ``すか``: the CR's plain style never asks). Here a run mixing hiragana with
kanji or katakana is cut by Janome (the morphological analyzer ``search.vocabulary`` already reads
kanji with) into its content words, nouns and verbs, and what a rule never holds is left out:
particles, auxiliaries, adverbs, pronouns (いつ, どこ), adnominals (その) and the verbs written in
hiragana alone (する, なる, できる): ``マリガンはいつできますか -> マリガン``,
``伝説のクリーチャーを2体コントロールしたらどうなりますか -> 伝説 クリーチャー 2体 コントロール``.
Each content word is then a word of the query, every one required by the every-word pass.

Runs without hiragana (``トランプル``, ``状況起因処理``) and runs of hiragana alone (``たいしょう``,
which spelling correction reads as ``対象``) are kept as typed, as are quoted phrases and a query
that is a rule's whole name (``search.searcher`` checks); a run holding a name between its
function words is read as that name (``特別な処理とは何ですか -> 特別な処理``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kb.scripts import HIRAGANA, HIRAGANA_RUN, KANJI, KATAKANA
from search.cjk_words import IsName, Token, cut_clauses, read_run
from search.query import Clause, ParsedQuery

LEFT_OUT = frozenset({"助詞", "助動詞", "記号", "副詞", "連体詞", "接続詞", "感動詞", "フィラー"})
"""Janome's parts of speech (first level) a rule's words never are in a query."""
LEFT_OUT_KINDS = frozenset({("名詞", "代名詞"), ("名詞", "非自立"), ("動詞", "非自立"), ("動詞", "接尾")})
"""(part of speech, second level) pairs left out too: いつ, どこ, こと, the れ of 打ち消される."""
_HIRAGANA = re.compile(f"[{HIRAGANA}]")
_KATAKANA_ONLY = re.compile(f"[{KATAKANA}・ー]+")
_OTHER_JAPANESE = re.compile(f"[{KANJI}{KATAKANA}]")


PARTICLES_AFTER = ("とは", "って", "は", "が", "を", "の", "に", "で", "と", "も", "から", "まで", "へ", "や")
"""Particles that may follow a term typed in hiragana at the start of a query (``converted_reading``)."""
MIN_READING_KANA = 3


def converted_reading(parsed: ParsedQuery, word_read_as: Callable[[str], str | None]) -> ParsedQuery | None:
    """``parsed`` with the hiragana that opens its one word written as the word it reads, when a
    particle or nothing follows it (``おうごんりつとは何ですか -> 黄金律とは何ですか``: Janome cuts
    unconverted hiragana into nonsense); ``word_read_as`` gives the vocabulary word a kana
    reading spells (the speller's, ``search.spelling_cjk``), or None. The longest such reading of
    ``MIN_READING_KANA`` kana or more wins; None when ``parsed`` has no such opening."""
    if len(parsed.clauses) != 1 or parsed.clauses[0].phrase:
        return None
    text = parsed.clauses[0].text
    opening = HIRAGANA_RUN.match(text)
    if opening is None or opening.end() == len(text):  # hiragana alone: spelling correction reads it
        return None
    for end in range(opening.end(), MIN_READING_KANA - 1, -1):
        rest = text[end:]
        word = word_read_as(text[:end])
        if word and (not rest or not _HIRAGANA.match(rest) or rest.startswith(PARTICLES_AFTER)):
            return replace(parsed, clauses=(Clause(word + rest),))
    return None


class JapaneseWords:
    """Cuts Japanese queries (``__call__``); one per searcher, its Janome tokenizer made on first use
    (the dictionary loads in about 0.15 s) and shared by the searcher's threads under a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokenizer: Any = None

    def __call__(self, parsed: ParsedQuery, is_name: IsName = lambda text: False) -> ParsedQuery:
        """``parsed`` with each of its words that mixes hiragana with kanji or katakana replaced by
        its content words, or by the name it holds (``is_name``; see module); the same query when
        none does. A word Janome leaves nothing of is kept as typed."""
        return cut_clauses(parsed, lambda text: read_run(self.tokens(text), is_name) if _mixed(text) else [])

    def tokens(self, text: str) -> list[Token]:
        """Janome's tokens of ``text`` as ``search.cjk_words`` reads them: a suffix joins the word
        before it, and katakana joins katakana (Janome cuts ``マリガン`` as ``マリ`` + ``ガン``)."""
        with self._lock:
            if self._tokenizer is None:
                from janome.tokenizer import Tokenizer

                self._tokenizer = Tokenizer()
            found = list(self._tokenizer.tokenize(text))
        tokens: list[Token] = []
        previous = ""
        for token in found:
            kinds = token.part_of_speech.split(",")
            kept = kinds[0] not in LEFT_OUT and tuple(kinds[:2]) not in LEFT_OUT_KINDS and not (
                kinds[0] == "動詞" and HIRAGANA_RUN.fullmatch(token.surface))
            joins = kinds[1] == "接尾" or bool(_KATAKANA_ONLY.fullmatch(previous + token.surface))
            tokens.append((token.surface, kept, joins))
            previous = token.surface if kept else ""
        return tokens


def _mixed(text: str) -> bool:
    return bool(_HIRAGANA.search(text) and _OTHER_JAPANESE.search(text))
