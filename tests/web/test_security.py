"""Hostile text stays data, headers protect the pages, and bad input never gives a 5xx."""

from __future__ import annotations

import datetime as dt

import pytest
from flask.testing import FlaskClient

from kb.model import Edition, Example, GlossaryEntry, Reference, Rule
from tests.web.pages import soup
from tests.web.webkb import write_web_kb
from web.app import create_app

HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"'


@pytest.fixture(scope="module")
def hostile_client(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    edition = Edition("en-2026-01-16", "en", dt.date(2026, 1, 16), "<b>title</b>", ("evil.txt",))
    text = f"See rule 702.19. {HOSTILE}"
    rules = [
        Rule("7", "Additional <i>Rules</i>", title="Additional <i>Rules</i>"),
        Rule("702", "Keyword Abilities", title="Keyword Abilities"),
        Rule("702.19", HOSTILE, title=HOSTILE),
        Rule("702.19a", text, examples=(Example(HOSTILE),),
             references=(Reference(0, 15, "See rule 702.19", ("702.19",)),)),
    ]
    glossary = [GlossaryEntry("<script>", HOSTILE)]
    folder = tmp_path_factory.mktemp("hostile")
    return create_app(write_web_kb(folder, [(edition, rules, glossary)])).test_client()


@pytest.mark.parametrize("url", ["/en/cr/702.19a", "/en/cr/702", "/en/cr/702.19", "/compare/702.19a",
                                 "/en/glossary/%3Cscript%3E", "/en/glossary", "/", "/search?q=alert"])
def test_scraped_text_is_escaped_everywhere(hostile_client: FlaskClient, url: str) -> None:
    response = hostile_client.get(url)
    assert response.status_code == 200
    page = soup(response)
    assert page.select("script:not([src])") == []
    assert [s["src"] for s in page.select("script")] == ["/static/preview.js", "/static/cite.js"]
    assert page.select("img, i, b") == []
    assert not any(attr.startswith("on") for el in page.find_all(True) for attr in el.attrs)


def test_escaped_text_reads_back_as_written(hostile_client: FlaskClient) -> None:
    page = soup(hostile_client.get("/en/cr/702.19a"))
    assert page.select_one("article .rule-text").get_text().endswith(HOSTILE)
    assert page.select_one("a.ref").get_text() == "See rule 702.19"
    assert page.select_one(".example").get_text() == f"Example: {HOSTILE}"


def test_security_headers_on_pages_errors_and_api(client: FlaskClient) -> None:
    for url in ("/", "/en/cr/702.19", "/nowhere", "/api/v1/editions", "/static/site.css"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


def test_pages_carry_no_inline_script_and_a_viewport(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702.19"))
    assert page.select("script:not([src])") == []
    assert page.select_one("meta[name=viewport]")["content"] == "width=device-width, initial-scale=1"


def test_a_query_over_1000_characters_is_refused(client: FlaskClient) -> None:
    assert client.get("/search?q=" + "a" * 1001).status_code == 400
    assert client.get("/api/v1/search?q=" + "a" * 1001).get_json()["error"]["status"] == 400
    assert client.get("/en/cr/702.19?x=" + "b" * 5000).status_code == 400


@pytest.mark.parametrize(
    "url",
    ["/en/cr/%00", "/en/cr/%ff%fe", "/en/cr/..%2f..%2fetc%2fpasswd", "/en/cr/2026-13-45/702.19",
     "/en/cr/en-2026-01-16/%E2%80%AE702", "/en/glossary/%00", "/compare/%ff?langs=%00",
     "/compare/702.19?langs=,,,", "/compare/702.19?edition=9999-99-99", "/search?q=%00&lang=%ff",
     "/search?q=(((&lang=en", "/search?q=*&edition=zz", "/search?q=a&edition=2021-11-19",
     "/api/v1/search?q=OR&limit=%C2%B2", "/api/v1/preview/en/xx/510", "/api/v1/rules/en/%EF%BC%97",
     "/" + "x" * 3000, "/en", "/en/cr", "/static/../app.py", "/opensearch.xml?q=%ff"],
)
def test_weird_paths_answer_a_page_or_a_4xx(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code < 500, response.get_data(as_text=True)[:500]


def test_weird_headers_and_methods_answer_4xx(client: FlaskClient) -> None:
    assert client.get("/", headers={"Accept": "\x00", "Host": "ex ample"}).status_code < 500
    assert client.delete("/en/cr/702.19").status_code == 405
    assert client.post("/search", data={"q": "x"}).status_code == 405
