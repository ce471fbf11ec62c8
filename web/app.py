"""The Flask application: ``create_app(config)`` opens the KB once and registers the page families.

Config keys:

- ``KB_DIR``: a KB folder; its live build is opened through ``kb.store.layout.current_build``;
- or ``STORE_PATH`` (the SQLite store) and ``INDEX_DIR`` (the whoosh index; optional: without it
  the search pages answer 503 "search unavailable"; an index written by another crkb version
  (``kb.errors.IndexOutdated``) is logged and its message is the 503's, "rebuild the KB (crkb
  build)", while the rest of the site still runs);
- ``TESTING``: Flask's testing flag.

The store, the URL helper, the edition names and the searcher live on ``app.extensions``
(``crkb.store``, ``crkb.urls``, ``crkb.labels``, ``crkb.searcher``), made once per app and shared
by every request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response, request

from kb import numbers
from kb.errors import IndexOutdated
from kb.store.layout import current_build
from kb.store.read import Store
from web import errors
from web.api import routes as api
from web.pages import compare, glossary, home, rules, search
from web.labels import EditionLabels
from web.display import printed_number
from web.urls import Urls

LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "ja": "日本語"}
"""How the site names each language (in that language)."""

MAX_QUERY_CHARS = 1000
"""A query string (or one of its values) longer than this is refused with 400."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
}


def create_app(config: dict[str, Any]) -> Flask:
    """A Flask app serving the KB named by ``config`` (see module doc). Raises ``KBMissing`` when
    ``KB_DIR`` holds no build or ``STORE_PATH`` is not a file."""
    app = Flask(__name__)
    app.config.update(TESTING=bool(config.get("TESTING")), JSON_SORT_KEYS=False)
    app.json.ensure_ascii = False
    store_path, index_dir = _kb_paths(config)
    store = Store(store_path)
    app.extensions["crkb.store"] = store
    app.extensions["crkb.urls"] = Urls(store)
    app.extensions["crkb.labels"] = EditionLabels(store.editions())
    app.extensions["crkb.searcher"] = _open_searcher(app, index_dir, store)
    app.jinja_env.globals.update(
        urls=app.extensions["crkb.urls"], labels=app.extensions["crkb.labels"], LANGUAGE_NAMES=LANGUAGE_NAMES
    )
    app.jinja_env.filters.update(level=numbers.level, printed=printed_number)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    for blueprint in (home.bp, rules.bp, compare.bp, search.bp, glossary.bp, api.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    app.before_request(_refuse_long_queries)
    app.after_request(_add_headers)
    return app


def _kb_paths(config: dict[str, Any]) -> tuple[Path, Path | None]:
    if config.get("STORE_PATH"):
        index = config.get("INDEX_DIR")
        return Path(config["STORE_PATH"]), Path(index) if index else None
    build = current_build(Path(config["KB_DIR"]))
    return build.store, build.index


def _open_searcher(app: Flask, index_dir: Path | None, store: Store) -> Any:
    """The ``search.searcher.Searcher`` over ``index_dir``, or None when there is no index to open (an
    outdated one is logged, and its message kept as ``crkb.search_unavailable`` for the 503)."""
    if index_dir is None or not Path(index_dir).is_dir():
        return None
    from search.searcher import Searcher  # the index is optional: the site runs without it

    try:
        return Searcher(index_dir, store)
    except IndexOutdated as err:
        app.logger.error("search unavailable: %s", err)
        app.extensions["crkb.search_unavailable"] = f"Search is unavailable: {err}."
        return None


def _refuse_long_queries() -> None:
    if len(request.query_string) > 4 * MAX_QUERY_CHARS or any(
        len(value) > MAX_QUERY_CHARS for value in request.args.values()
    ):
        errors.abort_with(400, f"The query is longer than {MAX_QUERY_CHARS} characters.")


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith("/api/"):
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Allow-Methods"] = "GET, HEAD, OPTIONS"
    if request.path.startswith("/static/"):
        response.headers.setdefault("Cache-Control", "public, max-age=3600")
    return response
