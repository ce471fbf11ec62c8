"""Each language's rule page speaks its language (interface words, ``lang`` attributes, fonts) on the
languages KB (``languages_kb``: real en, ko, ja and zh texts from ../shared), and error pages too."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from web.app import create_app

CSS = Path(__file__).resolve().parents[2] / "web" / "static" / "site.css"

WORDS = {  # lang: (Cited by, Example:, History of this rule, Search, search placeholder, compare languages)
    "en": ("Cited by", "Example:", "History of this rule", "Search", "Search or rule number", "compare languages"),
    "ko": ("인용하는 규칙", "예시:", "이 규칙의 변경 이력", "검색", "검색어 또는 규칙 번호", "언어 비교"),
    "ja": ("参照元", "例：", "このルールの変遷", "検索", "検索語またはルール番号", "言語を比較"),
    "zh": ("被引用", "例如：", "此规则的历史", "搜索", "搜索词或规则编号", "比较语言"),
}


@pytest.fixture(scope="module")
def client(languages_kb: Path) -> FlaskClient:
    return create_app({"KB_DIR": str(languages_kb)}).test_client()


def soup(client: FlaskClient, url: str, status: int = 200) -> BeautifulSoup:
    answer = client.get(url)
    assert answer.status_code == status, url
    return BeautifulSoup(answer.text, "html.parser")


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_each_languages_rule_page_carries_its_interface_words_and_lang(client: FlaskClient, lang: str) -> None:
    page = soup(client, f"/{lang}/cr/702.19")
    cited_by, example, history, search, placeholder, compare = WORDS[lang]
    assert page.html["lang"] == lang
    assert page.select_one("#cited-by-h").get_text() == cited_by
    assert page.select_one(".rule .example .example-label").get_text() == example
    assert page.select_one("a.history-link").get_text() == history
    assert page.select_one("header.site button").get_text() == search
    assert page.select_one("#site-q")["placeholder"] == placeholder
    assert page.select_one(".edition-line a[href^='/compare/']").get_text() == compare
    # the rule text blocks are in the page's language (no other lang on the way up from the text)
    text = page.select_one("article.rule[data-number='702.19b'] .rule-text")
    assert [p["lang"] for p in text.parents if p.has_attr("lang")] == [lang]
    # the switcher offers all four languages, each link marked with its language
    switcher = page.select(".switcher li[class^='lang-']")
    assert [li["class"][0] for li in switcher] == ["lang-en", "lang-ko", "lang-ja", "lang-zh"]
    assert {a["hreflang"] for a in page.select(".switcher a[hreflang]")} >= set(WORDS) - {lang}


def test_text_in_another_language_is_marked_with_its_own(client: FlaskClient) -> None:
    page = soup(client, "/ja/cr/702.19")  # Trample in the other languages: ko, zh, en terms
    assert {t["lang"] for t in page.select(".other-terms .term")} >= {"en", "ko", "zh"}
    korean_glossary = soup(client, "/ko/glossary")  # the source omits it: the English glossary stands in
    assert korean_glossary.html["lang"] == "ko"
    assert korean_glossary.select_one(".english-glossary a")["lang"] == "en"


def test_error_pages_speak_the_language_of_their_url_and_the_api_stays_english(client: FlaskClient) -> None:
    missing = soup(client, "/ja/cr/999.99", 404)
    assert missing.html["lang"] == "ja"
    assert missing.select_one("h1").get_text() == "見つかりません"
    assert missing.select_one(".error-message").get_text().startswith("ルール999.99は日本語の版 2026-01-16 発効 にはありません。")
    chinese = soup(client, "/zh/glossary/NoSuchTerm", 404)
    assert (chinese.html["lang"], chinese.select_one("h1").get_text()) == ("zh", "未找到")
    assert "词汇表中没有“NoSuchTerm”词条" in chinese.select_one(".error-message").get_text()
    api = client.get("/api/v1/rules/ja/999.99")
    assert api.status_code == 404 and api.get_json()["error"]["title"] == "Not found"


def test_each_cjk_language_has_its_font_stack() -> None:
    css = CSS.read_text(encoding="utf-8")
    for lang, font in (("ko", '"Noto Sans KR"'), ("ja", '"Noto Sans JP"'), ("zh", '"Noto Sans SC"')):
        rule = next(line for line in css.splitlines() if line.startswith(f":lang({lang})"))
        assert "font-family" in rule and font in rule


@pytest.mark.parametrize(("url", "line"), [
    # the Japanese seed (2023-09-01) holds rules 100-208: 702.19 is in Japanese here since 2026-01-16, not new then
    ("/ja/cr/702.19", "2026-01-16 以降変更なし"),
    ("/ja/cr/2023-09-01/101.1", "2023-09-01 以降変更なし"),  # the oldest Japanese edition here
    ("/ko/cr/702.19", "2021-11-19 이후 변경 없음"),
    ("/en/cr/702.170", "Created in 2024-04-12"),  # Plot: missing from 2023-09-01, which holds section 7
])
def test_a_rule_page_says_created_only_where_an_earlier_edition_lacked_it(client: FlaskClient, url: str,
                                                                          line: str) -> None:
    assert soup(client, url).select_one("p.history-line").get_text(" ", strip=True).split(" · ")[0] == line


def test_a_translations_history_names_its_english_rule_once_when_it_is_the_newest(client: FlaskClient) -> None:
    # ja 2026-01-16 translates en 2026-01-16, the newest English edition: one line, not the same line twice
    parts = soup(client, "/ja/cr/103.5/history").select("main ul li[data-edition]")
    assert [li.get_text(" ", strip=True) for li in parts] == ["2026-01-16: 103.5 変更なし"]
    assert client.get("/api/v1/history/ja/103.5").get_json()["counterparts"] == [
        {"lang": "en", "edition": "en-2026-01-16", "number": "103.5", "change": "unchanged"}]


def test_compare_shows_a_translations_english_once_when_it_is_the_newest(client: FlaskClient) -> None:
    # ja 2026-01-16 translates en 2026-01-16: its rule stands in the newest English column alone
    columns = soup(client, "/compare/103.5?langs=ja").select("section.column")
    mulligan = ["103.5", "103.5a", "103.5b", "103.5c", "103.5d"]
    assert [(c.get("data-edition"), c["data-role"], [a["data-number"] for a in c.select("article.rule")])
            for c in columns] == [
        ("ja-2026-01-16", "translation", mulligan),
        ("en-2026-01-16", "English of the ja edition", []),
        ("en-2026-01-16", "newest English edition", mulligan),
    ]
    assert columns[1].select_one("p.note").get_text() == "The same edition as the newest English column."
    assert soup(client, "/ja/cr/103.5").select(".english-changed") == []


def test_a_created_rule_with_a_title_alone_prints_it_once(client: FlaskClient) -> None:
    # a heading-only rule is stored with its title as its text: "践踏 践踏", "Blight Blight"
    history = soup(client, "/zh/cr/702.19/history").select("li.step.change-created p.text")
    assert [p.get_text() for p in history] == ["践踏"]
    changes = soup(client, "/en/changes/2024-04-12...2026-01-16")
    assert changes.select_one('li.changed[data-new="701.68"] p.text').get_text() == "Blight"
    assert changes.select_one('li.changed[data-new="701.68a"] p.text').get_text().startswith("To “blight N” means")


def test_changes_from_an_excerpt_list_no_rule_it_lacks_as_created(client: FlaskClient) -> None:
    # the Japanese seed (2023-09-01) holds 277 rules of 100-208: 2026-01-16 did not create 2,994 rules
    found = client.get("/api/v1/changes/ja/2023-09-01...2026-01-16").get_json()
    assert found["counts"]["created"] == 0 and found["outside"] > 2900
    assert not [rule for rule in found["rules"] if rule["change"] == "created"]
    assert found["counts"]["edited"] > 0  # the rules both texts hold are still compared
    page = soup(client, "/ja/changes/2023-09-01...2026-01-16")
    assert page.select_one("p.note.outside") is not None
    assert page.select("li.changed.change-created") == []
    english = client.get("/api/v1/changes/en/2024-04-12...2026-01-16").get_json()
    assert english["outside"] == 0 and english["counts"]["created"] > 0  # two whole texts: as before


def test_a_number_gone_from_the_newest_edition_points_to_where_its_rule_went(client: FlaskClient) -> None:
    # 509.5a of 2024-04-12 (declare blockers) is 509.3a in 2026-01-16: a link to the old number is followed
    answer = client.get("/en/cr/509.5a")
    assert answer.status_code == 404
    first = BeautifulSoup(answer.text, "html.parser").select_one(".suggestions a")
    assert (first.get_text(), first["href"]) == ("509.5a of 2024-04-12 is 509.3a here", "/en/cr/509.3a")
