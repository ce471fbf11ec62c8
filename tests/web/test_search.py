"""Search page and search API on the real index of the small KB, and the OpenSearch description."""

from __future__ import annotations

import json
import shutil

import pytest
from flask import Flask
from flask.testing import FlaskClient
from lxml import etree

from search.index import SCHEMA_VERSION
from tests.web.pages import hrefs, soup, texts
from web.app import create_app


def test_opensearch_description_is_linked_and_points_at_search(client: FlaskClient) -> None:
    link = soup(client.get("/")).select_one("link[rel=search]")
    assert (link["type"], link["href"]) == ("application/opensearchdescription+xml", "/opensearch.xml")
    response = client.get("/opensearch.xml")
    assert response.mimetype == "application/opensearchdescription+xml"
    root = etree.fromstring(response.data)
    ns = {"o": "http://a9.com/-/spec/opensearch/1.1/"}
    assert [u.get("template") for u in root.findall("o:Url", ns)] == [
        "http://localhost/search?q={searchTerms}", "http://localhost/api/v1/search?q={searchTerms}"]
    # the test KB holds no Chinese edition: the description names the languages it holds
    assert root.findtext("o:Description", namespaces=ns).endswith("Rules (English, Korean, Japanese)")


def test_a_rule_number_query_goes_to_the_rule(client: FlaskClient) -> None:
    response = client.get("/search?q=CR+702.19B")
    assert (response.status_code, response.headers["Location"]) == (302, "/en/cr/702.19b")
    korean = client.get("/search?q=702.19b&lang=ko")
    assert korean.headers["Location"] == "/ko/cr/702.19b"
    # a rule-number prefix in the reader's language goes to the rule in that language
    assert client.get("/search", query_string={"q": "규칙 702.19b"}).headers["Location"] == "/ko/cr/702.19b"
    assert client.get("/search", query_string={"q": "ルール101.2"}).headers["Location"] == "/ja/cr/101.2"
    assert client.get("/search", query_string={"q": "101.2のルール"}).headers["Location"] == "/ja/cr/101.2"
    assert client.get("/search", query_string={"q": "702.19b번"}).headers["Location"] == "/ko/cr/702.19b"


def test_a_number_only_an_older_edition_holds_goes_to_the_page_saying_where_it_went(client: FlaskClient) -> None:
    # 103.4 (mulligan in 2021) is 103.5 in the newest English edition, which numbers nothing 103.4:
    # the newest edition holding 103.4 says so (it was the newest's 404, listing the editions)
    response = client.get("/search?q=103.4&lang=en")
    assert (response.status_code, response.headers["Location"]) == (302, "/en/cr/2021-11-19/103.4")
    older = client.get(response.headers["Location"])
    assert older.status_code == 200 and soup(older).select_one(".old-edition") is not None  # not the newest
    missing = client.get("/en/cr/103.4")
    assert missing.status_code == 404
    assert "/en/cr/103.5" in hrefs(soup(missing), ".suggestions a")
    assert client.get("/search?q=999.9&lang=en").status_code == 200  # no edition holds it: searched as words
    assert client.get("/search?q=999.9&lang=en&edition=en-2021-11-19").status_code == 200  # pinned too


def test_search_page_lists_hits_with_marked_snippets(search_config: dict) -> None:
    client = create_app(search_config).test_client()
    page = soup(client.get("/search?q=trample&lang=en"))
    hits = page.select("li.hit")
    assert hits, "trample must find rules"
    assert hits[0].select_one("a.hit-title")["href"].startswith("/en/cr/702.19")
    assert page.select("li.hit .snippet mark")
    korean = soup(client.get("/search?q=돌진&lang=ko"))
    assert [a["href"] for a in korean.select("a.hit-title")][0].startswith("/ko/cr/702.19")


