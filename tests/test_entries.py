"""Which entry of a session a scorer may open (scoring/entries.py), for both games."""

from __future__ import annotations

import pytest

from barbu_scorer.scoring.entries import editable


@pytest.mark.parametrize(
    ("number", "recorded", "total", "allowed"),
    [
        (1, 0, 28, True),  # the first hand to come
        (2, 0, 28, False),  # past a gap
        (0, 5, 28, False),
        (5, 5, 28, True),  # one recorded
        (6, 5, 28, True),  # the next
        (7, 5, 28, False),
        (28, 28, 28, True),
        (29, 28, 28, False),  # a complete session has no next hand
        (-1, 3, 28, False),
    ],
)
def test_editable(number: int, recorded: int, total: int, allowed: bool) -> None:
    assert editable(number, recorded, total) is allowed
