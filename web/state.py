"""What every request reads: the live build (its store, URL helper, edition names, searcher and
caches), switched without a restart when a new build is published.

``LiveKB`` holds one ``Generation`` per opened build. Each request takes the live generation
(``acquire``, in ``before_request``) and gives it back at teardown (``release``), so it reads one
build from start to end. At most every ``check_every`` seconds a request looks at the KB's
``current`` link (one ``readlink``); when it names another build, that build is opened and becomes
live for the next requests, and the old generation is closed once its last request is done. A
build that cannot be opened (half-deleted, or a store of another schema) is logged and the old one
kept; a first build that cannot be opened makes every page a 503 saying why (``problem``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import current_app, g
from flask_babel import gettext as _

from kb.model import Edition
from kb.store.coverage import Coverage, coverage
from kb.store.read import Store
from kb.store.terms import TermDictionary
from web.errors import abort_with
from web.labels import EditionLabels
from web.urls import Urls

log = logging.getLogger("crkb.web")


@dataclass(eq=False)
class Generation:
    """One opened build: ``build`` its id (None: a bare store), ``built`` its Unix time,
    ``problem`` why it cannot be served (None when it can), ``caches`` per-build memos by name."""

    build: str | None
    built: float | None
    store: Store | None = None
    urls: Urls | None = None
    labels: EditionLabels | None = None
    searcher: Any = None
    search_unavailable: str | None = None
    problem: str | None = None
    caches: dict[str, Any] = field(default_factory=dict)
    users: int = 0
    retired: bool = False

    def close(self) -> None:
        """Close the build's files (store connections, search readers)."""
        for thing in (self.searcher, self.store):
            closer = getattr(thing, "close", None)
            if closer is not None:
                closer()


class LiveKB:
    """The live generation of a KB, switched when ``target()`` (what ``current`` names) changes.

    ``opener(target)`` opens a generation; ``target`` is None for a fixed store (no switching)."""

    def __init__(
        self, opener: Callable[[str | None], Generation], target: Callable[[], str | None] | None,
        check_every: float = 0.2,
    ) -> None:
        self._opener = opener
        self._target = target
        self._check_every = check_every
        self._lock = threading.Lock()
        self._switching = threading.Lock()
        self._seen = target() if target else None
        self._live = opener(self._seen)
        self._checked = time.monotonic()

    def acquire(self) -> Generation:
        """The live generation, counted as used until ``release``; switches first when due."""
        if self._target is not None and time.monotonic() - self._checked >= self._check_every:
            self._maybe_switch()
        with self._lock:
            live = self._live
            live.users += 1
            return live

    def release(self, generation: Generation) -> None:
        """Give back a generation from ``acquire``; the last user of a retired one closes it."""
        with self._lock:
            generation.users -= 1
            done = generation.retired and generation.users == 0
        if done:
            generation.close()

    def live(self) -> Generation:
        """The live generation (not counted: for reading its build id)."""
        return self._live

    def _maybe_switch(self) -> None:
        if not self._switching.acquire(blocking=False):
            return  # another request is opening the new build; keep serving the old one
        try:
            self._checked = time.monotonic()
            target = self._target()
            if target is None or target == self._seen:
                return
            self._seen = target
            opened = self._opener(target)
            if opened.problem and not self._live.problem:
                log.error("new build %s not served: %s", target, opened.problem)
                return
            with self._lock:
                old, self._live = self._live, opened
                old.retired = True
                done = old.users == 0
            log.info("serving build %s", opened.build)
            if done:
                old.close()
        finally:
            self._switching.release()


def generation() -> Generation:
    """The generation this request reads (taken in ``before_request``)."""
    found = g.get("crkb_generation")
    if found is None:  # outside a request (templates rendered by a test, a CLI helper)
        found = current_app.extensions["crkb.live"].live()
    return found


def store() -> Store:
    """The store of this request's build."""
    return generation().store


def urls() -> Urls:
    """The URL helper of this request's build."""
    return generation().urls


def labels() -> EditionLabels:
    """The edition names of this request's build (``web.labels``)."""
    return generation().labels


def cache(name: str) -> dict:
    """A memo of this request's build named ``name`` (dropped with the build)."""
    return generation().caches.setdefault(name, {})


def searcher() -> Any:
    """The ``search.searcher.Searcher`` of this request's build; 503 when the build has no index
    (or an outdated one: the message asks for a rebuild)."""
    found = generation()
    if found.searcher is None:
        default = _("Search is unavailable: this knowledge base has no search index.")
        abort_with(503, found.search_unavailable or default)
    return found.searcher


def terms() -> TermDictionary:
    """The term dictionary of this request's build (``kb.store.terms``), read once per build."""
    found = cache("terms")
    if "dictionary" not in found:
        found["dictionary"] = TermDictionary(store())
    return found["dictionary"]


def coverage_of(edition: Edition) -> Coverage | None:
    """The part of the CR ``edition`` holds (``kb.store.coverage``; None: all of it), once per build."""
    found = cache("coverage")
    if edition.id not in found:
        found[edition.id] = coverage(store(), edition.id)
    return found[edition.id]


def numbers_of(edition: Edition) -> frozenset[str]:
    """The rule numbers ``edition`` holds, read from the store once per build."""
    numbers = cache("numbers")
    if edition.id not in numbers:
        numbers[edition.id] = store().numbers(edition.id)
    return numbers[edition.id]
