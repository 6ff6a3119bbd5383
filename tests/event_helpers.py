"""Helpers for the club night tests: an event made through the API, hands played on it."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.event.variant import for_players


def make_event(
    client: FlaskClient, players: int, fmt: str = "session", **extra: Any
) -> dict[str, Any]:
    """An event created through the API; its answer (id, director_key, tables...)."""
    body = {
        "name": "Club night",
        "date": "2026-12-01",
        "format": fmt,
        "players": [f"Player {n:02d}" for n in range(players)],
        **extra,
    }
    response = client.post("/api/events", json=body)
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def hand_body(players: int, index: int, winner: int) -> dict[str, Any]:
    """Hand ``index`` of a block (the Tournament contracts in order), undoubled, where seat
    ``winner`` takes every trick (raw scores)."""
    scheme = for_players(BUILTINS["tournament"], players)
    contract = scheme.contracts[index % len(scheme.contracts)]
    if contract == "dominoes":
        order = [(winner + k) % players for k in range(players)]
        raw = [0] * players
        for place, seat in enumerate(order):
            raw[seat] = scheme.awards[place]
        return {"contract": contract, "start_rank": "2", "raw": raw, "doubles": []}
    raw = [0] * players
    raw[winner] = scheme.total(contract)
    out: dict[str, Any] = {"contract": contract, "raw": raw, "doubles": []}
    if contract == "trumps":
        out["trump"] = "spades"
    return out


def scorer_key(table: dict[str, Any]) -> str:
    """The scorer's key from a table's scorer link."""
    return str(table["links"]["scorer"]).rsplit("/", 1)[-1]


def play(client: FlaskClient, table: dict[str, Any], hands: int, winner: int = 0) -> None:
    """Save ``hands`` hands at the table through the session API."""
    key = scorer_key(table)
    size = len(table["players"])
    for number in range(1, hands + 1):
        body = {"number": number, **hand_body(size, number - 1, winner)}
        response = client.post(
            f"/api/sessions/{table['session']}/hands", json=body, headers={"X-Edit-Key": key}
        )
        assert response.status_code == 201, response.get_json()


# What a copy's certification block says of the copy itself: its own link, and its
# correction window's close (it opens when the import ends the copy's tables).
OWN = ("corrections_until", "url")


def same_night(copy: dict[str, Any], first: dict[str, Any]) -> bool:
    """An event's export and its copy's are the same night: every member equal, and the
    certification block equal but for what it says of the copy itself (``OWN``)."""

    def carried(doc: dict[str, Any]) -> dict[str, Any]:
        block = {k: v for k, v in doc.get("certification", {}).items() if k not in OWN}
        return {**doc, "certification": block}

    return carried(copy) == carried(first)
