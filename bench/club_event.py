"""bench/club.py's event mode: a club night of N tables as one event on the real `serve`.

The event is created through the API (one session per table, four players each, seats
drawn). Every table's scorer does the phone's own path every 20 s: the hand form (GET),
the live preview (POST), the save as hand.js and the outbox send it (POST with
``X-Requested-With: fetch``, answered as JSON), the session page (GET), and the page's beat
(POST /s/<id>/beat with the outbox's count). The director's console polls the event's
tag with the phones' news (``/e/<id>/live?phones=1``) every 2 s and fetches the console
again when it moves; the TV leaderboard does the same with ``/e/<id>/live`` and
``/e/<id>/tv``. Same actors, tally and report as the club night of sessions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from club import (
    Actor,
    Kind,
    Request,
    Table,
    _conditional,
    _form,
    _form_seen,
    _keep_etag,
    _saved,
)
from common import Client, csrf_of, hand_fields, tournament

FETCH = {"X-Requested-With": "fetch", "Accept": "application/json"}


@dataclass
class EventTable(Table):
    """A table of the event, as its scorer's phone (or a board watching it) knows it."""

    event_id: str = ""
    page_csrf: str = ""
    """The session page's CSRF token, which the page's beat carries."""


def _preview(table: Table, _phone: int) -> Request | None:
    if table.next > len(table.hands) or not table.csrf:
        return None
    body = hand_fields(table.hands[table.next - 1], table.version, table.csrf)
    return f"/s/{table.session_id}/hand/{table.next}/preview", body, FETCH


def _save_fetch(table: Table, _phone: int) -> Request | None:
    if table.next > len(table.hands) or not table.csrf:
        return None
    body = hand_fields(table.hands[table.next - 1], table.version, table.csrf)
    return f"/s/{table.session_id}/hand/{table.next}", body, FETCH


def _saved_json(table: Table, phone: int, status: int, body: bytes, h: dict[str, str]) -> None:
    if json.loads(body).get("status") != "saved":
        raise RuntimeError(f"the save was answered {body[:120]!r}")
    _saved(table, phone, status, body, h)


def _page_seen(table: Table, _p: int, _s: int, page: bytes, _h: dict[str, str]) -> None:
    assert isinstance(table, EventTable)
    table.page_csrf = csrf_of(page)


def _beat(table: Table, _phone: int) -> Request | None:
    assert isinstance(table, EventTable)
    if not table.page_csrf:
        return None
    return f"/s/{table.session_id}/beat", [("pending", "0"), ("csrf_token", table.page_csrf)], {}


SCORER = [
    Kind("hand form GET", "GET", _form, 20.0, seen=_form_seen),
    Kind("preview POST", "POST", _preview, 20.0),
    Kind("save POST (fetch)", "POST", _save_fetch, 20.0, seen=_saved_json),
    Kind(
        "session page GET",
        "GET",
        lambda t, _p: (f"/s/{t.session_id}", None, {}),
        20.0,
        seen=_page_seen,
    ),  # fmt: skip
    Kind("beat POST", "POST", _beat, 20.0, expect=(204,)),
]


def _board(poll: str, page: str) -> list[Kind]:
    """A board's kinds: its poll of the event's tag, and its page when the tag moved."""

    def polled(t: Table) -> str:
        assert isinstance(t, EventTable)
        return f"/e/{t.event_id}/{poll}"

    def shown(t: Table) -> str:
        assert isinstance(t, EventTable)
        return f"/e/{t.event_id}/{page}"

    def on_change(table: Table, phone: int) -> Request | None:
        moved = table.etags.setdefault(phone, {}).pop("moved", None)
        return _conditional(shown)(table, phone) if moved else None

    def seen(table: Table, phone: int, status: int, body: bytes, h: dict[str, str]) -> None:
        _keep_etag(polled)(table, phone, status, body, h)
        if status == 200:
            table.etags.setdefault(phone, {})["moved"] = "1"

    name = page.split("?")[0]
    return [
        Kind(f"{name} poll (ETag)", "GET", _conditional(polled), 2.0, (200, 304), seen),
        Kind(f"{name} page (on change)", "GET", on_change, 2.0),
    ]


def _path(link: str) -> str:
    return urlsplit(link).path


def _hands(port: int) -> list[dict[str, Any]]:
    """A complete Tournament session's computed hands, the first declarer seat 0 (a drawn
    table's): what each scorer posts, hand by hand."""
    maker = Client(port)
    doc = next(d for d in map(tournament, range(50)) if d["first_declarer"] == 0)
    _s, body, _h = maker.request("POST", "/api/sessions", doc)
    _s, body, _h = maker.request("GET", f"/api/sessions/{json.loads(body)['id']}")
    return list(json.loads(body)["hands"])


def event_actors(port: int, count: int) -> list[Actor]:
    """The event of ``count`` tables created, each scorer's phone holding its key, the
    director's console holding the director's key, and the TV."""
    hands, maker = _hands(port), Client(port)
    body = {
        "name": "Bench club night",
        "format": "session",
        "seating": "draw",
        "players": [f"Bench player {n:03d}" for n in range(4 * count)],
    }
    status, made, _h = maker.request("POST", "/api/events", body)
    if status != 201:
        raise RuntimeError(f"the event was not created: {status} {made[:200]!r}")
    event = json.loads(made)
    actors = []
    for table in event["tables"]:
        phone = Client(port)
        phone.request("GET", _path(table["links"]["scorer"]))
        state = EventTable(table["session"], hands, 1, event_id=event["id"])
        actors.append(Actor(state, 0, phone, SCORER))
    director = Client(port)
    director.request("GET", _path(event["links"]["director"]))
    board: Callable[[], EventTable] = lambda: EventTable("", hands, 1, event_id=event["id"])  # noqa: E731
    actors.append(Actor(board(), 1, director, _board("live?phones=1", "console")))
    actors.append(Actor(board(), 2, Client(port), _board("live", "tv")))
    return actors
