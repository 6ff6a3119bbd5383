"""The Salad's legality: its facts checked together (the five negatives' cards in one
hand's tricks), and the takes a seat may have, for the raw-score search."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, Message

if TYPE_CHECKING:
    from barbu_scorer.scoring.barbu.contracts.parts import Takes, Vector
    from barbu_scorer.scoring.barbu.schemes import Scheme

# what a seat took, in words (the facts' ids are the document's)
TAKEN = {
    "queens": N_("queens"),
    "hearts": N_("hearts"),
    "king_of_hearts": N_("K♥"),
    "penultimate": N_("the penultimate trick"),
    "last": N_("the last trick"),
}


def check_salad(scheme: Scheme, facts: Mapping[str, Any]) -> None:
    """The Salad's facts agree with each other: whoever took a card took a trick."""
    tricks = facts["tricks"]
    for key in ("queens", "hearts"):
        for seat, count in enumerate(facts[key]):
            if count and not tricks[seat]:
                raise refused(
                    "seat %(seat)s took %(key)s but no tricks", seat=seat, key=Message(TAKEN[key])
                )
    for key in ("king_of_hearts", "penultimate", "last"):
        if not tricks[facts[key]]:
            raise refused(
                "seat %(seat)s took %(card)s but no tricks",
                seat=facts[key],
                card=Message(TAKEN[key]),
            )
    if facts["penultimate"] == facts["last"] and tricks[facts["last"]] < 2:
        raise refused("whoever took both of the last two tricks took at least 2 tricks")
    # K♥ is a heart: its taker counted it among their hearts, besides A♥ if they took both.
    king, ace = facts["king_of_hearts"], facts["ace_of_hearts"]
    need = 1 + (king == ace)
    if facts["hearts"][king] < need:
        took = Message(N_("K♥ and A♥") if need == 2 else "K♥")
        raise refused(
            "seat %(king)s took %(took)s, so at least %(need)s hearts",
            king=king,
            took=took,
            need=need,
        )
    _check_salad_cards(scheme, facts)


def _check_salad_cards(scheme: Scheme, facts: Mapping[str, Any]) -> None:
    """Q♥ is both a queen and a heart: some seat took it (a queen, and a heart beyond A♥
    and K♥); and each seat's scoring cards fit in its tricks (n cards a trick)."""
    tricks, queens, hearts = facts["tricks"], facts["queens"], facts["hearts"]
    n = scheme.players
    if "QH" in scheme.left_out:
        holders: list[int | None] = [None]
    else:
        spare = [
            h - (i == facts["ace_of_hearts"]) - (i == facts["king_of_hearts"])
            for i, h in enumerate(hearts)
        ]
        holders = [i for i in range(n) if queens[i] and spare[i] > 0]
        if not holders:
            raise refused("Q♥ is a queen and a heart: no player took both a queen and a heart")
    for holder in holders:
        if all(hearts[i] + queens[i] - (i == holder) <= n * tricks[i] for i in range(n)):
            return
    raise refused(
        "a player took more scoring cards than fit in their tricks (%(n)s cards a trick)", n=n
    )


def seat_ok(vector: Vector, players: int) -> bool:
    """A seat's Salad take is possible: scoring cards and the last tricks need tricks,
    K♥ is one of the hearts taken (A♥ another), and Q♥ (the last figure: 1 for the seat
    that took it) is one of its queens and one of its hearts beyond A♥ and K♥."""
    tricks, queens, penultimate, last, hearts, ace, king, queen_of_hearts = vector
    if tricks == 0:
        return not (queens or hearts or penultimate or last or king or queen_of_hearts)
    if queen_of_hearts and (not queens or hearts - ace - king < 1):
        return False
    # Its scoring cards fit in its tricks (Q♥, if it took it, counted once).
    fits = hearts + queens - queen_of_hearts <= players * tricks
    return fits and penultimate + last <= tricks and king + ace <= hearts


def salad_takes(scheme: Scheme, parts: Sequence[Takes]) -> Takes:
    """Salad's take per seat: the takes of the five negatives (``parts``: No Tricks, No
    Queens, No Last Two, No Hearts, No King of Hearts), then whether it took Q♥."""
    dealt = int("QH" not in scheme.left_out)
    target = (*(x for t, _ in parts for x in t), dealt)
    flat: list[tuple[Vector, int]] = []
    for combo in product(*(opts for _, opts in parts)):
        for queen_of_hearts in range(dealt + 1):
            vector = (*(x for vec, _ in combo for x in vec), queen_of_hearts)
            if seat_ok(vector, scheme.players):
                flat.append((vector, sum(s for _, s in combo)))
    return target, flat
