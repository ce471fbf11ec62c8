"""A compare page pinned to a date, on real editions (``../shared/corpus``, read at test time): the
Korean text dated 2017-01-20 follows the numbering of the English 2017-06-05 edition, so its
rules are paired with the English 2017-01-20 rules by identity, not by number."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.corpus

FILES = ("en/2017-01-19.txt", "en/2017-04-28.txt", "en/2017-06-05.txt", "ko/kormtgcr/2017-01-20.txt")


@pytest.fixture(scope="module")
def client(shared_dir: Path, tmp_path_factory):
    from ingest.build import build_kb
    from web.app import create_app

    kb_dir = tmp_path_factory.mktemp("pinned-kb")
    report = build_kb([shared_dir / "corpus" / name for name in FILES], kb_dir, workers=1)
    assert report.published and not report.failed
    return create_app({"KB_DIR": str(kb_dir), "TESTING": True}).test_client()


def columns(client, url: str) -> list[tuple[str | None, str | None, str]]:
    response = client.get(url)
    assert response.status_code == 200, url
    soup = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return [(c.get("data-edition"), (c.select_one("article.rule") or {}).get("data-number"),
             " ".join(p.get_text(" ", strip=True) for p in c.select("p.note")))
            for c in soup.select("section.column")]


def test_a_pinned_korean_rule_stands_beside_the_same_english_rule_of_its_date(client):
    # ko 2017-01-20 508.1h (the total cost to attack) is en 2017-01-20 508.1g, not 508.1h
    # and beside the English edition whose rules it holds, en 2017-06-05, said so
    assert columns(client, "/ko/compare/2017-01-20/508.1h?langs=en,ko") == [
        ("ko-2017-01-20", "508.1h", ""),
        ("en-2017-01-20", "508.1g", "ko 508.1h와(과) 같은 규칙으로, 이 판에서는 508.1g입니다."),
        ("en-2017-06-05", "508.1h", "이 ko 번역이 따르는 영어 판입니다.")]
    assert columns(client, "/en/compare/2017-01-20/508.1g?langs=en,ko") == [
        ("en-2017-01-20", "508.1g", ""),
        ("ko-2017-01-20", "508.1h", "The same rule as en 508.1g, numbered 508.1h here.")]


def test_a_date_between_editions_compares_the_editions_in_force_then(client):
    # 2017-03-01 is no edition's date: the page was a 404 ("No en edition effective 2017-03-01")
    assert columns(client, "/en/compare/2017-03-01/508.1g?langs=en,ko") == [
        ("en-2017-01-20", "508.1g", "The edition in force on 2017-03-01."),
        ("ko-2017-01-20", "508.1h", "The edition in force on 2017-03-01. The same rule as en 508.1g, numbered 508.1h here.")]
    assert client.get("/en/compare/2016-01-01/508.1g?langs=en,ko").status_code == 404  # before the first
