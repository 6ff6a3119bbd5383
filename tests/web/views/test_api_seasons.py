"""A season of 6 evenings and 12 players built through the API, ranked under each rule
and checked against totals worked out here from the sessions' own totals; a division
season whose end proposes the right moves; the page and its PDF."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from barbu_scorer.games import game_of_document
from barbu_scorer.web.views import api_seasons, seasons
from tests.helpers import club_key, pdf_text, session_document

NAMES = [f"P{n:02d}" for n in range(12)]
DAYS = [f"2026-09-{d:02d}" for d in (1, 8, 15, 22, 29)] + ["2026-10-06"]


def seating(evening: int) -> list[list[str]]:
    """Three tables of four, a different mix each evening."""
    order = list(NAMES)
    random.Random(evening).shuffle(order)
    return [order[t * 4 : t * 4 + 4] for t in range(3)]


def build(client: FlaskClient) -> dict[str, list[tuple[str, int]]]:
    """Imports the 18 sessions; each evening's (name, total) lines by player."""
    sessions: list[dict[str, Any]] = []
    played: dict[str, list[tuple[str, int]]] = {}
    for evening, day in enumerate(DAYS):
        for table, names in enumerate(seating(evening)):
            doc = {**session_document("tournament", evening * 3 + table), "players": names}
            totals = game_of_document(doc).compute(doc)["totals"]
            for name, total in zip(names, totals, strict=True):
                played.setdefault(day, []).append((name, total))
            sessions.append({"created": f"{day}T20:{table:02d}:00", "document": doc})
    body = {"format": "barbu-players/1", "players": NAMES, "sessions": sessions}
    answer = client.post("/api/players/import", json=body, headers=header(client))
    assert answer.status_code == 201, answer.get_json()
    return played


def header(client: FlaskClient) -> dict[str, str]:
    return {"X-Club-Key": club_key(client.application)}


def ids(client: FlaskClient) -> dict[str, int]:
    return {p["name"]: p["id"] for p in client.get("/api/players").get_json()}


def by_hand(
    played: dict[str, list[tuple[str, int]]], rule: str, tables: list[list[str]] | None = None
) -> dict[str, Fraction]:
    """Each player's season value, worked out from the evenings' (name, total) lines."""
    out: dict[str, list[Fraction]] = {}
    for lines in played.values():
        totals = dict(lines)
        for evening_table in (lines[i : i + 4] for i in range(0, 12, 4)):
            for name, total in evening_table:
                others = [t for n, t in evening_table if n != name]
                beaten = sum(1 for t in others if t < total) + Fraction(
                    sum(1 for t in others if t == total), 2
                )
                place = 1 + sum(1 for t in totals.values() if t > total)
                club = (10, 7, 5, 3, 1)[place - 1] if place <= 5 else 0
                value = {"placing": beaten, "club": club}.get(rule, total)
                out.setdefault(name, []).append(Fraction(value))
    if rule.startswith("best"):
        n = int(rule.split(":")[1])
        return {k: sum(sorted(v, reverse=True)[:n], Fraction(0)) for k, v in out.items()}
    return {k: sum(v, Fraction(0)) for k, v in out.items()}


def create(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "Autumn", "starts": "2026-09-01", "ends": "2026-12-20", **fields}
    answer = client.post("/api/seasons", json=body, headers=header(client))
    assert answer.status_code == 201, answer.get_json()
    return client.get(f"/api/seasons/{answer.get_json()['id']}").get_json()


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"rule": "total"}, "total"),
        ({"rule": "best", "best": 4}, "best:4"),
        ({"rule": "placing"}, "placing"),
        ({"rule": "club"}, "club"),
    ],
)
def test_a_season_ranked_under_each_rule(
    client: FlaskClient, fields: dict[str, Any], rule: str
) -> None:
    played = build(client)
    names = {v: k for k, v in ids(client).items()}
    season = create(client, **fields)
    assert season["evenings"] == 6 and len(season["table"]) == 12
    got = {names[line["player"]]: Fraction(line["value"]) for line in season["table"]}
    assert got == by_hand(played, rule)
    values = [Fraction(line["value"]) for line in season["table"]]
    assert values == sorted(values, reverse=True)
    if rule == "placing":  # 3 points a round at each of 3 tables, 6 evenings
        assert sum(values) == 6 * 3 * 6


def test_average_and_handicap(client: FlaskClient) -> None:
    played = build(client)
    names = {v: k for k, v in ids(client).items()}
    season = create(client, rule="average", handicap=True)
    totals = by_hand(played, "total")
    got = {names[line["player"]]: Fraction(line["value"]) for line in season["table"]}
    assert got == {k: v / (6 * 28) for k, v in totals.items()}
    assert len(season["handicap"]) == 12  # every evening rated (the first: all at 0)


