"""Places and ties, for every ranking: a session's standings, a club night's leaderboard."""

from __future__ import annotations

from collections.abc import Sequence


def shared(places: Sequence[int]) -> list[bool]:
    """Whether each place is held by another player too (a tie): ``1, 1, 3`` -> the two
    firsts share theirs, the third does not."""
    return [places.count(place) > 1 for place in places]
