"""The spelling vocabulary of an edition, computed at build time and stored with it (``kb.store``):
the Latin words of its rules' names and texts for ``search.spelling``, the Korean/Japanese name
words and readings for ``search.spelling_cjk``, and the Chinese name and text words for
``search.spelling_zh``. ``edition_vocabulary`` gives the whole ``kb.model.Vocabulary``; the
searcher reads it back from the store.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

from kb.model import GlossaryNames, Rule, Vocabulary
from kb.store.terms import split_headword
from search.spelling_cjk import KANA_ONLY, KANJI_RUN, KATAKANA_WORD, SCRIPT_RUN, SPACES, fold_kana
from search.spelling_zh import HAN_WORD

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
"""A vocabulary word of the Latin speller: two letters or more, lower-cased (``Flying -> flying``)."""
NAME_WEIGHT = 10
"""A word's weight per name it is in; a katakana word of the rule texts weighs 1 per use."""
MIN_KANJI_USES = 2
"""A kanji run of the Japanese rule texts, or a word jieba cuts from the Chinese ones, joins the
vocabulary (with its reading) from this many uses."""


def edition_vocabulary(rules: Sequence[Rule], glossary: GlossaryNames, lang: str) -> Vocabulary:
    """The vocabulary of an edition in ``lang`` from its rules (document order, defined terms
    filled) and what its glossary terms name: ``title_words`` from every rule's title, English
    title, glossary names and defined terms; ``text_words`` from the rule texts; the CJK names
    and readings of ``cjk_vocabulary`` (empty unless ``lang`` is ``ko``/``ja``/``zh``)."""
    names = [[n for n in (r.title, r.title_en, *map(headword_term, glossary.names.get(r.number, ()))) if n]
             for r in rules]
    titles = Counter(w for found, rule in zip(names, rules) for w in latin_words(" ".join(found + list(rule.defined_terms))))
    texts = Counter(latin_words("\n".join(rule.text for rule in rules)))
    every_name = chain((n for found in names for n in found), (t for rule in rules for t in rule.defined_terms))
    cjk = cjk_vocabulary(every_name, (rule.text for rule in rules), lang)
    return Vocabulary(dict(titles), dict(texts), cjk["words"], cjk["readings"])


def headword_term(headword: str) -> str:
    """A glossary headword's term alone: a Japanese one without its kana reading and English term
    (``フェイズイン、フェイズアウト（ふぇいずいん、ふぇいずあうと）／Phased In, Phased Out``: its
    reading made フェイズアウト a misspelling of ふぇいずあうと), a translation's without its
    translators' note."""
    return split_headword(headword)[0]


def latin_words(text: str) -> list[str]:
    """The lower-case Latin words of ``text`` (``"Flying creatures" -> flying creatures``)."""
    return [word.lower() for word in LATIN_WORD.findall(text)]


def cjk_vocabulary(names: Iterable[str], texts: Iterable[str], lang: str) -> dict[str, object]:
    """The correction vocabulary of an edition in ``lang`` (``ko``/``ja``/``zh``; else empty), as
    JSON-ready data ``{"words": {word: weight}, "readings": {katakana reading: word}}`` (Japanese
    only; Chinese words are read by sound at search time, ``search.spelling_zh``).
    ``names`` are every title, defined term and glossary term (one entry per use), ``texts`` the
    rule texts."""
    words: Counter[str] = Counter()
    if lang not in ("ko", "ja", "zh"):
        return {"words": {}, "readings": {}}
    for name in names:
        for word in dict.fromkeys(_name_words(name)):
            words[word] += NAME_WEIGHT
    if lang == "zh":
        import rjieba  # about 0.15 s to make; 0.1 s to cut an edition's texts

        jieba = rjieba.Jieba()
        used = Counter(w for text in texts for w in jieba.cut(text) if HAN_WORD.fullmatch(w))
        words.update({word: n for word, n in used.items() if n >= MIN_KANJI_USES})
        return {"words": dict(words), "readings": {}}  # read by sound at search time (search.spelling_zh)
    if lang == "ja":
        kanji: Counter[str] = Counter()
        for text in texts:
            words.update(KATAKANA_WORD.findall(text))
            kanji.update(run for run in KANJI_RUN.findall(text) if len(run) >= 2)
        words.update({run: n for run, n in kanji.items() if n >= MIN_KANJI_USES})
    readings = _readings(w for w in words if _has_kanji(w)) if lang == "ja" else {}
    return {"words": dict(words), "readings": readings}


def _name_words(name: str) -> Iterator[str]:
    whole = SPACES.sub("", unicodedata.normalize("NFKC", name))
    if len(whole) >= 2 and not whole.isascii():
        yield whole
    for run in SCRIPT_RUN.findall(unicodedata.normalize("NFKC", name)):
        if len(run) >= 2 and run.strip("・"):
            yield run.strip("・")


def _has_kanji(word: str) -> bool:
    return bool(KANJI_RUN.search(word))


def _readings(words: Iterable[str]) -> dict[str, str]:
    from janome.tokenizer import (
        Tokenizer,  # build time only: the dictionary takes ~0.3 s to load
    )

    tokenizer = Tokenizer()
    found: dict[str, str] = {}
    for word in words:
        parts = [t.reading if t.reading != "*" else fold_kana(t.surface) for t in tokenizer.tokenize(word)]
        reading = "".join(parts)
        if KANA_ONLY.match(reading):
            found.setdefault(reading, word)
    return found


