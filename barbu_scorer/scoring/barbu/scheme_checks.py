"""Advice about a scheme: what looks wrong, next to the field it concerns.

Most checks help and never block (a value whose sign contradicts its contract, an
unbalanced scheme...). A few mark what cannot be scored at all (``refuses``): no
contract in play, a pack that does not deal evenly, Dominoes awards that are not one
per finishing place. Pure: no Flask, works on any :class:`Scheme`, even one built
directly from a half-edited form.

Field names are the scheme object's own keys: ``players``, ``left_out``, ``contracts``,
``values.<contract>.<key>``, ``awards``, ``shares``, ``custom.<id>``, ``quota``,
``quota_penalty``, ``undoubled_settles``, ``dominoes_start``, and ``balance`` for the
scheme as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.barbu.cards import card_label, default_left_out, is_card
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    CATALOGUE,
    NEGATIVES,
    default_shares,
)
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.figures import signed

VALUE_WORDS: dict[str, str] = {
    "trick": "a trick",
    "queen": "a queen",
    "penultimate": "the penultimate trick",
    "last": "the last trick",
    "heart": "a heart",
    "ace": "A♥",
    "king": "K♥",
}


@dataclass(frozen=True)
class SchemeWarning:
    """One piece of advice: the field it belongs to, in plain words; ``refuses`` if fatal."""

    field: str
    message: str
    refuses: bool = False


def _deal(scheme: Scheme) -> list[SchemeWarning]:
    out = []
    dealt = scheme.pack - len(scheme.left_out)
    if any(not is_card(c, scheme.pack) for c in scheme.left_out):
        odd = " ".join(c for c in scheme.left_out if not is_card(c, scheme.pack))
        out.append(
            SchemeWarning("left_out", f"{odd}: not a card of the {scheme.pack}-card pack", True)
        )
    if "KH" in scheme.left_out or "AH" in scheme.left_out:
        out.append(
            SchemeWarning("left_out", "K♥ and A♥ score in No Hearts and Barbu: they stay in", True)
        )
    extra = dealt % scheme.players
    if extra:
        usual = " ".join(card_label(c) for c in default_left_out(scheme.pack, scheme.players))
        out.append(
            SchemeWarning(
                "left_out",
                f"{dealt} cards do not deal evenly to {scheme.players} players: leave out {extra} "
                f"more or put {scheme.players - extra} back"
                + (
                    f" (the usual choice is {usual})"
                    if usual
                    else " (the usual choice leaves none out)"
                ),
                True,
            )
        )
    elif len(scheme.left_out) >= scheme.players:
        out.append(
            SchemeWarning(
                "left_out",
                f"{len(scheme.left_out)} cards are left out: putting {scheme.players} back would "
                "still deal evenly, one more trick each",
            )
        )
    return out


def _sign(scheme: Scheme, in_play: set[str]) -> list[SchemeWarning]:
    out = []
    scored = set(in_play) | (set(NEGATIVES) if "salad" in in_play else set())
    for contract, values in scheme.values.items():
        if contract not in scored or contract not in CATALOGUE:
            continue
        info = CATALOGUE[contract]
        for key, value in values.items():
            wrong = value < 0 if info.positive else value > 0
            if wrong:
                kind = "positive" if info.positive else "negative"
                want = "win" if value > 0 else "avoid"
                out.append(
                    SchemeWarning(
                        f"values.{contract}.{key}",
                        f"{info.name} is a {kind} contract, but {VALUE_WORDS.get(key, key)} "
                        f"scores {signed(value)}: players would {want} it",
                    )
                )
    for custom in scheme.custom:
        if (custom.positive and custom.total < 0) or (not custom.positive and custom.total > 0):
            kind = "positive" if custom.positive else "negative"
            out.append(
                SchemeWarning(
                    f"custom.{custom.id}",
                    f"{custom.name} is marked {kind} but hands out {signed(custom.total)} in all",
                )
            )
    return out


def _awards(scheme: Scheme) -> list[SchemeWarning]:
    awards = scheme.awards
    if len(awards) != scheme.players:
        return [
            SchemeWarning(
                "awards",
                f"Dominoes needs one award per finishing place: {scheme.players} players, "
                f"{len(awards)} awards",
                True,
            )
        ]
    out = []
    if any(a < b for a, b in zip(awards, awards[1:], strict=False)):
        out.append(
            SchemeWarning(
                "awards",
                "the awards should fall from the first out to the last: "
                + " ".join(signed(a) for a in awards),
            )
        )
    if sum(awards) <= 0:
        out.append(
            SchemeWarning(
                "awards",
                f"Dominoes is a positive contract but hands out {signed(sum(awards))} in all",
            )
        )
    return out


def _shares(scheme: Scheme) -> list[SchemeWarning]:
    shares = scheme.shares
    if len(shares) != scheme.players:
        return [
            SchemeWarning(
                "shares",
                f"Ravage City needs one share per tie size (1 to {scheme.players}), "
                f"not {len(shares)}",
                True,
            )
        ]
    out = []
    if any(s > 0 for s in shares):
        out.append(
            SchemeWarning(
                "shares",
                "Ravage City is a negative contract, but a share is positive",
            )
        )
    whole = shares[0]
    # The app's own proposal: the whole penalty split evenly among the tied players.
    even = default_shares(len(shares), (whole,))
    for size, share in enumerate(shares[1:], start=2):
        usual = even[size - 1]
        if share != usual:
            out.append(
                SchemeWarning(
                    "shares",
                    f"a {size}-way tie usually splits {signed(whole)} as {signed(usual)} each, "
                    f"not {signed(share)}",
                )
            )
    return out


def _custom(scheme: Scheme) -> list[SchemeWarning]:
    out = []
    taken = {CATALOGUE[c].name.casefold(): CATALOGUE[c].name for c in BUILTIN_CONTRACTS}
    for custom in scheme.custom:
        key = custom.name.casefold()
        if key in taken:
            out.append(
                SchemeWarning(
                    f"custom.{custom.id}",
                    f"another contract is already called {taken[key]}",
                    True,
                )
            )
        taken[key] = custom.name
    return out


def _options(scheme: Scheme) -> list[SchemeWarning]:
    out = []
    per_block = len(scheme.contracts)
    if scheme.quota and not scheme.doubling:
        out.append(
            SchemeWarning("quota", "nobody doubles in this scheme, so the quota counts nothing")
        )
    elif per_block and scheme.quota > per_block:
        out.append(
            SchemeWarning(
                "quota",
                f"a player may double the declarer once a hand, {per_block} times a block: "
                f"a quota of {scheme.quota} can never be met",
            )
        )
    if scheme.quota_penalty and not (scheme.quota and scheme.doubling):
        out.append(SchemeWarning("quota_penalty", "without a quota the penalty never applies"))
    if scheme.undoubled_settles and not scheme.doubling:
        out.append(
            SchemeWarning(
                "undoubled_settles",
                "nobody doubles in this scheme, so every negative hand would settle without play",
            )
        )
    if (
        scheme.dominoes_start == "fixed"
        and "7D" in scheme.left_out
        and "dominoes" in scheme.contracts
    ):
        out.append(
            SchemeWarning(
                "dominoes_start", "7♦ is left out, so Dominoes cannot start from it", True
            )
        )
    return out


def block_total(scheme: Scheme) -> int:
    """What one block (every contract once) hands out."""
    return sum(scheme.total(c) for c in scheme.contracts)


@dataclass(frozen=True)
class SchemeFigures:
    """What a scheme hands out: each contract in play, a block, a session; balanced or not."""

    totals: tuple[tuple[str, int], ...]  # (contract, what one hand of it hands out)
    block: int
    session: int
    balanced: bool


def scheme_figures(scheme: Scheme) -> SchemeFigures:
    """The consequences of a scheme's values, as the editor, the lists and the sheet show them."""
    block = block_total(scheme)
    totals = tuple((c, scheme.total(c)) for c in scheme.contracts)
    return SchemeFigures(totals, block, block * scheme.players, block == 0)


