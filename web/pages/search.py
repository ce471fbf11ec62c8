"""The search page ``/search?q=&lang=&edition=`` on the app's ``search.searcher.Searcher``.

A query that is a rule number (``702.19b``, ``CR 702.19B``) goes straight to that rule's page.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request

from kb import numbers
from web import state
from web.args import SearchArgs, search_args
from web.display import hit_displays

bp = Blueprint("search", __name__)

PAGE_LIMIT = 20


@bp.get("/search")
def search() -> Response | str:
    """Results for ``q`` (empty: just the form)."""
    args: SearchArgs = search_args(request.args)
    number = numbers.parse_number(args.query) if args.query else None
    if number is not None:
        edition = args.edition or state.store().find_edition(args.lang or "en")
        if state.store().rules_numbered(edition.id, number):
            return redirect(state.urls().rule(edition.lang, number, edition))
    hits = []
    if args.query:
        found = state.searcher().search(
            args.query, lang=args.lang, edition=args.edition.id if args.edition else None, limit=PAGE_LIMIT
        )
        hits = hit_displays(found)
    return render_template("search/results.html", query=args.query, args=args, hits=hits,
                           languages=state.store().languages())
