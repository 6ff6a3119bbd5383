"""The league's figures (ratings, a player's statistics, two players' duel, the players'
export), computed once per version of the stored sessions and kept.

Without this, each request scored every stored session again (1,200 sessions: seconds
each, and four at once held every thread). Here every request reads the league's version
(``store.figures``: one small query), and the figures for it are taken from a bounded
cache, or computed by one request while the others for them wait (``Computations``): at
most ``SLOTS`` requests wait or compute at once, so the other threads stay free for the
pages; past that, 503 with Retry-After. The scored sessions themselves are kept by
(id, version, updated), which every write of the app moves, so after a hand is saved
only that session is scored again (a session's row edited by hand in the file, leaving
those as they were, is scored again after a restart).
The figures still come from ``scoring/`` alone.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from flask import abort, current_app
from flask_babel import gettext as _

from barbu_scorer.scoring.league.bridge import BridgeStats, bridge_stats
from barbu_scorer.scoring.league.played import Played, PlayerId
from barbu_scorer.scoring.league.rating import Rating, ratings
from barbu_scorer.scoring.league.season import Line
from barbu_scorer.scoring.league.season_play import Figures as SeasonFigures
from barbu_scorer.scoring.league.season_play import figures
from barbu_scorer.scoring.league.stats import HeadToHead, PlayerStats, head_to_head, player_stats
from barbu_scorer.store import players as roster
from barbu_scorer.store.figures import figures_version
from barbu_scorer.store.seasons import Stored
from barbu_scorer.web.cached import Busy, Computations
from barbu_scorer.web.db import get_db

SLOTS = 2
"""Requests waiting for or computing the league's figures at once, per process."""
SESSIONS_KEPT = 2048
"""Sessions whose scored document is kept (about 90 MB resident a thousand sessions of 28
hands, measured by bench/league.py)."""

T = TypeVar("T")
log = logging.getLogger("barbu_scorer.league")


def _kept(name: str, make: Callable[[], T]) -> T:
    """The app's own ``name`` (made once: ``setdefault`` keeps the first of two)."""
    found: T | None = current_app.extensions.get(name)
    if found is None:
        found = current_app.extensions.setdefault(name, make())
    return found


def computations() -> Computations[Any]:
    """This app's cache of the league's figures."""
    return _kept("barbu_league", lambda: Computations(entries=64, slots=SLOTS))


class Scored:
    """Each session's scored document at its latest (version, updated) seen, one entry
    per session (a newer version replaces it): at most ``entries`` sessions, past which
    the others are scored every time (no LRU churn: a full pass would evict every entry
    before its next use)."""

    def __init__(self, entries: int = SESSIONS_KEPT) -> None:
        self.entries = entries
        self._items: dict[str, tuple[Hashable, roster.Scored]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], roster.Scored]) -> roster.Scored:
        """The value kept for ``key`` (session id, version, updated), or the computed one."""
        assert isinstance(key, tuple)
        session_id, *stamp = key
        found = self._items.get(session_id)
        if found is not None and found[0] == tuple(stamp):
            return found[1]
        value = compute()
        with self._lock:
            if session_id in self._items or len(self._items) < self.entries:
                self._items[session_id] = (tuple(stamp), value)
        return value


def _documents() -> Scored:
    return _kept("barbu_league_documents", Scored)


def version() -> tuple[int, int]:
    """The league's version as SQLite has it now."""
    return figures_version(get_db())


def figure(
    key: tuple[Hashable, ...], build: Callable[[], T], kept: Computations[Any] | None = None
) -> T:
    """``build``'s value for ``key`` at the league's current version, or a 503 page."""
    try:
        found: T = (kept or computations()).get((*key, version()), build)
    except Busy:
        abort(503, description=_("The players' figures are being worked out: try again soon."))
    return found


def played() -> list[Played]:
    """Every readable stored Barbu session, scored (unchanged ones from the cache)."""
    documents = _documents()
    return figure(("played",), lambda: roster.played_sessions(get_db(), known=documents.get))


def rated() -> dict[PlayerId, Rating]:
    """Every rated player's rating."""
    return figure(("ratings",), lambda: ratings(played()))


def stats_of(player: PlayerId) -> PlayerStats:
    """A player's statistics."""
    return figure(
        ("stats", player), lambda: player_stats([p for p in played() if p.sat(player)], player)
    )


def duel_of(first: PlayerId, second: PlayerId) -> HeadToHead:
    """Two players at the same table."""
    return figure(
        ("duel", first, second),
        lambda: head_to_head([p for p in played() if first in p.who], first, second),
    )


def bridge_of(player: PlayerId) -> BridgeStats:
    """A player's Barbu Bridge figures."""
    return figure(
        ("bridge", player), lambda: bridge_stats(roster.played_bridge(get_db(), player), player)
    )


def _export_body(players_format: str) -> bytes:
    """Every roster player's name and every readable session one sat in, as JSON; a
    session that cannot be read today is left out and logged."""
    from barbu_scorer.games import export_document

    db, sessions, skipped = get_db(), [], []
    for session_id, created in roster.seated_sessions(db):
        try:
            document = export_document(db, session_id)
        except roster.UNREADABLE:
            document = None
        if document is None:
            skipped.append(session_id)
            continue
        sessions.append({"created": created, "document": document})
    if skipped:
        log.warning("%s stored session(s) left out of the export: %s", len(skipped), skipped[:5])
    names = [p.name for p in roster.roster(db)]
    out = {"format": players_format, "players": names, "sessions": sessions}
    out["seasons"] = season_exports()
    return (current_app.json.dumps(out) + "\n").encode()


def season_exports() -> list[dict[str, Any]]:
    """Every season's JSON in the order they were made, its divisions by player name."""
    from barbu_scorer.scoring.league.season_spec import divisions_renamed, season_to_dict
    from barbu_scorer.store.seasons import all_seasons

    names = {p.id: p.name for p in roster.roster(get_db())}
    stored = sorted(all_seasons(get_db()), key=lambda s: s.id)
    return [divisions_renamed(season_to_dict(s.season), names) for s in stored]


def exported(players_format: str) -> bytes:
    """The players' export (its JSON body, megabytes: one version kept) at the current
    version, one at a time."""
    kept = _kept("barbu_league_export", lambda: Computations[Any](entries=1, slots=1))
    return figure(("export",), lambda: _export_body(players_format), kept)


def season_figures(stored: Stored) -> SeasonFigures:
    """A stored season's figures, at the league's version and the season's own text (an
    edited season is worked out again)."""
    return figure(("season", stored.id, stored.text), lambda: figures(stored.season, played()))


SEASONS_SHOWN = 5
"""The player's latest seasons a player's page lists."""
SEASONS_LOOKED = 12
"""The latest seasons a player's page looks in for them: each is worked out once per
version and kept in the league's cache of 64 figures, so a page never works out more than 12."""


def seasons_of(player: PlayerId) -> list[tuple[Stored, Line]]:
    """The player's line in each of their latest seasons: the latest SEASONS_SHOWN they
    played in, among the club's latest SEASONS_LOOKED (a season they sat out is skipped,
    so newer seasons without them do not hide an older one with them)."""
    from barbu_scorer.store.seasons import all_seasons

    out = []
    for stored in all_seasons(get_db())[:SEASONS_LOOKED]:
        line = next((x for x in season_figures(stored).table if x.player == player), None)
        if line is not None:
            out.append((stored, line))
            if len(out) == SEASONS_SHOWN:
                break
    return out
