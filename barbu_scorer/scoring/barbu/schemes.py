"""Scoring schemes: the built-ins, their options, and the figures derived from them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from barbu_scorer.scoring.barbu import cards
from barbu_scorer.scoring.barbu.contracts import (
    CATALOGUE,
    DEFAULT_VALUES,
    NEGATIVES,
    RAVAGE_SHARES,
    TOURNAMENT_AWARDS,
    TOURNAMENT_CONTRACTS,
    default_awards,
    default_shares,
)
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, Word, word

DoubleTargets = Literal["anyone", "declarer"]
Redouble = Literal["free", "cover"]
Order = Literal["choice", "fixed"]
Chooser = Literal["declarer", "dealer"]
DominoesStart = Literal["rank", "fixed", "first_card"]

# A scheme's limits: the editor's forms and templates read them from here, and
# scheme_io.scheme_from_dict applies them to every scheme read from JSON (import, API,
# command line, the store). Every figure is also bounded by scoring.text.MAX_FIGURE.
MAX_NAME = 60  # characters of a scheme's name
MAX_CONTRACT_NAME = 40  # characters of a custom contract's name
MAX_REMINDER = 120  # characters of a custom contract's one-line reminder
MAX_CUSTOM = 6  # custom contracts a scheme may carry
MIN_PLAYERS, MAX_PLAYERS = 3, 10
MAX_QUOTA = 10  # doubles owed on each declarer per block
MAX_QUOTA_PENALTY = 1000  # points per missing double


@dataclass(frozen=True)
class CustomContract:
    """A table's own contract, entered as raw scores and checked against its total."""

    id: str
    name: str
    positive: bool
    total: int
    reminder: str = ""


@dataclass(frozen=True)
class Scheme:
    """A named set of rules: players, pack, contracts in play, values and options."""

    id: str
    name: str
    players: int = 4
    pack: int = 52
    left_out: tuple[str, ...] = ()
    contracts: tuple[str, ...] = TOURNAMENT_CONTRACTS
    values: dict[str, dict[str, int]] = field(default_factory=lambda: dict(DEFAULT_VALUES))
    awards: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    custom: tuple[CustomContract, ...] = ()
    doubling: bool = True
    double_targets: DoubleTargets = "anyone"
    redouble: Redouble = "free"
    undoubled_settles: bool = False
    quota: int = 2
    quota_penalty: int = 0
    order: Order = "choice"
    chooser: Chooser = "declarer"
    dominoes_start: DominoesStart = "rank"
    version: int = 1

    # -- derived figures -------------------------------------------------------------
    @property
    def tricks(self) -> int:
        """Tricks in a hand."""
        return (self.pack - len(self.left_out)) // self.players

    @property
    def hearts(self) -> int:
        """Hearts dealt."""
        return cards.hearts_in_pack(self.pack, self.left_out)

    @property
    def queens(self) -> int:
        """Queens dealt."""
        return cards.queens_in_pack(self.left_out)

    @property
    def hands(self) -> int:
        """Hands in a session: one block of every contract per player."""
        return self.players * len(self.contracts)

    @property
    def plays_a_start_rank(self) -> bool:
        """Whether a contract in play starts from a rank (Dominoes: ``dominoes_start``)."""
        return any(CATALOGUE[c].announces == "start_rank" for c in self.contracts if c in CATALOGUE)

    def custom_contract(self, contract: str) -> CustomContract | None:
        """The custom contract with this id, if the scheme has one."""
        return next((c for c in self.custom if c.id == contract), None)

    def name_of(self, contract: str) -> str:
        """A contract's display name."""
        custom = self.custom_contract(contract)
        if custom is not None:
            return custom.name
        return word(CATALOGUE[contract].name) if contract in CATALOGUE else contract

    def reminder(self, contract: str) -> str:
        """The one-line play rule that matters for a contract."""
        custom = self.custom_contract(contract)
        if custom is not None:
            return custom.reminder
        return word(CATALOGUE[contract].reminder) if contract in CATALOGUE else ""

    def is_positive(self, contract: str) -> bool:
        """Whether the contract hands out points (Trumps, Dominoes, positive customs)."""
        custom = self.custom_contract(contract)
        if custom is not None:
            return custom.positive
        return CATALOGUE[contract].positive

    def settles_undoubled(self, contract: str) -> bool:
        """Whether a hand of this contract that nobody doubles is settled without play."""
        return self.undoubled_settles and not self.is_positive(contract)

    def value(self, contract: str, key: str) -> int:
        """One value of a built-in contract."""
        return self.values[contract][key]

    def total(self, contract: str) -> int:
        """The points one hand of a contract hands out in all."""
        custom = self.custom_contract(contract)
        if custom is not None:
            return custom.total
        info = CATALOGUE.get(contract)
        if info is not None:
            return info.total(self)
        raise refused("unknown contract %(contract)s", contract=repr(contract))

    @property
    def session_total(self) -> int:
        """What a complete session hands out: every player declares every contract once."""
        return self.players * sum(self.total(c) for c in self.contracts)

    @property
    def balanced(self) -> bool:
        """Whether one block of the contracts sums to zero."""
        return sum(self.total(c) for c in self.contracts) == 0


