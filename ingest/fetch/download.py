"""Download the current texts of the feeds into the sources folder.

``fetch_feeds`` asks each feed's publisher for its text (a page feed: first the page, whose links
name the text), with the ``ETag``/``Last-Modified`` validators of the last run (kept in
``<sources>/.fetch-state.json``), so that a second run downloads nothing. A downloaded text is
checked before it is kept: not an HTML page, not cut short, decoded (``ingest.read.decode``), in
the feed's language and naming its effective date (``ingest.read.detect``). It is then written
atomically (a hidden temporary file renamed) as ``<sources>/<lang>/<effective date>.txt``, so a
new edition is a new file beside the old ones. A feed that fails gives one line naming the feed
and the address, and changes nothing in the sources folder; the other feeds go on.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from urllib.parse import urljoin

import httpx
from bs4 import BeautifulSoup
from tqdm import tqdm

from ingest.fetch.feeds import Feed, FeedsConfig
from ingest.read.decode import decode_bytes
from ingest.read.detect import UNKNOWN, detect_meta
from ingest.read.formats import MAX_BYTES
from ingest.sources import SourceError
from kb.numbers import SUBRULE_PATTERN

STATE_NAME = ".fetch-state.json"
MIN_RULE_LINES = 100
"""A whole CR text prints thousands of numbered rules; fewer than this is not one."""
_RULE_LINE = re.compile(rf"^\s*\**{SUBRULE_PATTERN}", re.M)
_URL_IN_TEXT = re.compile(r"https?://[^\s\"'<>\\]+")


class FetchFailed(Exception):
    """``url`` did not give a text: ``reason`` says why."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(reason)
        self.url, self.reason = url, reason


@dataclass
class FetchResult:
    """What one feed gave: ``status`` ``new`` (a file the folder lacked), ``updated`` (the file of
    that date changed), ``unchanged`` or ``failed`` (``error`` says why); ``path`` relative to the
    sources folder; ``bytes`` downloaded."""

    feed: str
    lang: str
    url: str
    status: str
    path: str | None = None
    effective_date: str | None = None
    bytes: int = 0
    error: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def fetch_feeds(config: FeedsConfig, folder: Path, *, progress: bool | None = False,
                transport: httpx.BaseTransport | None = None) -> list[FetchResult]:
    """Fetch every feed of ``config`` into the sources folder ``folder`` (created on the first
    text kept); one ``FetchResult`` per feed, in feed order. ``progress`` shows a tqdm bar per
    download on stderr (None: only on a terminal). Never raises for a feed's failure."""
    folder = Path(folder)
    state = _load_state(folder)
    results = []
    timeout = httpx.Timeout(config.timeout)
    headers = {"User-Agent": "crkb-fetch (+https://pypi.org/project/crkb/)"}
    with httpx.Client(timeout=timeout, follow_redirects=True, headers=headers, transport=transport) as client:
        for feed in config.feeds:
            try:
                result = _fetch(feed, client, folder, state, progress, config.timeout)
            except FetchFailed as err:
                result = FetchResult(feed.name, feed.lang, err.url, "failed", error=err.reason)
            if result.status != "failed":
                _save_state(folder, state)
            results.append(result)
    return results


def _fetch(feed: Feed, client: httpx.Client, folder: Path, state: dict, progress: bool | None,
           timeout: float) -> FetchResult:
    saved = state.get(feed.name, {})
    page = _find_link(feed, client, saved.get("page", {}), timeout) if feed.kind == "page" else None
    url = page["text_url"] if page else feed.url
    before = saved.get("text", {})
    known = before.get("url") == url and before.get("path") and (folder / before["path"]).is_file()
    data, response = _download(feed, client, url, _validators(before) if known else {}, progress, timeout)
    if data is None:
        state[feed.name] = {**saved, **({"page": page} if page else {})}
        return FetchResult(feed.name, feed.lang, url, "unchanged", before["path"], before.get("date"))
    lang, date = _check_text(feed, url, data)
    target = folder / lang / f"{date}.txt"
    status = "new" if not target.exists() else "unchanged" if target.read_bytes() == data else "updated"
    if status != "unchanged":
        write_atomically(target, data)
    relative = target.relative_to(folder).as_posix()
    text = {"url": url, "path": relative, "date": date, **_validators_of(response)}
    state[feed.name] = {"text": text, **({"page": page} if page else {})}
    return FetchResult(feed.name, feed.lang, url, status, relative, date, len(data))


def _find_link(feed: Feed, client: httpx.Client, saved: dict, timeout: float) -> dict:
    """The page's validators and the address of the text it links (``text_url``)."""
    headers = _validators(saved) if saved.get("url") == feed.url and saved.get("text_url") else {}
    response = _get(client, feed.url, headers, timeout)
    if response.status_code == 304:
        return saved
    _check_status(feed.url, response)
    links = _links(response.text, str(response.url))
    found = [link for link in links if feed.link.search(link)]
    if not found:
        raise FetchFailed(feed.url, f'no link matching "{feed.link.pattern}" on the page (has the page changed?)')
    text_url = max(found) if feed.pick == "max" else found[0]
    return {"url": feed.url, "text_url": text_url, **_validators_of(response)}


def _links(body: str, base: str) -> list[str]:
    """Absolute addresses of a page's ``<a href>`` links, then of every address in its text."""
    hrefs = [a["href"] for a in BeautifulSoup(body, "lxml").find_all("a", href=True)] if "<" in body else []
    urls = [urljoin(base, href.strip()) for href in hrefs] + _URL_IN_TEXT.findall(body)
    return list(dict.fromkeys(url for url in urls if url.startswith(("http://", "https://"))))


