"""Rule pages: ``/<lang>/cr/<number>`` (newest edition) and ``/<lang>/cr/<edition>/<number>``.

A number written loosely (``702.19B``, ``CR702.19b``, full-width digits, ``R70219b``) is answered
301 to its canonical URL; a date naming several editions is answered 300 with the choices.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template

from kb.errors import AmbiguousEdition
from web import state
from web.pages.rule_context import rule_page

bp = Blueprint("rules", __name__)


@bp.get("/<lang>/cr/<number>")
def newest(lang: str, number: str) -> Response | str:
    """The rule in the newest edition of ``lang``."""
    state.language(lang)
    canonical, exact = state.rule_number(number)
    if not exact:
        return redirect(state.urls().rule(lang, canonical), 301)
    return render_template("rules/rule.html", **rule_page(state.edition(lang, None), canonical))


@bp.get("/<lang>/cr/<edition>/<number>")
def pinned(lang: str, edition: str, number: str) -> Response | str:
    """The rule in the edition ``edition`` (a date or an edition id) of ``lang``."""
    state.language(lang)
    canonical, exact = state.rule_number(number)
    try:
        found = state.edition(lang, edition)
    except AmbiguousEdition as several:
        return _choose_edition(lang, canonical, several)
    urls = state.urls()
    if not exact or edition != urls.edition_segment(found):
        return redirect(urls.rule(lang, canonical, found, pinned=True), 301)
    return render_template("rules/rule.html", **rule_page(found, canonical))


def _choose_edition(lang: str, number: str, several: AmbiguousEdition) -> Response:
    store, urls = state.store(), state.urls()
    choices = [store.edition(edition_id) for edition_id in several.ids]
    html = render_template(
        "rules/choose_edition.html", lang=lang, number=number, date=several.wanted,
        choices=[(e, urls.rule(lang, number, e, pinned=True)) for e in choices],
    )
    return Response(html, status=300, mimetype="text/html")
