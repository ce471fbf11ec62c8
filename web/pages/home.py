"""The home page (a search box and each language's contents), the OpenSearch description,
``robots.txt``, ``sitemap.xml`` and ``favicon.ico``."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request

from kb import numbers
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
Disallow: /*/changes/pick
"""
"""Crawlers may read every rule page, but not the endless search results (the search page also
says ``noindex``), nor the changes page's form of two editions, which opens every pair of a
language's editions (6,441 English spans, the largest 1.4 MB and a second to make)."""


@bp.get("/robots.txt")
def robots() -> Response:
    """``ROBOTS``: rule pages are for crawlers, searches are not; and where the sitemap is."""
    sitemap = state.urls().absolute(f"{request.script_root}/sitemap.xml")
    return Response(f"{ROBOTS}Sitemap: {sitemap}\n", mimetype="text/plain")


@bp.get("/sitemap.xml")
def sitemap() -> Response:
    """The pages a crawler should know, as absolute URLs (sitemaps.org 0.9): the home page, the
    editions, and per language its contents, every rule of its newest edition (subrules have pages
    of their own) and its glossary with every entry. Older editions, histories and comparisons
    are reached from these by their links. About 15,000 URLs for the four languages, under the
    protocol's 50,000."""
    store, urls = state.store(), state.urls()
    paths = [urls.home(), urls.editions()]
    for lang in store.languages():
        newest = store.find_edition(lang)
        paths += [urls.contents(lang), urls.glossary(lang)]
        paths += [urls.rule(lang, number) for number in sorted(state.numbers_of(newest), key=numbers.sort_key)]
        paths += [urls.glossary(lang, entry.term) for entry in store.glossary(newest.id)]
    xml = render_template("home/sitemap.xml", locations=[urls.absolute(path) for path in dict.fromkeys(paths)])
    return Response(xml, mimetype="application/xml")


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The site's icon where browsers and feed readers look for it without reading a page's
    ``<link rel="icon">``: a redirect to the SVG the pages name."""
    return redirect(state.urls().static("favicon.svg"), 301)
