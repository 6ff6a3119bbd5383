"""Club night events: the store, the pages, the API, the export and import."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.event.document import read_event
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.event.ranking import TableScore, standings
from barbu_scorer.store import players as roster
from barbu_scorer.store.events import load_event
from barbu_scorer.store.reads import history
from barbu_scorer.store.sessions import load
from barbu_scorer.web.db import get_db
from tests.event_helpers import hand_body, make_event, play, scorer_key

FORM = {
    "name": "Friday club",
    "date": "2026-12-04",
    "scheme": "tournament",
    "format": "session",
    "seating": "draw",
    "method": "total",
}


def _count(app: Flask, table: str) -> int:
    with app.app_context():
        return int(get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def _names(n: int) -> str:
    return "\n".join(f"Player {k:02d}" for k in range(n))


# -- creating -----------------------------------------------------------------------------
def test_new_event_page_creates_the_tables_as_sessions(app: Flask, client: FlaskClient) -> None:
    assert client.get("/events/new").status_code == 200
    response = client.post("/events/new", data={**FORM, "typed": _names(9)})
    assert response.status_code == 302
    event_id = response.headers["Location"].split("/")[2]
    page = client.get(f"/e/{event_id}/console").get_data(as_text=True)
    assert "Table 1" in page and "Table 2" in page and "hand 0 of 28" in page
    assert "hand 0 of 35" in page  # the table of five plays the five-player variant
    with app.app_context():
        event = load_event(get_db(), event_id)
        assert event is not None and len(event.tables) == 2
        stored = load(get_db(), event.tables[1].session_id)
        assert stored is not None and stored.scheme.players == 5
        assert len(roster.roster(get_db())) == 9  # the roster links hold
        row = get_db().execute("SELECT director_key FROM events").fetchone()
        assert len(row[0]) == 64  # the director key is stored hashed


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"typed": "Ada\nBen"}, "an event has 3 to 160 players"),
        ({"typed": "Ada\nBen\nada\nDan"}, "same name"),
        ({"typed": _names(7), "format": "blocks"}, "at least 8"),
        ({"typed": _names(8), "format": "swiss"}, "Not a valid choice"),
        ({"typed": _names(8), "name": ""}, "The event needs a name."),
        ({"typed": _names(8), "date": "someday"}, "Not a valid date"),
        ({"typed": _names(8), "scheme": "nope"}, "Not a valid choice"),
        ({"typed": _names(8), "method": "x"}, "Not a valid choice"),
        ({"typed": "x" * 7000}, "Field cannot be longer"),
        ({"typed": "Ada\u202e\nBen\nCy\nDee"}, "players"),
    ],
)
def test_new_event_refuses_bad_input_storing_nothing(
    app: Flask, client: FlaskClient, change: dict[str, str], message: str
) -> None:
    response = client.post("/events/new", data={**FORM, **change})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert _count(app, "events") == 0 and _count(app, "sessions") == 0


def test_a_failing_table_stores_nothing_at_all(app: Flask) -> None:
    from barbu_scorer.scoring.barbu.schemes import BUILTINS
    from barbu_scorer.scoring.barbu.sessions import HandEntry
    from barbu_scorer.scoring.errors import ScoringError
    from barbu_scorer.scoring.event.movement import session_seating
    from barbu_scorer.scoring.event.plan import EventSettings
    from barbu_scorer.store.events import create_event

    bad = [[], [HandEntry(contract="no_such_contract", raw=[0, 0, 0, 0])]]
    with app.app_context(), pytest.raises(ScoringError):
        settings = EventSettings(
            name="x",
            date="2026-12-01",
            scheme=BUILTINS["tournament"],
            scheme_ref="tournament",
            fmt="session",
            method="total",
        )
        create_event(
            get_db(),
            settings,
            players=[f"P{n}" for n in range(8)],
            rounds=[session_seating(8)],
            entries=bad,
        )
    assert _count(app, "events") == 0 and _count(app, "sessions") == 0


# -- keys ---------------------------------------------------------------------------------
def test_director_pages_need_the_director_key(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    eid = event["id"]
    other = app.test_client()
    for url in (f"/e/{eid}/console", f"/e/{eid}/cards.pdf", f"/e/{eid}/t/x/hand/1"):
        assert other.get(url).status_code == 403, url
    assert other.post(f"/e/{eid}/clock", data={"action": "close", "version": 1}).status_code == 403
    assert other.get(f"/e/{eid}/director/wrong").status_code == 403
    assert other.get(f"/e/{eid}").status_code == 200  # the ranking is read-only for all
    assert other.get(f"/e/{eid}/director/{event['director_key']}").status_code == 302
    assert other.get(f"/e/{eid}/console").status_code == 200
    assert client.get("/e/nope/console").status_code == 404
    assert client.get("/e/" + "x" * 500).status_code == 404


def test_api_keys_and_errors(client: FlaskClient) -> None:
    event = make_event(client, 8)
    eid = event["id"]
    public = client.get(f"/api/events/{eid}/seating").get_json()
    assert all("scorer" not in t["links"] for t in public["tables"])
    seen = client.get(
        f"/api/events/{eid}/seating", headers={"X-Director-Key": event["director_key"]}
    )
    assert all("scorer" in t["links"] for t in seen.get_json()["tables"])
    assert client.post(f"/api/events/{eid}/clock", json={"action": "close"}).status_code == 403
    assert client.get("/api/events/nope/ranking").status_code == 404
    for body, status in (
        ({"name": "x", "players": ["A", "B"]}, 400),
        ({"name": "x", "players": "A,B,C"}, 400),
        ({"name": "x", "players": ["A", "B", "C"], "scheme": "nope"}, 400),
        ({"name": "x", "players": ["A", "B", "C"], "colour": "red"}, 400),
        ({"name": "", "players": ["A", "B", "C"]}, 400),
        ({"name": "x", "players": ["A", "B", "C"], "date": "soon"}, 400),
        ([1, 2], 400),
    ):
        response = client.post("/api/events", json=body)
        assert response.status_code == status, body
        assert "error" in response.get_json()
    headers = {"X-Director-Key": event["director_key"]}
    bad = client.post(f"/api/events/{eid}/clock", json={"action": "dance"}, headers=headers)
    assert bad.status_code == 400
    stale = client.post(
        f"/api/events/{eid}/clock",
        json={"action": "start"},
        headers={**headers, "If-Match": '"99"'},
    )
    assert stale.status_code == 412


# -- play, console, ranking ---------------------------------------------------------------
def test_console_progress_and_live_ranking(client: FlaskClient) -> None:
    event = make_event(client, 8)
    eid = event["id"]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    first = client.get(f"/e/{eid}/live")
    tag = first.headers["ETag"]
    assert client.get(f"/e/{eid}/live", headers={"If-None-Match": tag}).status_code == 304
    play(client, event["tables"][0], 3, winner=1)
    moved = client.get(f"/e/{eid}/live", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.headers["ETag"] != tag
    page = client.get(f"/e/{eid}/console").get_data(as_text=True)
    assert "hand 3 of 28" in page and "at this pace table 1 ends at" in page
    progress = client.get(f"/api/events/{eid}/progress").get_json()
    assert progress["tables"][0]["done"] == 3 and not progress["final"]
    ranking = client.get(f"/api/events/{eid}/ranking").get_json()
    winner = event["tables"][0]["players"][1]
    # the winner of every trick took every negative contract: last
    assert ranking["ranking"][-1]["name"] == winner and not ranking["final"]
    board = client.get(f"/e/{eid}?by=placing").get_data(as_text=True)
    assert "Provisional" in board and "placing points" in board
    assert "Player" in client.get(f"/e/{eid}/tv").get_data(as_text=True)


def test_director_correction_is_in_the_tables_history(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    eid, table = event["id"], event["tables"][0]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    play(client, table, 1)
    url = f"/e/{eid}/t/{table['session']}/hand/1"
    form = client.get(url)
    assert form.status_code == 200
    with app.app_context():
        stored = load(get_db(), table["session"])
        assert stored is not None
        version, contract = stored.version, stored.entries[0]["contract"]
    bad = client.post(url, data={"contract": contract, "version": version, "raw-0": "x"})
    assert bad.status_code == 400 and "a whole number" in bad.get_data(as_text=True)
    wrong = client.post(
        url,
        data={
            "contract": contract,
            "version": version,
            "raw-0": "1",
            "raw-1": "1",
            "raw-2": "1",
            "raw-3": "1",
        },
    )
    assert wrong.status_code == 400
    good = {
        "contract": contract,
        "version": version,
        "raw-0": "0",
        "raw-1": "-2",
        "raw-2": "-24",
        "raw-3": "0",
    }
    done = client.post(url, data=good)
    assert done.status_code == 302, done.get_data(as_text=True)
    with app.app_context():
        changes = history(get_db(), table["session"])
    assert changes[0]["who"] == "director" and changes[0]["action"] == "correct"
    assert client.get(f"/e/{eid}/t/{table['session']}/hand/9").status_code == 404


def test_api_director_correction(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    table = event["tables"][1]
    play(client, table, 2)
    body = {"number": 2, **hand_body(4, 1, 3)}
    url = f"/api/events/{event['id']}/tables/{table['session']}/hands/2"
    assert client.put(url, json=body).status_code == 403
    done = client.put(url, json=body, headers={"X-Director-Key": event["director_key"]})
    assert done.status_code == 200, done.get_json()
    with app.app_context():
        assert history(get_db(), table["session"])[0]["who"] == "director"


def test_rotating_blocks_round_closes_into_the_next(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    eid = event["id"]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    tables = [t for t in event["tables"] if t["round"] == 1]
    for t in tables:
        play(client, t, 7)
    page = client.get(f"/e/{eid}/console").get_data(as_text=True)
    assert "Next round&#39;s seating" in page or "Next round's seating" in page
    with app.app_context():
        version = load_event(get_db(), eid).version  # type: ignore[union-attr]
    assert (
        client.post(f"/e/{eid}/clock", data={"action": "last_call", "version": version}).status_code
        == 302
    )
    assert (
        client.post(f"/e/{eid}/clock", data={"action": "close", "version": version + 1}).status_code
        == 302
    )
    with app.app_context():
        event_now = load_event(get_db(), eid)
        assert event_now is not None and event_now.round == 2
        ended = [load(get_db(), t["session"]).ended_after for t in tables]  # type: ignore[union-attr]
    assert ended == [7, 7]
    cards = client.get(f"/e/{eid}/cards.pdf")
    assert cards.status_code == 200 and cards.data.startswith(b"%PDF")
    stale = client.post(f"/e/{eid}/clock", data={"action": "close", "version": 1})
    assert stale.status_code == 302


# -- results, export, import, league ------------------------------------------------------
def _finish(client: FlaskClient, event: dict[str, Any], blocks: bool = True) -> None:
    for n, t in enumerate(event["tables"]):
        hands = 7 if blocks else 7 * len(t["players"])
        play(client, t, hands, winner=n % len(t["players"]))


def test_export_import_and_the_ranking_recomputed(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 9, "blocks", method="placing")
    _finish(client, event)
    doc = client.get(f"/e/{event['id']}/event.json").get_json()
    assert doc["format"] == "barbu-event/1" and "director_key" not in json.dumps(doc)
    # the ranking recomputed from the exported event alone
    checked = read_event(doc)
    tables = []
    flat = [t for rnd in checked.rounds for t in rnd.tables]
    from barbu_scorer.scoring.barbu.sessions import score_session

    for index, (t, entries) in enumerate(zip(flat, checked.entries, strict=True)):
        scheme_session = score_session(
            __import__("barbu_scorer.scoring.event.variant", fromlist=["x"]).for_players(
                checked.scheme, len(t.seats)
            ),
            t.declarer_seat or 0,
            entries,
        )
        progress = table_progress(scheme_session, checked.fmt, None)
        tables.append(TableScore(0, index, t.seats, progress.scores))
    again = standings(len(checked.players), tables, "placing")
    names = [checked.players[r.player] for r in again]
    assert names == [r["name"] for r in doc["ranking"]]
    assert [r.place for r in again] == [r["place"] for r in doc["ranking"]]
    # and imported back, the same ranking
    other = app.test_client()
    response = other.post("/events/import", data={"text": json.dumps(doc)})
    assert response.status_code == 302
    new_id = response.headers["Location"].split("/")[2]
    assert new_id != event["id"]
    ranking = other.get(f"/api/events/{new_id}/ranking").get_json()
    assert (
        ranking["ranking"] == client.get(f"/api/events/{event['id']}/ranking").get_json()["ranking"]
    )
    assert ranking["final"]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(format="x"),
        lambda d: d["players"].pop(),
        lambda d: d["rounds"][0]["tables"][0]["seats"].reverse(),
        lambda d: d["rounds"][0]["tables"][0]["session"]["hands"][0].update(contract="nope"),
        lambda d: d["rounds"].pop(),
        lambda d: d.update(method="best"),
        lambda d: d["rounds"][1]["tables"][0].update(declarer_seat=9),
    ],
)
def test_import_is_checked_whole(app: Flask, client: FlaskClient, spoil: Any) -> None:
    event = make_event(client, 8, "blocks")
    play(client, event["tables"][0], 2)
    doc = client.get(f"/e/{event['id']}/event.json").get_json()
    before = _count(app, "sessions")
    spoil(doc)
    response = client.post("/events/import", data={"text": json.dumps(doc)})
    assert response.status_code == 400 and "Nothing was imported" in response.get_data(as_text=True)
    assert _count(app, "sessions") == before and _count(app, "events") == 1
    assert client.post("/api/events", json=doc).status_code == 400


def test_results_pdf_and_the_league_sees_every_table(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    _finish(client, event, blocks=False)
    page = client.get(f"/e/{event['id']}/results").get_data(as_text=True)
    assert "Final ranking" in page
    pdf = client.get(f"/e/{event['id']}/results.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    with app.app_context():
        played = roster.played_sessions(get_db())
    assert {p.session_id for p in played} >= {t["session"] for t in event["tables"]}
    stats = client.get("/players")
    assert stats.status_code == 200 and "Player 00" in stats.get_data(as_text=True)


def test_scorer_key_opens_the_table(client: FlaskClient) -> None:
    event = make_event(client, 8)
    table = event["tables"][0]
    response = client.get(f"/s/{table['session']}/k/{scorer_key(table)}")
    assert response.status_code == 302


def test_the_director_key_never_reaches_the_log() -> None:
    from barbu_scorer.web.security import redacted

    assert redacted("/e/abc/director/SECRET") == "/e/abc/director/***"
    assert redacted("/s/abc/k/SECRET") == "/s/abc/k/***"


def test_creating_events_is_rate_limited(tmp_path: Any) -> None:
    from barbu_scorer.app import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "r.db"),
            "SECRET_KEY": "r",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT": (2, 60.0),
        }
    )
    client = app.test_client()
    body = {"name": "x", "players": ["A", "B", "C", "D"]}
    answers = [client.post("/api/events", json=body).status_code for _ in range(3)]
    assert answers == [201, 201, 429]


def test_players_ticked_from_the_roster_join_the_typed_ones(
    app: Flask, client: FlaskClient
) -> None:
    make_event(client, 4)  # four roster players: Player 00 .. Player 03
    page = client.get("/events/new").get_data(as_text=True)
    assert 'value="Player 00"' in page
    ticked = {"roster": ["Player 00", "Player 01"], "typed": "Ada\nBen\n\nCy\nDee"}
    response = client.post("/events/new", data={**FORM, **ticked})
    assert response.status_code == 302
    twice = {"roster": ["Player 00"], "typed": "player 00\nBen\nCy"}
    again = client.post("/events/new", data={**FORM, **twice})
    assert again.status_code == 400 and "same name" in again.get_data(as_text=True)
    unknown = client.post("/events/new", data={**FORM, "roster": ["Nobody"], "typed": "A\nB\nC"})
    assert unknown.status_code == 400
    assert _count(app, "events") == 2


def test_home_page_links_to_club_nights(client: FlaskClient) -> None:
    assert "/events/new" in client.get("/").get_data(as_text=True)


def test_table_cards_carry_every_table_its_seats_and_both_links() -> None:
    from barbu_scorer.paper.cards import Card, cards_html

    cards = [
        Card(2, 1, ("Ada", "Ben", "Cy", "Dee"), "Ben", "http://t/s/a/k/KEY1", "http://t/w/a"),
        Card(2, 2, ("Eve", "Fay", "Gus"), "Gus", "http://t/s/b/k/KEY2", "http://t/w/b"),
    ]
    html = cards_html("Club <night>", "2026-12-01", cards, 4)
    assert html.count('class="card"') == 2 and "Club &lt;night&gt;" in html
    assert "round 2 of 4" in html and html.count("declares this round") == 2
    assert html.count("<svg") == 4  # the scorer's and the watch QR of each table


def test_eleven_players_in_rotating_blocks_one_sits_a_round_out(client: FlaskClient) -> None:
    event = make_event(client, 11, "blocks")
    sat = [names for names in event["sitting_out"] if names]
    assert len(sat) == 1 and len(sat[0]) == 1
    declarers = sorted(t["declarer"] for t in event["tables"])
    assert declarers == sorted(f"Player {n:02d}" for n in range(11))
    # The console's line for them (its round 4 here): the pages' words, from the rules.
    with client.application.test_request_context():
        line = client.application.jinja_env.from_string("{{ sitting_out() }}").render()
    assert line == "Sitting this round out (1.5 placing points):"
