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


@pytest.mark.parametrize(
    ("recorded", "total", "per_block", "expected"),
    [
        (0, 28, 7, [2, 3, 4, 5, 6, 7]),  # the rest of the first block
        (6, 28, 7, []),  # hand 7 is the block's last
        (7, 28, 7, [9, 10, 11, 12, 13, 14]),
        (25, 28, 7, [27, 28]),
        (0, 3, 7, [2, 3]),  # a short session ends first
        (28, 28, 7, []),
    ],
)
def test_ahead(recorded: int, total: int, per_block: int, expected: list[int]) -> None:
    from barbu_scorer.scoring.entries import ahead

    assert list(ahead(recorded, total, per_block)) == expected


@pytest.mark.parametrize(
    ("recorded", "total", "count", "expected"),
    [
        (0, 16, 3, [2, 3, 4]),
        (3, 16, 3, [5, 6, 7]),  # a window, not a block: never empty before the end
        (13, 16, 3, [15, 16]),
        (15, 16, 3, []),
        (16, 16, 3, []),
    ],
)
def test_following(recorded: int, total: int, count: int, expected: list[int]) -> None:
    from barbu_scorer.scoring.entries import following

    assert list(following(recorded, total, count)) == expected
