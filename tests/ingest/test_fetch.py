"""``crkb fetch`` against publishers on loopback (tests/ingest/fetch_server.py) shaped like the real
ones (Wizards' rules page linking the TXT, the Japanese rules page, kormtgcr's raw file, the
Chinese repository's JSON listing), with the shipped feeds.toml pointed at them and texts of the
shared corpus: first run, second run (304s), a new edition, and each way a feed can fail."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from ingest.fetch.download import STATE_NAME, fetch_feeds
from ingest.fetch.feeds import FEEDS_FILE, FeedsError, load_feeds
from tests.ingest.fetch_server import Publisher, Route

EN_PAGE, JA_PAGE = "/en/rules", "/gameplay/rules/"
KO_FILE = "/youbeebee/kormtgcr/HEAD/MagicCompRules_KR.txt"
ZH_LISTING = "/repos/athenacykes/magic-comp-rules-zh-cn/contents/plain_text"


def _page(*links: str) -> Route:
    anchors = "".join(f'<li><a href="{link}">{Path(link).name}</a></li>' for link in links)
    return Route(f"<!doctype html><html><body><h1>Rules</h1><ul>{anchors}</ul></body></html>".encode(), "text/html")


@pytest.fixture
def publisher(shared_dir):
    corpus = shared_dir / "corpus"
    with Publisher() as server:
        listing = [{"name": n, "download_url": server.url(f"/raw/plain_text/{n}")}
                   for n in ("20231117_Zh.txt", "20240410_En.txt", "20240410_Zh.txt", "translatedterms.txt")]
        server.routes.update({
            EN_PAGE: _page("https://media.example/MagicCompRules%2020260116.pdf", "/downloads/MagicCompRules%2020260116.txt"),
            "/downloads/MagicCompRules%2020260116.txt": Route((corpus / "en/2026-01-16.txt").read_bytes()),
            JA_PAGE: _page("/img_sys/rules/JPN_CR_20260116_0.pdf", "/img_sys/rules/JPN_CR_20260116_0.txt"),
            "/img_sys/rules/JPN_CR_20260116_0.txt": Route((corpus / "ja/2026-01-16.txt").read_bytes()),
            KO_FILE: Route((corpus / "ko/kormtgcr/2021-11-19.txt").read_bytes()),
            ZH_LISTING: Route(json.dumps(listing).encode(), "application/json"),
            "/raw/plain_text/20240410_Zh.txt": Route((corpus / "zh/2024-04-12.txt").read_bytes()),
            "/raw/plain_text/20240410_En.txt": Route((corpus / "en/2024-04-10.txt").read_bytes()),
        })
        yield server


@pytest.fixture
def config_file(publisher, tmp_path) -> Path:
    """The shipped feeds.toml with every publisher's host replaced by the loopback server."""
    text = re.sub(r"https://[^/\"]+/", publisher.url("/"), FEEDS_FILE.read_text(encoding="utf-8"))
    path = tmp_path / "feeds.toml"
    path.write_text(text.replace("timeout = 30", "timeout = 1"), encoding="utf-8")
    return path


def _fetch(config_file: Path, sources: Path) -> dict[str, tuple]:
    results = fetch_feeds(load_feeds(config_file), sources)
    return {r.feed: (r.status, r.path, r.error) for r in results}


def _files(sources: Path) -> dict[str, bytes]:
    return {p.relative_to(sources).as_posix(): p.read_bytes() for p in sorted(sources.rglob("*")) if p.is_file()}


FIRST = {
    "wizards": ("new", "en/2026-01-16.txt", None),
    "mtg-jp": ("new", "ja/2026-01-16.txt", None),
    "kormtgcr": ("new", "ko/2021-11-19.txt", None),
    "magic-comp-rules-zh-cn": ("new", "zh/2024-04-12.txt", None),
    "magic-comp-rules-zh-cn-english": ("new", "en/2024-04-12.txt", None),  # the English it translates
}


