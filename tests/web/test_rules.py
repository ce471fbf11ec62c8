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


def test_written_dates_are_read_as_iso_dates() -> None:
    from web.pages.resolve import written_date

    assert [written_date(w) for w in ("2017-9-29", "20170929", "2017.9.29", "2017-09-29")] == ["2017-09-29"] * 4
    assert [written_date(w) for w in ("2017929", "en-2017-09-29", "latest")] == ["2017929", "en-2017-09-29", "latest"]
