"""The read-only JSON API under ``/api/v1`` (described by ``/api/v1/openapi.json``; CORS open).

Errors answer JSON ``{"error": {"status", "title", "message"}}``; a date naming several editions
is answered 300 with ``"choices"`` (see ``web.errors``).
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, jsonify, request

from kb import numbers
from kb.errors import RuleNotFound, RuleUnaligned
from web import args, state
from web.api.history_shapes import changes_json, edition_matches, english_partners, history_json
from web.api.openapi import openapi_document
from web.api.shapes import edition_json, glossary_entry_json, preview_json, rule_json
from web.api.terms_shapes import terms_json
from search.corrections import SearchResult
from web.display import hit_displays
from web.errors import abort_with
from web.identity import number_now
from web.glossary_lookup import Glossed, searched_entry

bp = Blueprint("api", __name__, url_prefix="/api/v1")

MAX_LIMIT = 100


@bp.get("/editions")
def editions() -> Response:
    """Every edition, newest first per language."""
    urls = state.urls()
    matches, partners = edition_matches(state.store()), english_partners(state.store())
    found = [edition_json(e, urls.is_newest(e)) for e in state.store().editions()]
    for shape in found:
        if shape["effective_date"] is None:
            shape["matches"] = matches.get(shape["id"], [])
        if shape["id"] in partners:
            shape["translates"] = partners[shape["id"]]
    return jsonify({"editions": found})


@bp.get("/history/<lang>/<number>")
def rule_history(lang: str, number: str) -> Response:
    """The history of rule ``number`` of ``?edition=`` (default the newest edition of ``lang``):
    ``web.api.history_shapes.history_json`` with each step's title, text and word diff."""
    args.language(lang)
    canonical, _ = args.rule_number(number)
    edition = args.edition(lang, request.args.get("edition") or None)
    try:
        return jsonify(history_json(state.store(), edition, canonical, detail=True))
    except RuleUnaligned as err:
        abort_with(404, str(err).capitalize() + ".")
    except RuleNotFound:
        abort_with(404, f"Rule {canonical} is not in {edition.id}.")
    raise AssertionError("unreachable")


@bp.get("/changes/<lang>/<span>")
def changes(lang: str, span: str) -> Response:
    """The changes between editions ``old...new`` (dates or ids; either side empty for its default:
    the edition before ``new``, the newest)."""
    args.language(lang)
    if "..." not in span:
        abort_with(400, "Ask for changes as OLD...NEW (e.g. 2022-11-18...2023-04-14).")
    old, new, _ids = args.span_editions(lang, *span.split("...", 1))
    return jsonify(changes_json(state.store(), old.id, new.id))


@bp.get("/rules/<lang>/<number>")
def rule(lang: str, number: str) -> Response:
    """Rule ``number`` of ``?edition=`` (id or date; default the newest edition of ``lang``)."""
    args.language(lang)
    canonical, _ = args.rule_number(number)
    edition = args.edition(lang, request.args.get("edition") or None)
    try:
        return jsonify(rule_json(state.store(), edition, canonical))
    except RuleNotFound:
        near = state.store().nearest_numbers(edition.id, canonical, limit=8)
        urls = state.urls()
        now = number_now(edition, canonical, state.store().editions_having(canonical))
        moved = [(f"{canonical} of {now[0].id} is {'part of ' if now[2] else ''}{now[1]} here",
                  urls.api_rule(lang, now[1], edition))] if now else []
        misprinted = [(f"{canonical} is printed for {r.number} in {edition.id}", urls.api_rule(lang, r.number, edition))
                      for r in state.store().rules_printed_as(edition.id, canonical)]
        abort_with(404, f"Rule {canonical} is not in {edition.id}.",
                   misprinted + moved + [(n, urls.api_rule(lang, n, edition)) for n in near])
    raise AssertionError("unreachable")


