"""The seven contracts of Tournament Barbu, one entry each with its rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from barbu_scorer.scoring.barbu.contracts import explains
from barbu_scorer.scoring.barbu.contracts.facts import (
    ACE,
    HEARTS,
    KING,
    LAST,
    ORDER,
    PENULTIMATE,
    QUEENS,
    TRICKS,
)
from barbu_scorer.scoring.barbu.contracts.parts import (
    Contract,
    Raw,
    Row,
    Settings,
    Signed,
    Takes,
    Value,
    complete_order,
    counted,
    counts_fact,
    said,
    seat_fact,
)
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, msg, msg_n

if TYPE_CHECKING:
    from barbu_scorer.scoring.barbu.schemes import Scheme

NEGATIVES: tuple[str, ...] = (
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
)


# -- No Hearts ---------------------------------------------------------------------------------
def _hearts_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    hearts = counts_fact(facts, HEARTS, s)
    ace = seat_fact(facts.get(ACE.key), ACE, s.players)
    if hearts[ace] == 0:
        raise refused("whoever took A♥ took at least one heart")
    per, ace_value = s.value("no_hearts", "heart"), s.value("no_hearts", "ace")
    return tuple(per * (h - (i == ace)) + ace_value * (i == ace) for i, h in enumerate(hearts))


def _hearts_takes(s: Scheme) -> Takes:
    n, per, ace = s.hearts, s.value("no_hearts", "heart"), s.value("no_hearts", "ace")
    plain: list[tuple[tuple[int, ...], int]] = [((h, 0), per * h) for h in range(n + 1)]
    return (n, 1), plain + [((h, 1), per * (h - 1) + ace) for h in range(1, n + 1)]


# -- No Last Two, No King of Hearts ------------------------------------------------------------
def _last_two_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    pen = seat_fact(facts.get(PENULTIMATE.key), PENULTIMATE, s.players)
    last = seat_fact(facts.get(LAST.key), LAST, s.players)
    pv, lv = s.value("no_last_two", "penultimate"), s.value("no_last_two", "last")
    return tuple(pv * (i == pen) + lv * (i == last) for i in range(s.players))


def _last_two_takes(s: Scheme) -> Takes:
    pen, last = s.value("no_last_two", "penultimate"), s.value("no_last_two", "last")
    return (1, 1), [((p, q), pen * p + last * q) for p in (0, 1) for q in (0, 1)]


def _king_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    king = seat_fact(facts.get(KING.key), KING, s.players)
    return tuple(s.value("no_king_of_hearts", "king") * (i == king) for i in range(s.players))


def _king_takes(s: Scheme) -> Takes:
    return (1,), [((0,), 0), ((1,), s.value("no_king_of_hearts", "king"))]


# -- Dominoes --------------------------------------------------------------------------------
def _dominoes_raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
    n, order = s.players, facts.get(ORDER.key)
    if not isinstance(order, list | tuple) or len(order) not in (n - 1, n):
        raise refused("the finishing order: list the %(n)s players from first out to last", n=n)
    seats = [seat_fact(seat, ORDER, n) for seat in order]
    if len(set(seats)) != len(seats):
        raise refused("the finishing order: a player is listed twice")
    raw = [0] * n
    for position, seat in enumerate(complete_order(seats, n)):
        raw[seat] = s.awards[position]
    return tuple(raw)


def _dominoes_takes(s: Scheme) -> Takes:
    places = [tuple(int(i == j) for i in range(s.players)) for j in range(s.players)]
    placed = zip(places, s.awards, strict=False)  # places without an award: none
    return (1,) * s.players, [(place, award) for place, award in placed]


TOURNAMENT: tuple[Contract, ...] = (
    counted(
        "no_tricks",
        N_("No Tricks"),
        N_("Tricks"),
        False,
        N_("No trumps. Follow suit if you can; every trick costs."),
        fact=TRICKS,
        value=Value("trick", -2, N_("per trick"), N_("a trick")),
        words=N_("%(trick)s a trick"),
        took=lambda n, **p: msg_n(
            "%(name)s took %(count)s trick: %(count)s × %(each)s = %(score)s",
            "%(name)s took %(count)s tricks: %(count)s × %(each)s = %(score)s",
            n,
            **p,
        ),
        example={"tricks": [4, 3, 3, 3]},
    ),
    counted(
        "no_queens",
        N_("No Queens"),
        N_("Queens"),
        False,
        N_("No trumps. Play may stop once all four queens are taken."),
        fact=QUEENS,
        value=Value("queen", -6, N_("per queen"), N_("a queen")),
        words=N_("%(queen)s a queen"),
        took=lambda n, **p: msg_n(
            "%(name)s took %(count)s queen: %(count)s × %(each)s = %(score)s",
            "%(name)s took %(count)s queens: %(count)s × %(each)s = %(score)s",
            n,
            **p,
        ),
        example={"queens": [2, 1, 1, 0]},
    ),
    Contract(
        "no_last_two",
        N_("No Last Two"),
        N_("Last two"),
        False,
        N_("No trumps. Only the last two tricks count: keep low cards for the end."),
        facts=(PENULTIMATE, LAST),
        total=lambda s: s.value("no_last_two", "penultimate") + s.value("no_last_two", "last"),
        raw=_last_two_raw,
        takes=_last_two_takes,
        words=said(N_("%(penultimate)s, last trick %(last)s"), "no_last_two"),
        values=(
            Value("penultimate", -10, N_("trick before last"), N_("the penultimate trick")),
            Value("last", -20, N_("last trick"), N_("the last trick")),
        ),
        settings=Settings(),
        example={"penultimate": 1, "last": 2},
        explain=explains.last_two,
    ),
    Contract(
        "no_hearts",
        N_("No Hearts"),
        N_("Hearts"),
        False,
        N_("Hearts may not be led unless you hold only hearts."),
        facts=(HEARTS, ACE),
        total=lambda s: (
            s.value("no_hearts", "heart") * (s.hearts - 1) + s.value("no_hearts", "ace")
        ),
        raw=_hearts_raw,
        takes=_hearts_takes,
        words=said(N_("%(heart)s a heart, A♥ %(ace)s"), "no_hearts"),
        values=(
            Value("heart", -2, N_("per heart"), N_("a heart")),
            Value("ace", -6, N_("A♥"), N_("A♥")),
        ),
        settings=Settings(),
        example={"hearts": [5, 4, 2, 2], "ace_of_hearts": 0},
        explain=explains.hearts,
        mark="♥",
    ),
    Contract(
        "no_king_of_hearts",
        N_("No King of Hearts"),
        N_("K♥"),
        False,
        N_("Hearts may not be led unless you hold only hearts. Play stops when K♥ falls."),
        facts=(KING,),
        total=lambda s: s.value("no_king_of_hearts", "king"),
        raw=_king_raw,
        takes=_king_takes,
        words=said(N_("K♥ %(king)s"), "no_king_of_hearts"),
        values=(Value("king", -20, N_("K♥"), N_("K♥")),),
        settings=Settings(),
        example={"king_of_hearts": 3},
        explain=explains.king,
        mark="♥",
    ),
    counted(
        "trumps",
        N_("Trumps"),
        N_("Trumps"),
        True,
        N_("If you can head the trick with a trump you must, overtrumping included."),
        fact=TRICKS,
        value=Value("trick", 5, N_("per trick"), N_("a trick")),
        words=N_("%(trick)s a trick"),
        took=lambda n, **p: msg_n(
            "%(name)s took %(count)s trick: %(count)s × %(each)s = %(score)s",
            "%(name)s took %(count)s tricks: %(count)s × %(each)s = %(score)s",
            n,
            **p,
        ),
        announces="trump",
        example={"tricks": [6, 3, 2, 2]},
    ),
    Contract(
        "dominoes",
        N_("Dominoes"),
        N_("Dominoes"),
        True,
        N_("Open a suit with the starting rank or play next to its run; pass only if you cannot."),
        facts=(ORDER,),
        total=lambda s: sum(s.awards),
        raw=_dominoes_raw,
        takes=_dominoes_takes,
        words=lambda s: msg("%(awards)s by place", awards=Signed(s.awards)),
        settings=Settings(
            Row(
                "awards",
                N_("Awards by finishing place, first out first"),
                N_("%(n)s."),
                N_("%(n)s."),
                N_("last"),
            )
        ),
        announces="start_rank",
        chooser_starts=True,
        example={"order": [2, 0, 1]},
        explain=explains.dominoes,
    ),
)
