"""Schema steps, applied in order once each (recorded in ``_sqlite_migrations``)."""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("barbu_scorer")


@migrations()
def m001_sessions(db: Database) -> None:
    """Sessions and their hands; the session keeps its own copy of the scheme."""
    db.table("sessions").create(
        {
            "id": str,
            "edit_key": str,
            "created": str,
            "updated": str,
            "format": str,
            "name": str,
            "players": str,
            "scheme_ref": str,
            "scheme": str,
            "first_declarer": int,
            "version": int,
        },
        pk="id",
    )
    db.table("hands").create(
        {"session_id": str, "number": int, "entry": str},
        pk=("session_id", "number"),
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("history").create(
        {
            "id": int,
            "session_id": str,
            "at": str,
            "who": str,
            "action": str,
            "number": int,
            "before": str,
            "after": str,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id")],
    )
    db.table("history").create_index(["session_id"])


@migrations()
def m002_schemes(db: Database) -> None:
    """House schemes: one row per saved scheme, its rules as the scheme JSON object.

    Names are unique ignoring case, since a session or the API names its scheme.
    """
    db.execute(
        """CREATE TABLE IF NOT EXISTS schemes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            data TEXT NOT NULL,
            version INTEGER NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )"""
    )


@migrations()
def m003_session_end(db: Database) -> None:
    """A session the scorer ended early: the number of entries it ended after (NULL while
    it goes on)."""
    if "ended_after" not in db.table("sessions").columns_dict:
        db.table("sessions").add_column("ended_after", int)


@migrations()
def m004_scheme_keys(db: Database) -> None:
    """House schemes are owned like sessions: the hash of the key the saving browser holds.

    Schemes saved before have none (NULL): anyone may edit one until a browser saves it.
    """
    db.execute("ALTER TABLE schemes ADD COLUMN edit_key TEXT")


def _link_seats(sessions: str, players: str, created: str, session_id: str) -> str:
    """The two statements that link the seats of ``sessions`` (rows or ``NEW``)."""
    return f"""
    INSERT OR IGNORE INTO players (name, created)
        SELECT trim(j.value), {created} FROM {sessions} json_each({players}) j;
    INSERT OR REPLACE INTO seats (session_id, seat, player_id)
        SELECT {session_id}, CAST(j.key AS INTEGER),
               (SELECT p.id FROM players p WHERE p.name = trim(j.value))
        FROM {sessions} json_each({players}) j;
"""


@migrations()
def m005_roster(db: Database) -> None:
    """The roster: one row per player, and each seat of each session (both games) linked
    to a roster player (NULL once the player is deleted and the seat anonymised).

    Names match ignoring case (``COLLATE NOCASE``: ASCII letters). A trigger links the
    seats of every new session in the transaction that inserts it, whatever the way in
    (the pages, the API, an import), and new names join the roster there.
    """
    db.execute(
        """CREATE TABLE IF NOT EXISTS players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            initials TEXT NOT NULL DEFAULT '',
            colour TEXT NOT NULL DEFAULT '',
            created TEXT NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE IF NOT EXISTS seats (
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player_id INTEGER REFERENCES players(id),
            PRIMARY KEY (session_id, seat)
        )"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS seats_player ON seats (player_id)")
    # A session's stake (cents a point, balances rounded to ``rounding`` cents), and the
    # evenings a group of players settled up (``players``: their sorted roster ids).
    db.execute(
        """CREATE TABLE IF NOT EXISTS stakes (
            session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
            cents INTEGER NOT NULL,
            rounding INTEGER NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE IF NOT EXISTS settlements (
            id INTEGER PRIMARY KEY,
            players TEXT NOT NULL,
            at TEXT NOT NULL,
            payments TEXT NOT NULL
        )"""
    )
    ordered = "(SELECT * FROM sessions ORDER BY created, id) s,"
    existing = _link_seats(ordered, "s.players", "s.created", "s.id")
    for statement in existing.split(";"):
        if statement.strip():
            db.execute(statement)
    link = _link_seats("", "NEW.players", "NEW.created", "NEW.id")
    db.execute(
        f"CREATE TRIGGER IF NOT EXISTS roster_seats AFTER INSERT ON sessions BEGIN {link} END"
    )


@migrations()
def m007_events(db: Database) -> None:
    """Club night events: the event (its director's key hashed like a session's edit key)
    and each table of each round, with the ordinary session it plays and that session's
    scorer key sealed under the director's key (only the director's link can print it)."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS events (
            id TEXT PRIMARY KEY,
            director_key TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            name TEXT NOT NULL,
            date TEXT NOT NULL,
            format TEXT NOT NULL,
            method TEXT NOT NULL,
            scheme_ref TEXT NOT NULL,
            scheme TEXT NOT NULL,
            players TEXT NOT NULL,
            sitting_out TEXT NOT NULL,
            round INTEGER NOT NULL,
            round_started TEXT NOT NULL,
            last_call TEXT,
            version INTEGER NOT NULL
        )"""
    )
    db.execute(
        """CREATE TABLE IF NOT EXISTS event_tables (
            event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            session_id TEXT NOT NULL REFERENCES sessions(id),
            seats TEXT NOT NULL,
            declarer_seat INTEGER,
            sealed_key TEXT NOT NULL,
            PRIMARY KEY (event_id, round, number)
        )"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS event_tables_session ON event_tables (session_id)")


@migrations()
def m008_session_language(db: Database) -> None:
    """A session's own language (its sheet and pad are printed in it); NULL: English."""
    if "language" not in db.table("sessions").columns_dict:
        db.table("sessions").add_column("language", str)


def _keyed_link(sessions: str, players: str, created: str, session_id: str) -> str:
    """``_link_seats`` matching names by ``name_key`` (a Python function every connection
    registers, see ``store/db.py``) instead of SQLite's ASCII-only NOCASE."""
    return f"""
    INSERT OR IGNORE INTO players (name, name_key, created)
        SELECT trim(j.value), name_key(j.value), {created} FROM {sessions} json_each({players}) j;
    INSERT OR REPLACE INTO seats (session_id, seat, player_id)
        SELECT {session_id}, CAST(j.key AS INTEGER),
               (SELECT p.id FROM players p WHERE p.name_key = name_key(j.value))
        FROM {sessions} json_each({players}) j;
"""


NAME_KEY_CLASH = "\x00"
"""Joins a clashing row's key to its id (see ``m009_name_key``); no name holds it."""


@migrations()
def m009_name_key(db: Database) -> None:
    """Names match case-insensitively in every script: each roster row gets ``name_key``
    (``scoring.players.name_key``), unique, and new seats link by it.

    Rows that already clash under the new key (say "Émile" and "émile", two players under
    NOCASE) are both kept, nothing merged silently: the oldest row (lowest id) takes the
    key, each later one the key, ``NAME_KEY_CLASH`` and its id, so it stays on the roster
    under its own name with its sessions, and the roster page merges it by hand. New
    sessions' "émile" links to the oldest.
    """
    from barbu_scorer.scoring.players import name_key

    db.execute("ALTER TABLE players ADD COLUMN name_key TEXT")
    taken: set[str] = set()
    for player_id, name in db.execute("SELECT id, name FROM players ORDER BY id").fetchall():
        key = name_key(name)
        if key in taken:
            key = f"{key}{NAME_KEY_CLASH}{player_id}"
        taken.add(key)
        db.execute("UPDATE players SET name_key = ? WHERE id = ?", [key, player_id])
    db.execute("CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players (name_key)")
    link = _keyed_link("", "NEW.players", "NEW.created", "NEW.id")
    db.execute("DROP TRIGGER IF EXISTS roster_seats")
    db.execute(f"CREATE TRIGGER roster_seats AFTER INSERT ON sessions BEGIN {link} END")


@migrations()
def m010_club_key(db: Database) -> None:
    """The club key that roster writes need: one row, its hash (never the key), and the
    key sealed under the app's secret key, so the laptop can show its link again."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS club_key (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            key_hash TEXT NOT NULL,
            sealed TEXT NOT NULL,
            created TEXT NOT NULL
        )"""
    )


