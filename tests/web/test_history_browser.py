"""A new user in a real headless Chromium on the history KB (real corpus editions): compares the
mulligan rule across languages, reads when "battle" came into 702.19b, and follows an old edition's
banner to the rule's number today. Screenshots go to /tmp/crkb-history-*.png."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from web.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.corpus,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def base_url(history_kb) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, create_app({"KB_DIR": str(history_kb)}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def page() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        tab = context.new_page()
        tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        yield tab
        browser.close()
        assert errors == [], f"console errors: {errors}"


def test_compare_shows_mulligan_in_every_column_with_english_changes_marked(page, base_url):
    page.goto(f"{base_url}/ko/cr/103.4")  # the Korean mulligan: its "compare languages" link
    page.click(".edition-line a[href*='/compare/']")
    page.wait_for_url("**/ko/compare/103.4")
    korean = page.locator(".columns").first.locator("section.column")  # the reader's row first
    texts = [korean.nth(i).inner_text() for i in range(3)]
    assert "멀리건" in texts[0] and "mulligan" in texts[1] and "mulligan" in texts[2]
    assert "103.5" in texts[2] and "번호 변경: 103.4 → 103.5" in texts[2]
    page.goto(f"{base_url}/en/compare/103.5?langs=en,ko")  # the English number: the same rule
    assert "멀리건" in page.locator("section.column").first.inner_text()
    page.goto(f"{base_url}/compare/103.4?langs=en,ko")  # no language: the translation's number
    columns = page.locator("section.column")
    assert "멀리건" in columns.nth(0).inner_text() and "mulligan" in columns.nth(2).inner_text()
    page.screenshot(path="/tmp/crkb-history-compare.png", full_page=True)
    page.goto(f"{base_url}/compare/702.19b?langs=en,ko")
    marked = page.locator("section.column .english-changes ins")
    assert any("battle" in marked.nth(i).inner_text() for i in range(marked.count()))


def test_history_of_702_19b_shows_when_battle_came_in(page, base_url):
    page.goto(f"{base_url}/en/cr/702.19b")
    page.click("a.history-link")
    page.wait_for_url("**/702.19b/history")
    step = page.locator('li.step[data-edition="en-2023-04-14"]')
    assert "2023-04-14" in step.inner_text() and "edited" in step.inner_text()
    assert any("battle" in t for t in step.locator("ins").all_inner_texts())
    page.screenshot(path="/tmp/crkb-history-702.19b.png", full_page=True)


def test_an_old_edition_banner_leads_to_the_rule_today(page, base_url):
    page.goto(f"{base_url}/en/cr/2021-11-19/103.4")
    page.click(".old-edition a.newest-number")
    page.wait_for_url("**/en/cr/103.5")
    assert "mulligan" in page.locator("section.rules").inner_text()


@pytest.mark.parametrize("path", ["/en/cr/2009-07-11/205.5/history", "/en/changes/2009-05-01...2009-07-11"])
def test_a_long_address_in_a_rule_text_wraps_on_a_phone(page, base_url, path):
    # 205.5 prints a wizards.com address: the history was 409 px wide at 375, the changes page 448
    context = page.context.browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(base_url + path)
    assert phone.locator("p.text").count() > 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    context.close()


def test_a_judge_chooses_two_editions_on_a_phone_without_javascript(page, base_url):
    # "what changed between 2022-11-18 and 2026-01-16?": chosen on the changes page, no URL typed
    context = page.context.browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True,
                                               java_script_enabled=False)
    phone = context.new_page()
    phone.goto(f"{base_url}/en/changes")
    form = phone.locator("form.edition-pick")
    for control in ("select[name=from]", "select[name=to]", "button[type=submit]"):
        box = form.locator(control).bounding_box()
        assert box["height"] >= 24 and box["width"] >= 24 and box["x"] + box["width"] <= 375, (control, box)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    form.locator("select[name=from]").select_option("2026-01-16")  # the newer first: the same changes
    form.locator("select[name=to]").select_option("2022-11-18")
    form.locator("button[type=submit]").click()
    phone.wait_for_url("**/en/changes/2022-11-18...2026-01-16")
    assert phone.locator("h1").inner_text() == "What changed from 2022-11-18 to 2026-01-16"
    chosen = phone.locator("form.edition-pick")
    assert [chosen.locator(f"select[name={n}]").input_value() for n in ("from", "to")] == ["2022-11-18", "2026-01-16"]
    phone.screenshot(path="/tmp/crkb-history-changes-choice.png")
    context.close()
