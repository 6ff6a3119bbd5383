"""The scheme editor's form and a scheme, both ways: the id a custom contract's name
gives, the order of the contracts, the cards that may be left out."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.schemes import builtin
from barbu_scorer.web.forms.scheme_draft import candidate_cards, custom_id, sequence_of
from barbu_scorer.web.limits import LIMITS


def test_a_custom_contract_id_comes_from_its_name_and_never_clashes() -> None:
    assert custom_id("Chinese Poker", set()) == "chinese_poker"
    assert custom_id("Chinese Poker", {"chinese_poker"}) == "chinese_poker_2"
    assert custom_id("No Tricks", set()) == "no_tricks_2"  # a built-in's id is taken
    assert custom_id("!!!", set()) == "custom"


def test_the_sequence_starts_with_the_contracts_in_play() -> None:
    tournament = builtin("tournament")
    assert sequence_of(tournament)[: len(tournament.contracts)] == list(tournament.contracts)


def test_the_cards_offered_to_leave_out_and_the_limits_the_templates_read() -> None:
    assert len(candidate_cards(52)) >= 4
    assert LIMITS["player_counts"][0] == 3
