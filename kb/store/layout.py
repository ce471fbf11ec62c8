"""Where a knowledge base lives on disk, and the atomic switch between builds.

A KB folder holds finished builds side by side and a ``current`` symlink naming the live one::

    <kb>/current -> builds/20261121T101500-1234
    <kb>/builds/20261121T101500-1234/rules.sqlite   the store
    <kb>/builds/20261121T101500-1234/index/         the whoosh index
    <kb>/builds/20261121T101500-1234/report.json    the build report

A build writes into a fresh folder from ``new_build_dir`` and calls ``publish`` only when all of it
succeeded; ``publish`` swaps the symlink with one atomic ``os.replace``, so a reader sees either the
old KB or the new one, never half of one. ``discard`` removes a failed build's folder.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from kb.errors import KBMissing

ENV_HOME = "CRKB_HOME"
KEEP_BUILDS = 2


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


def has_build(kb_dir: Path) -> bool:
    """True when ``kb_dir`` holds a published build."""
    try:
        current_build(kb_dir)
    except KBMissing:
        return False
    return True


def new_build_dir(kb_dir: Path) -> BuildPaths:
    """Make and return an empty, unpublished build folder inside ``kb_dir``."""
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


def publish(kb_dir: Path, build: BuildPaths) -> None:
    """Make ``build`` the live KB atomically, then remove all but the newest ``KEEP_BUILDS``."""
    kb_dir = Path(kb_dir)
    tmp_link = kb_dir / f".current-{os.getpid()}"
    if tmp_link.is_symlink():
        tmp_link.unlink()
    tmp_link.symlink_to(build.root.relative_to(kb_dir))
    os.replace(tmp_link, kb_dir / "current")
    _prune(kb_dir, build.root)


def discard(build: BuildPaths) -> None:
    """Remove an unpublished build folder (after a failed build)."""
    shutil.rmtree(build.root, ignore_errors=True)


def _prune(kb_dir: Path, live: Path) -> None:
    builds = sorted((p for p in (kb_dir / "builds").iterdir() if p.is_dir()), key=lambda p: p.name)
    for old in builds[:-KEEP_BUILDS]:
        if old.resolve() != live.resolve():
            shutil.rmtree(old, ignore_errors=True)
