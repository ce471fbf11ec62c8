"""``crkb export --format site``: the site rendered by the app into files a static server serves,
written again only where the bytes changed (on the web test KB; the browser test serves it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kb.store.read import Store
from web.app import create_app
from web.export.files import MANIFEST, file_of
from web.export.site import export_site


def export(config: dict, root: Path):
    app = create_app(config)
    app.config["STATIC_EXPORT"] = True
    return export_site(app, Store(Path(config["STORE_PATH"])), root)


@pytest.fixture(scope="module")
def site(web_config: dict, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    root = tmp_path_factory.mktemp("site")
    return root, export(web_config, root)


def test_layout_puts_pages_in_folders_and_api_documents_at_their_paths():
    assert file_of("/", True) == "index.html"
    assert file_of("/en/cr/702.19b", True) == "en/cr/702.19b/index.html"
    assert file_of("/api/v1/rules/en/702.19b", False) == "api/v1/rules/en/702.19b"
    assert file_of("/en/glossary/Double%20Strike", True) == "en/glossary/Double Strike/index.html"
    with pytest.raises(ValueError):
        file_of("/en/../../etc/passwd", True)


def test_rule_pages_are_the_live_sites_pages_with_the_same_links_and_anchors(site, client):
    root, _report = site
    page = (root / "en/cr/702/index.html").read_text(encoding="utf-8")
    assert page == client.get("/en/cr/702").get_data(as_text=True)  # one rendering path
    soup = BeautifulSoup(page, "html.parser")
    assert soup.select_one("#R70219b") is not None or soup.select_one('[id="702.19b"]') is not None
    assert (root / "en/cr/702.19b/index.html").is_file()
    pinned = sorted(p.parent.parent.name for p in (root / "en/cr").glob("*/702.19b/index.html"))
    assert pinned == ["2021-11-19", "2026-01-16"]


def test_every_preview_and_link_of_an_exported_page_is_a_file_of_the_export(site):
    root, report = site
    soup = BeautifulSoup((root / "en/cr/702.19a/index.html").read_text(encoding="utf-8"), "html.parser")
    previews = [a["data-preview"] for a in soup.select("a[data-preview]")]
    assert previews, "a rule page with references has preview links"
    for url in previews:
        rule = json.loads((root / file_of(url, False)).read_text(encoding="utf-8"))
        assert rule["number"] == url.rsplit("/", 1)[1] and rule["text"]
    for a in soup.select('a[href^="/"]'):
        path = re.split(r"[?#]", a["href"])[0]
        exported = (root / file_of(path, True)).is_file() or (root / file_of(path, False)).is_file()
        assert exported or report.missing.get(path) == 404, path


def test_a_translations_compare_link_is_exported_as_that_translations_comparison(site):
    root, _report = site
    rule = BeautifulSoup((root / "ko/cr/702.19/index.html").read_text(encoding="utf-8"), "html.parser")
    link = rule.select_one(".edition-line a[href*='/compare/']")["href"]
    assert link == "/ko/compare/702.19"  # a path: a static server has no query string to read
    compare = BeautifulSoup((root / file_of(link, True)).read_text(encoding="utf-8"), "html.parser")
    assert compare.html["lang"] == "ko"
    assert compare.select_one("section.column")["data-edition"].startswith("ko-")


def test_api_documents_and_search_page(site):
    root, report = site
    editions = json.loads((root / "api/v1/editions").read_text(encoding="utf-8"))
    assert {e["lang"] for e in editions["editions"]} >= {"en", "ko", "ja"}
    rule = json.loads((root / "api/v1/rules/en/702.19b").read_text(encoding="utf-8"))
    assert rule["number"] == "702.19b" and rule["cited_by"][0]["number"] == "702.19c"
    search = BeautifulSoup((root / "search/index.html").read_text(encoding="utf-8"), "html.parser")
    assert search.select_one("#static-search")["data-bundle"] == "/pagefind/"
    assert search.select_one('script[src="/static/static-search.js"]') is not None
    assert (root / "static/static-search.js").is_file() and (root / "static/site.css").is_file()
    assert report.pages > 50 and report.documents > 50


def test_a_second_export_rewrites_only_what_changed(web_config: dict, tmp_path: Path):
    first = export(web_config, tmp_path)
    assert first.written == first.pages + first.documents and first.unchanged == 0
    second = export(web_config, tmp_path)
    assert (second.written, second.unchanged, second.removed) == (0, first.written, 0)
    manifest = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    manifest["en/cr/702.19b/index.html"] = "0" * 64       # as if the page had changed
    manifest["en/cr/999.1/index.html"] = "0" * 64         # a page the new build no longer has
    (tmp_path / "en/cr/999.1").mkdir(parents=True)
    (tmp_path / "en/cr/999.1/index.html").write_text("old", encoding="utf-8")
    (tmp_path / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    third = export(web_config, tmp_path)
    assert (third.written, third.removed) == (1, 1)
    assert not (tmp_path / "en/cr/999.1/index.html").exists()
