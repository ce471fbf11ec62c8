"""Rendered answers kept per build: a build never changes, so a GET answered 200 once is
answered the same until the next build. ``PageCache`` is an LRU bounded in bytes, one per build
(``web.state.Generation.caches``), keyed by the request's ETag (build, path and query:
``web.http.etag``)."""

from __future__ import annotations

import threading
from collections import OrderedDict

MAX_BYTES = 32 * 1024 * 1024
"""How many bytes of answers one build keeps (bodies; the least recently used go first)."""
MAX_ENTRY_BYTES = 4 * 1024 * 1024
"""Answers larger than this are not kept. The changes across many editions are the largest
pages (``/en/changes/2002-10-07...2026-01-16``: 1.4 MB, 1-2 s to make) and the ones most worth
keeping."""


class PageCache:
    """``key -> (headers, body)`` of 200 answers, least recently used dropped beyond ``max_bytes``.
    Thread-safe."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._entries: OrderedDict[str, tuple[list[tuple[str, str]], bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> tuple[list[tuple[str, str]], bytes] | None:
        """The kept answer for ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: str, headers: list[tuple[str, str]], body: bytes) -> None:
        """Keep an answer (not when over ``MAX_ENTRY_BYTES``)."""
        if len(body) > MAX_ENTRY_BYTES:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= len(old[1])
            self._entries[key] = (headers, body)
            self.size += len(body)
            while self.size > self.max_bytes and self._entries:
                _key, (_headers, dropped) = self._entries.popitem(last=False)
                self.size -= len(dropped)

    def __len__(self) -> int:
        return len(self._entries)
