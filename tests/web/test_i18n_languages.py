"""Each language's rule page speaks its language (interface words, ``lang`` attributes, fonts) on the
languages KB (``languages_kb``: real en, ko, ja and zh texts from ../shared), and error pages too."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient
from lxml import etree

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
    assert page.select_one(".edition-line a[href*='/compare/']").get_text() == compare
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
    ("/en/cr/702.170", "Created on 2024-04-12"),  # Plot: missing from 2023-09-01, which holds section 7
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


def test_changes_from_an_excerpt_list_as_created_only_what_english_created(client: FlaskClient) -> None:
    # the Japanese seed (2023-09-01) holds 277 rules of 100-208: 2026-01-16 did not create 2,994 rules,
    # only those English created between 2023-09-01 and 2026-01-16 (Blight, 701.68, among them)
    found = client.get("/api/v1/changes/ja/2023-09-01...2026-01-16").get_json()
    english = client.get("/api/v1/changes/en/2023-09-01...2026-01-16").get_json()
    created = {rule["new"] for rule in found["rules"] if rule["change"] == "created"}
    assert "701.68" in created and created <= {rule["new"] for rule in english["rules"] if rule["change"] == "created"}
    assert found["outside"] > 2700 and found["counts"]["created"] == len(created)
    assert found["counts"]["edited"] > 0  # the rules both texts hold are still compared
    page = soup(client, "/ja/changes/2023-09-01...2026-01-16")
    assert page.select_one("p.note.outside") is not None
    assert len(page.select("li.changed.change-created")) == len(created)
    english = client.get("/api/v1/changes/en/2024-04-12...2026-01-16").get_json()
    assert english["outside"] == 0 and english["counts"]["created"] > 0  # two whole texts: as before


def test_a_number_gone_from_the_newest_edition_points_to_where_its_rule_went(client: FlaskClient) -> None:
    # 509.5a of 2024-04-12 (declare blockers) is 509.3a in 2026-01-16: a link to the old number is followed
    answer = client.get("/en/cr/509.5a")
    assert answer.status_code == 404
    first = BeautifulSoup(answer.text, "html.parser").select_one(".suggestions a")
    assert (first.get_text(), first["href"]) == ("509.5a of 2024-04-12 is 509.3a here", "/en/cr/509.3a")


@pytest.mark.parametrize(("url", "message"), [
    ("/ko/cr/abc", "'abc'은(는) 규칙 번호가 아닙니다 (규칙 번호는 702.19b와 같은 형식입니다)."),
    ("/ja/cr/abc", "'abc'はルール番号ではありません（ルール番号は702.19bのような形です）。"),
    ("/zh/cr/abc", "'abc'不是规则编号（规则编号形如 702.19b）。"),
    ("/ja/changes/garbage", "変更点はOLD...NEWの形で指定します（例：2022-11-18...2023-04-14）。"),
    ("/zh/cr/1999-01-01/702.19", "没有zh版本 '1999-01-01'。版本列表："),
    ("/search?q=x&lang=ko&edition=all", "ko에는 판 'all'이(가) 없습니다."),
])
def test_argument_errors_speak_the_language_of_the_page(client: FlaskClient, url: str, message: str) -> None:
    page = soup(client, url, 404)
    assert page.select_one(".error-message").get_text() == message


@pytest.mark.parametrize(("url", "message"), [
    ("/api/v1/rules/ko/abc", "'abc' is not a rule number (rule numbers look like 702.19b)."),
    ("/api/v1/rules/zh/702.19?edition=1999-01-01", "No zh edition '1999-01-01'. Editions:"),
    ("/api/v1/search?q=x&lang=ko&edition=all", "No edition 'all' in ko."),
])
def test_the_api_keeps_argument_errors_in_english(client: FlaskClient, url: str, message: str) -> None:
    answer = client.get(url)
    assert answer.status_code == 404 and answer.get_json()["error"]["message"] == message


@pytest.mark.parametrize(("lang", "labels", "note"), [
    # 702.19 itself is unchanged since the Korean edition, 702.19b and 702.19e are not
    ("ko", ["번역", "ko 판의 영어 원문", "최신 영어판"],
     "번역의 702.19b, 702.19e에 해당하는 영어 규칙이 2021-11-19 이후 바뀌었습니다(번역 규칙 페이지 참고)."),
    ("ja", ["翻訳", "ja版の英語原文", "最新の英語版"], "最新の英語版の列と同じ版です。"),
    ("zh", ["译本", "zh版本的英文原文", "最新英文版本"], "自 2024-04-12 起未变更。"),
])
def test_compare_labels_and_notes_speak_the_page_language_and_roles_stay_english(
        client: FlaskClient, lang: str, labels: list[str], note: str) -> None:
    columns = soup(client, f"/{lang}/compare/702.19?langs={lang}").select("section.column")
    assert [c["data-role"] for c in columns] == ["translation", f"English of the {lang} edition", "newest English edition"]
    assert [c.select_one("p.role").get_text() for c in columns] == labels
    assert {c.select_one("p.role")["lang"] for c in columns} == {lang}
    assert note in [p.get_text() for c in columns for p in c.select("p.note")]


@pytest.mark.parametrize(("lang", "role"), [("en", "translation"), ("ko", "번역"), ("ja", "翻訳"), ("zh", "译本")])
def test_the_compare_link_keeps_the_language_of_the_rule_page(client: FlaskClient, lang: str, role: str) -> None:
    link = soup(client, f"/{lang}/cr/702.19").select_one(".edition-line a[href*='/compare/']")
    assert link["href"] == f"/{lang}/compare/702.19"
    compare = soup(client, link["href"])
    assert (compare.html["lang"], compare.select_one("section.column p.role").get_text()) == (lang, role)


@pytest.mark.parametrize(("lang", "effective"), [("en", "effective {date}"), ("ko", "{date} 시행"), ("ja", "{date} 発効"),
                                                 ("zh", "{date} 生效")])
def test_the_preview_script_is_given_effective_in_the_page_language(client: FlaskClient, lang: str,
                                                                    effective: str) -> None:
    script = soup(client, f"/{lang}/cr/702.19").select_one("script[src$='/preview.js']")
    assert script["data-effective"] == effective
    assert '"effective "' not in (CSS.parent / "preview.js").read_text(encoding="utf-8")  # the words come from the page


def test_the_opensearch_description_names_the_languages_the_kb_holds(client: FlaskClient) -> None:
    root = etree.fromstring(client.get("/opensearch.xml").data)
    description = root.findtext("o:Description", namespaces={"o": "http://a9.com/-/spec/opensearch/1.1/"})
    assert description == "Search the Magic: The Gathering Comprehensive Rules (English, Korean, Japanese, Chinese)"


@pytest.mark.parametrize(("url", "entry"), [
    ("/ja/glossary/トランプル", "/ja/glossary/トランプル（とらんぷる）／Trample"),  # the Japanese term alone
    ("/ja/glossary/trample", "/ja/glossary/トランプル（とらんぷる）／Trample"),  # its English part
    ("/zh/glossary/踐踏", "/zh/glossary/践踏"),  # Traditional characters
])
def test_a_glossary_entry_named_by_a_part_of_its_term_redirects_to_it(client: FlaskClient, url: str,
                                                                        entry: str) -> None:
    from urllib.parse import unquote

    answer = client.get(url)
    assert (answer.status_code, unquote(answer.headers["Location"])) == (301, entry)
    assert client.get("/ja/glossary/トランプ").status_code == 404  # a part must be whole


def test_a_rule_the_abridged_japanese_seed_omits_is_not_called_new_in_the_next_edition(client: FlaskClient) -> None:
    # ja 2023-09-01 prints rules 100-208 without their subrules: 100.1a is older than ja 2026-01-16
    omitted = soup(client, "/ja/cr/100.1a").select_one("p.history-line").get_text()
    assert "新設" not in omitted and "以降変更なし" in omitted
    assert "新設" in soup(client, "/ja/cr/107.18").select_one("p.history-line").get_text()  # new in English since


def test_a_query_in_ideographs_alone_says_which_languages_it_searched(client: FlaskClient) -> None:
    # 践踏 is Japanese or Chinese: the page searched both and said nothing of it
    page = BeautifulSoup(client.get("/search?q=践踏").get_data(as_text=True), "html.parser")
    assert [p.get_text(" ", strip=True) for p in page.select("p.scope")] == [
        "Searching the languages written in the query's script, newest editions: 日本語, 中文. Search all languages"]
    assert page.select_one("p.scope a")["href"] == "/search?q=%E8%B7%B5%E8%B8%8F&lang=all"
    korean = BeautifulSoup(client.get("/search?q=돌진").get_data(as_text=True), "html.parser")
    assert [p.get_text(" ", strip=True) for p in korean.select("p.scope")] == ["한국어 최신 판을 검색합니다. 모든 언어 검색"]


def test_a_translated_rule_joined_to_no_english_rule_says_so(client: FlaskClient) -> None:
    # ja 805.10f still prints the damage-assignment order rule the English dropped: its page named
    # no English rule and said nothing of why
    page = BeautifulSoup(client.get("/ja/cr/805.10f").get_data(as_text=True), "html.parser")
    assert page.select_one("p.unjoined").get_text(" ", strip=True) == (
        "このルールに対応する英語のルールはありません。この翻訳が従う英語版（2026-01-16）の805.10fは内容が異なるか"
        "存在しません（英語版で削除されたルール、または翻訳者の誤り）。")
    joined = BeautifulSoup(client.get("/ja/cr/805.10e").get_data(as_text=True), "html.parser")
    assert joined.select_one("p.unjoined") is None
    assert BeautifulSoup(client.get("/en/cr/805.10e").get_data(as_text=True), "html.parser").select_one(
        "p.unjoined") is None


def test_compare_says_when_only_the_numbers_an_english_rule_cites_changed(client: FlaskClient) -> None:
    # en 104.6 cites "rule 721" in 2021-11-19 and "rule 726" in 2026-01-16: the Korean row said
    # "unchanged since 2021-11-19"
    page = BeautifulSoup(client.get("/ja/compare/104.6").get_data(as_text=True), "html.parser")
    newest = page.select('section.column[data-role="newest English edition"]')
    notes = [c.select_one("p.note").get_text(strip=True) for c in newest if c.select_one("p.note")]
    assert notes == ["2021-11-19 以降、参照しているルールの番号だけが変更されました（下に表示）。",
                     "2024-04-12 以降、参照しているルールの番号だけが変更されました（下に表示）。"]
    assert [(d.name, d.get_text(strip=True)) for d in newest[1].select("p.diff del, p.diff ins")] == [
        ("del", "721"), ("ins", "726")]
