"""Helpers for reading pages in the web tests."""

from __future__ import annotations

from bs4 import BeautifulSoup
from werkzeug.test import TestResponse


def soup(response: TestResponse) -> BeautifulSoup:
    """The response body parsed as HTML."""
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def texts(page: BeautifulSoup, selector: str) -> list[str]:
    """The stripped, whitespace-collapsed text of every element matching ``selector``."""
    return [" ".join(el.get_text(" ", strip=True).split()) for el in page.select(selector)]


def hrefs(page: BeautifulSoup, selector: str) -> list[str]:
    """The ``href`` of every element matching ``selector``."""
    return [el["href"] for el in page.select(selector)]
