"""A rule page's cost does not grow with the editions: the switcher names three editions per
language (on the newest page the newest, on an older edition's page those of its day) and links to
all; a page is rendered once per build and path."""

from __future__ import annotations

import dataclasses
import datetime as dt

from tests.web.pages import hrefs, soup, texts
from tests.web.webkb import web_kb_editions, write_web_kb
from web.app import create_app


def _client(tmp_path):
    editions = []
    for edition, rules, glossary in web_kb_editions():
        editions.append((edition, rules, glossary))
        if edition.id in ("en-2021-11-19", "ko-2021-11-19"):
            for year in (2022, 2023, 2024):  # the same text republished: five English, four Korean editions
                date = dt.date(year, 6, 1)
                editions.append((dataclasses.replace(edition, id=f"{edition.lang}-{date}", effective_date=date), rules,
                                 glossary))
    return create_app({**write_web_kb(tmp_path, editions), "INDEX_DIR": None}).test_client()


def test_the_switcher_names_the_newest_three_and_links_to_all(tmp_path):
    client = _client(tmp_path)
    newest = soup(client.get("/en/cr/702.19"))
    assert texts(newest, ".switcher .lang-en a, .switcher .lang-en strong") == [
        "2026-01-16", "2024-06-01", "2023-06-01", "all 5 editions"]
    assert texts(newest, ".switcher .lang-en [aria-current]") == ["2026-01-16"]
    assert hrefs(newest, ".switcher .lang-en a.all-editions") == ["/editions#en"]
    assert texts(newest, ".switcher .lang-ko a") == ["2024-06-01", "2023-06-01", "2022-06-01", "all 4 editions"]
    assert soup(client.get("/")).select_one("#editions-en summary").get_text() == "5 editions"


def test_an_older_editions_switcher_names_the_editions_of_its_day(tmp_path):
    # en 2022-06-01 named en 2026-01-16 and ko 2024-06-01 first: a reader of 2022 was sent four years on
    client = _client(tmp_path)
    page = soup(client.get("/en/cr/2022-06-01/702.19"))
    assert texts(page, ".switcher .lang-en a, .switcher .lang-en strong") == [
        "2023-06-01", "2022-06-01", "2021-11-19", "all 5 editions"]
    assert texts(page, ".switcher .lang-en [aria-current]") == ["2022-06-01"]
    assert hrefs(page, ".switcher .lang-ko a:not(.all-editions)") == [
        "/ko/cr/2023-06-01/702.19", "/ko/cr/2022-06-01/702.19", "/ko/cr/2021-11-19/702.19"]
    oldest = soup(client.get("/en/cr/2021-11-19/702.19"))  # the oldest: the two after it
    assert texts(oldest, ".switcher .lang-en a, .switcher .lang-en strong") == [
        "2023-06-01", "2022-06-01", "2021-11-19", "all 5 editions"]
    korean = soup(client.get("/ko/cr/2023-06-01/702.19"))  # a translation: the English edition of its date
    assert texts(korean, ".switcher .lang-en a:not(.all-editions)") == ["2024-06-01", "2023-06-01", "2022-06-01"]


def test_a_page_is_rendered_once_per_build_and_path(tmp_path, monkeypatch):
    client = _client(tmp_path)
    first = client.get("/en/cr/702.19")
    import web.pages.rules

    monkeypatch.setattr(web.pages.rules, "rule_page", lambda *a: (_ for _ in ()).throw(AssertionError("rendered again")))
    again = client.get("/en/cr/702.19")
    assert (again.status_code, again.get_data(), again.headers["ETag"]) == (200, first.get_data(), first.headers["ETag"])
    assert again.headers["Content-Type"] == "text/html; charset=utf-8" and "Content-Security-Policy" in again.headers
    assert client.get("/en/cr/702.19?x=1").status_code == 500  # another path is rendered: the stub fails it


def test_a_language_with_no_edition_of_the_pages_day_names_the_nearest_and_says_later(tmp_path):
    # en 2020 named ko 2024-06-01, 2023-06-01, 2022-06-01 unlabelled: a reader took them for the text of 2020
    editions = []
    for edition, rules, glossary in web_kb_editions():
        editions.append((edition, rules, glossary))
        if edition.id == "ko-2021-11-19":
            for year in (2022, 2023, 2024):
                date = dt.date(year, 6, 1)
                editions.append((dataclasses.replace(edition, id=f"ko-{date}", effective_date=date), rules, glossary))
        if edition.id == "en-2021-11-19":
            date = dt.date(2020, 6, 1)
            editions.append((dataclasses.replace(edition, id=f"en-{date}", effective_date=date), rules, glossary))
    client = create_app({**write_web_kb(tmp_path, editions), "INDEX_DIR": None}).test_client()
    page = soup(client.get("/en/cr/2020-06-01/702.19"))
    assert hrefs(page, ".switcher .lang-ko a:not(.all-editions)") == [
        "/ko/cr/2023-06-01/702.19", "/ko/cr/2022-06-01/702.19", "/ko/cr/2021-11-19/702.19"]  # the nearest after 2020
    assert texts(page, ".switcher .lang-ko .later") == ["(later than 2020-06-01)"]
    assert texts(page, ".switcher .lang-en .later") == []
    assert soup(client.get("/en/cr/2021-11-19/702.19")).select(".switcher .later") == []  # ko 2021-11-19 is of its day
    assert soup(client.get("/en/cr/702.19")).select(".switcher .later") == []