@bp.get("/preview/<lang>/<number>")
@bp.get("/preview/<lang>/<edition_id>/<number>")
def preview(lang: str, number: str, edition_id: str | None = None) -> Response:
    """The short plain-text preview of a referenced rule (used by ``static/preview.js``, and by
    ``static/embed.js`` without an edition: the newest edition of ``lang``)."""
    args.language(lang)
    canonical, _ = args.rule_number(number)
    edition = args.edition(lang, edition_id)
    found = state.store().rules_numbered(edition.id, canonical)
    if not found:
        abort_with(404, f"Rule {canonical} is not in {edition.id}.")
    response = jsonify(preview_json(found[0], edition, state.urls().rule(lang, canonical, edition)))
    if edition_id is None:  # pinned: web.http.PINNED_SECONDS
        response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/numbers/<lang>")
def rule_numbers(lang: str) -> Response:
    """The rule numbers of ``?edition=`` (id or date; default the newest edition of ``lang``), in
    rule order: ``{"lang", "edition", "effective_date", "numbers": [str]}``. ``static/embed.js``
    reads it once per page and links only these (en 2026-01-16: 3,269 numbers, 7 KB gzipped)."""
    args.language(lang)
    edition = args.edition(lang, request.args.get("edition") or None)
    response = jsonify({"lang": lang, "edition": edition.id,
                        "effective_date": edition.effective_date.isoformat() if edition.effective_date else None,
                        "numbers": sorted(state.numbers_of(edition), key=numbers.sort_key)})
    if not request.args.get("edition"):  # pinned: web.http.PINNED_SECONDS
        response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/search")
def search() -> Response:
    """Hits for ``q`` (required; blank gives no hits), optionally in ``lang`` / ``edition``, at most
    ``limit`` (1-100)."""
    if "q" not in request.args:
        abort_with(400, "q is required.")
    query = args.search_args(request.args)
    limit = _limit(request.args.get("limit"))
    found = state.searcher().find(query.query, lang=query.lang, edition=query.edition.id if query.edition else None,
                                   limit=limit, literal=query.literal, every_language=query.every_language) \
        if query.query.strip() else SearchResult([])
    hits = [
        {"number": h.number, "lang": h.edition.lang, "edition": h.edition.id, "title": h.title,
         "snippet": str(h.snippet), "score": h.score, "url": h.href}
        for h in hit_displays(found.hits)
    ]
    first = state.store().edition(found.hits[0].edition) if found.hits else None
    glossed = (searched_entry(query.query, found.corrected, query.edition, query.lang, first)
               if query.query.strip() else None)
    return jsonify({"query": query.query, "lang": query.lang, "edition": query.edition.id if query.edition else None,
                    "corrected": found.corrected, "glossary": _glossary_json(glossed), "hits": hits})


def _glossary_json(glossed: Glossed | None) -> list[dict[str, object]]:
    """The search's glossary entries (``web.glossary_lookup.searched_entry``) as JSON, each with
    its term, definition, the rules it cites, edition and page; empty for none."""
    if glossed is None:
        return []
    edition, entries = glossed.edition, glossed.entries
    return [{**glossary_entry_json(entry), "lang": edition.lang, "edition": edition.id,
             "url": state.urls().glossary(edition.lang, entry.term, edition)} for entry in entries]


@bp.get("/terms")
def terms() -> Response:
    """The term dictionary's concepts matching ``q`` (required) in any language, at most
    ``limit`` (1-100): ``web.api.terms_shapes.terms_json``."""
    query = request.args.get("q")
    if query is None:
        abort_with(400, "q is required.")
    return jsonify(terms_json(state.terms(), query.strip(), _limit(request.args.get("limit"))))


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3 description of this API."""
    return jsonify(openapi_document(state.urls().absolute(state.urls().home()).rstrip("/") + "/api/v1"))


def _limit(raw: str | None) -> int:
    if raw is None or raw == "":
        return 10
    if not re.fullmatch(r"[0-9]{1,3}", raw) or not 1 <= int(raw) <= MAX_LIMIT:
        abort_with(400, f"limit must be a whole number from 1 to {MAX_LIMIT}.")
    return int(raw)
