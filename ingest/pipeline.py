"""The build's per-edition work, in worker processes when there is enough of it.

A build has two parallel phases: each edition read, parsed and annotated (``parse_task``), then,
once the store is written, each edition's search index written from the store
(``index_task``), while one worker aligns the editions (``align_task``, submitted first). ``Workers`` runs a task over its jobs in a process pool (the ``forkserver``
start method: no state of the main process is shared) and yields the results in job order, so the
store and the index list editions in the same order whatever the number of workers; with one
worker it runs them in this process. A task returns its seconds per stage
(``ingest.stages``) with its result.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ingest.align.stage import align_beside
from ingest.edition import BuiltEdition, build_edition
from ingest.plan import EditionPlan
from ingest.stages import StageTimer
from kb.store.read import Store
from search.index import write_edition_index
from search.pairs import PairsShard, PairsWriter

INDEX_RUN = 6
"""Editions indexed by one task, sharing an analysis cache."""
PARALLEL_MIN_EDITIONS = 4
"""Fewer editions than this are built in the main process (starting workers costs about a second)."""


def worker_count(editions: int, workers: int | None = None) -> int:
    """How many processes build ``editions`` editions: ``workers`` (default: the CPU count),
    at most one per edition, and 1 below ``PARALLEL_MIN_EDITIONS``."""
    wanted = workers if workers is not None else (os.cpu_count() or 1)
    return 1 if editions < PARALLEL_MIN_EDITIONS else max(1, min(wanted, editions))


class Workers:
    """A pool of ``count`` worker processes (none when ``count`` is 1), as a context manager."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> "Workers":
        if self.count > 1:
            context = multiprocessing.get_context("forkserver")
            self._pool = ProcessPoolExecutor(self.count, mp_context=context, initializer=exit_with,
                                             initargs=(os.getpid(),))
        return self

    def __exit__(self, *exc) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)

    def map(self, task: Callable, jobs: Iterable) -> Iterator:
        """``task`` over ``jobs``, results in job order; a task's exception is raised here."""
        if self._pool is None:
            return map(task, jobs)
        return self._pool.map(task, jobs)

    def submit(self, task: Callable, job) -> Callable[[], object]:
        """Start ``task(job)`` in a worker, ahead of later jobs; returns what waits for its result
        (raising its exception). With no pool, the task runs when its result is asked for."""
        if self._pool is None:
            return lambda: task(job)
        return self._pool.submit(task, job).result


WATCH_SECONDS = 1.0
"""How often a worker checks that the build that started it still runs."""


def exit_with(pid: int) -> None:
    """Make this process exit (status 1) within ``WATCH_SECONDS`` of process ``pid``'s end: a
    worker's initializer, so that a build killed outright (``kill -9``: no cleanup runs) leaves
    no worker indexing on for minutes. A daemon thread polls ``os.kill(pid, 0)``."""
    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(pid, 0)
            except (ProcessLookupError, PermissionError):  # gone, or its pid reused by another user's process
                os._exit(1)

    threading.Thread(target=watch, name=f"exit-with-{pid}", daemon=True).start()


def parse_task(job: tuple[EditionPlan, int]) -> tuple[BuiltEdition, dict[str, float]]:
    """Read, parse and annotate one planned edition (``job``: the plan and the byte limit per
    file); its id is provisional (``ingest.edition.with_id_among``)."""
    plan, max_bytes = job
    timer = StageTimer()
    return build_edition(plan, set(), max_bytes, timer), timer.seconds


def index_task(job: tuple[Path, Path, list[str]]) -> list[tuple[str, str, PairsShard, dict[str, float]]]:
    """Write the search index of a run of stored editions (``job``: store file, index folder,
    edition ids) from the store, with one analysis cache for the run (consecutive editions repeat
    most rules), and their token pairs into a shard of the pairs file (``search.pairs``, named
    after the run's first edition); returns per edition its id, language, the shard (for
    ``search.index.finish_index``) and seconds per stage."""
    store_path, index_dir, edition_ids = job
    store, cache, done = Store(Path(store_path)), {}, []
    shard = PairsShard(Path(index_dir) / f"pairs-{edition_ids[0]}.sqlite")
    with PairsWriter(Path(index_dir), shard.path.name) as pairs:
        for edition_id in edition_ids:
            timer = StageTimer()
            with timer("index"):
                text = store.edition_text(edition_id)
                pairs.add_edition(edition_id, write_edition_index(Path(index_dir), text, cache))
            done.append((edition_id, text.edition.lang, shard, timer.seconds))
    return done


def align_task(job: tuple[Path, Path]) -> tuple[dict, dict[str, float], tuple[float, float]]:
    """Align the editions of a store (``job``: store file, new file for the alignment tables;
    ``ingest.align.stage.align_beside``); returns the summary, the CPU seconds (stage ``align``)
    and the clock times (``time.time``) it started and ended."""
    store_path, out = job
    timer, started = StageTimer(), time.time()
    with timer("align"):
        summary = align_beside(Path(store_path), Path(out))
    return summary, {"align": timer.seconds["align"]}, (started, time.time())


def runs(items: list, workers: int, longest: int = INDEX_RUN) -> list[list]:
    """``items`` cut into consecutive runs: at most ``longest`` long, and at least two per worker
    so that the workers finish together."""
    size = max(1, min(longest, -(-len(items) // (2 * workers))))
    return [items[at : at + size] for at in range(0, len(items), size)]
