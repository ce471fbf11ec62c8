"""Glossary pages: ``/<lang>/glossary`` (all entries) and ``/<lang>/glossary/<term>`` (one entry,
its definition's rule references linked; an edition whose source omits the glossary shows
the English entries, linked to its own rules). ``?edition=`` pins an edition (date or id; a date
naming several editions is answered 300 with the choices)."""

from __future__ import annotations

import difflib

from flask import Blueprint, Response, redirect, render_template, request
from flask_babel import gettext as _

from kb.model import Edition, GlossaryEntry
from web import args, state
from web.errors import abort_with
from web.i18n import LANGUAGE_NAMES
from web.glossary_links import definition_html
from web.render import linker, translation_linker
from web.glossary_lookup import english_glossary, entry_for, entry_named
from web.terms import in_other_languages

bp = Blueprint("glossary", __name__)


@bp.get("/<lang>/glossary")
def index(lang: str) -> str:
    """Every entry of the edition's glossary, in the publisher's order."""
    edition = _edition(lang)
    entries = state.store().glossary(edition.id)
    english, native = (None, {}) if entries else english_glossary(edition)
    return render_template("glossary/index.html", edition=edition, entries=entries,
                           canonical=state.urls().absolute(state.urls().glossary(lang, None, edition)),
                           newest=_newest_if_other(edition), english=english, native=native,
                           english_entries=state.store().glossary(english.id) if english else [])


@bp.get("/<lang>/glossary/<path:term>")
def entry(lang: str, term: str) -> Response | str:
    """One entry; a term written in another case, or naming the entry by one part of it, is
    redirected to the entry's own spelling (``web.glossary_lookup.entry_named``); in an edition
    without a glossary, to the English entry its glossary page shows
    (``web.glossary_lookup.entry_for``)."""
    edition = _edition(lang)
    found = state.store().glossary_entry(edition.id, term) or entry_named(edition, term)
    if found is None and not state.store().glossary(edition.id):
        shown = entry_for(edition, term)  # the English entry the edition's glossary page shows
        if shown is not None:
            return _english_entry(edition, shown[0], shown[1][0], term)
    if found is None:
        _not_found(edition, term)
    if found.term != term:
        return redirect(state.urls().glossary(lang, found.term, edition), 301)
    return render_template("glossary/entry.html", edition=edition, entry=found,
                           definition=definition_html(edition, edition, found, linker(edition)),
                           canonical=state.urls().absolute(state.urls().glossary(lang, found.term, edition)),
                           newest=_newest_if_other(edition), other_terms=in_other_languages(found.term, lang))


def _english_entry(edition: Edition, english: Edition, found: GlossaryEntry, term: str) -> Response | str:
    """The English entry ``found`` (of ``english``) shown for ``edition``, whose source omits the
    glossary: at ``/<lang>/glossary/<English term>`` in the reader's language, its references
    linking the edition's rules that translate them (``translation_linker``); another spelling of
    the term (``돌진``, ``trample``) is redirected there."""
    if found.term != term:
        return redirect(state.urls().glossary(edition.lang, found.term, edition), 302)
    return render_template("glossary/entry.html", edition=edition, entry=found, english=english,
                           definition=definition_html(edition, english, found, translation_linker(english, edition)),
                           canonical=state.urls().absolute(state.urls().glossary(edition.lang, found.term, edition)),
                           newest=_newest_if_other(edition), other_terms=in_other_languages(found.term, "en"))


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
