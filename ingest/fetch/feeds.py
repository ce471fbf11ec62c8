"""The feeds ``crkb fetch`` reads: where each language's current text is published.

``load_feeds()`` reads the ``feeds.toml`` shipped beside this module (its comments give the
format); ``load_feeds(path)`` reads the user's file instead (``crkb fetch --config FILE``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

FEEDS_FILE = Path(__file__).resolve().parent / "feeds.toml"
FEED_LANGUAGES = ("en", "ko", "ja", "zh")
DEFAULT_TIMEOUT = 30.0


class FeedsError(Exception):
    """The feeds file ``path`` cannot be used: ``reason`` says why."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


@dataclass(frozen=True)
class Feed:
    """One publisher's text: ``url`` is the text (``kind`` ``file``) or a page linking it
    (``page``: the links matching ``link``, the first or, with ``pick`` ``max``, the greatest)."""

    name: str
    lang: str
    url: str
    kind: str = "file"
    link: re.Pattern | None = None
    pick: str = "first"


@dataclass(frozen=True)
class FeedsConfig:
    """The feeds in file order and the seconds without a byte before a feed is given up."""

    feeds: tuple[Feed, ...]
    timeout: float = DEFAULT_TIMEOUT
    path: Path = FEEDS_FILE


def load_feeds(path: Path | None = None) -> FeedsConfig:
    """Read and check a feeds file (default: the shipped one). Raises ``FeedsError`` naming the
    file and the feed for a missing or bad key, and for a file that is not TOML."""
    path = Path(path) if path is not None else FEEDS_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise FeedsError(path, f"cannot be read as TOML: {err}") from None
    if data.get("schema") != 1:
        raise FeedsError(path, "schema = 1 expected")
    raw = data.get("feed", [])
    if not isinstance(raw, list) or not raw:
        raise FeedsError(path, "no [[feed]] entries")
    feeds = tuple(_feed(path, n, item) for n, item in enumerate(raw, 1))
    names = [feed.name for feed in feeds]
    if len(set(names)) != len(names):
        raise FeedsError(path, f"feed names must differ: {', '.join(names)}")
    timeout = data.get("settings", {}).get("timeout", DEFAULT_TIMEOUT)
    if not isinstance(timeout, (int, float)) or timeout <= 0:
        raise FeedsError(path, "settings.timeout must be a positive number of seconds")
    return FeedsConfig(feeds, float(timeout), path)


def _feed(path: Path, n: int, item: dict) -> Feed:
    def fail(reason: str) -> FeedsError:
        return FeedsError(path, f"feed {n} ({item.get('name', 'unnamed')}): {reason}")

    unknown = set(item) - {"name", "lang", "url", "kind", "link", "pick"}
    if unknown:
        raise fail(f"unknown keys {', '.join(sorted(unknown))}")
    for key in ("name", "lang", "url"):
        if not isinstance(item.get(key), str) or not item[key]:
            raise fail(f"{key} is required")
    if item["lang"] not in FEED_LANGUAGES:
        raise fail(f"lang must be one of {', '.join(FEED_LANGUAGES)}")
    if not re.match(r"https?://", item["url"]):
        raise fail("url must start with http:// or https://")
    kind, pick = item.get("kind", "file"), item.get("pick", "first")
    if kind not in ("file", "page") or pick not in ("first", "max"):
        raise fail('kind must be "file" or "page", pick "first" or "max"')
    if kind == "page" and not item.get("link"):
        raise fail("a page feed needs link (a regular expression)")
    try:
        link = re.compile(item["link"]) if item.get("link") else None
    except re.error as err:
        raise fail(f"link is not a regular expression: {err}") from None
    return Feed(item["name"], item["lang"], item["url"], kind, link, pick)
