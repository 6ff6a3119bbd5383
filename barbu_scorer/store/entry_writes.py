"""One game's part in the shared writes of ``store.rows`` (``EntryWrites``), and what a
write hands back (``Written``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sqlite_utils import Database

from barbu_scorer.scoring.units import Unit

Stored = TypeVar("Stored")
Entry = TypeVar("Entry")


@dataclass(frozen=True)
class Written:
    """What a change to a session's entries did: whether it wrote (False: a replay of what
    is recorded, nothing written), the session's version after it, and the whole session
    scored as it now stands (what the rules checked before the commit; None when nothing
    was written), so that the pages read that one scoring instead of scoring again."""

    added: bool
    version: int
    scored: object = None


@dataclass(frozen=True)
class EntryWrites(Generic[Stored, Entry]):
    """One game's part in the shared writes (its ``Game`` in ``games.py`` holds it)."""

    unit: Unit
    """What the messages call one entry (``scoring.units``: HAND or DEAL)."""
    load: Callable[[Database, str], Stored | None]
    """The stored session, or None (no such session, or another game's)."""
    entries: Callable[[Stored], Sequence[dict[str, Any]]]
    """The session's entries as stored, in order."""
    canonical: Callable[[Stored, int, Entry], dict[str, Any]]
    """An entry as it would be stored under a number (a ScoringError when it can't be)."""
    check: Callable[[Stored, list[dict[str, Any]]], object]
    """The whole session scored with these entries (a ScoringError when the rules refuse),
    as the stored session's own ``score()`` would give it."""
    scored_next: Callable[[Stored, int, Entry, object], tuple[dict[str, Any], object]] | None = None
    """The next entry as stored and the whole session scored with it, in one scoring (then
    an add scores the session once, not twice), given a scoring of some first entries to
    go on from (the version before's, or None: its rules take only a true prefix); None:
    ``canonical`` then ``check``."""
