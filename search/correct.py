"""Spelling correction of a query in one edition: a word no text of the edition holds is
replaced by the edition's nearest word (``search.spelling`` for Latin words, ``search.spelling_cjk``
for Korean and Japanese script runs, ``search.spelling_zh`` for Chinese ones, by sound); a word the texts hold, a stop word, and (in a question) a
capitalised name are never changed."""

from __future__ import annotations

from dataclasses import replace

import whoosh.reading
from whoosh import query as wq
from whoosh.searching import Searcher as WhooshSearcher

from search.index import TEXT_FIELDS
from search.english import is_common_english
from search.informative import is_long
from search.query import ParsedQuery, field_tokens
from search.scoring import cached
from search.spelling import LatinSpeller
from search.spelling_cjk import SCRIPT_RUN, CJKSpeller
from search.spelling_zh import ChineseSpeller

Speller = CJKSpeller | ChineseSpeller


def correct_query(
    searcher: WhooshSearcher, parsed: ParsedQuery, lang: str, speller: Speller | None = None,
    thorough: bool = False, latin: LatinSpeller | None = None,
) -> ParsedQuery:
    """``parsed`` with every Latin word that no text field of the edition holds replaced by its
    spelling correction (``latin``, the edition's ``search.spelling.LatinSpeller``; none without), and with ``speller`` (the edition's, ``search.spelling_cjk``)
    every Korean/Japanese word or script run of a word that has a bigram no text holds; with
    ``thorough`` also every Korean/Japanese word that is not a vocabulary word (for a query whose
    words are all held but find nothing together). Unchanged when nothing needs or has a correction."""
    clauses = []
    names = is_long(parsed)  # in a question, a capitalised word no text holds is a name, not a typo
    among_others = sum(len(clause.text.split()) for clause in parsed.clauses) > 1
    for clause in parsed.clauses:
        words = [
            _corrected_cjk(searcher, word, lang, speller, thorough) if speller and not word.isascii()
            else word if names and word[:1].isupper() else _kept_correction(searcher, word, lang, latin, among_others)
            for word in clause.text.split()
        ]
        text = " ".join(words)
        clauses.append(clause if text == clause.text else replace(clause, text=text))
    if all(new is old for new, old in zip(clauses, parsed.clauses)):
        return parsed
    return replace(parsed, clauses=tuple(clauses))


def _corrected_cjk(searcher: WhooshSearcher, word: str, lang: str, speller: Speller, thorough: bool) -> str:
    """``word`` with each of its script runs corrected (``_corrected_run``), each run's correction
    kept per edition searcher, run, speller and ``thorough`` like a Latin word's."""
    def run_corrected(run: str) -> str:
        return cached(searcher, ("cjk correction", run, lang, speller, thorough),
                      lambda: _corrected_run(searcher, run, lang, speller, thorough))

    return SCRIPT_RUN.sub(lambda match: run_corrected(match.group()), word)


def _corrected_run(searcher: WhooshSearcher, run: str, lang: str, speller: Speller, thorough: bool) -> str:
    """A script run of a word, corrected when it is two characters or more and no text has it:
    a token no text field holds, or a run the speller does not know (``CJKSpeller.knows``) that
    no heading or text holds as a phrase; with ``thorough``, any run that is no vocabulary word."""
    if len(run) < 2:
        return run
    held = not thorough and held_in_texts(searcher.reader(), run, lang)
    if held and (speller.knows(run) or phrase_held(searcher, run, lang)):
        return run
    return speller.correct(run, thorough) or run


def held_in_texts(reader: whoosh.reading.IndexReader, text: str, lang: str,
                  fields: tuple[str, ...] = TEXT_FIELDS) -> bool:
    """True when every token of ``text`` is in some field of ``fields`` (the text fields) of the edition."""
    tokens = field_tokens("body", text, lang)
    return all(any(reader.doc_frequency(field, token) for field in fields) for token in tokens)


def phrase_held(searcher: WhooshSearcher, text: str, lang: str) -> bool:
    """True when the tokens of ``text`` stand together in some heading or text of the edition, or
    ``text`` has fewer than two tokens (``held_in_texts`` tells those)."""
    tokens = field_tokens("body", text, lang)
    phrase = wq.Or([wq.Phrase(field, tokens) for field in ("heading", "body")])
    return len(tokens) < 2 or any(True for _ in phrase.docs(searcher))


def in_rule_texts(searcher: WhooshSearcher, text: str, lang: str) -> bool:
    """True when some heading or rule text of the edition holds ``text``'s tokens together
    (examples aside: a Korean example quotes a card's ``죽을 때``, which no rule says); kept per
    edition searcher."""
    def held() -> bool:
        return bool(field_tokens("body", text, lang)) and held_in_texts(
            searcher.reader(), text, lang, ("heading", "body")) and phrase_held(searcher, text, lang)

    return cached(searcher, ("in rule texts", text, lang), held)


def _kept_correction(searcher: WhooshSearcher, word: str, lang: str, latin: LatinSpeller | None,
                     among_others: bool = False) -> str:
    """``_corrected`` of a Latin word, kept per edition searcher, word and speller (``latin``, the
    edition's; None corrects nothing); ``among_others`` when the query has other words."""
    if latin is None:
        return word
    return cached(searcher, ("latin correction", word, lang, latin, among_others),
                  lambda: _corrected(searcher.reader(), word, lang, latin, among_others))


def _corrected(reader: whoosh.reading.IndexReader, word: str, lang: str, latin: LatinSpeller | None,
               among_others: bool) -> str:
    lowered = word.lower()
    if latin is None or not lowered.isascii() or not lowered.isalpha():
        return word
    tokens = field_tokens("body", lowered, lang)
    if not tokens or any(reader.doc_frequency(field, token) for field in TEXT_FIELDS for token in tokens):
        return word  # a stop word ("from") is never a typo
    if among_others and is_common_english(lowered):
        return word  # the player's own word ("kill source ability"), not a slip for "mill"
    return (latin.correct(lowered) if latin else None) or word
