"""The JSON API for players, statistics and ratings; players exported and imported with
their sessions, the figures the same after the round trip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from tests.helpers import club_key, session_document

TABLES = [
    ["Ada", "Ben", "Clara", "Dan"],
    ["Ben", "Eve", "Ada", "Dan"],
    ["Dan", "Ada", "Ben", "Clara"],
]


def fill(client: FlaskClient) -> None:
    for seed, names in enumerate(TABLES * 2):
        doc = {**session_document("tournament", seed), "players": names}
        assert client.post("/api/sessions", json=doc).status_code == 201
    partial = {**session_document("tournament", 9, hands=5), "players": TABLES[0]}
    assert client.post("/api/sessions", json=partial).status_code == 201


WHERE = {"trend", "best_session", "worst_session", "best_hand", "worst_hand", "business"}


def strip(stats: dict[str, Any]) -> dict[str, Any]:
    """The statistics without what names a session or a player by its id."""
    return {k: v for k, v in stats.items() if k not in WHERE}


def fresh(tmp_path: Path, name: str) -> FlaskClient:
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / f"{name}.db"), "SECRET_KEY": "t"},
        instance_path=str(tmp_path / name),
    )
    return app.test_client()


def club_header(client: FlaskClient) -> dict[str, str]:
    return {"X-Club-Key": club_key(client.application)}


def test_players_stats_and_ratings(client: FlaskClient) -> None:
    fill(client)
    roster = client.get("/api/players").get_json()
    assert {p["name"] for p in roster} == {"Ada", "Ben", "Clara", "Dan", "Eve"}
    ada = next(p for p in roster if p["name"] == "Ada")
    assert ada["sessions"] == 7
    body = client.get(f"/api/players/{ada['id']}").get_json()
    assert body["stats"]["complete"] == 6 and len(body["stats"]["trend"]) == 6
    assert sum(b["net"] for b in body["stats"]["business"]) == body["stats"]["doubling_net"]
    assert body["rating"]["sessions"] == 6
    ranking = client.get("/api/ratings").get_json()
    assert [r["place"] for r in ranking] == sorted(r["place"] for r in ranking)
    assert abs(sum(r["rating"] for r in ranking)) < 1
    assert client.get("/api/players/999").status_code == 404


def test_export_and_import_keep_every_figure(client: FlaskClient, tmp_path: Path) -> None:
    fill(client)
    exported = client.get("/api/players/export", headers=club_header(client))
    assert "attachment" in exported.headers["Content-Disposition"]
    data = exported.get_json()
    assert data["format"] == "barbu-players/1" and len(data["sessions"]) == 7
    other = fresh(tmp_path, "other")
    answer = other.post("/api/players/import", json=data, headers=club_header(other))
    assert answer.status_code == 201 and answer.get_json() == {
        "imported": 7,
        "skipped": 0,
        "seasons": 0,
    }

    # Ids are the server's own: the figures are compared by name.
    def by_name(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        return [(r["place"], r["name"], r["rating"], r["sessions"]) for r in rows]

    assert by_name(other.get("/api/ratings").get_json()) == by_name(
        client.get("/api/ratings").get_json()
    )
    their_ids = {p["name"]: p["id"] for p in other.get("/api/players").get_json()}
    for player in client.get("/api/players").get_json():
        mine = client.get(f"/api/players/{player['id']}").get_json()
        theirs = other.get(f"/api/players/{their_ids[player['name']]}").get_json()
        assert theirs["name"] == mine["name"]
        assert strip(theirs["stats"]) == strip(mine["stats"])
        assert [t["total"] for t in theirs["stats"]["trend"]] == [
            t["total"] for t in mine["stats"]["trend"]
        ]
    # Importing the same file again into the same server changes nothing.
    again = client.post("/api/players/import", json=data, headers=club_header(client)).get_json()
    assert again == {"imported": 0, "skipped": 7, "seasons": 0}


def test_a_bad_import_stores_nothing(client: FlaskClient) -> None:
    good = {"created": "2026-01-01T20:00:00+00:00", "document": session_document("tournament", 1)}
    bad_doc = session_document("tournament", 2)
    bad_doc["hands"][3]["contract"] = "nonsense"
    for body, message in [
        ({"format": "x"}, "format must be"),
        (
            {
                "format": "barbu-players/1",
                "sessions": [good, {"created": "2026-01-02", "document": bad_doc}],
            },
            "session 2: hand 4",
        ),
        (
            {"format": "barbu-players/1", "sessions": [{"document": {}}]},
            "session 1: a created date",
        ),
        ({"format": "barbu-players/1", "players": [" "]}, "every player needs a name"),
        ({"format": "barbu-players/1", "sessions": [{**good, "created": "yesterday"}]}, "ISO 8601"),
    ]:
        response = client.post("/api/players/import", json=body, headers=club_header(client))
        assert response.status_code == 400, body
        assert message in response.get_json()["error"]
    assert client.get("/api/players").get_json() == []
