"""What the site adds around every request as a public service.

- The public address: ``PUBLIC_URL`` (``crkb serve --public-url``, ``$CRKB_PUBLIC_URL``; default
  ``http://localhost``) replaces the request's ``Host`` and scheme before Flask sees them
  (``PublicAddress``), so absolute URLs (a 308's ``Location``, ``/opensearch.xml``, canonical
  links) never come from the ``Host`` header. A path in it (``https://example.org/crkb``) is the
  site's prefix (``SCRIPT_NAME``) for a proxy that strips it.
- ``/healthz``: the live build's id and age (JSON; 503 when the KB cannot be served).
- ``X-KB-Build`` on every response read from a build.
- Caching: a build never changes, and a page depends on its URL alone (its interface language
  too: ``web.i18n``), so a GET's ETag is its build plus its path and query; a request whose ``If-None-Match`` names it is answered 304 before any
  page is made. Pages and the API say ``Cache-Control: public, max-age=CACHE_SECONDS``, a page
  pinned to an edition (``pinned``: ``/en/cr/2017-08-25/702.19b``) ``max-age=PINNED_SECONDS``;
  static files keep ``max-age=STATIC_SECONDS`` (Flask's ``no-cache`` default is replaced).
- Rendered answers: a GET answered 200 is kept per build (``web.pagecache``) and answered again
  from there by ``KeptAnswers`` before Flask sees the request.
- Compression: a page or API answer of ``MIN_GZIP_BYTES`` or more goes gzipped to a client that
  accepts it (``Gzipped``; ``/en/cr/702``: 525 KB as HTML); its body is compressed once per build
  and kept, its ETag made weak (``W/"…"``, the same page in another encoding); every such answer
  says ``Vary: Accept-Encoding``. If-None-Match compares weakly, as RFC 9110 says.
- The access log: one JSON line per request on the ``crkb.access`` logger:
  ``{"time": ISO UTC, "method", "path", "status", "ms": duration, "build", "bytes"}``.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, g, jsonify, request
from werkzeug.http import parse_accept_header, parse_etags

from web import state
from web.pagecache import PageCache

CACHE_SECONDS = 60
"""How long a browser or proxy may keep a page or API answer without asking again."""
PINNED_SECONDS = 86400
"""How long a page or API answer pinned to an edition (``pinned``) is kept: the edition's text
never changes; what the page says of newer editions (the old-edition banner, the switcher) may
be a day late when one is added."""
STATIC_SECONDS = 3600
"""How long static files (CSS, scripts) are kept."""
DEFAULT_PUBLIC_URL = "http://localhost"

access_log = logging.getLogger("crkb.access")


class PublicAddress:
    """WSGI middleware: every request's host, port and scheme are the public URL's, never the
    client's ``Host`` header."""

    def __init__(self, app: Callable, public_url: str) -> None:
        parts = urlsplit(public_url if "://" in public_url else f"http://{public_url}")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not a public URL (http[s]://host[:port][/prefix]): {public_url!r}")
        self.app = app
        self.scheme = parts.scheme
        self.netloc = parts.netloc
        self.host = parts.hostname
        self.port = str(parts.port or (443 if parts.scheme == "https" else 80))
        self.prefix = parts.path.rstrip("/")

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        environ["HTTP_HOST"] = self.netloc
        environ["SERVER_NAME"], environ["SERVER_PORT"] = self.host, self.port
        environ["wsgi.url_scheme"] = self.scheme
        environ.pop("HTTP_X_FORWARDED_HOST", None)
        if self.prefix:
            environ["SCRIPT_NAME"] = self.prefix
        return self.app(environ, start_response)


def register(app: Flask, public_url: str | None) -> None:
    """Add the public address, ``/healthz``, caching headers, 304s and the access log to ``app``
    (call it after the before-request hook that takes the build)."""
    app.wsgi_app = PublicAddress(Gzipped(KeptAnswers(app.wsgi_app, app.extensions["crkb.live"])),
                                 public_url or DEFAULT_PUBLIC_URL)
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = STATIC_SECONDS
    app.add_url_rule("/healthz", "healthz", healthz)
    app.before_request(_not_modified)
    app.after_request(_headers)


def healthz() -> tuple[Response, int]:
    """``{"status": "ok"|"unavailable", "build": id|null, "built": Unix time|null, "age_seconds":
    float|null, "problem": str|null}``; 200 when the live build is served, else 503."""
    live = state.generation()
    age = round(time.time() - live.built, 1) if live.built is not None else None
    body = {"status": "unavailable" if live.problem else "ok", "build": live.build, "built": live.built,
            "age_seconds": age, "problem": live.problem}
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, 503 if live.problem else 200


def etag() -> str | None:
    """This request's ETag (None when it has none: not a GET/HEAD, no build, or ``/healthz``)."""
    return answer_key(g.get("crkb_generation"), request.environ)


def answer_key(generation: Any, environ: dict[str, Any]) -> str | None:
    """The ETag of a request (its WSGI ``environ``) read from ``generation``: a hash of the build,
    the raw path and query; None when it has none."""
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or generation is None or generation.problem:
        return None
    path = environ.get("PATH_INFO", "")
    if path == "/healthz" or path.startswith("/static/"):
        return None
    key = "\n".join((generation.build or generation.store.path.name, path, environ.get("QUERY_STRING", "")))
    return hashlib.blake2b(key.encode("utf-8", "surrogateescape"), digest_size=12).hexdigest()


class KeptAnswers:
    """WSGI middleware: a GET whose answer the live build keeps (``web.pagecache``) is answered
    here, before Flask makes a request context (a 304 when ``If-None-Match`` names it); anything
    else goes on to Flask, which fills the cache."""

    def __init__(self, app: Callable, live: Any) -> None:
        self.app = app
        self.live = live

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        started = time.perf_counter()
        generation = self.live.acquire()
        try:
            pages = generation.caches.get("pages")
            tag = answer_key(generation, environ) if pages is not None else None
            kept = pages.get(tag) if tag is not None else None
        finally:
            self.live.release(generation)
        if kept is None:
            return self.app(environ, start_response)
        headers, body = kept
        if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains_weak(tag):  # the tag (gzipped: W/), or *
            status, body = 304, b""
            headers = [(k, v) for k, v in headers if k in ("ETag", "Cache-Control", "Vary", "X-KB-Build")]
        else:
            status = 200
        start_response("200 OK" if status == 200 else "304 Not Modified", headers)
        if access_log.isEnabledFor(logging.INFO):
            query = environ.get("QUERY_STRING")
            _write_log(environ["REQUEST_METHOD"], environ.get("PATH_INFO", "") + (f"?{query}" if query else ""),
                       status, started, generation.build, len(body))
        return [b"" if environ["REQUEST_METHOD"] == "HEAD" else body]


MIN_GZIP_BYTES = 1024
"""Answers shorter than this are sent as they are: gzip would save little."""
GZIP_TYPES = ("text/html", "application/json", "application/xml", "text/xml", "text/plain",
              "application/opensearchdescription+xml")
"""The media types sent gzipped (pages, API answers, sitemaps): text that compresses 5-10x."""
GZIP_KEPT_BYTES = 16 * 1024 * 1024
"""How many bytes of compressed bodies ``Gzipped`` keeps (least recently used dropped)."""


class Gzipped:
    """WSGI middleware: a 200 answer carrying an ETag (a page or API answer, ``etag``) of a
    ``GZIP_TYPES`` type and ``MIN_GZIP_BYTES`` or more goes gzipped to a client whose
    ``Accept-Encoding`` takes gzip: ``Content-Encoding: gzip``, the ETag weak (``W/"tag"``), the
    compressed body kept by ETag (a build never changes, so each page is compressed once). Every
    such answer says ``Vary: Accept-Encoding``. Static files and HEAD answers pass as they are."""

    def __init__(self, app: Callable) -> None:
        self.app = app
        self.kept = PageCache(GZIP_KEPT_BYTES)

    def __call__(self, environ: dict[str, Any], start_response: Callable) -> Iterable[bytes]:
        caught: list = []
        parts = self.app(environ, lambda status, headers, exc_info=None: caught.append((status, headers)) or (lambda _data: None))
        status, headers = caught[-1]
        if not _compressible(status, headers):  # passed on as it is, streamed when it streams
            start_response(status, headers)
            return parts
        try:
            body = b"".join(parts)
        finally:
            if hasattr(parts, "close"):
                parts.close()
        headers = [(k, v) for k, v in headers if k.lower() != "vary"] + [("Vary", _vary(headers))]
        accepts = parse_accept_header(environ.get("HTTP_ACCEPT_ENCODING")).quality("gzip") > 0
        if accepts and environ.get("REQUEST_METHOD") == "GET" and len(body) >= MIN_GZIP_BYTES:
            headers, body = self._gzipped(headers, body)
        start_response(status, headers)
        return [body]

    def _gzipped(self, headers: list[tuple[str, str]], body: bytes) -> tuple[list[tuple[str, str]], bytes]:
        tag = next(v for k, v in headers if k.lower() == "etag")
        kept = self.kept.get(tag)
        packed = kept[1] if kept is not None else gzip.compress(body, compresslevel=6, mtime=0)
        if kept is None:
            self.kept.put(tag, [], packed)
        changed = {"etag": f"W/{tag}", "content-length": str(len(packed))}
        out = [(k, changed.pop(k.lower(), v)) for k, v in headers]
        return out + [(k.title(), v) for k, v in changed.items()] + [("Content-Encoding", "gzip")], packed


def _compressible(status: str, headers: list[tuple[str, str]]) -> bool:
    found = {k.lower(): v for k, v in headers}
    media = found.get("content-type", "").split(";")[0].strip()
    return (status.startswith("200") and "etag" in found and "content-encoding" not in found
            and not found["etag"].startswith("W/") and media in GZIP_TYPES)


def _vary(headers: list[tuple[str, str]]) -> str:
    said = [v.strip() for k, value in headers if k.lower() == "vary" for v in value.split(",") if v.strip()]
    return ", ".join(dict.fromkeys([*said, "Accept-Encoding"]))


def _not_modified() -> Response | None:
    g.crkb_started = time.perf_counter()
    tag = g.crkb_etag = etag()
    if tag is None:
        return None
    if request.if_none_match.contains_weak(tag):
        response = Response(status=304)
        response.set_etag(tag)
        response.headers["Cache-Control"] = _cache_control()
        return response
    kept = _pages().get(tag)
    if kept is not None:
        g.crkb_kept = True
        return Response(kept[1], status=200, headers=kept[0])
    return None


PINNED_ARGS = ("edition", "edition_id", "date")
"""The URL path arguments naming an edition (or a date, the editions in force on it)."""


def pinned() -> bool:
    """Whether the request names its edition: a path argument ``PINNED_ARGS`` (a rule, history,
    compare, card or preview pinned), a changes span naming both editions, or ``?edition=`` (a
    contents or glossary page, the API); never a search (``/search``, ``/api/v1/search``), whose
    hits are the engine's, not the edition's."""
    if request.endpoint in ("search.search", "api.search"):
        return False
    values = request.view_args or {}
    span = values.get("span") or ""
    return (any(values.get(name) for name in PINNED_ARGS) or bool(request.args.get("edition"))
            or ("..." in span and all(span.split("...", 1))))


def _cache_control() -> str:
    return f"public, max-age={PINNED_SECONDS if pinned() else CACHE_SECONDS}"


def _pages() -> PageCache:
    caches = state.generation().caches
    if "pages" not in caches:
        caches.setdefault("pages", PageCache())
    return caches["pages"]


def _headers(response: Response) -> Response:
    generation = g.get("crkb_generation")
    if generation is not None and generation.build:
        response.headers["X-KB-Build"] = generation.build
    tag = g.get("crkb_etag")
    if tag is not None and response.status_code == 200:
        response.set_etag(tag)
        response.headers.setdefault("Cache-Control", _cache_control())
        if request.method == "GET" and not g.get("crkb_kept") and not response.direct_passthrough:
            _pages().put(tag, list(response.headers.items()), response.get_data())
    _log(response, generation)
    return response


def _log(response: Response, generation: Any) -> None:
    if access_log.isEnabledFor(logging.INFO):
        _write_log(request.method, request.full_path.rstrip("?"), response.status_code, g.get("crkb_started"),
                   getattr(generation, "build", None), response.content_length)


def _write_log(method: str, path: str, status: int, started: float | None, build: str | None,
               size: int | None) -> None:
    access_log.info(json.dumps({
        "time": dt.datetime.now(dt.timezone.utc).isoformat(timespec="milliseconds"),
        "method": method, "path": path, "status": status,
        "ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
        "build": build, "bytes": size,
    }, ensure_ascii=False))
