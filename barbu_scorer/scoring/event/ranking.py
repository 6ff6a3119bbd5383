"""The ranking across tables: the event total, or placing points, with stated tie-breaks.

* Event total: the sum of a player's scores (adjusted, with any quota penalty) over every
  table they played. Each block of a balanced scheme sums to zero at its table, so totals
  compare across tables.
* Placing points: at each table and round, one point for each player one finished ahead
  of, half a point for each one tied with, scaled to three points a round whatever the
  table's size (x 3/(size - 1)); a player sitting a round out gets the average, 1.5.
* Tie-breaks, in order: the other measure (placing points for the total, the total for
  placing points), then the best single table score; players still level share the place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Method = Literal["total", "placing"]
METHODS: tuple[Method, ...] = ("total", "placing")
ROUND_POINTS = 3
"""Placing points a round is worth at a table of any size (its best seat's)."""
BEATEN_POINTS = Fraction(1)
"""Placing points for each player finished ahead of, before scaling to ROUND_POINTS."""
TIE_POINTS = Fraction(1, 2)
"""Placing points for each player tied with, before scaling."""
SIT_OUT_POINTS = Fraction(ROUND_POINTS, 2)
"""What a player sitting a round out gets: the round's average."""


@dataclass(frozen=True)
class TableScore:
    """What one table of one round has scored so far: its players (event indexes, by seat)
    and each seat's score over the hands the event counts."""

    round: int
    table: int
    players: tuple[int, ...]
    scores: tuple[int, ...]
    started: bool = True


@dataclass(frozen=True)
class Standing:
    """One player's line of the ranking."""

    place: int
    player: int
    total: int
    placing: Fraction
    best: int | None
    tables: int


def placing_points(scores: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat's placing points at one table: beaten 1, tied 1/2, scaled to 3 a round."""
    size = len(scores)
    if size < 2:
        return (Fraction(0),) * size
    scale = Fraction(ROUND_POINTS, size - 1)
    beaten = [sum(1 for o in scores if o < s) for s in scores]
    tied = [sum(1 for o in scores if o == s) - 1 for s in scores]
    return tuple(
        scale * (b * BEATEN_POINTS + t * TIE_POINTS) for b, t in zip(beaten, tied, strict=True)
    )


def _sums(
    players: int, tables: Sequence[TableScore], sat_out: Sequence[int]
) -> tuple[list[int], list[Fraction], list[int | None], list[int]]:
    total, placing = [0] * players, [Fraction(0)] * players
    best: list[int | None] = [None] * players
    count = [0] * players
    for table in tables:
        if not table.started:
            continue
        for player, score, points in zip(
            table.players, table.scores, placing_points(table.scores), strict=True
        ):
            total[player] += score
            placing[player] += points
            current = best[player]
            best[player] = score if current is None else max(current, score)
            count[player] += 1
    for player in sat_out:
        placing[player] += SIT_OUT_POINTS
    return total, placing, best, count


def standings(
    players: int,
    tables: Sequence[TableScore],
    method: Method = "total",
    sat_out: Sequence[int] = (),
) -> list[Standing]:
    """Every player, best first; ``sat_out`` lists a player once per started round they
    sat out."""
    total, placing, best, count = _sums(players, tables, sat_out)

    def key(p: int) -> tuple[Fraction, Fraction, int]:
        first, second = (total[p], placing[p]) if method == "total" else (placing[p], total[p])
        top = best[p]
        return (-Fraction(first), -Fraction(second), -(top if top is not None else 0))

    keys = [key(p) for p in range(players)]
    order = sorted(range(players), key=lambda p: (keys[p], p))
    rows: list[Standing] = []
    for index, p in enumerate(order):
        shared = index and keys[order[index - 1]] == keys[p]
        place = rows[-1].place if shared else index + 1
        rows.append(Standing(place, p, total[p], placing[p], best[p], count[p]))
    return rows
