"""Barbu Bridge sessions in SQLite: the same tables as Tournament sessions, another format.

A session row has ``format = "barbu-bridge/1"``, ``first_declarer`` holds the first dealer
and ``scheme`` the session's own copy of the Barbu Bridge settings; each ``hands`` row holds
one deal exactly as entered (``subgame``, ``bridge``, ``barbu``). Every write scores the
whole session with the change first, inside one transaction, so the database never holds
a deal the rules refuse; the locking, history and edit keys are those of ``store``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database
from sqlite_utils.db import NotFoundError

from .scoring.bridge_document import (
    FORMAT,
    SCHEME_ID,
    bridge_scheme,
    compute_bridge_document,
    deal_from_dict,
    deal_to_dict,
)
from .scoring.errors import ScoringError
from .scoring.rubber import UNFINISHED_PARTSCORE
from .store import Conflict, Stale, _bump, _hash, _log, _now, _writing, key_matches

__all__ = [
    "FORMAT",
    "Conflict",
    "Stale",
    "StoredBridge",
    "add_deal",
    "create",
    "delete_last",
    "format_of",
    "is_bridge",
    "key_matches",
    "load",
    "replace_deal",
]


@dataclass(frozen=True)
class StoredBridge:
    """A Barbu Bridge session as stored: the four players, the first dealer, the deals."""

    id: str
    name: str
    created: str
    updated: str
    players: tuple[str, ...]
    first_dealer: int
    unfinished_partscore: int
    version: int
    deals: tuple[dict[str, Any], ...]

    def entered(self, deals: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """The document as entered (no computed field), with these deals or the stored ones."""
        return {
            "format": FORMAT,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "unfinished_partscore": self.unfinished_partscore,
            "deals": [dict(deal) for deal in (self.deals if deals is None else deals)],
        }

    def document(self) -> dict[str, Any]:
        """The computed document (the export), with the store's id, name and version."""
        doc = compute_bridge_document(self.entered())
        return {"id": self.id, "name": self.name, "version": self.version, **doc}


def format_of(db: Database, session_id: str) -> str | None:
    """The stored session's format, or None when there is no such session."""
    try:
        row = db["sessions"].get(session_id)
    except NotFoundError:
        return None
    return str(row["format"])


def is_bridge(db: Database, session_id: str) -> bool:
    """Whether the session exists and plays Barbu Bridge."""
    return format_of(db, session_id) == FORMAT


def load(db: Database, session_id: str) -> StoredBridge | None:
    """A stored Barbu Bridge session, or None (also when the session plays another game)."""
    try:
        row = db["sessions"].get(session_id)
    except NotFoundError:
        return None
    if row["format"] != FORMAT:
        return None
    settings = json.loads(row["scheme"])
    deals = tuple(
        json.loads(r["entry"])
        for r in db["hands"].rows_where("session_id = ?", [session_id], order_by="number")
    )
    return StoredBridge(
        id=row["id"],
        name=row["name"],
        created=row["created"],
        updated=row["updated"],
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_declarer"],
        unfinished_partscore=settings.get("unfinished_partscore", UNFINISHED_PARTSCORE),
        version=row["version"],
        deals=deals,
    )


def _canonical(deal: Mapping[str, Any], number: int, first_dealer: int) -> dict[str, Any]:
    """A deal as stored: read (so a wrong one names its number), then written back bare."""
    return deal_to_dict(deal_from_dict(dict(deal), number, first_dealer))