def test_search_api_answers_hits(search_config: dict) -> None:
    client = create_app(search_config).test_client()
    body = client.get("/api/v1/search?q=trample&lang=en&limit=3").get_json()
    assert (body["query"], body["lang"], body["edition"]) == ("trample", "en", None)
    assert 1 <= len(body["hits"]) <= 3
    assert set(body["hits"][0]) == {"number", "lang", "edition", "title", "snippet", "score", "url"}
    pinned = client.get("/api/v1/search?q=trample&lang=en&edition=2021-11-19").get_json()
    assert {h["edition"] for h in pinned["hits"]} == {"en-2021-11-19"}


def test_search_without_an_index_is_503_not_a_crash(web_config: dict) -> None:
    app: Flask = create_app({"STORE_PATH": web_config["STORE_PATH"], "TESTING": True})
    client = app.test_client()
    assert client.get("/search?q=trample").status_code == 503
    assert client.get("/api/v1/search?q=trample").get_json()["error"]["status"] == 503
    assert client.get("/search").status_code == 200


def test_an_index_of_an_older_crkb_asks_for_a_rebuild_and_the_site_still_runs(web_config: dict, tmp_path) -> None:
    if "INDEX_DIR" not in web_config:
        pytest.skip("no search index in the web test KB")
    index = tmp_path / "index"
    shutil.copytree(web_config["INDEX_DIR"], index)
    manifest = json.loads((index / "editions.json").read_text(encoding="utf-8"))
    (index / "editions.json").write_text(json.dumps(manifest["editions"]), encoding="utf-8")  # schema 1: a list
    client = create_app({"STORE_PATH": web_config["STORE_PATH"], "INDEX_DIR": str(index), "TESTING": True}).test_client()
    error = client.get("/api/v1/search?q=trample").get_json()["error"]
    assert error["status"] == 503
    assert error["message"].endswith(f"this crkb reads schema {SCHEMA_VERSION}: rebuild the KB (crkb build).")
    page = client.get("/search?q=trample")
    assert page.status_code == 503 and "rebuild the KB (crkb build)" in page.get_data(as_text=True)
    assert client.get("/").status_code == 200


def test_no_hits_says_so(search_config: dict) -> None:
    client = create_app(search_config).test_client()
    page = soup(client.get("/search?q=zzzqqqxxv&lang=en"))
    assert texts(page, ".no-hits") == ["No rule matches “zzzqqqxxv”."]


def test_the_query_script_picks_the_language_unless_lang_is_given(search_config: dict) -> None:
    client = create_app(search_config).test_client()
    korean = soup(client.get("/search?q=돌진"))
    assert {hit["lang"] for hit in korean.select("li.hit")} == {"ko"}
    assert texts(korean, ".scope") == ["한국어 최신 판을 검색합니다. 모든 언어 검색"]  # in the language typed
    assert korean.select_one(".scope a")["href"] == "/search?q=%EB%8F%8C%EC%A7%84&lang=all"
    english = client.get("/api/v1/search?q=trample").get_json()
    assert (english["lang"], {h["lang"] for h in english["hits"]}) == ("en", {"en"})
    everywhere = client.get("/api/v1/search?q=trample&lang=all&limit=50").get_json()
    assert everywhere["lang"] is None
    assert {h["lang"] for h in everywhere["hits"]} == {"en", "ko"}


@pytest.mark.parametrize("written", ["EN", "en-US", " en "])
def test_a_language_written_otherwise_is_read(client: FlaskClient, written: str) -> None:
    # lang=EN answered 404 "No language 'EN' here"
    page = soup(client.get("/search", query_string={"q": "trample", "lang": written}))
    assert page.select("li.hit") and {hit["lang"] for hit in page.select("li.hit")} == {"en"}
    assert client.get("/api/v1/search", query_string={"q": "trample", "lang": written}).status_code == 200


