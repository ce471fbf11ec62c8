"""Which glossary entries a term names, for the glossary pages and the search page's entry.

An entry is named by its headword, else by a name it lists (``Kicker, Kicked``; a Japanese
headword's term, kana reading and English term; a headword without its bracketed note), else by
the singular of an English name, compared on ``name_key``. A Korean edition, whose texts print no
glossary, has the English glossary its glossary page shows, named also by its Korean terms.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kb.model import Edition, GlossaryEntry
from kb.scripts import KANA, script_language
from kb.store.coverage import english_stand_in
from kb.store.terms import english_singular, fold, split_headword
from search.analysis import simplified
from web import state

JARGON_ENTRIES = 2
"""Most glossary entries shown for judge vocabulary (``EDH``: Commander and EDH (Obsolete); the six
entries citing the mulligan rule are too many to be what ``london mulligan`` means)."""
GLOSSED_CHARS = 60
"""A query longer than this names no glossary entry (typed terms are short; the longest headwords,
"Remove from the Game, Removed, …", are lists of obsolete terms)."""


def english_glossary(edition: Edition) -> tuple[Edition | None, dict[str, str]]:
    """For an edition whose source omits the glossary (Korean): the English edition shown instead
    (its English partner, else the newest English) and ``{English term: the term in the edition's
    language}`` where the term dictionary knows it, or its plural (the Korean headings pair
    ``카드`` with ``Cards``, the glossary says ``Card``); ``(None, {})`` when no English glossary
    is there. Read once per build."""
    cache = state.cache("english_glossary")
    if edition.id not in cache:
        cache[edition.id] = _english_glossary(edition)
    return cache[edition.id]


def _english_glossary(edition: Edition) -> tuple[Edition | None, dict[str, str]]:
    store = state.store()
    english = english_stand_in(store, edition) or (store.find_edition("en") if "en" in store.languages() else None)
    if english is None or not store.glossary(english.id):
        return None, {}
    native = {}
    for entry in store.glossary(english.id):
        term = next((t for form in (entry.term, f"{entry.term}s", f"{entry.term}es")
                     for t in _terms_in(form, edition.lang)), None)
        if term:
            native[entry.term] = term
    return english, native


_NOTE = re.compile(r"\s*[（(][^（()）]*[）)]\s*")
"""A bracketed note or reading in a headword: ``(Obsolete)``, ``（已废止）``, ``（とらんぷる）``."""
_LISTED = re.compile(r"\s*[,、，／/]\s*")
"""What separates the terms one headword lists: ``Kicker, Kicked``, ``阶段/时间跳跃``."""
_LEFT_OUT = re.compile(r"[!！'\"‘’“”・·]")
"""Marks a query leaves out of a term: ``Start Your Engines!``, ``Intervening “If” Clause``,
``レジェンド・ルール``."""


def name_key(text: str) -> str:
    """How a query and the names of glossary entries are compared: folded (``fold``), without the
    marks a query leaves out (``_LEFT_OUT``), a hyphen as a space (``state based actions``) and
    without a leading "the" (``the stack`` is ``Stack``)."""
    key = " ".join(_LEFT_OUT.sub("", fold(text)).replace("-", " ").split())
    return key[4:] if key.startswith("the ") else key


def entry_named(edition: Edition, term: str) -> GlossaryEntry | None:
    """The entry of ``edition`` that ``term`` names (``name_key`` aside, and in Chinese,
    Traditional characters): by its headword, else by a name it lists (``_names``): a Japanese
    entry ``トランプル（とらんぷる）／Trample`` is named by トランプル, とらんぷる or Trample, ``Kicker,
    Kicked`` by kicker, ``At End of Turn (Obsolete)`` by at end of turn, ``State-Based Actions``
    by state-based action, a Chinese ``践踏`` by 踐踏; the first in the glossary's order of the
    entries a name is shared by (``entries_named``); None when no entry is."""
    found = entries_named(edition, term)
    return found[0] if found else None


def entries_named(edition: Edition, term: str) -> list[GlossaryEntry]:
    """Every entry ``term`` names as ``entry_named`` reads it, in the glossary's order, when
    entries share the name (Japanese エンチャント is both Enchant and Enchantment, イベント Event and
    Tournament); empty when none."""
    named = _entry_names(edition)
    wanted = (name_key(term), name_key(simplified(term))) if edition.lang == "zh" else (name_key(term),)
    headwords = next((named[key] for key in wanted if key in named), [])
    store = state.store()
    return [entry for headword in headwords if (entry := store.glossary_entry(edition.id, headword))]


def _entry_names(edition: Edition) -> dict[str, list[str]]:
    """``{name_key of a name: headwords}`` of ``edition``'s glossary, read once per build: every
    entry's headword first, then the names each lists, then their singulars; a name is kept for
    the entries that have it at the first of these steps that gives it (so that 传奇, legendary,
    is not also the obsolete 传奇（已废止）)."""
    cache = state.cache("glossary_names")
    if edition.id not in cache:
        headwords = [entry.term for entry in state.store().glossary(edition.id)]
        named: dict[str, list[str]] = {}
        for level in range(3):
            found: dict[str, list[str]] = {}
            for headword in headwords:
                for key in dict.fromkeys(name_key(name) for name in _names(headword)[level]):
                    if key and key not in named and headword not in found.setdefault(key, []):
                        found[key].append(headword)
            named.update(found)
        cache[edition.id] = named
    return cache[edition.id]


def _names(headword: str) -> tuple[list[str], list[str], list[str]]:
    """A headword's names, best first: the headword and its term (a Japanese one without its
    reading and English: ``split_headword``); the terms it lists without bracketed notes, with a
    Japanese reading and English term; the singular of each English name."""
    term, reading, english = split_headword(headword)
    listed = [name for part in (_NOTE.sub(" ", term), reading or "", english or "")
              for name in (part.strip(), *_LISTED.split(part.strip())) if name]
    singular = [english_singular(fold(name)) for name in listed if name.isascii()]
    return [headword, term], listed, singular


def entry_for(edition: Edition, text: str) -> tuple[Edition, list[GlossaryEntry]] | None:
    """The glossary entries ``text`` names in ``edition`` and the edition that prints them: the
    entry of that term (``Legend Rule`` for ``legend rule`` or ``legend rules``) or of a name it
    lists (``entries_named``); for an edition without a glossary (Korean), the English entry its
    glossary page shows, named in English or by its term in the edition's language (``전설 규칙``).
    None when ``text`` names no entry."""
    if _entry_names(edition):
        found = entries_named(edition, text)
        if not found and edition.lang == "en":
            found = entries_named(edition, english_singular(fold(text)))
        if not found and edition.lang != "en":  # the edition's term for an English one: trample, 践踏
            found = next((entries_named(edition, term) for term in _terms_in(text, edition.lang)), [])
        return (edition, found) if found else None
    english = english_glossary(edition)[0]
    if english is None:
        return None
    found = entries_named(english, _native_names(edition).get(name_key(text), text))
    return (english, found) if found else None


def _native_names(edition: Edition) -> dict[str, str]:
    """``{name_key of a term in the edition's language, or of a term it lists: English headword}``
    for an edition without a glossary (``english_glossary``), the first headword winning; read
    once per build."""
    cache = state.cache("native_glossary_names")
    if edition.id not in cache:
        named: dict[str, str] = {}
        for headword, written in english_glossary(edition)[1].items():
            for name in (written, *_LISTED.split(written)):
                named.setdefault(name_key(name), headword)
        cache[edition.id] = named
    return cache[edition.id]


class Glossed(NamedTuple):
    """What ``searched_entry`` finds: the ``entries`` and the ``edition`` printing them, named in
    the edition ``searched`` (the same, or a Korean one showing the English glossary)."""

    edition: Edition
    entries: list[GlossaryEntry]
    searched: Edition


def searched_entry(query: str, corrected: str | None, edition: Edition | None, lang: str | None,
                   first: Edition | None) -> Glossed | None:
    """The glossary entries a search names and their edition (``entry_for``: ``legend rule``,
    ``トランプル``, Korean ``전설 규칙`` in the English glossary), trying the ``query`` as typed,
    then as ``corrected`` when it was (``Plainswalk`` is a term, not a slip for planeswalk): in
    the ``edition`` searched, else the newest of ``lang``; with neither, in the edition of the
    first hit (``first``), else the newest of the query's script, then the newest of each other
    language (kanji may be Chinese: ``黄金城祝福``); when none names an entry, the entries of
    what it means as judge vocabulary (``jargon_entry``: ``SBA``). None when no text names one or
    each is longer than a term (``GLOSSED_CHARS``)."""
    texts = [text for text in ((query, corrected) if corrected else (query,)) if len(text) <= GLOSSED_CHARS]
    for text in texts:
        for chosen in _glossaries_for(text, edition, lang, first):
            found = entry_for(chosen, text)
            if found is not None:
                return Glossed(*found, chosen)
    for text in texts:
        for chosen in _glossaries_for(text, edition, lang, first):
            found = jargon_entry(chosen, text)
            if found is not None:
                return Glossed(*found, chosen)
    return None


def jargon_entry(edition: Edition, text: str) -> tuple[Edition, list[GlossaryEntry]] | None:
    """The glossary entries of what the judge vocabulary says all of ``text`` means
    (``search.searcher.Searcher.jargon_rules``): those that cite that rule and no other, at most
    ``JARGON_ENTRIES`` (``SBA``: State-Based Actions; ``伝説ルール``: レジェンド・ルール), and the
    edition printing them (for Korean, the English glossary it shows). None when none does, or
    when ``text`` is written in another script than the edition's language (``_written_in``)."""
    glossary = edition if _entry_names(edition) else english_glossary(edition)[0]
    if glossary is None or not _written_in(text, edition.lang):
        return None
    numbers = state.searcher().jargon_rules(text, glossary)
    entries = _citing_only(glossary).get(numbers[0], []) if numbers else []
    return (glossary, entries) if 0 < len(entries) <= JARGON_ENTRIES else None


def _written_in(text: str, lang: str) -> bool:
    """Whether ``text`` is written in the script of ``lang`` (kanji alone may be Chinese): judge
    vocabulary typed in another language's script shows no entry of ``lang`` (``mana burn``
    searched in Chinese means the obsolete rule, not 法术力池, the entry citing its target)."""
    written = script_language(text)
    return written == lang or lang == "zh" and written == "ja" and not KANA.search(text)


def _citing_only(edition: Edition) -> dict[str, list[GlossaryEntry]]:
    """``{rule number: the edition's glossary entries citing that rule and no other}``, read once
    per build."""
    cache = state.cache("glossary_citing_only")
    if edition.id not in cache:
        citing: dict[str, list[GlossaryEntry]] = {}
        for entry in state.store().glossary(edition.id):
            targets = {target for reference in entry.references for target in reference.targets}
            if len(targets) == 1:
                citing.setdefault(targets.pop(), []).append(entry)
        cache[edition.id] = citing
    return cache[edition.id]


def _glossaries_for(text: str, edition: Edition | None, lang: str | None, first: Edition | None) -> list[Edition]:
    """The editions ``searched_entry`` looks ``text`` up in, in order (see there)."""
    store = state.store()
    if edition is not None or lang:
        return [edition or store.find_edition(lang)]
    written = script_language(text)
    newest = [store.find_edition(language) for language in sorted(
        store.languages(), key=lambda language: language != written)]
    return list(dict.fromkeys([*([first] if first else []), *newest]))


def _terms_in(text: str, lang: str) -> list[str]:
    """The terms of ``lang`` the term dictionary gives for ``text`` (a term of another language)."""
    dictionary = state.terms()
    found = dictionary.lookup(text)
    term = dictionary.term_in(found[0][0], lang) if found else None
    return [term] if term else []
