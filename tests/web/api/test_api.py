"""The JSON API: shapes, CORS, JSON errors and a valid OpenAPI document."""

from __future__ import annotations

from flask.testing import FlaskClient
from openapi_spec_validator import validate

from kb.store.read import Store
from web.api.shapes import rule_json


def test_rule_answers_the_shape_of_crkb_show_json(client: FlaskClient, web_config: dict) -> None:
    store = Store(web_config["STORE_PATH"])
    expected = rule_json(store, store.find_edition("ko"), "702.19")
    response = client.get("/api/v1/rules/ko/702.19")
    assert (response.status_code, response.get_json()) == (200, expected)
    pinned = client.get("/api/v1/rules/en/702.19B?edition=2021-11-19").get_json()
    assert (pinned["number"], pinned["edition"]["id"]) == ("702.19b", "en-2021-11-19")


def test_editions_lists_every_edition_newest_first_with_a_newest_flag(client: FlaskClient) -> None:
    editions = client.get("/api/v1/editions").get_json()["editions"]
    assert [(e["id"], e["effective_date"], e["newest"]) for e in editions] == [
        ("en-2026-01-16", "2026-01-16", True), ("ja-2023-09-01", "2023-09-01", True),
        ("en-2021-11-19", "2021-11-19", False), ("ko-2021-11-19", "2021-11-19", True)]


def test_preview_is_plain_text_of_the_referenced_rule(client: FlaskClient) -> None:
    body = client.get("/api/v1/preview/en/en-2026-01-16/510").get_json()
    assert body == {"number": "510", "title": "Combat Damage Step", "text": "Combat Damage Step", "examples": [],
                    "edition": "en-2026-01-16", "effective_date": "2026-01-16", "url": "/en/cr/510"}


def test_errors_are_json_with_suggestions(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules/en/702.19z")
    error = response.get_json()["error"]
    assert (response.status_code, error["status"], error["title"]) == (404, 404, "Not found")
    assert [s["label"] for s in error["suggestions"]] == ["702.19", "702.19a", "702.19b", "702.19c"]
    assert client.get("/api/v1/nothing").get_json()["error"]["status"] == 404
    assert client.get("/api/v1/rules/xx/1").status_code == 404
    assert client.post("/api/v1/editions").get_json()["error"]["status"] == 405
    assert client.get("/api/v1/search?q=trample&limit=0").status_code == 400
    assert client.get("/api/v1/search").status_code == 400


def test_a_date_between_editions_is_the_edition_in_force_and_a_wrong_one_suggests_the_editions(
        client: FlaskClient) -> None:
    between = client.get("/api/v1/rules/en/702.19b?edition=2022-01-01")  # as /en/cr/2022-01-01/702.19b is
    assert (between.status_code, between.get_json()["edition"]["id"]) == (200, "en-2021-11-19")
    for wrong in ("2021-13-40", "1999-01-01", "2021-W47-5"):  # an ISO week date is no edition date
        response = client.get(f"/api/v1/rules/en/702.19b?edition={wrong}")
        assert response.status_code == 404, wrong
        assert [s["url"] for s in response.get_json()["error"]["suggestions"]] == [
            "/api/v1/rules/en/702.19b?edition=en-2026-01-16", "/api/v1/rules/en/702.19b?edition=en-2021-11-19"]
    assert client.get("/en/cr/2021-13-40/702.19b").status_code == 404  # no calendar date: no edition in force


def test_cors_is_open_on_the_api_only(client: FlaskClient) -> None:
    assert client.get("/api/v1/editions").headers["Access-Control-Allow-Origin"] == "*"
    assert client.get("/api/v1/rules/en/999").headers["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Origin" not in client.get("/en/cr/702.19").headers
    preflight = client.options("/api/v1/editions", headers={"Origin": "https://example.org"})
    assert preflight.status_code == 200 and preflight.headers["Access-Control-Allow-Origin"] == "*"


def test_openapi_document_is_valid_and_covers_every_api_route(client: FlaskClient, app) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    routes = {r.rule.removeprefix("/api/v1").replace("<", "{").replace(">", "}")
              for r in app.url_map.iter_rules() if r.rule.startswith("/api/v1")}
    routes = {r.replace("{edition_id}", "{edition}") for r in routes}
    assert routes == set(document["paths"])
    assert document["servers"] == [{"url": "http://localhost/api/v1"}]
