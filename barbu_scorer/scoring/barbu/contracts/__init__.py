"""The contract catalogue: ids, names, kinds, default values and play reminders."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.messages import N_

NEGATIVES: tuple[str, ...] = (
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
)
TOURNAMENT_CONTRACTS: tuple[str, ...] = (*NEGATIVES, "trumps", "dominoes")
BUILTIN_CONTRACTS: tuple[str, ...] = (*TOURNAMENT_CONTRACTS, "ravage_city", "salad")


@dataclass(frozen=True)
class ContractInfo:
    """What the app knows about a built-in contract."""

    id: str
    name: str
    short: str
    positive: bool
    reminder: str


CATALOGUE: dict[str, ContractInfo] = {
    info.id: info
    for info in (
        ContractInfo(
            "no_tricks",
            N_("No Tricks"),
            N_("Tricks"),
            False,
            N_("No trumps. Follow suit if you can; every trick costs."),
        ),
        ContractInfo(
            "no_queens",
            N_("No Queens"),
            N_("Queens"),
            False,
            N_("No trumps. Play may stop once all four queens are taken."),
        ),
        ContractInfo(
            "no_last_two",
            N_("No Last Two"),
            N_("Last two"),
            False,
            N_("No trumps. Only the last two tricks count: keep low cards for the end."),
        ),
        ContractInfo(
            "no_hearts",
            N_("No Hearts"),
            N_("Hearts"),
            False,
            N_("Hearts may not be led unless you hold only hearts."),
        ),
        ContractInfo(
            "no_king_of_hearts",
            N_("No King of Hearts"),
            N_("K♥"),
            False,
            N_("Hearts may not be led unless you hold only hearts. Play stops when K♥ falls."),
        ),
        ContractInfo(
            "trumps",
            N_("Trumps"),
            N_("Trumps"),
            True,
            N_("If you can head the trick with a trump you must, overtrumping included."),
        ),
        ContractInfo(
            "dominoes",
            N_("Dominoes"),
            N_("Dominoes"),
            True,
            N_(
                "Open a suit with the starting rank or play next to its run; pass only if "
                "you cannot."
            ),
        ),
        ContractInfo(
            "ravage_city",
            N_("Ravage City"),
            N_("Ravage"),
            False,
            N_("No trumps. The most cards of any one suit costs; ties share it."),
        ),
        ContractInfo(
            "salad",
            N_("Salad"),
            N_("Salad"),
            False,
            N_("All five negatives at once. Hearts may not be led unless you hold only hearts."),
        ),
    )
}

# Default values; Dominoes awards and Ravage City shares are adapted per player count.
DEFAULT_VALUES: dict[str, dict[str, int]] = {
    "no_tricks": {"trick": -2},
    "no_queens": {"queen": -6},
    "no_last_two": {"penultimate": -10, "last": -20},
    "no_hearts": {"heart": -2, "ace": -6},
    "no_king_of_hearts": {"king": -20},
    "trumps": {"trick": 5},
}
TOURNAMENT_AWARDS: tuple[int, ...] = (45, 20, 5, -5)
RAVAGE_SHARES: tuple[int, ...] = (-36, -18, -12, -9)
RAVAGE_SHARES_24: tuple[int, ...] = (-24, -12, -8, -6)
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


def half_away(x: float) -> int:
    """Round to the nearest whole number, halves away from zero (never to even)."""
    whole = int(abs(x) + 0.5)
    return whole if x >= 0 else -whole
