"""A real headless Chromium on the site: hover and keyboard-focus previews, following a See-rule
link, searching, comparing. Screenshots go to /tmp/crkb-*.png for a person to look at."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def base_url(app: Flask) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture()
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    yield tab
    context.close()
    assert errors == [], f"console errors (CSP violations show here): {errors}"


def test_hovering_a_see_rule_link_shows_its_preview(page: object, base_url: str) -> None:
    page.goto(f"{base_url}/en/cr/702.19c")
    page.hover("a.ref")
    preview = page.locator("#rule-preview")
    preview.wait_for(state="visible", timeout=5000)
    assert preview.inner_text().startswith("702.19b")
    assert "The controller of an attacking creature with trample" in preview.inner_text()
    page.mouse.move(0, 0)
    preview.wait_for(state="hidden", timeout=5000)


def test_keyboard_focus_shows_the_preview_and_enter_follows_the_link(page: object, base_url: str) -> None:
    page.goto(f"{base_url}/en/cr/702.19c")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.ref')"):
            break
    else:
        pytest.fail("Tab never reached the See-rule link")
    preview = page.locator("#rule-preview")
    preview.wait_for(state="visible", timeout=5000)
    assert page.get_attribute("a.ref", "aria-describedby") == "rule-preview"
    page.screenshot(path="/tmp/crkb-preview-light.png")
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base_url}/en/cr/702.19b")
    assert page.locator("article.rule").first.get_attribute("id") == "702.19b"


def test_the_first_tab_offers_to_skip_to_the_content(page: object, base_url: str) -> None:
    # the first Tab landed on the brand; a keyboard reader then crossed the header on every page
    page.goto(f"{base_url}/en/cr/702.19c")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    assert page.evaluate("document.activeElement.matches('a.skip-link')") and skip.is_visible()
    assert skip.inner_text() == "Skip to the content"
    page.keyboard.press("Enter")
    assert page.url.endswith("#main")
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('main').contains(document.activeElement)")


def test_legacy_anchor_is_a_fragment_target(page: object, base_url: str) -> None:
    page.goto(f"{base_url}/en/cr/702#R70219b")
    assert page.evaluate("document.querySelector(':target').id") == "R70219b"
    page.goto(f"{base_url}/en/cr/702#702.19b")
    assert page.evaluate("document.querySelector(':target').id") == "702.19b"


def test_searching_from_the_header_lists_hits(page: object, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.fill("#site-q", "trample")
    page.press("#site-q", "Enter")
    page.wait_for_url("**/search?q=trample")
    assert page.locator("li.hit").count() >= 1
    assert page.locator("li.hit mark").count() >= 1


def test_compare_page_in_dark_mode(page: object, base_url: str) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(f"{base_url}/compare/702.19b?langs=ko")
    assert page.locator("section.column").count() == 3
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 23, 24)"
    page.screenshot(path="/tmp/crkb-compare-dark.png", full_page=True)


def test_phone_width_has_no_horizontal_scroll(browser: object, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
    tab = context.new_page()
    tab.goto(f"{base_url}/en/cr/702.19")
    assert tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    tab.screenshot(path="/tmp/crkb-phone.png")
    context.close()


def test_cite_without_the_clipboard_shows_the_citation_to_copy_by_hand(browser: object, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")  # plain http on a LAN
    shown = []
    page.on("dialog", lambda dialog: (shown.append(dialog.default_value), dialog.dismiss()))
    page.goto(f"{base_url}/en/cr/702.19b")
    page.locator("article.rule[data-number='702.19b'] button.cite").click()
    page.wait_for_timeout(200)
    assert shown == ["CR 702.19b (2026-01-16) http://localhost/en/cr/2026-01-16/702.19b"]
    context.close()


def test_cite_copies_the_citation_with_its_permalink(browser: object, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    page.goto(f"{base_url}/en/cr/702.19b")
    page.locator("article.rule[data-number='702.19b'] button.cite").click()
    page.wait_for_function("document.querySelector(\"article.rule[data-number='702.19b'] button.cite\").textContent === '✓'")
    assert page.evaluate("navigator.clipboard.readText()") == "CR 702.19b (2026-01-16) http://localhost/en/cr/2026-01-16/702.19b"
    page.emulate_media(media="print")  # the print stylesheet: rule text, number and permalink only
    assert [page.locator(s).is_visible() for s in ("header.site", "section.switcher", "button.cite", "article.rule")] == [
        False, False, False, True]
    number = page.locator("article.rule[data-number='702.19b'] a.number")
    assert number.evaluate("a => getComputedStyle(a, '::after').content") == '" <http://localhost/en/cr/2026-01-16/702.19b>"'
    page.screenshot(path="/tmp/crkb-print.png")
    context.close()
