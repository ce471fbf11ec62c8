"""What every request reads from the app: the store, the URL helper, the edition names, the
searcher, and the rule numbers of an edition (read once per app). Made once by ``web.app``."""

from __future__ import annotations

from typing import Any

from flask import current_app

from kb.model import Edition
from kb.store.read import Store
from web.errors import abort_with
from web.labels import EditionLabels
from web.urls import Urls


def store() -> Store:
    """The app's store."""
    return current_app.extensions["crkb.store"]


def urls() -> Urls:
    """The app's URL helper."""
    return current_app.extensions["crkb.urls"]


def labels() -> EditionLabels:
    """The app's edition names (``web.labels``)."""
    return current_app.extensions["crkb.labels"]


def searcher() -> Any:
    """The app's ``search.searcher.Searcher``; 503 when the KB has no index (or an outdated one: the
    message asks for a rebuild)."""
    found = current_app.extensions.get("crkb.searcher")
    if found is None:
        default = "Search is unavailable: this knowledge base has no search index."
        abort_with(503, current_app.extensions.get("crkb.search_unavailable", default))
    return found


def numbers_of(edition: Edition) -> frozenset[str]:
    """The rule numbers ``edition`` holds, read from the store once per app (the KB never changes
    under a running app)."""
    cache = current_app.extensions.setdefault("crkb.numbers", {})
    if edition.id not in cache:
        cache[edition.id] = store().numbers(edition.id)
    return cache[edition.id]
