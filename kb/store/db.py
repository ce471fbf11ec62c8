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

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened on first use."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
            self._local.db = db
        return db
