"""The ranking across tables: the event total, or placing points, with stated tie-breaks.

* Event total: the sum of a player's scores (adjusted, with any quota penalty) over every
  table they played. Each block of a balanced scheme sums to zero at its table, so totals
  compare across tables.
* Placing points: at each table and round, one point for each player one finished ahead
  of, half a point for each one tied with, scaled to three points a round whatever the
  table's size (x 3/(size - 1)); a player sitting a round out gets the average, 1.5.
* A seat a substitute took over at a table in play (``Earlier``): its score and placing
  points are the seat's, shared between who played it: the earlier player gets the
  seat's score after their last hand and the share of its placing points their hands
  were of the table's, the substitute the rest; both count the table as played.
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
class Earlier:
    """Who played a seat's first hands before a substitute took it over."""

    seat: int
    player: int
    score: int
    """What the seat scored over their hands."""
    share: Fraction
    """Their hands' part of the table's hands (0 to 1)."""
    start: int = 0
    end: int = 0
    """The hands they played: the table's hands ``start`` to ``end`` (0-based, ``end``
    left out)."""


@dataclass(frozen=True)
class TableScore:
    """What one table of one round has scored so far: its players (event indexes, by seat)
    and each seat's score over the hands the event counts."""

    round: int
    table: int
    players: tuple[int, ...]
    scores: tuple[int, ...]
    started: bool = True
    earlier: tuple[Earlier, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One player's line of the ranking."""

    place: int
    player: int
    total: int
    placing: Fraction
    best: int | None
    tables: int


def shared_seat(
    seat: int, earlier: Sequence[tuple[int, int]], totals: Sequence[int], done: int
) -> tuple[Earlier, ...]:
    """A seat taken over mid-table: ``earlier`` (hands, player) for each who played its
    first hands, ``totals`` the seat's total after each hand, ``done`` the hands counted."""
    out, before = [], 0
    for hands, player in sorted(earlier):
        end = max(before, min(hands, done))
        score = (totals[end - 1] if end else 0) - (totals[before - 1] if before else 0)
        part = Fraction(end - before, max(done, 1))
        out.append(Earlier(seat, player, score, part, before, end))
        before = end
    return tuple(out)


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


@dataclass(frozen=True)
class Share:
    """What one table gives one player: a score and placing points, from a seat
    (``part``: the part of the seat's hands they played, 1 for a whole seat)."""

    player: int
    score: int
    points: Fraction
    seat: int
    part: Fraction = Fraction(1)


def shares(table: TableScore) -> list[Share]:
    """What the table gives each player: a seat taken over mid-table shared between who
    played it (the substitute keeps the rest)."""
    points = placing_points(table.scores)
    out = [
        Share(p, s, pts, seat)
        for seat, (p, s, pts) in enumerate(zip(table.players, table.scores, points, strict=True))
    ]
    for e in table.earlier:
        now = out[e.seat]
        out[e.seat] = Share(
            now.player, now.score - e.score, now.points - points[e.seat] * e.share, e.seat,
            now.part - e.share,
        )  # fmt: skip
        out.append(Share(e.player, e.score, points[e.seat] * e.share, e.seat, e.share))
    return out


def _sums(
    players: int, tables: Sequence[TableScore], sat_out: Sequence[int]
) -> tuple[list[int], list[Fraction], list[int | None], list[int]]:
    total, placing = [0] * players, [Fraction(0)] * players
    best: list[int | None] = [None] * players
    count = [0] * players
    for table in tables:
        if not table.started:
            continue
        for share in shares(table):
            player, score, points = share.player, share.score, share.points
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
