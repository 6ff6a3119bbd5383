"""Sessions in SQLite: reads and writes, each multi-row write in one transaction.

Every write scores the whole session with the change before committing it, so the
database never holds a hand the rules refuse. Writes are guarded by the session's
``version`` (optimistic locking): a write based on a stale view is refused. The write
paths themselves are ``session_rows``, shared with Barbu Bridge; this module says how a
Tournament session loads and how its hands are read and checked.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import FORMAT, read_hand, session_to_dict
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry, Session, score_session
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.scoring.units import HAND
from barbu_scorer.store.event_reads import refuse_beyond_round
from barbu_scorer.store.reads import StoredRow, summaries
from barbu_scorer.store.rows import (
    Conflict,
    EntryWrites,
    Stale,
    Written,
    added_entry,
    delete_last_entry,
    hash_key,
    insert_session,
    read_session,
    replace_entry,
)

__all__ = [
    "Conflict",
    "summaries",
    "Stale",
    "StoredSession",
    "add_hand",
    "corrected_hand",
    "create_session",
    "delete_last",
    "entry_dict",
    "key_matches",
    "stored_key_hash",
    "load",
    "record_hand",
    "replace_hand",
    "same_hand",
]


@dataclass(frozen=True, kw_only=True)
class StoredSession(StoredRow):
    """A session as stored: who plays, the scheme copy, the hand entries."""

    scheme: Scheme
    scheme_ref: str
    first_declarer: int
    entries: tuple[dict[str, Any], ...]

    def score(self) -> Session:
        """The session scored by its own copy of the scheme."""
        return score_session(
            self.scheme,
            self.first_declarer,
            [read_hand(e, i + 1) for i, e in enumerate(self.entries)],
        )

    def document(self, session: Session | None = None) -> ComputedDocument:
        """The computed session document, with the store's id and version."""
        return self.stamped(session_to_dict(session or self.score(), self.players, self.scheme_ref))


def entry_dict(entry: HandEntry) -> dict[str, Any]:
    """A hand entry as stored (only what the scorer said, no computed field).

    Raw scores given beside facts are left out: scoring checked that they agree, so a
    replay that echoes the computed raw scores is the same hand.
    """
    out: dict[str, Any] = {"contract": entry.contract}
    for key in ("trump", "start_rank", "facts", "raw"):
        value = getattr(entry, key)
        if value is not None and not (key == "raw" and entry.facts is not None):
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
    out["doubles"] = (
        [list(pair) if isinstance(pair, list | tuple) else pair for pair in entry.doubles]
        if isinstance(entry.doubles, list | tuple)
        else entry.doubles
    )
    return out


def create_session(
    db: Database,
    *,
    players: Sequence[str],
    scheme: Scheme,
    scheme_ref: str,
    first_declarer: int,
    name: str = "",
    entries: Sequence[HandEntry] = (),
    who: str = "api",
) -> tuple[StoredSession, str]:
    """Store a new session (checked whole first, the names by the one name rule); the
    stored session and its edit key."""
    names = player_names(players)
    session = score_session(scheme, first_declarer, list(entries))
    session_id, edit_key = insert_session(
        db,
        session_format=FORMAT,
        name=name,
        players=names,
        scheme_ref=scheme_ref,
        scheme=scheme_to_dict(scheme),
        first=first_declarer,
        entries=[
            {**entry_dict(hand.entry), "doubles": [list(d) for d in hand.doubles]}
            for hand in session.hands
        ],
        who=who,
    )
    stored = load(db, session_id)
    assert stored is not None
    return stored, edit_key


class Unreadable(ScoringError):
    """A stored session whose scheme today's limits refuse: its pages say so (read-only)."""


@lru_cache(maxsize=256)
def _stored_scheme(text: str) -> Scheme:
    """The stored scheme copy read (a frozen Scheme, kept per text: every request loads
    its session, and reading a scheme's JSON and limits was a tenth of a save)."""
    return _read_scheme(text)


def _read_scheme(text: str) -> Scheme:
    try:
        return scheme_from_dict(json.loads(text))
    except (ScoringError, ValueError, TypeError, RecursionError) as error:
        why = error.text if isinstance(error, ScoringError) else str(error)[:200]
        raise Unreadable(
            msg(
                "this session was stored with a scheme that today's limits refuse "
                "(%(why)s); it is kept as it is, unchanged, but cannot be shown",
                why=why,
            )
        ) from None


