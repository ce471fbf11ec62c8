"""Official texts that end early: refused, or with ``--partial`` published and marked partial.

The build warns ``TRUNCATED`` for an official text whose glossary and credits never come (the
file was cut). ``settle_truncated`` then fails those sources, so the KB in place is kept, unless
``partial`` is asked for: their editions are then published and named in the store's
``partial`` meta value (a JSON list of edition ids), which the site and the API show.
"""

from __future__ import annotations

import json
from pathlib import Path

from ingest.report import BuildReport
from kb.store.write import write_meta

TRUNCATED = "the text ends before its glossary and credits: truncated?"
"""The warning the build gives a cut official text."""
PARTIAL_META = "partial"


def settle_truncated(report: BuildReport, partial: bool, store_path: Path) -> list[str]:
    """Fail the truncated sources of ``report`` (without ``partial``), or record their editions
    as partial in the store at ``store_path`` (with it). Returns the partial edition ids."""
    cut = [source for source in report.sources if TRUNCATED in source.warnings and source.status != "failed"]
    if not partial:
        for source in cut:
            where = f"{source.name}:{source.ends_at}" if source.ends_at else source.name
            source.fail(f"{where}: the official text ends here, before its glossary and credits (a cut file); "
                        "--partial publishes it marked partial")
        return []
    editions = sorted({source.edition for source in cut if source.edition})
    if editions:
        write_meta(store_path, PARTIAL_META, json.dumps(editions))
    return editions
