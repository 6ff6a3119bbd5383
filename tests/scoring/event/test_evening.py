"""A player's evening: the tables they sat at, their hands, doubles and scores, adding up
to the ranking's figures; and where they sit next."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.barbu.sessions import HandEntry, score_session
from barbu_scorer.scoring.event.changes import substitute
from barbu_scorer.scoring.event.evening import PlayedTable, evening, next_seat
from barbu_scorer.scoring.event.movement import Round
from barbu_scorer.scoring.event.movement import blocks_movement as movement
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.event.ranking import SIT_OUT_POINTS, shared_seat, standings
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


def _night(
    players: int, seed: int, clock: int, played: int, rounds: tuple[Round, ...] = ()
) -> list[PlayedTable]:
    """A rotating-blocks night: every round before ``clock`` played whole, ``played``
    hands at each table of the round in play (``rounds``: the movement, else the seed's)."""
    rng = random.Random(seed)
    out = []
    for number, rnd in enumerate(rounds or blocks_movement(players, seed), 1):
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


def _relieved(
    players: int, seed: int, clock: int, played: int, data: st.DataObject
) -> tuple[int, list[PlayedTable], tuple[Round, ...]]:
    """The night with substitutes who took a seat at some tables of the round in play after
    a few of its hands (each a new player, in the seat for the rest of the evening)."""
    rounds = blocks_movement(players, seed)
    chosen = data.draw(st.lists(st.integers(0, 3), max_size=2, unique=True), label="tables")
    taken = []
    for index in chosen:
        tables = rounds[clock - 1].tables
        if index >= len(tables):
            continue
        seat = data.draw(st.integers(0, len(tables[index].seats) - 1), label="seat")
        gone = tables[index].seats[seat]
        rounds = substitute(rounds, gone, players + len(taken), clock)
        taken.append((index, seat, gone, data.draw(st.integers(0, played), label="before")))
    night = _night(players, seed, clock, played, rounds)
    first = next(i for i, t in enumerate(night) if t.round == clock)
    for index, seat, gone, hands in taken:
        t = night[first + index]
        totals = [h.totals[seat] for h in t.session.hands]
        earlier = shared_seat(seat, [(hands, gone)], totals, t.progress.done)
        night[first + index] = replace(t, earlier=t.earlier + earlier)
    return players + len(taken), night, rounds


@settings(max_examples=12, deadline=None)
@given(st.integers(8, 13), st.integers(0, 50), st.integers(1, 4), st.integers(0, 4), st.data())
def test_each_evening_adds_up_to_the_ranking(
    players: int, seed: int, clock: int, played: int, data: st.DataObject
) -> None:
    """Substitutes among them: the one who left and the one who took the seat each have
    their part of it, as the ranking shares it."""
    everyone, tables, rounds = _relieved(players, seed, clock, played, data)
    out = [r.sitting_out for r in rounds]
    scores = [t.score for t in tables]
    sat = [p for r, who in enumerate(out, 1) if r <= clock for p in who]
    rows = {r.player: r for r in standings(everyone, scores, "total", sat)}
    made = received = declared = 0
    for p in range(everyone):
        e = evening(p, everyone, tables, out, clock)
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


def test_a_seat_taken_over_mid_table_is_in_both_evenings() -> None:
    """Regression: the evening counted the whole seat for the substitute, and the player
    who left lost that table (their place and total differed from the leaderboard's)."""
    gone = blocks_movement(8, 3)[1].tables[0].seats[0]
    rounds = substitute(blocks_movement(8, 3), gone, 8, 2)
    night = _night(8, 3, 2, 5, rounds)
    at = next(i for i, t in enumerate(night) if t.round == 2 and t.number == 1)
    totals = [h.totals[0] for h in night[at].session.hands]
    night[at] = replace(night[at], earlier=shared_seat(0, [(3, gone)], totals, 5))
    out = [r.sitting_out for r in rounds]
    rows = {r.player: r for r in standings(9, [t.score for t in night], "total", out[0] + out[1])}
    left, came = evening(gone, 9, night, out, 2), evening(8, 9, night, out, 2)
    mine = next(s for s in left.sittings if s.round == 2)
    theirs = next(s for s in came.sittings if s.round == 2)
    assert (mine.first, mine.hands, theirs.first, theirs.hands) == (1, 3, 4, 2)
    assert not mine.whole and not theirs.whole
    assert mine.score == totals[2] and theirs.score == totals[4] - totals[2]
    for e in (left, came):
        assert (e.total, e.placing, e.place) == (
            rows[e.player].total,
            rows[e.player].placing,
            rows[e.player].place,
        )
