"""Barbu Bridge sessions in SQLite: the same tables as Tournament sessions, another format.

A session row has ``format = "barbu-bridge/1"``, ``first_declarer`` holds the first dealer
and ``scheme`` the session's own copy of the Barbu Bridge settings; each ``hands`` row holds
one deal exactly as entered (``subgame``, ``bridge``, ``barbu``). Every write scores the
whole session with the change first, inside one transaction, so the database never holds
a deal the rules refuse. The write paths, locking and history are those of ``session_rows``
and the edit keys those of ``store``: this module says how a session loads and how its
deals are read and checked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.bridge.document import (
    FORMAT,
    SCHEME_ID,
    bridge_scheme,
    compute_bridge_document,
    deal_from_dict,
    deal_to_dict,
)
from barbu_scorer.scoring.bridge.partscore import UNFINISHED_PARTSCORE, PartscoreRule
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.units import DEAL
from barbu_scorer.store.reads import StoredRow
from barbu_scorer.store.rows import (
    Conflict,
    EntryWrites,
    Stale,
    Written,
    added_entry,
    delete_last_entry,
    insert_session,
    read_session,
    replace_entry,
)
from barbu_scorer.store.sessions import key_matches

__all__ = [
    "Conflict",
    "Stale",
    "StoredBridge",
    "WRITES",
    "add_deal",
    "corrected_deal",
    "create",
    "delete_last",
    "key_matches",
    "load",
    "record_deal",
    "replace_deal",
]


@dataclass(frozen=True, kw_only=True)
class StoredBridge(StoredRow):
    """A Barbu Bridge session as stored: the four players, the first dealer, the deals."""

    first_dealer: int
    unfinished_partscore: PartscoreRule
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

    def score(self) -> ComputedBridge:
        """The session scored: the computed document without the store's stamps."""
        return compute_bridge_document(self.entered(), stored=True)

    def document(self, scored: ComputedBridge | None = None) -> ComputedBridge:
        """The computed document (the export), with the store's id, name and version;
        ``scored``: this version's ``score()``, already computed."""
        return self.stamped(scored if scored is not None else self.score())


def load(db: Database, session_id: str) -> StoredBridge | None:
    """A stored Barbu Bridge session, or None (also when the session plays another game)."""
    found = read_session(db, session_id, FORMAT)
    if found is None:
        return None
    row, deals = found
    settings = json.loads(row["scheme"])
    return StoredBridge(
        **StoredRow.columns(row),
        first_dealer=row["first_declarer"],
        unfinished_partscore=settings.get("unfinished_partscore", UNFINISHED_PARTSCORE),
        deals=deals,
    )


def _canonical(deal: Mapping[str, Any], number: int, first_dealer: int) -> dict[str, Any]:
    """A deal as stored: read (so a wrong one names its number), then written back bare."""
    if not isinstance(deal, Mapping):  # an API body may be anything at all
        raise ScoringError(msg("a deal must be an object"), number, unit=DEAL)
    return deal_to_dict(deal_from_dict(dict(deal), number, first_dealer))


def _scored(stored: StoredBridge, deals: Sequence[Mapping[str, Any]]) -> ComputedBridge:
    """The whole session scored with these deals; a ScoringError when the rules refuse it."""
    return compute_bridge_document(stored.entered(deals), stored=True)


def create(
    db: Database,
    *,
    players: Sequence[str],
    first_dealer: int,
    name: str = "",
    deals: Sequence[Mapping[str, Any]] = (),
    unfinished_partscore: PartscoreRule = UNFINISHED_PARTSCORE,
    who: str = "api",
) -> tuple[StoredBridge, str]:
    """Store a new session (checked whole first, the names by the one name rule); the
    stored session and its edit key."""
    doc = compute_bridge_document(
        {
            "format": FORMAT,
            "players": list(players),
            "first_dealer": first_dealer,
            "unfinished_partscore": unfinished_partscore,
            "deals": [dict(deal) for deal in deals],
        }
    )
    session_id, edit_key = insert_session(
        db,
        session_format=FORMAT,
        name=name,
        players=doc["players"],
        scheme_ref=SCHEME_ID,
        scheme=bridge_scheme(doc["unfinished_partscore"]),
        first=doc["first_dealer"],
        entries=[
            _canonical(deal, number, doc["first_dealer"])
            for number, deal in enumerate(doc["deals"], start=1)
        ],
        who=who,
    )
    stored = load(db, session_id)
    assert stored is not None
    return stored, edit_key


# Barbu Bridge sessions in the shared write paths.
WRITES: EntryWrites[StoredBridge, Mapping[str, Any]] = EntryWrites(
    unit=DEAL,
    load=load,
    entries=lambda stored: stored.deals,
    canonical=lambda stored, number, deal: _canonical(deal, number, stored.first_dealer),
    check=_scored,
)


def add_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None = None,
) -> bool:
    """Record deal ``number``; False when the same deal was already recorded (a replay)."""
    return record_deal(db, session_id, number, deal, who, version).added


def record_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None = None,
) -> Written:
    """``add_deal``, with what the write did and the session scored as written."""
    return added_entry(WRITES, db, session_id, number, deal, who, version)


def replace_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None,
) -> None:
    """Correct deal ``number``; every later figure follows (and must still be possible)."""
    corrected_deal(db, session_id, number, deal, who, version)


def corrected_deal(
    db: Database,
    session_id: str,
    number: int,
    deal: Mapping[str, Any],
    who: str,
    version: int | None,
) -> Written:
    """``replace_deal``, with what the write did and the session scored as written."""
    return replace_entry(WRITES, db, session_id, number, deal, who, version)


def delete_last(db: Database, session_id: str, number: int, who: str, version: int | None) -> None:
    """Undo the last deal (only the last may go); it stays in the history."""
    delete_last_entry(WRITES, db, session_id, number, who, version)
