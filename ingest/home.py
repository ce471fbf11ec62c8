"""Where a user's texts are: the bundled seeds, the sources folder, and the paths given.

``crkb build`` with no paths reads the bundled seeds (``BUNDLED_DATA``) and everything in the
KB's sources folder (``<kb>/sources``: ``$CRKB_HOME/sources``, by default
``~/.local/share/crkb/sources``, where ``crkb fetch`` writes); paths given are added. A build
records the paths it was asked to read (``roots.json``) and what it read (``inputs.json`` in its
folder: each file's path, size, modification time and SHA-256): ``crkb serve`` with no paths
serves the paths the KB in place was built from (``serve_inputs``), and rebuilds only when their
texts changed (a copy of the same texts with new times is no change).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from ingest.plan import EditionPlan, plan_editions
from kb.errors import IndexOutdated, StoreOutdated
from kb.store.layout import BuildPaths, current_build, has_build
from kb.store.read import Store
from search.index import check_schema

BUNDLED_DATA = Path(__file__).resolve().parent.parent / "data"
"""The bundled sources (the five seeds) and their manifest."""

SOURCES_FOLDER = "sources"
INPUTS_NAME = "inputs.json"
ROOTS_NAME = "roots.json"
"""The paths a build was asked to read (files and folders, absolute), beside ``inputs.json``."""


def sources_folder(kb_dir: Path) -> Path:
    """The user's sources folder of the KB at ``kb_dir`` (it may not exist yet)."""
    return Path(kb_dir) / SOURCES_FOLDER


def build_inputs(kb_dir: Path, given: Sequence[Path] = (), only: bool = False) -> list[Path]:
    """What a build reads: the seeds, the sources folder when it exists, then ``given``
    (with ``only``: just ``given``)."""
    if only:
        return list(given)
    folder = sources_folder(kb_dir)
    return [BUNDLED_DATA, *([folder] if folder.is_dir() else []), *given]


def _same_schemas(build: BuildPaths) -> bool:
    """True when the build's store and index were written with this crkb's schemas."""
    try:
        Store(build.store).close()
        check_schema(build.index)
    except (StoreOutdated, IndexOutdated):
        return False
    return True


def fingerprint(plans: Sequence[EditionPlan]) -> list[list]:
    """``[path, size in bytes, modification time in ns, sha256 hex digest]`` of every file the
    plans read (a folder that could not be listed: no digest), sorted by path."""
    return [[str(path), path.stat().st_size, path.stat().st_mtime_ns, _digest(path)] for path in _files_read(plans)]


def _files_read(plans: Sequence[EditionPlan]) -> list[Path]:
    """Every file the plans read, once each, sorted by path (as ``fingerprint`` records them)."""
    return sorted({source.path for plan in plans for source in plan.all_files}, key=str)


def _digest(path: Path) -> str | None:
    """The SHA-256 of a file; None for anything else (a folder a build could not list: its time tells)."""
    if not path.is_file():
        return None
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _same_files(recorded: list[list], plans: Sequence[EditionPlan]) -> bool:
    """Whether the files the plans read are those ``recorded`` (``fingerprint``): the same paths,
    each of the same size and either modification time or content (a copy, a checkout or an
    rsync sets new times on the same texts; only a file whose time changed is read again)."""
    files = _files_read(plans)
    if [entry[0] for entry in recorded] != [str(path) for path in files]:
        return False
    for entry, path in zip(recorded, files):
        stat = path.stat()
        if len(entry) != 4 or entry[1] != stat.st_size:  # an inputs.json of an older crkb has no digest
            return False
        if entry[2] != stat.st_mtime_ns and (entry[3] is None or entry[3] != _digest(path)):
            return False
    return True


def write_inputs(build_root: Path, plans: Sequence[EditionPlan]) -> None:
    """Record in ``build_root`` what the build read (``fingerprint``)."""
    (Path(build_root) / INPUTS_NAME).write_text(json.dumps(fingerprint(plans)), encoding="utf-8")


def write_roots(build_root: Path, sources: Sequence[Path]) -> None:
    """Record in ``build_root`` the paths the build was asked to read."""
    roots = [str(Path(p).resolve()) for p in sources]
    (Path(build_root) / ROOTS_NAME).write_text(json.dumps(roots), encoding="utf-8")


def serve_inputs(kb_dir: Path, given: Sequence[Path] = ()) -> list[Path]:
    """What ``crkb serve`` serves: ``build_inputs(kb_dir, given)`` when paths are given or no KB
    is in place; else the paths the KB in place was built from (those that still exist), so that
    a restart serves what was built: a KB built from the seeds, the sources folder and a path
    (``crkb build ../shared/corpus``, ``crkb serve ../shared/corpus``) is served from them all
    again, not rebuilt from the seeds alone; one built from chosen paths alone (``crkb build
    --only``) from those paths. ``crkb build`` with other paths changes what is served."""
    if given or not has_build(kb_dir):
        return build_inputs(kb_dir, given)
    recorded = current_build(kb_dir).root / ROOTS_NAME
    if not recorded.is_file():
        return build_inputs(kb_dir)
    roots = [Path(p) for p in json.loads(recorded.read_text(encoding="utf-8"))]
    if BUNDLED_DATA.resolve() not in roots:
        return [p for p in roots if p.exists()] or build_inputs(kb_dir)
    defaults = {path.resolve() for path in build_inputs(kb_dir)} | {sources_folder(kb_dir).resolve()}
    return build_inputs(kb_dir, [p for p in roots if p.exists() and p not in defaults])


def is_up_to_date(kb_dir: Path, sources: Sequence[Path]) -> bool:
    """True when the KB in place was built from exactly these files, unchanged since, by a crkb
    writing the same store and index schemas. Raises ``SourceError`` for a path that does not exist."""
    if not has_build(kb_dir):
        return False
    build = current_build(kb_dir)
    recorded = build.root / INPUTS_NAME
    if not recorded.is_file() or not _same_schemas(build):
        return False
    return _same_files(json.loads(recorded.read_text(encoding="utf-8")), plan_editions(sources))
