"""The contract catalogue: each built-in contract is one entry (``tournament.py`` holds
the tournament's seven, ``variants.py`` the others; ``facts.py`` the facts they take) that
carries its words, facts, values, total, facts-to-raw rule, legal raw scores, values in
words and what its forms show (``parts.py`` says what an entry is made of). Everything
else reads contracts from here: nothing branches on a contract's id."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.contracts.facts import ALL
from barbu_scorer.scoring.barbu.contracts.parts import (
    Contract,
    Fact,
    Signed,
    complete_order,
    half_away,
)
from barbu_scorer.scoring.barbu.contracts.tournament import NEGATIVES, TOURNAMENT
from barbu_scorer.scoring.barbu.contracts.variants import VARIANTS

__all__ = [
    "BUILTIN_CONTRACTS",
    "CATALOGUE",
    "DEFAULT_VALUES",
    "FACTS",
    "NEGATIVES",
    "TOURNAMENT_CONTRACTS",
    "VALUE_KEYS",
    "Contract",
    "ContractInfo",
    "Fact",
    "Signed",
    "complete_order",
    "default_awards",
    "default_shares",
    "half_away",
]

CATALOGUE: dict[str, Contract] = {c.id: c for c in (*TOURNAMENT, *VARIANTS)}
"""Every built-in contract, by id, in the order the app lists them."""
ContractInfo = Contract  # the name the catalogue's entries had before they carried rules
TOURNAMENT_CONTRACTS: tuple[str, ...] = (*NEGATIVES, "trumps", "dominoes")
BUILTIN_CONTRACTS: tuple[str, ...] = tuple(CATALOGUE)
FACTS: dict[str, Fact] = {f.key: f for f in ALL}
"""Every fact, by its name, in the order the hand form asks them."""

# Default values; Dominoes awards and Ravage City shares are adapted per player count.
DEFAULT_VALUES: dict[str, dict[str, int]] = {
    c.id: c.default_values for c in CATALOGUE.values() if c.values
}
TOURNAMENT_AWARDS: tuple[int, ...] = (45, 20, 5, -5)
RAVAGE_SHARES: tuple[int, ...] = (-36, -18, -12, -9)
VALUE_KEYS: dict[str, tuple[str, ...]] = {
    contract: tuple(values) for contract, values in DEFAULT_VALUES.items()
}


def default_awards(players: int, awards: tuple[int, ...] = TOURNAMENT_AWARDS) -> tuple[int, ...]:
    """Dominoes awards for a player count, keeping the four-player total (+65)."""
    if players == len(awards):
        return awards
    if players < len(awards):
        head = list(awards[: players - 1])
        return (*head, sum(awards) - sum(head))
    return (*awards[:-1], *([0] * (players - len(awards))), awards[-1])


def default_shares(players: int, shares: tuple[int, ...] = RAVAGE_SHARES) -> tuple[int, ...]:
    """Ravage City shares by tie size (1..players): the whole penalty split evenly."""
    whole = shares[0]
    return tuple(
        shares[size - 1] if size <= len(shares) else half_away(whole / size)
        for size in range(1, players + 1)
    )
