"""Warming a build's search as ``crkb serve`` starts (``web.warm``) on the web test KB."""

from __future__ import annotations

import logging

from flask import Flask

from web.app import create_app
from web.warm import warm


def test_warming_readies_the_newest_edition_of_every_language(web_config: dict) -> None:
    app = create_app(web_config)
    live = app.extensions["crkb.live"].live()
    warm(app).join(timeout=60)
    newest = {live.store.find_edition(lang).id for lang in live.store.languages()}
    assert newest <= set(live.searcher._expander._editions)  # their judge vocabulary is read


def test_a_failure_while_warming_is_logged_and_never_raised(web_config: dict, caplog, monkeypatch) -> None:
    app: Flask = create_app(web_config)
    live = app.extensions["crkb.live"].live()
    monkeypatch.setattr(live.searcher, "find", lambda *args, **kwargs: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="web.warm"):
        warm(app).join(timeout=60)
    assert "warming the search failed" in caplog.text
    assert app.test_client().get("/en/cr/702.19").status_code == 200
