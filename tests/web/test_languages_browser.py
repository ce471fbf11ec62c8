"""A reader in a real headless Chromium on the languages KB (``languages_kb``: real en, ko, ja and zh
texts): the Japanese rule page speaks Japanese, the switcher leads to the Chinese and Korean rule,
and the Japanese glossary entry for トランプル opens. Screenshots go to /tmp/crkb-languages-*.png."""

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
def base_url(languages_kb) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, create_app({"KB_DIR": str(languages_kb)}), threaded=True)
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
        tab = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        errors: list[str] = []
        tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        yield tab
        browser.close()
        assert errors == [], f"console errors: {errors}"


def test_japanese_page_then_chinese_and_korean_then_the_japanese_glossary(page, base_url):
    page.goto(f"{base_url}/ja/cr/702.19")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("#cited-by-h").inner_text() == "参照元"
    assert page.locator("a.history-link").inner_text() == "このルールの変遷"
    assert page.locator("article.rule[data-number='702.19'] .heading").inner_text() == "トランプル／Trample"
    page.screenshot(path="/tmp/crkb-languages-ja.png", full_page=False)

    page.locator(".switcher .lang-zh a").first.click()
    page.wait_for_url(f"{base_url}/zh/cr/702.19")
    assert page.locator("#cited-by-h").inner_text() == "被引用"
    assert page.locator("article.rule[data-number='702.19'] .heading").inner_text() == "践踏"

    page.locator(".switcher .lang-ko a").first.click()
    page.wait_for_url(f"{base_url}/ko/cr/702.19")
    assert page.locator("#cited-by-h").inner_text() == "인용하는 규칙"
    assert page.locator("article.rule[data-number='702.19'] .heading").inner_text() == "돌진 Trample"

    page.goto(f"{base_url}/ja/glossary")
    assert page.locator("h1").inner_text() == "用語集"
    page.get_by_role("link", name="トランプル（とらんぷる）／Trample", exact=True).click()
    assert page.locator("article.glossary-entry h1").inner_text() == "トランプル（とらんぷる）／Trample"
    assert "702.19" in page.locator("p.definition").inner_text()
    assert page.locator("section.other-terms h2").inner_text() == "他の言語で"
    page.screenshot(path="/tmp/crkb-languages-ja-glossary.png", full_page=False)


def test_a_range_letter_and_the_cite_button_are_big_enough_to_tap_on_a_phone(page, base_url):
    # the letters of "rules 603.7d-f [d e f]" were 5-9 x 16 px, the cite button 34 x 21 (WCAG 2.5.8: 24 x 24)
    context = page.context.browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(f"{base_url}/en/cr/109.4b")
    boxes = phone.evaluate("[...document.querySelectorAll('.ref-range a, button.cite')]"
                           ".map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(boxes) >= 4 and all(width >= 24 and height >= 24 for width, height in boxes), boxes
    phone.screenshot(path="/tmp/crkb-languages-tap-targets.png", full_page=False)
    context.close()


def test_copying_a_rule_with_a_range_copies_its_words_only(page, base_url):
    page.goto(f"{base_url}/en/cr/109.4b")
    paragraph = page.locator("article.rule[data-number='109.4b'] p.rule-text")
    assert paragraph.locator(".ref-range a").count() == 3  # 603.7d, e and f, shown after the words
    selected = paragraph.evaluate(
        "p => { const r = document.createRange(); r.selectNodeContents(p); const s = getSelection();"
        " s.removeAllRanges(); s.addRange(r); return s.toString(); }")
    assert "rules 603.7d–f" in selected and "[" not in selected and "d e f" not in selected


@pytest.mark.parametrize(("lang", "line"), [("ko", "2021-11-19 시행"), ("ja", "2026-01-16 発効"), ("zh", "2024-04-12 生效")])
def test_a_preview_names_its_edition_date_in_the_page_language(page, base_url, lang, line):
    page.goto(f"{base_url}/{lang}/cr/702.19")
    page.locator("article.rule[data-number='702.19c'] a.ref").first.hover()
    preview = page.locator("#rule-preview")
    preview.wait_for(state="visible", timeout=5000)
    assert preview.locator("small").inner_text() == line
    page.mouse.move(0, 0)
    preview.wait_for(state="hidden", timeout=5000)


@pytest.mark.parametrize("width", [375, 320])
def test_the_editions_table_fits_a_phone_and_keeps_its_dates_on_one_line(page, base_url, width):
    # the Japanese seed's file name (001_5b900e1a5ef93c8f.txt) and broken dates made the page 411 px wide at 375
    context = page.context.browser.new_context(viewport={"width": width, "height": 740}, is_mobile=True)
    phone = context.new_page()
    phone.goto(f"{base_url}/editions")
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    boxes = phone.evaluate("[...document.querySelectorAll('.table-scroll')].map(b => b.scrollWidth - b.clientWidth)")
    assert boxes and all(overflow <= 0 for overflow in boxes)
    lines = phone.evaluate("[...document.querySelectorAll('tbody td:first-child a')].map(a => a.getClientRects().length)")
    assert lines and set(lines) == {1}  # each date on one line
    phone.screenshot(path=f"/tmp/crkb-languages-editions-{width}.png", full_page=True)
    context.close()


def test_a_reader_types_a_number_or_a_term_in_the_header_box_of_a_korean_page(page, base_url):
    # the box searched every language in English: 702.19b typed on a Korean page opened the English rule
    page.goto(f"{base_url}/ko/cr/702.19")
    page.fill("header.site input[name=q]", "702.19b")
    page.press("header.site input[name=q]", "Enter")
    page.wait_for_url(f"{base_url}/ko/cr/702.19b")
    page.fill("header.site input[name=q]", "trample")
    page.press("header.site input[name=q]", "Enter")
    page.wait_for_url("**/search?**")
    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.locator("li.hit a.hit-title").first.get_attribute("href").startswith("/ko/cr/702.19")
