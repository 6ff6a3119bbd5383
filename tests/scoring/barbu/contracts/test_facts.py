"""Issue 13, the rules: facts no play could produce are refused (SPEC section 1, "how
facts must agree"), a legal Ravage City tie is not flagged by the block check, and the
raw-score option cache is bounded. Each test is named after the defect."""

from __future__ import annotations

from typing import Any

import pytest

from barbu_scorer.scoring.barbu import raw as raw_module
from barbu_scorer.scoring.barbu import salad as salad_module
from barbu_scorer.scoring.barbu.blocks import HandFigures, block_check, block_sums
from barbu_scorer.scoring.barbu.hands import raw_from_facts
from barbu_scorer.scoring.barbu.raw import check_raw
from barbu_scorer.scoring.barbu.schemes import builtin, make_scheme
from barbu_scorer.scoring.errors import ScoringError

SALAD = builtin("french_classic")


def salad(**facts: Any) -> dict[str, Any]:
    base = {
        "tricks": [4, 3, 3, 3],
        "queens": [1, 1, 1, 1],
        "hearts": [4, 3, 3, 3],
        "ace_of_hearts": 0,
        "king_of_hearts": 1,
        "penultimate": 2,
        "last": 3,
    }
    return {**base, **facts}


def test_salad_facts_that_fit_are_accepted() -> None:
    assert len(raw_from_facts(SALAD, "salad", salad())) == 4


def test_salad_scoring_cards_that_do_not_fit_in_the_tricks_taken_are_refused() -> None:
    # Seat 3 took one trick (4 cards) but 5 hearts and a queen.
    facts = salad(tricks=[6, 3, 3, 1], hearts=[3, 3, 2, 5], queens=[1, 1, 1, 1])
    with pytest.raises(ScoringError, match="fit in their tricks"):
        raw_from_facts(SALAD, "salad", facts)


def test_salad_facts_that_leave_no_one_to_hold_the_queen_of_hearts_are_refused() -> None:
    # Every queen went to seat 0, whose only heart is A♥: nobody took Q♥.
    facts = salad(queens=[4, 0, 0, 0], hearts=[1, 4, 4, 4], ace_of_hearts=0)
    with pytest.raises(ScoringError, match="Q♥"):
        raw_from_facts(SALAD, "salad", facts)


def test_salad_raw_whose_cards_cannot_fit_is_refused() -> None:
    # What a seat may take in a raw Salad: 1 trick of 4 cards cannot hold 4 queens and
    # 4 hearts (7 cards, Q♥ counted once); 2 tricks can.
    # (The last figure: whether the seat took Q♥, which needs a heart beyond A♥ and K♥.)
    assert not salad_module.seat_ok((1, 4, 0, 0, 4, 1, 1, 1), players=4)
    assert salad_module.seat_ok((2, 4, 0, 0, 4, 1, 1, 1), players=4)
    assert not salad_module.seat_ok((2, 4, 0, 0, 2, 1, 1, 1), players=4)
    assert not salad_module.seat_ok((2, 0, 0, 0, 4, 1, 1, 1), players=4)
    assert not salad_module.seat_ok((0, 0, 0, 0, 0, 0, 0, 1), players=4)


TEN = make_scheme("ten", "Ten", players=10, pack=52, contracts=("ravage_city",))


def test_ravage_city_tie_among_more_players_than_took_tricks_is_refused() -> None:
    assert TEN.tricks == 5
    with pytest.raises(ScoringError, match="at most 5 players can tie"):
        raw_from_facts(TEN, "ravage_city", {"most_cards": [0, 1, 2, 3, 4, 5]})
    assert sum(raw_from_facts(TEN, "ravage_city", {"most_cards": [0, 1, 2, 3, 4]})) != 0


def test_ravage_city_raw_tie_of_ten_with_five_tricks_is_refused() -> None:
    share = TEN.shares[9]
    with pytest.raises(ScoringError, match="no play"):
        check_raw(TEN, "ravage_city", [share] * 10)
    five = TEN.shares[4]
    assert check_raw(TEN, "ravage_city", [five] * 5 + [0] * 5) == (five,) * 5 + (0,) * 5


def test_block_check_does_not_flag_a_legal_ravage_city_tie() -> None:
    scheme = make_scheme(
        "five", "Five", players=5, contracts=("ravage_city",), shares=(-36, -18, -12, -9, -7)
    )
    raw = [-7] * 5
    assert check_raw(scheme, "ravage_city", raw) == tuple(raw)
    assert block_check(scheme, [("ravage_city", raw)]) == (-35, -35)
    (sums,) = block_sums(scheme, [HandFigures("ravage_city", raw, raw, raw)])
    assert sums.check_ok and sums.difference == 0
    # A lone taker still owes the one-player penalty.
    assert block_check(scheme, [("ravage_city", [-36, 0, 0, 0, 0])]) == (-36, -36)


def test_raw_option_cache_is_bounded() -> None:
    raw_module._cached_options.cache_clear()
    for value in range(1, raw_module.OPTIONS_CACHED + 40):
        scheme = make_scheme("x", "x", values={"no_tricks": {"trick": -value}})
        check_raw(scheme, "no_tricks", [-13 * value, 0, 0, 0])
    info = raw_module._cached_options.cache_info()
    assert info.currsize <= raw_module.OPTIONS_CACHED
    assert raw_module._verdict.cache_info().maxsize == raw_module.VERDICTS_CACHED
