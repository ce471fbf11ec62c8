"""The served site over HTTP beside two floors, in one run: a Flask "hello" app behind the same
waitress settings (``cli.serving``) and a static file server (``http.server``) serving a saved
rule page.

    python benchmarks/serve.py [--kb DIR] [--requests 600] [--clients 1,16,64] [--no-sweep]

Each server runs in its own process (so its RSS is its own). For each number of clients (threads
with one keep-alive connection each) and each kind, ``--requests`` GETs are sent and p50/p95
latency (ms) and req/s printed: ``hello``, ``static``, ``rule page`` (rule pages of every
language's newest edition, answered from the per-build page cache after their first time),
``rule page cold`` (each one rendered: a query string no one asked before; the cached kinds are
warmed again before they are measured, since cold rows push kept answers out), ``/en/cr/702``
(cached) and ``/en/cr/702 cold``, ``search`` and ``api`` (rule JSON). Then the server's RSS before
and after one search in every edition of the KB (``--no-sweep`` skips it). Ratios to the hello
floor are printed for the rule page.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb import numbers  # noqa: E402
from kb.store.layout import current_build, default_kb_dir  # noqa: E402
from kb.store.read import Store  # noqa: E402

SEARCHES = ["trample", "mulligan", "deathtouch", "state-based actions", "돌진", "멀리건", "トランプル", "ward",
            "702.19b", "commander damage", "legend rule", "first strike"]
SWEEP_WORDS = {"en": "damage", "ko": "피해", "ja": "ダメージ", "zh": "伤害"}

CRKB_SERVER = """
import sys
from cli import serving
from web.app import create_app
serving.run(create_app({"KB_DIR": sys.argv[1], "PUBLIC_URL": "http://127.0.0.1"}), "127.0.0.1", int(sys.argv[2]),
            access_log=False)
"""
HELLO_SERVER = """
import sys
from flask import Flask
from cli import serving
app = Flask("hello")
app.add_url_rule("/", "hello", lambda: "Hello, world!")
serving.run(app, "127.0.0.1", int(sys.argv[1]), access_log=False)
"""
STATIC_SERVER = """
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.protocol_version = "HTTP/1.1"
handler.log_message = lambda *a: None
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), handler).serve_forever()
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(code: str, *args: str) -> tuple[subprocess.Popen, int]:
    """Run a server script on a free port; wait until it answers."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", code, *args, str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def load(port: int, urls: list[str], count: int, clients: int) -> tuple[list[float], float, dict[int, int]]:
    """``count`` GETs cycling through ``urls`` from ``clients`` threads; latencies ms, elapsed s, statuses."""
    taken = itertools.count()
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine, seen = [], {}
        while (i := next(taken)) < count:
            t0 = time.perf_counter()
            try:
                conn.request("GET", urls[i % len(urls)])
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                status = 0
            mine.append((time.perf_counter() - t0) * 1000)
            seen[status] = seen.get(status, 0) + 1
        conn.close()
        with lock:
            latencies.extend(mine)
            for status, n in seen.items():
                statuses[status] = statuses.get(status, 0) + n

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, time.perf_counter() - started, statuses


def rule_urls(store: Store) -> list[str]:
    """Rule, subrule and three-digit rule pages spread over every language's newest edition."""
    urls = []
    for lang in store.languages():
        found = [r.number for r in store.rules(store.find_edition(lang).id) if numbers.level(r.number) >= 1]
        urls += [f"/{lang}/cr/{n}" for n in found[:: max(1, len(found) // 60)]]
    return urls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kb", type=Path, default=None, help="KB folder (default: kb.store.layout.default_kb_dir())")
    parser.add_argument("--requests", type=int, default=600, help="requests per kind and number of clients")
    parser.add_argument("--clients", default="1,16,64")
    parser.add_argument("--no-sweep", action="store_true", help="skip the every-edition search sweep")
    args = parser.parse_args()
    kb_dir = args.kb or default_kb_dir()
    store = Store(current_build(kb_dir).store)
    editions = store.editions()
    app, app_port = start(CRKB_SERVER, str(kb_dir))
    hello, hello_port = start(HELLO_SERVER)
    folder = tempfile.mkdtemp(prefix="crkb-static-")
    rules = rule_urls(store)
    big = next((f"/{lang}/cr/702" for lang in store.languages() if "702" in store.numbers(store.find_edition(lang).id)),
               rules[0])
    conn = http.client.HTTPConnection("127.0.0.1", app_port, timeout=60)
    conn.request("GET", big)
    Path(folder, "page.html").write_bytes(conn.getresponse().read())
    conn.close()
    static, static_port = start(STATIC_SERVER, folder)
    api = [f"/api/v1/rules/{u.split('/')[1]}/{u.split('/')[-1]}" for u in rules]
    searches = [f"/api/v1/search?q={quote(q)}&limit=10" for q in SEARCHES]
    stamp = itertools.count()
    try:
        print(f"KB {kb_dir} ({current_build(kb_dir).root.name}): {len(editions)} editions; "
              f"{os.cpu_count()} CPUs; {args.requests} requests per row")
        load(app_port, rules + api + searches, len(rules + api + searches), 4)  # warm-up: the page cache
        rss_start = rss_mb(app.pid)
        print(f"{'kind':<18} {'clients':>7} {'p50 ms':>8} {'p95 ms':>8} {'req/s':>8}  statuses")
        hello_rps = {}
        for clients in (int(c) for c in args.clients.split(",")):
            kinds = [("hello", hello_port, ["/"]), ("static", static_port, ["/page.html"]),
                     ("rule page", app_port, rules),
                     ("rule page cold", app_port, [f"{u}?cold={next(stamp)}" for u in rules * 20]),
                     (big, app_port, [big]), (f"{big} cold", app_port, [f"{big}?cold={next(stamp)}" for _ in range(200)]),
                     ("search", app_port, searches),
                     ("search cold", app_port, [f"{u}&cold={next(stamp)}" for u in searches * 50]),
                     ("api", app_port, api)]
            for kind, port, urls in kinds:
                count = min(args.requests, len(urls)) if "cold" in kind else args.requests
                if port == app_port and "cold" not in kind:  # kept again after the cold rows pushed them out
                    load(port, urls, len(urls), 4)
                latencies, elapsed, statuses = load(port, urls, count, clients)
                q = statistics.quantiles(latencies, n=20)
                rps = count / elapsed
                if kind == "hello":
                    hello_rps[clients] = rps
                ratio = f"  {rps / hello_rps[clients]:.2f}x hello" if kind.startswith("rule page") else ""
                print(f"{kind:<18} {clients:>7} {statistics.median(latencies):>8.1f} {q[18]:>8.1f} {rps:>8.0f}  "
                      f"{statuses}{ratio}")
        print(f"server RSS: {rss_start:.0f} MB after warm-up, {rss_mb(app.pid):.0f} MB after the runs above")
        if not args.no_sweep:
            for rounds in (1, 2):  # a new query string each round: searched, not answered from the page cache
                sweep = [f"/api/v1/search?q={quote(SWEEP_WORDS.get(e.lang, 'damage'))}&edition={quote(e.id)}"
                         f"&round={rounds}" for e in editions]
                _, elapsed, statuses = load(app_port, sweep, len(sweep), 4)
                print(f"every-edition sweep {rounds} ({len(sweep)} searches, {elapsed:.1f} s, {statuses}): "
                      f"server RSS {rss_mb(app.pid):.0f} MB")
    finally:
        for proc in (app, hello, static):
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
