"""A session as the league reads it: its computed document, its date, who sat where."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import resolve_scheme
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme

PlayerId = int
"""A roster player (``None`` at a seat whose player was deleted: anonymous)."""


@dataclass(frozen=True)
class Played:
    """One Barbu session: its id and date (the order of play), the computed document,
    and the roster player at each seat."""

    session_id: str
    date: str
    doc: ComputedDocument
    who: tuple[PlayerId | None, ...]
    mark: str = ""
    """The document's ``fingerprint`` when the caller has it already ("": worked out)."""
    earlier: tuple[tuple[int, int, PlayerId | None], ...] = ()
    """Seats a substitute took over mid-session: (seat, hands, player), the player who
    played the seat's first ``hands`` hands (``who`` has who played the last ones)."""

    def seat_of(self, player: PlayerId) -> int | None:
        """The seat the player took for the whole session, or None (they did not play,
        or played part of a seat: see ``hands_of``)."""
        seat = self.who.index(player) if player in self.who else None
        return None if seat is None or any(e[0] == seat for e in self.earlier) else seat

    def hands_of(self, player: PlayerId) -> tuple[int, range] | None:
        """The seat the player sat in and the indexes of the hands they played there."""
        starts = [(seat, hands, who) for seat, hands, who in self.earlier]
        for seat, hands, who in starts:
            if who == player:
                before = [h for s, h, _w in starts if s == seat and h < hands]
                return seat, range(max(before, default=0), hands)
        if player not in self.who:
            return None
        seat = self.who.index(player)
        return seat, range(max((h for s, h, _w in starts if s == seat), default=0), 10**6)

    def player_at(self, seat: int, index: int) -> PlayerId | None:
        """Who played the seat at the hand of that index (0-based)."""
        taken = sorted((h, w) for s, h, w in self.earlier if s == seat and index < h)
        return taken[0][1] if taken else self.who[seat]

    def sat(self, player: PlayerId) -> bool:
        """Whether the player played any hand of the session."""
        return player in self.who or any(e[2] == player for e in self.earlier)

    @property
    def whole(self) -> tuple[PlayerId | None, ...]:
        """``who``, a seat shared by a substitute and who they replaced as None: its
        session total is nobody's (the ratings and the money leave it out)."""
        shared = {e[0] for e in self.earlier}
        return tuple(None if s in shared else w for s, w in enumerate(self.who))

    @property
    def scheme(self) -> Scheme:
        """The scheme the session was scored with (the document's own copy)."""
        value = self.doc["scheme"]
        if isinstance(value, str):
            return BUILTINS[value] if value in BUILTINS else resolve_scheme(value)
        return scheme_from_dict(value)

    @property
    def scheme_name(self) -> str:
        """The scheme's name, as the statistics group the sessions by."""
        return self.scheme.name


def fingerprint(doc: ComputedDocument) -> str:
    """A digest of what was played (players, scheme, every hand): the same for a session
    and its exported and re-imported copy, whatever id the store gave each."""
    content = [doc["players"], doc["scheme"], doc["first_declarer"], doc["hands"]]
    text = json.dumps(content, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def in_order(played: Iterable[Played]) -> list[Played]:
    """Sessions in the order they were played: by their own date, then (two sessions
    started in the same second) by what was played, then id; never by the order the
    store happened to return them, nor by the ids an import hands out."""
    return sorted(played, key=lambda p: (p.date, p.mark or fingerprint(p.doc), p.session_id))
