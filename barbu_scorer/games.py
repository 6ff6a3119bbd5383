"""Documents in and out of the store, whatever the game: one path for the API, the
import page and the command line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.document import read_document
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.bridge.document import read_bridge_document
from barbu_scorer.scoring.envelope import bare as without_store_keys
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store import sessions as store


def _name(doc: Mapping[str, Any]) -> str:
    name = doc.get("name", "")
    if not isinstance(name, str) or len(name) > 80:
        raise ScoringError("name: some text, at most 80 characters")
    return name.strip()


def import_document(
    db: Database, doc: Any, lookup: Callable[[str], Scheme | None] | None = None
) -> tuple[str, str]:
    """Store a whole document (checked first: nothing is stored if any hand is wrong).

    Returns the new session's id and its edit key.
    """
    if not isinstance(doc, Mapping):
        raise ScoringError("the document must be a JSON object")
    name = _name(doc)
    bare = without_store_keys(doc)
    if doc.get("format") == bridge_store.FORMAT:
        document = read_bridge_document(bare)
        stored_bridge, key = bridge_store.create(
            db,
            players=document.players,
            first_dealer=document.first_dealer,
            name=name,
            deals=bare["deals"],
            unfinished_partscore=document.unfinished_partscore,
        )
        return stored_bridge.id, key
    scheme, players, first, entries = read_document(bare, lookup)
    ref = doc["scheme"] if isinstance(doc.get("scheme"), str) else scheme.id
    stored, key = store.create_session(
        db,
        players=players,
        scheme=scheme,
        scheme_ref=ref,
        first_declarer=first,
        name=name,
        entries=entries,
    )
    return stored.id, key


def export_document(db: Database, session_id: str) -> dict[str, Any] | None:
    """The computed document of a stored session of either game, or None."""
    bridge = bridge_store.load(db, session_id)
    if bridge is not None:
        return bridge.document()
    stored = store.load(db, session_id)
    return stored.document() if stored is not None else None
