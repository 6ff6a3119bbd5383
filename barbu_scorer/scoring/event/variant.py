"""A scheme's variant for a table's player count (three or five at a club night)."""

from __future__ import annotations

from dataclasses import replace

from barbu_scorer.scoring.barbu import cards
from barbu_scorer.scoring.barbu.contracts import default_awards, default_shares
from barbu_scorer.scoring.barbu.schemes import MAX_PLAYERS, MIN_PLAYERS, Scheme
from barbu_scorer.scoring.errors import refused


def for_players(scheme: Scheme, players: int) -> Scheme:
    """The scheme for ``players``: the same contracts and values, with the player-count
    defaults a new scheme gets (the cards left out, the Dominoes awards keeping their
    total, Ravage City's shares); the scheme itself when the count is its own."""
    if players == scheme.players:
        return scheme
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise refused(
            "a table has %(least)s to %(most)s players, not %(players)s",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            players=players,
        )
    return replace(
        scheme,
        players=players,
        left_out=cards.default_left_out(scheme.pack, players),
        awards=default_awards(players, scheme.awards),
        shares=default_shares(players, scheme.shares),
    )
