"""What one client may store, not only how often it asks.

The request limit (``RATE_LIMIT``, web/security.py) counts creations; one creation may
store a great deal (an 80-player club night: 80 table sessions and 80 roster players).
So every creation runs in one transaction that counts the rows it added (sessions, an
event's table sessions each; new roster players; house schemes: ``store/totals.py``)
and charges them to the client's hourly budget of each kind (``STORE_LIMIT``). A
creation past its budget is refused whole, nothing stored (429, ``Retry-After``, the
budget named); once a budget is spent, the next creation is refused before any work.
Past the database-wide ceiling of a kind (``STORE_CEILING``) a creation is refused
whatever its client (507), with what to do. A request holding the club key (the club's
laptop, which can delete any player anyway) has no budgets; the ceilings still hold.

The client is the request's real address (``security.client_address``: the phone's
own behind a trusted proxy, an IPv6 /64). The budgets live in memory, like the rate
limit's (one process); the ceilings are read from the database itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from flask_babel import gettext as _
from sqlite_utils import Database
from werkzeug.exceptions import HTTPException, TooManyRequests

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.rows import writing
from barbu_scorer.store.schemes import HouseScheme
from barbu_scorer.store.totals import totals
from barbu_scorer.web.club import holds_club_key
from barbu_scorer.web.db import get_db
from barbu_scorer.web.security import TokenBucket, client_address

BUDGETS = "barbu_store_limit"
Made = TypeVar("Made")


class Full(HTTPException):
    """The database holds the most rows of a kind this server keeps."""

    code = 507


def _spent(kind: str, most: int, wait: float) -> TooManyRequests:
    minutes = max(1, math.ceil(wait / 60))
    words = {
        "sessions": _(
            "One address may start %(most)s sessions an hour (each table of a club night "
            "counts): try again in %(minutes)s min.",
            most=most,
            minutes=minutes,
        ),
        "players": _(
            "One address may add %(most)s new players to the roster an hour: try again in "
            "%(minutes)s min, or pick players already on the roster.",
            most=most,
            minutes=minutes,
        ),
        "schemes": _(
            "One address may save %(most)s house schemes an hour: try again in %(minutes)s min.",
            most=most,
            minutes=minutes,
        ),
        "notes": _(
            "One address may write %(most)s new notes an hour: try again in %(minutes)s min.",
            most=most,
            minutes=minutes,
        ),
    }
    g.retry_after = max(1, math.ceil(wait))
    return TooManyRequests(words[kind])


def _full(kind: str, most: int) -> Full:
    words = {
        "sessions": _(
            "This server holds %(most)s sessions, the most it keeps: nothing new can be "
            "stored (the club can raise STORE_CEILING in instance/config.py).",
            most=most,
        ),
        "players": _(
            "The roster is full (%(most)s players): merge or delete players on the roster "
            "page, or pick players already on it.",
            most=most,
        ),
        "schemes": _(
            "There are %(most)s house schemes, the most this server keeps: delete one first.",
            most=most,
        ),
        "notes": _(
            "This server holds %(most)s notes, the most it keeps: the note was not saved.",
            most=most,
        ),
    }
    return Full(words[kind])


def _budgets() -> dict[str, TokenBucket]:
    found: dict[str, TokenBucket] = current_app.extensions.get(BUDGETS, {})
    return found


@contextmanager
def storing(making: str) -> Iterator[None]:
    """One transaction around a creation of ``making`` rows (sessions, schemes): the rows
    it added counted, checked against the ceilings and charged to the client's budgets;
    refused whole (rolled back) past them, and before any work when the budget of
    ``making`` is spent already."""
    # The club key's holder (the laptop) is never held back by a stranger on its address.
    budgets, client = ({} if holds_club_key() else _budgets()), client_address()
    first = budgets.get(making)
    wait = first.due(client) if first else 0.0
    if first and wait:
        raise _spent(making, int(first.capacity), wait)
    ceilings: dict[str, int] = current_app.config.get("STORE_CEILING") or {}
    db = get_db()
    with writing(db):  # creations take turns here: nothing is charged twice
        before = totals(db)
        yield
        after = totals(db)
        added = {kind: after[kind] - before[kind] for kind in after if after[kind] > before[kind]}
        refusal = _refusal(budgets, ceilings, client, after, added)
        if refusal is not None:
            if first:  # the work was done: charged all the same, so it is not done again
                first.spend(client, added.get(making, 0))
            raise refusal
        for kind, count in added.items():
            if kind in budgets:
                budgets[kind].take(client, cost=count)


def _refusal(
    budgets: dict[str, TokenBucket],
    ceilings: dict[str, int],
    client: str,
    after: dict[str, int],
    added: dict[str, int],
) -> HTTPException | None:
    """Why the rows ``added`` may not stay (a ceiling passed, a budget short), or None."""
    for kind in added:
        if kind in ceilings and after[kind] > ceilings[kind]:
            return _full(kind, ceilings[kind])
    for kind, count in added.items():
        bucket = budgets.get(kind)
        wait = bucket.due(client, count) if bucket else 0.0
        if bucket and wait:
            return _spent(kind, int(bucket.capacity), wait)
    return None


def stored(making: str, create: Callable[[], Made]) -> Made:
    """``create()`` inside :func:`storing`."""
    with storing(making):
        return create()


def new_scheme(db: Database, scheme: Scheme) -> HouseScheme:
    """``store.schemes.create`` charged to the client's budget of schemes."""
    return stored("schemes", lambda: scheme_store.create(db, scheme))


def _answer_full(error: Full) -> tuple[str | Response, int]:
    if request.path.startswith("/api/"):
        return jsonify({"error": error.description, "hand": None}), 507
    return render_template("errors/full.html", error=error), 507


def init_app(app: Flask) -> None:
    """The budgets of ``STORE_LIMIT`` (kind -> rows, seconds; None: no budgets) and the
    answer past a ceiling."""
    limits = app.config.get("STORE_LIMIT") or {}
    app.extensions[BUDGETS] = {
        kind: TokenBucket(rows, seconds) for kind, (rows, seconds) in limits.items()
    }
    app.register_error_handler(Full, _answer_full)
