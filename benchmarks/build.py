"""Build-time benchmark: time, peak memory and KB size for the bundled data/ and for all English files.

Run from the repository root: ``python benchmarks/build.py [--only data|en] [--no-index]``.
Each build runs in a child process so that its peak resident memory (``ru_maxrss``) is its own;
the KB is written to a temporary folder and removed afterwards. Prints one line per build:
files, editions, rules, failed sources, seconds, peak RSS in MB, store, index and total size in MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CRKB_SHARED", ROOT.parent / "shared"))
TARGETS = {"data": ROOT / "data", "en": SHARED / "corpus" / "en"}


def _size_mb(path: Path) -> float:
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6


def measure(source: Path, index: bool) -> dict:
    """Build ``source`` into a temporary KB in this process; return the figures."""
    sys.path.insert(0, str(ROOT))
    import ingest.build
    from kb.store.layout import current_build

    if not index:
        ingest.build.write_index = lambda index_dir, editions: [None for _ in editions]
    with tempfile.TemporaryDirectory() as kb_dir:
        started = time.perf_counter()
        report = ingest.build.build_kb([source], Path(kb_dir))
        seconds = time.perf_counter() - started
        build = current_build(Path(kb_dir))
        totals = report.to_dict()["totals"]
        return {
            "source": str(source), "files": totals["sources"], "failed": totals["failed"],
            "editions": totals["editions"], "rules": totals["rules"], "seconds": round(seconds, 1),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "store_mb": round(_size_mb(build.store), 1),
            "index_mb": round(_size_mb(build.index), 1) if build.index.exists() else 0.0,
            "kb_mb": round(_size_mb(build.root), 1),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(TARGETS), help="build only this source set")
    parser.add_argument("--no-index", action="store_true", help="skip the search index (store only)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(Path(args.child), not args.no_index)))
        return
    for name in [args.only] if args.only else list(TARGETS):
        source = TARGETS[name]
        if not source.is_dir():
            print(f"{name}: {source} is absent, skipped")
            continue
        command = [sys.executable, __file__, "--child", str(source)] + (["--no-index"] if args.no_index else [])
        figures = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        print(
            f"{name:4} {figures['files']:4} files  {figures['editions']:4} editions  {figures['rules']:7} rules  "
            f"{figures['failed']} failed  {figures['seconds']:7.1f} s  peak RSS {figures['peak_rss_mb']:7.1f} MB  "
            f"store {figures['store_mb']:6.1f} MB  index {figures['index_mb']:6.1f} MB  KB {figures['kb_mb']:6.1f} MB"
        )


if __name__ == "__main__":
    main()
