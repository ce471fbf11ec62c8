"""Glossary pages: ``/<lang>/glossary`` (all entries) and ``/<lang>/glossary/<term>`` (one entry,
its definition's rule references linked). ``?edition=`` pins an edition (date or id; a date
naming several editions is answered 300 with the choices)."""

from __future__ import annotations

import difflib
import re

from flask import Blueprint, Response, redirect, render_template, request
from flask_babel import gettext as _

from kb.model import Edition, GlossaryEntry
from kb.store.terms import fold
from search.analysis import simplified
from web import args, state
from web.errors import abort_with
from web.i18n import LANGUAGE_NAMES
from kb.store.coverage import english_stand_in
from web.render import linker
from web.terms import in_other_languages

bp = Blueprint("glossary", __name__)


@bp.get("/<lang>/glossary")
def index(lang: str) -> str:
    """Every entry of the edition's glossary, in the publisher's order."""
    edition = _edition(lang)
    entries = state.store().glossary(edition.id)
    english, native = (None, {}) if entries else _english_glossary(edition)
    return render_template("glossary/index.html", edition=edition, entries=entries,
                           newest=_newest_if_other(edition), english=english, native=native,
                           english_entries=state.store().glossary(english.id) if english else [])


def _english_glossary(edition: Edition) -> tuple[Edition | None, dict[str, str]]:
    """For an edition whose source omits the glossary (Korean): the English edition shown instead
    (its English partner, else the newest English) and ``{English term: the term in the edition's
    language}`` where the term dictionary knows it."""
    store = state.store()
    english = english_stand_in(store, edition) or (store.find_edition("en") if "en" in store.languages() else None)
    if english is None or not store.glossary(english.id):
        return None, {}
    dictionary = state.terms()
    native = {}
    for entry in store.glossary(english.id):
        found = dictionary.lookup(entry.term)
        term = dictionary.term_in(found[0][0], edition.lang) if found else None
        if term:
            native[entry.term] = term
    return english, native


@bp.get("/<lang>/glossary/<path:term>")
def entry(lang: str, term: str) -> Response | str:
    """One entry; a term written in another case, or naming the entry by one part of it, is
    redirected to the entry's own spelling (``_entry_named``); in an edition without a glossary,
    to the English entry its glossary page shows (``_shown_instead``)."""
    edition = _edition(lang)
    found = state.store().glossary_entry(edition.id, term) or _entry_named(edition, term)
    if found is None and not state.store().glossary(edition.id):
        shown = _shown_instead(edition, term)
        if shown is not None:
            return redirect(shown, 302)
    if found is None:
        _not_found(edition, term)
    if found.term != term:
        return redirect(state.urls().glossary(lang, found.term, edition), 301)
    return render_template("glossary/entry.html", edition=edition, entry=found, linked=linker(edition),
                           newest=_newest_if_other(edition), other_terms=in_other_languages(found.term, lang))


def _shown_instead(edition: Edition, term: str) -> str | None:
    """For an edition whose source omits the glossary (Korean), the page of the English entry its
    glossary page shows for ``term``, an English headword or its term in the edition's language
    (``/ko/glossary/전설 규칙`` is Legend Rule); None when it shows none."""
    english, native = _english_glossary(edition)
    if english is None:
        return None
    wanted = fold(term)
    for entry in state.store().glossary(english.id):
        if wanted in (fold(entry.term), fold(native.get(entry.term, ""))):
            return state.urls().glossary("en", entry.term, english)
    return None


_PARTS = re.compile(r"[（）()／/]")


def _entry_named(edition: Edition, term: str) -> GlossaryEntry | None:
    """The entry a part of whose term is ``term`` (case, width and, in Chinese, Traditional
    characters aside): a Japanese entry ``トランプル（とらんぷる）／Trample`` is named by トランプル,
    とらんぷる or Trample, a Chinese ``践踏`` by 踐踏; None when no entry is."""
    wanted = {fold(term), fold(simplified(term))} if edition.lang == "zh" else {fold(term)}
    for entry in state.store().glossary(edition.id):
        if any(fold(part) in wanted for part in (entry.term, *_PARTS.split(entry.term))):
            return entry
    return None


def _edition(lang: str) -> Edition:
    args.language(lang)
    return args.edition(lang, request.args.get("edition") or None)


def _newest_if_other(edition: Edition) -> Edition | None:
    newest = state.store().find_edition(edition.lang)
    return None if newest.id == edition.id else newest


def _not_found(edition: Edition, term: str) -> None:
    terms = [e.term for e in state.store().glossary(edition.id)]
    close = difflib.get_close_matches(term, terms, n=6, cutoff=0.6)
    urls = state.urls()
    abort_with(404, _("No glossary entry “%(term)s” in the %(language)s edition %(edition)s.", term=term[:80],
                      language=LANGUAGE_NAMES.get(edition.lang, edition.lang), edition=state.labels().phrase(edition)),
               [(t, urls.glossary(edition.lang, t, edition)) for t in close] + [(_("Search"), urls.search(term[:200]))])
