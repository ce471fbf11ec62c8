"""The site as a public service (``web.http``): absolute URLs from the configured public address
only, ETags and 304s, Cache-Control, the query cap in characters, ``q=`` as the OpenAPI document
says, ``/healthz`` and ``X-KB-Build``."""

from __future__ import annotations

import gzip
import re

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from ingest.build import build_kb
from ingest.home import BUNDLED_DATA
from kb.store.layout import current_build
from web.app import create_app


@pytest.fixture(scope="module")
def kb_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kb")
    assert build_kb([BUNDLED_DATA], folder).published  # the five seeds
    return folder


@pytest.fixture()
def client(kb_dir) -> FlaskClient:
    return create_app({"KB_DIR": str(kb_dir), "PUBLIC_URL": "https://rules.example.org"}).test_client()


def test_the_host_header_never_makes_a_url(client):
    redirect = client.get("/ko//cr/702", headers={"Host": "evil.com"})  # merged slashes: 308
    assert redirect.status_code == 308 and redirect.headers["Location"] == "https://rules.example.org/ko/cr/702"
    xml = client.get("/opensearch.xml", headers={"Host": "evil.com"}).get_data(as_text=True)
    assert "evil" not in xml and 'template="https://rules.example.org/search?q={searchTerms}"' in xml
    page = client.get("/ko/cr/702", headers={"Host": "evil.com", "X-Forwarded-Host": "evil.com"}).get_data(as_text=True)
    assert "evil" not in page and '<link rel="canonical" href="https://rules.example.org/ko/cr/' in page


def test_pages_and_the_api_have_an_etag_per_build_and_path_and_answer_304(client, kb_dir):
    build = current_build(kb_dir).root.name
    for path in ("/ko/cr/702", "/api/v1/editions", "/api/v1/search?q=%EB%8F%8C%EC%A7%84&lang=ko"):
        first = client.get(path)
        assert (first.status_code, first.headers["X-KB-Build"], first.headers["Cache-Control"]) == (200, build, "public, max-age=60")
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert (again.status_code, again.get_data(), again.headers["ETag"]) == (304, b"", first.headers["ETag"])
        assert client.get(path, headers={"If-None-Match": "*"}).status_code == 304  # any representation
    assert client.get("/ko/cr/702").headers["ETag"] != client.get("/ko/cr/702.1").headers["ETag"]
    korean = client.get("/", headers={"Accept-Language": "ko"})  # the URL names the language, not the header
    english = client.get("/", headers={"Accept-Language": "en"})
    assert korean.headers["ETag"] == english.headers["ETag"] and korean.get_data() == english.get_data()
    assert "Accept-Language" not in korean.headers.get("Vary", "")
    missing = client.get("/ko/cr/999.9")
    assert missing.status_code == 404 and "ETag" not in missing.headers


def test_a_page_pinned_to_an_edition_is_kept_a_day_and_the_newest_a_minute(client):
    # a pinned edition never changes, yet its pages were asked for again every minute as the newest pages are
    for path in ("/ja/cr/2023-09-01/101.1", "/ja/cr?edition=2023-09-01", "/api/v1/rules/ja/101.1?edition=2023-09-01",
                 "/api/v1/preview/ja/ja-2023-09-01/101.1"):
        first = client.get(path)
        assert (first.status_code, first.headers["Cache-Control"]) == (200, "public, max-age=86400"), path
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert (again.status_code, again.headers["Cache-Control"]) == (304, "public, max-age=86400"), path
    for path in ("/ja/cr/101.1", "/ja/cr", "/search?q=%E3%82%B2%E3%83%BC%E3%83%A0&lang=ja&edition=2023-09-01"):
        assert client.get(path).headers["Cache-Control"] == "public, max-age=60", path  # a search: the engine's hits


