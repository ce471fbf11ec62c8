"""Property-based: no generated API request (schemathesis over our OpenAPI document, plus plain
hypothesis over loose rule numbers, editions and glossary terms) gets a 5xx."""

from __future__ import annotations

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.api.openapi import openapi_document


schema = schemathesis.openapi.from_dict(openapi_document("http://localhost/api/v1"))


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_generated_api_request_is_a_server_error(app: Flask, case: schemathesis.Case) -> None:
    response = case.call(app=app)
    assert response.status_code < 500, response.text[:500]
    assert response.headers.get("access-control-allow-origin") == ["*"]


def _path(text: str) -> str:
    return text.replace("%", "%25").replace("?", "%3F").replace("#", "%23")


@given(lang=st.sampled_from(["en", "ko", "ja", "xx"]), number=st.text(min_size=1, max_size=20),
       edition=st.one_of(st.none(), st.sampled_from(["2021-11-19", "en-2026-01-16", "2099-01-01"]), st.text(max_size=12)))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_rule_pages_and_api_never_answer_5xx(app: Flask, lang: str, number: str, edition: str | None) -> None:
    client = app.test_client()
    query = {"edition": edition} if edition is not None else {}
    page = client.get(f"/{lang}/cr/{_path(number)}")
    pinned = client.get(f"/{lang}/cr/{_path(edition or 'x')}/{_path(number)}")
    api = client.get(f"/api/v1/rules/{lang}/{_path(number)}", query_string=query)
    assert (page.status_code < 500, pinned.status_code < 500, api.status_code < 500) == (True, True, True)
    assert api.is_json or 300 <= api.status_code < 400  # // in a path is merged by a 308


@given(term=st.text(min_size=1, max_size=30), langs=st.text(max_size=12))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_glossary_and_compare_never_answer_5xx(app: Flask, term: str, langs: str) -> None:
    client = app.test_client()
    assert client.get(f"/en/glossary/{_path(term)}").status_code < 500
    assert client.get(f"/compare/{_path(term)}", query_string={"langs": langs}).status_code < 500
