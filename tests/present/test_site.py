"""The published site's shape: relative links between its pages, the index's entries kept
across publishes, a manifest read back (and nothing from anything else)."""

from __future__ import annotations

from barbu_scorer.present.site import (
    INDEX,
    Entry,
    event_page,
    index_lines,
    link,
    manifest,
    merged,
    player_page,
    read_manifest,
    table_page,
)


def test_links_are_relative() -> None:
    page = event_page("abc")
    assert link(page, player_page("abc", 2)) == "player-2.html"
    assert link(page, table_page("abc", 1, 3, "pdf")) == "round-1-table-3.pdf"
    assert link(player_page("abc", 1), INDEX) == "../../index.html"
    assert link(INDEX, page) == "events/abc/index.html"


def test_entries_kept_replaced_and_newest_first() -> None:
    old = [
        Entry("a", "Monday", "2026-11-30", 8, True),
        Entry("b", "Friday", "2026-12-04", 8, False),
    ]
    fresh = [
        Entry("b", "Friday", "2026-12-04", 9, True),
        Entry("c", "Sunday", "2026-12-06", 4, True),
    ]
    entries = merged(old, fresh)
    assert [(e.id, e.players) for e in entries] == [("c", 4), ("b", 9), ("a", 8)]
    assert read_manifest(manifest(entries)) == entries
    assert index_lines(entries)[0].href == "events/c/index.html"


def test_a_manifest_of_something_else_is_nothing() -> None:
    assert read_manifest(None) == [] and read_manifest({"format": "other"}) == []
    odd = {
        "format": "barbu-site/1",
        "events": [
            1,
            {"id": "../x", "name": "n", "date": "d", "players": 1, "final": True},
            {"id": "ok"},
        ],
    }
    assert read_manifest(odd) == []
