"""Entry pages on the web test KB: /editions, /<lang>, /<lang>/cr, a trailing slash, and every link
of the home page answering 200."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup
from flask.testing import FlaskClient

CSS = Path(__file__).resolve().parents[2] / "web" / "static" / "site.css"


def soup(client: FlaskClient, url: str) -> BeautifulSoup:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return BeautifulSoup(answer.text, "html.parser")


def test_editions_lists_every_edition_with_its_count_coverage_and_source(client: FlaskClient) -> None:
    page = soup(client, "/editions")
    assert [s["id"] for s in page.select("section.edition-list")] == ["en", "ko", "ja"]
    rows = [[td.get_text(" ", strip=True) for td in tr.select("td")] for tr in page.select("#en tbody tr")]
    assert rows == [["2026-01-16 newest", "18", "rules 101–704", "2026-01-16.txt"],
                    ["2021-11-19", "11", "rules 103–702", "2021-11-15.txt"]]  # the test KB's editions are excerpts
    assert [a["href"] for a in page.select("tbody td:first-child a")] == [
        "/en/cr/2026-01-16/1", "/en/cr/2021-11-19/1", "/ko/cr/2021-11-19/1", "/ja/cr/2023-09-01/1"]


def test_the_editions_page_speaks_the_language_it_is_asked_in_and_contents_ask_in_theirs(client: FlaskClient) -> None:
    korean = soup(client, "/editions?lang=ko")
    english = soup(client, "/editions")  # after the Korean page: each language is its own page
    assert (korean.select_one("html")["lang"], english.select_one("html")["lang"]) == ("ko", "en")
    assert korean.select_one("h1").get_text() != english.select_one("h1").get_text()
    assert [a["href"] for a in soup(client, "/ko/cr").select('a[href^="/editions"]')] == ["/editions?lang=ko#ko"]
    assert [a["href"] for a in soup(client, "/en/cr").select('a[href^="/editions"]')] == ["/editions#en"]


def test_the_editions_table_scrolls_in_its_own_box_and_keeps_dates_whole(client: FlaskClient) -> None:
    # a phone's width: the table never widens the page, a date never breaks ("2026-\n01-16"), a file name may
    page = soup(client, "/editions")
    assert len(page.select("section.edition-list > .table-scroll > table")) == len(page.select("section.edition-list"))
    css = " ".join(CSS.read_text(encoding="utf-8").split())
    assert ".table-scroll { overflow-x: auto; }" in css
    assert ".edition-list td:first-child a, .edition-list td.count { white-space: nowrap; }" in css
    assert ".edition-list td.source { overflow-wrap: anywhere; }" in css


def test_a_language_and_its_contents(client: FlaskClient) -> None:
    answer = client.get("/en")
    assert (answer.status_code, answer.headers["Location"]) == (302, "/en/cr")
    page = soup(client, "/en/cr")
    assert page.select_one("p.edition-line .edition").get_text() == "English · effective 2026-01-16"
    assert [a.get_text() for a in page.select("ol.sections > li > a")] == [
        "1. Game Concepts", "5. Turn Structure", "7. Additional Rules"]
    old = soup(client, "/en/cr?edition=2021-11-19")
    assert old.select_one("p.edition-line .edition").get_text() == "English · effective 2021-11-19"
    assert (page.title.string, old.title.string) == (  # the old contents were titled as the newest
        "Contents · English · crkb", "Contents · English · 2021-11-19 · crkb")
    assert client.get("/xx/cr").status_code == 404


def test_contents_glossary_and_changes_offer_the_same_page_in_the_other_languages(client: FlaskClient) -> None:
    # only rule pages had a way to another language; the home page is far down on a phone
    def offered(url: str) -> list[tuple[str, str | None]]:
        nav = soup(client, url).select_one("nav.page-languages")
        return [(item["lang"], item.get("href")) for item in nav.select("a, span")] if nav else []

    assert offered("/en/cr") == [("en", None), ("ko", "/ko/cr"), ("ja", "/ja/cr")]
    assert offered("/ko/glossary") == [("en", "/en/glossary"), ("ko", None), ("ja", "/ja/glossary")]
    assert soup(client, "/ja/cr").select_one("nav.page-languages")["aria-label"] == "このページの他の言語"
    assert offered("/en/cr/702.19") == []  # the rule's switcher does it
    missing = client.get("/en/cr?edition=garbage")  # its 404 page has no edition to offer
    assert missing.status_code == 404 and BeautifulSoup(missing.get_data(as_text=True), "html.parser").select(
        "nav.page-languages") == []


def test_a_trailing_slash_is_redirected(client: FlaskClient) -> None:
    answer = client.get("/en/cr/702.19/?x=1")
    assert answer.status_code == 308
    assert urlsplit(answer.headers["Location"])[2:4] == ("/en/cr/702.19", "x=1")


def test_every_link_of_the_home_page_answers_200(client: FlaskClient) -> None:
    home = soup(client, "/")
    links = {a["href"] for a in home.select("a[href]") if a["href"].startswith("/")}
    assert len(links) > 20
    failing = {href: client.get(href).status_code for href in sorted(links)}
    assert {href: code for href, code in failing.items() if code != 200} == {}
