"""History, changes, identity banners, compare by identity and pinned dates between editions, on
the history KB (real corpus editions, ``tests.conftest.HISTORY_EDITIONS``), checked with selectors."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from web.app import create_app

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def client(history_kb):
    return create_app({"KB_DIR": str(history_kb), "TESTING": True}).test_client()


def page(client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def test_an_old_edition_names_the_rule_in_the_newest_edition(client):
    soup = page(client, "/en/cr/2021-11-19/103.4")
    banner = soup.select_one(".old-edition")
    assert "This rule is 103.5 in the newest edition" in banner.get_text(" ", strip=True)
    assert banner.select_one("a.newest-number")["href"] == "/en/cr/103.5"
    assert soup.select_one("a.history-link")["href"] == "/en/cr/2021-11-19/103.4/history"


def test_an_old_edition_says_when_the_rule_was_removed(client):
    banner = page(client, "/en/cr/2009-05-01/300.3").select_one(".old-edition")
    assert "This rule was removed" in banner.get_text(" ", strip=True)


def test_todays_number_pinned_to_an_old_edition_names_the_rule_there(client):
    # a link to today's 702.19b (trample) pinned to 2006: the 404 names 502.9b, the same rule then
    missing = client.get("/en/cr/2006-10-01/702.19b")
    first = BeautifulSoup(missing.get_data(as_text=True), "html.parser").select_one(".suggestions a")
    assert (missing.status_code, first.get_text(), first["href"]) == (
        404, "702.19b of 2026-01-16 is 502.9b here", "/en/cr/2006-10-01/502.9b")
    api = client.get("/api/v1/rules/en/702.19b?edition=2006-10-01").get_json()["error"]["suggestions"][0]
    assert api == {"label": "702.19b of en-2026-01-16 is 502.9b here", "url": "/api/v1/rules/en/502.9b?edition=en-2006-10-01"}
    # typed in the search box of a page of 2006 (pinned): that 404, not today's 702.19b without a word
    searched = client.get("/search?q=702.19b&lang=en&edition=en-2006-10-01")
    assert searched.headers["Location"] == "/en/cr/2006-10-01/702.19b"
    assert client.get("/search?q=502.9b&lang=en&edition=2006-10-01").headers["Location"] == "/en/cr/2006-10-01/502.9b"


def test_a_translations_404_for_an_english_number_names_the_rule_it_is_there(client):
    # /ko/cr/420.5e, the legend rule of en 2009, linked Korean numbers near it (400, 400.1) and old English
    # editions only: the Korean legend rule is the rule the English 420.5e is now (704.5j; 704.5k in 2016)
    missing = client.get("/ko/cr/420.5e")
    links = BeautifulSoup(missing.get_data(as_text=True), "html.parser").select(".suggestions a")
    assert (missing.status_code, links[0].get_text(), links[0]["href"]) == (
        404, "en 2009-05-01의 420.5e은(는) 이 판의 704.5j입니다", "/ko/cr/704.5j")
    assert "/en/cr/2009-05-01/420.5e" in [a["href"] for a in links]  # the English rule of that number
    pinned = BeautifulSoup(client.get("/ko/cr/2016-11-11/420.5e").get_data(as_text=True), "html.parser")
    assert pinned.select_one(".suggestions a")["href"] == "/ko/cr/2016-11-11/704.5k"
    api = client.get("/api/v1/rules/ko/420.5e").get_json()["error"]["suggestions"][0]
    assert api == {"label": "420.5e of en-2009-05-01 is 704.5j here", "url": "/api/v1/rules/ko/704.5j?edition=ko-2021-11-19"}


def test_a_removed_rule_links_its_number_today_only_when_the_newest_edition_prints_it(client):
    gone = page(client, "/en/cr/2009-05-01/411").select_one(".old-edition")  # no 411 today: no dead link
    assert "This rule was removed" in gone.get_text() and gone.select("a") == []
    # the division of combat damage, gone in 2009-07-11; 310.2 is a battle's rule today
    reused = page(client, "/en/cr/2009-05-01/310.2").select_one(".old-edition")
    assert "This rule was removed" in reused.get_text()
    assert [a["href"] for a in reused.select("a")] == ["/en/cr/310.2"]


def test_the_changes_pages_are_linked_from_the_editions_and_each_changed_step(client):
    editions = page(client, "/editions")
    row = editions.select_one('tr[data-edition="en-2026-01-16"]')
    assert row.select_one("a.changes-link")["href"] == "/en/changes/2024-11-08...2026-01-16"
    assert editions.select_one('tr[data-edition="en-2006-10-01"] a.changes-link') is None  # the first of the chain
    steps = {li["data-edition"]: li for li in page(client, "/en/cr/702.19b/history").select("li.step")}
    assert steps["en-2023-04-14"].select_one("a.edition-changes")["href"] == "/en/changes/2022-11-18...2023-04-14"
    assert steps["en-2006-10-01"].select_one("a.edition-changes") is None


def test_a_rule_merged_into_another_says_where_its_text_is(client):
    banner = page(client, "/en/cr/2022-11-18/713.12").select_one(".old-edition")
    assert "its text is part of 712.19 in the newest edition" in banner.get_text(" ", strip=True)
    assert banner.select_one("a.merged-into")["href"] == "/en/cr/712.19"
    steps = page(client, "/en/cr/2022-11-18/713.12/history").select("li.step")
    assert steps[-1]["data-change"] == "removed"
    assert steps[-1].select_one(".merged-into a")["href"] == "/en/cr/2023-04-14/712.19"
    split = page(client, "/en/cr/2009-07-11/306.9/history").select_one("li.step .split-from")
    assert split.get_text(" ", strip=True) == "its text was part of 212.9d of 2009-05-01"
    missing = client.get("/en/cr/713.12")
    links = BeautifulSoup(missing.get_data(as_text=True), "html.parser").select(".suggestions a")
    assert missing.status_code == 404 and (links[0].get_text(strip=True), links[0]["href"]) == (
        "713.12 of 2022-11-18 is part of 712.19 here", "/en/cr/712.19")
    api_missing = client.get("/api/v1/rules/en/713.12").get_json()["error"]["suggestions"][0]
    assert (api_missing["label"], api_missing["url"]) == (
        "713.12 of en-2022-11-18 is part of 712.19 here", "/api/v1/rules/en/712.19?edition=en-2026-01-16")
    compared = client.get("/compare/502.9b?langs=en,ko")  # trample in 2009: compared as it is now
    assert (compared.status_code, compared.headers["Location"]) == (302, "/compare/702.19b?langs=en,ko")
    assert client.get("/compare/713.12").headers["Location"] == "/compare/712.19"
    assert client.get("/compare/999.9").status_code == 404
    searched = client.get("/search?q=713.12&lang=en")  # the newest edition holding it says where its text is
    assert searched.headers["Location"] == "/en/cr/2022-11-18/713.12"
    api = client.get("/api/v1/history/en/713.12?edition=2022-11-18").get_json()
    assert api["steps"][-1]["merged_into"] == {"edition": "en-2023-04-14", "effective_date": "2023-04-14",
                                               "number": "712.19"}


def test_a_history_starting_in_the_oldest_edition_here_does_not_call_the_rule_new_then(client):
    oldest = page(client, "/en/cr/702.19b/history").select_one("li.step")
    assert (oldest["data-edition"], oldest.select_one(".change").get_text(strip=True)) == (
        "en-2006-10-01", "oldest edition here")  # trample is older than the oldest edition of this KB
    ward = page(client, "/en/cr/702.21/history").select_one("li.step")
    assert (ward["data-edition"], ward.select_one(".change").get_text(strip=True)) == ("en-2021-04-22", "created")


def test_compare_labels_each_columns_examples_in_its_language(client):
    soup = page(client, "/compare/702.19b?langs=en,ko")
    labels = {column["lang"]: {e.get_text() for e in column.select(".example-label")} for column in soup.select("section.column")}
    assert (labels["ko"], labels["en"], soup.html["lang"]) == ({"예시:"}, {"Example:"}, "en")
    assert [p.get_text(" ", strip=True) for p in soup.select("p.column-number")] == ["Rule 702.19b"] * 3  # still English after


def test_search_results_come_twenty_a_page_with_links_to_the_next_and_previous(client):
    first, second = page(client, "/search?q=creature&lang=en"), page(client, "/search?q=creature&lang=en&page=2")
    assert [a["href"] for a in first.select("nav.pages a")] == ["/search?q=creature&lang=en&page=2"]
    assert (second.select_one("ol.hits")["start"], len(second.select("li.hit"))) == ("21", 20)
    assert [(a["rel"], a["href"]) for a in second.select("nav.pages a")] == [
        (["prev"], "/search?q=creature&lang=en"), (["next"], "/search?q=creature&lang=en&page=3")]
    shown = [a["href"] for p in (first, second) for a in p.select("a.hit-title")]
    assert len(set(shown)) == 40  # no rule shown twice across the pages
    assert page(client, "/search?q=creature&lang=en&page=99").select_one("ol.hits").get("start") is None  # page 1
    last = page(client, "/search?q=creature&lang=en&page=5")
    assert not last.select("nav.pages a[rel=next]")  # no page 6
    past = page(client, "/search?q=trample&lang=en&page=5")  # trample has fewer than 21 hits: page 1, not "no rule"
    assert [a["href"] for a in past.select("a.hit-title")] == [a["href"] for a in page(client, "/search?q=trample&lang=en").select("a.hit-title")]


def test_a_search_in_a_date_between_editions_searches_the_edition_in_force(client):
    links = [a["href"] for a in page(client, "/search?q=trample&lang=en&edition=2010-01-01").select("main a[href^='/en/cr/']")]
    assert links[0] == "/en/cr/2009-07-11/702.17"  # it was 404 "No edition '2010-01-01' in en"


def test_a_translation_warns_that_the_english_rule_changed_and_shows_what(client):
    soup = page(client, "/ko/cr/702.19b")
    warning = soup.select_one(".english-changed")
    text = warning.get_text(" ", strip=True)  # a Korean page: its warning in Korean
    assert text.startswith("이 번역(2021-11-19, 702.19b ) 이후 영어 규칙이 바뀌었습니다:")
    assert "최신 영어판(2026-01-16)에서는 702.19b 이며, 수정되었습니다." in text
    assert any("battle" in ins.get_text() for ins in warning.select(".diff ins"))


def test_the_history_page_shows_when_battle_came_in(client):
    soup = page(client, "/en/cr/702.19b/history")
    step = soup.select_one('li.step[data-edition="en-2023-04-14"]')
    assert step["data-change"] == "edited"
    assert any("battle" in ins.get_text() for ins in step.select(".diff ins"))
    moved = soup.select_one('li.step[data-edition="en-2009-07-11"]')
    assert (moved["data-number"], moved["data-change"]) == ("702.17b", "moved+edited")
    assert soup.select_one("li.step")["data-number"] == "502.9b"


def test_compare_aligns_the_korean_mulligan_rule_by_identity(client):
    # 103.4 read as the Korean reader numbers it (lang=ko): the mulligan, whose row comes first
    soup = page(client, "/ko/compare/103.4?langs=en,ko")
    columns = soup.select("section.column")
    assert [c["data-edition"] for c in columns] == ["ko-2021-11-19", "en-2021-11-19", "en-2026-01-16"]
    assert [c.select_one("article.rule")["data-number"] for c in columns] == ["103.4", "103.4", "103.5"]
    assert all("mulligan" in c.get_text() for c in columns)
    assert "이 판의 103.4은(는) 다른 규칙입니다" in columns[2].select_one("p.note").get_text()  # Korean interface


def test_a_number_without_a_language_is_each_translations_own(client):
    # issue 9: a new user opens /compare/103.4?langs=en,ko and sees the mulligan in every column
    soup = page(client, "/compare/103.4?langs=en,ko")
    columns = soup.select("section.column")
    assert [(c["data-edition"], c.select_one("article.rule")["data-number"]) for c in columns] == [
        ("ko-2021-11-19", "103.4"), ("en-2021-11-19", "103.4"), ("en-2026-01-16", "103.5")]
    assert all("mulligan" in c.get_text() for c in columns)
    assert "103.4 in this edition is another rule." in columns[2].select_one("p.note").get_text()


def test_compare_shows_one_rule_in_every_row_whatever_its_number(client):
    # /en/compare/103.5 (the mulligan in English today): every row is the mulligan, ko 103.4 and ja
    # 103.5, never ko 103.5 (actions from the opening hand) beside it; the reader's row first
    soup = page(client, "/en/compare/103.5?langs=ja,ko,en")
    numbers = [(c["data-edition"], c.select_one("article.rule")["data-number"])
               for c in soup.select("section.column") if c.select_one("article.rule")]
    assert numbers == [("ja-2023-09-01", "103.5"), ("en-2023-04-14", "103.5"), ("en-2026-01-16", "103.5"),
                       ("ko-2021-11-19", "103.4"), ("en-2021-11-19", "103.4"), ("en-2026-01-16", "103.5")]
    korean_first = page(client, "/ko/compare/103.5?langs=ja,ko,en").select("section.column")
    assert korean_first[0]["data-edition"] == "ko-2021-11-19"
    assert korean_first[0].select_one("article.rule")["data-number"] == "103.5"  # Korean numbering: another rule
    assert page(client, "/ko/cr/103.4").select_one(".edition-line a[href*='/compare/']")["href"] == "/ko/compare/103.4"


def test_the_switcher_links_the_same_rule_in_other_languages_by_identity(client):
    soup = page(client, "/ko/cr/103.4")
    assert soup.select_one("#switcher-h").get_text() == "다른 언어와 판의 이 규칙"
    english = soup.select(".switcher .lang-en a[hreflang]")
    assert [(a["href"], a.get("data-number")) for a in english] == [
        ("/en/cr/103.5", "103.5"), ("/en/cr/2024-11-08/103.5", "103.5"), ("/en/cr/2024-07-30/103.5", "103.5")]
    assert all("/103.5" not in a["href"] for a in soup.select(".switcher .lang-ko a"))
    korean = page(client, "/en/cr/103.5").select(".switcher .lang-ko a[hreflang]")
    assert [(a["href"], a.get_text()) for a in korean] == [("/ko/cr/103.4", "2021-11-19: 103.4"),
                                                           ("/ko/cr/2016-11-11/103.4", "2016-11-11: 103.4")]


def test_changes_asked_newer_first_are_the_same_page_the_other_way_round(client):
    answer = client.get("/en/changes/2023-04-14...2022-11-18")  # was a 400
    assert (answer.status_code, answer.headers["Location"]) == (301, "/en/changes/2022-11-18...2023-04-14")


def test_the_changes_page_offers_its_languages_editions_to_choose_two(client):
    # a judge asking what changed between two editions picks them on the page, no URL to type
    form = page(client, "/en/changes/2022-11-18...2023-04-14").select_one("form.edition-pick")
    assert (form["method"], form["action"]) == ("get", "/en/changes/pick")
    english = ["2026-01-16", "2024-11-08", "2024-07-30", "2023-04-14", "2022-11-18", "2021-11-19", "2021-04-22",
               "2021-02-15", "2017-09-29", "2017-08-25", "2009-07-11", "2009-05-01", "2006-10-01"]  # newest first
    for name, chosen in (("from", "2022-11-18"), ("to", "2023-04-14")):
        options = form.select(f'select[name="{name}"] option')
        assert [(o["value"], o.get_text()) for o in options] == [(date, date) for date in english]
        assert [o["value"] for o in options if o.has_attr("selected")] == [chosen]
    newest = page(client, "/en/changes").select_one("form.edition-pick")  # the defaults: the newest two
    assert [s.select_one("option[selected]")["value"] for s in newest.select("select")] == ["2024-11-08", "2026-01-16"]
    korean = page(client, "/ko/changes").select_one("form.edition-pick")  # in the page's language
    assert [label.contents[0].strip() for label in korean.select("label")] == ["이전 판", "이후 판"]
    assert [o["value"] for o in korean.select('select[name="from"] option')] == ["2021-11-19", "2016-11-11"]
    assert korean.select_one("button[type=submit]").get_text() == "변경 사항 보기"


def test_the_static_export_leaves_the_choice_of_editions_out(history_kb):
    # a static server cannot answer /en/changes/pick, and only consecutive spans are exported
    app = create_app({"KB_DIR": str(history_kb), "TESTING": True})
    app.config["STATIC_EXPORT"] = True  # as web.export's callers set it
    assert page(app.test_client(), "/en/changes").select_one("form.edition-pick") is None


def test_the_choice_of_two_editions_is_sent_to_their_changes_page(client):
    canonical = "/en/changes/2022-11-18...2023-04-14"
    for query in ("from=2022-11-18&to=2023-04-14", "from=2023-04-14&to=2022-11-18",  # newer first: the same page
                  "from=en-2022-11-18&to=2023-04-14", "from=2022-11-20&to=2023-04-14"):  # an id; a date in force
        answer = client.get(f"/en/changes/pick?{query}")
        assert (answer.status_code, answer.headers["Location"]) == (302, canonical), query
    assert client.get("/en/changes/pick?from=2022-11-18&to=2023-04-14", follow_redirects=True).request.path == canonical
    assert client.get("/en/changes/pick?to=2023-04-14").headers["Location"] == canonical  # a side left out: its default
    assert client.get("/ko/changes/pick?from=2021-11-19&to=2016-11-11").headers["Location"] == (
        "/ko/changes/2016-11-11...2021-11-19")


def test_a_bad_choice_of_editions_is_answered_as_a_bad_span_is(client):
    for span, query in (("1999-01-01...2023-04-14", "from=1999-01-01&to=2023-04-14"),  # no edition then: 404
                        ("2023-04-14...bogus", "from=2023-04-14&to=bogus"),
                        ("2023-04-14...2023-04-14", "from=2023-04-14&to=2023-04-14")):  # one edition twice: 400
        asked, chosen = client.get(f"/en/changes/{span}"), client.get(f"/en/changes/pick?{query}")
        assert chosen.status_code == asked.status_code and chosen.status_code in (400, 404), query
        assert (BeautifulSoup(chosen.get_data(as_text=True), "html.parser").select_one(".error-message").get_text()
                == BeautifulSoup(asked.get_data(as_text=True), "html.parser").select_one(".error-message").get_text())
    assert client.get("/xx/changes/pick?from=2023-04-14&to=2026-01-16").status_code == 404


def test_a_bad_span_is_explained_in_the_pages_language(client):
    # a Korean reader asking for 2021-11-19...2026-01-16 names one Korean edition twice (the one
    # in force in 2026): the page says so in Korean, the API keeps its English sentence
    def message(url: str) -> tuple[int, str]:
        answer = client.get(url)
        soup = BeautifulSoup(answer.get_data(as_text=True), "html.parser")
        return answer.status_code, soup.select_one(".error-message").get_text(" ", strip=True)

    assert message("/ko/changes/2021-11-19...2026-01-16") == (
        400, "양쪽 모두 같은 판(ko-2021-11-19)을 가리킵니다: 서로 다른 두 판을 고르세요.")
    assert message("/ko/changes/pick?from=2021-11-19&to=2021-11-19") == message("/ko/changes/2021-11-19...2026-01-16")
    assert message("/en/changes/2023-04-14...2023-04-14") == (
        400, "Both sides name the same edition, en-2023-04-14: choose two different editions.")
    api = client.get("/api/v1/changes/ko/2021-11-19...2021-11-19").get_json()["error"]["message"]
    assert api == "cannot list the changes from ko-2021-11-19 to ko-2021-11-19: both name the same edition"


def test_a_long_unchanged_run_of_a_changed_rule_is_cut_around_the_changes(client):
    # 205.3m, the creature types: a type added in a list of 300 was a diff 2,000 px tall on a phone;
    # the words of a run are cut 40 words away from the changes around it (kb.diff.in_context)
    diff = page(client, "/en/changes/2024-11-08...2026-01-16").select_one('li.changed[data-new="205.3m"] p.diff')
    assert diff.get_text().startswith("… ") and "Bison, " in [ins.get_text() for ins in diff.select("ins")]
    short = page(client, "/en/changes/2022-11-18...2023-04-14").select_one('li.changed[data-new="110.4a"] p.diff')
    assert "…" not in short.get_text() and short.select("ins, del")  # a rule of a sentence or two is shown whole


def test_changes_list_created_rules_by_section_and_moves_apart(client):
    soup = page(client, "/en/changes/2022-11-18...2023-04-14")
    assert soup.select_one('li.changed[data-new="310.1"]')["data-change"] == "created"
    assert soup.select_one('li.changed[data-new="702.19b"]')["data-change"] == "edited"
    assert len(soup.select(".moves li")) > 100


def test_a_reused_number_says_which_rule_had_it_before(client):
    # a bot's old link to 704.5k meant the legend rule: the world rule took the number in 2017
    note = page(client, "/en/cr/704.5k").select_one(".history-line .number-was")
    assert note.get_text(" ", strip=True) == "· Until 2017-09-29, 704.5k was another rule, now 704.5j ."
    assert note.select_one("a")["href"] == "/en/cr/704.5j"
    assert page(client, "/en/cr/704.5j").select_one(".number-was") is not None  # 704.5j too was another rule once
    assert page(client, "/en/cr/100.1").select_one(".number-was") is None


def test_a_history_page_is_titled_with_the_rules_name(client):
    assert page(client, "/en/cr/702.19/history").title.string == "History of 702.19 Trample · crkb"


def test_the_newest_changes_are_offered_in_each_language_with_changes(client):
    nav = page(client, "/en/changes").select_one("nav.page-languages")
    assert [(item["lang"], item.get("href")) for item in nav.select("a, span")] == [("en", None), ("ko", "/ko/changes")]
    assert page(client, "/en/changes/2022-11-18...2023-04-14").select_one("nav.page-languages") is None  # chosen editions


def test_a_date_between_editions_answers_the_edition_in_force(client):
    response = client.get("/en/cr/2021-11-20/103.4")
    assert (response.status_code, response.headers["Location"]) == (302, "/en/cr/2021-11-19/103.4")
    response = client.get("/en/cr/2021-11-20/103.4/history")
    assert (response.status_code, response.headers["Location"]) == (302, "/en/cr/2021-11-19/103.4/history")


def test_the_api_names_the_same_rule_in_each_language_by_identity(client):
    # a bot linking the mulligan in Korean gets ko 103.4, not ko 103.5 (another rule)
    english = client.get("/api/v1/rules/en/103.5").get_json()["same_rule"]
    assert english == [{"lang": "ko", "edition": "ko-2021-11-19", "number": "103.4"},
                       {"lang": "ja", "edition": "ja-2023-09-01", "number": "103.5"}]
    korean = client.get("/api/v1/rules/ko/103.4").get_json()["same_rule"]
    assert korean[0] == {"lang": "en", "edition": "en-2026-01-16", "number": "103.5"}
    old = client.get("/api/v1/rules/en/103.4?edition=2021-11-19").get_json()["same_rule"]
    assert old[0] == {"lang": "en", "edition": "en-2026-01-16", "number": "103.5"}  # its number now


def test_api_history_and_changes(client):
    found = client.get("/api/v1/history/ko/103.4?edition=2021-11-19").get_json()
    assert found["counterparts"][-1] == {"lang": "en", "edition": "en-2026-01-16", "number": "103.5", "change": "moved"}
    assert found["steps"][0]["text"].startswith("각 플레이어는")
    changes = client.get("/api/v1/changes/en/...2023-04-14").get_json()
    assert (changes["old"], changes["new"]) == ("en-2022-11-18", "en-2023-04-14")
    assert client.get("/api/v1/changes/en/2023-04-14...2022-11-18").status_code == 400
    editions = client.get("/api/v1/editions").get_json()["editions"]
    undated = [e for e in editions if e["effective_date"] is None]
    assert any(m and m[0]["edition"] == "en-2006-10-01" for m in (e["matches"] for e in undated))


def test_an_undated_copy_names_the_edition_it_matches(client):
    editions = client.get("/api/v1/editions").get_json()["editions"]
    seed = next(e for e in editions if e["effective_date"] is None and e["matches"]
                and e["matches"][0]["edition"] == "ko-2016-11-11")
    soup = page(client, f"/ko/cr/{seed['id']}/901")
    note = soup.select_one(".copy-of")
    assert note.select_one("a").get_text() == "2016-11-11"
    assert "(99% 동일)" in note.get_text()


def test_an_english_rule_names_its_translation_whatever_its_number(client):
    soup = page(client, "/en/cr/103.5")
    links = soup.select(".translations-line a")
    # the Japanese seed is abridged: its 103.5 joins English by references and title, not subrule count
    assert [(a["data-edition"], a["href"]) for a in links] == [("ja-2023-09-01", "/ja/cr/103.5"),
                                                                ("ko-2021-11-19", "/ko/cr/103.4")]
    assert [a.select_one("span[lang]")["lang"] for a in links] == ["ja", "ko"]  # 日本語, 한국어 read in their language
    assert [span["lang"] for span in soup.select(".switcher .lang-name")] == ["en", "ko", "ja"]


def test_an_old_english_rule_names_the_translation_of_its_day(client):
    # en 2017-08-25 named ko 2021-11-19's 702.19b, four years on; ko 2016-11-11 is the text of its day
    links = page(client, "/en/cr/2017-08-25/702.19b").select(".translations-line a")
    assert [(a["data-edition"], a["href"]) for a in links if a["hreflang"] == "ko"] == [
        ("ko-2016-11-11", "/ko/cr/2016-11-11/702.19b")]
    links = page(client, "/en/cr/2021-11-19/702.19b").select(".translations-line a")  # its own translation
    assert [a["data-edition"] for a in links if a["hreflang"] == "ko"] == ["ko-2021-11-19"]
    # no Japanese edition is of 2017: the one named says it is later, as the switcher does
    line = page(client, "/en/cr/2017-08-25/101.1").select_one(".translations-line")
    assert [a["data-edition"] for a in line.select("a")] == ["ja-2023-09-01", "ko-2016-11-11"]
    assert [mark.get_text() for mark in line.select(".later")] == ["(later than 2017-08-25)"]
    assert line.select_one('a[data-edition="ja-2023-09-01"]').find_next_sibling()["class"] == ["later"]
    assert page(client, "/en/cr/101.1").select_one(".translations-line .later") is None


def test_an_old_editions_switcher_names_the_editions_of_its_day(client):
    # the switcher named en 2026-01-16, 2024-11-08, 2024-07-30: a reader of 2017 was sent to today's rules
    soup = page(client, "/en/cr/2017-08-25/702.19b")
    english = soup.select(".switcher .lang-en a[hreflang]")
    assert [(a["href"], a.get("data-number")) for a in english] == [
        ("/en/cr/2017-09-29/702.19b", None), ("/en/cr/2009-07-11/702.17b", "702.17b")]
    assert soup.select_one(".switcher .lang-en [aria-current]").get_text() == "2017-08-25"
    assert "/ko/cr/2016-11-11/702.19b" in [a["href"] for a in soup.select(".switcher .lang-ko a")]
    # a translation: the English editions of its day (ko 2016-11-11 is joined to en 2017-08-25)
    korean = page(client, "/ko/cr/2016-11-11/702.19b").select(".switcher .lang-en a[hreflang]")
    assert [a["href"] for a in korean] == [
        "/en/cr/2017-09-29/702.19b", "/en/cr/2017-08-25/702.19b", "/en/cr/2009-07-11/702.17b"]


def test_a_pinned_contents_or_glossary_page_offers_the_other_languages_of_its_day(client):
    # a pinned contents page offered no other language: a reader of 2017 had to find ko 2016-11-11
    def offered(url: str) -> list[tuple[str, str | None]]:
        return [(item["lang"], item.get("href")) for item in page(client, url).select("nav.page-languages a, "
                                                                                      "nav.page-languages span")]

    assert offered("/en/cr?edition=2017-08-25") == [("en", None), ("ko", "/ko/cr?edition=2016-11-11"), ("ja", "/ja/cr")]
    assert offered("/ko/glossary?edition=2016-11-11") == [  # ko 2016-11-11 is joined to en 2017-08-25
        ("en", "/en/glossary?edition=2017-08-25"), ("ko", None), ("ja", "/ja/glossary")]


def test_a_translated_rule_page_lists_the_english_subrules_changed_since(client):
    soup = page(client, "/ko/cr/702.19")
    changed = soup.select_one(".english-changed.subrules li[data-number='702.19b']")
    assert "수정" in changed.get_text()  # edited
    assert any("battle" in ins.get_text() for ins in changed.select("ins"))


def test_compare_says_when_english_subrules_changed_under_an_unchanged_rule(client):
    newest = page(client, "/compare/702.19?langs=en,ko").select("section.column")[-1]
    assert newest["data-edition"] == "en-2026-01-16"
    note = newest.select_one("p.note").get_text()
    assert "702.19b" in note and "changed since 2021-11-19" in note and "Unchanged" not in note


@pytest.mark.parametrize(("url", "note"), [
    # whole texts of their time: six sections in 2006 and May 2009, eight in July 2009 (its own contents list)
    ("/en/cr/2006-10-01/502.9", None),
    ("/en/cr/2009-05-01/502.9", None),
    ("/en/cr/2009-07-11/702.19", None),
    ("/ja/cr/2023-09-01/101.1", "(ルール100–208のみ収録)"),  # the Japanese seed is an excerpt (rules 100-208 only)
])
def test_only_an_excerpt_says_it_holds_part_of_the_rules(client, url: str, note: str | None):
    found = page(client, url).select_one(".coverage")
    assert (found.get_text(strip=True) if found else None) == note


@pytest.mark.parametrize(("query", "first"), [("In Play", "217.5"), ("Types", "205.2")])
def test_an_old_editions_title_searched_there_lists_its_rule_first(client, query: str, first: str):
    # 2006: In Play names Play too once stemmed (217, 409-411), Types is defined in 212.1c; the rule
    # titled exactly as typed is listed first with its subrules
    hits = page(client, f"/search?q={query}&lang=en&edition=2006-10-01").select("li.hit a.hit-title")
    assert [a.get_text().split()[0] for a in hits[:2]] == [first, f"{first}a"]


def test_an_older_editions_rule_compares_the_same_rule_by_its_number_now(client):
    # en 2021-11-19 103.4 (the mulligan) is 103.5 now: /compare/103.4 would set today's 103.4 beside it
    link = page(client, "/en/cr/2021-11-19/103.4").select_one(".edition-line a[href*='/compare/']")
    assert link["href"] == "/en/compare/103.5"
    assert page(client, "/en/cr/702.19").select_one(".edition-line a[href*='/compare/']")["href"] == "/en/compare/702.19"


def test_an_edition_asked_as_a_query_argument_is_sent_to_its_own_url(client):
    # /en/cr/704.5j?edition=... showed the newest rule, whatever the edition asked for
    response = client.get("/en/cr/103.4?edition=2021-11-19")
    assert (response.status_code, response.headers["Location"]) == (301, "/en/cr/2021-11-19/103.4")
    assert client.get("/en/cr/702.19?edition=garbage").status_code == 404
    history = client.get("/en/cr/704.5j/history?edition=2021-11-19")  # the history page too
    assert (history.status_code, history.headers["Location"]) == (301, "/en/cr/2021-11-19/704.5j/history")
    assert client.get("/en/cr/704.5j/history?edition=garbage").status_code == 404


def test_a_translation_names_the_english_edition_it_translates(client):
    # the English edition its rules agree with best, whatever date its own header gives
    soup = page(client, "/editions")
    notes = {tr["data-edition"]: tr.select_one("td.source .translates") for tr in soup.select("#ko tbody tr")}
    assert notes["ko-2021-11-19"].get_text(" ", strip=True) == "translates the English edition 2021-11-19"
    assert notes["ko-2021-11-19"].select_one("a")["href"] == "/en/cr?edition=2021-11-19"
    assert soup.select("#en .translates") == []
    editions = {shape["id"]: shape for shape in client.get("/api/v1/editions").get_json()["editions"]}
    partners = {e: shape["translates"]["edition"] for e, shape in editions.items() if "translates" in shape}
    assert partners == {"ko-2016-11-11": "en-2017-08-25", "ko-2021-11-19": "en-2021-11-19",
                        "ja-2023-09-01": "en-2023-04-14"}  # the nearest English editions this KB holds
    assert all(0.5 < editions[e]["translates"]["share"] <= 1 for e in partners)


def test_a_translators_slip_is_compared_by_number_and_says_so(client):
    # ko 2021-11-19 prints crew's 702.122b again as 702.123b (fabricate): joined to no English rule
    soup = page(client, "/ko/compare/702.123b?langs=ko")
    korean = soup.select_one("[data-role=translation]")
    assert "702.123b" in korean.select_one(".note").get_text() and "어떤 영어 규칙과도 연결되지 않습니다" in korean.get_text()
    english = soup.select_one("[data-role='newest English edition']")
    assert "fabricate" in english.get_text().lower()  # shown by number, as the note says
    joined = page(client, "/ko/compare/702.122b?langs=ko").select_one("[data-role=translation]")
    assert "어떤 영어 규칙과도" not in joined.get_text()
    # read as the English number, fabricate: no Korean rule is joined to it, and the column says so
    fabricate = page(client, "/en/compare/702.123b?langs=ko").select_one("[data-role=translation]")
    assert (fabricate.select("article.rule"), fabricate.select_one(".note").get_text()) == (
        [], "No rule of this edition is joined to the English 702.123b (2026-01-16).")


@pytest.mark.parametrize(("url", "canonical"), [
    ("/en/cr/704.5j/history", "http://localhost/en/cr/704.5j/history"),
    ("/en/cr/2021-11-19/103.4/history", "http://localhost/en/cr/2021-11-19/103.4/history"),
    ("/compare/103.5?langs=en,ko&utm_source=x", "http://localhost/compare/103.5?langs=en,ko"),
    ("/en/changes/2022-11-18...2023-04-14", "http://localhost/en/changes/2022-11-18...2023-04-14"),
    ("/en/glossary/Trample", "http://localhost/en/glossary/Trample"),
    ("/en/glossary", "http://localhost/en/glossary"),
])
def test_every_page_names_its_canonical_url_once(client, url: str, canonical: str):
    links = page(client, url).select("link[rel=canonical]")
    assert [link["href"] for link in links] == [canonical]


def test_a_rule_page_has_a_heading_and_an_old_editions_title_names_the_edition(client):
    old = page(client, "/en/cr/2021-11-19/103.4")
    assert old.select_one("h1").get_text() == "Rule 103.4. Starting the Game (2021-11-19)"
    assert old.title.get_text() == "103.4. Starting the Game (2021-11-19) · crkb"
    assert page(client, "/en/cr/103.5").title.get_text() == "103.5. Starting the Game · crkb"


def test_a_terms_link_in_another_language_goes_to_the_same_rule_by_identity(client):
    # ko 2021-11-19 701.34 is manifest; en 2026-01-16 701.34 is proliferate, manifest is 701.40
    links = {a.get_text(): a["href"] for a in page(client, "/ko/cr/701.34").select(".other-terms a")}
    assert "/en/cr/701.34" not in links.values() and "/en/cr/701.40" in links.values()


def test_a_number_no_korean_edition_prints_names_the_korean_rule_the_english_one_is(client):
    response = client.get("/ko/compare/111.13")  # the English 111.13 is ko 111.11: nothing pairs by number
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    assert response.status_code == 404 and len(soup.select("section.column")) == 1
    assert soup.select_one("section.column p.note").get_text() == (
        "ko 판 어디에도 규칙 111.13이(가) 없습니다. 영어 111.13(2026-01-16)은(는) 이 언어에서 111.11입니다.")


def test_a_translations_number_is_never_sent_where_the_english_number_went(client):
    # the redirect of a number no column holds follows an English rule; a Korean number is no English one
    assert client.get("/ko/compare/101.5").status_code == 404
    assert client.get("/compare/502.9b").headers["Location"] == "/compare/702.19b"
    assert client.get("/en/compare/502.9b").headers["Location"] == "/en/compare/702.19b"


def test_a_copys_note_links_each_matching_edition_at_the_rules_number_there(client):
    # the Korean seed's 903.9a (a commander put into the graveyard or exile) is 903.9c in ko 2021-11-19
    note = page(client, "/ko/cr/ko-undated-004-56508183edbe32f5/903.9a").select_one(".copy-of")
    links = {a.get_text(): a["href"] for a in note.select("a")}
    assert links == {"2016-11-11": "/ko/cr/2016-11-11/903.9a", "2021-11-19": "/ko/cr/903.9c"}


def test_a_compare_pinned_to_a_translations_date_shows_the_english_it_follows(client):
    # ko 2016-11-11 holds en 2017-08-25's rules; the English in force on 2016-11-11 here is 2009-07-11's,
    # whose trample rule is 702.17b: the page set the Korean text beside that English alone
    soup = page(client, "/ko/compare/2016-11-11/702.19b")
    assert [c["data-edition"] for c in soup.select("section.column.lang-en")] == ["en-2009-07-11", "en-2017-08-25"]
    english = soup.select("section.column.lang-en")[1]
    assert english.select_one(".column-number a")["href"] == "/en/cr/2017-08-25/702.19b"
    assert "이 ko 번역이 따르는 영어 판입니다." in english.get_text(" ", strip=True)
    assert page(client, "/compare/2017-08-25/702.19b").select_one("section.column.lang-en")["data-edition"] == (
        "en-2017-08-25")  # an English reader's date: the English of that date, as before


def test_a_misprinted_number_opens_the_rule_it_was_read_back_as_and_the_rule_says_so(client):
    # en 2006-10-01 prints 432.2b between 423.2a and 423.3 (no 432.2b anywhere); every Korean
    # edition of 2016-2021 prints 702.212 for 702.22b: a judge holding the printed text types those
    printed = client.get("/en/cr/2006-10-01/432.2b")
    assert (printed.status_code, printed.headers["Location"]) == (302, "/en/cr/2006-10-01/423.2b")
    flag = page(client, "/en/cr/2006-10-01/423.2b").select_one("article[data-number='423.2b'] p.flag.misprinted")
    assert flag.get_text(" ", strip=True) == "Printed as 432.2b, a misprint: its place in the rules reads 423.2b."
    korean = client.get("/ko/cr/2016-11-11/702.212")
    assert korean.headers["Location"] == "/ko/cr/2016-11-11/702.22b"
    assert page(client, "/ko/cr/2016-11-11/702.22b").select_one("p.flag.misprinted") is not None
    assert page(client, "/ko/cr/2016-11-11/702.22a").select_one("p.flag.misprinted") is None
    api = client.get("/api/v1/rules/ko/702.22b?edition=2016-11-11").get_json()
    assert (api["number"], api["printed_number"], api["flags"]) == ("702.22b", "702.212", ["renumbered"])
    printed_api = client.get("/api/v1/rules/ko/702.212?edition=2016-11-11").get_json()["error"]["suggestions"][0]
    assert printed_api == {"label": "702.212 is printed for 702.22b in ko-2016-11-11",
                           "url": "/api/v1/rules/ko/702.22b?edition=ko-2016-11-11"}
    # a misprint of a number the edition also prints (ko 2021-11-19's second 101.4d) is that rule's page
    assert client.get("/ko/cr/2021-11-19/101.4d").status_code == 200
