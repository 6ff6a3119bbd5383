"""A session's money in words: each player's balance from the totals, at the stake, rounded
(see ``settle.py`` for the rule and ``scoring/explained.py`` for what a line states)."""

from __future__ import annotations

from collections.abc import Sequence

from barbu_scorer.scoring.explained import Cents, Line, line, sign
from barbu_scorer.scoring.league.settle import balances, rounded
from barbu_scorer.scoring.messages import msg


def balance_lines(
    totals: Sequence[int], stake_cents: int, unit: int, names: Sequence[str]
) -> tuple[Line, ...]:
    """One line a player: the points they made over each other player, added up, times the
    stake (each pair settles the difference of their totals), then rounded."""
    raw = balances(totals, stake_cents)
    money = rounded(raw, unit)
    out = []
    for seat, name in enumerate(names):
        points = sum(totals[seat] - t for t in totals)
        pairs = [
            line(
                msg(
                    "against %(other)s: %(mine)s to %(theirs)s, %(score)s",
                    other=names[other],
                    mine=sign(totals[seat]),
                    theirs=sign(totals[other]),
                    score=sign(totals[seat] - totals[other]),
                )
            )
            for other in range(len(totals))
            if other != seat
        ]
        figures = {
            "name": name,
            "score": sign(points),
            "stake": Cents(stake_cents),
            "money": Cents(raw[seat]),
            "rounded": Cents(money[seat]),
        }
        says = (
            msg("%(name)s: %(score)s points in all × %(stake)s a point = %(money)s", **figures)
            if raw[seat] == money[seat]
            else msg(
                "%(name)s: %(score)s points in all × %(stake)s a point = %(money)s, "
                "rounded to %(rounded)s",
                **figures,
            )
        )
        out.append(line(says, *pairs, rule="settle"))
    return tuple(out)
