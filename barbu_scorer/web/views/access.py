"""Who may edit: edit keys kept in the browser's signed cookie, and this device's sessions."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from flask import abort, redirect, session, url_for
from werkzeug.wrappers import Response

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.sessions import key_matches
from barbu_scorer.web.db import get_db

MAX_REMEMBERED = 40


def remember(session_id: str, key: str | None = None) -> None:
    """Put the session first in this device's list (and keep its edit key, if given)."""
    seen = [s for s in session.get("seen", []) if s != session_id]
    session["seen"] = [session_id, *seen][:MAX_REMEMBERED]
    if key:
        keys = dict(session.get("keys", {}))
        keys[session_id] = key
        session["keys"] = {k: v for k, v in keys.items() if k in session["seen"]}


def scorer_label() -> str:
    """Who the history names for a change made from this browser ("scorer · phone 3f2a"),
    so two phones keeping the same session can be told apart."""
    device = session.get("device")
    if not device:
        device = session["device"] = secrets.token_hex(2)
    return f"scorer · phone {device}"


def device_sessions() -> list[str]:
    """The sessions this browser has opened, most recent first."""
    return list(session.get("seen", []))


def can_edit(session_id: str) -> bool:
    """Whether this browser holds the session's edit key."""
    return key_matches(get_db(), session_id, session.get("keys", {}).get(session_id))


def require_edit(session_id: str) -> None:
    """Refuse (403) a browser without the edit key."""
    if not can_edit(session_id):
        abort(403)


def keep_key(session_id: str, key: str, scorer: str) -> Response:
    """The scorer's link: keep its edit key in this browser, then open the ``scorer`` page."""
    # Checked before it is kept: a wrong link must not replace a key this browser holds.
    if not key_matches(get_db(), session_id, key):
        abort(403)
    remember(session_id, key)
    return redirect(url_for(scorer, session_id=session_id))


def scheme_lookup() -> Callable[[str], Scheme | None]:
    """Finds a saved house scheme by name (ignoring case)."""
    db = get_db()
    return lambda name: scheme_store.find(db, name)
