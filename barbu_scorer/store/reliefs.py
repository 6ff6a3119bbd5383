"""A substitute taking a seat at a table in play: the session's seat gets the substitute's
name (and roster player) for the hands left, and who played the seat's hands before is
kept (``seat_reliefs``), so the hands stay with whoever played them: the event's ranking
shares the seat, the league's figures credit each player with their own hands.

Migration ``m015_seat_reliefs`` also gives the event's history of people changing its
``hand`` (the first hand a substitute played at a table in play).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.players import player_names
from barbu_scorer.store.keys import now
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import log


@migrations()
def m015_seat_reliefs(db: Database) -> None:
    """Who played a seat's first ``hands`` hands before a substitute took it (the roster
    player, NULL once deleted, and the name they played under); the history's ``hand``."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS seat_reliefs (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            hands INTEGER NOT NULL,
            player_id INTEGER REFERENCES players(id) ON DELETE SET NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (session_id, seat, hands))"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS seat_reliefs_player ON seat_reliefs (player_id)")
    if "hand" not in db.table("event_changes").columns_dict:
        db.execute("ALTER TABLE event_changes ADD COLUMN hand INTEGER")


@dataclass(frozen=True)
class Relief:
    """A seat's first ``hands`` hands, played by ``name`` (roster ``player_id``) before a
    substitute took it over."""

    seat: int
    hands: int
    player_id: int | None
    name: str


def relieve(
    db: Database, session_id: str, seat: int, name: str, hands: int, who: str = "director"
) -> None:
    """``name`` plays ``seat`` of the session from hand ``hands + 1`` (the caller holds the
    write lock and has checked the table is in play); the session's history says so."""
    row = db.execute("SELECT players FROM sessions WHERE id = ?", [session_id]).fetchone()
    names = json.loads(row[0])
    before = names[seat]
    names[seat] = name
    player_names(names)
    if hands:
        remember(db, session_id, seat, hands, before)
    at = now()
    db.execute(
        "UPDATE sessions SET players = ?, updated = ?, version = version + 1 WHERE id = ?",
        [json.dumps(names, ensure_ascii=False), at, session_id],
    )
    db.execute(
        "INSERT OR IGNORE INTO players (name, name_key, created) VALUES (?, name_key(?), ?)",
        [name.strip(), name, at],
    )
    db.execute(
        "UPDATE seats SET player_id = (SELECT id FROM players WHERE name_key = name_key(?))"
        " WHERE session_id = ? AND seat = ?",
        [name, session_id, seat],
    )
    log(db, session_id, who, "substitute", hands + 1, {"player": before}, {"player": name})


def remember(db: Database, session_id: str, seat: int, hands: int, name: str) -> None:
    """Keep that ``name`` played the seat's first ``hands`` hands (the roster player by the
    name, joining the roster if new: an imported evening's)."""
    db.execute(
        "INSERT OR IGNORE INTO players (name, name_key, created) VALUES (?, name_key(?), ?)",
        [name.strip(), name, now()],
    )
    db.execute(
        "INSERT OR REPLACE INTO seat_reliefs (session_id, seat, hands, player_id, name)"
        " VALUES (?, ?, ?, (SELECT id FROM players WHERE name_key = name_key(?)), ?)",
        [session_id, seat, hands, name, name],
    )


def restore_reliefs(
    db: Database, event_id: str, names: Sequence[str], changes: Sequence[Mapping[str, Any]]
) -> None:
    """An imported evening's seats taken over at a table in play, from its history: each
    substitute's table of that round, the seat they took (the caller holds the lock)."""
    later: dict[str, str] = {}  # who sits at the end in the seat a name took over
    for line in reversed(changes):
        if line.get("hand") is None:
            continue
        seated = later.get(line["other"], line["other"])
        later[line["player"]] = seated
        if line["hand"] <= 1:
            continue
        for session_id, seats in db.execute(
            "SELECT session_id, seats FROM event_tables WHERE event_id = ? AND round = ?",
            [event_id, line["round"]],
        ).fetchall():
            order = json.loads(seats)
            if names.index(seated) in order:
                seat = order.index(names.index(seated))
                remember(db, session_id, seat, line["hand"] - 1, line["player"])


def reliefs(db: Database, session_ids: Sequence[str]) -> dict[str, tuple[Relief, ...]]:
    """Each given session's seats taken over, by session (sessions with none left out)."""
    out: dict[str, list[Relief]] = {}
    for start in range(0, len(session_ids), 500):
        part = list(session_ids[start : start + 500])
        marks = ",".join("?" for _ in part)
        for session_id, seat, hands, player_id, name in db.execute(
            "SELECT session_id, seat, hands, player_id, name FROM seat_reliefs"
            f" WHERE session_id IN ({marks}) ORDER BY session_id, seat, hands",
            part,
        ):
            out.setdefault(session_id, []).append(Relief(seat, hands, player_id, name))
    return {k: tuple(v) for k, v in out.items()}


def earlier_players(
    db: Database, session_ids: Sequence[str]
) -> dict[str, tuple[tuple[int, int, int | None], ...]]:
    """The league's view of ``reliefs``: (seat, hands, roster player) by session."""
    return {
        k: tuple((r.seat, r.hands, r.player_id) for r in v)
        for k, v in reliefs(db, session_ids).items()
    }


def sessions_of_players(marks: str) -> str:
    """The SQL of the sessions where the players (``marks``, given twice) sat, a seat's
    first hands included."""
    return (
        f"SELECT session_id FROM seats WHERE player_id IN ({marks})"
        f" UNION SELECT session_id FROM seat_reliefs WHERE player_id IN ({marks})"
    )


def merge_reliefs(db: Database, keep_id: int, gone_id: int) -> None:
    """Two roster players merged: the hands the one gone played are the kept one's."""
    db.execute("UPDATE seat_reliefs SET player_id = ? WHERE player_id = ?", [keep_id, gone_id])
