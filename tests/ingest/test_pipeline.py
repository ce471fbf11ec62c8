"""The build's worker processes (``ingest.pipeline``): they end with the build that started them,
even when it is killed outright and runs no cleanup."""

from __future__ import annotations

import subprocess
import sys

from ingest.pipeline import WATCH_SECONDS, Workers, worker_count

_WORKER = """
import sys, time
from ingest.pipeline import exit_with
exit_with(int(sys.argv[1]))
print("watching", flush=True)
time.sleep(60)
"""


def test_a_worker_exits_when_the_process_that_started_it_is_gone() -> None:
    build = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    worker = subprocess.Popen([sys.executable, "-c", _WORKER, str(build.pid)], stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout.readline() == "watching\n"
        assert worker.poll() is None  # the build runs: the worker stays
        build.kill()  # as kill -9: the build runs no cleanup
        build.wait()
        assert worker.wait(timeout=WATCH_SECONDS * 10) == 1
    finally:
        for process in (build, worker):
            process.kill()
            process.wait()


def _job_and_pid(job: int) -> tuple[int, int]:
    import os

    return job, os.getpid()


def test_workers_run_tasks_in_other_processes_in_job_order() -> None:
    import os

    assert worker_count(3, 2) == 1 and worker_count(10, 2) == 2 and worker_count(10, 1) == 1
    with Workers(2) as workers:
        found = list(workers.map(_job_and_pid, range(6)))
    assert [job for job, _ in found] == list(range(6)) and os.getpid() not in {pid for _, pid in found}
