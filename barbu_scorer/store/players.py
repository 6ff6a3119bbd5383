"""The roster: players saved on this server and the seats they took, in both games.

The seats of a new session are linked by the ``roster_seats`` trigger (migration
``m005_roster``) in the very transaction that stores the session. Renaming, merging and
deleting rewrite the names in the sessions concerned, each in one transaction, with the
session's version bumped and the change in its history.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import FORMAT, session_to_dict
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.league.bridge import PlayedBridge
from barbu_scorer.scoring.league.played import Played, fingerprint
from barbu_scorer.scoring.players import name_key, player_names, same_name
from barbu_scorer.store.reliefs import earlier_players, merge_reliefs, sessions_of_players
from barbu_scorer.store.rows import bump, log, now, writing
from barbu_scorer.store.sessions import load as load_session

logger = logging.getLogger("barbu_scorer.league")


@dataclass(frozen=True)
class RosterPlayer:
    """A saved player: their name, how many sessions they sat in, when last."""

    id: int
    name: str
    initials: str
    colour: str
    sessions: int
    last_played: str


_ROSTER = """
    SELECT p.id, p.name, p.initials, p.colour, count(s.id) AS sessions,
           coalesce(max(s.created), '') AS last_played
    FROM players p
    LEFT JOIN seats t ON t.player_id = p.id
    LEFT JOIN sessions s ON s.id = t.session_id
    {where}
    GROUP BY p.id
    ORDER BY last_played DESC, max(s.rowid) DESC, p.name COLLATE NOCASE
