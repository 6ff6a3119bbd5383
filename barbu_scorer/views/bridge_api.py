"""The JSON API's Barbu Bridge side: what ``views.api`` calls when the format is bridge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import bridge_store
from ..db import get_db
from ..scoring.bridge_document import read_bridge_document
from ..scoring.errors import ScoringError

# What the store adds to an exported document: accepted back on import, and set anew.
STORE_KEYS = frozenset({"id", "name", "version", "edit_key", "links"})


def is_bridge_document(doc: Any) -> bool:
    """Whether a posted document is a Barbu Bridge one."""
    return isinstance(doc, Mapping) and doc.get("format") == bridge_store.FORMAT


def is_bridge_session(session_id: str) -> bool:
    """Whether the stored session plays Barbu Bridge."""
    return bridge_store.is_bridge(get_db(), session_id)


def create(doc: Mapping[str, Any]) -> tuple[str, str]:
    """Import a whole document (checked first: nothing is stored if any deal is wrong)."""
    name = doc.get("name", "")
    if not isinstance(name, str) or len(name) > 80:
        raise ScoringError("name: some text, at most 80 characters")
    bare = {key: value for key, value in doc.items() if key not in STORE_KEYS}
    document = read_bridge_document(bare)
    stored, key = bridge_store.create(
        get_db(),
        players=document.players,
        first_dealer=document.first_dealer,
        name=name.strip(),
        deals=bare["deals"],
        unfinished_partscore=document.unfinished_partscore,
    )
    return stored.id, key


def numbered(data: Any) -> Any:
    """The body with its deal number under "number" (a deal may give it as "deal")."""
    if isinstance(data, Mapping) and "number" not in data and "deal" in data:
        return {**data, "number": data["deal"]}
    return data


def deal_of(data: Any) -> Any:
    """The deal itself: the body without the API's "number"."""
    if isinstance(data, Mapping):
        return {key: value for key, value in data.items() if key != "number"}
    return data
