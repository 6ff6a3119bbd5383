"""The club key: who may rename, merge or delete roster players.

The key is made on the first run; ``barbu-scorer serve`` prints its link, and a page
that shows it to whoever opens it first (the laptop, from the terminal: ``one_time_link``).
No page shows it for a request's address or headers: behind a proxy on the laptop every
phone's request comes from loopback, and waitress drops the X-Forwarded-For it is not told
to trust. Opened once, the link
keeps the key sealed in that browser's cookie; the JSON API takes it as the header
``X-Club-Key``. Reading the roster needs no key, and new names still join it by creating
a session. The link's route and template globals are on the roster pages' blueprint
(``web/views/players.py``).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time

from flask import abort, current_app, request, session

from barbu_scorer.store import club
from barbu_scorer.web.access import seal, unseal
from barbu_scorer.web.db import get_db
from barbu_scorer.web.links import external

HEADER = "X-Club-Key"
ONCE = "barbu_club_once"
ONCE_SECONDS = 3600.0
"""How long the one-time page's address works, unopened."""
ONCE_KEPT = 16
"""One-time addresses waiting at most (the oldest are forgotten past that)."""
_once_lock = threading.Lock()


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


def holds_club_key() -> bool:
    """Whether this request holds the club key: this browser keeps it, or the API's
    ``X-Club-Key`` header carries it."""
    header = request.headers.get(HEADER)
    return is_member() or (header is not None and club.matches(get_db(), header))


def require_member() -> None:
    """Refuse (403) a browser without the club key."""
    if not is_member():
        abort(403)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def one_time_link() -> str:
    """The address of a page that shows the club link to whoever opens it first, within
    ``ONCE_SECONDS`` (kept in this process: ``serve`` prints it on the terminal)."""
    token = secrets.token_urlsafe(18)
    waiting: dict[str, float] = current_app.extensions.setdefault(ONCE, {})
    with _once_lock:
        waiting[_digest(token)] = time.monotonic() + ONCE_SECONDS
        while len(waiting) > ONCE_KEPT:
            waiting.pop(next(iter(waiting)))
    return external("players.show_club_link", token=token)


def take_once(token: str) -> bool:
    """Whether ``token`` opens the one-time page now; it never opens it again."""
    waiting: dict[str, float] = current_app.extensions.get(ONCE, {})
    with _once_lock:
        deadline = waiting.pop(_digest(token), None)
    return deadline is not None and time.monotonic() < deadline
