"""The words of people changing during a club night: each line of the event's history of
who arrived, left or took whose seat (``store.people.people_history``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from barbu_scorer.present.event import clock_of
from barbu_scorer.scoring.messages import say


def change_line(change: Mapping[str, Any], one_round: bool = False) -> str:
    """ "From round 3: Ada arrives (director, 20:15)", in the reader's language (an event
    of ``one_round``: "From hand 6: ...")."""
    action, player, other = change["action"], change["player"], change.get("other")
    if action == "arrive":
        what = say("%(name)s arrives", name=player)
    elif action == "leave":
        what = say("%(name)s leaves", name=player)
    else:
        what = say("%(sub)s takes the seat of %(name)s", sub=other, name=player)
    if change.get("hand") is not None and one_round:
        return say(
            "From hand %(h)s: %(what)s (%(who)s, %(at)s)",
            h=change["hand"],
            what=what,
            who=change["who"],
            at=clock_of(change["at"]),
        )
    if change.get("hand") is not None:
        return say(
            "From round %(r)s, hand %(h)s: %(what)s (%(who)s, %(at)s)",
            r=change["round"],
            h=change["hand"],
            what=what,
            who=change["who"],
            at=clock_of(change["at"]),
        )
    return say(
        "From round %(r)s: %(what)s (%(who)s, %(at)s)",
        r=change["round"],
        what=what,
        who=change["who"],
        at=clock_of(change["at"]),
    )


@dataclass(frozen=True)
class PeopleOffer:
    """What the console's people form offers now, and when each change takes effect."""

    actions: tuple[str, ...]
    """The form's choices: "arrive", "leave", "substitute" (a substitute only when no
    round is left to re-plan, or in one session per table)."""
    when: tuple[str, ...]
    """The sentences that say when a change takes effect."""
    next_round: int | None
    """The round an arrival or a departure starts at (None: none is offered)."""
    legend: str
    """The form's title: when its changes take effect."""


def people_offer(replans: bool, round_: int, rounds: int) -> PeopleOffer:
    """The console's offer: ``replans`` when the format re-plans the rounds not started."""
    now = say(
        "A substitute takes the seat at once: the hands left at that table (those played"
        " stay with who played them), then the seat in every later round."
    )
    if replans and round_ < rounds:
        later = say(
            "An arrival or a departure changes the seating from round %(n)s: a player"
            " leaving now finishes the block in play, or a substitute plays its hands left.",
            n=round_ + 1,
        )
        legend = say("A substitute at once; the rest from round %(n)s", n=round_ + 1)
        return PeopleOffer(("arrive", "leave", "substitute"), (now, later), round_ + 1, legend)
    empty = say(
        "A table cannot play on with a seat empty (a Barbu scheme is made for its"
        " players): when someone leaves, seat a substitute, or end that table."
    )
    return PeopleOffer(("substitute",), (now, empty), None, say("At once"))


def done_line(changes: Sequence[Mapping[str, Any]], first: int, one_round: bool = False) -> str:
    """The flash after a change: when it takes effect, and the cards to print again."""
    last = changes[-1] if changes else None
    if last is not None and last.get("hand") is not None and one_round:
        return say(
            "Done: %(sub)s plays from hand %(h)s; print the new card.",
            sub=last["other"],
            h=last["hand"],
        )
    if last is not None and last.get("hand") is not None:
        return say(
            "Done: %(sub)s plays from hand %(h)s of round %(r)s; print the new cards.",
            sub=last["other"],
            h=last["hand"],
            r=last["round"],
        )
    return say("Done: the seating changes from round %(n)s; print the new cards.", n=first)


def next_round_players(names: tuple[str, ...], seated: list[int]) -> list[tuple[str, str]]:
    """The choices of the console's player list: those playing the next round, by name."""
    return [(names[p], names[p]) for p in sorted(seated, key=lambda p: names[p].casefold())]
