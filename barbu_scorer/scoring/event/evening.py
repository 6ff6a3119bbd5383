"""One player's evening at a club night: the tables they sat at (round, table, seat,
who else), the hands they declared, the doubles they made and received, their score at
each table as the event counts it, their placing points there, their place; and, while
the night goes on, where they sit next.

Built from the tables as the event counts them (each table's seats, its scored session and
its progress, ``progress.table_progress``) and the ranking (``ranking.standings``): the
same figures the leaderboard shows, never recomputed another way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from barbu_scorer.scoring.barbu.sessions import Session
from barbu_scorer.scoring.event.progress import TableProgress
from barbu_scorer.scoring.event.ranking import (
    Method,
    TableScore,
    placing_points,
    standings,
)


@dataclass(frozen=True)
class PlayedTable:
    """One table of one round as the evening reads it: its seats (event players), its
    session scored and what the event counts of it."""

    round: int
    number: int
    seats: tuple[int, ...]
    session: Session
    progress: TableProgress


@dataclass(frozen=True)
class Declared:
    """A hand the player declared: its number at the table, the contract, their score."""

    number: int
    contract: str
    score: int


@dataclass(frozen=True)
class Sitting:
    """One table the player sat at."""

    round: int
    table: int
    seat: int
    """Their seat (0: the first in play order)."""
    seats: tuple[int, ...]
    """Everyone at the table, by seat (event players)."""
    hands: int
    """Hands counted so far."""
    due: int
    declared: tuple[Declared, ...]
    doubles_made: int
    doubles_received: int
    score: int
    """Their score at the table, as the ranking counts it."""
    placing: Fraction
    finished: bool


@dataclass(frozen=True)
class NextSeat:
    """Where the player sits next: the round, the table and the seat (None: sits out)."""

    round: int
    table: int | None
    seat: int | None
    size: int
    playing: bool
    """The round is in play now (else it is the next one, theirs done)."""


@dataclass(frozen=True)
class Evening:
    """The player's whole evening."""

    player: int
    sittings: tuple[Sitting, ...]
    sat_out: tuple[int, ...]
    """The rounds they sat out (started ones)."""
    total: int
    placing: Fraction
    place: int
    shared: bool
    final: bool
    next: NextSeat | None
    """Where they sit next; None once their evening is over."""

    @property
    def doubles_made(self) -> int:
        """Doubles (redoubles included) they made over the evening."""
        return sum(s.doubles_made for s in self.sittings)

    @property
    def doubles_received(self) -> int:
        """Doubles laid on them over the evening."""
        return sum(s.doubles_received for s in self.sittings)

    @property
    def declared(self) -> int:
        """Hands they declared over the evening."""
        return sum(len(s.declared) for s in self.sittings)


def _sitting(table: PlayedTable, seat: int) -> Sitting:
    counted = table.session.hands[: table.progress.done]
    declared = tuple(
        Declared(h.number, h.entry.contract, h.adjusted[seat])
        for h in counted
        if h.roles.declarer == seat
    )
    made = sum(1 for h in counted for doubler, _d in h.doubles if doubler == seat)
    received = sum(1 for h in counted for _d, doubled in h.doubles if doubled == seat)
    points = placing_points(table.progress.scores) if table.progress.done else None
    return Sitting(
        table.round,
        table.number,
        seat,
        table.seats,
        table.progress.done,
        table.progress.due,
        declared,
        made,
        received,
        table.progress.scores[seat],
        Fraction(0) if points is None else points[seat],
        table.progress.finished,
    )


def _seat_in(
    player: int, number: int, tables: Sequence[PlayedTable], out: Sequence[int], playing: bool
) -> NextSeat | None:
    """Their seat in round ``number``, or that they sit it out (None: not in the round, or
    their table of the round in play has finished)."""
    for t in tables:
        if t.round == number and player in t.seats:
            if playing and t.progress.finished:
                return None
            return NextSeat(number, t.number, t.seats.index(player), len(t.seats), playing)
    return NextSeat(number, None, None, 0, playing) if player in out else None


def next_seat(
    player: int,
    tables: Sequence[PlayedTable],
    sitting_out: Sequence[Sequence[int]],
    clock: int,
) -> NextSeat | None:
    """Where ``player`` sits next: their table of the round in play (``clock``) while it
    plays, or that they sit it out; once their table has finished, their seat in the
    following round; None when nothing is left for them."""
    now = _seat_in(player, clock, tables, sitting_out[clock - 1], True)
    if now is not None or clock >= len(sitting_out):
        return now
    return _seat_in(player, clock + 1, tables, sitting_out[clock], False)


def evening(
    player: int,
    players: int,
    tables: Sequence[PlayedTable],
    sitting_out: Sequence[Sequence[int]],
    clock: int,
    method: Method = "total",
) -> Evening:
    """``player``'s evening: their tables in round order, their place in the ranking the
    event's pages show (``sitting_out``: each round's, 1-based order; ``clock``: the round
    in play)."""
    scores = [
        TableScore(t.round, t.number, t.seats, t.progress.scores, t.progress.done > 0)
        for t in tables
    ]
    sat = [p for r, out in enumerate(sitting_out, 1) if r <= clock for p in out]
    rows = standings(players, scores, method, sat)
    mine = next(r for r in rows if r.player == player)
    tied = sum(1 for r in rows if r.place == mine.place) > 1
    sittings = tuple(
        _sitting(t, t.seats.index(player))
        for t in sorted(tables, key=lambda t: (t.round, t.number))
        if player in t.seats
    )
    out = tuple(r for r, who in enumerate(sitting_out, 1) if r <= clock and player in who)
    return Evening(
        player,
        sittings,
        out,
        mine.total,
        mine.placing,
        mine.place,
        tied,
        all(t.progress.finished for t in tables),
        next_seat(player, tables, sitting_out, clock),
    )