def test_first_run_keeps_each_text_named_by_its_date_and_a_second_run_downloads_nothing(
    publisher, config_file, tmp_path, shared_dir
):
    sources = tmp_path / "sources"
    assert _fetch(config_file, sources) == FIRST
    files = _files(sources)
    assert sorted(files) == [STATE_NAME, "en/2024-04-12.txt", "en/2026-01-16.txt", "ja/2026-01-16.txt",
                             "ko/2021-11-19.txt", "zh/2024-04-12.txt"]
    assert files["zh/2024-04-12.txt"] == (shared_dir / "corpus/zh/2024-04-12.txt").read_bytes()  # byte for byte
    publisher.log.clear()
    assert _fetch(config_file, sources) == {feed: ("unchanged", path, None) for feed, (_, path, _) in FIRST.items()}
    assert publisher.log == [("GET", path, 304) for path in (
        EN_PAGE, "/downloads/MagicCompRules%2020260116.txt", JA_PAGE, "/img_sys/rules/JPN_CR_20260116_0.txt",
        KO_FILE, ZH_LISTING, "/raw/plain_text/20240410_Zh.txt", ZH_LISTING, "/raw/plain_text/20240410_En.txt")]
    assert _files(sources) == files


def test_a_new_edition_is_a_new_file_beside_the_old_one(publisher, config_file, tmp_path, shared_dir):
    sources = tmp_path / "sources"
    publisher.routes[EN_PAGE] = _page("/downloads/MagicCompRules%2020251114.txt")
    publisher.routes["/downloads/MagicCompRules%2020251114.txt"] = Route((shared_dir / "corpus/en/2025-11-14.txt").read_bytes())
    assert _fetch(config_file, sources)["wizards"] == ("new", "en/2025-11-14.txt", None)
    publisher.routes[EN_PAGE] = _page("/downloads/MagicCompRules%2020260116.txt")
    assert _fetch(config_file, sources)["wizards"] == ("new", "en/2026-01-16.txt", None)
    assert [p.name for p in sorted((sources / "en").iterdir())] == ["2024-04-12.txt", "2025-11-14.txt", "2026-01-16.txt"]


def test_a_text_sent_compressed_is_kept_as_sent(publisher, config_file, tmp_path, shared_dir) -> None:
    # Content-Length then counts the compressed bytes: no "download cut short"
    text = (shared_dir / "corpus/ko/kormtgcr/2021-11-19.txt").read_bytes()
    publisher.routes[KO_FILE] = Route(text, gzip=True)
    sources = tmp_path / "sources"
    assert _fetch(config_file, sources) == FIRST
    assert (sources / "ko/2021-11-19.txt").read_bytes() == text


@pytest.mark.parametrize(
    ("feed", "path", "route", "error"),
    [
        ("wizards", EN_PAGE, _page("/downloads/MagicCompRules.pdf"),
         'no link matching "MagicCompRules[^/]*\\.txt$" on the page (has the page changed?)'),
        ("wizards", "/downloads/MagicCompRules%2020260116.txt", None, "HTTP 404 Not Found"),
        ("mtg-jp", "/img_sys/rules/JPN_CR_20260116_0.txt", "cut", "download cut short (peer closed connection"),
        ("kormtgcr", KO_FILE, Route(b"<html><body>Sign in</body></html>", "text/html"),
         "answered an HTML page where a text file was expected"),
        ("kormtgcr", KO_FILE, Route(b"\n<!DOCTYPE html><html><p>moved</p></html>"),
         "answered an HTML page where a text file was expected"),
        ("kormtgcr", KO_FILE, Route("Правила игры\n100.1. Это правила.\n".encode()),
         "the text is in no language crkb reads"),
        ("kormtgcr", KO_FILE, "english", "the text reads as en, the feed says ko"),
        ("magic-comp-rules-zh-cn", "/raw/plain_text/20240410_Zh.txt", "stall", "no answer within 1 s (ReadTimeout)"),
    ],
)
def test_a_failing_feed_says_why_in_one_line_and_keeps_what_was_fetched(
    publisher, config_file, tmp_path, shared_dir, feed, path, route, error
):
    sources = tmp_path / "sources"
    assert _fetch(config_file, sources) == FIRST
    before = _files(sources)
    old = publisher.routes.get(path)
    if route == "cut":
        route = Route(old.body + b"\n", cut=True)  # a changed text, cut halfway
    elif route == "stall":
        route = Route(old.body + b"\n", stall=3)
    elif route == "english":
        route = Route((shared_dir / "corpus/en/2021-11-15.txt").read_bytes())
    if route is None:
        del publisher.routes[path]
    else:
        publisher.routes[path] = route
    results = _fetch(config_file, sources)
    status, kept, message = results.pop(feed)
    assert (status, kept) == ("failed", None) and message.startswith(error), message
    assert results == {name: ("unchanged", p, None) for name, (_, p, _) in FIRST.items() if name != feed}
    assert _files(sources) == before  # nothing half-written, nothing lost


