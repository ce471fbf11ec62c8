"""Serve the site with waitress on loopback and measure it over HTTP.

    python benchmarks/serve.py [--kb DIR] [--requests 300] [--port 0]

Starts waitress in a thread on 127.0.0.1 (a free port unless ``--port``), warms up, then sends
sequential GET requests (one at a time, keep-alive) for rule pages (subrules, rules, three-digit
rules, sections of the newest editions and one older edition), searches and API calls, and prints
p50/p95/max latency in milliseconds and throughput in requests per second per kind. Every
response must be 200 (or a redirect where noted); the script stops by itself.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import quote

from waitress.server import create_server

from kb import numbers
from kb.store.layout import current_build, default_kb_dir
from kb.store.read import Store
from web.app import create_app

SEARCHES = ["trample", "mulligan", "deathtouch", "state-based actions", "first strike damage",
            "돌진", "멀리건", "トランプル", "ward", "702.19b", "commander damage", "legend rule"]


def sample_urls(store: Store) -> dict[str, list[str]]:
    """URLs per kind, spread over the newest edition of each language (numbers that exist)."""
    urls: dict[str, list[str]] = {"subrule": [], "rule": [], "three-digit": [], "section": [], "old edition": []}
    api_rules: list[str] = []
    for lang in store.languages():
        by_level: dict[int, list[str]] = {}
        for rule in store.rules(store.find_edition(lang).id):
            by_level.setdefault(numbers.level(rule.number), []).append(rule.number)
        for kind, level, wanted in (("subrule", 3, 40), ("rule", 2, 20), ("three-digit", 1, 10), ("section", 0, 9)):
            found = by_level.get(level, [])
            urls[kind] += [f"/{lang}/cr/{n}" for n in found[:: max(1, len(found) // wanted)]]
        api_rules += [f"/api/v1/rules/{lang}/{n}" for n in by_level.get(3, [])[::97]]
    for edition in [e for e in store.editions("en") if e.effective_date][1:2]:
        urls["old edition"] += [f"/en/cr/{edition.date_text}/{n}" for n in ("702.19b", "103.4", "601.2a", "704.5j")]
    urls["largest"] = [f"/{lang}/cr/702" for lang in store.languages() if "702" in store.numbers(store.find_edition(lang).id)]
    urls["home"] = ["/"]
    urls["compare"] = ["/compare/702.19b?langs=en,ko,ja", "/compare/103.4?langs=ko", "/compare/601.2a"]
    urls["search"] = [f"/search?q={quote(q)}" for q in SEARCHES if not q[0].isdigit()]
    urls["api rule"] = api_rules
    urls["api search"] = [f"/api/v1/search?q={quote(q)}&limit=10" for q in SEARCHES]
    return urls


def measure(port: int, urls: list[str], count: int) -> tuple[list[float], float, dict[int, int]]:
    """Send ``count`` sequential GETs cycling through ``urls``; latencies in ms, elapsed s, statuses."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies, statuses = [], {}
    started = time.perf_counter()
    for i in range(count):
        t0 = time.perf_counter()
        conn.request("GET", urls[i % len(urls)])
        response = conn.getresponse()
        response.read()
        latencies.append((time.perf_counter() - t0) * 1000)
        statuses[response.status] = statuses.get(response.status, 0) + 1
    conn.close()
    return latencies, time.perf_counter() - started, statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kb", type=Path, default=None, help="KB folder (default: kb.store.layout.default_kb_dir())")
    parser.add_argument("--requests", type=int, default=300, help="requests per kind (bounded)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    kb_dir = args.kb or default_kb_dir()
    app = create_app({"KB_DIR": str(kb_dir)})
    server = create_server(app, host="127.0.0.1", port=args.port, threads=4)
    port = server.effective_port
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        kinds = sample_urls(Store(current_build(kb_dir).store))
        print(f"KB {kb_dir} ({current_build(kb_dir).root.name}), waitress on 127.0.0.1:{port}, sequential requests")
        print(f"{'kind':<12} {'urls':>5} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'req/s':>7}  statuses")
        for kind, urls in kinds.items():
            if not urls:
                continue
            measure(port, urls, min(len(urls), 50))  # warm-up: caches, whoosh searchers, templates
            count = min(args.requests, 2000)
            latencies, elapsed, statuses = measure(port, urls, count)
            q = statistics.quantiles(latencies, n=20)
            print(f"{kind:<12} {len(urls):>5} {count:>5} {statistics.median(latencies):>8.1f} {q[18]:>8.1f} "
                  f"{max(latencies):>8.1f} {count / elapsed:>7.0f}  {statuses}")
    finally:
        server.close()


if __name__ == "__main__":
    main()
