"""Where a knowledge base lives on disk, and the safe switch between builds.

A KB folder holds builds side by side and a ``current`` symlink naming the live one::

    <kb>/current -> builds/20261121T101500-1234
    <kb>/.build.lock                                 held by the one build running (filelock)
    <kb>/builds/20261121T101500-1234/rules.sqlite   the store
    <kb>/builds/20261121T101500-1234/index/         the whoosh index
    <kb>/builds/20261121T101500-1234/report.json    the build report
    <kb>/builds/20261121T101500-1234/FINISHED       written last: the build is complete

A build holds ``build_lock`` for its whole run (a second build waits; the lock is the kernel's, so
a killed build releases it). ``new_build_dir`` first removes what killed builds left (folders with
no ``FINISHED`` marker, stray links), then makes a fresh folder. ``publish`` is called only when all
of the build succeeded: it fsyncs every file of the build, then writes and fsyncs the marker, then
swaps ``current`` with one atomic ``os.replace`` (fsyncing the KB folder), so a reader sees either
the old KB or the new one, never half of one, even after a power cut. It then removes old builds,
never the live one nor the one it replaced (a running server may still be reading it for a
moment). ``discard`` removes a failed build's folder. A server polls ``current_target`` (one
``readlink``) to notice a new build.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from kb.errors import KBMissing

ENV_HOME = "CRKB_HOME"
FINISHED = "FINISHED"
"""The marker file of a complete build, written after everything else is on disk."""
LOCK_FILE = ".build.lock"


@dataclass(frozen=True)
class BuildPaths:
    """The files of one build folder."""

    root: Path

    @property
    def store(self) -> Path:
        return self.root / "rules.sqlite"

    @property
    def index(self) -> Path:
        return self.root / "index"

    @property
    def report(self) -> Path:
        return self.root / "report.json"

    @property
    def marker(self) -> Path:
        return self.root / FINISHED

    @property
    def id(self) -> str:
        """The build's id: its folder name (``20261121T101500-1234``)."""
        return self.root.name


def default_kb_dir() -> Path:
    """``$CRKB_HOME`` if set, else ``$XDG_DATA_HOME/crkb`` (``~/.local/share/crkb``)."""
    if os.environ.get(ENV_HOME):
        return Path(os.environ[ENV_HOME]).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "crkb"


def current_build(kb_dir: Path) -> BuildPaths:
    """The live build of ``kb_dir``; raises ``KBMissing`` when there is none."""
    link = Path(kb_dir) / "current"
    if not link.exists() or not (link / "rules.sqlite").exists():
        raise KBMissing(str(kb_dir))
    return BuildPaths(link.resolve())


def current_target(kb_dir: Path) -> str | None:
    """What ``current`` names (``builds/<id>``), or None when there is no link: one ``readlink``,
    cheap enough to call on every request."""
    try:
        return os.readlink(Path(kb_dir) / "current")
    except OSError:
        return None


def has_build(kb_dir: Path) -> bool:
    """True when ``kb_dir`` holds a published build."""
    try:
        current_build(kb_dir)
    except KBMissing:
        return False
    return True


@contextmanager
def build_lock(kb_dir: Path) -> Iterator[None]:
    """Hold the KB's build lock (``<kb>/.build.lock``), waiting while another build holds it."""
    kb_dir = Path(kb_dir)
    kb_dir.mkdir(parents=True, exist_ok=True)
    with FileLock(str(kb_dir / LOCK_FILE)):
        yield


def new_build_dir(kb_dir: Path) -> BuildPaths:
    """Make and return an empty, unpublished build folder inside ``kb_dir``, after removing what
    killed builds left. Call it holding ``build_lock``."""
    clean_unfinished(kb_dir)
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    builds = Path(kb_dir) / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    root = builds / f"{stamp}-{os.getpid()}"
    suffix = 0
    while root.exists():
        suffix += 1
        root = builds / f"{stamp}-{os.getpid()}-{suffix}"
    root.mkdir()
    return BuildPaths(root)


def clean_unfinished(kb_dir: Path) -> list[str]:
    """Remove build folders without a ``FINISHED`` marker (never the live one: a KB published
    before markers existed) and stray temporary links; returns the removed names. Call it holding
    ``build_lock``, so no running build's folder is taken."""
    kb_dir = Path(kb_dir)
    for link in kb_dir.glob(".current-*"):
        link.unlink(missing_ok=True)
    live = _live_root(kb_dir)
    removed = []
    for folder in _build_folders(kb_dir):
        if not (folder / FINISHED).exists() and folder != live:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder.name)
    return removed


def publish(kb_dir: Path, build: BuildPaths) -> None:
    """Make ``build`` the live KB: fsync its files, write its ``FINISHED`` marker, switch
    ``current`` atomically, then remove the builds older than the live one and the one before it."""
    kb_dir = Path(kb_dir)
    _sync_tree(build.root)
    with open(build.marker, "w", encoding="utf-8") as marker:
        marker.write(dt.datetime.now().isoformat(timespec="seconds") + "\n")
        marker.flush()
        os.fsync(marker.fileno())
    _sync_dir(build.root)
    previous = _live_root(kb_dir)
    tmp_link = kb_dir / f".current-{os.getpid()}"
    tmp_link.unlink(missing_ok=True)
    tmp_link.symlink_to(build.root.relative_to(kb_dir))
    os.replace(tmp_link, kb_dir / "current")
    _sync_dir(kb_dir)
    _prune(kb_dir, keep={build.root.resolve(), previous})


def discard(build: BuildPaths) -> None:
    """Remove an unpublished build folder (after a failed build)."""
    shutil.rmtree(build.root, ignore_errors=True)


def _live_root(kb_dir: Path) -> Path | None:
    link = Path(kb_dir) / "current"
    return link.resolve() if link.is_symlink() and link.exists() else None


def _build_folders(kb_dir: Path) -> list[Path]:
    builds = Path(kb_dir) / "builds"
    return sorted((p.resolve() for p in builds.iterdir() if p.is_dir()), key=lambda p: p.name) if builds.is_dir() else []


def _prune(kb_dir: Path, keep: set[Path | None]) -> None:
    for old in _build_folders(kb_dir):
        if old not in keep:
            shutil.rmtree(old, ignore_errors=True)


def _sync_tree(root: Path) -> None:
    """fsync every file under ``root``, then every folder (so their entries are on disk too)."""
    for folder, _dirs, files in os.walk(root):
        for name in files:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        _sync_dir(Path(folder))


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