def load(db: Database, session_id: str) -> StoredSession | None:
    """A stored Tournament session, or None (another format: see bridge_store)."""
    found = read_session(db, session_id, FORMAT)
    if found is None:
        return None
    row, entries = found
    return StoredSession(
        **StoredRow.columns(row),
        scheme=_stored_scheme(row["scheme"]),
        scheme_ref=row["scheme_ref"],
        first_declarer=row["first_declarer"],
        entries=entries,
    )


def stored_key_hash(db: Database, session_id: str) -> str | None:
    """The stored hash of the session's edit key, or None when there is no such session."""
    rows = list(db.query("SELECT edit_key FROM sessions WHERE id = ?", [session_id]))
    return str(rows[0]["edit_key"]) if rows else None


def key_matches(db: Database, session_id: str, key: str | None) -> bool:
    """Whether ``key`` is the session's edit key."""
    if not key:
        return False
    stored = stored_key_hash(db, session_id)
    return stored is not None and hmac.compare_digest(stored, hash_key(key))


def _checked(stored: StoredSession, entries: list[dict[str, Any]]) -> Session:
    return score_session(
        stored.scheme, stored.first_declarer, [read_hand(e, i + 1) for i, e in enumerate(entries)]
    )


def _canonical(stored: StoredSession, number: int, entry: HandEntry) -> dict[str, Any]:
    """The entry checked as hand ``number`` as given (a stated declarer, raw beside facts),
    then as stored, its doubles in the canonical turn order."""
    return _scored_as(stored, number, entry)[0]


def _scored_as(
    stored: StoredSession, number: int, entry: HandEntry, start: object = None
) -> tuple[dict[str, Any], Session]:
    """``_canonical`` and the hands up to ``number`` scored with it, the last one holding
    the entry as stored (read back as ``StoredSession.score`` reads it): for the next hand,
    the whole session exactly as its next version scores (on from ``start``, if its own)."""
    previous = [read_hand(e, i + 1) for i, e in enumerate(stored.entries[: number - 1])]
    session = score_session(stored.scheme, stored.first_declarer, [*previous, entry], start)
    hand = session.hands[-1]
    data = {**entry_dict(entry), "doubles": [list(pair) for pair in hand.doubles]}
    last = replace(hand, entry=read_hand(data, number))
    return data, replace(session, hands=(*session.hands[:-1], last))


def same_hand(stored: StoredSession, number: int, entry: HandEntry) -> bool:
    """Whether hand ``number`` is already recorded with exactly this entry (a replay)."""
    if not 1 <= number <= len(stored.entries):
        return False
    try:
        return _canonical(stored, number, entry) == stored.entries[number - 1]
    except ScoringError:
        return False


# Tournament sessions in the shared write paths. On an add, ``_scored_as`` scores the
# whole session with the new hand (every earlier hand, then it): that is the check, and
# the scored session the write hands back.
WRITES: EntryWrites[StoredSession, HandEntry] = EntryWrites(
    unit=HAND,
    load=load,
    entries=lambda stored: stored.entries,
    canonical=_canonical,
    check=_checked,
    scored_next=_scored_as,
)


def add_hand(
    db: Database,
    session_id: str,
    number: int,
    entry: HandEntry,
    who: str,
    version: int | None = None,
) -> bool:
    """Record hand ``number``; False when the same hand was already recorded (a replay)."""
    return record_hand(db, session_id, number, entry, who, version).added


def record_hand(
    db: Database,
    session_id: str,
    number: int,
    entry: HandEntry,
    who: str,
    version: int | None = None,
    start: object = None,
) -> Written:
    """``add_hand``, with what the write did and the session scored as written."""
    refuse_beyond_round(db, session_id, number)  # an event's table plays its round's block
    return added_entry(WRITES, db, session_id, number, entry, who, version, start)


def replace_hand(
    db: Database,
    session_id: str,
    number: int,
    entry: HandEntry,
    who: str,
    version: int | None,
    by_director: bool = False,
) -> None:
    """Correct hand ``number``; every later figure follows (see ``replace_entry``)."""
    corrected_hand(db, session_id, number, entry, who, version, by_director)


def corrected_hand(
    db: Database,
    session_id: str,
    number: int,
    entry: HandEntry,
    who: str,
    version: int | None,
    by_director: bool = False,
) -> Written:
    """``replace_hand``, with what the write did and the session scored as written."""
    return replace_entry(WRITES, db, session_id, number, entry, who, version, by_director)


def delete_last(db: Database, session_id: str, number: int, who: str, version: int | None) -> None:
    """Undo the last hand (only the last may go)."""
    delete_last_entry(WRITES, db, session_id, number, who, version)