def test_pages_go_gzipped_to_a_client_that_takes_gzip_compressed_once(client, monkeypatch):
    import web.http

    plain = client.get("/ko/cr/702")
    packed = client.get("/ko/cr/702", headers={"Accept-Encoding": "br;q=1.0, gzip;q=0.8"})
    assert (packed.headers["Content-Encoding"], packed.headers["Vary"]) == ("gzip", "Accept-Encoding")
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert int(packed.headers["Content-Length"]) == len(packed.get_data()) < len(plain.get_data()) / 4
    assert packed.headers["ETag"] == f"W/{plain.headers['ETag']}" and plain.headers["Vary"] == "Accept-Encoding"
    assert client.get("/ko/cr/702", headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]}
                      ).status_code == 304
    monkeypatch.setattr(web.http.gzip, "compress", lambda *a, **k: (_ for _ in ()).throw(AssertionError("again")))
    assert client.get("/ko/cr/702", headers={"Accept-Encoding": "gzip"}).get_data() == packed.get_data()  # kept
    refused = client.get("/ko/cr/702", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers and refused.get_data() == plain.get_data()
    small = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers  # no ETag: not a page; and short


def test_static_files_keep_their_max_age(client):
    css = client.get("/static/site.css")
    assert css.status_code == 200 and css.headers["Cache-Control"] == "public, max-age=3600"


def test_the_query_cap_counts_characters(client):
    assert client.get("/api/v1/search", query_string={"q": "돌" * 960, "lang": "ko"}).status_code == 200
    refused = client.get("/api/v1/search", query_string={"q": "돌" * 1001, "lang": "ko"})
    assert refused.status_code == 400 and refused.get_json()["error"]["message"] == "The query is longer than 1000 characters."


def test_a_blank_query_is_valid_and_finds_nothing_a_missing_one_is_400(client):
    blank = client.get("/api/v1/search?q=")
    assert (blank.status_code, blank.get_json()["hits"]) == (200, [])
    assert client.get("/api/v1/search").status_code == 400
    param = next(p for p in client.get("/api/v1/openapi.json").get_json()["paths"]["/search"]["get"]["parameters"]
                 if p["name"] == "q")
    assert param["required"] is True and "minLength" not in param["schema"]


def test_healthz_names_the_live_build_and_is_never_cached(client, kb_dir):
    health = client.get("/healthz")
    assert health.status_code == 200 and health.headers["Cache-Control"] == "no-store"
    body = health.get_json()
    assert (body["status"], body["build"], body["problem"]) == ("ok", current_build(kb_dir).root.name, None)
    assert 0 <= body["age_seconds"] < 3600


def test_a_page_of_a_few_megabytes_is_kept_and_a_larger_one_is_not() -> None:
    from web.pagecache import MAX_ENTRY_BYTES, PageCache

    cache = PageCache(max_bytes=3 * MAX_ENTRY_BYTES)
    changes = b"x" * 1_500_000  # /en/changes/2009-07-11...2026-01-16 is 1.3 MB and takes over a second to make
    cache.put("changes", [], changes)
    assert cache.get("changes") == ([], changes)
    cache.put("huge", [], b"x" * (MAX_ENTRY_BYTES + 1))
    assert cache.get("huge") is None


def test_crawlers_may_read_rules_but_not_searches(client):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots.mimetype == "text/plain"
    assert robots.get_data(as_text=True).splitlines() == [
        "User-agent: *", "Disallow: /search", "Disallow: /api/v1/search", "Disallow: /*/changes/pick",
        "Sitemap: https://rules.example.org/sitemap.xml"]
    results = BeautifulSoup(client.get("/search?q=trample&lang=en").get_data(as_text=True), "html.parser")
    assert results.select_one('meta[name="robots"]')["content"] == "noindex"
    rule = BeautifulSoup(client.get("/ko/cr/702").get_data(as_text=True), "html.parser")
    assert rule.select_one('meta[name="robots"]') is None


def test_the_sitemap_lists_every_rule_and_glossary_entry_of_the_newest_editions(client):
    from lxml import etree

    from web import state

    answer = client.get("/sitemap.xml", headers={"Host": "evil.com"})
    assert (answer.status_code, answer.mimetype) == (200, "application/xml")
    spaces = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locations = etree.fromstring(answer.data).xpath("/s:urlset/s:url/s:loc/text()", namespaces=spaces)
    assert all(location.startswith("https://rules.example.org/") for location in locations)
    paths = [location.removeprefix("https://rules.example.org") for location in locations]
    assert paths[:3] == ["/", "/editions", "/en/cr"]
    assert {"/ko/cr/702.19b", "/ko/glossary", "/ja/cr/101.1", "/ja/glossary"} <= set(paths)
    assert not any(re.search(r"/cr/\d{4}-", path) for path in paths)  # older editions are reached by links
    with client.application.test_request_context():
        client.application.preprocess_request()
        store = state.store()
        newest = [store.find_edition(lang).id for lang in store.languages()]
        pages = sum(len(store.numbers(edition)) + len(store.glossary(edition)) + 2 for edition in newest)
    assert len(paths) == len(set(paths)) == 2 + pages
    assert {client.get(path).status_code for path in paths[::7]} == {200}


def test_the_icon_is_where_browsers_look_without_a_page(client):
    answer = client.get("/favicon.ico")
    assert (answer.status_code, answer.headers["Location"]) == (301, "/static/favicon.svg")
    icon = client.get(answer.headers["Location"])
    assert (icon.status_code, icon.mimetype) == (200, "image/svg+xml")
