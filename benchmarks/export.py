"""Time and size of the static export (``crkb export --format site``) beside a baseline in the
same process: copying the KB's live build folder (store + index) file by file.

    python benchmarks/export.py [--kb DIR] [--out DIR] [--no-search]

Prints, for the first export into an empty folder, then a second export of the same build (the
incremental case: every page is rendered again, only changed files are written): pages, documents,
files written/unchanged, megabytes, seconds; then Pagefind's indexing time. Build the KB first
(``crkb build --kb DIR <standard set or corpus>``); the whole corpus takes long: run it alone.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "benchmarks"]  # benchmarks/search.py
sys.path.insert(0, str(ROOT))                                                            # is not the package

from kb.store.layout import current_build, default_kb_dir
from kb.store.read import Store
from web.app import create_app
from web.export.pagefind import index_site
from web.export.site import export_site


def folder_bytes(folder: Path) -> int:
    """Bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> None:
    """Run the baseline, two exports and the search indexing; print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, default=default_kb_dir())
    parser.add_argument("--out", type=Path, default=None, help="export folder (default: a temporary one)")
    parser.add_argument("--no-search", action="store_true")
    options = parser.parse_args()
    build = current_build(options.kb)
    with tempfile.TemporaryDirectory() as work:
        out = options.out or Path(work) / "site"
        started = time.perf_counter()
        shutil.copytree(build.root, Path(work) / "copy")
        seconds = time.perf_counter() - started
        print(f"baseline  copy of the KB build: {folder_bytes(build.root) / 1e6:8.1f} MB in {seconds:7.1f} s")
        for run in ("first", "second"):
            app = create_app({"STORE_PATH": str(build.store), "INDEX_DIR": str(build.index)})
            app.config["STATIC_EXPORT"] = True
            report = export_site(app, Store(build.store), out)
            print(f"{run:6s}    export: {report.pages} pages, {report.documents} documents, "
                  f"{report.written} written, {report.unchanged} unchanged, {report.removed} removed, "
                  f"{report.bytes / 1e6:.1f} MB in {report.seconds:.1f} s "
                  f"({report.seconds / max(1, report.pages + report.documents) * 1000:.2f} ms a file); "
                  f"{len(report.missing)} linked paths not found")
            if run == "first" and not options.no_search:
                started = time.perf_counter()
                line = index_site(out)
                print(f"search    pagefind: {folder_bytes(out / 'pagefind') / 1e6:.1f} MB in "
                      f"{time.perf_counter() - started:.1f} s ({line})")


if __name__ == "__main__":
    main()
