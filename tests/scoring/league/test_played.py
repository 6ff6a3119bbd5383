"""A session as the league reads it, with a seat a substitute took over mid-session: each
player's own hands, and the seat's total nobody's."""

from __future__ import annotations

from typing import Any, cast

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.league.played import Played


def _played(earlier: tuple[tuple[int, int, int | None], ...]) -> Played:
    doc = cast(ComputedDocument, cast(Any, {"hands": [], "complete": True}))
    return Played("s", "2026-12-02", doc, (10, 11, 12, 13), "mark", earlier)


def test_each_player_has_the_hands_they_played_of_a_shared_seat() -> None:
    p = _played(((1, 5, 20), (1, 9, 21)))  # 20 played hands 1-5, 21 hands 6-9, 11 the rest
    assert p.hands_of(20) == (1, range(0, 5))
    assert p.hands_of(21) == (1, range(5, 9))
    seat, rest = p.hands_of(11) or (None, range(0))
    assert seat == 1 and rest.start == 9 and 27 in rest
    assert [p.player_at(1, i) for i in (0, 4, 5, 8, 9)] == [20, 20, 21, 21, 11]
    assert p.seat_of(11) is None and p.seat_of(10) == 0  # a whole seat only
    assert p.whole == (10, None, 12, 13)
    assert p.sat(20) and p.sat(11) and not p.sat(99) and p.hands_of(99) is None


def test_a_session_nobody_shared_reads_as_before() -> None:
    p = _played(())
    assert p.whole == p.who and p.seat_of(12) == 2 and p.hands_of(12) == (2, range(0, 10**6))
