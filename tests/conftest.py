"""Shared fixtures: where the big corpus lives, and skipping when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
SHARED = Path(os.environ.get("CRKB_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The ../shared folder (corpus, seeds, reference, eval); skips the test when it is absent."""
    if not (SHARED / "corpus").is_dir():
        pytest.skip(f"the shared corpus is not at {SHARED} (set CRKB_SHARED to its folder)")
    return SHARED


@pytest.fixture(scope="session")
def test_data() -> Path:
    """tests/data, where the real excerpts used by the parser tests are kept."""
    return DATA
