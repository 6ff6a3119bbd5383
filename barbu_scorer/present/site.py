"""The published website's shape: where each page and PDF sits, the relative links between
them (so the site works from file:// as from any web host), and the index's entries.

Every address is a path relative to the site's folder, with ``/`` between its parts; a
page links to another by :func:`link`, never by an absolute address.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from barbu_scorer.present.format import day

INDEX = "index.html"
RATINGS = "ratings.html"
SEASONS = "seasons.html"
STYLES = "site.css"
SHEET_STYLES = "sheet.css"
MANIFEST = "site.json"
"""What the site holds (the index's entries), read back by the next publish."""
SITE_FORMAT = "barbu-site/1"


def event_page(event_id: str) -> str:
    """The event's page: its ranking, its tables, its players."""
    return f"events/{event_id}/index.html"


def results_file(event_id: str) -> str:
    """The event's results PDF (the ranking, then each table's sheet)."""
    return f"events/{event_id}/results.pdf"


def table_page(event_id: str, round_: int, number: int, suffix: str = "html") -> str:
    """A table's sheet (``suffix`` "pdf": its PDF, beside it)."""
    return f"events/{event_id}/round-{round_}-table-{number}.{suffix}"


def player_page(event_id: str, number: int, suffix: str = "html") -> str:
    """A player's evening (``number`` from 1, in the event's order; "pdf": its PDF)."""
    return f"events/{event_id}/player-{number}.{suffix}"


def link(page: str, target: str) -> str:
    """``target`` as a relative link from ``page`` (both site paths)."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


@dataclass(frozen=True)
class Entry:
    """One event on the index (kept in the manifest, so a later publish of other events
    keeps it listed)."""

    id: str
    name: str
    date: str
    players: int
    final: bool

    @property
    def page(self) -> str:
        """The event's page on the site."""
        return event_page(self.id)


@dataclass(frozen=True)
class IndexLine:
    """One line of the index page, in words."""

    name: str
    date: str
    href: str
    players: int
    final: bool


def merged(kept: Iterable[Entry], fresh: Iterable[Entry]) -> list[Entry]:
    """The index's entries: those kept, each replaced by its fresh one, newest night first."""
    by_id = {e.id: e for e in kept}
    by_id.update({e.id: e for e in fresh})
    return sorted(by_id.values(), key=lambda e: (e.date, e.name, e.id), reverse=True)


def index_lines(entries: Sequence[Entry]) -> list[IndexLine]:
    """The index page's lines."""
    return [
        IndexLine(e.name, day(e.date), link(INDEX, e.page), e.players, e.final) for e in entries
    ]


def manifest(entries: Sequence[Entry]) -> dict[str, Any]:
    """The manifest written beside the index."""
    return {"format": SITE_FORMAT, "events": [asdict(e) for e in entries]}


def read_manifest(doc: object) -> list[Entry]:
    """A manifest's entries (nothing from anything else: a site is then written afresh)."""
    if not isinstance(doc, Mapping) or doc.get("format") != SITE_FORMAT:
        return []
    out = []
    for item in doc.get("events") or []:
        if not isinstance(item, Mapping):
            continue
        try:
            out.append(
                Entry(
                    str(item["id"]),
                    str(item["name"]),
                    str(item["date"]),
                    int(item["players"]),
                    bool(item["final"]),
                )
            )
        except (KeyError, TypeError, ValueError):
            continue
    return [e for e in out if e.id.isalnum()]
