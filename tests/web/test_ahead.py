"""Sheets rendered ahead: urgent first, one render however many saves, and a rest after
each render that keeps them to their share of the time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable

from barbu_scorer.web.ahead import Ahead, Job, rest


def test_the_rest_keeps_renders_to_their_share() -> None:
    assert rest(0.5, 0.25) == 1.5  # half a second of work, then a second and a half off
    assert rest(0.5, 1.0) == 0.0 and rest(0.0, 0.25) == 0.0


def _recording(done: list[str], took: float = 0.0) -> Callable[[str, Job], float]:
    def run(session_id: str, job: Job) -> float:
        job()
        done.append(session_id)
        time.sleep(took)
        return took

    return run


def _job() -> tuple[Hashable, Callable[[], bytes]] | None:
    return None


def test_urgent_first_and_one_render_for_many_saves() -> None:
    done: list[str] = []
    gate = threading.Event()
    ahead = Ahead(_recording(done), share=1.0, debounce=0.2)
    ahead.prepare("first", lambda: (gate.wait(5), None)[1], urgent=True)  # holds the worker
    for _ in range(3):  # three saves of one session while it waits: one render
        ahead.prepare("hand", _job)
    ahead.prepare("block", _job, urgent=True)
    gate.set()
    assert ahead.idle(10)
    assert done == ["first", "block", "hand"]


def test_a_render_is_followed_by_its_rest() -> None:
    done: list[str] = []
    starts: list[float] = []
    ahead = Ahead(lambda s, j: (starts.append(time.monotonic()), _recording(done, 0.1)(s, j))[1],
                  share=0.5, debounce=0.0)  # fmt: skip
    ahead.prepare("a", _job, urgent=True)
    ahead.prepare("b", _job, urgent=True)
    assert ahead.idle(10)
    assert done == ["a", "b"]
    assert starts[1] - starts[0] >= 0.2 * 0.95  # 0.1 s of render, then 0.1 s of rest
