"""Compare columns (a translation beside the English of its own edition) and glossary pages."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.pages import soup, texts


def _columns(client: FlaskClient, url: str) -> list[tuple[str | None, str, list[str], list[str]]]:
    page = soup(client.get(url))
    return [
        (col.get("data-edition"), col["data-role"], [a["data-number"] for a in col.select("article.rule")],
         texts(col, ".absent"))
        for col in page.select("section.column")
    ]


def test_each_translation_stands_beside_the_english_of_its_own_edition_and_the_newest(client: FlaskClient) -> None:
    assert _columns(client, "/compare/702.19b?langs=en,ko,ja") == [
        ("ko-2021-11-19", "translation", ["702.19b"], []),
        ("en-2021-11-19", "English of the ko edition", ["702.19b"], []),
        ("en-2026-01-16", "newest English edition", ["702.19b"], []),
        ("ja-2023-09-01", "translation", [], ["No rule 702.19b in this edition."]),
        (None, "English of the ja edition", [], ["No English edition effective 2023-09-01 in the KB."]),
        ("en-2026-01-16", "newest English edition", ["702.19b"], []),
    ]
    page = soup(client.get("/compare/702.19b?langs=en,ko,ja"))
    assert [len(row.select("section.column")) for row in page.select(".columns")] == [3, 3]
    assert page.select("[id='702.19b']") == []
    assert _columns(client, "/compare/702.19b?langs=en") == [
        ("en-2026-01-16", "newest English edition", ["702.19b"], [])]


def test_every_column_names_its_edition(client: FlaskClient) -> None:
    page = soup(client.get("/compare/702.19?langs=ko"))
    assert texts(page, "section.column h2") == [
        "한국어 · effective 2021-11-19 (rules 103–702 only)", "English · effective 2021-11-19 (rules 103–702 only)",
        "English · effective 2026-01-16 (rules 101–704 only)"]  # the test KB's editions are excerpts
    assert [a["data-number"] for a in page.select("section.column")[0].select("article.rule")] == [
        "702.19", "702.19a", "702.19b"]


def test_a_pinned_date_pairs_only_same_edition_rules_and_says_so(client: FlaskClient) -> None:
    assert _columns(client, "/compare/2021-11-19/103.4?langs=en,ko,ja") == [
        ("en-2021-11-19", "same edition", ["103.4"], []),
        ("ko-2021-11-19", "same edition", ["103.4"], []),
        (None, "same edition", [], ["No ja edition effective 2021-11-19 in the KB."]),
    ]
    assert "Pinned to editions effective 2021-11-19" in texts(soup(client.get("/compare/2021-11-19/103.4")), ".pairing")[0]


def test_compare_redirects_loose_numbers_and_refuses_unknown_languages(client: FlaskClient) -> None:
    response = client.get("/compare/702.19B?langs=ko")
    assert (response.status_code, response.headers["Location"]) == (301, "/compare/702.19b?langs=ko")
    assert client.get("/compare/702.19?langs=xx").status_code == 404
    nowhere = client.get("/compare/999.9?langs=en,ko")  # no edition holds it: a bot is told 404
    assert nowhere.status_code == 404
    assert "No rule 999.9 in this edition." in texts(soup(nowhere), "p.note")


def test_the_compare_pages_own_links_keep_its_interface_language(client: FlaskClient) -> None:
    response = client.get("/ko/compare/702.19B?langs=ko")
    assert (response.status_code, response.headers["Location"]) == (301, "/ko/compare/702.19b?langs=ko")
    pinned = soup(client.get("/ko/compare/2021-11-19/103.4?langs=en,ko"))
    assert pinned.select_one(".pairing a")["href"] == "/ko/compare/103.4?langs=en,ko"


def test_the_older_query_forms_are_sent_to_the_path_a_static_export_keeps(client: FlaskClient) -> None:
    def sent(path: str) -> tuple[int, str]:
        response = client.get(path)
        return response.status_code, response.headers.get("Location", "")

    assert sent("/compare/103.4?lang=ko") == (301, "/ko/compare/103.4")
    assert sent("/compare/103.4?langs=en,ko&edition=2021-11-19&lang=ko") == (301, "/ko/compare/2021-11-19/103.4?langs=en,ko")
    assert sent("/compare/103.4?edition=2021-11-19") == (301, "/compare/2021-11-19/103.4")
    assert sent("/compare/702.19?lang=en") == (301, "/en/compare/702.19")
    assert sent("/compare/702.19?lang=xx") == (301, "/compare/702.19")  # a language the KB lacks: English
    assert client.get("/xx/compare/702.19").status_code == 404
    assert soup(client.get("/ko/compare/103.4")).html["lang"] == "ko"


def test_glossary_index_and_entry_with_linked_references(client: FlaskClient) -> None:
    assert texts(soup(client.get("/en/glossary")), "ul.glossary a") == ["Trample"]
    page = soup(client.get("/en/glossary/Trample"))
    assert texts(page, "h1") == ["Trample"]
    assert [(a.get_text(), a["href"]) for a in page.select(".definition a.ref")] == [("See rule 702.19", "/en/cr/702.19")]


def test_glossary_terms_in_other_case_redirect_and_unknown_terms_suggest(client: FlaskClient) -> None:
    response = client.get("/en/glossary/trample")
    assert (response.status_code, response.headers["Location"]) == (301, "/en/glossary/Trample")
    missing = client.get("/en/glossary/Trampel")
    assert missing.status_code == 404
    assert texts(soup(missing), ".suggestions a")[0] == "Trample"


def test_a_language_without_a_glossary_says_so(client: FlaskClient) -> None:
    assert texts(soup(client.get("/ko/glossary")), ".note") == ["이 판의 용어집은 없습니다(원본에 빠져 있음)."]
    assert client.get("/xx/glossary").status_code == 404
