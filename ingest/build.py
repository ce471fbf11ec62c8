"""The build: sources in, a new store and index published atomically, and a report out.

``build_kb`` plans the editions (``ingest.plan``), builds each one (``ingest.edition.build_edition``:
read, detect, parse, annotate), in worker processes when there are several (``ingest.pipeline``),
and writes them in plan order to a store in a fresh build folder (``kb.store.layout.new_build_dir``).
The search index is then built from the finished store, runs of consecutive editions in the
workers (``search.index.write_edition_index``, completed by ``search.index.finish_index``), so it holds
nothing the store lacks; meanwhile one worker aligns the editions (``ingest.align.stage``: it only
reads the store, its tables are merged in when the indexing is done). Then the post-build stages
run (``POST_BUILD_STAGES``), and the build
folder is published (``kb.store.layout.publish``) only when the whole build succeeded: a source
that cannot be read is reported by name and the others are still read, parsed and reported, but
the KB in place stays as it was (unless ``partial`` asks to publish the sources that did build).
If nothing builds, or anything unexpected goes wrong, the build folder is discarded and the KB in
place stays as it was. The report gives the CPU seconds spent per stage and the timeline of the
phases (``ingest.stages``).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tqdm import tqdm

from ingest.align.stage import merge_alignment
from ingest.terms import terms_stage
from ingest.edition import BuildCrashed, BuiltEdition, build_edition, check_parsed, with_id_among  # noqa: F401
from ingest.home import BUNDLED_DATA, write_inputs, write_roots  # noqa: F401 (BUNDLED_DATA: the seeds, for callers)
from ingest.partial import settle_truncated
from ingest.pipeline import Workers, align_task, index_task, parse_task, runs, worker_count
from ingest.plan import EditionPlan, plan_editions
from ingest.read.formats import MAX_BYTES
from ingest.report import BuildReport, edition_summary
from ingest.stages import StageTimer
from ingest.term_lists import find_term_lists, term_list_lang
from kb.store.layout import BuildPaths, build_lock, discard, new_build_dir, publish
from kb.store.read import Store
from kb.store.write import StoreWriter, write_meta
from search.index import finish_index, start_index

PostBuildStage = Callable[[BuildPaths, BuildReport], None]
POST_BUILD_STAGES: list[tuple[str, PostBuildStage]] = [("terms", terms_stage)]
"""Stages run on the finished, aligned store and index, before the build is published, in this
order, as ``(name, stage(build, report))``: e.g. the term dictionary. A stage that raises
discards the build; its seconds are reported under its name."""
ALIGNED = "aligned.sqlite"
"""The alignment tables as a worker writes them while the others index (``ingest.align.stage``),
in the build folder until they are merged into the store."""


def build_kb(
    sources: Sequence[Path],
    kb_dir: Path,
    *,
    max_bytes: int = MAX_BYTES,
    progress: bool | None = False,
    partial: bool = False,
    workers: int | None = None,
) -> BuildReport:
    """Build a KB from ``sources`` (files, or folders read recursively whose ``manifest.toml`` is
    honoured) into ``kb_dir`` and publish it when every source built (with ``partial``: when at
    least one edition built).

    Returns the ``BuildReport`` (``published`` False when it was not; failed sources carry
    their one-line message). ``max_bytes`` caps one source file's size; ``progress`` shows a tqdm
    bar on stderr; ``workers`` is how many processes build editions (default: one per CPU; small
    builds run in this process). Raises ``SourceError`` for a path that does not exist (before
    anything is written; a folder whose manifest is broken is a failed source), and ``BuildCrashed``
    for an unexpected error (the new build is discarded, the KB in place is untouched).
    """
    kb_dir = Path(kb_dir)
    plans = plan_editions(sources)
    with build_lock(kb_dir):  # one build at a time; what killed builds left is removed first
        started = time.perf_counter()
        build = new_build_dir(kb_dir)
        report = BuildReport(kb=str(kb_dir), build=str(build.root), started=dt.datetime.now().isoformat(timespec="seconds"),
                             term_lists=[{"path": str(p), "lang": term_list_lang(p), "pairs": 0, "error": None}
                                         for p in find_term_lists(sources)])
        try:
            _write_build(build, plans, report, max_bytes, progress, partial, worker_count(len(plans), workers))
            write_roots(build.root, sources)
            report.seconds = round(time.perf_counter() - started, 2)
            _write_report(build, report)
            if report.published:
                publish(kb_dir, build)
        except BaseException:
            discard(build)
            raise
        if not report.published:
            discard(build)
            report.build = None
    report.seconds = round(time.perf_counter() - started, 2)
    return report


def _write_build(
    build: BuildPaths, plans: list[EditionPlan], report: BuildReport, max_bytes: int, progress: bool | None,
    partial: bool, workers: int,
) -> None:
    timer = StageTimer()
    total = sum(len(plan.all_files) for plan in plans)
    disable = None if progress is None else not progress
    with Workers(workers) as pool:
        with tqdm(total=total, unit="file", desc="crkb build", file=sys.stderr, disable=disable) as bar:
            with StoreWriter(build.store) as writer:
                with timer.span("parse"):
                    _store_editions(writer, plans, report, max_bytes, bar, pool, timer)
                stored = time.time()
        timer.mark("analyze", stored, time.time())  # the store's statistics and VACUUM
        settle_truncated(report, partial, build.store)
        report.published = bool(report.editions) and (partial or not report.failed)
        if report.published:  # a failed source fails the build before any indexing
            with timer.span("index"):
                aligned = pool.submit(align_task, (build.store, build.root / ALIGNED))  # ahead of the index runs
                index_build(build, pool, timer)
            report.index = "written"
            _, seconds, span = aligned()
            timer.add(seconds)
            timer.mark("align", *span)
    if report.published:
        with timer("align"), timer.span("merge"):
            merge_alignment(build.store, build.root / ALIGNED)
        for name, stage in POST_BUILD_STAGES:
            with timer(name), timer.span(name):
                stage(build, report)
    write_inputs(build.root, plans)
    report.stages = timer.rounded()
    report.timeline = timer.rounded_timeline()


def _write_report(build: BuildPaths, report: BuildReport) -> None:
    data = json.dumps(report.to_dict(), ensure_ascii=False, indent=1)
    write_meta(build.store, "report", data)
    build.report.write_text(data, encoding="utf-8")


def _store_editions(
    writer: StoreWriter, plans: list[EditionPlan], report: BuildReport, max_bytes: int, bar: tqdm,
    pool: Workers, timer: StageTimer,
) -> None:
    """Build the editions (in the workers) and store each in plan order, giving ids in that order."""
    taken: set[str] = set()
    built_editions = pool.map(parse_task, [(plan, max_bytes) for plan in plans])
    for plan, (built, seconds) in zip(plans, built_editions):
        timer.add(seconds)
        built = with_id_among(built, plan, taken)
        report.sources += built.reports
        bar.set_postfix_str(plan.label, refresh=False)
        bar.update(len(plan.all_files))
        if built.text is None:
            continue
        with timer("store"):
            writer.add_edition(built.text)
        taken.add(built.text.edition.id)
        report.editions.append(edition_summary(built.text))


def index_build(build: BuildPaths, pool: Workers, timer: StageTimer) -> None:
    """Write the search index of every stored edition from the store, runs of consecutive editions
    in the workers (``ingest.pipeline.index_task``); this process completes it (``finish_index``)
    as the editions come, in store order."""
    start_index(build.index)
    ids = [edition.id for edition in Store(build.store).editions()]
    jobs = [(build.store, build.index, run) for run in runs(ids, pool.count)]

    def written():
        for done in pool.map(index_task, jobs):
            for edition_id, lang, pairs, seconds in done:
                timer.add(seconds)
                yield edition_id, lang, pairs

    finish_index(build.index, written())