def make_scheme(scheme_id: str, name: str, **options: Any) -> Scheme:
    """A scheme with the player-count defaults filled in (left-out cards, awards, shares)."""
    players = options.get("players", 4)
    pack = options.get("pack", 52)
    options.setdefault("left_out", cards.default_left_out(pack, players))
    options["awards"] = default_awards(
        players, tuple(options.get("awards", ())) or TOURNAMENT_AWARDS
    )
    options["shares"] = default_shares(players, tuple(options.get("shares", ())) or RAVAGE_SHARES)
    values = {contract: dict(v) for contract, v in DEFAULT_VALUES.items()}
    for contract, v in options.pop("values", {}).items():
        values[contract] = {**values[contract], **v}
    return Scheme(scheme_id, name, values=values, **options)


_BRADER_VALUES = {
    "no_king_of_hearts": {"king": -25},
    "no_hearts": {"heart": -4, "ace": -12},
    "no_last_two": {"penultimate": -10, "last": -20},
    "no_tricks": {"trick": -5},
    "no_queens": {"queen": -15},
    "trumps": {"trick": 5},
}

BUILTINS: dict[str, Scheme] = {
    s.id: s
    for s in (
        make_scheme("tournament", Word(N_("Tournament Barbu"))),
        make_scheme(
            "ravage_city",
            Word(N_("Tournament with Ravage City")),
            contracts=(*TOURNAMENT_CONTRACTS, "ravage_city"),
        ),
        make_scheme(
            "brader",
            Word(N_("Mark Brader's values")),
            contracts=(*TOURNAMENT_CONTRACTS, "ravage_city"),
            values=_BRADER_VALUES,
            awards=(40, 20, 0, -20),
        ),
        make_scheme(
            "kh15_dom40",
            Word(N_("K♥ -15, Dominoes 40")),
            values={"no_king_of_hearts": {"king": -15}},
            awards=(40, 20, 10, -10),
        ),
        make_scheme(
            "dom30_kh15",
            Word(N_("Dominoes 30, K♥ -15")),
            values={"no_king_of_hearts": {"king": -15}},
            awards=(30, 20, 10, 0),
        ),
        make_scheme(
            "french_classic",
            Word(N_("French classic (fixed order, no doubling)")),
            contracts=(
                "no_tricks",
                "no_hearts",
                "no_queens",
                "no_king_of_hearts",
                "no_last_two",
                "salad",
                "dominoes",
            ),
            order="fixed",
            doubling=False,
            quota=0,
        ),
        make_scheme("no_dominoes", Word(N_("No Dominoes")), contracts=(*NEGATIVES, "trumps")),
        make_scheme("no_trumps", Word(N_("No Trumps")), contracts=(*NEGATIVES, "dominoes")),
    )
}


def builtin(scheme_id: str) -> Scheme:
    """A built-in scheme by id."""
    try:
        return BUILTINS[scheme_id]
    except KeyError:
        known = ", ".join(BUILTINS)
        raise refused(
            "unknown scheme %(scheme_id)s (built-ins: %(known)s)",
            scheme_id=repr(scheme_id),
            known=known,
        ) from None


def renamed(scheme: Scheme, scheme_id: str, name: str, version: int = 1) -> Scheme:
    """A copy of a scheme under a new id and name (the start of a house scheme)."""
    return replace(scheme, id=scheme_id, name=name, version=version)
