"""Shared fixtures: where the big corpus lives, and skipping when it is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.corpus import corpus_excerpt, write_excerpts, write_standard_set

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
    """tests/data: excerpts of the seeds and text written for the tests (corpus excerpts: ``corpus_data``)."""
    return DATA


@pytest.fixture(scope="session")
def corpus_data(tmp_path_factory) -> Path:
    """tests/data plus the corpus excerpts the tests read (``tests.corpus.EXCERPTS``), cut from
    ../shared once per session into a temporary folder; skips the test when ../shared is absent."""
    return write_excerpts(tmp_path_factory.mktemp("corpus-data"))


@pytest.fixture(scope="session")
def excerpt_of():
    """``tests.corpus.corpus_excerpt``: whole lines of a corpus file by line range or rule number
    (``excerpt_of("en/2026-01-16.txt", rules="702.19-702.19c")``); skips when ../shared is absent."""
    return corpus_excerpt


@pytest.fixture(scope="session")
def standard_set(tmp_path_factory) -> Path:
    """A folder holding the standard set (``tests.corpus.STANDARD``: the same-edition pairs of
    ../shared/corpus) and the seeds, with its manifest; skips the test when ../shared is absent."""
    return write_standard_set(tmp_path_factory.mktemp("standard-set"))


@pytest.fixture(scope="session")
def standard_kb(standard_set, tmp_path_factory):
    """``(report, Store)`` of the standard set built once per session by ``ingest.build.build_kb``,
    without its search index (the search and CLI tests cover the index)."""
    import ingest.build
    from kb.store.layout import current_build
    from kb.store.read import Store

    kb_dir = tmp_path_factory.mktemp("standard-kb")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ingest.build, "index_build", lambda build, pool, timer: None)
        report = ingest.build.build_kb([standard_set], kb_dir)
    return report, Store(current_build(kb_dir).store)


HISTORY_EDITIONS = [
    "en/2006-10-01.txt", "en/2009-05-01.txt", "en/2009-07-11.txt", "en/2017-08-25.txt", "en/2017-09-25.txt",
    "en/2021-02-24.txt", "en/2021-04-19.txt", "en/2021-11-15.txt", "en/2022-11-18.txt", "en/2023-04-14.txt",
    "en/2024-08-02.txt", "en/2024-11-08.txt", "en/2026-01-16.txt",
    "ko/kormtgcr/2016-11-11.txt", "ko/kormtgcr/2021-11-19.txt",
]
"""The history KB's corpus files: the editions around the hand-checked facts of rule history
(trample, mana burn, battles, Ward, mulligan, the reused numbers 704.5j and 509.2), the Korean
editions the seeds copy, and the seeds."""


@pytest.fixture(scope="session")
def history_kb(tmp_path_factory) -> Path:
    """The folder of a KB built by ``ingest.build.build_kb`` (aligned, with its index) from
    ``HISTORY_EDITIONS`` and the bundled seeds; skips the test when ../shared is absent."""
    import ingest.build
    from tests.corpus import shared_file

    files = [shared_file(name) for name in HISTORY_EDITIONS]
    kb_dir = tmp_path_factory.mktemp("history-kb")
    report = ingest.build.build_kb([*files, ingest.build.BUNDLED_DATA], kb_dir)
    assert report.published, report.to_dict()
    return kb_dir


LANGUAGES_KB_FILES = ("en/2021-11-15.txt", "ko/kormtgcr/2021-11-19.txt", "en/2024-04-10.txt", "zh/2024-04-12.txt",
                      "en/2026-01-16.txt", "ja/2026-01-16.txt", "en/2023-09-01.txt")
"""The same-date pairs of three dates, and the English edition of the Japanese seed (2023-09-01)."""


@pytest.fixture(scope="session")
def languages_kb(shared_dir: Path, tmp_path_factory) -> Path:
    """A KB folder built by ``crkb build`` (aligned, with its term dictionary) from
    ``LANGUAGES_KB_FILES`` and the Japanese seed: every language in its real text, once per session."""
    from ingest.build import build_kb

    kb_dir = tmp_path_factory.mktemp("languages-kb")
    seed = shared_dir / "seeds" / "001_5b900e1a5ef93c8f.txt"  # the Japanese seed, 2023-09-01
    report = build_kb([*(shared_dir / "corpus" / name for name in LANGUAGES_KB_FILES), seed], kb_dir, workers=1)
    assert report.published and not report.failed
    return kb_dir