def test_query_language_by_script() -> None:
    from web.args import query_language

    languages = ["en", "ko", "ja"]
    assert [query_language(q, languages) for q in ("trample", "돌진", "トランプル", "速攻", "CR 702")] == [
        "en", "ko", "ja", "ja", "en"]
    assert query_language("돌진", ["en"]) is None


@pytest.mark.parametrize(("query", "location"), [
    ("rule 702.19b", "/en/cr/702.19b"), ("Rule 702.19B", "/en/cr/702.19b"), ("CR 702.19b", "/en/cr/702.19b"),
    ("CR702.19b", "/en/cr/702.19b"), ("규칙 702.19b", "/ko/cr/702.19b"), ("규칙702.19b", "/ko/cr/702.19b"),
    ("ルール 101.2", "/ja/cr/101.2"), ("ルール101.2", "/ja/cr/101.2"),
    ("规则 101.2", "/ja/cr/101.2"),  # kanji alone: the language the KB holds (here Japanese, no Chinese edition)
    ("702.19b-c", "/en/cr/702.19b"), ("rules 702.19b–702.19c", "/en/cr/702.19b"),  # a judge's range: its first rule
])
def test_every_rule_number_prefix_goes_to_the_rule(client: FlaskClient, query: str, location: str) -> None:
    assert client.get("/search", query_string={"q": query}).headers["Location"] == location
    lang, number = location.split("/")[1], location.rsplit("/", 1)[1]
    body = client.get("/api/v1/search", query_string={"q": query, "lang": lang}).get_json()
    assert (body["hits"][0]["number"], body["hits"][0]["url"], body["corrected"]) == (number, location, None)


def test_a_corrected_query_says_so_and_links_the_search_as_typed(client: FlaskClient) -> None:
    page = soup(client.get("/search?q=tramlpe&lang=en"))
    assert texts(page, "p.corrected") == ["Showing results for trample . Search instead for tramlpe ."]
    assert page.select_one("p.corrected a.corrected-query")["href"] == "/search?q=trample&lang=en"
    literal = page.select_one("p.corrected a.literal-query")["href"]
    assert literal == "/search?q=tramlpe&lang=en&literal=1"
    assert page.select_one("li.hit a.hit-title")["href"] == "/en/cr/702.19"
    as_typed = soup(client.get(literal))
    assert (as_typed.select("p.corrected"), as_typed.select("li.hit")) == ([], [])
    assert texts(as_typed, ".no-hits") == ["No rule matches “tramlpe”."]
    assert soup(client.get("/search?q=trample&lang=en")).select("p.corrected") == []


def test_a_corrected_korean_query_says_so_in_korean(client: FlaskClient) -> None:
    page = soup(client.get("/search", query_string={"q": "돌짐", "lang": "ko"}))
    assert texts(page, "p.corrected") == ["돌진 의 검색 결과입니다. 돌짐 (으)로 대신 검색하기."]
    assert page.select_one("a.literal-query")["href"] == "/search?q=%EB%8F%8C%EC%A7%90&lang=ko&literal=1"
    assert page.select_one("li.hit a.hit-title")["href"].startswith("/ko/cr/702.19")


def test_the_search_api_says_what_it_corrected_and_searches_as_typed_on_request(client: FlaskClient) -> None:
    corrected = client.get("/api/v1/search?q=tramlpe+damge&lang=en").get_json()
    assert corrected["corrected"] == "trample damage"
    assert sorted(hit["number"] for hit in corrected["hits"][:3]) == ["702.19a", "702.19b", "702.19c"]  # both words
    literal = client.get("/api/v1/search?q=tramlpe+damge&lang=en&literal=1").get_json()
    assert (literal["corrected"], literal["hits"]) == (None, [])
    everywhere = client.get("/api/v1/search?q=tramlpe&lang=all").get_json()
    assert (everywhere["corrected"], everywhere["hits"][0]["number"]) == ("trample", "702.19")


