"""The JSON API's Barbu Bridge side: what ``views.api`` calls when the format is bridge."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.web.db import get_db


def is_bridge_document(doc: Any) -> bool:
    """Whether a posted document is a Barbu Bridge one."""
    return isinstance(doc, Mapping) and doc.get("format") == bridge_store.FORMAT


def is_bridge_session(session_id: str) -> bool:
    """Whether the stored session plays Barbu Bridge."""
    return bridge_store.is_bridge(get_db(), session_id)


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
