"""The sources manifest: what a folder of sources does not say about itself.

A ``manifest.toml`` sits in a sources folder (``data/manifest.toml`` for the bundled data) and is
read with the standard library's ``tomllib``. Format::

    schema = 1

    [[source]]
    path = "ko/dbyll-20210215"       # file or folder, relative to the manifest (required)
    provenance = "youbeebee/dbyll ..." # where the bytes come from (required)
    variant = "dbyll"                  # edition variant name (two texts of one language and date)
    one_edition = true                 # a folder whose files are ONE edition, in file-name order
    metadata = "ko-20210215-dbyll-index.md"  # in such a folder: read for title and date only
    lang = "ko"                        # gap fillers, used only where detection finds nothing
    effective_date = 2021-02-15
    format = "jekyll-markdown"         # a reader format name, only when detection cannot tell

Language, format and effective date are detected from each text; the manifest only fills the
gaps detection leaves, so a source whose text names no date stays undated unless the manifest
says otherwise (and the bundled manifest never guesses one).
"""

from __future__ import annotations

import datetime as dt
import tomllib
from dataclasses import dataclass
from pathlib import Path

MANIFEST_NAME = "manifest.toml"
SCHEMA = 1
_KEYS = {"path", "provenance", "variant", "one_edition", "metadata", "lang", "effective_date", "format"}


class ManifestError(Exception):
    """A manifest could not be used: ``path`` and why (TOML errors carry their line)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class SourceHints:
    """What a manifest says about a source; every field is optional."""

    provenance: str | None = None
    variant: str | None = None
    lang: str | None = None
    effective_date: dt.date | None = None
    format: str | None = None


@dataclass(frozen=True)
class ManifestEntry:
    """One ``[[source]]``: ``path`` absolute; ``metadata`` an absolute file path or None."""

    path: Path
    hints: SourceHints
    one_edition: bool = False
    metadata: Path | None = None


@dataclass(frozen=True)
class Manifest:
    """A loaded manifest: its file and its entries in file order."""

    path: Path
    entries: tuple[ManifestEntry, ...]

    def entry_for(self, file: Path) -> ManifestEntry | None:
        """The most specific entry naming ``file`` or a folder holding it, or None."""
        file = Path(file).resolve()
        matches = [e for e in self.entries if e.path == file or e.path in file.parents]
        return max(matches, key=lambda e: len(e.path.parts), default=None)


def load_manifest(path: Path) -> Manifest:
    """Read and check a manifest file (format in the module docstring).

    Raises ``ManifestError`` for TOML syntax errors (with line), an unknown schema or key, a
    missing ``path``/``provenance``, a path that does not exist or lies outside the manifest's
    folder, or a wrongly typed value.
    """
    path = Path(path).resolve()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ManifestError(path, f"not valid TOML: {err}") from None
    if raw.get("schema", SCHEMA) != SCHEMA:
        raise ManifestError(path, f"unknown schema {raw.get('schema')!r} (this crkb reads {SCHEMA})")
    unknown_top = set(raw) - {"schema", "source"}
    if unknown_top:
        raise ManifestError(path, f"unknown key(s) {', '.join(sorted(unknown_top))}")
    return Manifest(path, tuple(_entry(path, i, item) for i, item in enumerate(raw.get("source", []), 1)))


def _entry(manifest: Path, index: int, item: dict) -> ManifestEntry:
    where = f"[[source]] #{index}"
    unknown = set(item) - _KEYS
    if unknown:
        raise ManifestError(manifest, f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("path", "provenance"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise ManifestError(manifest, f"{where}: '{key}' is required (a string)")
    target = (manifest.parent / item["path"]).resolve()
    if target != manifest.parent and manifest.parent not in target.parents:
        raise ManifestError(manifest, f"{where}: {item['path']} is outside {manifest.parent}")
    if not target.exists():
        raise ManifestError(manifest, f"{where}: {item['path']} does not exist")
    date = item.get("effective_date")
    if date is not None and not isinstance(date, dt.date):
        raise ManifestError(manifest, f"{where}: effective_date must be a TOML date (2021-02-15)")
    for key in ("variant", "lang", "format", "metadata"):
        if key in item and not isinstance(item[key], str):
            raise ManifestError(manifest, f"{where}: '{key}' must be a string")
    one_edition = bool(item.get("one_edition", False))
    if one_edition and not target.is_dir():
        raise ManifestError(manifest, f"{where}: one_edition needs a folder, {item['path']} is a file")
    metadata = target / item["metadata"] if "metadata" in item else None
    if metadata is not None and (not one_edition or not metadata.is_file()):
        raise ManifestError(manifest, f"{where}: metadata must name a file of a one_edition folder")
    hints = SourceHints(item["provenance"], item.get("variant"), item.get("lang"), date, item.get("format"))
    return ManifestEntry(target, hints, one_edition, metadata)
