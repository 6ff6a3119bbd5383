"""What a form says when there is nothing left to record there: the session has ended (or
is complete), or a club night's table has played its round. A page, never a bare 404."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.messages import say
from barbu_scorer.scoring.units import Unit


@dataclass(frozen=True)
class Closed:
    """The page: its title, what it means, and the links that go on from it."""

    title: str
    text: str
    links: tuple[tuple[str, str], ...]
    """(label, address) pairs, the first the one to follow."""


def session_ended(after: int, unit: Unit, sheet: str, back: str) -> Closed:
    """An ended (or complete) session's form: where it ended, that it changes no more, and
    the links to its sheet and its screen."""
    return Closed(
        title=say("This session has ended"),
        text=say(
            "%(ended)s: it changes no more. Its sheet holds every %(noun)s and the totals.",
            ended=unit.ended(after).render(),
            noun=unit.name().render(),
        ),
        links=((say("Open the sheet"), sheet), (say("Back to the session"), back)),
    )


def round_complete(round_: int, reason: str, links: tuple[tuple[str, str], ...]) -> Closed:
    """A table of rotating blocks whose round is played: the round, ``reason`` (the rule's
    words: its hands, and to wait for the director's next seating) and where to go on."""
    return Closed(
        title=say("Round %(r)s complete", r=round_),
        text=reason[:1].upper() + reason[1:] + ".",
        links=links,
    )
