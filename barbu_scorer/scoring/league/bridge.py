"""A player's Barbu Bridge figures, kept apart from Barbu's: a bridge point is not a Barbu
point, so none of these reaches a Barbu average or the rating.

Seats 0 and 2 are one partnership (N-S), 1 and 3 the other (E-W): a player's points are
their partnership's, "for" what it scored and "against" what the other side did.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.bridge.rubber import other, side_of
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.league.played import PlayerId


@dataclass(frozen=True)
class PlayedBridge:
    """One Barbu Bridge session: its id and date, its computed document, and the roster
    player at each seat (None where the player was deleted)."""

    session_id: str
    date: str
    doc: ComputedBridge
    who: tuple[PlayerId | None, ...]


@dataclass(frozen=True)
class Company:
    """Sessions played with (or against) one other player, and how many were won."""

    sessions: int = 0
    wins: int = 0


@dataclass(frozen=True)
class BridgeStats:
    """A player's Barbu Bridge sessions: won (complete and their side ahead), rubbers
    finished and won, points for and against, and with and against whom."""

    sessions: int
    complete: int
    wins: int
    rubbers: int
    rubbers_won: int
    points_for: int
    points_against: int
    partners: dict[PlayerId | None, Company]
    opponents: dict[PlayerId | None, Company]


def _add(table: dict[PlayerId | None, Company], who: PlayerId | None, won: bool) -> None:
    was = table.get(who, Company())
    table[who] = Company(was.sessions + 1, was.wins + int(won))


def bridge_stats(played: Sequence[PlayedBridge], player: PlayerId) -> BridgeStats:
    """The player's figures over the sessions they sat in (others are ignored)."""
    counts: Counter[str] = Counter()
    partners: dict[PlayerId | None, Company] = {}
    opponents: dict[PlayerId | None, Company] = {}
    for session in played:
        if player not in session.who:
            continue
        seat = session.who.index(player)
        side, doc = side_of(seat), session.doc
        won = doc["complete"] and doc["winner"] == side
        counts["sessions"] += 1
        counts["complete"] += int(doc["complete"])
        counts["wins"] += int(won)
        finished = [r for r in doc["rubbers"] if r["complete"]]
        counts["rubbers"] += len(finished)
        counts["rubbers_won"] += sum(1 for r in finished if r["winner"] == side)
        counts["for"] += doc["totals"][side]
        counts["against"] += doc["totals"][other(side)]
        for at, who in enumerate(session.who):
            if at == seat:
                continue
            _add(partners if side_of(at) == side else opponents, who, won)
    return BridgeStats(
        sessions=counts["sessions"],
        complete=counts["complete"],
        wins=counts["wins"],
        rubbers=counts["rubbers"],
        rubbers_won=counts["rubbers_won"],
        points_for=counts["for"],
        points_against=counts["against"],
        partners=partners,
        opponents=opponents,
    )
