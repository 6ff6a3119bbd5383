"""The roster pages, the roster chips and the one seat message on the new-session pages."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.db import get_db
from tests.views_players_helpers import PLAYERS, player_id, start


def test_the_new_session_pages_offer_the_roster_recent_first(
    app: Flask, client: FlaskClient
) -> None:
    assert "data-roster-name" not in client.get("/new").get_data(as_text=True)
    start(client, PLAYERS)
    with app.app_context():
        get_db().execute("UPDATE sessions SET created = '2020-01-01'")
        get_db().conn.commit()
    start(client, ["Eve", "Ben", "Fay", "<b>Gus</b>"])
    for url in ("/new", "/bridge/new"):
        html = client.get(url).get_data(as_text=True)
        chips = re.findall(r'data-roster-name="([^"]*)"', html)
        assert chips == ["&lt;b&gt;Gus&lt;/b&gt;", "Ben", "Eve", "Fay", "Ada", "Clara", "Dan"]
        assert '<datalist id="roster-list">' in html and "<b>Gus" not in html


def test_a_long_roster_gets_a_filter_and_shows_the_recent_eight(client: FlaskClient) -> None:
    for week in range(3):
        start(client, [f"P{week}{seat}" for seat in range(4)])
    html = client.get("/new").get_data(as_text=True)
    assert "data-roster-filter" in html
    assert html.count("data-more hidden") == 4


def test_one_message_names_the_empty_seats_and_outlines_them(client: FlaskClient) -> None:
    data = {"scheme": "tournament", "first": "0", "players-0": "Ada", "players-2": "Clara"}
    data.update({"players-1": "", "players-3": ""})
    html = client.post("/new", data=data).get_data(as_text=True)
    assert html.count('role="alert"') == 1
    assert "Seat 2 and Seat 4 need a name." in html
    assert "Every seat needs a name" not in html
    invalid = re.findall(r'name="players-(\d)"[^>]*aria-invalid="true"', html)
    assert invalid == ["1", "3"]


def test_one_message_names_the_clash(client: FlaskClient) -> None:
    data = {"scheme": "tournament", "first": "0"}
    data.update({f"players-{i}": n for i, n in enumerate(["Ada", "Ben", "ada", "Dan"])})
    html = client.post("/new", data=data).get_data(as_text=True)
    assert "Ada is at Seat 1 and Seat 3: one name per player." in html
    assert re.findall(r'name="players-(\d)"[^>]*aria-invalid="true"', html) == ["0", "2"]
    bridge = {"first": "0", "unfinished_partscore": "50", "players-0": "Ada", "players-3": "x"}
    bridge.update({"players-1": "", "players-2": ""})
    html = client.post("/bridge/new", data=bridge).get_data(as_text=True)
    assert "East and South need a name." in html


def test_roster_pages_rename_merge_delete(app: Flask, keeper: FlaskClient) -> None:
    client = keeper
    sid = start(client, PLAYERS)
    start(client, ["Adah", "Ben", "Clara", "Dan"])
    page = client.get("/players").get_data(as_text=True)
    assert "Adah" in page and "2 sessions" in page
    ben = player_id(app, "Ben")
    assert "Ben" in client.get(f"/players/{ben}").get_data(as_text=True)
    done = client.post(f"/players/{ben}/rename", data={"name": "Benjamin"}, follow_redirects=True)
    assert "Renamed Benjamin." in done.get_data(as_text=True)
    assert "Benjamin" in client.get(f"/w/{sid}").get_data(as_text=True)
    refused = client.post(f"/players/{ben}/rename", data={"name": "ada"}, follow_redirects=True)
    assert "Ada is already on the roster: merge the two instead" in refused.get_data(as_text=True)
    adah, ada = player_id(app, "Adah"), player_id(app, "Ada")
    merged = client.post(f"/players/{adah}/merge", data={"into": ada}, follow_redirects=True)
    assert "Adah is now Ada." in merged.get_data(as_text=True)
    assert client.get(f"/players/{adah}").status_code == 404
    clara = player_id(app, "Clara")
    gone = client.post(f"/players/{clara}/delete", follow_redirects=True)
    assert "Clara is off the roster" in gone.get_data(as_text=True)
    assert "Player 3" in client.get(f"/w/{sid}").get_data(as_text=True)
    assert client.post("/players/999/delete").status_code == 404
    assert client.post(f"/players/{ada}/merge", data={"into": "x"}).status_code == 302


def complete_session(client: FlaskClient, names: list[str], seed: int) -> str:
    """A complete random session imported through the JSON API."""
    from tests.helpers import session_document

    doc = {**session_document("tournament", seed), "players": names}
    response = client.post("/api/sessions", json=doc)
    assert response.status_code == 201, response.get_data(as_text=True)
    return str(response.get_json()["id"])


def test_a_player_s_page_head_to_head_and_ranking(app: Flask, client: FlaskClient) -> None:
    for seed in range(3):
        complete_session(
            client, ["Ada", "Ben", "Clara", "Dan"][seed:] + ["Ada", "Ben", "Clara"][:seed], seed
        )
    ada, ben = player_id(app, "Ada"), player_id(app, "Ben")
    html = client.get(f"/players/{ada}").get_data(as_text=True)
    for text in (
        "Complete sessions",
        "Average final score, Tournament Barbu",
        "No Queens",
        "Who gains from doubling whom",
        "data:image/svg+xml;base64,",
        "Best hand",
        "Recent sessions",
        "/settle",
    ):
        assert text in html, text
    duel = client.get(f"/players/{ada}/vs/{ben}").get_data(as_text=True)
    assert "Sessions together" in duel and "Ada against Ben" in duel
    ranking = client.get("/ranking").get_data(as_text=True)
    assert ranking.count("/players/") >= 4 and "provisional" in ranking
    # each expected score opens the player's rating in words (a sheet over the ranking)
    assert f'data-explain href="/players/{ada}/rating"' in ranking
    why = client.get(f"/players/{ada}/rating").get_data(as_text=True)
    assert "Ada&#39;s rating: " in why and "after 3 sessions" in why
    assert 'id="explanation"' in why and "How the rating was made" in why
    assert client.get("/players/999/rating").status_code == 404
    assert client.get("/players/999/vs/1").status_code == 404


def test_an_id_past_sqlite_s_integers_is_no_player(app: Flask, keeper: FlaskClient) -> None:
    """Regression (the fuzz test): merging into 99999999999999999999, or opening such a
    player's page, answered 500 (SQLite refused the number); now it is no such player."""
    start(keeper, PLAYERS)
    ben, huge = player_id(app, "Ben"), "9" * 20
    assert keeper.post(f"/players/{ben}/merge", data={"into": huge}).status_code == 404
    assert keeper.get(f"/players/{huge}").status_code == 404
    assert keeper.post(f"/players/{huge}/rename", data={"name": "X"}).status_code == 404
    assert "Ben" in keeper.get(f"/players/{ben}").get_data(as_text=True)


