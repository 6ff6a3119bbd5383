"""An event's plan: its limits, and the movement for its format and seating."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.barbu.schemes import MAX_PLAYERS, MIN_PLAYERS, Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.checks import CHECKS, OFF
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import (
    MIN_BLOCKS_PLAYERS,
    Round,
    Table,
    blocks_movement,
    drawn_order,
    session_seating,
)
from barbu_scorer.scoring.event.ranking import METHODS

MAX_EVENT_NAME = 80
SEATINGS = ("draw", "listed")
MAX_SEED = 2**31


@dataclass(frozen=True)
class EventSettings:
    """What the director chose for a club night, beside who plays: stored with the event."""

    name: str
    date: str
    """The day, as YYYY-MM-DD."""
    scheme: Scheme
    """The four-player scheme every table plays (tables of 3 and 5 its variant)."""
    scheme_ref: str
    fmt: str
    """One of ``NIGHT_FORMATS`` (``scoring.event.formats``): a session per table, or
    rotating blocks."""
    method: str
    """How the ranking counts: one of ``ranking.METHODS``."""
    checks: str = OFF
    """Whether the next player confirms each hand: one of ``checks.CHECKS``."""


def check_choices(fmt: object, method: object, seating: object, checks: object = OFF) -> None:
    """The format, ranking method, seating and table checks named are ones the event knows."""
    night_format(fmt)
    if checks not in CHECKS:
        raise refused("table checks: one of %(allowed)s", allowed=", ".join(CHECKS))
    if method not in METHODS:
        raise refused("ranking: one of %(allowed)s", allowed=", ".join(METHODS))
    if seating not in SEATINGS:
        raise refused("seating: one of %(allowed)s", allowed=", ".join(SEATINGS))


def plan(players: int, fmt: str, seating: str, seed: int) -> tuple[Round, ...]:
    """The rounds of an event: one round of tables for one session per table (the players
    drawn at random, or seated in the order listed, table by table), or rotating blocks'
    four rounds (the draw of its groups and seats made from ``seed``)."""
    check_choices(fmt, "total", seating)
    if not night_format(fmt).one_block:
        order = drawn_order(players, seed) if seating == "draw" else None
        return (session_seating(players, order),)
    if players < MIN_BLOCKS_PLAYERS:
        raise refused("rotating blocks need at least %(least)s players", least=MIN_BLOCKS_PLAYERS)
    return blocks_movement(players, seed)


def rounds_from_tables(
    players: int,
    rounds: Sequence[Sequence[tuple[Sequence[int], int | None]]],
    sitting_out: Sequence[Sequence[int]],
    relieved: frozenset[int] = frozenset(),
) -> tuple[Round, ...]:
    """A movement read back (an import): every round seats each player once or sits them
    out, every declarer's seat is at their table, and in rotating blocks each player
    declares exactly once. A night whose people changed (``scoring.event.changes``):
    a round seats each of those present once, every player plays a round, and nobody
    declares more than twice; ``relieved``, those a substitute replaced at a table in
    play, need not be seated anywhere (their hands are the seat's first)."""
    out, full = [], True
    for index, tables in enumerate(rounds):
        seated = [p for seats, _d in tables for p in seats]
        out_here = list(sitting_out[index]) if index < len(sitting_out) else []
        here = sorted(seated + out_here)
        full = full and here == list(range(players))
        if len(set(here)) != len(here) or any(not 0 <= p < players for p in here):
            raise refused("round %(r)s must seat every player exactly once", r=index + 1)
        for seats, declarer in tables:
            if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
                raise refused("round %(r)s: a table of %(n)s players", r=index + 1, n=len(seats))
            if declarer is not None and not 0 <= declarer < len(seats):
                raise refused("round %(r)s: the declarer's seat is not at the table", r=index + 1)
        out.append(Round(tuple(Table(tuple(s), d) for s, d in tables), tuple(out_here)))
    declared = [t.declarer for r in out for t in r.tables if t.declarer is not None]
    if len(out) == 1 and not full and sorted(set(here) | relieved) != list(range(players)):
        raise refused("round %(r)s must seat every player exactly once", r=1)
    if len(out) > 1 and full and sorted(declared) != list(range(players)):
        raise refused("in rotating blocks each player declares exactly once")
    played = {p for r in out for t in r.tables for p in t.seats} | relieved
    if len(out) > 1 and (
        len(played) != players or any(declared.count(p) > 2 for p in set(declared))
    ):
        raise refused("in rotating blocks each player declares exactly once")
    return tuple(out)
