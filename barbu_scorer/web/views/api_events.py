"""The events' JSON API, on the session API's blueprint and with its errors: create, seat,
progress, ranking; the director's key (header ``X-Director-Key``) for every write and for
the scorers' links, none for the ranking and the progress."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from barbu_scorer.games import TOURNAMENT
from barbu_scorer.scoring.barbu.document import FORMAT as SESSION_FORMAT
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.event.certify import DEFAULT_WINDOW_MINUTES, check_minutes
from barbu_scorer.scoring.event.document import FORMAT, read_event
from barbu_scorer.scoring.event.formats import SESSION
from barbu_scorer.scoring.event.movement import MAX_EVENT_PLAYERS
from barbu_scorer.scoring.event.plan import EventSettings
from barbu_scorer.scoring.messages import msg
from barbu_scorer.store.certified import with_window
from barbu_scorer.store.event_reads import event_version
from barbu_scorer.store.events import (
    StoredEvent,
    close_round,
    director_matches,
    load_event,
    scorer_keys,
    update_clock,
)
from barbu_scorer.store.keys import now
from barbu_scorer.store.people import PeopleChange, change_people, people_history
from barbu_scorer.store.sessions import replace_hand
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_data import gather, new_event, progress_json, ranking_json
from barbu_scorer.web.event_paper import event_export, import_event, settle_now
from barbu_scorer.web.json_api import ApiError, api_blueprint, if_match_version, json_body
from barbu_scorer.web.links import external, session_links
from barbu_scorer.web.once import created_once, made

bp = api_blueprint("api_events")

FIELDS = {"name", "date", "scheme", "format", "method", "seating", "players"}
FIELDS |= {"checks", "correction_minutes"}  # the table checks, the certified results' window


def _event(event_id: str) -> StoredEvent:
    event = load_event(get_db(), event_id) if len(event_id) <= 40 else None
    if event is None:
        raise ApiError(404, msg("no such event"))
    return event


def _director(event_id: str) -> str | None:
    key = request.headers.get("X-Director-Key")
    return key if director_matches(get_db(), event_id, key) else None


def _require_director(event_id: str) -> str:
    key = _director(event_id)
    if key is None:
        raise ApiError(403, msg("this needs the event's director key (header X-Director-Key)"))
    return key


def _seating(event: StoredEvent, key: str | None) -> dict[str, Any]:
    keys = scorer_keys(get_db(), event.id, key) if key else {}
    tables = []
    for t in event.tables:
        links = session_links(TOURNAMENT, t.session_id, keys.get(t.session_id))
        tables.append(
            {
                "round": t.round,
                "table": t.number,
                "session": t.session_id,
                "players": [event.players[p] for p in t.seats],
                "declarer": None
                if t.declarer_seat is None
                else event.players[t.seats[t.declarer_seat]],
                "links": links,
            }
        )
    return {
        "id": event.id,
        "name": event.name,
        "date": event.date,
        "format": event.format,
        "method": event.method,
        "round": event.round,
        "rounds": event.rounds,
        "version": event.version,
        "players": list(event.players),
        "sitting_out": [[event.players[p] for p in r] for r in event.sitting_out],
        "tables": tables,
        "links": {
            "leaderboard": external("event_board.leaderboard", event_id=event.id),
            "tv": external("event_board.tv", event_id=event.id),
        },
    }


def _create_fields(data: Any) -> tuple[EventSettings, str, list[Any]]:
    """The event's settings, its seating and its players, from the API's body."""
    if not isinstance(data, dict) or set(data) - FIELDS:
        raise ApiError(
            400,
            msg(
                "an event is an object with the fields %(fields)s", fields=", ".join(sorted(FIELDS))
            ),
        )
    ref = data.get("scheme", "tournament")
    scheme = BUILTINS.get(ref) if isinstance(ref, str) else None
    scheme = scheme or (scheme_lookup()(ref) if isinstance(ref, str) and len(ref) < 100 else None)
    if scheme is None:
        raise ApiError(400, msg("field scheme: a built-in's id or a saved scheme's name"))
    players = data.get("players")
    if not isinstance(players, list) or len(players) > MAX_EVENT_PLAYERS:
        raise ApiError(
            400, msg("field players: a list of at most %(n)s names", n=MAX_EVENT_PLAYERS)
        )
    settings = EventSettings(
        name=data.get("name", ""),
        date=data.get("date", now()[:10]),
        scheme=scheme,
        scheme_ref=scheme.id,
        fmt=data.get("format", SESSION.id),
        method=data.get("method", "total"),
        checks=data.get("checks", "off"),
    )
    return settings, data.get("seating", "draw"), players


@bp.post("/events")
def create_event() -> tuple[Response, int]:
    """Create an event (its fields, or an exported ``barbu-event/1`` document)."""
    data = json_body()
    if isinstance(data, dict) and data.get("format") == FORMAT:
        doc = read_event(data, scheme_lookup())
        event_id, key, _fresh = created_once(lambda: made(import_event(get_db(), doc)))
    else:
        settings, seating, players = _create_fields(data)
        minutes = check_minutes(data.get("correction_minutes", DEFAULT_WINDOW_MINUTES))
        event_id, key, _fresh = created_once(
            lambda: made(
                with_window(
                    get_db(),
                    minutes,
                    lambda: new_event(get_db(), settings, seating=seating, players=players),
                )
            )
        )
    out = _seating(_event(event_id), key)
    out["director_key"] = key
    out["links"]["director"] = external("events.claim", event_id=event_id, key=key)
    return jsonify(out), 201


@bp.get("/events/<event_id>")
@bp.get("/events/<event_id>/seating")
def seating(event_id: str) -> Response:
    """Who sits where each round (the scorers' links with the director's key)."""
    event = _event(event_id)
    response = jsonify(_seating(event, _director(event_id)))
    response.headers["ETag"] = f'"{event.version}"'
    return response


@bp.get("/events/<event_id>/progress")
def progress(event_id: str) -> Response:
    """Every table's progress, pace, forecast and warnings."""
    view = gather(get_db(), _event(event_id))
    return jsonify(
        {
            "round": view.event.round,
            "final": view.final,
            "version": event_version(get_db(), event_id),
            "tables": progress_json(view),
        }
    )


