"""Text analysis for the search index: one analyzer per language, and name keys.

- English (``en``, and any language crkb does not know): words lower-cased, English stop words
  dropped, stemmed with Porter2 (whoosh's ``porter2``: ``flying -> fli``, ``tokens -> token``;
  ``activated`` and ``regenerated`` stem as ``activate`` and ``regenerate`` do, which the
  original Porter stemmer did not (``dies``, ``died`` and ``dying`` are ``dies``, apart from the
  ``die`` players roll: ``WORD_STEMS``), and ``generic`` is not ``general``;
  ``STEM_FIXES`` mends the few forms Porter2 splits: ``sacrificed``, ``added``).
- Korean and Japanese (``ko``, ``ja``): the text is cut into script runs. Latin and digit runs are
  words, stemmed as in English (Korean headings and texts carry English terms: ``돌진 Trample``,
  ``소환 후유증summoning sickness 룰``). Hangul, kana and kanji runs give overlapping character
  bigrams with consecutive positions (``멀리건 -> 멀리 리건``), so a word or a phrase is a phrase
  query over bigrams and Korean particles (``돌진은``) do not hide a word; a one-character run
  gives that character. Measured against Janome morphological analysis for Japanese: see
  ``benchmarks/search.py`` and the report in the search issue.
- Chinese (``zh``): as Korean and Japanese, with Han runs written in Simplified characters
  (``simplified``) when that keeps their length, so that a Traditional translation and a
  Simplified one are searched alike (``規則 -> 规则``); a query is written in Simplified too.

Every token keeps its character span in the original text (for highlighting); tokens are NFKC
normalised (full-width ``ＡＰＮＡＰ`` is ``apnap``).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import opencc

from whoosh.analysis import (
    STOP_WORDS,
    Analyzer,
    LowercaseFilter,
    RegexTokenizer,
    ShingleFilter,
    SpaceSeparatedTokenizer,
    StemmingAnalyzer,
    Token,
    Tokenizer,
)
from whoosh.lang.porter2 import stem as porter2

from kb.scripts import HALFWIDTH_KANA, HAN, HANGUL_RANGES, HANGUL_SYLLABLES, HIRAGANA, KANJI, KATAKANA

QUESTION_WORDS = STOP_WORDS | frozenset(word.replace("'", "") for word in  # as phrase_words gives them
    "what whats what's happens happen happened does do did doesn't don't how why who whom which where would "
    "could should i me my mine i'm our they them their it's its he she his her so then than because "
    "get gets got there here just also still does only "
    "어떻게 무엇 뭐 왜 언제 어떤 누가 되나요 하나요 인가요 있나요 "  # Korean question words
    "どう なぜ 何 いつ どの 誰 什么 怎么 为什么 哪个 吗".split())  # Japanese, Chinese
"""Words a question is not about, beside whoosh's stop words: left out of a query's length
when measuring how much of it a phrase is (a script run of another script than Latin is one word:
``search.jargon.phrase_words``)."""


CJK_LANGUAGES = ("ko", "ja", "zh")
"""Languages analysed as CJK text (character bigrams plus stemmed Latin words)."""

_RUN = re.compile(
    r"(?P<latin>[0-9A-Za-z\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]+"
    r"(?:['’.][0-9A-Za-z\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]+)*)"
    f"|(?P<cjk>[{HANGUL_RANGES}"
    f"{HIRAGANA}\u309d\u309e{KATAKANA}\u30fc-\u30fe{HALFWIDTH_KANA}"  # kana, prolonged mark
    f"{KANJI}\u3006\uf900-\ufaff]+)"  # kanji, 々, compatibility ideographs
)
WORDS_KEPT = 20000
"""Words whose query tokens stay kept per kind of analyzer (``text_tokens``)."""
_STOP_LATIN = frozenset({"the", "a", "an", "of", "and", "or", "to", "is", "see", "rule", "rules"})
_NAME_DROP = re.compile(r"[\W_]+", re.UNICODE)


class CJKTokenizer(Tokenizer):
    """Latin/digit runs as stemmed words, CJK runs as overlapping character bigrams (see module);
    with ``simplify``, Han written in Simplified characters (Chinese)."""

    simplify = False  # (indexes pickled before it was an attribute read the class's)

    def __init__(self, simplify: bool = False) -> None:
        self.simplify = simplify

    def __call__(  # noqa: PLR0913 - whoosh's tokenizer protocol
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pos = start_pos
        for start, end, text in _cjk_pieces(value, self.simplify):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = value[start:end]
            if positions:
                token.pos = pos
            if chars:
                token.startchar, token.endchar = start_char + start, start_char + end
            pos += 1
            yield token


def _cjk_pieces(value: str, simplify: bool = False) -> Iterator[tuple[int, int, str]]:
    """``(start, end, text)`` of every token of ``value`` (see ``CJKTokenizer``)."""
    for match in _RUN.finditer(value):
        start = match.start()
        run = match.group()
        if match.lastgroup == "latin":
            word = unicodedata.normalize("NFKC", run).lower().replace("’", "'")
            if word not in _STOP_LATIN:
                yield start, match.end(), stem(word)
            continue
        norm = unicodedata.normalize("NFKC", run)
        if len(norm) != len(run):  # keep offsets exact: fall back to the raw run
            norm = run
        if simplify:
            chinese = simplified(norm)
            norm = chinese if len(chinese) == len(norm) else norm
        if len(run) == 1:
            yield start, start + 1, norm
            continue
        for i in range(len(run) - 1):
            yield start + i, start + i + 2, norm[i : i + 2]


STEM_FIXES = {"ad": "add", "sacrif": "sacrific", "referenc": "refer", "doe": "do", "goe": "go"}
"""Porter2 stems that split one word of the rules from its own forms, found by stemming every word
of en 2026-01-16 beside its -s, -ed and -ing forms: ``added``, ``sacrificed``, ``referenced``,
``does``, ``goes`` (``ad``, ``sacrif``, ...) mean ``add``, ``sacrifice``, ``reference``, ``do``, ``go``."""


WORD_STEMS = {"dies": "dies", "died": "dies", "dying": "dies",
              **dict.fromkeys(("planeswalker", "planeswalkers", "planeswalker's", "planeswalkers'"), "planeswalker")}
"""Words kept apart from the stem Porter2 gives them: ``dies`` is the CR's term (700.4: put into a
graveyard from the battlefield), never the plural of the ``die`` players roll (706), which
``die`` alone also means; as ``die`` they found the dice rules for "my commander dies". A
``planeswalker`` (the card type, 306) is not the Planechase verb ``planeswalk`` (901.8) that Porter2
made it: questions about planeswalkers found the Planechase rules."""


QUERY_ALSO = {"die": ("dies",), "zero": ("0",), "0": ("zero",), "simultan": ("at the same time",)}
"""Tokens a query's token also finds: ``die`` typed ("does it die?") is the term dies as well as
the die rolled; ``dies`` typed is only the term (``WORD_STEMS``). ``zero`` is the ``0`` the rules
print (704.5i "loyalty 0"; 19 "zero" in en 2026-01-16 beside "0 or less" and "0 damage"): an
independent keyword set 0.850 -> 0.858 hit@10 ("zero toughness dies"), the dev sets unchanged.
``simultaneously`` is also the rules' "at the same time" (52 of it, 36 of the adverb: 405.3 is only
the phrase), searched as a phrase (``search.query``): that set 0.858 -> 0.867, the dev sets unchanged."""


def stem(word: str) -> str:
    """The Porter2 stem of a lower-case word, as ``STEM_FIXES`` mends it (``sacrificed`` and
    ``sacrifice``: ``sacrific``); ``WORD_STEMS`` first (``died``: ``dies``)."""
    word = word.replace("’", "'")  # porter2 drops a possessive 's written with ' only
    if word in WORD_STEMS:
        return WORD_STEMS[word]
    found = porter2(word)
    return STEM_FIXES.get(found, found)


_HANGUL_RUN = re.compile(f"[{HANGUL_SYLLABLES}]+")


def word_starts(text: str) -> list[str]:
    """The first two syllables of each run of two Hangul syllables or more in ``text``: where its
    Korean words start (``플레이어가 레이어에서`` -> ``플레``, ``레이``). Korean bigrams match inside
    a word, ``레이어`` (layer) in every ``플레이어`` (player); the index keeps these (field
    ``starts``) so that a word found where a word starts counts more (``search.query``)."""
    return [run[:2] for run in _HANGUL_RUN.findall(text) if len(run) >= 2]


def english_analyzer() -> Analyzer:
    """Stemmed English words, stop words dropped (``"State-Based Actions" -> state base action``);
    a word with an apostrophe is one word (``opponent's -> oppon``, ``can't -> can't``: not the
    tokens ``s`` and ``t`` of every possessive and contraction, while ``{S}`` and ``{T}`` stay ``s``
    and ``t``)."""
    return StemmingAnalyzer(r"\w+(?:['’]\w+)?(?:\.?\w+)*", stemfn=stem, minsize=1)


def word_analyzer() -> Analyzer:
    """Unstemmed lower-case Latin words of two letters or more: the vocabulary that spelling
    correction searches (``"Flying creatures" -> flying creatures``)."""
    return RegexTokenizer(r"[A-Za-z][A-Za-z'’]+") | LowercaseFilter()


def cjk_analyzer() -> Analyzer:
    """Korean/Japanese analyzer: CJK bigrams plus stemmed Latin words (see module)."""
    return CJKTokenizer()


def chinese_analyzer() -> Analyzer:
    """Chinese analyzer: ``cjk_analyzer`` over the text written in Simplified characters."""
    return CJKTokenizer(simplify=True)


def simplified(text: str) -> str:
    """``text`` with its Traditional Chinese characters and phrases written in Simplified ones
    (OpenCC ``t2s``; about 2 us): ``什麼是踐踏 -> 什么是践踏``. Latin, Hangul and kana are kept, but
    Japanese kanji are converted too (``手順 -> 手顺``): for Chinese text only."""
    return _to_simplified().convert(text) if HAN.search(text) else text


@functools.cache
def _to_simplified() -> Any:
    return opencc.OpenCC("t2s")  # read-only once made (about 4 ms)


def written_as_japanese(text: str) -> bool:
    """Whether Japanese writes the Han characters of ``text`` as they are (OpenCC ``t2jp`` keeps
    them): ``呪文``, ``探査``, ``伝説`` are; Traditional Chinese ``傳奇規則`` (伝) and ``踐踏`` (践) are
    not. Simplified characters are kept (``传奇规则`` is "as written"). Of the Japanese CR's kanji
    runs, 3 in 2,124 are not (``龍``)."""
    return not HAN.search(text) or _to_japanese().convert(text) == text


@functools.cache
def _to_japanese() -> Any:
    return opencc.OpenCC("t2jp")


def analyzer_for(lang: str) -> Analyzer:
    """The analyzer of a language's text fields: ``chinese_analyzer`` for zh, ``cjk_analyzer``
    for ko/ja, else English. One shared instance per kind (never mutate it): making an analyzer
    costs about 100 us, and its stemming cache (thread-safe) is kept between queries."""
    return _shared_analyzer(_kind(lang))


def _kind(lang: str) -> str:
    return lang if lang == "zh" else "cjk" if lang in CJK_LANGUAGES else "en"


@functools.cache
def _shared_analyzer(kind: str) -> Analyzer:
    return {"zh": chinese_analyzer, "cjk": cjk_analyzer}.get(kind, english_analyzer)()


def pair_analyzer(lang: str) -> Analyzer:
    """Adjacent token pairs of ``analyzer_for(lang)`` joined by a space (``"state-based actions"
    -> "state base", "base action"``): a phrase bonus that costs a term lookup, not a position
    scan. A text of one token gives that token."""
    return analyzer_for(lang) | ShingleFilter(size=2, sep=" ")


def pairs_of(tokens: list[str]) -> list[str]:
    """What ``pair_analyzer`` gives for a text whose tokens are ``tokens``: their adjacent pairs,
    or the token itself when there is one (``[a] -> [a]``, ``[] -> []``)."""
    return token_pairs(tokens) if len(tokens) > 1 else list(tokens)


def token_analyzer() -> Analyzer:
    """Text that is already tokens separated by spaces (``"state base action"``), each kept as it
    is with consecutive positions: the index's text fields, analysed once by ``search.index``."""
    return SpaceSeparatedTokenizer()