def test_cli_prints_one_line_per_feed_and_json(publisher, config_file, tmp_path):
    kb = tmp_path / "kb"
    result = CliRunner().invoke(main, ["fetch", "--kb", str(kb), "--config", str(config_file)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith(f"wizards (en): new 2026-01-16 -> {kb / 'sources/en/2026-01-16.txt'}, ")
    del publisher.routes[KO_FILE]
    result = CliRunner().invoke(main, ["fetch", "--kb", str(kb), "--config", str(config_file), "--json"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: feed kormtgcr ({publisher.url(KO_FILE)}): HTTP 404 Not Found",
        "1 of 5 feeds failed; nothing in the sources folder was changed by them.",
    ]
    data = json.loads(result.stdout)
    assert data["sources"] == str(kb / "sources")
    assert [(f["feed"], f["status"], f["bytes"]) for f in data["feeds"]] == [
        ("wizards", "unchanged", 0), ("mtg-jp", "unchanged", 0), ("kormtgcr", "failed", 0),
        ("magic-comp-rules-zh-cn", "unchanged", 0), ("magic-comp-rules-zh-cn-english", "unchanged", 0),
    ]


def test_offline_every_feed_says_it_could_not_connect_and_nothing_is_touched(tmp_path):
    config = tmp_path / "feeds.toml"
    text = re.sub(r"https://[^/\"]+/", "http://127.0.0.1:9/", FEEDS_FILE.read_text(encoding="utf-8"))  # discard port
    config.write_text(text, encoding="utf-8")
    kb = tmp_path / "kb"
    result = CliRunner().invoke(main, ["fetch", "--kb", str(kb), "--config", str(config)])
    assert result.exit_code == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert [line.split(" (http")[0] for line in lines[:4]] == [
        "Error: feed wizards", "Error: feed mtg-jp", "Error: feed kormtgcr", "Error: feed magic-comp-rules-zh-cn"]
    assert all("): could not connect (" in line for line in lines[:4])
    assert not kb.exists()


def test_shipped_feeds_name_the_four_publishers_and_a_bad_file_is_one_line(tmp_path):
    config = load_feeds()
    assert [(f.name, f.lang, f.kind) for f in config.feeds] == [
        ("wizards", "en", "page"), ("mtg-jp", "ja", "page"), ("kormtgcr", "ko", "file"),
        ("magic-comp-rules-zh-cn", "zh", "page"), ("magic-comp-rules-zh-cn-english", "en", "page"),
    ]
    bad = tmp_path / "feeds.toml"
    bad.write_text('schema = 1\n[[feed]]\nname = "x"\nlang = "fr"\nurl = "https://example.org/cr.txt"\n')
    with pytest.raises(FeedsError, match=r"feeds.toml: feed 1 \(x\): lang must be one of en, ko, ja, zh"):
        load_feeds(bad)
    result = CliRunner().invoke(main, ["fetch", "--kb", str(tmp_path / "kb"), "--config", str(bad)])
    assert (result.exit_code, result.stderr) == (1, f"Error: {bad}: feed 1 (x): lang must be one of en, ko, ja, zh\n")
