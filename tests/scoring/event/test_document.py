"""The event document round trip: a finished event exported, imported and exported again is
the same document and ranks the same (its clock, its ended tables, its sit-outs)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from barbu_scorer.scoring.event.certify import document_hash
from barbu_scorer.scoring.event.formats import NIGHT_FORMATS
from tests.event_helpers import make_event, play

CASES = [
    (fmt, players)
    for fmt, counts in (("session", (5, 8, 11)), ("blocks", (8, 11, 13)))
    for players in counts
]


def _close(client: FlaskClient, event: dict[str, Any], number: int) -> None:
    response = client.post(
        f"/api/events/{event['id']}/clock",
        json={"action": "close", "round": number},
        headers={"X-Director-Key": event["director_key"]},
    )
    assert response.status_code == 200, response.get_json()


def _run(client: FlaskClient, event: dict[str, Any], rounds: int, one_block: bool) -> None:
    """Every round played and closed; the last table of each round ends three hands short
    (the director closes it), the others play every hand they are due."""
    for number in range(1, rounds + 1):
        tables = [t for t in event["tables"] if t["round"] == number]
        for n, t in enumerate(tables):
            due = 7 if one_block else 7 * len(t["players"])
            play(client, t, due - 3 if n == len(tables) - 1 else due, winner=n % 3)
        _close(client, event, number)


def _export(client: FlaskClient, event_id: str) -> dict[str, Any]:
    response = client.get(f"/api/events/{event_id}/export")
    assert response.status_code == 200
    return dict(response.get_json())


def test_every_format_is_tested() -> None:
    assert {fmt for fmt, _n in CASES} == set(NIGHT_FORMATS)


@pytest.mark.parametrize(("fmt", "players"), CASES)
def test_a_finished_event_round_trips(client: FlaskClient, fmt: str, players: int) -> None:
    night = NIGHT_FORMATS[fmt]
    event = make_event(client, players, fmt, method="placing")
    _run(client, event, night.rounds, night.one_block)
    first = _export(client, event["id"])
    assert first["round"] == night.rounds
    sessions = [t["session"] for r in first["rounds"] for t in r["tables"]]
    assert all("ended_after" in s for s in sessions)
    made = client.post("/api/events", json=first)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()["id"]
    again = _export(client, copy)
    # the document is the same (its SHA-256 too); the copy's correction window opens when
    # the import ended its tables, so only the certification block's times may differ
    assert document_hash(again) == document_hash(first)
    assert {k: v for k, v in again.items() if k != "certification"} == {
        k: v for k, v in first.items() if k != "certification"
    }
    # the certification block describes this copy (its own link, its window opened at the
    # import); what it carries over is the same
    for key in ("state", "window_minutes", "version", "sha256", "versions"):
        assert again["certification"][key] == first["certification"][key], key
    for by in ("placing", "total"):
        old = client.get(f"/api/events/{event['id']}/ranking?by={by}").get_json()
        new = client.get(f"/api/events/{copy}/ranking?by={by}").get_json()
        assert new["ranking"] == old["ranking"] and new["final"] and old["final"]


def test_the_sit_out_keeps_its_points_in_the_copy(client: FlaskClient) -> None:
    event = make_event(client, 11, "blocks", method="placing")
    _run(client, event, 4, True)
    doc = _export(client, event["id"])
    (out,) = [p for r in doc["rounds"] for p in r["sitting_out"]]
    copy = client.post("/api/events", json=doc).get_json()["id"]
    line = [
        r
        for r in client.get(f"/api/events/{copy}/ranking").get_json()["ranking"]
        if r["name"] == doc["players"][out]
    ]
    assert line[0]["tables"] == 3
    mine = [r for r in doc["ranking"] if r["name"] == doc["players"][out]]
    assert line == mine


def test_an_older_document_without_its_clock_reads_the_round_from_its_tables(
    client: FlaskClient,
) -> None:
    event = make_event(client, 11, "blocks", method="placing")
    _run(client, event, 4, True)
    doc = _export(client, event["id"])
    del doc["round"]
    copy = client.post("/api/events", json=doc).get_json()["id"]
    assert _export(client, copy)["round"] == 4


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(round=0),
        lambda d: d.update(round=5),
        lambda d: d.update(round=True),
        lambda d: d["rounds"][0]["tables"][0]["session"].update(ended_after=-1),
        lambda d: d["rounds"][0]["tables"][0]["session"].update(ended_after=99),
        lambda d: d["rounds"][0]["tables"][0]["session"].update(ended_after="7"),
    ],
)
def test_a_wrong_clock_or_end_is_refused(client: FlaskClient, spoil: Any) -> None:
    event = make_event(client, 8, "blocks")
    _run(client, event, 4, True)
    doc = _export(client, event["id"])
    spoil(doc)
    assert client.post("/api/events", json=doc).status_code == 400
