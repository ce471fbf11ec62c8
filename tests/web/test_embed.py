"""oEmbed (checked against the oEmbed 1.0 spec's required fields and error statuses), the rule
card other origins may frame (only it relaxes frame-ancestors), the discovery link on rule pages,
/embed.js and the edition-less preview it reads."""

from __future__ import annotations

from urllib.parse import quote, unquote

import pytest
from bs4 import BeautifulSoup

from tests.web.pages import soup

RULE = "http://localhost/en/cr/702.19b"


def oembed(client, url: str, **extra: str):
    query = "&".join([f"url={quote(url, safe='')}"] + [f"{k}={v}" for k, v in extra.items()])
    return client.get(f"/oembed?{query}")


def test_oembed_answers_a_rule_url_with_every_field_the_spec_requires_of_a_rich_type(client) -> None:
    response = oembed(client, RULE, format="json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Access-Control-Allow-Origin"] == "*"  # a page's script may ask, as it may the API
    body = response.get_json()
    # oEmbed 1.0, 2.3.4: type and version always; html, width and height for the rich type
    assert body["type"] == "rich" and body["version"] == "1.0"
    assert isinstance(body["width"], int) and isinstance(body["height"], int) and body["width"] > 0 < body["height"]
    assert body["title"] == "CR 702.19b (2026-01-16)"
    assert body["provider_name"] == "crkb" and body["provider_url"] == "http://localhost/"
    assert isinstance(body["cache_age"], int)
    frame = BeautifulSoup(body["html"], "html.parser").select_one("iframe")
    assert frame["src"] == "http://localhost/embed/en/702.19b"
    assert (int(frame["width"]), int(frame["height"])) == (body["width"], body["height"])


def test_oembed_keeps_within_maxwidth_and_maxheight_and_a_pinned_edition(client) -> None:
    body = oembed(client, "http://localhost/en/cr/2021-11-19/702.19b", maxwidth="300", maxheight="100").get_json()
    assert (body["width"], body["height"]) == (300, 100)
    assert body["title"] == "CR 702.19b (2021-11-19)"
    assert 'src="http://localhost/embed/en/2021-11-19/702.19b"' in body["html"]


@pytest.mark.parametrize(("url", "extra", "status"), [
    ("http://localhost/en/cr/999.9", {}, 404),              # no such rule
    ("http://localhost/search", {}, 404),                    # not a rule page
    ("http://elsewhere.example/en/cr/702.19b", {}, 404),     # not this site
    (RULE, {"format": "xml"}, 501),                          # the spec: 501 for an unsupported format
])
def test_oembed_errors_follow_the_spec(client, url: str, extra: dict, status: int) -> None:
    response = oembed(client, url, **extra)
    assert response.status_code == status
    assert response.mimetype == "application/json" and response.get_json()["error"]["status"] == status


def test_oembed_without_url_is_400(client) -> None:
    assert client.get("/oembed").status_code == 400


def test_a_rule_page_has_the_oembed_discovery_link(client) -> None:
    link = soup(client.get("/en/cr/702.19b")).select_one('link[rel="alternate"][type="application/json+oembed"]')
    assert link["href"] == "http://localhost/oembed?url=http%3A%2F%2Flocalhost%2Fen%2Fcr%2F702.19b&format=json"


def test_the_card_may_be_framed_by_any_origin_and_no_other_page_may(client) -> None:
    response = client.get("/embed/en/702.19b")
    assert response.status_code == 200
    assert "frame-ancestors *" in response.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in response.headers
    card = soup(response)
    assert card.select_one("article.card")["data-number"] == "702.19b"
    assert card.select_one("a.permalink")["href"] == "http://localhost/en/cr/2026-01-16/702.19b"
    assert "The controller of an attacking creature with trample" in card.select_one("article.card").get_text()
    assert not card.select("script, header.site, form")
    for path in ("/en/cr/702.19b", "/", "/oembed?url=" + quote(RULE, safe="")):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"] and headers["X-Frame-Options"] == "DENY"


def test_a_pinned_card_and_a_missing_rule(client) -> None:
    card = soup(client.get("/embed/en/2021-11-19/702.19"))
    assert card.select_one("article.card")["data-edition"] == "en-2021-11-19"
    assert client.get("/embed/en/999.9").status_code == 404


def test_embed_js_is_served_to_any_origin_without_eval(client) -> None:
    response = client.get("/embed.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    script = response.get_data(as_text=True)
    for forbidden in ("eval(", "new Function", "innerHTML", "setAttribute(\"style\"", "createElement(\"style\")"):
        assert forbidden not in script


def test_the_preview_without_an_edition_reads_the_newest(client) -> None:
    body = client.get("/api/v1/preview/en/702.19b").get_json()
    assert body["edition"] == "en-2026-01-16" and body["number"] == "702.19b"
    assert client.get("/api/v1/preview/en/702.19b").headers["Access-Control-Allow-Origin"] == "*"



def test_oembed_choices_of_a_date_two_texts_share_name_each_text_not_the_request_again(app) -> None:
    # a date two texts share (ko 2021-02-15 in the corpus) is answered 300: each choice's url= names one text
    from web.errors import choice_url

    asked = "/oembed?url=" + quote("http://localhost/ko/cr/2021-02-15/702.19b", safe="") + "&format=json"
    with app.test_request_context(asked):
        chosen = choice_url("2021-02-15", "ko-2021-02-15-dbyll")
    assert unquote(chosen) == "/oembed?url=http://localhost/ko/cr/ko-2021-02-15-dbyll/702.19b&format=json"


def test_the_numbers_embed_js_links_are_the_editions_in_rule_order(client) -> None:
    # embed.js linked any number-like text (999.99): it now links only these, read in one request
    response = client.get("/api/v1/numbers/en")
    body = response.get_json()
    assert (body["lang"], body["edition"], body["effective_date"]) == ("en", "en-2026-01-16", "2026-01-16")
    assert "702.19b" in body["numbers"] and "704.5j" in body["numbers"] and "999.99" not in body["numbers"]
    assert body["numbers"].index("702.19") < body["numbers"].index("702.19a") < body["numbers"].index("704.5j")
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "999.99" not in client.get("/api/v1/numbers/ko").get_json()["numbers"]
    assert client.get("/api/v1/numbers/en?edition=2021-11-19").get_json()["edition"] == "en-2021-11-19"
    assert "/api/v1/numbers/" in client.get("/embed.js").get_data(as_text=True)
