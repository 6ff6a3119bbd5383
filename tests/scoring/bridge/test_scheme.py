"""Barbu Bridge's scheme described: its sub-games named by the one list of names."""

from __future__ import annotations

from barbu_scorer.scoring.bridge.scheme import BRIDGE_SCHEME, FORMAT, bridge_scheme
from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES, SUBGAMES


def test_the_scheme_names_its_four_sub_games() -> None:
    assert BRIDGE_SCHEME["format"] == FORMAT == "barbu-bridge/1"
    assert [g["id"] for g in BRIDGE_SCHEME["subgames"]] == list(SUBGAMES)
    assert [g["name"] for g in BRIDGE_SCHEME["subgames"]] == list(SUBGAME_NAMES.values())
    assert bridge_scheme() == BRIDGE_SCHEME
