"""A read-only SQLite file shared between threads: one connection per thread, opened lazily."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path


class ReadOnlyDatabase:
    """Opens ``path`` read-only and immutable (nothing writes a published build), one connection
    per calling thread, so a multi-threaded WSGI server can share one instance."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
            self._local.db = db
            with self._lock:
                self._opened.append(db)
        return db

    def close(self) -> None:
        """Close the connections of every thread (call it when no thread uses them any more)."""
        with self._lock:
            opened, self._opened = self._opened, []
        for db in opened:
            db.close()
        self._local = threading.local()
