"""CPU time spent per build stage (decode, parse, references, store, index, align, terms), in
seconds, summed over the processes that ran it (so with two workers the stages can add up to twice
the wall time). CPU time, not wall time: a stage's figure does not grow when other programs share
the CPU.

Beside it, the build's *timeline*: when each phase ran, in wall seconds since the build started
(``[start, end]``), so that the report shows which phases overlapped (the alignment runs in a
worker while the others index). Wall times are read from the system clock (``time.time``), so a
worker process can report the span of its own phase.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

STAGES = ("decode", "parse", "references", "store", "index")


class StageTimer:
    """Accumulates seconds per stage: ``with timer("parse"): ...``; ``add`` merges a worker's.
    ``with timer.span("index"): ...`` (or ``mark`` with a worker's clock times) records a phase of
    the timeline."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = dict.fromkeys(STAGES, 0.0)
        self.origin = time.time()
        self.timeline: dict[str, list[float]] = {}

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        started = time.process_time()
        try:
            yield
        finally:
            self.seconds[stage] = self.seconds.get(stage, 0.0) + time.process_time() - started

    def add(self, seconds: Mapping[str, float]) -> None:
        for stage, value in seconds.items():
            self.seconds[stage] = self.seconds.get(stage, 0.0) + value

    @contextmanager
    def span(self, phase: str) -> Iterator[None]:
        """Record the wall-clock span of ``phase`` (what the block runs) on the timeline."""
        started = time.time()
        try:
            yield
        finally:
            self.mark(phase, started, time.time())

    def mark(self, phase: str, started: float, ended: float) -> None:
        """Record that ``phase`` ran from ``started`` to ``ended`` (``time.time()`` values, of any
        process of this machine)."""
        self.timeline[phase] = [started - self.origin, ended - self.origin]

    def rounded(self) -> dict[str, float]:
        return {stage: round(value, 2) for stage, value in self.seconds.items()}

    def rounded_timeline(self) -> dict[str, list[float]]:
        """The timeline, phases in the order they started, seconds rounded to 0.1."""
        spans = sorted(self.timeline.items(), key=lambda item: item[1][0])
        return {phase: [round(start, 1), round(end, 1)] for phase, (start, end) in spans}