@bp.get("/events/<event_id>/ranking")
def ranking(event_id: str) -> Response:
    """The ranking, provisional until every table has finished (``?by=placing``)."""
    by = request.args.get("by")
    view = gather(get_db(), _event(event_id), by if by in ("total", "placing") else None)
    return jsonify(
        {"final": view.final, "method": by or view.event.method, "ranking": ranking_json(view)}
    )


@bp.get("/events/<event_id>/export")
def export_event(event_id: str) -> Response:
    """The whole event as one document."""
    return jsonify(event_export(get_db(), _event(event_id)))


def _closing(event: StoredEvent, data: dict[str, Any]) -> tuple[int | None, str, int | None]:
    """What a close is guarded by: the version (If-Match) and/or the round it closes
    (``"round": n``); one of them, so that a close sent twice closes one round."""
    version, closing = if_match_version(), data.get("round")
    if closing is not None and (
        isinstance(closing, bool)
        or not isinstance(closing, int)
        or not 1 <= closing <= event.rounds
    ):
        raise ApiError(400, msg("field round: the round to close, 1 to %(n)s", n=event.rounds))
    if version is None and closing is None:
        raise ApiError(
            428,
            msg(
                '"close" needs If-Match (the event\'s version) or the round it closes ("round": n)'
            ),
        )
    return version, "director", closing


@bp.post("/events/<event_id>/clock")
def clock(event_id: str) -> Response:
    """The round clock: ``{"action": "start" | "last_call" | "close"}``."""
    event = _event(event_id)
    _require_director(event_id)
    data = json_body()
    action = data.get("action") if isinstance(data, dict) else None
    if action == "close":
        close_round(get_db(), event, *_closing(event, data))
    elif action == "start":
        update_clock(get_db(), event_id, if_match_version(), round_started=now(), last_call=None)
    elif action == "last_call":
        update_clock(get_db(), event_id, if_match_version(), last_call=now())
    else:
        raise ApiError(400, msg('field action: "start", "last_call" or "close"'))
    return jsonify(_seating(_event(event_id), None))


@bp.put("/events/<event_id>/tables/<session_id>/hands/<int:number>")
def correct_hand(event_id: str, session_id: str, number: int) -> Response:
    """The director corrects a table's hand (the table's history says "director")."""
    event = _event(event_id)
    _require_director(event_id)
    if session_id not in {t.session_id for t in event.tables}:
        raise ApiError(404, msg("no such table in this event"))
    entry = read_hand(json_body(), number)
    settle_now(get_db(), event)  # the certified version this correction changes is kept
    replace_hand(
        get_db(), session_id, number, entry, "director", if_match_version(), by_director=True
    )
    settle_now(get_db(), event)  # and the correction is the next version, never silent
    return jsonify({"session": session_id, "number": number, "format": SESSION_FORMAT})


def _names(data: dict[str, Any], field: str) -> tuple[str, ...]:
    value = data.get(field, [])
    if not isinstance(value, list) or len(value) > 10 or not all(isinstance(n, str) for n in value):
        raise ApiError(400, msg("field %(field)s: a list of at most 10 names", field=field))
    return tuple(value)


def _change(data: Any) -> PeopleChange:
    """Who arrives, who leaves, or who takes whose seat, from the API's body."""
    if not isinstance(data, dict) or set(data) - {"arrive", "leave", "substitute"}:
        raise ApiError(400, msg("a change is an object with arrive, leave or substitute"))
    sub = data.get("substitute")
    if sub is None:
        return PeopleChange(_names(data, "arrive"), _names(data, "leave"))
    if not isinstance(sub, dict) or not all(isinstance(sub.get(k), str) for k in ("for", "by")):
        raise ApiError(400, msg('field substitute: {"for": a name, "by": a name}'))
    return PeopleChange(substitute=(sub["for"], sub["by"]))


@bp.post("/events/<event_id>/people")
def people(event_id: str) -> Response:
    """A late arrival, a departure or a substitute, from the round after the one in play."""
    event = _event(event_id)
    key = _require_director(event_id)
    change_people(get_db(), event, _change(json_body()), key, "director", if_match_version())
    return jsonify(_seating(_event(event_id), key))


@bp.get("/events/<event_id>/people")
def people_changes(event_id: str) -> Response:
    """Every change of who plays, oldest first (when, who made it, from which round)."""
    _event(event_id)
    return jsonify({"changes": people_history(get_db(), event_id)})
