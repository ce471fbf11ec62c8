"""Rule pages: URL forms, redirects of loose numbers, anchors, breadcrumb, references, cited-by,
language switcher, old-edition note and OpenGraph tags, on the small real KB."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.web.pages import hrefs, soup, texts


def test_subrule_page_shows_text_examples_breadcrumb_and_neighbours(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702.19b"))
    assert texts(page, ".breadcrumb li") == [
        "English", "7. Additional Rules", "702. Keyword Abilities", "702.19. Trample", "702.19b"]
    assert [a["id"] for a in page.select("article.rule")] == ["702.19b"]
    assert texts(page, "article .example-label") == ["Example:", "Example:"]
    assert texts(page, "article .example")[0].startswith("Example: A 2/2 creature that can block an additional")
    assert hrefs(page, ".prev-next a") == ["/en/cr/702.19a", "/en/cr/702.19c"]
    assert page.select_one("title").get_text() == "702.19b Trample · crkb"


def test_three_digit_rule_page_has_both_anchor_forms_for_every_subrule(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702"))
    assert [a["id"] for a in page.select("article.rule")] == ["702", "702.19", "702.19a", "702.19b", "702.19c"]
    assert [a["id"] for a in page.select("article.rule .legacy-anchor")] == [
        "R702", "R70219", "R70219a", "R70219b", "R70219c"]


def test_section_page_lists_its_three_digit_rules(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/7"))
    assert texts(page, "ul.contents li") == ["702. Keyword Abilities", "704. State-Based Actions"]
    assert hrefs(page, "ul.contents a") == ["/en/cr/702", "/en/cr/704"]


@pytest.mark.parametrize(
    ("written", "canonical"),
    [("702.19B", "702.19b"), ("702.19b.", "702.19b"), ("CR702.19b", "702.19b"),
     ("７０２.１９ｂ", "702.19b"), ("R70219b", "702.19b"), ("702.", "702"), ("702-19b", "702.19b"), ("702_19b", "702.19b"),
     ("702.19b,", "702.19b"), ("702.19b)", "702.19b"), ("702.19b%E3%80%82", "702.19b"), ("702.19(b)", "702.19b"),  # as chat links
     ("702.19a-c", "702.19a"), ("702.19a%E2%80%93702.19c", "702.19a")],  # a range: its first rule
)
def test_loose_numbers_redirect_permanently_to_the_canonical_url(client: FlaskClient, written: str, canonical: str) -> None:
    response = client.get(f"/en/cr/{written}")
    assert (response.status_code, response.headers["Location"]) == (301, f"/en/cr/{canonical}")


@pytest.mark.parametrize(("link", "page"), [
    ("/702.19b", "/en/cr/702.19b"), ("/cr/702.19b", "/en/cr/702.19b"), ("/rule/702.19B", "/en/cr/702.19b"),
    ("/rules/702.19b", "/en/cr/702.19b"), ("/EN/cr/702.19b?x=1", "/en/cr/702.19b?x=1"), ("/KO/cr/702", "/ko/cr/702"),
    ("/EN/CR/702.19B", "/en/cr/702.19B"), ("/en/CR/702.19b", "/en/cr/702.19b"),  # then the number: 702.19b
    ("/jp/cr/702.19b", "/ja/cr/702.19b"), ("/KR/cr/702", "/ko/cr/702"), ("/en-US/glossary", "/en/glossary"),
])
def test_a_rule_linked_without_its_language_or_in_capitals_is_sent_to_its_page(client: FlaskClient, link: str, page: str) -> None:
    response = client.get(link)
    assert (response.status_code, response.headers["Location"]) == (301, page)
    assert client.get("/cr/trample").status_code == 404 and client.get("/favicon.ico").headers["Location"] == "/static/favicon.svg"  # not a rule


def test_an_edition_date_in_place_of_a_rule_number_is_that_editions_contents(client: FlaskClient) -> None:
    response = client.get("/en/cr/2021-11-19")
    assert (response.status_code, response.headers["Location"]) == (302, "/en/cr?edition=2021-11-19")
    assert client.get("/en/cr/1999-01-01").status_code == 404


def test_pinned_urls_by_date_and_by_id(client: FlaskClient) -> None:
    assert client.get("/ko/cr/2021-11-19/702.19b").status_code == 200
    by_id = client.get("/en/cr/en-2021-11-19/702.19B")
    assert (by_id.status_code, by_id.headers["Location"]) == (301, "/en/cr/2021-11-19/702.19b")
    assert client.get("/en/cr/2020-01-01/702.19").status_code == 404


@pytest.mark.parametrize("written", ["20211119", "2021.11.19"])
def test_a_date_written_otherwise_in_a_pinned_url_is_read(client: FlaskClient, written: str) -> None:
    # a bot's /en/cr/20211119/702.19b was a 404 "no edition"
    response = client.get(f"/en/cr/{written}/702.19b")
    assert (response.status_code, response.headers["Location"]) == (301, "/en/cr/2021-11-19/702.19b")


def test_latest_in_place_of_an_edition_is_the_newest_unpinned(client: FlaskClient) -> None:
    # /en/cr/latest/702.19b, as bots write a link that should follow the rules, was a 404 "no edition"
    for link, page in (("/en/cr/latest/702.19b", "/en/cr/702.19b"), ("/en/cr/Current/702.19B", "/en/cr/702.19b"),
                       ("/en/cr/latest/702.19b/history", "/en/cr/702.19b/history")):
        response = client.get(link)
        assert (response.status_code, response.headers["Location"]) == (302, page), link


def test_written_dates_are_read_as_iso_dates() -> None:
    from web.pages.resolve import written_date

    assert [written_date(w) for w in ("2017-9-29", "20170929", "2017.9.29", "2017-09-29")] == ["2017-09-29"] * 4
    assert [written_date(w) for w in ("2017929", "en-2017-09-29", "latest")] == ["2017929", "en-2017-09-29", "latest"]


def test_redirects_keep_the_query_string_but_the_edition_they_name(client: FlaskClient) -> None:
    loose = client.get("/en/cr/702.19B?utm_source=bot&x=1&x=2")
    assert (loose.status_code, loose.headers["Location"]) == (301, "/en/cr/702.19b?utm_source=bot&x=1&x=2")
    asked = client.get("/en/cr/702.19b?edition=en-2021-11-19&x=1")
    assert (asked.status_code, asked.headers["Location"]) == (301, "/en/cr/2021-11-19/702.19b?x=1")
    history = client.get("/en/cr/en-2021-11-19/702.19B/history?x=1")
    assert (history.status_code, history.headers["Location"]) == (301, "/en/cr/2021-11-19/702.19b/history?x=1")
    in_force = client.get("/en/cr/2022-01-01/702.19b?x=1")
    assert (in_force.status_code, in_force.headers["Location"]) == (302, "/en/cr/2021-11-19/702.19b?x=1")


def test_unknown_number_is_404_with_the_nearest_rules_and_other_editions(client: FlaskClient) -> None:
    response = client.get("/en/cr/702.19z")
    page = soup(response)
    assert response.status_code == 404
    assert texts(page, ".suggestions a") == ["702.19", "702.19a", "702.19b", "702.19c"]
    missing = soup(client.get("/en/cr/103.4"))
    assert "103.4 in ko 2021-11-19" in texts(missing, ".suggestions a")
    assert "/ko/cr/103.4" in hrefs(missing, ".suggestions a")


def test_unknown_language_and_non_numbers_are_404(client: FlaskClient) -> None:
    assert client.get("/fr/cr/702.19").status_code == 404
    assert client.get("/en/cr/trample").status_code == 404
    assert client.get("/en/cr/702.19l").status_code == 404


def test_references_link_within_the_edition_and_preview_urls_name_it(client: FlaskClient) -> None:
    newest = soup(client.get("/en/cr/702.19c")).select("a.ref")
    assert [(a.get_text(), a["href"], a["data-preview"]) for a in newest] == [
        ("rule 702.19b", "/en/cr/702.19b", "/api/v1/preview/en/en-2026-01-16/702.19b")]
    old = soup(client.get("/en/cr/2021-11-19/702.19a")).select("a.ref")
    assert [(a.get_text(), a["href"]) for a in old] == [("See rule 510", "/en/cr/2021-11-19/510")]


def test_a_reference_to_a_missing_rule_is_marked_not_linked(client: FlaskClient) -> None:
    page = soup(client.get("/ja/cr/103.2"))
    assert page.select("a.ref") == []
    assert texts(page, ".ref-missing") == ["rule 103.2a-e"]


def test_cited_by_lists_rules_and_glossary_entries(client: FlaskClient) -> None:
    cited = ".cited-by ul:not(.cited-under) li a"
    assert texts(soup(client.get("/en/cr/702.19b")), cited) == ["702.19c"]
    assert texts(soup(client.get("/en/cr/702.19")), cited) == ["Glossary: Trample"]
    assert texts(soup(client.get("/en/cr/510")), cited) == ["702.19a"]


def test_a_rule_page_lists_the_rules_citing_its_subrules(client: FlaskClient) -> None:
    # 702.19's page prints 702.19a-g; only the rules citing 702.19 itself were listed
    page = soup(client.get("/en/cr/702.19"))
    assert [li.get_text(" ", strip=True) for li in page.select("ul.cited-under li")] == ["702.19b (1): 702.19c"]
    assert hrefs(page, "ul.cited-under a") == ["/en/cr/702.19b", "/en/cr/702.19c"]
    assert soup(client.get("/en/cr/702")).select("ul.cited-under") == []  # a three-digit rule's page: hundreds


def test_language_switcher_shows_the_editions_holding_the_number(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702.19"))
    assert texts(page, ".switcher li") == [
        "English 2026-01-16 , 2021-11-19", "한국어 2021-11-19", "日本語 no edition has 702.19"]
    assert hrefs(page, ".switcher a") == ["/en/cr/2021-11-19/702.19", "/ko/cr/702.19"]
    assert texts(page, ".switcher [aria-current]") == ["2026-01-16"]


def test_an_old_edition_says_so_and_links_the_newest(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/2021-11-19/702.19"))
    assert "not the newest English edition" in texts(page, ".old-edition")[0]
    assert hrefs(page, ".old-edition a") == ["/en/cr/702.19"]
    assert soup(client.get("/en/cr/702.19")).select(".old-edition") == []


def test_opengraph_tags_unfurl_the_rule(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/702.19a"))
    meta = {m["property"]: m["content"] for m in page.select("meta[property^='og:']")}
    assert meta["og:title"] == "CR 702.19a Trample (en, 2026-01-16)"  # a subrule has its rule's title
    assert page.title.get_text() == "702.19a Trample · crkb"
    assert meta["og:url"] == "http://localhost/en/cr/702.19a"
    assert meta["og:description"].startswith("Trample is a static ability that modifies the rules")
    assert len(meta["og:description"]) <= 200
    assert page.select_one("link[rel=canonical]")["href"] == "http://localhost/en/cr/702.19a"


def test_korean_rule_page_shows_the_translation(client: FlaskClient) -> None:
    page = soup(client.get("/ko/cr/702.19"))
    assert page.select_one("html")["lang"] == "ko"
    assert texts(page, "article .heading")[0] == "돌진 Trample"
    assert texts(page, ".breadcrumb li")[:2] == ["한국어", "7. 추가적인 규칙"]
    assert hrefs(page, ".breadcrumb li a")[0] == "/ko/cr"  # the Korean contents, not the English home
    pinned = soup(client.get("/en/cr/2021-11-19/702.19"))
    assert hrefs(pinned, ".breadcrumb li a")[0] == "/en/cr?edition=2021-11-19"


def test_home_lists_each_languages_sections_rules_and_editions(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    assert page.select("form[role=search] input[name=q]")
    assert texts(page, "#contents-en .sections summary") == [
        "1. Game Concepts", "5. Turn Structure", "7. Additional Rules"]
    assert texts(page, "#contents-en .three-digit a") == [
        "101. The Magic Golden Rules", "103. Starting the Game", "510. Combat Damage Step",
        "702. Keyword Abilities", "704. State-Based Actions"]
    assert hrefs(page, "#contents-en .editions a") == ["/en/cr", "/en/cr?edition=2021-11-19"]
    assert texts(page, ".language h2") == ["English", "한국어", "日本語"]


def test_a_translation_that_omits_a_rule_links_the_english_of_its_date(tmp_path) -> None:
    from tests.web.webkb import web_kb_editions, write_web_kb
    from web.app import create_app

    editions = [(e, [r for r in rules if not (e.lang == "ko" and r.number == "510")], g)
                for e, rules, g in web_kb_editions()]
    client = create_app({**write_web_kb(tmp_path, editions), "INDEX_DIR": None}).test_client()
    link = soup(client.get("/ko/cr/702.19a")).select_one("a.ref")
    assert (link["href"], link["hreflang"], link["class"]) == ("/en/cr/2021-11-19/510", "en", ["ref", "ref-other-lang"])
    assert link["data-preview"] == "/api/v1/preview/en/en-2021-11-19/510"


def test_a_rule_page_lists_the_terms_its_rules_define(client: FlaskClient) -> None:
    page = soup(client.get("/en/cr/704.5j"))
    assert texts(page, "article[data-number='704.5j'] .defined-terms dfn") == ["legend rule"]
    assert texts(soup(client.get("/en/cr/702.19")), "article .defined-terms") == [
        "Defines: Trample", "Defines: Trample over planeswalkers"]
    assert soup(client.get("/en/cr/702.19b")).select(".defined-terms") == []
