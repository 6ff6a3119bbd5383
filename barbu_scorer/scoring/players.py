"""The one rule for names, whatever the game: the players' names and the session's name.

Every way in (a document read by the rules, the import page, the JSON API, the command
line, the new-session forms and the store) reads these limits and this check, so they
all accept exactly the same names and refuse the others with the same message.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import Message, msg
from barbu_scorer.scoring.text import check_label

MAX_NAME_LENGTH = 40
"""A player's name, once stripped, is at most this many characters."""
MAX_SESSION_NAME_LENGTH = 80
"""A session's (optional) name is at most this many characters."""


def name_key(name: str) -> str:
    """The one key two names share exactly when they are the same name: stripped,
    Unicode-normalised (NFC: "e" + combining acute is "é") and case-folded in every
    script ("Émile" is "émile", "STRASSE" is "straße"). The roster's unique column."""
    folded = unicodedata.normalize("NFC", name.strip()).casefold()
    return unicodedata.normalize("NFC", folded)


def same_name(first: str, second: str) -> bool:
    """Whether two player names are the same name (see ``name_key``)."""
    return name_key(first) == name_key(second)


def _clash(names: Sequence[str]) -> Message | None:
    for later, name in enumerate(names):
        for earlier in names[:later]:
            if same_name(earlier, name):
                if earlier == name:
                    return msg("%(name)s, twice", name=name)
                return msg("%(first)s and %(second)s", first=earlier, second=name)
    return None


# Hangul fillers are letters to Unicode (category Lo) yet show nothing.
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


def player_names(names: Sequence[object], *, stored: bool = False) -> tuple[str, ...]:
    """The players' names stripped; a ScoringError for a blank, too long or repeated one
    (``stored``: names read back from the store, see ``check_label``)."""
    if not all(isinstance(name, str) and name.strip() for name in names):
        raise refused("players: every player needs a name")
    stripped = tuple(
        check_label(name, MAX_NAME_LENGTH, msg("players: each name"), stored=stored)
        for name in names
    )
    if not stored:
        for name in stripped:
            if not any(c.isalnum() and c not in _FILLERS for c in name):
                raise refused(
                    "players: %(name)s: a name needs a visible letter or digit", name=repr(name)
                )
    clash = _clash(stripped)
    if clash is not None:
        raise refused("players: two players have the same name: %(clash)s", clash=clash)
    return stripped


def session_name(value: object) -> str:
    """A session's name stripped ("" when none is given); a ScoringError when it is not
    some text of at most ``MAX_SESSION_NAME_LENGTH`` characters."""
    if not isinstance(value, str):
        raise refused(
            "name: some text, at most %(max_session_name_length)s characters",
            max_session_name_length=MAX_SESSION_NAME_LENGTH,
        )
    return check_label(value.strip(), MAX_SESSION_NAME_LENGTH, msg("name"), blank=True)
