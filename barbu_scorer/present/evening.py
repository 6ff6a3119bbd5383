"""A player's evening at a club night in words: the page, its PDF and the published site
read the same lines (``scoring/event/evening.py`` made every figure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.present.event import points
from barbu_scorer.present.format import SEAT_NAMES, contract_label, day, place, signed
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.event.evening import Evening, NextSeat, Sitting
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.variant import for_players
from barbu_scorer.scoring.messages import say, say_n, word

COMPASS = ("N", "E", "S", "W")
"""A table of four's seats in play order, named as a table's (clockwise from North)."""


@dataclass(frozen=True)
class SittingRow:
    """One table of the player's evening, as printed."""

    label: str
    seat: str
    company: tuple[str, ...]
    declared: tuple[str, ...]
    doubles: str
    hands: str
    score: str
    placing: str
    played: bool


@dataclass(frozen=True)
class EveningView:
    """The player's evening, every line in words."""

    name: str
    event: str
    date: str
    standing: str
    total: str
    placing: str
    status: str
    final: bool
    next: str
    """Where they sit next ("Round 3: table 2, seat East"); empty once their evening is over."""
    rows: tuple[SittingRow, ...]
    sat_out: str
    summary: str


def seat_name(seat: int, size: int) -> str:
    """A seat in words: a table of four's by the compass ("East"), else its number in
    play order ("2")."""
    if size == len(COMPASS):
        return word(SEAT_NAMES[COMPASS[seat]])
    return str(seat + 1)


def next_line(seat: NextSeat | None, fmt: str) -> str:
    """Where the player goes: "Round 3: table 2, seat East", "Round 2: you sit out"."""
    if seat is None:
        return ""
    rounds = night_format(fmt).rounds > 1
    if seat.table is None:
        return say("Round %(r)s: you sit this round out", r=seat.round)
    where = seat_name(seat.seat or 0, seat.size)
    if not rounds:
        return say("Table %(n)s, seat %(seat)s", n=seat.table, seat=where)
    return say("Round %(r)s: table %(n)s, seat %(seat)s", r=seat.round, n=seat.table, seat=where)


def _hands(s: Sitting) -> str:
    """The hands they played at the table: "5 of 7", or their part of a seat shared with a
    substitute, "hands 1-5 of 28"."""
    if s.whole or not s.hands:
        return say("%(done)s of %(due)s", done=s.hands, due=s.due)
    last = s.first + s.hands - 1
    return say("hands %(first)s-%(last)s of %(due)s", first=s.first, last=last, due=s.due)


def _row(s: Sitting, names: Sequence[str], scheme: Scheme, fmt: str) -> SittingRow:
    table_scheme = for_players(scheme, len(s.seats))
    declared = tuple(
        f"{contract_label(table_scheme, d.contract).text} {signed(d.score)}" for d in s.declared
    )
    return SittingRow(
        night_format(fmt).label(s.round, s.table).render(),
        seat_name(s.seat, len(s.seats)),
        tuple(names[p] for p in s.seats if p != s.seats[s.seat]),
        declared,
        say(
            "%(made)s made, %(received)s received", made=s.doubles_made, received=s.doubles_received
        ),
        _hands(s),
        signed(s.score),
        points(s.placing),
        s.hands > 0,
    )


def evening_view(
    e: Evening, names: Sequence[str], *, event: str, date: str, scheme: Scheme, fmt: str
) -> EveningView:
    """The player's evening in words, for the page, the PDF and the published site."""
    rows = tuple(_row(s, names, scheme, fmt) for s in e.sittings)
    sat = (
        say_n(
            "Sat out round %(rounds)s",
            "Sat out rounds %(rounds)s",
            len(e.sat_out),
            rounds=", ".join(str(r) for r in e.sat_out),
        )
        if e.sat_out
        else ""
    )
    summary = " · ".join(
        (
            say_n("%(count)s hand declared", "%(count)s hands declared", e.declared),
            say_n("%(count)s double made", "%(count)s doubles made", e.doubles_made),
            say_n("%(count)s double received", "%(count)s doubles received", e.doubles_received),
        )
    )
    return EveningView(
        names[e.player],
        event,
        day(date),
        say("Place %(place)s of %(players)s", place=place(e.place, e.shared), players=len(names)),
        signed(e.total),
        points(e.placing),
        say("Final") if e.final else say("Provisional: play goes on"),
        e.final,
        next_line(e.next, fmt),
        rows,
        sat,
        summary,
    )