"""


def roster(db: Database) -> list[RosterPlayer]:
    """Every saved player, the most recently seen first (sessions started in the same
    second: the later one's players first, so the table just played leads the chips)."""
    return [RosterPlayer(*row) for row in db.execute(_ROSTER.format(where=""))]


def get(db: Database, player_id: int) -> RosterPlayer | None:
    """One saved player, or None (also for an id past SQLite's 64-bit integers, which
    names no row: a typed address or a posted form may hold any number)."""
    if not 0 < player_id < 2**63:
        return None
    rows = db.execute(_ROSTER.format(where="WHERE p.id = ?"), [player_id]).fetchall()
    return RosterPlayer(*rows[0]) if rows else None


def by_name(db: Database, name: str) -> RosterPlayer | None:
    """The saved player of that name (the same ``name_key``), or None."""
    row = db.execute("SELECT id FROM players WHERE name_key = ?", [name_key(name)]).fetchone()
    return get(db, row[0]) if row else None


def add(db: Database, name: str) -> RosterPlayer:
    """Save a player who has not played yet (the name rule applies); the existing player
    when the name is already on the roster."""
    (clean,) = player_names([name])
    with writing(db):
        db.execute(
            "INSERT OR IGNORE INTO players (name, name_key, created) VALUES (?, ?, ?)",
            [clean, name_key(clean), now()],
        )
    found = by_name(db, clean)
    assert found is not None
    return found


def seats_of(db: Database, player_id: int) -> list[tuple[str, int]]:
    """(session id, seat) of every seat the player took, oldest session first."""
    rows = db.execute(
        """SELECT t.session_id, t.seat FROM seats t JOIN sessions s ON s.id = t.session_id
           WHERE t.player_id = ? ORDER BY s.created, s.id""",
        [player_id],
    )
    return [(row[0], row[1]) for row in rows]


def seat_players(db: Database, session_ids: Sequence[str]) -> dict[str, list[int | None]]:
    """The roster player (or None) of each seat of the given sessions."""
    out: dict[str, list[int | None]] = {}
    for session_id in session_ids:
        rows = db.execute(
            "SELECT seat, player_id FROM seats WHERE session_id = ? ORDER BY seat", [session_id]
        )
        out[session_id] = [row[1] for row in rows]
    return out


def _rewrite(db: Database, player_id: int, name_of_seat: dict[int, str] | str, who: str) -> None:
    """Give the player's seats a new name in every session they sat in (one session at a
    time inside the caller's transaction), refusing a name the session already has."""
    for session_id, seat in seats_of(db, player_id):
        row = db.execute("SELECT players FROM sessions WHERE id = ?", [session_id]).fetchone()
        names = json.loads(row[0])
        before = names[seat]
        names[seat] = name_of_seat if isinstance(name_of_seat, str) else name_of_seat[seat]
        try:
            player_names(names)
        except ScoringError:
            raise refused(
                "a session already has a player called %(names_seat)s: pick another name (or "
                "merge the two players)",
                names_seat=names[seat],
            ) from None
        db.execute(
            "UPDATE sessions SET players = ? WHERE id = ?",
            [json.dumps(names, ensure_ascii=False), session_id],
        )
        bump(db, session_id, None)
        log(db, session_id, who, "rename", None, {"player": before}, {"player": names[seat]})


def rename(db: Database, player_id: int, name: str, who: str = "roster") -> RosterPlayer:
    """Give a player a new name, here and in every session they played."""
    (clean,) = player_names([name])
    with writing(db):
        player = get(db, player_id)
        if player is None:
            raise KeyError(player_id)
        other = by_name(db, clean)
        if other is not None and other.id != player_id:
            raise refused(
                "%(name)s is already on the roster: merge the two instead", name=other.name
            )
        if clean != player.name:
            db.execute(
                "UPDATE players SET name = ?, name_key = ? WHERE id = ?",
                [clean, name_key(clean), player_id],
            )
            _rewrite(db, player_id, clean, who)
    found = get(db, player_id)
    assert found is not None
    return found


def merge(db: Database, keep_id: int, gone_id: int, who: str = "roster") -> RosterPlayer:
    """Fold one player into another: the seats of ``gone_id`` become ``keep_id``'s (named
    as they are), and ``gone_id`` leaves the roster. Refused when both sat in one session."""
    if keep_id == gone_id:
        raise refused("pick two different players to merge")
    with writing(db):
        keep, gone = get(db, keep_id), get(db, gone_id)
        if keep is None or gone is None:
            raise KeyError(gone_id if keep is not None else keep_id)
        shared = {s for s, _ in seats_of(db, keep_id)} & {s for s, _ in seats_of(db, gone_id)}
        if shared:
            raise refused(
                "%(name)s and %(name2)s played in the same session: they are two people",
                name=keep.name,
                name2=gone.name,
            )
        if not same_name(keep.name, gone.name):
            _rewrite(db, gone_id, keep.name, who)
        db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", [keep_id, gone_id])
        merge_reliefs(db, keep_id, gone_id)
        db.execute("DELETE FROM players WHERE id = ?", [gone_id])
    found = get(db, keep_id)
    assert found is not None
    return found


def delete(db: Database, player_id: int, who: str = "roster") -> None:
    """Take a player off the roster; their seats are anonymised ("Player 3") and the
    sessions keep every figure."""
    with writing(db):
        if get(db, player_id) is None:
            raise KeyError(player_id)
        _rewrite(db, player_id, {s: f"Player {s + 1}" for s in range(64)}, who)
        db.execute("UPDATE seats SET player_id = NULL WHERE player_id = ?", [player_id])
        db.execute("DELETE FROM players WHERE id = ?", [player_id])


Scored = tuple[ComputedDocument, str] | None
"""A session's computed document and its fingerprint (None: it cannot be read today)."""
Known = Callable[[Hashable, Callable[[], Scored]], Scored]
"""A memo of scored sessions: the value kept under the key, or the one computed."""

UNREADABLE = (ScoringError, ValueError, TypeError, KeyError, RecursionError)
"""What a stored session past today's limits (or hand-edited) raises when read."""


def _computed(db: Database, session_id: str) -> Scored:
    """A stored Barbu session's computed document and its fingerprint; None when it
    cannot be read today."""
    try:
        stored = load_session(db, session_id)
        if stored is None:
            return None
        doc = session_to_dict(stored.score(), stored.players, stored.scheme_ref)
        return doc, fingerprint(doc)
    except UNREADABLE:
        return None


def played_sessions(
    db: Database, player_ids: Sequence[int] = (), known: Known | None = None
) -> list[Played]:
    """Every stored Barbu session (computed) with its roster seats, for the league's
    figures; only those where one of ``player_ids`` sat when any are given. A session
    that cannot be read today (its scheme past today's limits, a hand-edited row, a
    scheme that no longer scores it) is left out and logged, never an error for the
    page. ``known`` keeps computed documents by (id, version, updated), so a session
    unchanged since is not scored again."""
    query = "SELECT s.id, s.version, s.updated, s.created FROM sessions s WHERE s.format = ?"
    args: list[object] = [FORMAT]
    if player_ids:
        marks = ",".join("?" for _ in player_ids)
        query += f" AND s.id IN ({sessions_of_players(marks)})"
        args += list(player_ids) * 2
    rows = db.execute(query, args).fetchall()
    seats = seat_players(db, [row[0] for row in rows])
    shared = earlier_players(db, [row[0] for row in rows])
    out, skipped = [], []
    for session_id, version, updated, created in rows:

        def compute(session_id: str = session_id) -> Scored:
            return _computed(db, session_id)

        found = compute() if known is None else known((session_id, version, updated), compute)
        if found is None:
            skipped.append(session_id)
            continue
        taken = shared.get(session_id, ())
        out.append(Played(session_id, created, found[0], tuple(seats[session_id]), found[1], taken))
    if skipped:
        logger.warning(
            "%s stored session(s) left out of the figures: %s", len(skipped), skipped[:4]
        )
    return out


def played_bridge(db: Database, player_id: int) -> list[PlayedBridge]:
    """Every Barbu Bridge session the player sat in (computed), with its roster seats;
    apart from ``played_sessions``, so no bridge figure reaches a Barbu one."""
    from barbu_scorer.scoring.bridge.document import FORMAT as BRIDGE
    from barbu_scorer.scoring.bridge.document import compute_bridge_document
    from barbu_scorer.store.bridge import load as load_bridge

    ids = [
        row[0]
        for row in db.execute(
            """SELECT DISTINCT s.id FROM sessions s JOIN seats t ON t.session_id = s.id
               WHERE s.format = ? AND t.player_id = ?""",
            [BRIDGE, player_id],
        )
    ]
    seats, out = seat_players(db, ids), []
    for session_id in ids:
        try:
            stored = load_bridge(db, session_id)
            doc = compute_bridge_document(stored.entered(), stored=True) if stored else None
        except UNREADABLE:
            stored = doc = None
        if stored and doc:
            out.append(PlayedBridge(session_id, stored.created, doc, tuple(seats[session_id])))
    return out


def keep_date(db: Database, session_id: str, created: str) -> None:
    """An imported session keeps the date it was first played (the league orders
    sessions by it); a date that is not an ISO 8601 timestamp is refused."""
    try:
        datetime.fromisoformat(created)
    except (TypeError, ValueError):
        raise refused(
            "created: an ISO 8601 date and time, not %(created)s", created=repr(created)
        ) from None
    with writing(db):
        db.execute("UPDATE sessions SET created = ? WHERE id = ?", [created[:40], session_id])


def seated_sessions(db: Database) -> list[tuple[str, str]]:
    """(id, created) of every session a roster player sat in, of either game, oldest first."""
    query = """SELECT DISTINCT s.id, s.created FROM sessions s JOIN seats t ON t.session_id = s.id
                WHERE t.player_id IS NOT NULL ORDER BY s.created, s.id"""
    return [(row[0], row[1]) for row in db.execute(query).fetchall()]
