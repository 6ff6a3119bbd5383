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

from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    CATALOGUE,
    Contract,
    default_shares,
)
from barbu_scorer.scoring.barbu.scheme_advice import SchemeWarning, deal_advice, warn
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.figures import signed
from barbu_scorer.scoring.messages import Message, Text, msg

VALUE_WORDS: dict[str, str] = {v.key: v.what for c in CATALOGUE.values() for v in c.values}


def _sign(scheme: Scheme, in_play: set[str]) -> list[SchemeWarning]:
    out = []
    scored = set(in_play) | {part for c in in_play if c in CATALOGUE for part in CATALOGUE[c].parts}
    for contract, values in scheme.values.items():
        if contract not in scored or contract not in CATALOGUE:
            continue
        info = CATALOGUE[contract]
        for key, value in values.items():
            wrong = value < 0 if info.positive else value > 0
            if wrong:
                kind = msg("positive") if info.positive else msg("negative")
                want = msg("win") if value > 0 else msg("avoid")
                out.append(
                    warn(
                        f"values.{contract}.{key}",
                        "%(name)s is a %(kind)s contract, but %(what)s scores %(value)s: "
                        "players would %(want)s it",
                        name=Message(info.name),
                        kind=kind,
                        what=Message(VALUE_WORDS.get(key, key)),
                        value=signed(value),
                        want=want,
                    )
                )
    for custom in scheme.custom:
        if (custom.positive and custom.total < 0) or (not custom.positive and custom.total > 0):
            kind = msg("positive") if custom.positive else msg("negative")
            out.append(
                warn(
                    f"custom.{custom.id}",
                    "%(name)s is marked %(kind)s but hands out %(custom_total)s in all",
                    name=custom.name,
                    kind=kind,
                    custom_total=signed(custom.total),
                )
            )
    return out


def _awards(scheme: Scheme) -> list[SchemeWarning]:
    awards = scheme.awards
    if len(awards) != scheme.players:
        return [
            warn(
                "awards",
                "Dominoes needs one award per finishing place: %(players)s players, "
                "%(n_awards)s awards",
                refuses=True,
                players=scheme.players,
                n_awards=len(awards),
            )
        ]
    out = []
    if any(a < b for a, b in zip(awards, awards[1:], strict=False)):
        out.append(
            warn(
                "awards",
                "the awards should fall from the first out to the last: %(awards)s",
                awards=" ".join(signed(a) for a in awards),
            )
        )
    if sum(awards) <= 0:
        out.append(
            warn(
                "awards",
                "Dominoes is a positive contract but hands out %(sum_awards)s in all",
                sum_awards=signed(sum(awards)),
            )
        )
    return out


def _shares(scheme: Scheme) -> list[SchemeWarning]:
    shares = scheme.shares
    if len(shares) != scheme.players:
        return [
            warn(
                "shares",
                "Ravage City needs one share per tie size (1 to %(players)s), not %(n_shares)s",
                refuses=True,
                players=scheme.players,
                n_shares=len(shares),
            )
        ]
    out = []
    if any(s > 0 for s in shares):
        out.append(warn("shares", "Ravage City is a negative contract, but a share is positive"))
    whole = shares[0]
    # The app's own proposal: the whole penalty split evenly among the tied players.
    even = default_shares(len(shares), (whole,))
    for size, share in enumerate(shares[1:], start=2):
        usual = even[size - 1]
        if share != usual:
            out.append(
                warn(
                    "shares",
                    "a %(size)s-way tie usually splits %(whole)s as %(usual)s each, not %(share)s",
                    size=size,
                    whole=signed(whole),
                    usual=signed(usual),
                    share=signed(share),
                )
            )
    return out


def _custom(scheme: Scheme) -> list[SchemeWarning]:
    out = []
    # a built-in's name is said in the reader's language ("Pas de dames" on a French page)
    taken: dict[str, Text] = {
        CATALOGUE[c].name.casefold(): Message(CATALOGUE[c].name) for c in BUILTIN_CONTRACTS
    }
    for custom in scheme.custom:
        key = custom.name.casefold()
        if key in taken:
            out.append(
                warn(
                    f"custom.{custom.id}",
                    "another contract is already called %(taken_key)s",
                    refuses=True,
                    taken_key=taken[key],
                )
            )
        taken[key] = custom.name
    return out


def _options(scheme: Scheme) -> list[SchemeWarning]:
    out = []
    per_block = len(scheme.contracts)
    if scheme.quota and not scheme.doubling:
        out.append(warn("quota", "nobody doubles in this scheme, so the quota counts nothing"))
    elif per_block and scheme.quota > per_block:
        out.append(
            warn(
                "quota",
                "a player may double the declarer once a hand, %(per_block)s times a block: "
                "a quota of %(quota)s can never be met",
                per_block=per_block,
                quota=scheme.quota,
            )
        )
    if scheme.quota_penalty and not (scheme.quota and scheme.doubling):
        out.append(warn("quota_penalty", "without a quota the penalty never applies"))
    if scheme.undoubled_settles and not scheme.doubling:
        out.append(
            warn(
                "undoubled_settles",
                "nobody doubles in this scheme, so every negative hand would settle without play",
            )
        )
    if scheme.dominoes_start == "fixed" and "7D" in scheme.left_out and scheme.plays_a_start_rank:
        out.append(
            warn("dominoes_start", "7♦ is left out, so Dominoes cannot start from it", refuses=True)
        )
    return out


ROW_CHECKS = {"awards": _awards, "shares": _shares}
"""The checks of a scheme's rows of one figure per player, by field (a contract's
editor descriptor names its row)."""


def _builtins(contracts: set[str]) -> list[Contract]:
    return [CATALOGUE[c] for c in CATALOGUE if c in contracts]


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
        out.append(warn("contracts", "put at least one contract in play", refuses=True))
    if len(set(scheme.contracts)) != len(scheme.contracts):
        out.append(warn("contracts", "a contract is in play twice", refuses=True))
    if not 3 <= scheme.players <= 10:
        out.append(warn("players", "Barbu is played by 3 to 10 players", refuses=True))
    out += deal_advice(scheme)
    out += _sign(scheme, in_play)
    rows = {c.settings.row.field for c in _builtins(in_play) if c.settings.row is not None}
    out += [warning for row in ROW_CHECKS if row in rows for warning in ROW_CHECKS[row](scheme)]
    out += _custom(scheme)
    out += _options(scheme)
    fatal = any(w.refuses for w in out)
    if scheme.contracts and not fatal:
        total = block_total(scheme)
        if total:
            out.append(
                warn(
                    "balance",
                    "not balanced: one block of the contracts hands out %(total)s, not 0. "
                    "That is allowed; the scores just no longer add up to zero",
                    total=signed(total),
                )
            )
    return out


def refusals(warnings: list[SchemeWarning]) -> list[SchemeWarning]:
    """The warnings that stop a scheme from being saved."""
    return [w for w in warnings if w.refuses]
