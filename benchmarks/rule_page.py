"""Time whole rule pages rendered in-process (Flask test client, no HTTP), the cost of the
template and store work alone.

    python benchmarks/rule_page.py [--kb DIR] [--rounds 40] [URL ...]

Renders each URL once to warm up, then ``--rounds`` times, and prints per URL the page size, the
number of rule articles and the p50/p95/max milliseconds. Default URLs: the largest three-digit
rule (702) of each language's newest edition, a section page, a rule and a subrule.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from kb.store.layout import current_build, default_kb_dir
from web.app import create_app

DEFAULT_URLS = ["/en/cr/702", "/ko/cr/702", "/ko/cr/ko-2021-02-15-dbyll/702", "/en/cr/7", "/en/cr/702.19", "/en/cr/702.19b"]


def time_urls(kb: Path, urls: list[str], rounds: int) -> list[tuple[str, int, int, list[float]]]:
    """(url, bytes, rule articles, latencies in ms) per URL; every response must be 200."""
    client = create_app({"STORE_PATH": str(current_build(kb).store)}).test_client()  # no search index needed
    results = []
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200, (url, first.status_code)
        body = first.get_data()
        latencies = []
        for _ in range(rounds):
            started = time.perf_counter()
            client.get(url).get_data()
            latencies.append((time.perf_counter() - started) * 1000)
        results.append((url, len(body), body.count(b'<article class="rule'), latencies))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kb", type=Path, default=default_kb_dir())
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("urls", nargs="*", default=DEFAULT_URLS)
    args = parser.parse_args()
    print(f"{'url':34} {'bytes':>9} {'rules':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for url, size, rules, ms in time_urls(args.kb, args.urls, args.rounds):
        p95 = statistics.quantiles(ms, n=20)[-1] if len(ms) >= 2 else ms[0]
        print(f"{url:34} {size:9,} {rules:6} {statistics.median(ms):8.1f} {p95:8.1f} {max(ms):8.1f}")


if __name__ == "__main__":
    main()
