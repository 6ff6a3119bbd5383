"""What a stored document carries around the rules' own content, taken off."""

from __future__ import annotations

from barbu_scorer.scoring.envelope import STORE_KEYS, bare


def test_bare_keeps_the_rules_content_only() -> None:
    doc = {"format": "barbu-session/1", "players": ["Ada"], "id": "x", "version": 3}
    assert bare(doc) == {"format": "barbu-session/1", "players": ["Ada"]}
    assert {"id", "version", "edit_key", "links"} <= STORE_KEYS