def test_the_search_api_gives_the_glossary_entry_the_query_names(client: FlaskClient) -> None:
    [named] = client.get("/api/v1/search?q=tramlpe&lang=en").get_json()["glossary"]  # as corrected
    assert (named["term"], named["lang"], named["url"], named["references"]) == (
        "Trample", "en", "/en/glossary/Trample", ["702.19"])
    assert named["edition"] == client.get("/api/v1/editions").get_json()["editions"][0]["id"]
    assert client.get("/api/v1/search?q=deathtouch+trample&lang=en").get_json()["glossary"] == []
    assert client.get("/api/v1/search?q=&lang=en").get_json()["glossary"] == []


def test_a_question_naming_a_card_says_how_the_card_was_read(tmp_path) -> None:
    from search.card_list import CARDS_FILE, Card, card_list_json
    from tests.web.webkb import write_web_kb

    config = write_web_kb(tmp_path / "kb" / "builds" / "b1")
    (tmp_path / "kb" / "cards").mkdir()
    crow = Card("Storm Crow", "Creature — Bird", ("Flying",), "Flying")
    (tmp_path / "kb" / CARDS_FILE).write_bytes(card_list_json([crow], "written for the test", "2026-11-26"))
    client = create_app(config).test_client()
    page = soup(client.get("/search", query_string={"q": "Ashley attacks with Storm Crow. Can Nico block it?", "lang": "en"}))
    assert texts(page, "p.cards-read") == ["Card names read as what the cards are: Storm Crow (flying creature)."]
    assert texts(page, "p.cards-read b.card") == ["Storm Crow"]
    korean = soup(client.get("/search", query_string={"q": "storm crow", "lang": "ko"}))
    assert texts(korean, "p.cards-read") == ["카드 이름은 그 카드가 무엇인지로 읽었습니다: Storm Crow (flying creature)."]  # as printed
    assert soup(client.get("/search", query_string={"q": "trample", "lang": "en"})).select("p.cards-read") == []


def _header_fields(client: FlaskClient, url: str) -> dict[str, str]:
    form = soup(client.get(url)).select_one("header.site form.search")
    return {field["name"]: field.get("value", "") for field in form.select("input[type=hidden]")}


def test_the_header_search_box_searches_the_pages_language_and_older_edition(client: FlaskClient) -> None:
    assert _header_fields(client, "/en/cr/702.19") == {}
    assert _header_fields(client, "/ko/cr/702.19") == {"lang": "ko"}  # 702.19b typed there opened it in English
    assert _header_fields(client, "/en/cr/2021-11-19/103.4") == {"lang": "en", "edition": "en-2021-11-19"}
    typed = {"q": "702.19b", **_header_fields(client, "/ko/cr/702.19")}
    assert client.get("/search", query_string=typed).headers["Location"] == "/ko/cr/702.19b"
    older = _header_fields(client, "/en/cr/2021-11-19/103.4")
    assert client.get("/search", query_string={"q": "702.19b", **older}).headers["Location"] == \
        "/en/cr/2021-11-19/702.19b"
    # a number the older edition lacks opens its 404, not "no rule matches" nor the newest edition's
    # rule unsaid: it says the edition lacks it and links the editions that hold it
    typed_older = client.get("/search", query_string={"q": "704.5j", **older})
    assert typed_older.headers["Location"] == "/en/cr/2021-11-19/704.5j"
    missing = client.get(typed_older.headers["Location"])
    assert missing.status_code == 404 and "/en/cr/704.5j" in [a["href"] for a in soup(missing).select(".suggestions a")]
    scoped = soup(client.get("/search", query_string={"q": "trample", **older}))
    assert scoped.select_one("a.unpinned-search")["href"] == "/search?q=trample&lang=en"  # the way out of 2021-11-19


