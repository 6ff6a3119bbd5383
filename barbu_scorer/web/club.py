"""The club key: who may rename, merge or delete roster players.

The key is made on the first run; ``barbu-scorer serve`` prints its link, and the
laptop's own home page shows it (to a request from loopback only). Opened once, the link
keeps the key sealed in that browser's cookie; the JSON API takes it as the header
``X-Club-Key``. Reading the roster needs no key, and new names still join it by creating
a session. The link's route and template globals are on the roster pages' blueprint
(``web/views/players.py``).
"""

from __future__ import annotations

from flask import abort, request, session

from barbu_scorer.store import club
from barbu_scorer.web.access import seal, unseal
from barbu_scorer.web.db import get_db
from barbu_scorer.web.links import external

HEADER = "X-Club-Key"
LOOPBACK = frozenset({"127.0.0.1", "::1"})


def club_key() -> str:
    """The club key in clear, made on the first call. A key sealed under another secret
    key (the instance's secret key was replaced) cannot be shown again: a new one is made."""
    db = get_db()
    found = club.stored(db)
    key = unseal(found.sealed) if found else None
    if found and key and club.matches(db, key):
        return key
    fresh = club.new_key()
    kept = club.keep(db, fresh, seal(fresh), replace=found is not None)
    return unseal(kept.sealed) or fresh  # another first run's key, when it won the race


def club_link() -> str:
    """The club link, on the table's address (the key in it)."""
    return external("players.keep_club_key", key=club_key())


def is_member() -> bool:
    """Whether this browser keeps the club key (the right one)."""
    return club.matches(get_db(), unseal(session.get("club")))


def require_member() -> None:
    """Refuse (403) a browser without the club key."""
    if not is_member():
        abort(403)


def from_this_machine() -> bool:
    """A request from the laptop itself: loopback, and not relayed by a proxy."""
    return request.remote_addr in LOOPBACK and "X-Forwarded-For" not in request.headers
