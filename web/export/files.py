"""Where an exported URL's document goes, and writing only what changed.

Layout (any static server; ``python -m http.server`` included):

- an HTML page at ``/en/cr/702.19b`` is ``en/cr/702.19b/index.html`` (the server redirects the
  path to ``/en/cr/702.19b/`` and serves the folder's index; the fragment ``#R70219b`` survives);
- a JSON document of the API (``/api/v1/rules/en/702.19b``) is the file ``api/v1/rules/en/702.19b``
  without an extension (a server should answer it ``application/json``: see README's export section);
- anything else (``/static/site.css``, ``/opensearch.xml``) is the file of its path.

``.crkb-export.json`` in the folder maps each written file to the SHA-256 of its bytes: a second
export rewrites only the files whose bytes changed and removes the files no longer exported.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

MANIFEST = ".crkb-export.json"
"""The export's manifest: relative file path -> SHA-256 hex of its bytes."""


def file_of(path: str, is_html: bool) -> str:
    """The relative file an exported URL path is written to (``/en/cr/702`` and HTML ->
    ``en/cr/702/index.html``). Raises ``ValueError`` for a path that would leave the folder."""
    parts = [unquote(p) for p in path.split("/") if p]
    if any(p in (".", "..") or "\\" in p for p in parts):
        raise ValueError(f"not an exportable path: {path!r}")
    if is_html:
        parts.append("index.html")
    if not parts:
        raise ValueError(f"not an exportable path: {path!r}")
    return "/".join(parts)


@dataclass
class SiteWriter:
    """Writes files under ``root``, skipping those whose bytes are unchanged since the manifest.

    ``written``/``unchanged`` count files; ``bytes`` sums every exported file's size."""

    root: Path
    old: dict[str, str] = field(default_factory=dict)
    new: dict[str, str] = field(default_factory=dict)
    written: int = 0
    unchanged: int = 0
    bytes: int = 0

    def __post_init__(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        manifest = self.root / MANIFEST
        if manifest.is_file():
            self.old = json.loads(manifest.read_text(encoding="utf-8"))

    def write(self, relative: str, data: bytes) -> bool:
        """Write ``data`` to ``root/relative`` unless the same bytes are there; True when written."""
        digest = hashlib.sha256(data).hexdigest()
        self.new[relative] = digest
        self.bytes += len(data)
        target = self.root / relative
        if self.old.get(relative) == digest and target.is_file():
            self.unchanged += 1
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_bytes(data)
        os.replace(temporary, target)
        self.written += 1
        return True

    def finish(self) -> int:
        """Remove the files the previous export wrote and this one did not, write the manifest;
        returns how many files were removed."""
        removed = 0
        for relative in set(self.old) - set(self.new):
            target = self.root / relative
            if target.is_file():
                target.unlink()
                removed += 1
        (self.root / MANIFEST).write_text(json.dumps(self.new, sort_keys=True, indent=0), encoding="utf-8")
        return removed
