"""The words of people changing during a club night: each line of the event's history of
who arrived, left or took whose seat (``store.people.people_history``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from barbu_scorer.present.event import clock_of
from barbu_scorer.scoring.messages import say


def change_line(change: Mapping[str, Any]) -> str:
    """ "From round 3: Ada arrives (director, 20:15)", in the reader's language."""
    action, player, other = change["action"], change["player"], change.get("other")
    if action == "arrive":
        what = say("%(name)s arrives", name=player)
    elif action == "leave":
        what = say("%(name)s leaves", name=player)
    else:
        what = say("%(sub)s takes the seat of %(name)s", sub=other, name=player)
    return say(
        "From round %(r)s: %(what)s (%(who)s, %(at)s)",
        r=change["round"],
        what=what,
        who=change["who"],
        at=clock_of(change["at"]),
    )


def next_round_players(names: tuple[str, ...], seated: list[int]) -> list[tuple[str, str]]:
    """The choices of the console's player list: those playing the next round, by name."""
    return [(names[p], names[p]) for p in sorted(seated, key=lambda p: names[p].casefold())]