POKER = {"id": "chinese_poker", "name": "Chinese Poker", "positive": False, "total": -30}


def test_a_custom_contract_is_named_on_the_statistics_page(app: Flask, client: FlaskClient) -> None:
    """Regression: the player's page printed a custom contract by its id (chinese_poker)
    in "Per contract" and "Worst hand", and the built-in names in English on a French page."""
    scheme = {"name": "Poker night", "custom": [POKER], "contracts": ["chinese_poker", "no_tricks"]}
    poker = {"contract": "chinese_poker", "raw": [-30, 0, 0, 0]}
    tricks = {"contract": "no_tricks", "facts": {"tricks": [13, 0, 0, 0]}}
    doc = {"format": "barbu-session/1", "players": PLAYERS, "scheme": {**scheme, "doubling": False}}
    assert (
        client.post("/api/sessions", json={**doc, "hands": [poker, tricks] * 4}).status_code == 201
    )
    ada = player_id(app, "Ada")
    for language, builtin in (("en", "No Tricks"), ("fr", "Pas de plis")):
        page = client.get(f"/players/{ada}", headers={"Accept-Language": language})
        html = page.get_data(as_text=True)
        assert "chinese_poker" not in html and "<td>Chinese Poker</td>" in html
        assert f"<td>{builtin}</td>" in html and "−30, Chinese Poker" in html
