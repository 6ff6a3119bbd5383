"""store/writer.py: this process's writes one at a time."""

from __future__ import annotations

import threading

from barbu_scorer.store.writer import one_writer


def test_a_second_writer_waits_for_the_first_and_a_writer_may_nest() -> None:
    order: list[str] = []
    inside = threading.Event()

    def second() -> None:
        with one_writer():
            order.append("second")

    with one_writer():
        with one_writer():  # a savepoint inside a write takes the lock again
            order.append("first")
        other = threading.Thread(target=second)
        other.start()
        inside.wait(0.2)  # the second thread is blocked meanwhile
        order.append("first done")
    other.join(timeout=10)
    assert order == ["first", "first done", "second"]