def test_a_query_naming_a_glossary_term_shows_its_entry_above_the_hits(client: FlaskClient) -> None:
    page = soup(client.get("/search?q=tramlpe&lang=en"))  # corrected to the term
    entry = page.select_one("aside.glossary-hit")
    assert (entry["lang"], texts(entry, "h2")) == ("en", ["Glossary"])
    assert entry.select_one("a.glossary-term")["href"] == "/en/glossary/Trample"
    assert [a["href"] for a in entry.select(".definition a.ref")] == ["/en/cr/702.19"]
    assert page.select("aside.glossary-hit ~ ol.hits li.hit")  # the hits follow it
    assert soup(client.get("/search?q=Trample&lang=all")).select_one("a.glossary-term").get_text() == "Trample"
    for written in ("the trample", "TRAMPLE!", "“Trample”"):  # marks and a leading "the" left out
        named = soup(client.get("/search", query_string={"q": written, "lang": "en"}))
        assert [a.get_text() for a in named.select("a.glossary-term")] == ["Trample"], written


@pytest.mark.parametrize("url", [
    "/search?q=deathtouch+trample&lang=en",  # more than the term
    "/search?q=trample+is+a+keyword+ability+that+modifies+how+a+creature+assigns+combat+damage",
    "/search?q=tramp&lang=en",  # a part of a word
])
def test_a_query_that_is_not_a_glossary_term_shows_no_entry(client: FlaskClient, url: str) -> None:
    assert soup(client.get(url)).select("aside.glossary-hit") == []


def test_glossary_names_a_query_may_use_and_which_entry_each_gives(tmp_path) -> None:
    """Invented entries shaped as the real glossaries' (``传奇（已废止）`` before ``传奇``,
    ``Kicker, Kicked``, ``State-Based Actions``, Japanese エンチャント for Enchant and Enchantment)."""
    from kb.model import GlossaryEntry
    from tests.web.webkb import web_kb_editions, write_web_kb

    entries = [GlossaryEntry("Swoop (Obsolete)", "The old name of flying."), GlossaryEntry("Swoop", "A new ability."),
               GlossaryEntry("Gust, Gusting", "An action."), GlossaryEntry("Gust/Breeze", "Another action."),
               GlossaryEntry("Spell Events", "Things that happen."), GlossaryEntry("Trample", "An ability.")]
    editions = [(e, rules, entries if e.id == "en-2026-01-16" else glossary) for e, rules, glossary in web_kb_editions()]
    client = create_app(write_web_kb(tmp_path, editions)).test_client()

    def shown(query: str) -> list[str]:
        page = soup(client.get("/search", query_string={"q": query, "lang": "en"}))
        return [a.get_text() for a in page.select("aside.glossary-hit a.glossary-term")]

    assert shown("swoop") == ["Swoop"]  # the headword itself, not the obsolete one's name
    assert shown("obsolete") == []  # a bracketed note is no name
    assert shown("gusting") == ["Gust, Gusting"]
    assert shown("gust") == ["Gust, Gusting", "Gust/Breeze"]  # a name two entries list: both
    assert shown("spell event") == ["Spell Events"]  # the singular of a plural headword
    assert client.get("/en/glossary/gusting").headers["Location"] == "/en/glossary/Gust%2C%20Gusting"


def test_searching_all_languages_puts_each_languages_best_hit_first(client: FlaskClient) -> None:
    def hits(**extra: str) -> list[tuple[str, str]]:
        body = client.get("/api/v1/search", query_string={"q": "trample", "limit": "6", **extra}).get_json()
        return [(hit["lang"], hit["number"]) for hit in body["hits"]]

    assert hits(lang="all")[:2] == [("en", "702.19"), ("ko", "702.19")]  # the Korean rule beside the English one
    assert {lang for lang, _ in hits()} == {"en"}  # without a language: the query's own, filled with others only
    page = soup(client.get("/search", query_string={"q": "trample", "lang": "all"}))
    assert hrefs(page, "li.hit a.hit-title")[:2] == ["/en/cr/702.19", "/ko/cr/702.19"]
    assert page.select_one("#lang option[selected]")["value"] == "all"
