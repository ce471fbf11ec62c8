"""``crkb fetch --cards`` against a bulk-data API on loopback (tests/ingest/fetch_server.py) shaped
like Scryfall's, serving a small Oracle card file written for the test: first run, second run
(304, nothing downloaded), a newer bulk file, and each way the download can fail."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from ingest.fetch.cards import STATE_NAME, fetch_cards
from search.card_list import CARDS_FILE, Card, kb_card_list
from tests.ingest.fetch_server import Publisher, Route

API = "/bulk-data"
UPDATED = "2026-11-25T10:05:12.345+00:00"
ORACLE = [
    {"object": "card", "name": "Storm Crow", "layout": "normal", "set_type": "core",
     "type_line": "Creature — Bird", "keywords": ["Flying"], "oracle_text": "Flying"},
    {"object": "card", "name": "Blight Mamba", "layout": "normal", "set_type": "expansion",
     "type_line": "Creature — Snake", "keywords": ["Infect"],
     "oracle_text": "Infect\n{1}{G}: Regenerate Blight Mamba."},
    {"object": "card", "name": "Foulmire Knight // Profane Insight", "layout": "adventure", "set_type": "expansion",
     "type_line": "Creature — Zombie Knight // Instant — Adventure", "keywords": ["Deathtouch"],
     "card_faces": [{"name": "Foulmire Knight", "type_line": "Creature — Zombie Knight", "oracle_text": "Deathtouch"},
                    {"name": "Profane Insight", "type_line": "Instant — Adventure",
                     "oracle_text": "You draw a card and you lose 1 life."}]},
    {"object": "card", "name": "Bird", "layout": "token", "set_type": "token", "type_line": "Token Creature — Bird",
     "keywords": ["Flying"]},
    {"object": "card", "name": "Chicken Egg", "layout": "normal", "set_type": "funny", "type_line": "Creature — Egg"},
]
FOULMIRE_TEXT = "Deathtouch // You draw a card and you lose 1 life."
EXPECTED = [
    ["Blight Mamba", "Creature — Snake", ["Infect"], "Infect\n{1}{G}: Regenerate Blight Mamba."],
    ["Foulmire Knight", "Creature — Zombie Knight // Instant — Adventure", ["Deathtouch"], FOULMIRE_TEXT],
    ["Profane Insight", "Creature — Zombie Knight // Instant — Adventure", ["Deathtouch"], FOULMIRE_TEXT],
    ["Storm Crow", "Creature — Bird", ["Flying"], "Flying"],
]


def _listing(server: Publisher, path: str, updated: str = UPDATED) -> Route:
    data = [{"object": "bulk_data", "type": "default_cards", "download_uri": server.url("/file/default-cards.json")},
            {"object": "bulk_data", "type": "oracle_cards", "download_uri": server.url(path), "updated_at": updated}]
    return Route(json.dumps({"object": "list", "has_more": False, "data": data}).encode(), "application/json")


def _file(cards: list[dict], **kwargs) -> Route:
    return Route(json.dumps(cards, ensure_ascii=False).encode("utf-8"), "application/json", **kwargs)


@pytest.fixture
def publisher():
    with Publisher() as server:
        server.routes[API] = _listing(server, "/file/oracle-cards-20261125100512.json")
        server.routes["/file/oracle-cards-20261125100512.json"] = _file(ORACLE)
        yield server


def _written(kb: Path) -> dict:
    return json.loads((kb / CARDS_FILE).read_text(encoding="utf-8"))


def _leftovers(kb: Path) -> list[str]:
    return sorted(p.name for p in (kb / "cards").iterdir() if p.name not in ("cards.json", STATE_NAME))


def test_first_run_keeps_names_types_and_keywords_and_a_second_run_downloads_nothing(publisher, tmp_path):
    kb = tmp_path / "kb"
    first = fetch_cards(kb, publisher.url(API))
    assert (first.status, first.cards, first.updated_at, first.error) == ("new", 4, UPDATED, None)
    assert first.bytes == len(publisher.routes["/file/oracle-cards-20261125100512.json"].body)
    assert _written(kb) == {"format": 2, "source": publisher.url("/file/oracle-cards-20261125100512.json"),
                            "updated_at": UPDATED, "cards": EXPECTED}
    assert _leftovers(kb) == []
    publisher.log.clear()
    second = fetch_cards(kb, publisher.url(API))
    assert (second.status, second.cards, second.bytes) == ("unchanged", 4, 0)
    assert publisher.log == [("GET", API, 304)]


def test_a_newer_bulk_file_replaces_the_card_list(publisher, tmp_path):
    kb = tmp_path / "kb"
    fetch_cards(kb, publisher.url(API))
    publisher.routes[API] = _listing(publisher, "/file/oracle-cards-20261126.json", "2026-11-26T10:00:00+00:00")
    publisher.routes["/file/oracle-cards-20261126.json"] = _file(ORACLE[:1])
    result = fetch_cards(kb, publisher.url(API))
    assert (result.status, result.cards) == ("updated", 1)
    assert _written(kb)["cards"] == [["Storm Crow", "Creature — Bird", ["Flying"], "Flying"]]


@pytest.mark.parametrize(("route", "reason"), [
    (_file(ORACLE, cut=True), "download cut short"),
    (Route(b"<html><body>Maintenance</body></html>", "text/html"), "not a JSON array of cards"),
    (_file([{"object": "error"}]), "the bulk file holds no cards"),
    (Route(b"gone", status=410), "HTTP 410 Gone"),
])
def test_a_failed_download_leaves_the_card_list_as_it_was(publisher, tmp_path, route, reason):
    kb = tmp_path / "kb"
    fetch_cards(kb, publisher.url(API))
    before = (kb / CARDS_FILE).read_bytes()
    publisher.routes[API] = _listing(publisher, "/file/broken.json", "2026-11-27T00:00:00+00:00")
    publisher.routes["/file/broken.json"] = route
    result = fetch_cards(kb, publisher.url(API), timeout=2)
    assert (result.status, result.url) == ("failed", publisher.url("/file/broken.json"))
    assert reason in result.error
    assert (kb / CARDS_FILE).read_bytes() == before and _leftovers(kb) == []


def test_an_api_without_the_oracle_file_fails_naming_it(publisher, tmp_path):
    publisher.routes[API] = Route(b'{"object": "list", "data": []}', "application/json")
    result = fetch_cards(tmp_path / "kb", publisher.url(API))
    assert (result.status, result.error) == ("failed", 'not a bulk-data listing with a "oracle_cards" file')
    assert not (tmp_path / "kb" / CARDS_FILE).exists()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_cli_fetches_the_cards_and_offline_says_it_cannot_connect(publisher, tmp_path):
    kb = tmp_path / "kb"
    config = tmp_path / "feeds.toml"
    config.write_text(f'schema = 1\n[cards]\nurl = "{publisher.url(API)}"\npackage = ""\n[[feed]]\nname = "x"\nlang = "en"\n'
                      f'url = "{publisher.url("/x.txt")}"\n', encoding="utf-8")
    done = CliRunner().invoke(main, ["fetch", "--cards", "--config", str(config), "--kb", str(kb)])
    assert done.exit_code == 0, done.output
    assert done.output == f"cards: new {UPDATED} -> {kb / CARDS_FILE} (4 names, {len(publisher.routes['/file/oracle-cards-20261125100512.json'].body):,} bytes downloaded)\n"
    builds = kb / "builds" / "20261125T100000-1"
    builds.mkdir(parents=True)
    assert kb_card_list(builds).card("Foulmire Knight") == Card(
        "Foulmire Knight", "Creature — Zombie Knight // Instant — Adventure", ("Deathtouch",), FOULMIRE_TEXT)
    offline = f"http://127.0.0.1:{_closed_port()}/bulk-data"
    config.write_text(config.read_text(encoding="utf-8").replace(publisher.url(API), offline), encoding="utf-8")
    failed = CliRunner().invoke(main, ["fetch", "--cards", "--config", str(config), "--kb", str(kb)])
    assert failed.exit_code == 1
    assert failed.output.startswith(f"Error: cards ({offline}): could not connect (")
    assert failed.output.endswith("; the card list was not changed.\n") and failed.output.count("\n") == 1
