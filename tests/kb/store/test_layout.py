"""The KB folder under concurrent and killed builds: one build at a time, FINISHED markers, what is
cleaned and what is never deleted (``kb.store.layout``), driven through ``crkb build``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ingest.build import build_kb
from ingest.home import BUNDLED_DATA
from kb.store.layout import FINISHED, LOCK_FILE, build_lock, clean_unfinished, current_build, current_target, new_build_dir
from kb.store.read import Store

CRKB = [sys.executable, "-c", "from cli.main import main; main()"]
SEED = Path(__file__).resolve().parents[2] / "data" / "build" / "003_a598c1a51fd45771.txt"
"""A seed excerpt: a one-edition KB in a tenth of a second."""


def _folders(kb_dir: Path) -> list[str]:
    return sorted(os.listdir(kb_dir / "builds"))


def test_a_published_build_is_finished_and_the_two_newest_are_kept(tmp_path):
    kb_dir = tmp_path / "kb"
    ids = []
    for _ in range(3):
        assert build_kb([SEED], kb_dir).published
        ids.append(current_build(kb_dir).root.name)
        assert (current_build(kb_dir).root / FINISHED).is_file()
    assert len(set(ids)) == 3
    assert _folders(kb_dir) == sorted(ids[1:])  # the live build and the one it replaced
    assert current_target(kb_dir) == f"builds/{ids[2]}"


def test_unfinished_folders_are_removed_but_never_the_live_one(tmp_path):
    kb_dir = tmp_path / "kb"
    build_kb([SEED], kb_dir)
    live = current_build(kb_dir).root
    (live / FINISHED).unlink()  # a KB published before markers existed
    with build_lock(kb_dir):
        stale = new_build_dir(kb_dir)
    (stale.root / "rules.sqlite").write_bytes(b"half a store")
    (kb_dir / ".current-999").symlink_to(stale.root)
    with build_lock(kb_dir):
        assert clean_unfinished(kb_dir) == [stale.root.name]
    assert _folders(kb_dir) == [live.name] and not (kb_dir / ".current-999").is_symlink()


def _build(kb_dir: Path, source: Path) -> subprocess.Popen:
    return subprocess.Popen([*CRKB, "build", "--only", str(source), "--kb", str(kb_dir)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def test_two_builds_at_once_both_publish_one_after_the_other(tmp_path):
    kb_dir = tmp_path / "kb"
    runs = [_build(kb_dir, SEED) for _ in range(2)]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    live = current_build(kb_dir)
    assert len(_folders(kb_dir)) == 2 and all((kb_dir / "builds" / name / FINISHED).is_file() for name in _folders(kb_dir))
    assert [e.id for e in Store(live.store).editions()] == ["ko-undated-003-a598c1a51fd45771"]
    assert (kb_dir / LOCK_FILE).exists()


@pytest.mark.parametrize("phase", ["folder", "store", "index"])
def test_a_build_killed_at_any_phase_leaves_the_last_good_build_live(tmp_path, phase):
    kb_dir = tmp_path / "kb"
    assert build_kb([SEED], kb_dir).published
    good = current_build(kb_dir).root
    run = _build(kb_dir, BUNDLED_DATA)  # the five seeds: seconds to build
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and run.poll() is None:
        fresh = [kb_dir / "builds" / n for n in _folders(kb_dir) if n != good.name]
        probe = {"folder": lambda f: True, "store": lambda f: (f / "rules.sqlite").exists(),
                 "index": lambda f: (f / "index").is_dir()}[phase]
        if fresh and probe(fresh[0]):
            break
        time.sleep(0.005)
    assert run.poll() is None, "the build ended before it could be killed"
    os.kill(run.pid, signal.SIGKILL)  # the build alone, as an operator's kill -9 would
    run.wait()
    try:
        os.killpg(run.pid, signal.SIGKILL)  # then the build's worker processes it left behind
    except ProcessLookupError:
        pass
    assert current_build(kb_dir).root == good
    assert [e.id for e in Store(current_build(kb_dir).store).editions()] == ["ko-undated-003-a598c1a51fd45771"]
    assert build_kb([SEED], kb_dir).published  # the lock was released
    assert _folders(kb_dir) == sorted([good.name, current_build(kb_dir).root.name])  # the killed folder is gone