def scheme_warnings(scheme: Scheme) -> list[SchemeWarning]:
    """Every piece of advice about a scheme, refusals (``refuses``) included."""
    in_play = set(scheme.contracts)
    out: list[SchemeWarning] = []
    if not scheme.contracts:
        out.append(SchemeWarning("contracts", "put at least one contract in play", True))
    if len(set(scheme.contracts)) != len(scheme.contracts):
        out.append(SchemeWarning("contracts", "a contract is in play twice", True))
    if not 3 <= scheme.players <= 10:
        out.append(SchemeWarning("players", "Barbu is played by 3 to 10 players", True))
    out += _deal(scheme)
    out += _sign(scheme, in_play)
    if "dominoes" in in_play:
        out += _awards(scheme)
    if "ravage_city" in in_play:
        out += _shares(scheme)
    out += _custom(scheme)
    out += _options(scheme)
    fatal = any(w.refuses for w in out)
    if scheme.contracts and not fatal:
        total = block_total(scheme)
        if total:
            out.append(
                SchemeWarning(
                    "balance",
                    f"not balanced: one block of the contracts hands out {signed(total)}, not 0. "
                    "That is allowed; the scores just no longer add up to zero",
                )
            )
    return out


def refusals(warnings: list[SchemeWarning]) -> list[SchemeWarning]:
    """The warnings that stop a scheme from being saved."""
    return [w for w in warnings if w.refuses]
