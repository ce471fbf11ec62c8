"""Render the whole site to files with the Flask app's test client (the live site's own views).

``export_site(app, store, root)`` starts from every page the store implies (each rule of each
edition, unpinned and pinned, its history and preview, the API's rule and history documents of the
newest editions, changes between consecutive editions, compare pages, glossaries and their entries,
entry pages, static files) and follows every same-site link, ``src`` and ``data-preview`` the
rendered HTML holds, so every link of the export resolves. A query string is dropped: a static
server answers ``/compare/702.19b?langs=en,ko`` with the page of ``/compare/702.19b``; what a page
means is in its path (``/ko/compare/103.4``, the Korean 103.4, not the English).
"""

from __future__ import annotations

import html
import re
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask

from kb.store import history
from kb.store.read import Store
from web.export.files import SiteWriter, file_of
from web.urls import Urls

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"
LINK = re.compile(r'(?:href|src|data-preview)="(/[^"#?]*)')
SKIP = ("/search/", "/healthz")


@dataclass
class ExportReport:
    """What an export did: pages (HTML) and documents (everything else) exported, files written
    and unchanged, bytes of the whole export, paths answered neither 200 nor a redirect (with their
    status), seconds."""

    pages: int = 0
    documents: int = 0
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    bytes: int = 0
    missing: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    search: str = ""

    def to_dict(self) -> dict:
        """The report as JSON-ready data (``missing`` cut to 20 paths)."""
        data = dict(self.__dict__)
        data["missing"] = dict(list(self.missing.items())[:20])
        data["missing_count"] = len(self.missing)
        return data


def seed_paths(store: Store) -> Iterator[str]:
    """Every path the store implies, before links are followed (see module doc)."""
    urls = Urls(store)
    yield from ("/", "/editions", "/search", "/opensearch.xml", "/api/v1/editions")
    for static in sorted(STATIC_DIR.rglob("*")):
        if static.is_file():
            yield "/static/" + static.relative_to(STATIC_DIR).as_posix()
    for lang in store.languages():
        yield from (f"/{lang}", f"/{lang}/cr", f"/{lang}/glossary")
        newest = store.find_edition(lang)
        for entry in store.glossary(newest.id):
            yield urls.glossary(lang, entry.term)
        dated = [e for e, _date in history.chain(store, lang)]
        if len(dated) > 1:
            yield f"/{lang}/changes"
        for old, new in zip(dated, dated[1:]):
            yield urls.changes(lang, store.edition(old), store.edition(new))
    chained = {e for lang in store.languages() for e, _date in history.chain(store, lang)}
    for edition in store.editions():
        lang, is_newest = edition.lang, urls.is_newest(edition)
        for number in sorted({rule.number for rule in store.rules(edition.id)}):
            yield urls.rule(lang, number, edition, pinned=True)
            yield urls.api_preview(lang, number, edition)
            if edition.id in chained:
                yield urls.history(lang, number, edition)
            if is_newest:
                yield urls.rule(lang, number, edition)
                yield f"/api/v1/rules/{lang}/{number}"
                if edition.id in chained:
                    yield f"/api/v1/history/{lang}/{number}"
                if lang == "en":
                    yield f"/compare/{number}"


def export_site(app: Flask, store: Store, root: Path, *, progress=None) -> ExportReport:
    """Render every page of ``app`` (serving ``store``) into ``root`` (see module doc and
    ``web.export.files``), writing only changed files. ``progress(count)`` is called every 500
    paths when given. Returns the ``ExportReport``; a path answered 4xx/5xx is listed in
    ``missing`` and not written."""
    started = time.perf_counter()
    writer, report = SiteWriter(root), ExportReport()
    client = app.test_client()
    queue: deque[str] = deque()
    seen: set[str] = set()

    def add(path: str) -> None:
        if path not in seen and not path.startswith(SKIP):
            seen.add(path)
            queue.append(path)

    for path in seed_paths(store):
        add(path)
    while queue:
        path = queue.popleft()
        response = client.get(path)
        is_html = response.mimetype == "text/html"
        if response.status_code in (301, 302, 303, 307, 308):
            target = response.headers["Location"]
            data = _redirect_page(target)
            is_html = True
            if target.startswith("/"):
                add(target.split("?")[0].split("#")[0])
        elif response.status_code in (200, 300):
            data = response.get_data()
        else:
            report.missing[path] = response.status_code
            continue
        if is_html:
            report.pages += 1
            for link in LINK.findall(data.decode("utf-8", "replace")):
                add(html.unescape(link))
        else:
            report.documents += 1
        writer.write(file_of(path, is_html), data)
        if progress is not None and (report.pages + report.documents) % 500 == 0:
            progress(report.pages + report.documents)
    report.removed = writer.finish()
    report.written, report.unchanged, report.bytes = writer.written, writer.unchanged, writer.bytes
    report.seconds = time.perf_counter() - started
    return report


def _redirect_page(target: str) -> bytes:
    """A page sending the browser to ``target`` (what a static server cannot answer with 3xx)."""
    escaped = html.escape(target, quote=True)
    return (f'<!doctype html><meta charset="utf-8"><title>Moved</title>'
            f'<meta http-equiv="refresh" content="0; url={escaped}">'
            f'<link rel="canonical" href="{escaped}"><p><a href="{escaped}">{escaped}</a></p>\n').encode()
