"""The exported site in a real headless Chromium, served by a plain static file server
(``http.server``, no Python app behind it): a See-rule link, a hover preview, the static search
and a history page. Built from two real English editions (en 2022-11-18 and 2023-04-14, where
battles entered trample's 702.19b); screenshots go to /tmp/crkb-export-*.png."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from kb.store.layout import current_build
from kb.store.read import Store
from web.app import create_app
from web.export.pagefind import index_site
from web.export.site import export_site

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
EDITIONS = ("en/2022-11-18.txt", "en/2023-04-14.txt")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.corpus,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # noqa: D102
        pass


@pytest.fixture(scope="module")
def static_url(shared_dir, tmp_path_factory) -> Iterator[str]:
    import ingest.build
    from tests.corpus import shared_file

    kb_dir = tmp_path_factory.mktemp("export-kb")
    report = ingest.build.build_kb([shared_file(name) for name in EDITIONS], kb_dir)
    assert report.published, report.to_dict()
    build = current_build(kb_dir)
    app = create_app({"STORE_PATH": str(build.store), "INDEX_DIR": str(build.index)})
    app.config["STATIC_EXPORT"] = True
    root = tmp_path_factory.mktemp("export-site")
    exported = export_site(app, Store(build.store), root)
    assert exported.pages > 6000, exported.to_dict()
    index_site(root)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def page(static_url) -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        tab = context.new_page()
        errors: list[str] = []
        requests: list[str] = []
        tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        tab.on("request", lambda request: requests.append(request.url))
        yield tab
        browser.close()
        assert errors == [], f"console errors: {errors}"
        elsewhere = [url for url in requests if not url.startswith(static_url) and not url.startswith("data:")]
        assert requests and elsewhere == [], f"requests beyond the static server: {elsewhere}"


def test_a_see_rule_link_leads_to_the_rule_and_its_anchor(page, static_url):
    page.goto(f"{static_url}/en/cr/702.19c")
    link = page.locator("main a.ref[href='/en/cr/702.19b']").first
    link.click()
    page.wait_for_url("**/en/cr/702.19b/")
    assert "battle" in page.locator("main").inner_text()
    page.goto(f"{static_url}/en/cr/702#R70219b")
    assert page.locator("#R70219b, [id='702.19b']").first.is_visible()
    page.screenshot(path="/tmp/crkb-export-rule.png")


def test_hovering_a_reference_shows_its_preview_from_the_exported_json(page, static_url):
    page.goto(f"{static_url}/en/cr/702.19c")
    page.locator("main a.ref[data-preview]").first.hover()
    preview = page.locator("#rule-preview")
    preview.wait_for(state="visible", timeout=5000)
    assert "702.19b" in preview.inner_text() and "effective 2023-04-14" in preview.inner_text()
    page.screenshot(path="/tmp/crkb-export-preview.png")


def test_the_static_search_finds_trample_without_a_server(page, static_url):
    page.goto(f"{static_url}/search?q=trample")
    hits = page.locator("#static-search .hit a.hit-title")
    hits.first.wait_for(timeout=15000)
    hrefs = [hits.nth(i).get_attribute("href") for i in range(hits.count())]
    assert any(href.startswith("/en/cr/702.19") for href in hrefs), hrefs
    page.screenshot(path="/tmp/crkb-export-search.png")
    hits.first.click()
    page.wait_for_load_state()
    assert page.locator("main").inner_text().strip()


def test_a_history_page_shows_when_battles_entered_702_19b(page, static_url):
    page.goto(f"{static_url}/en/cr/702.19b")
    page.locator("a.history-link").first.click()
    page.wait_for_url("**/en/cr/702.19b/history/")
    steps = page.locator("ol.history li.step")
    assert steps.count() == 2
    assert "edited" in steps.nth(1).inner_text() and "2023-04-14" in steps.nth(1).inner_text()
    page.screenshot(path="/tmp/crkb-export-history.png")
