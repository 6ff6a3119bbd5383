"""Divisions (box leagues) with promotion and relegation, and a challenge ladder.

* Divisions hold 4 to 8 players each, the first the strongest. At a season's end each
  division's finishing order (best first) is known: the top k of every division but the
  first go up one, the bottom k of every division but the last go down one; the others
  stay. Sizes are kept, so every player stays in exactly one division of 4 to 8. k is at
  most half the smallest division's size (nobody can both go up and down).
* A ladder is an order of players, the first on top. A session between two players
  (the winner the one with the higher score) moves places by the club's rule: ``take``,
  a winner below the loser takes the loser's place and everyone from there down to the
  winner's old place moves down one; ``up``, a winner below the loser moves up one place.
  A winner already above the loser stays where they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from barbu_scorer.scoring.messages import N_

SMALLEST, LARGEST = 4, 8
"""A division's sizes."""
LadderRule = Literal["take", "up"]
LADDER_RULES: tuple[LadderRule, ...] = ("take", "up")


def checked(divisions: Sequence[Sequence[int]], k: int) -> str | None:
    """Why the divisions cannot run with k moving (None: they can)."""
    everyone = [p for d in divisions for p in d]
    if len(set(everyone)) != len(everyone):
        return N_("a player is in two divisions")
    if any(not SMALLEST <= len(d) <= LARGEST for d in divisions):
        return N_("a division holds 4 to 8 players")
    if k < 0 or any(2 * k > len(d) for d in divisions):
        return N_("k is at most half a division")
    return None


def boxes(ranked: Sequence[int], size: int = 6) -> list[list[int]]:
    """Players (strongest first) shared into divisions of about ``size`` (4 to 8 each):
    as many divisions as ``size`` makes, the sizes differing by one at most."""
    n = len(ranked)
    if n < SMALLEST:
        return [list(ranked)] if ranked else []
    count = max(1, min(n // SMALLEST, round(n / max(SMALLEST, min(size, LARGEST)))))
    while -(-n // count) > LARGEST:
        count += 1
    base, extra = divmod(n, count)
    out, start = [], 0
    for index in range(count):
        end = start + base + (1 if index < extra else 0)
        out.append(list(ranked[start:end]))
        start = end
    return out


def next_season(finished: Sequence[Sequence[int]], k: int) -> list[list[int]]:
    """Next season's divisions from each division's finishing order (best first)."""
    out = [list(d) for d in finished]
    for index in range(1, len(finished)):
        upper, lower = finished[index - 1], finished[index]
        going_down, going_up = list(upper[len(upper) - k :]) if k else [], list(lower[:k])
        out[index - 1] = [p for p in out[index - 1] if p not in going_down] + going_up
        out[index] = going_down + [p for p in out[index] if p not in going_up]
    return out


def moves(finished: Sequence[Sequence[int]], k: int) -> dict[int, int]:
    """Each player's move: -1 up a division, +1 down, 0 stays."""
    after = next_season(finished, k)
    where = {p: i for i, d in enumerate(after) for p in d}
    return {p: where[p] - i for i, d in enumerate(finished) for p in d}


def ladder(order: Sequence[int], games: Sequence[tuple[int, int]], rule: LadderRule) -> list[int]:
    """The ladder after ``games`` (winner, loser), in order; a player not yet on it joins
    at the bottom first."""
    out = list(order)
    for winner, loser in games:
        for p in (winner, loser):
            if p not in out:
                out.append(p)
        won, lost = out.index(winner), out.index(loser)
        if won < lost:
            continue
        out.pop(won)
        out.insert(lost if rule == "take" else won - 1, winner)
    return out
