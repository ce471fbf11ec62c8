"""The home page (a search box and each language's contents), the OpenSearch description and
``robots.txt``."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request

from web import state
from web.i18n import ENGLISH_NAMES
from web.pages.entry import sections

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    """Search box; per language its newest edition's sections and three-digit rules, and its editions.
    A build never changes, so the page is rendered once per build and script root."""
    cache = state.cache("home")
    if request.script_root not in cache:
        store = state.store()
        contents = [(lang, store.find_edition(lang)) for lang in store.languages()]
        cache[request.script_root] = render_template(
            "home/index.html",
            contents=[(lang, edition, sections(edition), store.editions(lang)) for lang, edition in contents],
        )
    return cache[request.script_root]


@bp.get("/opensearch.xml")
def opensearch() -> Response:
    """The OpenSearch description that lets a browser add the site as a search engine; its
    description names the languages the KB holds."""
    languages = [ENGLISH_NAMES.get(lang, lang) for lang in state.store().languages()]
    xml = render_template("home/opensearch.xml", languages=languages)
    return Response(xml, mimetype="application/opensearchdescription+xml")


ROBOTS = """User-agent: *
Disallow: /search
Disallow: /api/v1/search
"""
"""Crawlers may read every rule page, but not the endless search results (the search page also
says ``noindex``)."""


@bp.get("/robots.txt")
def robots() -> Response:
    """``ROBOTS``: rule pages are for crawlers, searches are not."""
    return Response(ROBOTS, mimetype="text/plain")
