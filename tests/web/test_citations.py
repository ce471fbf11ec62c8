"""A translated rule citing another rule than its English rule does (``web.citations``), on the
languages KB (real corpus editions; tests/conftest.py), checked with selectors."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from web.app import create_app

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def client(languages_kb: Path):
    return create_app({"KB_DIR": str(languages_kb), "TESTING": True}).test_client()


def notes(client, url: str) -> list[tuple[str, str, list[str]]]:
    page = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
    return [(li["data-number"], li.get_text(" ", strip=True), [a["href"] for a in li.select("a")])
            for li in page.select(".stale-citations li")]


def test_a_translation_citing_an_older_number_says_what_the_english_cites(client) -> None:
    # ja 2026-01-16 726.6 cites rule 727 (the translator's older number) where en 2026-01-16 726.6 cites 728
    assert notes(client, "/ja/cr/726.6") == [  # a Japanese page speaks Japanese
        ("726.6", "726.6 は 727 を参照していますが、英語の原文（2026-01-16）は 728 を参照しています。", ["/ja/cr/728"])]
    # ko 2021-11-19 702.114a cites 603.3 where the English cites 604.3; its parent's page says it too
    assert [(n, hrefs) for n, _, hrefs in notes(client, "/ko/cr/702.114")] == [("702.114a", ["/ko/cr/604.3"])]


def test_a_translation_citing_what_its_english_rule_cites_says_nothing(client) -> None:
    assert notes(client, "/ja/cr/702.19") == [] and notes(client, "/ko/cr/702.19") == []
    assert notes(client, "/en/cr/726.6") == []
