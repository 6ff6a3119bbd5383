"""Places and ties, for every ranking: a session's standings, a club night's leaderboard."""

from __future__ import annotations

from collections.abc import Sequence


def shared(places: Sequence[int]) -> list[bool]:
    """Whether each place is held by another player too (a tie): ``1, 1, 3`` -> the two
    firsts share theirs, the third does not."""
    return [places.count(place) > 1 for place in places]


def ranking(totals: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) best first; tied players share a place ("1, 1, 3")."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    return [(1 + sum(1 for t in totals if t > totals[seat]), seat) for seat in order]
