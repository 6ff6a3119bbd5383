"""People changing during a club night, through the API: a late arrival, a departure and a
substitute re-plan the rounds not started, each change in the event's history."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from barbu_scorer.scoring.event.people_doc import ACTIONS
from barbu_scorer.scoring.event.plan import rounds_from_tables
from barbu_scorer.store.event_tables import table_name
from barbu_scorer.store.events import load_event
from barbu_scorer.store.people import movement_of
from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event, play, same_night


def _close(client: FlaskClient, event: dict[str, Any], number: int) -> None:
    response = client.post(
        f"/api/events/{event['id']}/clock",
        json={"action": "close", "round": number},
        headers={"X-Director-Key": event["director_key"]},
    )
    assert response.status_code == 200, response.get_json()


def _people(client: FlaskClient, event: dict[str, Any], body: Any, key: str | None = None) -> Any:
    return client.post(
        f"/api/events/{event['id']}/people",
        json=body,
        headers={"X-Director-Key": key or event["director_key"]},
    )


def _round(seating: dict[str, Any], number: int) -> list[str]:
    seated = [p for t in seating["tables"] if t["round"] == number for p in t["players"]]
    return sorted(seated + seating["sitting_out"][number - 1])


def _sessions(seating: dict[str, Any], rounds: range) -> list[str]:
    return [t["session"] for t in seating["tables"] if t["round"] in rounds]


def test_a_late_arrival_and_a_departure_change_the_rounds_not_started(
    client: FlaskClient,
) -> None:
    event = make_event(client, 8, "blocks", method="placing")
    for t in [t for t in event["tables"] if t["round"] == 1]:
        play(client, t, 7)
    _close(client, event, 1)  # round 2 in play: a change applies from round 3
    late = _people(client, event, {"arrive": ["Late Comer"]})
    assert late.status_code == 200, late.get_json()
    seating = late.get_json()
    everyone = sorted([f"Player {n:02d}" for n in range(8)] + ["Late Comer"])
    assert _round(seating, 3) == _round(seating, 4) == everyone
    assert "Late Comer" not in _round(seating, 2)
    assert _sessions(seating, range(1, 3)) == _sessions(event, range(1, 3))
    declared = [t["declarer"] for t in seating["tables"] if t["declarer"]]
    assert sorted(declared) == everyone  # everyone still declares once
    # the new tables' scorer links open (their keys sealed under the director's)
    assert all(t["links"].get("scorer") for t in seating["tables"] if t["round"] == 3)
    for t in [t for t in seating["tables"] if t["round"] == 2]:
        play(client, t, 7)
    _close(client, event, 2)
    gone = _people(client, event, {"leave": ["Player 03"]})
    assert gone.status_code == 200, gone.get_json()
    after = gone.get_json()
    assert "Player 03" not in _round(after, 4) and "Player 03" in _round(after, 3)
    changes = client.get(f"/api/events/{event['id']}/people").get_json()["changes"]
    assert [(c["action"], c["round"], c["player"], c["who"]) for c in changes] == [
        ("arrive", 3, "Late Comer", "director"),
        ("leave", 4, "Player 03", "director"),
    ]
    assert all(c["at"] for c in changes)
    ranking = client.get(f"/api/events/{event['id']}/ranking").get_json()["ranking"]
    assert "Late Comer" in [r["name"] for r in ranking]


def test_a_substitute_takes_the_seat_for_the_rest_of_the_evening(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    body = {"substitute": {"for": "Player 05", "by": "Stand By"}}
    response = _people(client, event, body)
    assert response.status_code == 200, response.get_json()
    seating = response.get_json()
    old = {(t["round"], t["table"]): t for t in event["tables"]}
    for t in seating["tables"]:
        was = old[(t["round"], t["table"])]["players"]
        # no hand played yet: the seat is the substitute's from round 1's first hand
        assert t["players"] == ["Stand By" if p == "Player 05" else p for p in was]
    (change,) = client.get(f"/api/events/{event['id']}/people").get_json()["changes"]
    assert (change["action"], change["player"], change["other"]) == (
        "substitute",
        "Player 05",
        "Stand By",
    )


def test_changes_are_refused_whole(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    before = client.get(f"/api/events/{event['id']}").get_json()
    assert _people(client, event, {"arrive": ["X"]}, key="wrong").status_code == 403
    for body in (
        {"leave": ["Nobody"]},
        {"arrive": ["Player 01"]},  # a name already playing
        {"arrive": "Late"},
        {"substitute": {"for": "Player 01"}},
        {"what": 1},
        {},
    ):
        assert _people(client, event, body).status_code == 400, body
    assert client.get(f"/api/events/{event['id']}").get_json() == before
    session = make_event(client, 8, "session")
    assert _people(client, session, {"arrive": ["Late"]}).status_code == 400
    for number in range(1, 4):
        _close(client, event, number)
    last = _people(client, event, {"arrive": ["Late"]})
    assert last.status_code == 400  # the last round is in play: no round left to change


def test_a_night_whose_people_changed_round_trips(client: FlaskClient) -> None:
    event = make_event(client, 9, "blocks", method="placing")
    seating = event
    for number in range(1, 5):
        if number == 2:
            seating = _people(client, event, {"arrive": ["Late"], "leave": ["Player 02"]})
            seating = seating.get_json()
        if number == 3:
            body = {"substitute": {"for": "Player 04", "by": "Stand By"}}
            seating = _people(client, event, body).get_json()
        for n, t in enumerate(t for t in seating["tables"] if t["round"] == number):
            play(client, t, 7, winner=n % 3)
        _close(client, event, number)
    first = client.get(f"/api/events/{event['id']}/export").get_json()
    made = client.post("/api/events", json=first)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()["id"]
    assert same_night(client.get(f"/api/events/{copy}/export").get_json(), first)
    assert len(first["changes"]) == 3  # the history of people changing travels with it
    assert {c["action"] for c in first["changes"]} == set(ACTIONS)
    history = client.get(f"/api/events/{copy}/people").get_json()
    assert history == client.get(f"/api/events/{event['id']}/people").get_json()
    for spoil in (
        {**first["changes"][0], "player": "Nobody"},
        {**first["changes"][0], "round": 1},
        {**first["changes"][0], "action": "teleport"},
        {**first["changes"][0], "extra": 1},
        {**first["changes"][0], "at": "x" * 41},
    ):
        bad = client.post("/api/events", json={**first, "changes": [spoil]})
        assert bad.status_code == 400, spoil
    old = client.get(f"/api/events/{event['id']}/ranking").get_json()
    new = client.get(f"/api/events/{copy}/ranking").get_json()
    assert new == old and new["final"]
    # arrivals and departures apply from the round after the one in play (2); a
    # substitute at once, at a table of round 3 with no hand played yet
    lines = {r["name"]: r["tables"] for r in new["ranking"]}
    assert (lines["Player 02"], lines["Late"], lines["Player 04"], lines["Stand By"]) == (
        2,
        2,
        2,
        2,
    )


def test_the_stored_movement_reads_back_as_planned(client: FlaskClient) -> None:
    event = make_event(client, 11, "blocks")
    with client.application.app_context():
        stored = load_event(get_db(), event["id"])
        assert stored is not None
        rounds = movement_of(stored)
    shape = [[(t.seats, t.declarer_seat) for t in r.tables] for r in rounds]
    assert rounds_from_tables(11, shape, [r.sitting_out for r in rounds]) == rounds
    assert table_name("Club", "blocks", 2, 3) == "Club · round 2, table 3"


def test_the_answer_with_the_scorers_links_is_never_stored(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    response = _people(client, event, {"arrive": ["Late"]})
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"


def test_a_player_who_left_comes_back_from_the_next_round(client: FlaskClient) -> None:
    event = make_event(client, 9, "blocks")
    _close(client, event, 1)  # round 2 in play
    assert _people(client, event, {"leave": ["Player 03"]}).status_code == 200
    _close(client, event, 2)  # round 3 in play, without Player 03
    back = _people(client, event, {"arrive": ["Player 03"]})
    assert back.status_code == 200, back.get_json()
    seating = back.get_json()
    assert "Player 03" not in _round(seating, 3) and "Player 03" in _round(seating, 4)
    assert len(seating["players"]) == 9  # the same player, not a new one
    changes = client.get(f"/api/events/{event['id']}/people").get_json()["changes"]
    assert [(c["action"], c["round"]) for c in changes] == [("leave", 3), ("arrive", 4)]
    again = _people(client, event, {"arrive": ["Player 04"]})  # one who never left
    assert again.status_code == 400
