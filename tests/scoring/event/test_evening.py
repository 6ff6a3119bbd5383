"""A player's evening: the tables they sat at, their hands, doubles and scores, adding up
to the ranking's figures; and where they sit next."""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.barbu.sessions import HandEntry, score_session
from barbu_scorer.scoring.event.evening import PlayedTable, evening, next_seat
from barbu_scorer.scoring.event.movement import Round
from barbu_scorer.scoring.event.movement import blocks_movement as movement
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.event.ranking import SIT_OUT_POINTS, TableScore, standings
from barbu_scorer.scoring.event.variant import for_players


@functools.cache
def blocks_movement(players: int, seed: int) -> tuple[Round, ...]:
    """The movement, made once per (players, seed) for the whole module."""
    return movement(players, seed)


def _entry(size: int, index: int, rng: random.Random, declarer: int) -> HandEntry:
    scheme = for_players(BUILTINS["tournament"], size)
    contract = scheme.contracts[index % len(scheme.contracts)]
    raw = [0] * size
    winner = rng.randrange(size)
    if contract == "dominoes":
        for place, seat in enumerate((winner + k) % size for k in range(size)):
            raw[seat] = scheme.awards[place]
        return HandEntry(contract, raw=raw, start_rank="2")
    raw[winner] = scheme.total(contract)
    doubles = [] if scheme.is_positive(contract) else [[(declarer + 1) % size, declarer]]
    return HandEntry(
        contract, raw=raw, doubles=doubles, trump="spades" if contract == "trumps" else None
    )


def _night(players: int, seed: int, clock: int, played: int) -> list[PlayedTable]:
    """A rotating-blocks night: every round before ``clock`` played whole, ``played``
    hands at each table of the round in play."""
    rng = random.Random(seed)
    out = []
    for number, rnd in enumerate(blocks_movement(players, seed), 1):
        for index, table in enumerate(rnd.tables, 1):
            size = len(table.seats)
            scheme = for_players(BUILTINS["tournament"], size)
            first = table.declarer_seat or 0
            due = len(scheme.contracts)
            hands = due if number < clock else played if number == clock else 0
            session = score_session(
                scheme, first, [_entry(size, i, rng, first) for i in range(hands)]
            )
            progress = table_progress(session, "blocks", None)
            out.append(PlayedTable(number, index, table.seats, session, progress))
    return out


@settings(max_examples=8, deadline=None)
@given(st.integers(8, 13), st.integers(0, 50), st.integers(1, 4), st.integers(0, 4))
def test_each_evening_adds_up_to_the_ranking(
    players: int, seed: int, clock: int, played: int
) -> None:
    tables = _night(players, seed, clock, played)
    rounds = blocks_movement(players, seed)
    out = [r.sitting_out for r in rounds]
    scores = [
        TableScore(t.round, t.number, t.seats, t.progress.scores, t.progress.done > 0)
        for t in tables
    ]
    sat = [p for r, who in enumerate(out, 1) if r <= clock for p in who]
    rows = {r.player: r for r in standings(players, scores, "total", sat)}
    made = received = declared = 0
    for p in range(players):
        e = evening(p, players, tables, out, clock)
        assert e.total == rows[p].total == sum(s.score for s in e.sittings)
        assert e.placing == rows[p].placing
        assert e.placing == sum(
            (s.placing for s in e.sittings), Fraction(0)
        ) + SIT_OUT_POINTS * len(e.sat_out)
        assert e.place == rows[p].place
        assert [s.round for s in e.sittings] == sorted(s.round for s in e.sittings)
        made += e.doubles_made
        received += e.doubles_received
        declared += e.declared
    counted = [h for t in tables for h in t.session.hands[: t.progress.done]]
    assert made == received == sum(len(h.doubles) for h in counted)
    assert declared == len(counted)


def test_next_seat_follows_the_round_in_play() -> None:
    tables = _night(8, 3, 2, 3)
    out = [r.sitting_out for r in blocks_movement(8, 3)]
    player = tables[2].seats[1]  # round 2, table 1, seat 1: playing
    seat = next_seat(player, tables, out, 2)
    assert seat is not None and (seat.round, seat.table, seat.seat, seat.playing) == (2, 1, 1, True)
    done = _night(8, 3, 2, 7)  # round 2 finished: round 3 is next
    later = next_seat(player, done, out, 2)
    assert later is not None and later.round == 3 and not later.playing
    assert later.table is not None and player in done[4 + later.table - 1].seats
    assert next_seat(player, _night(8, 3, 4, 7), out, 4) is None  # the night is over


def test_a_sitter_is_told_so() -> None:
    out = [r.sitting_out for r in blocks_movement(11, 0)]
    tables = _night(11, 0, 1, 2)
    sitter = next(p for r in out for p in r)
    first = next(n for n, r in enumerate(out, 1) if sitter in r)
    seat = next_seat(sitter, _night(11, 0, first, 0), out, first)
    assert seat is not None and seat.table is None and seat.playing
    assert evening(sitter, 11, tables, out, 1).sittings