def token_pairs(tokens: list[str]) -> list[str]:
    """The pairs ``pair_analyzer`` indexes for a run of query tokens (``[a, b, c] -> ["a b", "b c"]``)."""
    return [f"{a} {b}" for a, b in zip(tokens, tokens[1:])]


def analyze(analyzer: Analyzer, text: str) -> list[str]:
    """The token texts ``analyzer`` gives for ``text`` as a query, in order."""
    return [t.text for t in analyzer(text, mode="query")]


def text_tokens(text: str, lang: str) -> list[str]:
    """``analyze(analyzer_for(lang), text)``, from the tokens of each word of ``text`` kept from
    earlier calls (``WORDS_KEPT`` words): no token of these analyzers spans a space."""
    kind = _kind(lang)
    return [token for word in text.split() for token in _word_tokens(word, kind)]


@functools.lru_cache(maxsize=WORDS_KEPT)
def _word_tokens(word: str, kind: str) -> tuple[str, ...]:
    return tuple(analyze(_shared_analyzer(kind), word))


def name_key(text: str, lang: str) -> str:
    """The exact-name key of a title, glossary term or defined term, and of a whole query.

    Two texts name the same thing when their keys are equal: English keys are the stemmed words
    joined by spaces (``"Tokens" -> "token"``, ``"state-based actions" -> "state base action"``);
    CJK keys are the NFKC, lower-cased text without spaces or punctuation
    (``"상태 참조 행동" -> "상태참조행동"``), Chinese ones in Simplified characters (``"傳奇規則" ->
    "传奇规则"``). Returns ``""`` when nothing is left.
    """
    if lang in CJK_LANGUAGES:
        key = _NAME_DROP.sub("", unicodedata.normalize("NFKC", text).lower())
        return simplified(key) if lang == "zh" else key
    return " ".join(text_tokens(text, "en"))
