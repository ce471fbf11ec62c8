"""The search readers of one build, shared between threads and kept in a bounded LRU.

A whoosh searcher costs about 5 MB per edition; a server that kept one per thread per edition
grew past 1.6 GB on the whole corpus. ``EditionReaders`` keeps one searcher per edition for all
threads (a thread uses it under the edition's lock: whoosh readers are not documented as
thread-safe), together with the edition's other per-edition memos (spellers), and closes the least
recently used editions beyond ``keep`` once no thread uses them. ``pinned`` editions (each
language's newest) are never closed before ``close()``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

KEEP_OTHERS = 6
"""How many editions besides the pinned ones stay open."""


class _Entry:
    def __init__(self, searcher: Any) -> None:
        self.searcher = searcher
        self.lock = threading.RLock()
        self.users = 0
        self.memos: dict[str, Any] = {}


class EditionReaders:
    """Per-edition readers: ``opener(edition_id)`` opens a whoosh searcher. Thread-safe."""

    def __init__(self, opener: Callable[[str], Any], pinned: set[str], keep_others: int = KEEP_OTHERS) -> None:
        self._opener = opener
        self._pinned = set(pinned)
        self._keep = keep_others
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()

    @contextmanager
    def use(self, edition_id: str) -> Iterator[Any]:
        """Hold the edition's searcher for this thread alone until the block ends."""
        entry = self._take(edition_id)
        try:
            with entry.lock:
                yield entry.searcher
        finally:
            with self._lock:
                entry.users -= 1
                self._evict()

    def searcher(self, edition_id: str) -> Any:
        """The edition's searcher (opened when needed); use it inside ``use`` to be alone on it."""
        with self._lock:
            return self._entry(edition_id).searcher

    def memo(self, edition_id: str, name: str, make: Callable[[], Any]) -> Any:
        """A value kept with the edition's searcher (and dropped with it), made once by ``make``."""
        with self._lock:
            memos = self._entry(edition_id).memos
        if name not in memos:
            memos[name] = make()
        return memos[name]

    def open_editions(self) -> list[str]:
        """The editions whose searcher is open, least recently used first."""
        with self._lock:
            return list(self._entries)

    def close(self) -> None:
        """Close every searcher (no thread may use them any more)."""
        with self._lock:
            entries, self._entries = list(self._entries.values()), OrderedDict()
        for entry in entries:
            entry.searcher.close()

    def _take(self, edition_id: str) -> _Entry:
        with self._lock:
            entry = self._entry(edition_id)
            entry.users += 1
            return entry

    def _entry(self, edition_id: str) -> _Entry:
        """The edition's entry, opened when needed, marked most recently used (hold ``_lock``)."""
        entry = self._entries.get(edition_id)
        if entry is None:
            entry = self._entries[edition_id] = _Entry(self._opener(edition_id))
        self._entries.move_to_end(edition_id)
        return entry

    def _evict(self) -> None:
        """Close the least recently used unpinned, unused entries beyond ``keep`` (hold ``_lock``)."""
        others = [eid for eid in self._entries if eid not in self._pinned]
        for edition_id in others[: max(0, len(others) - self._keep)]:
            entry = self._entries[edition_id]
            if entry.users == 0:
                del self._entries[edition_id]
                entry.searcher.close()
