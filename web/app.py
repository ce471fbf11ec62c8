"""The Flask application: ``create_app(config)`` opens the KB once and registers the page families.

Config keys:

- ``KB_DIR``: a KB folder; its live build is served, and a newly published build is switched to
  without a restart (``web.state.LiveKB``: the ``current`` link is checked at most every
  ``CHECK_EVERY`` seconds, default 0.2; old readers are closed after their last request);
- or ``STORE_PATH`` (the SQLite store) and ``INDEX_DIR`` (the whoosh index; optional: without it
  the search pages answer 503 "search unavailable"; an index written by another crkb version
  (``kb.errors.IndexOutdated``) is logged and its message is the 503's, "rebuild the KB (crkb
  build)", while the rest of the site still runs);
- ``PUBLIC_URL``: the site's public address (``web.http``: absolute URLs never come from the
  ``Host`` header); default ``http://localhost``;
- ``TESTING``: Flask's testing flag.

A store of another schema (``kb.errors.StoreOutdated``) makes every page a 503 asking for a
rebuild. What a request reads (store, URL helper, edition names, searcher, per-build caches) is its
build's ``web.state.Generation``, taken in ``before_request`` and given back at teardown.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, redirect, request
from flask_babel import gettext as _
from markupsafe import escape
from werkzeug.local import LocalProxy

from kb import numbers
from kb.diff import in_context
from kb.errors import IndexOutdated, KBMissing, StoreOutdated
from kb.store.layout import FINISHED, current_build, current_target
from kb.store.read import Store
from web import errors, http, state
from web.i18n import LANGUAGE_NAMES, init_i18n
from web.page_languages import page_languages
from web.state import Generation, LiveKB
from web.api import routes as api
from web.pages import compare, embed, entry, glossary, history, home, rules, search
from web.labels import EditionLabels
from web.display import cards_read, printed_number, titled
from web.urls import Urls


MAX_QUERY_CHARS = 1000
"""A query string (or one of its values) longer than this is refused with 400."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
FRAMEABLE_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors *")
"""The CSP of the embeddable rule card (``web.pages.embed``), the one page other origins may frame."""
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
    if config.get("STORE_PATH"):
        index = config.get("INDEX_DIR")
        fixed = (Path(config["STORE_PATH"]), Path(index) if index else None)
        live = LiveKB(lambda _target: _open_generation(app, *fixed, None), None)
    else:
        kb_dir = Path(config["KB_DIR"])
        current_build(kb_dir)  # KBMissing when there is no build at all
        live = LiveKB(lambda target: _open_build(app, kb_dir), lambda: current_target(kb_dir),
                      check_every=float(config.get("CHECK_EVERY", 0.2)))
    app.extensions["crkb.live"] = live
    app.jinja_env.globals.update(
        urls=LocalProxy(state.urls), labels=LocalProxy(state.labels), LANGUAGE_NAMES=LANGUAGE_NAMES,
        coverage_of=state.coverage_of, cards_read=cards_read, page_languages=page_languages,
    )
    app.jinja_env.filters.update(level=numbers.level, printed=printed_number, titled=titled, in_context=in_context)
    init_i18n(app)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    for blueprint in (home.bp, entry.bp, embed.bp, history.bp, rules.bp, compare.bp, search.bp, glossary.bp, api.bp):
        app.register_blueprint(blueprint)
    errors.register(app)
    app.before_request(_take_build)
    http.register(app, config.get("PUBLIC_URL"))
    app.before_request(_refuse_long_queries)
    app.before_request(_strip_trailing_slash)
    app.teardown_request(_give_back_build)
    app.after_request(_add_headers)
    return app


def _open_build(app: Flask, kb_dir: Path) -> Generation:
    """The generation of ``kb_dir``'s live build (a generation with a ``problem`` when it cannot be
    opened: gone, or a store of another schema)."""
    try:
        build = current_build(kb_dir)
    except KBMissing as err:
        return Generation(None, None, problem=str(err))
    return _open_generation(app, build.store, build.index, build.root)


def _open_generation(app: Flask, store_path: Path, index_dir: Path | None, root: Path | None) -> Generation:
    built = (root / FINISHED) if root is not None else store_path
    try:
        store = Store(store_path)
        made = Generation(root.name if root else None, built.stat().st_mtime if built.exists() else None, store)
    except (StoreOutdated, KBMissing, OSError) as err:
        app.logger.error("KB not served: %s", err)
        return Generation(root.name if root else None, None, problem=f"The knowledge base cannot be read: {err}.")
    made.urls, made.labels = Urls(store), EditionLabels(store.editions())
    made.searcher, made.search_unavailable = _open_searcher(app, index_dir, store)
    return made


def _open_searcher(app: Flask, index_dir: Path | None, store: Store) -> tuple[Any, str | None]:
    """The ``search.searcher.Searcher`` over ``index_dir``, or None when there is no index to open (an
    outdated one is logged, and its message kept for the 503)."""
    if index_dir is None or not Path(index_dir).is_dir():
        return None, None
    from search.card_list import kb_card_list
    from search.searcher import Searcher  # the index is optional: the site runs without it

    try:
        return Searcher(index_dir, store, cards=kb_card_list(Path(index_dir).parent)), None
    except IndexOutdated as err:
        app.logger.error("search unavailable: %s", err)
        return None, f"Search is unavailable: {err}."


def _take_build() -> Response | None:
    generation = current_app.extensions["crkb.live"].acquire()
    g.crkb_generation = generation
    if generation.problem and request.path != "/healthz":
        if request.path.startswith("/api/"):
            body = {"error": {"status": 503, "title": "Service unavailable", "message": generation.problem}}
            return Response(json.dumps(body), status=503, mimetype="application/json")
        return Response(f"<!doctype html><title>503</title><p>{escape(generation.problem)}</p>", status=503,
                        mimetype="text/html")
    return None


def _give_back_build(_error: BaseException | None) -> None:
    generation = g.pop("crkb_generation", None)
    if generation is not None:
        current_app.extensions["crkb.live"].release(generation)


def _refuse_long_queries() -> None:
    """400 when a query value is over ``MAX_QUERY_CHARS`` characters (not bytes: a Korean
    character is 9 bytes percent-encoded), or all of them together over four times that."""
    total = sum(len(key) + len(value) for key, value in request.args.items(multi=True))
    if total > 4 * MAX_QUERY_CHARS or any(len(value) > MAX_QUERY_CHARS for value in request.args.values()):
        errors.abort_with(400, _("The query is longer than %(count)s characters.", count=MAX_QUERY_CHARS))


def _strip_trailing_slash() -> Response | None:
    """``/en/cr/702.19/`` answers 308 to ``/en/cr/702.19`` (the query kept): one URL per page."""
    path = request.path
    if len(path) > 1 and path.endswith("/"):
        query = request.query_string.decode("latin-1")
        return redirect(state.urls().absolute(path.rstrip("/") or "/") + (f"?{query}" if query else ""), 308)
    return None


def _add_headers(response: Response) -> Response:
    frameable = request.endpoint in embed.FRAMEABLE_ENDPOINTS
    for name, value in SECURITY_HEADERS.items():
        if frameable and name == "X-Frame-Options":
            continue
        response.headers.setdefault(name, FRAMEABLE_CSP if frameable and name == "Content-Security-Policy" else value)
    if request.path.startswith("/api/") or request.endpoint == "embed.oembed":  # read by other sites' scripts
        response.headers["Access-Control-Allow-Origin"] = "*"
        response.headers["Access-Control-Allow-Methods"] = "GET, HEAD, OPTIONS"
    return response
