"""The interface in the reader's language: the catalogues are complete and compiled, and each
language's pages carry its interface words and ``lang`` attributes (on the web test KB)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from search.searcher import EXAMPLE_LABELS
from web.i18n import TRANSLATIONS

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ko", "ja", "zh")


def _messages_in_code() -> set[str]:
    method_map = [("web/**.py", "python"), ("web/templates/**.html", "jinja2")]
    found = extract_from_dir(str(ROOT), method_map, keywords={"_": None, "gettext": None, "N_": None})
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_interface_string_is_translated_and_compiled(lang: str) -> None:
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    with open(folder / "messages.po", "rb") as po, open(folder / "messages.mo", "rb") as mo:
        source, compiled = read_po(po), read_mo(mo)
    translated = {m.id: m.string for m in source if m.id}
    assert sorted(_messages_in_code() - {k for k, v in translated.items() if v}) == []
    assert {m.id: m.string for m in compiled if m.id} == translated  # the .mo is the .po compiled


@pytest.mark.parametrize("lang", LANGS)
def test_a_search_snippet_labels_an_example_as_the_pages_do(lang: str) -> None:
    """``search.searcher.EXAMPLE_LABELS`` repeats the catalogues' ``Example:``: search may not read
    web's catalogues, and the pages' label is a template's ``_()``, so this keeps the two alike."""
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        label = read_po(po)["Example:"].string
    assert (EXAMPLE_LABELS[lang], EXAMPLE_LABELS["en"]) == (label, "Example:")


def soup(client: FlaskClient, url: str) -> BeautifulSoup:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return BeautifulSoup(answer.text, "html.parser")


def test_a_korean_rule_page_speaks_korean(client: FlaskClient) -> None:
    page = soup(client, "/ko/cr/702.19")
    assert page.html["lang"] == "ko"
    assert page.select_one("#cited-by-h").get_text() == "인용하는 규칙"
    assert page.select_one("header.site button").get_text() == "검색"
    assert page.select_one(".edition-line .edition").get_text() == "한국어 · 2021-11-19 시행"


def test_a_japanese_rule_page_speaks_japanese_and_english_stays_english(client: FlaskClient) -> None:
    page = soup(client, "/ja/cr/101.2")
    assert (page.html["lang"], page.select_one("#cited-by-h").get_text()) == ("ja", "参照元")
    assert page.select_one("#site-q")["placeholder"] == "検索語またはルール番号"
    english = soup(client, "/en/cr/702.19")
    assert (english.html["lang"], english.select_one("#cited-by-h").get_text()) == ("en", "Cited by")


def test_the_search_page_speaks_the_language_searched(client: FlaskClient) -> None:
    page = soup(client, "/search?q=%EB%8F%8C%EC%A7%84&lang=ko")
    assert page.select_one("label[for=lang]").get_text() == "언어"
    assert page.select_one("p.scope").get_text().startswith("한국어 최신 판을 검색합니다.")
    typed = soup(client, "/search?q=%EB%8F%8C%EC%A7%84")  # 돌진 typed in the home page's box: no language chosen
    assert (typed.html["lang"], typed.select_one("label[for=lang]").get_text()) == ("ko", "언어")
    assert soup(client, "/search?q=%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB").html["lang"] == "ja"  # トランプル
    assert soup(client, "/search?q=%E8%B7%B5%E8%B8%8F").html["lang"] == "en"  # 践踏: kanji alone may be either
    assert soup(client, "/search?q=%EB%8F%8C%EC%A7%84&lang=en").html["lang"] == "en"  # a chosen language wins
    assert soup(client, "/search?q=%EB%8F%8C%EC%A7%84&lang=").html["lang"] == "ko"  # the form's "by the script"
    assert soup(client, "/search?q=%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB&lang=all").html["lang"] == "ja"  # all languages: its script
