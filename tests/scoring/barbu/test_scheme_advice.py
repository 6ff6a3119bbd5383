"""The editor's advice on dealing: a pack that deals evenly says nothing; one that does
not is refused with what to leave out."""

from __future__ import annotations

from dataclasses import replace

from barbu_scorer.scoring.barbu.scheme_advice import deal_advice
from barbu_scorer.scoring.barbu.schemes import builtin


def test_tournament_deals_evenly() -> None:
    assert deal_advice(builtin("tournament")) == []


def test_fifty_two_cards_to_five_players_is_refused_with_the_usual_choice() -> None:
    (advice,) = deal_advice(replace(builtin("tournament"), players=5))
    assert advice.field == "left_out" and advice.refuses
    assert advice.text.params["usual"] == "2♣ 2♦" and advice.text.params["extra"] == 2
