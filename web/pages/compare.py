"""The compare page ``/compare/<number>?langs=en,ko,ja&edition=YYYY-MM-DD``: one rule side by side."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request

from web import state
from web.pages.compare_context import compare_rows
from web.errors import abort_with

bp = Blueprint("compare", __name__)

MAX_LANGS = 6


@bp.get("/compare/<number>")
def compare(number: str) -> Response | str:
    """Columns of ``number``; loosely written numbers are redirected to the canonical URL."""
    canonical, exact = state.rule_number(number)
    langs = _langs(request.args.get("langs"))
    date = request.args.get("edition") or None
    if not exact:
        return redirect(state.urls().compare(canonical, langs, date), 301)
    return render_template("compare/compare.html", number=canonical, langs=langs, date=date,
                           rows=compare_rows(canonical, langs, date))


def _langs(raw: str | None) -> list[str]:
    known = state.store().languages()
    if not raw:
        return known
    wanted = list(dict.fromkeys(x.strip() for x in raw.split(",") if x.strip()))[:MAX_LANGS]
    for lang in wanted:
        state.language(lang)
    if not wanted:
        abort_with(400, "langs names no language (e.g. langs=en,ko,ja).")
    return wanted
