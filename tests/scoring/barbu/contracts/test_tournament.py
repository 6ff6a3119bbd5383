"""The Tournament's seven entries of the catalogue, in their order of play."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.contracts import TOURNAMENT_CONTRACTS
from barbu_scorer.scoring.barbu.contracts.tournament import NEGATIVES, TOURNAMENT


def test_the_seven_contracts_negatives_first() -> None:
    assert tuple(c.id for c in TOURNAMENT) == TOURNAMENT_CONTRACTS
    assert [c.positive for c in TOURNAMENT] == [False] * len(NEGATIVES) + [True, True]
    assert (
        sum(c.total(__import__("barbu_scorer").scoring.builtin("tournament")) for c in TOURNAMENT)
        == 0
    )
