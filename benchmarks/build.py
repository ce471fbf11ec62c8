"""Build benchmark: wall time, CPU time, peak memory and seconds per stage of ``crkb build``.

Run from the repository root: ``python benchmarks/build.py [--sets seeds,standard,corpus]
[--workers N] [--no-baseline]``. Each set is built twice in the same run: the baseline with one
process (``workers=1``, every edition in turn, as before the build used worker processes), then
with ``--workers`` processes (default: the CPU count). Sets: ``seeds`` (the bundled data/),
``standard`` (the same-edition pairs of ../shared/corpus plus the seeds, ``tests.corpus``),
``corpus`` (the whole of ../shared/corpus plus the seeds; a text crkb cannot build is left out).

Each build runs in a child process writing a temporary KB; this process samples the child and its
workers from /proc every 0.1 s: CPU time is the sum over those processes (user + system), peak
memory the largest sum of their resident sets seen; "main" is the build process's own CPU time
(the part that does not run in workers). Stage seconds (decode, parse, references,
store, index, align, terms) come from the build report: CPU seconds, summed over the processes that
ran them; below them, the build's timeline: when each phase ran, in wall seconds from the build's
start (the alignment runs beside the indexing).
Wall times are only comparable on an otherwise idle machine; CPU times hold either way.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CRKB_SHARED", ROOT.parent / "shared"))
SETS = ("seeds", "standard", "corpus")
TICKS = os.sysconf("SC_CLK_TCK")
PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 1e6


def child(set_name: str, workers: int) -> dict:
    """Build ``set_name`` into a temporary KB in this process; return the build's own figures."""
    sys.path.insert(0, str(ROOT))
    from ingest.build import BUNDLED_DATA, build_kb
    from tests.corpus import write_standard_set

    with tempfile.TemporaryDirectory() as work:
        if set_name == "seeds":
            sources = [BUNDLED_DATA]
        elif set_name == "standard":
            sources = [write_standard_set(Path(work) / "standard")]
        else:
            sources = [BUNDLED_DATA, SHARED / "corpus"]
        started = time.perf_counter()
        report = build_kb(sources, Path(work) / "kb", workers=workers, partial=True)
        data = report.to_dict()
        return {"wall": time.perf_counter() - started, "editions": data["totals"]["editions"],
                "failed": data["totals"]["failed"], "published": data["published"], "stages": data["stages"],
                "timeline": data["timeline"]}


def _tree(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                text = Path(f"/proc/{current}/task/{task}/children").read_text()
                todo += [int(p) for p in text.split()]
        except OSError:
            continue
    return found


def _sample(pids: list[int], cpu: dict[int, float]) -> float:
    """Record each process's CPU seconds in ``cpu``; return their resident memory in MB."""
    rss = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu[pid] = (int(fields[11]) + int(fields[12])) / TICKS
            rss += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_MB
        except (OSError, IndexError, ValueError):
            continue
    return rss


def measure(set_name: str, workers: int) -> dict:
    """Run one build in a child process, sampling it; return its figures."""
    command = [sys.executable, __file__, "--child", set_name, "--workers", str(workers)]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    cpu: dict[int, float] = {}
    peak = 0.0
    while process.poll() is None:
        peak = max(peak, _sample(_tree(process.pid), cpu))
        time.sleep(0.1)
    wall = time.perf_counter() - started
    out = process.stdout.read()
    if process.returncode != 0:
        raise SystemExit(f"{set_name} (workers={workers}) failed with exit code {process.returncode}")
    figures = json.loads(out)
    main_cpu = cpu.get(process.pid, 0.0)
    return {**figures, "process_wall": wall, "cpu": sum(cpu.values()), "main_cpu": main_cpu, "peak_mb": peak,
            "workers": workers}


def _line(set_name: str, label: str, f: dict) -> str:
    stages = "  ".join(f"{stage} {seconds:6.1f}" for stage, seconds in f["stages"].items())
    return (f"{set_name:8} {label:14} {f['editions']:4} editions ({f['failed']} left out)  wall {f['wall']:6.1f} s"
            f"  CPU {f['cpu']:6.1f} s (main {f['main_cpu']:5.1f})  peak {f['peak_mb']:6.0f} MB  |  {stages}\n"
            f"{'':8} {'':14} timeline (wall s): " + "  ".join(f"{phase} {a:.1f}-{b:.1f}" for phase, (a, b) in f["timeline"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated: seeds, standard, corpus")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--no-baseline", action="store_true", help="skip the one-process baseline")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.workers)))
        return
    print(f"crkb build benchmark: {os.cpu_count()} CPUs; wall/CPU/peak over the build process and its workers; "
          "stage seconds summed over processes")
    for set_name in args.sets.split(","):
        if set_name != "seeds" and not (SHARED / "corpus").is_dir():
            print(f"{set_name:8} skipped: no corpus at {SHARED / 'corpus'}")
            continue
        runs = ([("baseline, 1", 1)] if not args.no_baseline else []) + [(f"workers {args.workers}", args.workers)]
        results = []
        for label, workers in runs:
            results.append(measure(set_name, workers))
            print(_line(set_name, label, results[-1]), flush=True)
        if len(results) == 2:
            print(f"{set_name:8} speed-up {results[0]['wall'] / results[1]['wall']:.2f}x wall")


if __name__ == "__main__":
    main()
