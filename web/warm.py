"""Warming a build's search before the first reader asks: the first search of each language
reads its newest edition's index readers, spellers, term and jargon tables and card list, which
takes 0.2-0.4 s per language on the whole corpus (a reader's first search, or ten at once on a
fresh server, waited seconds). ``warm`` does it in a background thread as ``crkb serve`` starts."""

from __future__ import annotations

import logging
import threading

from flask import Flask

WARM_QUERIES = {
    "en": "can a creature with trample and deathtouch be blocked?",
    "ko": "돌진과 치명타는 어떻게 작동하나요",
    "ja": "トランプルと接死はどう機能しますか",
    "zh": "践踏和死触如何运作",
}
"""A question per language: it takes the search's every path (names, jargon, spelling, snippets)."""

log = logging.getLogger(__name__)


def warm(app: Flask) -> threading.Thread:
    """Start (and return) a daemon thread that searches ``WARM_QUERIES`` in each language of the
    app's live build. A failure is logged, never raised: serving goes on cold."""
    def run() -> None:
        try:
            with app.app_context():
                generation = app.extensions["crkb.live"].live()
                if generation.searcher is None:
                    return
                for lang in generation.store.languages():
                    generation.searcher.find(WARM_QUERIES.get(lang, WARM_QUERIES["en"]), lang=lang)
        except Exception:  # noqa: BLE001 - warming is an optimisation: never stop the server for it
            log.exception("warming the search failed")

    thread = threading.Thread(target=run, name="crkb-warm", daemon=True)
    thread.start()
    return thread
