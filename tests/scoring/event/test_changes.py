"""People change during the night: the movement re-planned with arrivals, departures and
returns at every round (8 to 40 players), and substitutes taking a seat for the rest of
the evening (at a table in play, from its next hand)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.changes import Present, replan, substitute, takes_over
from barbu_scorer.scoring.event.movement import (
    MAX_TABLE,
    MIN_TABLE,
    ROUNDS,
    Round,
    blocks_movement,
)


def _declarers(rnd: Round) -> list[int]:
    return [t.declarer for t in rnd.tables if t.declarer is not None]


def _check_round(rnd: Round, here: set[int]) -> None:
    seated = [p for t in rnd.tables for p in t.seats]
    assert sorted(seated + list(rnd.sitting_out)) == sorted(here)  # the present, once each
    assert all(MIN_TABLE <= len(t.seats) <= MAX_TABLE for t in rnd.tables)
    assert all(t.declarer_seat is not None for t in rnd.tables)  # one declarer a table
    assert not set(rnd.sitting_out) & set(_declarers(rnd))
    assert len(rnd.sitting_out) <= 1


def _check_fair(rounds: tuple[Round, ...], first: int, history: list[set[int]]) -> None:
    """Declaring and sitting out as the rule says, in each re-planned round."""
    for index in range(first - 1, ROUNDS):
        rnd, before = rounds[index], rounds[:index]
        here = history[index]
        done = {p for r in before for p in _declarers(r)}
        now = _declarers(rnd)
        if any(p in done for p in now):  # someone declares again: no fresh one is left out
            assert {p for p in here if p not in done} <= set(now)
        sat = {p: sum(p in r.sitting_out for r in before) for p in here}
        for p in rnd.sitting_out:  # nobody sits out twice before everyone eligible has once
            assert sat[p] == min(sat[q] for q in here if q not in now)


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 40), st.integers(0, 10**6), st.data())
def test_arrivals_and_departures_at_every_round(
    players: int, seed: int, data: st.DataObject
) -> None:
    rounds = blocks_movement(players, seed)
    total, here = players, set(range(players))
    history = [set(here) for _ in range(ROUNDS)]
    for first in range(2, ROUNDS + 1):
        arrive = data.draw(st.integers(0, 3), label=f"arrivals before round {first}")
        leave = data.draw(st.integers(0, min(3, len(here) - 8)), label="departures")
        gone = data.draw(st.lists(st.sampled_from(sorted(here)), min_size=leave, max_size=leave))
        away = sorted(set(range(total)) - here)  # who left before: some come back
        back = data.draw(st.lists(st.sampled_from(away), max_size=2) if away else st.just([]))
        here = (here - set(gone)) | set(range(total, total + arrive)) | set(back)
        total += arrive
        for index in range(first - 1, ROUNDS):
            history[index] = set(here)
        again = replan(rounds, total, Present(first, frozenset(here)), seed + first)
        assert again[: first - 1] == rounds[: first - 1]  # started rounds never change
        for index in range(first - 1, ROUNDS):
            _check_round(again[index], history[index])
        _check_fair(again, first, history)
        rounds = again
    assert all(
        [p for r in rounds for p in _declarers(r)].count(p) <= 2 for p in range(total)
    )  # what an import takes back
    declared = [p for r in rounds for p in _declarers(r)]
    # with the numbers unchanged, everyone present all evening declares exactly once
    stayed = set.intersection(*history)
    if all(h == stayed for h in history):
        assert sorted(declared) == sorted(stayed)


def test_a_late_arrival_declares_in_a_round_left() -> None:
    rounds = blocks_movement(16, 1)
    again = replan(rounds, 17, Present(3, frozenset(range(17))), 5)
    later = [p for r in again[2:] for p in _declarers(r)]
    assert 16 in later
    assert sorted(p for r in again for p in _declarers(r)) == list(range(17))


def test_a_departure_is_seated_nowhere_after() -> None:
    rounds = blocks_movement(12, 2)
    again = replan(rounds, 12, Present(2, frozenset(range(1, 12))), 0)
    assert all(0 not in t.seats for r in again[1:] for t in r.tables)
    assert again[0] == rounds[0]


def test_a_player_back_after_leaving_is_planned_from_the_next_round() -> None:
    rounds = blocks_movement(10, 3)
    gone = replan(rounds, 10, Present(2, frozenset(range(1, 10))), 1)
    back = replan(gone, 10, Present(4, frozenset(range(10))), 2)
    assert back[:3] == gone[:3] and all(0 not in t.seats for t in back[2].tables)
    assert any(0 in t.seats for t in back[3].tables) or 0 in back[3].sitting_out


def test_a_substitute_at_a_table_in_play_plays_its_next_hand() -> None:
    assert takes_over(0, 7) == 1 and takes_over(6, 7) == 7
    with pytest.raises(ScoringError):
        takes_over(7, 7)


@pytest.mark.parametrize("first", [0, 1, 5])
def test_replan_refuses_a_started_or_missing_round(first: int) -> None:
    with pytest.raises(ScoringError):
        replan(blocks_movement(8), 8, Present(first, frozenset(range(8))))


def test_replan_refuses_too_few_present() -> None:
    with pytest.raises(ScoringError):
        replan(blocks_movement(8), 8, Present(2, frozenset({0, 1})))


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 40), st.integers(0, 10**6), st.integers(2, ROUNDS), st.data())
def test_a_substitute_takes_the_seat_for_the_rest_of_the_evening(
    players: int, seed: int, first: int, data: st.DataObject
) -> None:
    rounds = blocks_movement(players, seed)
    gone = data.draw(st.integers(0, players - 1))
    again = substitute(rounds, gone, players, first)
    assert again[: first - 1] == rounds[: first - 1]
    for old, new in zip(rounds[first - 1 :], again[first - 1 :], strict=True):
        for a, b in zip(old.tables, new.tables, strict=True):
            assert b.declarer_seat == a.declarer_seat
            assert b.seats == tuple(players if p == gone else p for p in a.seats)
        assert gone not in new.sitting_out and (players in new.sitting_out) == (
            gone in old.sitting_out
        )