@migrations()
def m011_table_beat(db: Database) -> None:
    """The last beat of each scorer's page (when it was seen, how many hands its outbox
    held): one row a session, overwritten; no history, no version (watchers' tags hold)."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS table_beats (
            session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
            at TEXT NOT NULL,
            pending INTEGER NOT NULL
        )"""
    )


@migrations()
def m012_creations(db: Database) -> None:
    """What each creation was asked with (a form's nonce or the API's Idempotency-Key,
    with the request's body), so a resend finds the first one: the hash of what was
    asked (never the nonce), the row made and its key sealed under the nonce (only a
    resend can read it); kept a day."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS creations (
            asked TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            target TEXT NOT NULL,
            sealed_key TEXT NOT NULL,
            created TEXT NOT NULL
        )"""
    )


@migrations()
def m013_event_changes(db: Database) -> None:
    """Each change of who plays a club night (arrive, leave, substitute): when, by whom,
    from which round, who (and who took the seat)."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS event_changes (
            id INTEGER PRIMARY KEY, event_id TEXT NOT NULL REFERENCES events(id)
            ON DELETE CASCADE, at TEXT NOT NULL, who TEXT NOT NULL, action TEXT NOT NULL,
            round INTEGER NOT NULL, player TEXT NOT NULL, other TEXT)"""
    )
