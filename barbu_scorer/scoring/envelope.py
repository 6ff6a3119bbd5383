"""What a stored document carries around the rules' own content, whatever the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# What the store adds to an exported document: accepted back on import, and set anew.
STORE_KEYS = frozenset({"id", "name", "version", "edit_key", "links", "ended_after"})


def bare(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The document without what the store adds on export (id, name, version, links)."""
    return {key: value for key, value in doc.items() if key not in STORE_KEYS}