def test_a_division_season_proposes_the_moves(client: FlaskClient) -> None:
    played = build(client)
    who = ids(client)
    upper, lower = [who[n] for n in NAMES[:6]], [who[n] for n in NAMES[6:]]
    season = create(client, divisions=[upper, lower], k=2)
    totals = by_hand(played, "total")
    top = sorted(NAMES[:6], key=lambda n: -totals[n])
    bottom = sorted(NAMES[6:], key=lambda n: -totals[n])
    assert len(set(totals.values())) == 12  # no tie here: the order is plain
    down, up = top[4:], bottom[:2]
    proposed = [[who[n] for n in top[:4] + up], [who[n] for n in down + bottom[2:]]]
    assert season["proposed"] == proposed
    page = client.get(f"/seasons/{season['id']}").get_data(as_text=True)
    assert "Division 2" in page and page.count(">up<") == 2 and page.count(">down<") == 2
    pdf = client.get(f"/seasons/{season['id']}.pdf")
    assert pdf.status_code == 200 and "Autumn" in pdf_text(pdf.data)


def test_writes_need_the_club_key_and_bad_seasons_are_refused(client: FlaskClient) -> None:
    body = {"name": "Autumn", "starts": "2026-09-01", "ends": "2026-12-20"}
    assert client.post("/api/seasons", json=body).status_code == 403
    for bad in (
        {**body, "ends": "2026-01-01"},
        {**body, "rule": "x"},
        {**body, "name": ""},
        {**body, "divisions": [[1, 2, 3]]},
        {**body, "best": -1},
        [1],
    ):
        answer = client.post("/api/seasons", json=bad, headers=header(client))
        assert answer.status_code == 400 and answer.get_json()["error"]
    assert client.get("/api/seasons").get_json() == []
    assert client.get("/seasons/9").status_code == 404
    assert client.get("/api/seasons/9").status_code == 404
    assert client.get("/seasons").status_code == 200
    assert {seasons.bp.name, api_seasons.bp.name} == {"seasons", "api_seasons"}


def test_export_import_export_is_identical(client: FlaskClient, tmp_path: Any) -> None:
    from barbu_scorer.app import create_app

    build(client)
    who = ids(client)
    divisions = [[who[n] for n in NAMES[:6]], [who[n] for n in NAMES[6:]]]
    create(client, divisions=divisions, k=1, rule="best", best=4, handicap=True)
    create(client, name="Ladder", ladder="up", divisions=divisions)
    first = client.get("/api/players/export", headers=header(client)).get_json()
    assert len(first["seasons"]) == 2 and first["seasons"][0]["divisions"][0][0] == NAMES[0]
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "t"},
        instance_path=str(tmp_path / "other"),
    )
    other = app.test_client()
    answer = other.post("/api/players/import", json=first, headers=header(other))
    assert answer.status_code == 201 and answer.get_json()["seasons"] == 2
    again = other.post("/api/players/import", json=first, headers=header(other))
    assert again.get_json()["seasons"] == 0  # already here: not twice
    second = other.get("/api/players/export", headers=header(other)).get_json()
    assert second["seasons"] == first["seasons"]
    shown = other.get("/api/seasons").get_json()
    assert [s["proposed"] for s in (other.get(f"/api/seasons/{x['id']}").get_json() for x in shown)]
    bad = {**first, "seasons": [{**first["seasons"][0], "divisions": [["Nobody"] * 4]}]}
    refused = other.post("/api/players/import", json=bad, headers=header(other))
    assert refused.status_code == 400 and "roster" in refused.get_json()["error"]


def test_a_players_page_shows_their_seasons(client: FlaskClient) -> None:
    build(client)
    season = create(client, rule="placing")
    first = season["table"][0]
    page = client.get(f"/players/{first['player']}").get_data(as_text=True)
    assert f"/seasons/{season['id']}" in page and "Autumn" in page and "place 1," in page


def test_newer_seasons_without_the_player_do_not_hide_theirs(client: FlaskClient) -> None:
    """Regression: the page looked in the club's latest five seasons only, so five newer
    seasons the player sat out hid the one they played in."""
    build(client)
    season = create(client, rule="placing")
    for year in range(2030, 2036):
        create(client, name=f"Later {year}", starts=f"{year}-01-01", ends=f"{year}-12-31")
    first = season["table"][0]
    page = client.get(f"/players/{first['player']}").get_data(as_text=True)
    assert f"/seasons/{season['id']}" in page and "Autumn" in page and "place 1," in page
    assert "Later 2030" not in page
