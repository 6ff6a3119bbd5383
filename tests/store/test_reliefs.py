"""A substitute taking a seat at a table in play: the hands stay with who played them (the
event's ranking shares the seat; the league's statistics and ratings follow the player),
and the evening exports and imports back the same."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from barbu_scorer.store.reliefs import Relief, reliefs
from barbu_scorer.web.db import get_db
from tests.event_helpers import hand_body, make_event, same_night, scorer_key

DIRECTOR = "X-Director-Key"


def _hands(client: FlaskClient, table: dict[str, Any], numbers: range, winner: int) -> None:
    for number in numbers:
        body = {"number": number, **hand_body(len(table["players"]), number - 1, winner)}
        response = client.post(
            f"/api/sessions/{table['session']}/hands",
            json=body,
            headers={"X-Edit-Key": scorer_key(table)},
        )
        assert response.status_code == 201, response.get_json()


def _people(client: FlaskClient, event: dict[str, Any], body: Any) -> Any:
    return client.post(
        f"/api/events/{event['id']}/people", json=body, headers={DIRECTOR: event["director_key"]}
    )


def _stats(client: FlaskClient, name: str) -> dict[str, Any]:
    (found,) = [p for p in client.get("/api/players").get_json() if p["name"] == name]
    return dict(client.get(f"/api/players/{found['id']}").get_json())


def _number(text: str) -> int:
    """A signed figure as the ranking writes it ("−130", "+40", "0")."""
    return int(text.replace("\u2212", "-").replace("+", "").replace(",", ""))


def _hands_played(stats: dict[str, Any]) -> int:
    contracts = stats["stats"]["contracts"].values()
    return sum(c["chosen"] for c in contracts)


def test_one_session_per_table_a_substitute_plays_the_hands_left(client: FlaskClient) -> None:
    event = make_event(client, 8, "session", method="placing")
    table = event["tables"][0]
    gone = table["players"][1]
    _hands(client, table, range(1, 6), winner=1)
    answer = _people(client, event, {"substitute": {"for": gone, "by": "Stand By"}})
    assert answer.status_code == 200, answer.get_json()
    now = answer.get_json()["tables"][0]
    assert now["players"][1] == "Stand By" and now["session"] == table["session"]
    (line,) = client.get(f"/api/events/{event['id']}/people").get_json()["changes"]
    assert (line["action"], line["round"], line["hand"], line["player"], line["other"]) == (
        "substitute",
        1,
        6,
        gone,
        "Stand By",
    )
    with client.application.app_context():
        assert reliefs(get_db(), [table["session"]]) == {
            table["session"]: (Relief(1, 5, _stats(client, gone)["id"], gone),)
        }
    client.get(f"/s/{table['session']}/k/{scorer_key(table)}")  # the scorer's phone
    history = client.get(f"/s/{table['session']}/history").get_data(as_text=True)
    assert f"from hand 6, Stand By takes the seat of {gone}" in history
    _hands(client, table, range(6, 29), winner=1)
    session = client.get(f"/api/sessions/{table['session']}").get_json()
    after_five = session["hands"][4]["totals"][1]
    final = session["totals"][1]
    ranking = client.get(f"/api/events/{event['id']}/ranking").get_json()["ranking"]
    mine = {r["name"]: {**r, "total": _number(r["total"])} for r in ranking}
    # the seat's score is shared: each has the hands they played
    assert mine[gone]["total"] == after_five and after_five != 0
    assert mine["Stand By"]["total"] == final - after_five
    assert mine[gone]["tables"] == mine["Stand By"]["tables"] == 1
    # the league follows the player, not the seat
    old, new = _stats(client, gone), _stats(client, "Stand By")
    # seat 1 declares hands 8-14: the substitute's block; the first five are the other's
    assert (_hands_played(old), _hands_played(new)) == (0, 7)
    for stats, hands in ((old, range(1, 6)), (new, range(6, 29))):
        assert {stats["stats"][k]["hand"] for k in ("best_hand", "worst_hand")} <= set(hands)
    assert old["stats"]["sessions"] == new["stats"]["sessions"] == 1
    assert old["stats"]["complete"] == new["stats"]["complete"] == 0  # neither played it all
    assert old["rating"] is None and new["rating"] is None  # the shared seat is not rated
    other = _stats(client, table["players"][0])
    assert other["stats"]["complete"] == 1 and other["rating"] is not None
    # export, import, export: the same evening, ranked the same, the seat still shared
    first = client.get(f"/api/events/{event['id']}/export").get_json()
    made = client.post("/api/events", json=first)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()["id"]
    assert same_night(client.get(f"/api/events/{copy}/export").get_json(), first)
    again = client.get(f"/api/events/{copy}/ranking").get_json()
    assert again == client.get(f"/api/events/{event['id']}/ranking").get_json()
    assert _stats(client, gone)["stats"]["sessions"] == 2
    assert _hands_played(_stats(client, "Stand By")) == 14  # the copy's block too


def test_one_session_per_table_refuses_an_empty_seat(client: FlaskClient) -> None:
    event = make_event(client, 8, "session")
    name = event["tables"][0]["players"][2]
    for body, words in (
        ({"leave": [name]}, "seat a substitute for the hands left, or end that table"),
        ({"arrive": ["Late"]}, "a late player joins as a substitute in a seat"),
    ):
        answer = _people(client, event, body)
        assert answer.status_code == 400 and words in str(answer.get_json()), answer.get_json()
    table = event["tables"][1]
    _hands(client, table, range(1, 29), winner=0)
    done = _people(client, event, {"substitute": {"for": table["players"][0], "by": "Late"}})
    assert done.status_code == 400 and "plays no table with hands left" in str(done.get_json())


def test_rotating_blocks_a_substitute_plays_the_rest_of_the_block_and_the_seat_after(
    client: FlaskClient,
) -> None:
    event = make_event(client, 8, "blocks")
    table = [t for t in event["tables"] if t["round"] == 1][0]
    gone = table["players"][2]
    _hands(client, table, range(1, 4), winner=2)
    answer = _people(client, event, {"substitute": {"for": gone, "by": "Stand By"}})
    assert answer.status_code == 200, answer.get_json()
    seating = answer.get_json()
    here = [t for t in seating["tables"] if t["session"] == table["session"]][0]
    assert here["players"][2] == "Stand By"  # the block in play, from its hand 4
    for t in seating["tables"]:  # and the seat in every later round
        assert gone not in t["players"]
    assert sum("Stand By" in t["players"] for t in seating["tables"]) == 4
    (line,) = client.get(f"/api/events/{event['id']}/people").get_json()["changes"]
    assert (line["round"], line["hand"]) == (1, 4)
    _hands(client, here, range(4, 8), winner=2)
    session = client.get(f"/api/sessions/{table['session']}").get_json()
    ranking = client.get(f"/api/events/{event['id']}/ranking").get_json()["ranking"]
    mine = {r["name"]: _number(r["total"]) for r in ranking}
    assert mine[gone] == session["hands"][2]["totals"][2]
    assert mine["Stand By"] == session["totals"][2] - mine[gone]
    first = client.get(f"/api/events/{event['id']}/export").get_json()
    made = client.post("/api/events", json=first)
    assert made.status_code == 201, made.get_json()
    copy = made.get_json()["id"]
    assert same_night(client.get(f"/api/events/{copy}/export").get_json(), first)
    again = client.get(f"/api/events/{copy}/ranking").get_json()["ranking"]
    assert {r["name"]: _number(r["total"]) for r in again} == mine
