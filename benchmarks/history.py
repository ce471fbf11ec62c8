"""Rule-history benchmark: how the alignment of a whole KB comes out and what it costs.

Run from the repository root: ``python benchmarks/history.py --kb KB_DIR [--http N]`` on a KB built
from the whole corpus (``crkb build --only ../shared/corpus --kb KB_DIR``). The KB's store is copied
to a temporary file and aligned again there (``ingest.align.stage.align_store``), so the KB is not
touched. Printed:

- per consecutive pair of editions of each language, the counts of unchanged, edited, moved,
  moved+edited, created and removed rules, and the links of translations and copies;
- the time to align the whole KB beside two baselines run in the same process: reading every rule
  of every edition with its alignment keys (the floor any alignment pays), and a number-only
  pairing (a rule is its number's rule in the next edition, the way pages paired rules before);
- with ``--http N``: p50/p95 of N ``GET /api/v1/history/en/<number>`` over HTTP (a werkzeug server
  in a thread) beside the same numbers' ``GET /api/v1/rules/en/<number>``.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest.align import editions as align_editions  # noqa: E402
from ingest.align.editions import chains, load_rules, stored_editions  # noqa: E402
from ingest.align.stage import align_store  # noqa: E402
from kb.store.layout import current_build  # noqa: E402


def number_only(db: sqlite3.Connection) -> dict[str, int]:
    """The baseline pairing: each rule is the rule of the same number in the next edition."""
    chain_of, _ = chains(stored_editions(db))
    counts = {"paired": 0, "unpaired": 0}
    for chain in chain_of.values():
        previous = None
        for edition in chain:
            texts = dict(db.execute("SELECT number, text FROM rules WHERE edition = ?", (edition,)).fetchall())
            if previous is not None:
                for number in previous:
                    counts["paired" if number in texts else "unpaired"] += 1
            previous = texts
    return counts


def read_all(db: sqlite3.Connection) -> int:
    """The floor: every rule of every chain edition read with its alignment keys."""
    chain_of, _ = chains(stored_editions(db))
    return sum(len(load_rules(db, edition)) for chain in chain_of.values() for edition in chain)


def timed(fn, *args):
    started = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - started


def http_figures(kb_dir: Path, count: int) -> None:
    from werkzeug.serving import WSGIRequestHandler, make_server

    from web.app import create_app

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs) -> None:
            pass

    app = create_app({"KB_DIR": str(kb_dir)})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/api/v1"
    store = sqlite3.connect(current_build(kb_dir).store)
    newest = store.execute("SELECT edition FROM chain WHERE lang = 'en' ORDER BY position DESC LIMIT 1").fetchone()[0]
    numbers = [n for (n,) in store.execute("SELECT number FROM rules WHERE edition = ? ORDER BY seq", (newest,))]
    step = max(1, len(numbers) // count)
    sample = numbers[::step][:count]
    for label, path in (("rules (baseline)", "/rules/en/"), ("history", "/history/en/")):
        seconds = []
        for number in sample:
            started = time.perf_counter()
            with urllib.request.urlopen(base + path + number) as response:
                response.read()
            seconds.append((time.perf_counter() - started) * 1000)
        seconds.sort()
        p95 = seconds[int(len(seconds) * 0.95) - 1]
        print(f"HTTP {label:17} n={len(seconds)} p50 {statistics.median(seconds):6.1f} ms  p95 {p95:6.1f} ms")
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=Path, required=True, help="a KB built from the whole corpus")
    parser.add_argument("--http", type=int, default=0, help="measure N history requests over HTTP")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "rules.sqlite"
        shutil.copyfile(current_build(options.kb).store, copy)
        db = sqlite3.connect(copy)
        align_editions._keys.cache_clear()  # each run computes its keys afresh
        rules, read_seconds = timed(read_all, db)
        paired, number_seconds = timed(number_only, db)
        db.close()
        align_editions._keys.cache_clear()
        summary, align_seconds = timed(align_store, copy)
    print(f"{'old':14} {'new':14} {'unch':>5} {'edit':>5} {'moved':>5} {'mv+ed':>5} {'creat':>5} {'remov':>5} {'merge':>5} {'split':>5}")
    for pair in summary["pairs"]:
        c = pair["counts"]
        print(f"{pair['old']:14} {pair['new']:14} " + " ".join(
            f"{c.get(k, 0):5}" for k in ("unchanged", "edited", "moved", "moved+edited", "created", "removed", "merged", "split")))
    for link in summary["links"]:
        print(f"link {link['edition']}: {link['kind']} of {link['anchor']} (share {link['share']})"
              + (f" span {', '.join(link['span'])}" if link.get("span") and len(link["span"]) > 1 else ""))
    print(f"\nalign whole KB: {align_seconds:.2f} s ({rules} rules in chains)")
    print(f"baseline read rules + keys: {read_seconds:.2f} s; number-only pairing: {number_seconds:.2f} s "
          f"({paired['paired']} paired by number, {paired['unpaired']} numbers gone)")
    if options.http:
        http_figures(options.kb, options.http)


if __name__ == "__main__":
    main()