def _scored(stored: StoredBridge, deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The whole session scored with these deals; a ScoringError when the rules refuse it."""
    return compute_bridge_document(stored.entered(deals))


def _check_names(players: Sequence[str]) -> None:
    """As for Tournament sessions: names of at most 40 characters, different ignoring case."""
    names = [name.strip() for name in players if isinstance(name, str)]
    if any(len(name) > 40 for name in names):
        raise ScoringError("players: keep each name to 40 characters")
    if len({name.casefold() for name in names}) != len(names):
        raise ScoringError("two players have the same name")


def create(
    db: Database,
    *,
    players: Sequence[str],
    first_dealer: int,
    name: str = "",
    deals: Sequence[Mapping[str, Any]] = (),
    unfinished_partscore: int = UNFINISHED_PARTSCORE,
    who: str = "api",
) -> tuple[StoredBridge, str]:
    """Store a new session (checked whole first); the stored session and its edit key."""
    _check_names(players)
    doc = compute_bridge_document(
        {
            "format": FORMAT,
            "players": list(players),
            "first_dealer": first_dealer,
            "unfinished_partscore": unfinished_partscore,
            "deals": [dict(deal) for deal in deals],
        }
    )
    session_id = secrets.token_urlsafe(12)
    edit_key = secrets.token_urlsafe(18)
    now = _now()
    with _writing(db):
        db["sessions"].insert(
            {
                "id": session_id,
                "edit_key": _hash(edit_key),
                "created": now,
                "updated": now,
                "format": FORMAT,
                "name": name,
                "players": json.dumps(doc["players"], ensure_ascii=False),
                "scheme_ref": SCHEME_ID,
                "scheme": json.dumps(
                    bridge_scheme(doc["unfinished_partscore"]), ensure_ascii=False
                ),
                "first_declarer": doc["first_dealer"],
                "version": 1,
            }
        )
        for number, deal in enumerate(doc["deals"], start=1):
            bare = _canonical(deal, number, doc["first_dealer"])
            db["hands"].insert(
                {
                    "session_id": session_id,
                    "number": number,
                    "entry": json.dumps(bare, ensure_ascii=False),
                }
            )
        _log(db, session_id, who, "create", None, None, None)
    stored = load(db, session_id)
    assert stored is not None
    return stored, edit_key


def _locked(db: Database, session_id: str) -> StoredBridge:
    stored = load(db, session_id)
    if stored is None:
        raise KeyError(session_id)
    return stored


def add_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None = None,
) -> bool:
    """Record deal ``number``; False when the same deal was already recorded (a replay)."""
    with _writing(db):
        stored = _locked(db, session_id)
        recorded = len(stored.deals)
        if not 1 <= number <= recorded + 1:
            raise Conflict(f"the next deal is {recorded + 1}, not {number}")
        data = _canonical(deal, number, stored.first_dealer)
        if number <= recorded:
            if stored.deals[number - 1] == data:
                return False
            raise Conflict(f"deal {number} is already recorded, with other figures")
        _scored(stored, [*stored.deals, data])
        db["hands"].insert(
            {
                "session_id": session_id,
                "number": number,
                "entry": json.dumps(data, ensure_ascii=False),
            }
        )
        _bump(db, session_id, version)
        _log(db, session_id, who, "add", number, None, data)
    return True


def replace_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None,
) -> None:
    """Correct deal ``number``; every later figure follows (and must still be possible)."""
    with _writing(db):
        stored = _locked(db, session_id)
        if not 1 <= number <= len(stored.deals):
            raise ScoringError("there is no such deal to correct", number)
        data = _canonical(deal, number, stored.first_dealer)
        deals = list(stored.deals)
        before, deals[number - 1] = deals[number - 1], data
        _scored(stored, deals)
        db.execute(
            "UPDATE hands SET entry = ? WHERE session_id = ? AND number = ?",
            [json.dumps(data, ensure_ascii=False), session_id, number],
        )
        _bump(db, session_id, version)
        _log(db, session_id, who, "correct", number, before, data)


def delete_last(db: Database, session_id: str, number: int, who: str, version: int | None) -> None:
    """Undo the last deal (only the last may go); it stays in the history."""
    with _writing(db):
        stored = _locked(db, session_id)
        if number == 0 or number != len(stored.deals):
            raise Conflict(f"only the last deal ({len(stored.deals)}) can be undone")
        db.execute("DELETE FROM hands WHERE session_id = ? AND number = ?", [session_id, number])
        _bump(db, session_id, version)
        _log(db, session_id, who, "undo", number, stored.deals[-1], None)
