"""The limits every page's inputs state (maxlength), read from scoring's constants."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.schemes import (
    MAX_CONTRACT_NAME,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_REMINDER,
    MIN_PLAYERS,
)
from barbu_scorer.scoring.players import MAX_NAME_LENGTH, MAX_SESSION_NAME_LENGTH

# What every page's inputs offer and say as maxlength: scoring's limits, for the templates.
LIMITS = {
    "name": MAX_NAME,
    "contract_name": MAX_CONTRACT_NAME,
    "reminder": MAX_REMINDER,
    "player_name": MAX_NAME_LENGTH,
    "session_name": MAX_SESSION_NAME_LENGTH,
    "player_counts": tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
}
