"""The facts a scorer enters, each with the words the hand form asks it in. A contract
lists those it takes; a new contract picks among these (a new kind of fact also needs
the hand form to draw it)."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.contracts.parts import Fact
from barbu_scorer.scoring.messages import N_

TRICKS = Fact(
    "tricks",
    "count",
    N_("Tricks taken"),
    things=N_("tricks"),
    short=N_("Tricks"),
    out_of=lambda s: s.tricks,
)
QUEENS = Fact(
    "queens",
    "count",
    N_("Queens taken"),
    things=N_("queens"),
    short=N_("Queens"),
    out_of=lambda s: s.queens,
)
HEARTS = Fact(
    "hearts",
    "count",
    N_("Hearts taken"),
    things=N_("hearts"),
    hint=N_(", A♥ included"),
    short=N_("Hearts"),
    out_of=lambda s: s.hearts,
)
ACE = Fact(
    "ace_of_hearts",
    "seat",
    N_("Who took A♥?"),
    N_("who took A♥"),
    N_("who took the A♥?"),
    short=N_("A♥"),
)
KING = Fact(
    "king_of_hearts",
    "seat",
    N_("Who took K♥?"),
    N_("who took K♥"),
    N_("who took the K♥?"),
    short=N_("K♥"),
)
PENULTIMATE = Fact(
    "penultimate",
    "seat",
    N_("Who took trick %(n)s (the penultimate)?"),
    N_("who took the penultimate trick"),
    from_end=1,
    pair="last",
    short=N_("Trick %(n)s"),
)
LAST = Fact(
    "last",
    "seat",
    N_("Who took trick %(n)s (the last)?"),
    N_("who took the last trick"),
    from_end=0,
    pair="penultimate",
    short=N_("Trick %(n)s"),
)
ORDER = Fact(
    "order", "order", N_("Finishing order"), N_("each finisher"), hint=N_("the last is implied")
)
MOST_CARDS = Fact(
    "most_cards",
    "seats",
    N_("Most cards of one suit (tick every tied player)"),
    N_("each player with the most cards of a suit"),
    N_("who took the most cards of one suit?"),
)

ALL: tuple[Fact, ...] = (TRICKS, QUEENS, HEARTS, ACE, KING, PENULTIMATE, LAST, ORDER, MOST_CARDS)
"""Every fact, in the order the hand form asks them (a contract lists its own facts in
its document's order)."""
