"""Every link of the home page answers 200 on a KB of the bundled seeds alone (undated excerpts:
a Korean 700-726 copy, a few subrules of 208-310, 900-905), and an undated edition's contents page
lists what it holds."""

from __future__ import annotations

import pytest

from tests.web.pages import hrefs, soup
from web.app import create_app


@pytest.fixture(scope="module")
def seeds_client(tmp_path_factory: pytest.TempPathFactory):
    """A client on a KB built from the bundled seeds alone (four undated copies, one dated)."""
    import ingest.build

    kb_dir = tmp_path_factory.mktemp("seeds-kb")
    report = ingest.build.build_kb([ingest.build.BUNDLED_DATA], kb_dir)
    assert report.published
    return create_app({"KB_DIR": str(kb_dir), "TESTING": True}).test_client()


def _crawl_home(client) -> list[tuple[str, int]]:
    links = sorted(set(href for href in hrefs(soup(client.get("/")), "a[href]") if not href.startswith("#")))  # skip link
    assert len(links) > 10
    return [(href, client.get(href).status_code) for href in links]


def test_every_link_on_a_seeds_home_page_answers_200_undated_editions_too(seeds_client) -> None:
    crawled = _crawl_home(seeds_client)
    assert [(href, status) for href, status in crawled if status != 200] == []
    undated = [href for href, _status in crawled if "edition=ko-undated-" in href]
    assert len(undated) == 2  # the newest undated copy is /ko/cr itself
    for href in undated:
        page = soup(seeds_client.get(href))
        assert page.select_one(".edition-line .edition")["data-edition"].startswith("ko-undated-")
        assert page.select(".sections .three-digit a"), href


def test_an_excerpt_lists_the_rules_its_section_heading_does_not_hold(seeds_client) -> None:
    page = soup(seeds_client.get("/ko/cr?edition=ko-undated-003-a598c1a51fd45771"))
    listed = hrefs(page, ".sections .three-digit a")
    assert listed and all(href.startswith("/ko/cr/ko-undated-003-a598c1a51fd45771/") for href in listed)
    assert listed[0].endswith("/208") or listed[0].rsplit("/", 1)[1].startswith("208.")


def test_every_link_of_an_excerpts_rule_page_answers_200(seeds_client) -> None:
    """The Korean 700-726 copy prints no heading for section 7: its breadcrumb names the section
    without linking a page that does not exist."""
    url = "/ko/cr/ko-undated-000-81dc8df3711c17ec/702.19"
    page = soup(seeds_client.get(url))
    crumbs = page.select(".breadcrumb li")
    assert [li.a is not None for li in crumbs[1:3]] == [False, True]  # section 7: no link; 702: linked
    links = sorted(set(h for h in hrefs(page, "a[href]") if h.startswith("/") and "#" not in h))
    assert [(href, seeds_client.get(href).status_code) for href in links
            if seeds_client.get(href).status_code not in (200, 302)] == []


def test_a_copy_aligned_to_nothing_says_its_rule_has_no_history(seeds_client) -> None:
    """The seeds hold no dated Korean edition: a Korean copy's rule is on no chain. Its history
    says so (it used to say the rule was not there) and links the rule."""
    url = "/ko/cr/ko-undated-003-a598c1a51fd45771/300.3"
    assert seeds_client.get(url).status_code == 200
    response = seeds_client.get(url + "/history")
    page = soup(response)
    assert response.status_code == 404
    assert "300.3 규칙에는 이력이 없습니다" in page.select_one(".error-message").get_text()  # a Korean page
    assert url in hrefs(page, "main a[href]")
    api = seeds_client.get("/api/v1/history/ko/300.3?edition=ko-undated-003-a598c1a51fd45771")
    assert (api.status_code, api.get_json()["error"]["message"]) == (
        404, "Rule 300.3 of ko-undated-003-a598c1a51fd45771 has no history: this copy matches no dated ko edition.")
