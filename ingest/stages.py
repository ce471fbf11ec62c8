"""CPU time spent per build stage (decode, parse, references, store, index), in seconds, summed
over the processes that ran it (so with two workers the stages can add up to twice the wall
time). CPU time, not wall time: a stage's figure does not grow when other programs share the CPU."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

STAGES = ("decode", "parse", "references", "store", "index")


class StageTimer:
    """Accumulates seconds per stage: ``with timer("parse"): ...``; ``add`` merges a worker's."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = dict.fromkeys(STAGES, 0.0)

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

    def rounded(self) -> dict[str, float]:
        return {stage: round(value, 2) for stage, value in self.seconds.items()}
