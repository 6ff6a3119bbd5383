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

    def seat_of(self, player: PlayerId) -> int | None:
        """The seat the player took, or None when they did not play."""
        return self.who.index(player) if player in self.who else None

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
