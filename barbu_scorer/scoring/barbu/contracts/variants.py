"""Contracts beyond the tournament's seven: Ravage City and Salad. A new contract's
entry goes here (with any rule of its own), its words' French in the .po."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from barbu_scorer.scoring.barbu.contracts import explains
from barbu_scorer.scoring.barbu.contracts.facts import (
    ACE,
    HEARTS,
    KING,
    LAST,
    MOST_CARDS,
    PENULTIMATE,
    QUEENS,
    TRICKS,
)
from barbu_scorer.scoring.barbu.contracts.parts import (
    Contract,
    Explainer,
    Raw,
    Row,
    Settings,
    Signed,
    Takes,
    seat_fact,
)
from barbu_scorer.scoring.barbu.contracts.tournament import NEGATIVES, TOURNAMENT
from barbu_scorer.scoring.barbu.salad import check_salad, salad_takes
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.explained import Line, line, sign
from barbu_scorer.scoring.messages import N_, msg

if TYPE_CHECKING:
    from barbu_scorer.scoring.barbu.schemes import Scheme

Lines = tuple[Line, ...]
_NEGATIVES = {c.id: c for c in TOURNAMENT if c.id in NEGATIVES}


# -- Ravage City -------------------------------------------------------------------------------
def _ravage_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    most = facts.get(MOST_CARDS.key)
    if not isinstance(most, list | tuple) or not most:
        raise refused("Ravage City: name the player(s) with the most cards of one suit")
    seats = {seat_fact(seat, MOST_CARDS, s.players) for seat in most}
    if len(seats) != len(most):
        raise refused("Ravage City: a player is listed twice among the most cards")
    if len(seats) > s.tricks:
        raise refused(
            "Ravage City: at most %(tricks)s players can tie: each of them took a trick, "
            "and a hand has %(tricks)s",
            tricks=s.tricks,
        )
    share = s.shares[len(seats) - 1]
    return tuple(share * (i in seats) for i in range(s.players))


def _ravage_possible(s: Scheme, raw: Raw) -> bool:
    # At most as many seats tie as took tricks: each of them took cards.
    for size, share in enumerate(s.shares[: s.tricks], start=1):
        takers = [r for r in raw if r != 0]
        if share == 0 and not takers:
            return True
        if share != 0 and len(takers) == size and all(r == share for r in takers):
            return True
    return False


def _ravage_total(s: Scheme, raw: Raw) -> int:
    """A tie of k players hands out k times the k-way share, not the one-player penalty."""
    tie = sum(1 for r in raw if r)
    return tie * s.shares[tie - 1] if tie else 0


# -- Salad: the five negatives at once ---------------------------------------------------------
def _salad_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    parts = [_NEGATIVES[c].raw(s, facts) for c in NEGATIVES]
    check_salad(s, facts)
    return tuple(sum(column) for column in zip(*parts, strict=True))


def _salad_takes(s: Scheme) -> Takes:
    return salad_takes(s, [_takes_of(c, s) for c in NEGATIVES])


def _salad_explained(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    check_salad(s, facts)
    parts = [_explainer(c)(s, facts, names) for c in NEGATIVES]
    return tuple(
        line(
            msg("%(name)s, the five negatives: %(score)s", name=name, score=sign(raw)),
            *(seat[i] for seat in parts),
            rule="salad",
        )
        for i, (name, raw) in enumerate(zip(names, _salad_raw(s, facts), strict=True))
    )


def _explainer(contract: str) -> Explainer:
    explain = _NEGATIVES[contract].explain
    assert explain is not None, contract
    return explain


def _takes_of(contract: str, s: Scheme) -> Takes:
    takes = _NEGATIVES[contract].takes
    assert takes is not None, contract
    return takes(s)


VARIANTS: tuple[Contract, ...] = (
    Contract(
        "ravage_city",
        N_("Ravage City"),
        N_("Ravage"),
        False,
        N_("No trumps. The most cards of any one suit costs; ties share it."),
        facts=(MOST_CARDS,),
        total=lambda s: s.shares[0],
        raw=_ravage_raw,
        possible=_ravage_possible,
        hand_total=_ravage_total,
        words=lambda s: msg(
            "%(whole)s longest suit; ties %(ties)s",
            whole=Signed(s.shares[:1]),
            ties=Signed(s.shares[1:], " / "),
        ),
        settings=Settings(
            Row(
                "shares",
                N_("Shares for the most cards of one suit, by tie size"),
                N_("alone"),
                N_("%(n)s tied"),
                N_("%(n)s tied"),
            )
        ),
        example={"most_cards": [1, 3]},
        explain=explains.ravage,
    ),
    Contract(
        "salad",
        N_("Salad"),
        N_("Salad"),
        False,
        N_("All five negatives at once. Hearts may not be led unless you hold only hearts."),
        facts=(TRICKS, QUEENS, PENULTIMATE, LAST, HEARTS, ACE, KING),  # the negatives' order
        total=lambda s: sum(s.total(c) for c in NEGATIVES),
        raw=_salad_raw,
        takes=_salad_takes,
        words=lambda s: msg("the five negatives at once"),
        settings=Settings(
            note=N_(
                "Salad is one hand scoring all five negative contracts at once — No Tricks, "
                "No Queens, No Last Two, No Hearts and No King of Hearts — with their values "
                "above."
            )
        ),
        parts=NEGATIVES,
        example={
            "tricks": [4, 3, 3, 3],
            "queens": [2, 1, 1, 0],
            "hearts": [5, 4, 2, 2],
            "ace_of_hearts": 0,
            "king_of_hearts": 1,
            "penultimate": 1,
            "last": 2,
        },
        explain=_salad_explained,
    ),
)
