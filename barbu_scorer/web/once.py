"""Creations made once (store/creations.py): the nonce a creation form carries in a hidden
field, or the API's ``Idempotency-Key`` header, with the request's body.

A form posted twice (a double tap, the browser's resend) or an API call repeated after
its answer was lost finds the first creation: the page redirects to it, the API answers
it again. A request without a nonce (an old page, a script without the header) creates
each time, as before.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from typing import Any

from flask import request
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.exceptions import BadRequest

from barbu_scorer.store.creations import once
from barbu_scorer.web.budgets import stored
from barbu_scorer.web.db import get_db

FIELD = "nonce"
HEADER = "Idempotency-Key"
_SHAPE = re.compile(r"[A-Za-z0-9_.:~-]{16,100}")
_UNHASHED = frozenset({FIELD, "csrf_token"})


def nonce_field() -> Markup:
    """The hidden field a creation form carries (a template global): new on every page."""
    return Markup(f'<input type="hidden" name="{FIELD}" value="{secrets.token_urlsafe(18)}">')


def _form_body() -> bytes:
    """What a form asks, whatever multipart boundary the browser chose: its fields
    (the nonce and the CSRF token aside) and its files' contents."""
    parts = [
        f"{name}={value}".encode()
        for name, values in sorted(request.form.lists())
        if name not in _UNHASHED
        for value in values
    ]
    for name, upload in sorted(request.files.items(multi=True)):
        content = upload.stream.read()
        upload.stream.seek(0)
        parts.append(f"{name}:{upload.filename}:".encode() + hashlib.sha256(content).digest())
    return b"\n".join(parts)


def _asked() -> tuple[str, bytes] | None:
    """The nonce and the body of this creation, or None when it carries no nonce."""
    header = request.headers.get(HEADER)
    if header is not None:
        if not _SHAPE.fullmatch(header.strip()):
            raise BadRequest(
                _(
                    "%(header)s: 16 to 100 letters, digits or -_.:~ (a random UUID is one)",
                    header=HEADER,
                )
            )
        return header.strip(), request.get_data()
    nonce = request.form.get(FIELD, "")
    return (nonce, _form_body()) if _SHAPE.fullmatch(nonce) else None


def made(created: tuple[Any, str]) -> tuple[str, str]:
    """A new event's id and key, from what ``new_event``/``import_event`` answer."""
    row, key = created
    return str(row.id), key


def created_once(create: Callable[[], tuple[str, str]]) -> tuple[str, str, bool]:
    """The new row's id and key from ``create()``, or those of the first creation this
    very request made (the same nonce and body, at the same address): then False. What
    it stores is charged to the client's budgets (web/budgets.py); a resend is not."""
    asked = _asked()
    if asked is None:
        return (*stored("sessions", create), True)
    nonce, body = asked
    return once(get_db(), str(request.endpoint), nonce, body, lambda: stored("sessions", create))