def _get(client: httpx.Client, url: str, headers: dict, timeout: float) -> httpx.Response:
    try:
        return client.get(url, headers=headers)
    except httpx.HTTPError as err:
        raise FetchFailed(url, _http_error(err, timeout)) from None


def get_listing(client: httpx.Client, url: str, saved: dict, timeout: float) -> httpx.Response | None:
    """The answer of ``url`` asked with the validators of the last run (``saved``), checked to be
    a success; None when it answers 304 Not Modified. Raises ``FetchFailed`` naming ``url``."""
    response = _get(client, url, _validators(saved), timeout)
    if response.status_code == 304:
        return None
    _check_status(url, response)
    return response


def _download(feed: Feed, client: httpx.Client, url: str, headers: dict, progress: bool | None,
              timeout: float) -> tuple[bytes | None, httpx.Response]:
    """The body of ``url`` (None for 304 Not Modified) and the response; refuses HTML, a body
    over ``MAX_BYTES`` and one shorter than its Content-Length."""
    try:
        with client.stream("GET", url, headers=headers) as response:
            if response.status_code == 304:
                return None, response
            _check_status(url, response)
            if "html" in response.headers.get("content-type", ""):
                raise FetchFailed(url, "answered an HTML page where a text file was expected")
            chunks: list[bytes] = []
            stream_body(response, url, chunks.append, limit=MAX_BYTES, what="one source",
                        desc=f"crkb fetch {feed.name}", progress=progress)
    except httpx.HTTPError as err:
        raise FetchFailed(url, _http_error(err, timeout)) from None
    return b"".join(chunks), response


def stream_body(response: httpx.Response, url: str, write: Callable[[bytes], object], *, limit: int, what: str,
                desc: str, progress: bool | None) -> int:
    """Pass the (decoded) body of a streamed ``response`` to ``write`` chunk by chunk, with a
    progress bar (``desc``; ``progress`` None: only on a terminal); returns its size in bytes.
    Raises ``FetchFailed`` for a body over ``limit`` bytes (``what`` names what it was for) and for
    one shorter than its Content-Length, which is not checked when the body came compressed
    (Content-Length then counts the compressed bytes)."""
    expected = int(response.headers.get("content-length") or 0) or None
    if response.headers.get("content-encoding"):
        expected = None
    if expected and expected > limit:
        raise FetchFailed(url, f"{expected:,} bytes is over the {limit:,}-byte limit for {what}")
    size = 0
    disable = None if progress is None else not progress
    with tqdm(total=expected, unit="B", unit_scale=True, desc=desc, file=sys.stderr, disable=disable) as bar:
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > limit:
                raise FetchFailed(url, f"over the {limit:,}-byte limit for {what}")
            write(chunk)
            bar.update(len(chunk))
    if expected and size != expected:
        raise FetchFailed(url, f"download cut short: {size:,} of {expected:,} bytes")
    return size


def _check_status(url: str, response: httpx.Response) -> None:
    if response.status_code >= 400:
        raise FetchFailed(url, f"HTTP {response.status_code} {response.reason_phrase}".rstrip())


def _check_text(feed: Feed, url: str, data: bytes) -> tuple[str, str]:
    """The language and effective date (ISO) of a downloaded text; raises ``FetchFailed`` when it
    is HTML, not text, in another language, names no date or is no whole CR text."""
    if re.match(rb"\s*(<!doctype html|<html|<head|<body)", data[:512].lstrip(b"\xef\xbb\xbf"), re.I):
        raise FetchFailed(url, "answered an HTML page where a text file was expected")
    try:
        text, _ = decode_bytes(data, url)
    except SourceError as err:
        raise FetchFailed(url, err.reason) from None
    meta = detect_meta(text)
    if meta.lang == UNKNOWN:
        raise FetchFailed(url, f"the text is in no language crkb reads (the feed says {feed.lang})")
    if meta.lang != feed.lang:
        raise FetchFailed(url, f"the text reads as {meta.lang}, the feed says {feed.lang}")
    if meta.effective_date is None:
        raise FetchFailed(url, "the text names no effective date")
    rules = len(_RULE_LINE.findall(text))
    if rules < MIN_RULE_LINES:
        raise FetchFailed(url, f"only {rules} numbered rules: not a whole CR text (cut short?)")
    return meta.lang, meta.effective_date.isoformat()


def _http_error(err: httpx.HTTPError, timeout: float) -> str:
    if isinstance(err, httpx.ConnectError):
        return f"could not connect ({err})"
    if isinstance(err, httpx.TimeoutException):
        return f"no answer within {timeout:g} s ({type(err).__name__})"
    if isinstance(err, httpx.RemoteProtocolError):
        return f"download cut short ({err})"
    return f"{type(err).__name__}: {err}"


def _validators(saved: dict) -> dict:
    headers = {"If-None-Match": saved.get("etag"), "If-Modified-Since": saved.get("last_modified")}
    return {key: value for key, value in headers.items() if value}


def _validators_of(response: httpx.Response) -> dict:
    found = {"etag": response.headers.get("etag"), "last_modified": response.headers.get("last-modified")}
    return {key: value for key, value in found.items() if value}


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a hidden temporary file in the same folder, renamed
    over ``target`` once complete: readers see the old file or the new one, never half of one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _load_state(folder: Path) -> dict:
    try:
        return json.loads((folder / STATE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _save_state(folder: Path, state: dict) -> None:
    write_atomically(folder / STATE_NAME, json.dumps(state, ensure_ascii=False, indent=1).encode("utf-8"))
