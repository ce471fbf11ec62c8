"""embed.js in a real headless Chromium, on a plain page of ANOTHER loopback origin whose strict
CSP allows only crkb's origin for scripts and fetches (no 'unsafe-inline', no 'unsafe-eval'):
mentions of rules crkb holds become links to crkb (999.99 does not), hovering shows the preview,
text in <a> and <code> is untouched, and no CSP violation is reported. The rule card is framed by that origin."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian chromium is not installed at /usr/bin/chromium"),
]

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A forum post</title>
<link rel="stylesheet" href="/host.css"></head><body>
<p id="plain">Trample damage is assigned as rule 702.19b says; state-based actions: CR 704.5j.</p>
<p id="range">Trample damage follows 702.19a–c, and 702.19c too.</p>
<p id="missing">No rule 999.99, nor 702.99z, nor 601.2a–d in this small KB.</p>
<p id="cjk">규칙 702.19b 돌진 · ルール702.19b · 规则 702.19b</p>
<p id="not-rules">Version 1.702.19 and 3.14 and 1000.2 stay text.</p>
<p id="linked"><a href="/elsewhere">rule 702.19b</a></p>
<p id="coded"><code>702.19b</code></p>
<textarea id="typed">rule 702.19b</textarea>
<script src="{crkb}/embed.js" data-lang="en"></script>
<iframe id="card" src="{crkb}/embed/en/702.19b" width="560" height="240" title="CR 702.19b"></iframe>
</body></html>"""


def _serve(app) -> tuple[object, threading.Thread, str]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread, f"http://127.0.0.1:{server.server_port}"


@pytest.fixture(scope="module")
def origins(app: Flask) -> Iterator[tuple[str, str]]:
    """(crkb's origin, the host page's origin): two loopback servers on two ports."""
    crkb_server, crkb_thread, crkb = _serve(app)

    @Request.application
    def host(request: Request) -> Response:
        if request.path == "/host.css":
            return Response("body { font-family: serif; }", mimetype="text/css")
        csp = (f"default-src 'none'; script-src {crkb}; connect-src {crkb}; frame-src {crkb}; "
               "style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'")
        return Response(HOST_PAGE.replace("{crkb}", crkb), mimetype="text/html",
                        headers={"Content-Security-Policy": csp})

    host_server, host_thread, host_origin = _serve(host)
    yield crkb, host_origin
    for server, thread in ((crkb_server, crkb_thread), (host_server, host_thread)):
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def test_embed_js_links_mentions_previews_them_and_violates_no_csp(browser: object, origins: tuple[str, str]) -> None:
    crkb, host = origins
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda msg: console.append(msg.text) if msg.type in ("error", "warning") else None)
    page.add_init_script("window.__violations = []; document.addEventListener('securitypolicyviolation', "
                         "function (e) { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });")
    page.goto(f"{host}/post")
    page.wait_for_selector("#plain a.crkb-rule")

    links = page.eval_on_selector_all("a.crkb-rule", "els => els.map(a => [a.parentNode.id, a.textContent, a.href])")
    assert links == [
        ["plain", "rule 702.19b", f"{crkb}/en/cr/702.19b"],
        ["plain", "CR 704.5j", f"{crkb}/en/cr/704.5j"],
        ["range", "702.19a–c", f"{crkb}/en/cr/702.19a"],
        ["range", "702.19c", f"{crkb}/en/cr/702.19c"],
        ["cjk", "규칙 702.19b", f"{crkb}/en/cr/702.19b"],
        ["cjk", "ルール702.19b", f"{crkb}/en/cr/702.19b"],
        ["cjk", "规则 702.19b", f"{crkb}/en/cr/702.19b"],
    ]
    # the page's text is unchanged (no "[a b c d]" or other inserted text), <a>/<code>/<textarea> untouched
    assert page.inner_text("#range") == "Trample damage follows 702.19a–c, and 702.19c too."
    assert page.inner_html("#missing") == "No rule 999.99, nor 702.99z, nor 601.2a–d in this small KB."  # were links
    assert page.inner_html("#linked") == '<a href="/elsewhere">rule 702.19b</a>'
    assert page.inner_html("#coded") == "<code>702.19b</code>"
    assert page.input_value("#typed") == "rule 702.19b"
    assert page.inner_html("#not-rules") == "Version 1.702.19 and 3.14 and 1000.2 stay text."

    page.hover("#plain a.crkb-rule >> nth=0")
    preview = page.locator("#crkb-preview")
    preview.wait_for(state="visible", timeout=5000)
    assert preview.inner_text().startswith("702.19b")
    assert "The controller of an attacking creature with trample" in preview.inner_text()
    assert "CR 702.19b (2026-01-16)" in preview.inner_text()
    assert page.get_attribute("#plain a.crkb-rule >> nth=0", "aria-describedby") == "crkb-preview"
    page.mouse.move(0, 700)
    preview.wait_for(state="hidden", timeout=5000)
    page.focus("#range a.crkb-rule >> nth=1")
    preview.wait_for(state="visible", timeout=5000)
    assert preview.inner_text().startswith("702.19c")

    page.evaluate("""() => {  /* a comment a page script adds later (DevTools is not under the page's CSP) */
        const p = document.createElement("p"); p.id = "late"; p.textContent = "Later: see CR 702.19c, not CR 999.9.";
        const c = document.createElement("p"); c.id = "late-code"; c.innerHTML = "<code>702.19c</code>";
        document.body.append(p, c); }""")
    page.wait_for_selector("#late a.crkb-rule")
    assert page.inner_html("#late") == f'Later: see <a class="crkb-rule" href="{crkb}/en/cr/702.19c" data-crkb-number="702.19c">CR 702.19c</a>, not CR 999.9.'
    assert page.inner_html("#late-code") == "<code>702.19c</code>"

    card = page.frame_locator("#card").locator("article.card")
    card.wait_for(timeout=5000)
    assert card.get_attribute("data-number") == "702.19b"
    page.screenshot(path="/tmp/crkb-embed.png")
    assert page.evaluate("window.__violations") == []
    assert console == [], f"console errors/warnings (CSP violations show here): {console}"
    context.close()
