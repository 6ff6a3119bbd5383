"""The hand form one fact at a time, where all of them at once would not fit a phone's
screen (issue 26): a contract with many facts (Salad's seven) shows a strip of their short
names and one fact below it; a finishing order at a big table shows a strip of the places
(each with the player tapped for it) and one place's chips below it. The page's script
moves between them; without it every fact and place shows, one below the other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.barbu.contracts.facts import ALL
from barbu_scorer.scoring.text import read_count

STEPS_FROM = 4
"""From this many facts the form shows one at a time (Salad: seven facts, 1,290 px tall
at four players when all show; at most three, as Ravage City's or Dominoes', fit)."""

ORDER_STEPPED_FROM = 6
"""From this many players a finishing order shows one place at a time (at six players
its five rows of six chips reached 831 px; at five they fit)."""

SHORT = {fact.key: fact.short for fact in ALL if fact.short}
"""Each fact's name on its step chip (a message id; the trick's number as ``n``), from the
catalogue's facts."""


@dataclass(frozen=True)
class Step:
    """One fact's chip in the strip: its short name, and whether it shows first."""

    label: str  # a message id, said with ``n``
    n: int | None
    current: bool


def picked(data: Mapping[str, str], key: str, count: int, default: int = 0) -> int:
    """The step the form asked for (``pick-<key>``, when it names one), else ``default``."""
    asked = read_count(data.get(f"pick-{key}", ""), digits=2)
    return asked if asked is not None and asked < count else default


def fact_steps(
    keys: Sequence[tuple[str, str, int | None]], data: Mapping[str, str]
) -> tuple[Step, ...]:
    """The strip of a contract's facts (each as (key, legend, n)), or none when they fit."""
    if len(keys) < STEPS_FROM:
        return ()
    current = picked(data, "facts", len(keys))
    return tuple(
        Step(SHORT.get(key, legend), n, i == current) for i, (key, legend, n) in enumerate(keys)
    )


def place_pick(key: str, places: int, data: Mapping[str, str], players: int) -> int:
    """The place whose chips show first in a stepped order (the one asked for, else the
    first without a player), or -1 when the order is not stepped at this table."""
    if players < ORDER_STEPPED_FROM:
        return -1
    blank = [pos for pos in range(places) if not data.get(f"{key}-{pos}")]
    return picked(data, key, places, (blank or [0])[0])
