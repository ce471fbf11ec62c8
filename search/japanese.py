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

    def __call__(self, parsed: ParsedQuery, is_name: IsName = lambda text: False,
                 in_texts: Callable[[str], bool] = lambda text: True) -> ParsedQuery:
        """``parsed`` with each of its words that mixes hiragana with kanji or katakana replaced by
        its content words, or by the name it holds (``is_name``; see module); the same query when
        none does. A word Janome leaves nothing of is kept as typed. A verb no rule prints as
        typed (``in_texts``: whether a rule's text holds it) is searched in the first of its
        ``verb_forms`` a rule does print: ``引けない`` (can't draw) is ``引く``."""
        def words(text: str) -> list[str]:
            if not _mixed(text):
                return []
            tokens, verbs = self._read(text)
            return [_as_printed(word, verbs, in_texts) for word in read_run(tokens, is_name)]

        return cut_clauses(parsed, words)

    def tokens(self, text: str) -> list[Token]:
        """Janome's tokens of ``text`` as ``search.cjk_words`` reads them: a suffix joins the word
        before it, and katakana joins katakana (Janome cuts ``マリガン`` as ``マリ`` + ``ガン``)."""
        return self._read(text)[0]

    def _read(self, text: str) -> tuple[list[Token], dict[str, str]]:
        """``tokens`` and ``{surface: dictionary form}`` of its inflected verbs written with kanji."""
        with self._lock:
            if self._tokenizer is None:
                from janome.tokenizer import Tokenizer

                self._tokenizer = Tokenizer()
            found = list(self._tokenizer.tokenize(text))
        verbs = {token.surface: token.base_form for token in found if token.part_of_speech.startswith("動詞,自立")
                 and token.surface != token.base_form and _OTHER_JAPANESE.search(token.surface)}
        tokens: list[Token] = []
        previous = ""
        for token in found:
            kinds = token.part_of_speech.split(",")
            kept = kinds[0] not in LEFT_OUT and tuple(kinds[:2]) not in LEFT_OUT_KINDS and not (
                kinds[0] == "動詞" and HIRAGANA_RUN.fullmatch(token.surface))
            joins = kinds[1] == "接尾" or bool(_KATAKANA_ONLY.fullmatch(previous + token.surface))
            tokens.append((token.surface, kept, joins))
            previous = token.surface if kept else ""
        return tokens, verbs


_POTENTIAL = str.maketrans("けげせてねべめれえ", "くぐすつぬぶむるう")


def verb_forms(base: str) -> list[str]:
    """The forms a rule may print a verb in, given Janome's dictionary form of what was typed: that
    form (``唱える``), and of a potential verb (e-row kana and ``る``: ``引ける``, can draw) the
    plain verb it is made from (``引く``; a verb that only looks potential, ``唱える``, gives
    ``唱う`` too, which no rule prints: the caller keeps the first form a rule prints)."""
    forms = [base]
    if len(base) >= 3 and base.endswith("る") and base[-2] in "けげせてねべめれえ":
        forms.append(base[:-2] + base[-2].translate(_POTENTIAL))
    return forms


def _as_printed(word: str, verbs: dict[str, str], in_texts: Callable[[str], bool]) -> str:
    """``word``, or the first of its verb's ``verb_forms`` a rule prints when no rule prints it."""
    verb = next((surface for surface in verbs if word.startswith(surface)), None)
    if verb is None or in_texts(word):
        return word
    return next((form for form in verb_forms(verbs[verb]) if in_texts(form)), word)


def _mixed(text: str) -> bool:
    return bool(_HIRAGANA.search(text) and _OTHER_JAPANESE.search(text))
