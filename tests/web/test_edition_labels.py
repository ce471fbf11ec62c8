"""Edition names (web.labels) and every page that lists editions, on a KB where Korean has two
texts of one date (ko-2021-11-19 and a ko-2021-11-19-dbyll variant) and an undated text, as the
bundled data has for 2021-02-15 and the seeds."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

from kb.model import Edition
from tests.web.pages import hrefs, soup, texts
from tests.web.webkb import web_kb_editions, write_web_kb
from web.app import create_app
from web.labels import EditionLabels

UNDATED = "ko-undated-000-81dc8df3711c17ec"


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> FlaskClient:
    editions = web_kb_editions()
    korean = next((e, r, g) for e, r, g in editions if e.id == "ko-2021-11-19")
    variant = (replace(korean[0], id="ko-2021-11-19-dbyll"), *korean[1:])
    undated = (replace(korean[0], id=UNDATED, effective_date=None, sources=("000_81dc8df3711c17ec.txt",)), *korean[1:])
    config = write_web_kb(tmp_path_factory.mktemp("labels"), editions + [variant, undated])
    return create_app({**config, "INDEX_DIR": None}).test_client()


def test_names_are_the_date_plus_what_the_id_adds_and_unique_per_language() -> None:
    day = dt.date(2021, 2, 15)
    editions = [
        Edition("ko-2021-02-15", "ko", day, "t"), Edition("ko-2021-02-15-dbyll", "ko", day, "t"),
        Edition("ko-undated-000-81dc8df3711c17ec", "ko", None, "t"),
        Edition("ko-undated-003-a598c1a51fd45771", "ko", None, "t"),
        Edition("en-undated-002-fb7448a1b638b8b0", "en", None, "t"),
        Edition("en-undated-002-0a7448a1b638b8b1", "en", None, "t"),  # cut alike: both keep the tail
        Edition("ja-undated-20230901", "ja", None, "t"),  # digits only: no hash, kept
        Edition("ja-undated-fb7448a1b638b8b0", "ja", None, "t"),
    ]
    labels = EditionLabels(editions)
    assert [(labels.name(e), labels.phrase(e)) for e in editions] == [
        ("2021-02-15", "effective 2021-02-15"),
        ("2021-02-15 · dbyll", "effective 2021-02-15 · dbyll"),
        ("undated · 000…", "undated · 000…"),
        ("undated · 003…", "undated · 003…"),
        ("undated · 002-fb7448a1b638b8b0", "undated · 002-fb7448a1b638b8b0"),
        ("undated · 002-0a7448a1b638b8b1", "undated · 002-0a7448a1b638b8b1"),
        ("undated · 20230901", "undated · 20230901"),
        ("undated · fb7448…", "undated · fb7448…"),
    ]
    assert labels.name(Edition("en-2026-01-16-copy-of-2026-01-16", "en", dt.date(2026, 1, 16), "t")) == (
        "2026-01-16 · copy-of-2026-01-16")


def test_switcher_names_two_editions_of_one_date_apart(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702.19"))
    assert texts(page, ".switcher .lang-ko a") == ["2021-11-19", "2021-11-19 · dbyll", "undated · 000…"]
    assert hrefs(page, ".switcher .lang-ko a") == [
        "/ko/cr/702.19", "/ko/cr/ko-2021-11-19-dbyll/702.19", f"/ko/cr/{UNDATED}/702.19"]
    variant = soup(client.get("/ko/cr/ko-2021-11-19-dbyll/702.19"))
    assert texts(variant, ".switcher .lang-ko [aria-current]") == ["2021-11-19 · dbyll"]
    assert texts(variant, ".edition-line .edition") == ["한국어 · 2021-11-19 · dbyll 시행"]  # Korean interface words
    undated = soup(client.get(f"/ko/cr/{UNDATED}/702.19"))
    assert texts(undated, ".edition-line .edition") == ["한국어 · 날짜 없음 · 000…"]
    assert texts(undated, ".old-edition")[0].startswith("날짜 없음 · 000… 판입니다. 최신 한국어 판이 아닙니다.")  # Korean interface


def test_compare_pinned_to_a_shared_date_shows_a_column_per_edition(client: FlaskClient) -> None:
    page = soup(client.get("/compare/2021-11-19/702.19b?langs=en,ko"))
    assert texts(page, "section.column h2") == [
        "English · effective 2021-11-19 (rules 103–702 only)", "한국어 · effective 2021-11-19 (rules 103–702 only)",
        "한국어 · effective 2021-11-19 · dbyll (rules 103–702 only)"]  # the test KB's editions are excerpts
    assert [[a["data-number"] for a in col.select("article.rule")] for col in page.select("section.column")] == [
        ["702.19b"], ["702.19b"], ["702.19b"]]


def test_home_choice_page_and_404_name_editions_apart(client: FlaskClient) -> None:
    home = soup(client.get("/"))
    assert texts(home, "#contents-ko .editions a") == ["2021-11-19", "2021-11-19 · dbyll", "undated · 000…"]
    assert texts(home, "#contents-ko p")[0] == "Newest edition: 2021-11-19 · Contents · Glossary · all editions"
    assert hrefs(home, "#contents-ko .editions a") == [
        "/ko/cr", "/ko/cr?edition=ko-2021-11-19-dbyll", "/ko/cr?edition=ko-undated-000-81dc8df3711c17ec"]
    choice = client.get("/ko/cr/2021-11-19/702.19b")
    assert choice.status_code == 300
    assert texts(soup(choice), ".choices a") == ["2021-11-19", "2021-11-19 · dbyll"]
    assert hrefs(soup(choice), ".choices a") == ["/ko/cr/ko-2021-11-19/702.19b", "/ko/cr/ko-2021-11-19-dbyll/702.19b"]
    missing = soup(client.get("/ja/cr/702.19"))
    assert texts(missing, ".suggestions a")[-5:] == [  # a Japanese page: its suggestions in Japanese
        "en 2026-01-16の702.19", "en 2021-11-19の702.19", "ko 2021-11-19の702.19",
        "ko 2021-11-19 · dbyllの702.19", "ko 日付なし · 000…の702.19"]
    no_edition = soup(client.get("/ko/cr/1999-01-01/702.19"))
    assert texts(no_edition, ".suggestions a") == ["2021-11-19", "2021-11-19 · dbyll", "날짜 없음 · 000…"]  # a Korean page


def test_a_date_naming_several_editions_is_answered_300_with_the_choices_everywhere(client: FlaskClient) -> None:
    glossary = client.get("/ko/glossary?edition=2021-11-19")
    assert glossary.status_code == 300
    assert hrefs(soup(glossary), ".choices a") == [
        "/ko/glossary?edition=ko-2021-11-19", "/ko/glossary?edition=ko-2021-11-19-dbyll"]
    search = client.get("/search?q=trample&edition=2021-11-19&lang=ko")
    assert (search.status_code, texts(soup(search), ".choices a")) == (300, ["2021-11-19", "2021-11-19 · dbyll"])
    api = client.get("/api/v1/rules/ko/702.19?edition=2021-11-19")
    assert api.status_code == 300
    assert api.get_json()["error"]["choices"] == [
        {"edition": "ko-2021-11-19", "label": "2021-11-19", "url": "/api/v1/rules/ko/702.19?edition=ko-2021-11-19"},
        {"edition": "ko-2021-11-19-dbyll", "label": "2021-11-19 · dbyll",
         "url": "/api/v1/rules/ko/702.19?edition=ko-2021-11-19-dbyll"}]


def test_a_rule_page_asked_for_a_shared_date_by_query_is_answered_300_too(client: FlaskClient) -> None:
    for path in ("/ko/cr/702.19b?edition=2021-11-19", "/ko/cr/702?edition=2021-11-19"):
        choice = client.get(path)
        assert choice.status_code == 300, path
    assert hrefs(soup(client.get("/ko/cr/702.19b?edition=2021-11-19")), ".choices a") == [
        "/ko/cr/ko-2021-11-19/702.19b", "/ko/cr/ko-2021-11-19-dbyll/702.19b"]  # pinned in the path
    preview = client.get("/api/v1/preview/ko/2021-11-19/702.19b")
    assert preview.status_code == 300
    assert [c["url"] for c in preview.get_json()["error"]["choices"]] == [
        "/api/v1/preview/ko/ko-2021-11-19/702.19b", "/api/v1/preview/ko/ko-2021-11-19-dbyll/702.19b"]
    documented = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert all("300" in documented[path]["get"]["responses"] for path in (
        "/rules/{lang}/{number}", "/preview/{lang}/{edition}/{number}", "/history/{lang}/{number}",
        "/changes/{lang}/{span}", "/search"))
