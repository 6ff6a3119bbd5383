"""The browser's cookie: what it remembers (the sessions it has seen, their keys sealed,
the house schemes' and club nights' proofs), how long, and how much.

It lasts PERMANENT_SESSION_LIFETIME from its last change and is sent only when it
changed. Browsers drop a cookie over 4,096 bytes, and with it every key it holds; so a
cookie that would weigh more forgets its oldest entries first (a session's key, then a
scheme's or a club night's, then the oldest sessions seen) until it fits.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer

COOKIE_BYTES = 3_900
"""The most the cookie's value may weigh: its attributes (expiry, path, flags) take the
rest of the 4,096 bytes a browser keeps."""
KEYED = ("keys", "scheme_keys", "event_keys")
"""The cookie's maps of sealed keys and proofs, each oldest first (a session's keys
follow the order it was seen in)."""


def forget_oldest(kept: SessionMixin) -> bool:
    """Forget the oldest entry of the fullest map (then the oldest session seen); False
    when nothing is left to forget."""
    seen: list[str] = list(kept.get("seen", []))
    maps: dict[str, dict[str, Any]] = {name: dict(kept.get(name) or {}) for name in KEYED}
    fullest = max(KEYED, key=lambda name: len(maps[name]))
    if maps[fullest]:
        entries = maps[fullest]
        order = [s for s in reversed(seen) if s in entries] if fullest == "keys" else []
        del entries[(order or list(entries))[0]]
        kept[fullest] = entries
        return True
    if seen:
        kept["seen"] = seen[:-1]
        return True
    return False


class SignedOnce(URLSafeTimedSerializer):
    """Flask's serializer, its last cookie kept per thread for a second: the size check
    and the cookie itself sign the same dict once, not twice (its signature's time stays
    that of this request)."""

    def __init__(self, serializer: URLSafeTimedSerializer) -> None:
        self.__dict__.update(serializer.__dict__)
        self._last = threading.local()

    def dumps(self, obj: Any, salt: Any = None) -> str:
        last = getattr(self._last, "value", None)
        now = time.monotonic()
        if salt is None and last is not None and now - last[2] < 1 and last[0] == obj:
            found: str = last[1]
            return found
        signed = str(super().dumps(obj, salt))
        if salt is None:
            self._last.value = (dict(obj), signed, now)
        return signed


class LastingCookie(SecureCookieSessionInterface):
    """Flask's signed cookie, lasting, sent when it changed, and never over the size a
    browser keeps (marking every session permanent in a before_request hook signed and
    sent the cookie again on each response, every watcher's poll included)."""

    def get_expiration_time(self, app: Flask, session: SessionMixin) -> datetime:
        return datetime.now(UTC) + app.permanent_session_lifetime

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, built once per secret key (Flask builds one per request:
        half the cost of reading a cookie)."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        held = app.extensions.get("barbu_cookie_serializer")
        if held is None or held[0] != keys:
            made = super().get_signing_serializer(app)
            held = app.extensions["barbu_cookie_serializer"] = (
                keys,
                None if made is None else SignedOnce(made),
            )
        serializer: URLSafeTimedSerializer | None = held[1]
        return serializer

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        serializer = self.get_signing_serializer(app)
        if serializer is not None and session and session.modified:
            while len(serializer.dumps(dict(session))) > COOKIE_BYTES and forget_oldest(session):
                pass
        super().save_session(app, session, response)
        told = response.headers.get("Cache-Control", "")
        if "Set-Cookie" in response.headers and "private" not in told and "no-store" not in told:
            response.headers["Cache-Control"] = "no-store"  # no cache hands its keys on
