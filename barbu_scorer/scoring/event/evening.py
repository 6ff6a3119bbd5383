"""One player's evening at a club night: the tables they sat at (round, table, seat,
who else), the hands they declared, the doubles they made and received, their score at
each table as the event counts it, their placing points there, their place; and, while
the night goes on, where they sit next.

Built from the tables as the event counts them (each table's seats, its scored session and
its progress, ``progress.table_progress``, who played a seat's first hands before a
substitute took it, ``ranking.Earlier``) and the ranking (``ranking.standings``,
``ranking.shares``): the same figures the leaderboard shows, never recomputed another way.
A seat taken over mid-table is at the evening of both who played it, each with their own
hands, score and placing points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from barbu_scorer.scoring.barbu.sessions import Session
from barbu_scorer.scoring.event.progress import TableProgress
from barbu_scorer.scoring.event.ranking import (
    Earlier,
    Method,
    Share,
    TableScore,
    shares,
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
    earlier: tuple[Earlier, ...] = ()
    """Who played a seat's first hands before a substitute (now in ``seats``) took it."""

    @property
    def score(self) -> TableScore:
        """The table as the ranking counts it."""
        return TableScore(
            self.round,
            self.number,
            self.seats,
            self.progress.scores,
            self.progress.done > 0,
            self.earlier,
        )


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
    """Hands counted so far that they played."""
    due: int
    declared: tuple[Declared, ...]
    doubles_made: int
    doubles_received: int
    score: int
    """Their score at the table, as the ranking counts it."""
    placing: Fraction
    finished: bool
    first: int = 1
    """The first hand they played there (1: the seat was theirs from the start)."""
    whole: bool = True
    """They played the seat's every hand (no substitute took it, nor did they take it)."""


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


def _part(table: PlayedTable, share: Share) -> tuple[int, int]:
    """The hands (0-based, the end left out) of the seat a share's player played."""
    for e in table.earlier:
        if e.seat == share.seat and e.player == share.player:
            return e.start, e.end
    ends = [e.end for e in table.earlier if e.seat == share.seat]
    return max(ends, default=0), table.progress.done


def _sitting(table: PlayedTable, share: Share) -> Sitting:
    seat = share.seat
    start, end = _part(table, share)
    counted = table.session.hands[start:end]
    declared = tuple(
        Declared(h.number, h.entry.contract, h.adjusted[seat])
        for h in counted
        if h.roles.declarer == seat
    )
    made = sum(1 for h in counted for doubler, _d in h.doubles if doubler == seat)
    received = sum(1 for h in counted for _d, doubled in h.doubles if doubled == seat)
    return Sitting(
        table.round,
        table.number,
        seat,
        table.seats,
        end - start,
        table.progress.due,
        declared,
        made,
        received,
        share.score,
        share.points if table.progress.done else Fraction(0),
        table.progress.finished,
        start + 1,
        not any(e.seat == seat for e in table.earlier),
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
    scores = [t.score for t in tables]
    sat = [p for r, out in enumerate(sitting_out, 1) if r <= clock for p in out]
    rows = standings(players, scores, method, sat)
    mine = next(r for r in rows if r.player == player)
    tied = sum(1 for r in rows if r.place == mine.place) > 1
    sittings = tuple(
        _sitting(t, share)
        for t in sorted(tables, key=lambda t: (t.round, t.number))
        for share in sorted(shares(t.score), key=lambda s: s.seat)
        if share.player == player
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
