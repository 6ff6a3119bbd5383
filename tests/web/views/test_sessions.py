"""Session pages: home, a new session, the scorer's and watchers' screens, access, undo,
history, the end of a session, and names escaped everywhere."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.web.db import get_db
from tests.helpers import DATA, figure, session_document
from tests.views_sessions_helpers import PLAYERS, new_form, page, start

# --- reading pages -------------------------------------------------------------------


def flashes(response: TestResponse) -> list[str]:
    return page(response).texts("flash")


def ranking(response: TestResponse) -> list[tuple[int, str, int]]:
    """(place, name, total) best first, as the ranking shows it."""
    p = page(response)
    rows = zip(p.texts("place"), p.texts("who"), p.texts("total"), strict=True)
    return [(int(place.rstrip(".")), name, figure(total)) for place, name, total in rows]


# --- making sessions -----------------------------------------------------------------


def block(declarer: int, *, rotate: bool = False, doubled: bool = True) -> list[dict[str, Any]]:
    """Seven legal hands declared by ``declarer``; when ``doubled``, every opponent doubles
    the declarer in the two first (the quota met). With ``rotate`` the facts turn with the
    declarer, so a session of four such blocks ends with every total equal."""

    def seat(k: int) -> int:
        return (k + declarer) % 4 if rotate else k

    def counts(*values: int) -> list[int]:
        return [values[(i - declarer) % 4] for i in range(4)] if rotate else list(values)

    on_declarer = [[(declarer + k) % 4, declarer] for k in (1, 2, 3)] if doubled else []
    return [
        {"contract": "no_tricks", "facts": {"tricks": counts(4, 3, 3, 3)}, "doubles": on_declarer},
        {"contract": "no_queens", "facts": {"queens": counts(1, 1, 2, 0)}, "doubles": on_declarer},
        {"contract": "no_last_two", "facts": {"penultimate": seat(0), "last": seat(1)}},
        {
            "contract": "no_hearts",
            "facts": {"hearts": counts(4, 3, 3, 3), "ace_of_hearts": seat(2)},
        },
        {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": seat(2)}},
        {"contract": "trumps", "trump": "spades", "facts": {"tricks": counts(4, 3, 3, 3)}},
        {
            "contract": "dominoes",
            "start_rank": "7",
            "facts": {"order": [seat(0), seat(1), seat(2)]},
        },
    ]


def tournament(
    hands: int = 28, *, rotate: bool = False, undoubled_blocks: tuple[int, ...] = ()
) -> list[dict[str, Any]]:
    """The first ``hands`` hands of a legal tournament session (first declarer Ada)."""
    return [
        h for d in range(4) for h in block(d, rotate=rotate, doubled=d not in undoubled_blocks)
    ][:hands]


def api_session(
    client: FlaskClient,
    hands: list[dict[str, Any]],
    players: list[str] = PLAYERS,
    claim: bool = True,
) -> dict[str, Any]:
    """A session made through the API (quicker than 28 forms); the client claims it."""
    response = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": players,
            "scheme": "tournament",
            "first_declarer": 0,
            "hands": hands,
        },
    )
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    if claim:
        assert client.get(created["links"]["scorer"]).status_code == 302
    return created


def stored_sessions(app: Flask) -> int:
    with app.app_context():
        return get_db().execute("SELECT count(*) FROM sessions").fetchone()[0]


def document(client: FlaskClient, session_id: str) -> dict[str, Any]:
    return client.get(f"/api/sessions/{session_id}").get_json()


# --- home ----------------------------------------------------------------------------


def test_home_lists_this_browsers_sessions_newest_first(app: Flask, client: FlaskClient) -> None:
    assert "Sessions on this device" not in client.get("/").get_data(as_text=True)
    first = start(client, ["Ada", "Ben", "Clara", "Dan"])
    second = api_session(client, tournament(28), ["Eve", "Finn", "Gus", "Hal"])["id"]
    watched = api_session(app.test_client(), [], ["Ivy", "Jo", "Kim", "Lou"], claim=False)["id"]
    client.get(f"/w/{watched}")
    home = client.get("/")
    assert home.status_code == 200
    links = [link for link in page(home).links() if re.fullmatch(r"/[sw]/[\w-]+", link)]
    assert links == [f"/w/{watched}", f"/s/{second}", f"/s/{first}"]
    text = page(home).text
    assert "Ivy, Jo, Kim, Lou hand 1 of 28" in text
    assert "Eve, Finn, Gus, Hal complete" in text
    assert "Ada, Ben, Clara, Dan hand 1 of 28" in text
    # Recording a hand makes that session the newest.
    client.post(
        f"/s/{first}/hand/1",
        data={
            "number": "1",
            "version": "1",
            "contract": "no_king_of_hearts",
            "king_of_hearts": "2",
        },
    )
    client.get(f"/s/{first}")
    again = [link for link in page(client.get("/")).links() if re.fullmatch(r"/[sw]/\S+", link)]
    assert again[0] == f"/s/{first}"
    assert "Ada, Ben, Clara, Dan hand 2 of 28" in page(client.get("/")).text


def test_home_links_each_session_to_its_own_games_pages(app: Flask, client: FlaskClient) -> None:
    """The home page asks the registry for a session's pages: no detour by a redirect."""
    doc = json.loads((DATA / "bridge_session.json").read_text("utf-8"))
    edited = client.post("/api/sessions", json={**doc, "deals": doc["deals"][:3]}).get_json()
    assert client.get(edited["links"]["scorer"], follow_redirects=True).status_code == 200
    watched = app.test_client().post("/api/sessions", json=doc).get_json()["id"]
    assert client.get(f"/w/{watched}", follow_redirects=True).status_code == 200
    tournament_id = start(client)
    home = page(client.get("/"))
    links = [link for link in home.links() if re.fullmatch(r"/(s|w|b|bw)/[\w-]+", link)]
    assert links == [f"/s/{tournament_id}", f"/bw/{watched}", f"/b/{edited['id']}"]
    assert "Barbu Bridge · deal 4 of 16" in home.text
    assert "Ada, Ben, Clara, Dan complete" in home.text  # all 16 deals of the watched one
    assert "hand 1 of 28" in home.text


def test_another_browser_sees_none_of_them(app: Flask, client: FlaskClient) -> None:
    ids = [start(client), api_session(client, [])["id"]]
    other = app.test_client().get("/")
    assert other.status_code == 200
    html = other.get_data(as_text=True)
    assert "Sessions on this device" not in html
    for session_id in ids:
        assert session_id not in html


@pytest.mark.parametrize("path", ["/s", "/w", "/sessions", "/s/", "/api/sessions"])
def test_no_page_lists_every_session(client: FlaskClient, path: str) -> None:
    session_id = start(client)
    response = client.get(path)
    assert response.status_code in (404, 405)
    assert session_id not in response.get_data(as_text=True)


# --- a new session -------------------------------------------------------------------


def test_the_new_session_page(client: FlaskClient) -> None:
    response = client.get("/new")
    assert response.status_code == 200
    p = page(response)
    for scheme_id in BUILTINS:
        assert f"/new?scheme={scheme_id}" in p.links()
    assert "4 players · 28 hands" in p.text
    assert [a.get("name") for t, a in p.tags if t == "input" and a.get("data-seat")] == [
        "players-0",
        "players-1",
        "players-2",
        "players-3",
    ]
    assert "Draw at random" in p.text


@pytest.mark.parametrize(
    ("scheme_id", "hands"), [(s.id, s.hands) for s in BUILTINS.values() if s.players == 4]
)
def test_scheme_chips(client: FlaskClient, scheme_id: str, hands: int) -> None:
    chosen = page(client.get(f"/new?scheme={scheme_id}"))
    assert f"· {hands} hands" in chosen.text
    session_id = start(client, scheme=scheme_id)
    screen = page(client.get(f"/s/{session_id}"))
    assert f"Hand 1 of {hands}" in screen.text
    assert BUILTINS[scheme_id].name in screen.text


@pytest.mark.parametrize("scheme_id", ["nope", "Tournament", "tournament "])
def test_an_unknown_scheme_is_a_404(app: Flask, client: FlaskClient, scheme_id: str) -> None:
    assert client.get("/new", query_string={"scheme": scheme_id}).status_code == 404
    assert client.post("/new", data=new_form(PLAYERS, scheme=scheme_id)).status_code == 404
    assert stored_sessions(app) == 0


def test_no_scheme_named_is_tournament_barbu(client: FlaskClient) -> None:
    for response in (client.get("/new"), client.get("/new?scheme=")):
        assert response.status_code == 200
        assert "4 players · 28 hands" in page(response).text


def test_a_chosen_first_declarer(client: FlaskClient) -> None:
    response = client.post("/new", data=new_form(PLAYERS, first="2"), follow_redirects=True)
    assert response.status_code == 200
    assert not any("draw" in f for f in flashes(response))
    assert "Clara declares · Ben deals · Ada cuts" in page(response).text
    assert "Clara leads" in page(response).text


def test_the_draw_names_who_declares_first(client: FlaskClient) -> None:
    response = client.post("/new", data=new_form(PLAYERS, first="random"), follow_redirects=True)
    [message] = flashes(response)
    drawn = re.fullmatch(r"The draw: (\w+) declares first\.", message)
    assert drawn and drawn[1] in PLAYERS
    assert f"{drawn[1]} declares ·" in page(response).text


def test_the_history_says_the_scorer_started_it(client: FlaskClient) -> None:
    session_id = start(client)
    history = page(client.get(f"/s/{session_id}/history"))
    # The form's seat 1 is "you": the phone that started the session is named after Ada.
    assert re.match(r"\d\d:\d\d UTC Ada's phone: session started", history.texts("history")[0])


def test_names_are_trimmed_and_named_sessions(client: FlaskClient) -> None:
    form = {**new_form([" Ada ", "Ben", "Clara", "Dan "]), "name": "Friday game"}
    session_id = client.post("/new", data=form).headers["Location"].rsplit("/", 1)[1]
    assert document(client, session_id)["players"] == PLAYERS
    assert "Friday game" in page(client.get("/")).text


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ada", "", "Clara", "Dan"], "Seat 2 needs a name."),
        (["Ada", "Ben", "Clara"], "Seat 4 needs a name."),
        (["Ada", "Ben", "Clara", "ada"], "Ada is at Seat 1 and Seat 4: one name per player."),
        (["Ada", "BEN", "Clara", "ben"], "BEN is at Seat 2 and Seat 4: one name per player."),
        (["Ada", "Ben", "Clara", "D" * 41], "40 characters"),
        (["Ada", "Ben", "Clara", "Dan", "Eve"], "not 5"),
    ],
    ids=["missing", "three", "duplicate", "duplicate-case", "too-long", "five"],
)
def test_new_session_errors_store_nothing(
    app: Flask, client: FlaskClient, names: list[str], message: str
) -> None:
    response = client.post("/new", data=new_form(names))
    assert response.status_code == 200
    p = page(response)
    assert message in " ".join(p.texts("error"))
    # The names typed so far stay in the form.
    typed = [a.get("value") for t, a in p.tags if t == "input" and a.get("data-seat")]
    assert typed[: len(names)] == names[: len(typed)]
    assert stored_sessions(app) == 0
    assert "Sessions on this device" not in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("first", ["4", "-1", "abc", "1.5"])
def test_a_first_declarer_outside_the_table(app: Flask, client: FlaskClient, first: str) -> None:
    assert client.post("/new", data=new_form(PLAYERS, first=first)).status_code == 400
    assert stored_sessions(app) == 0


def test_three_player_schemes_need_three_names(client: FlaskClient) -> None:
    three = [s for s in BUILTINS.values() if s.players == 3]
    if not three:
        pytest.skip("no built-in scheme is for three players")
    response = client.post("/new", data=new_form(PLAYERS, scheme=three[0].id))
    assert "not 4" in page(response).text


# --- the scorer's screen -------------------------------------------------------------


def test_the_scorer_link_keeps_the_key_then_opens_the_session(
    app: Flask, client: FlaskClient
) -> None:
    created = api_session(client, [], claim=False)
    scorer = app.test_client()
    response = scorer.get(created["links"]["scorer"])
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}"
    assert scorer.get(f"/s/{created['id']}").status_code == 200
    assert f"/s/{created['id']}" in page(scorer.get("/")).links()


def test_a_wrong_key_is_refused_and_keeps_the_right_one(app: Flask, client: FlaskClient) -> None:
    created = api_session(client, [], claim=False)
    scorer = app.test_client()
    assert scorer.get(f"/s/{created['id']}/k/not-the-key").status_code == 403
    assert scorer.get(f"/s/{created['id']}").status_code == 403
    scorer.get(created["links"]["scorer"])
    assert scorer.get(f"/s/{created['id']}/k/not-the-key").status_code == 403
    assert scorer.get(f"/s/{created['id']}").status_code == 200


def test_the_scorer_screen_mid_session(client: FlaskClient) -> None:
    created = api_session(client, tournament(8))
    response = client.get(f"/s/{created['id']}")
    assert response.status_code == 200
    p = page(response)
    assert "Hand 9 of 28" in p.text
    assert "Ben declares · Ada deals · Dan cuts" in p.text and "Ben leads" in p.text
    left = p.texts("open")[0]
    assert "Ben has left:" in left
    for name in (
        "No Queens",
        "No Last Two",
        "No Hearts",
        "No King of Hearts",
        "Trumps",
        "Dominoes",
    ):
        assert name in left
    assert "No Tricks" not in left
    doc = document(client, created["id"])
    places = ranking(response)
    assert {name: total for _, name, total in places} == dict(
        zip(PLAYERS, doc["totals"], strict=True)
    )
    assert [total for _, _, total in places] == sorted(doc["totals"], reverse=True)
    quota = " ".join(p.texts("quota"))
    assert "Doubles on Ben:" in quota
    assert "Clara 1/2" in quota and "Dan 1/2" in quota and "Ada 1/2" in quota
    assert "must double" not in quota
    # The score table: a row per hand, each a link to correct it, and block 1's subtotal.
    for number in range(1, 9):
        assert f"/s/{created['id']}/hand/{number}" in p.links()
    assert f"/s/{created['id']}/hand/9" in p.links()  # "Record hand 9"
    assert "Record hand 9" in p.text
    assert "Block 1" in p.text and "Block 2" in p.text
    assert len(p.texts("subtotal")) == 1 and "✓" in p.texts("subtotal")[0]


def test_ties_share_a_place(client: FlaskClient) -> None:
    created = api_session(client, [])
    assert ranking(client.get(f"/s/{created['id']}")) == [
        (1, "Ada", 0),
        (1, "Ben", 0),
        (1, "Clara", 0),
        (1, "Dan", 0),
    ]
    hand = {"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]}
    client.post(
        f"/api/sessions/{created['id']}/hands",
        json={**hand, "number": 1},
        headers={"X-Edit-Key": created["edit_key"]},
    )
    assert ranking(client.get(f"/s/{created['id']}")) == [
        (1, "Ben", 0),
        (1, "Dan", 0),
        (3, "Clara", -6),
        (4, "Ada", -18),
    ]


@pytest.mark.parametrize(
    ("hands", "owed", "text"),
    [(5, 2, "must double on both remaining hands"), (6, 1, "must double on this hand")],
)
def test_the_quota_strip_says_must_double(
    client: FlaskClient, hands: int, owed: int, text: str
) -> None:
    # Block 2 (Ben declares) with nobody doubling Ben: two hands left, two doubles owed.
    played = tournament(7 + hands, undoubled_blocks=(1,))
    if owed == 1:
        played[-1] = {**played[-1], "doubles": [[2, 1], [3, 1], [0, 1]]}
    created = api_session(client, played)
    p = page(client.get(f"/s/{created['id']}"))
    quota = " ".join(p.texts("quota"))
    assert f"{'Clara' if owed == 2 else 'Ada'} {2 - owed}/2: {text}" in quota
    assert p.texts("must")


# --- who may see what ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/s/{id}"),
        ("GET", "/s/{id}/hand/1"),
        ("GET", "/s/{id}/hand/2"),
        ("GET", "/s/{id}/history"),
        ("POST", "/s/{id}/hand/2"),
        ("POST", "/s/{id}/hand/1"),
        ("POST", "/s/{id}/hand/2/preview"),
        ("POST", "/s/{id}/undo"),
    ],
)
def test_without_the_key(app: Flask, client: FlaskClient, method: str, path: str) -> None:
    created = api_session(client, tournament(1))
    form = {
        "number": "2",
        "version": "1",
        "contract": "no_tricks",
        "tricks-0": "13",
        "tricks-1": "0",
        "tricks-2": "0",
    }
    for stranger in (app.test_client(), app.test_client()):
        stranger.get(f"/w/{created['id']}")  # a watcher who knows the session
        response = stranger.open(path.format(id=created["id"]), method=method, data=form)
        assert response.status_code == 403
        assert "Only the scorer can change this session" in page(response).text
        assert f"/w/{created['id']}" in page(response).links()
    assert document(client, created["id"])["version"] == 1


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/s/nope"),
        ("GET", "/w/nope"),
        ("GET", "/s/nope/k/key"),
        ("GET", "/s/nope/hand/1"),
        ("GET", "/s/nope/history"),
        ("POST", "/s/nope/undo"),
        ("POST", "/s/nope/hand/1"),
    ],
)
def test_an_unknown_session(client: FlaskClient, method: str, path: str) -> None:
    response = client.open(path, method=method, data={"version": "1"})
    assert response.status_code == 404
    assert "Not found" in page(response).text


def test_the_watch_page(app: Flask, client: FlaskClient) -> None:
    created = api_session(client, tournament(8))
    watcher = app.test_client()
    response = watcher.get(f"/w/{created['id']}")
    assert response.status_code == 200
    p = page(response)
    assert "Watching: read-only" in p.text
    assert "Hand 9 of 28" in p.text and "Ben declares" in p.text
    assert ranking(response) == ranking(client.get(f"/s/{created['id']}"))
    assert p.count("form") == 0 and p.count("button") == 0
    assert not [link for link in p.links() if link.startswith("/s/")]
    assert f"http://localhost:5000/w/{created['id']}" in response.get_data(as_text=True)
    assert p.count("svg")  # the QR code
    # no whole-page reload: live.js polls the version endpoint instead
    assert not [a for t, a in p.tags if t == "meta" and a.get("http-equiv")]
    assert [a["data-live"] for t, a in p.tags if "data-live" in a] == [f"/w/{created['id']}/live"]
    # The watcher's home lists it, as a watch link.
    assert f"/w/{created['id']}" in page(watcher.get("/")).links()


# --- undo and history ----------------------------------------------------------------


def test_undo_the_last_hand(client: FlaskClient) -> None:
    created = api_session(client, tournament(3))
    screen = page(client.get(f"/s/{created['id']}"))
    assert "Undo hand 3" in screen.text
    response = client.post(f"/s/{created['id']}/undo", data={"version": "1"})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}"
    after = client.get(f"/s/{created['id']}")
    assert flashes(after) == ["Hand 3 undone. It stays in the history."]
    assert "Hand 3 of 28" in page(after).text
    doc = document(client, created["id"])
    assert len(doc["hands"]) == 2 and doc["version"] == 2
    history = page(client.get(f"/s/{created['id']}/history"))
    assert re.search(r"Phone [0-9a-f]{4}: hand 3 undone \(it was: No Last Two, ", history.text)


def test_undo_with_a_stale_version(client: FlaskClient) -> None:
    created = api_session(client, tournament(3))
    response = client.post(f"/s/{created['id']}/undo", data={"version": "0"}, follow_redirects=True)
    assert response.request.path == f"/s/{created['id']}"
    assert flashes(response) == ["Someone else changed this session: here it is as it stands now."]
    assert len(document(client, created["id"])["hands"]) == 3


def test_undo_twice_from_the_same_page_removes_one_hand(client: FlaskClient) -> None:
    created = api_session(client, tournament(3))
    client.post(f"/s/{created['id']}/undo", data={"version": "1"})
    client.post(f"/s/{created['id']}/undo", data={"version": "1"})
    assert len(document(client, created["id"])["hands"]) == 2


def test_undo_with_nothing_to_undo(client: FlaskClient) -> None:
    created = api_session(client, [])
    response = client.post(f"/s/{created['id']}/undo", data={"version": "1"}, follow_redirects=True)
    assert flashes(response) == ["there is no hand to undo"]
    assert document(client, created["id"])["version"] == 1


@pytest.mark.parametrize("data", [{}, {"version": ""}, {"version": "x"}])
def test_undo_needs_a_version(client: FlaskClient, data: dict[str, str]) -> None:
    created = api_session(client, tournament(2))
    assert client.post(f"/s/{created['id']}/undo", data=data).status_code == 400
    assert len(document(client, created["id"])["hands"]) == 2


def test_the_history_page(client: FlaskClient) -> None:
    created = api_session(client, tournament(2))
    key = {"X-Edit-Key": created["edit_key"]}
    corrected = {**tournament(1)[0], "facts": {"tricks": [1, 4, 4, 4]}}
    client.put(f"/api/sessions/{created['id']}/hands/1", json=corrected, headers=key)
    response = client.get(f"/s/{created['id']}/history")
    assert response.status_code == 200
    p = page(response)
    [changes] = p.texts("history")
    assert re.match(r"\d\d:\d\d UTC The JSON API: hand 1 corrected: No Tricks, ", changes)
    assert "tricks: Ada 1, Ben 4, Clara 4, Dan 4" in changes
    assert "(was: No Tricks, tricks: Ada 4, Ben 3, Clara 3, Dan 3" in changes
    assert changes.index("corrected") < changes.index("session started")
    times = [a["datetime"] for t, a in p.tags if t == "time"]
    assert len(times) == 2 and all(re.match(r"\d{4}-\d\d-\d\dT", t) for t in times)


# --- the end of a session ------------------------------------------------------------


def test_a_complete_session(client: FlaskClient) -> None:
    created = api_session(client, tournament(28, undoubled_blocks=(2,)))
    doc = document(client, created["id"])
    assert doc["complete"] and len(doc["winners"]) == 1
    winner = PLAYERS[doc["winners"][0]]
    for path in (f"/s/{created['id']}", f"/w/{created['id']}"):
        response = client.get(path)
        p = page(response)
        assert "Session complete" in p.text
        assert f"{winner} wins" in p.texts("winner")[0]
        assert "Record hand" not in p.text and "Hand 29" not in p.text
        # Block 3 (Clara declares) had no doubles: each opponent is two short.
        shortfalls = [t for t in p.texts("warn") if "short" in t]
        assert sorted(shortfalls) == sorted(
            f"{name}: 2 doubles short" for name in ("Ada", "Ben", "Dan")
        )
        subtotals = p.texts("subtotal")
        assert len(subtotals) == 4
        assert all("✓" in row for row in subtotals)
        assert ranking(response)[0] == (1, winner, max(doc["totals"]))
    assert f"/s/{created['id']}/hand/29" not in page(client.get(f"/s/{created['id']}")).links()
    assert client.get(f"/s/{created['id']}/hand/29").status_code == 409  # "has ended"
    assert "complete" in page(client.get("/")).text


def test_a_shared_victory(client: FlaskClient) -> None:
    created = api_session(client, tournament(28, rotate=True))
    for path in (f"/s/{created['id']}", f"/w/{created['id']}"):
        p = page(client.get(path))
        assert "Session complete" in p.text
        assert "Shared victory: Ada, Ben, Clara, Dan" in p.texts("winner")[0]


# --- names are text, never markup ----------------------------------------------------

HOSTILE = ["<script>alert(1)</script>", "<b>&amp;", "Clara", "Dan"]


def test_names_are_escaped_on_every_page(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("barbu_scorer.web.pages.secrets.randbelow", lambda n: 0)
    response = client.post("/new", data=new_form(HOSTILE, first="random"), follow_redirects=True)
    session_id = response.request.path.rsplit("/", 1)[1]
    hand = {
        "number": "1",
        "version": "1",
        "contract": "no_queens",
        "queens-0": "2",
        "queens-1": "1",
        "queens-2": "1",
        "double": "1-0",
    }
    client.post(f"/s/{session_id}/hand/1", data={**hand, "contract": "no_queens"})
    client.post("/new", data=new_form(["<i>x</i>", "<i>X</i>", "Clara", "Dan"]))
    pages = {
        "draw": response,
        "home": client.get("/"),
        "session": client.get(f"/s/{session_id}"),
        "new hand": client.get(f"/s/{session_id}/hand/2?contract=no_tricks"),
        "correction": client.get(f"/s/{session_id}/hand/1"),
        "check": client.post(f"/s/{session_id}/hand/1", data={**hand, "action": "check"}),
        "watch": app.test_client().get(f"/w/{session_id}"),
        "history": client.get(f"/s/{session_id}/history"),
        "form error": client.post("/new", data=new_form(["<i>x</i>", "<i>X</i>", "C", "D"])),
    }
    for name, shown in pages.items():
        html = shown.get_data(as_text=True)
        assert shown.status_code == 200, name
        for raw in ("<script>alert", "<b>&amp;", "<b>", "<i>"):
            assert raw not in html, (name, raw)
    for name in ("draw", "home", "session", "new hand", "correction", "check", "watch"):
        html = pages[name].get_data(as_text=True)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, name
        text = page(pages[name]).text
        assert "<script>alert(1)</script>" in text and "<b>&amp;" in text, name
    assert "&lt;i&gt;x&lt;/i&gt;" in pages["form error"].get_data(as_text=True)


def test_the_history_tells_two_phones_apart(app: Flask) -> None:
    doc = {"format": "barbu-session/1", "players": PLAYERS}
    created = app.test_client().post("/api/sessions", json=doc).get_json()
    phones = [app.test_client(), app.test_client()]
    for phone in phones:
        assert phone.get(created["links"]["scorer"]).status_code == 302
    hands = [
        {"contract": "no_king_of_hearts", "king_of_hearts": "2"},
        {"contract": "no_queens", "queens-0": "1", "queens-1": "1", "queens-2": "1"},
    ]
    for number, (phone, hand) in enumerate(zip(phones, hands, strict=True), start=1):
        data = {**hand, "number": str(number), "version": str(number), "action": "save"}
        assert phone.post(f"/s/{created['id']}/hand/{number}", data=data).status_code == 302
    with app.app_context():
        from barbu_scorer.store.reads import history
        from barbu_scorer.web.db import get_db

        who = [c["who"] for c in history(get_db(), created["id"]) if c["action"] == "add"]
    assert all(re.fullmatch(r"scorer · phone [0-9a-f]{4}", w) for w in who)
    assert len(set(who)) == 2


@pytest.mark.parametrize(
    ("language", "words"), [("en", "Correct hand"), ("fr", "Corriger la donne")]
)
def test_the_score_tables_links_are_url_fors_in_the_readers_language(
    app: Flask, language: str, words: str
) -> None:
    """The scorer's table builds its hand links once (not a url_for a row) and its rows'
    words once (not a gettext a row): the same addresses, in the reader's language."""
    import re as _re

    from flask import url_for

    from barbu_scorer.web.views.sessions import hand_urls

    client = app.test_client()
    made = client.post("/api/sessions", json=session_document("tournament", 3, 12)).get_json()
    client.get(f"/s/{made['id']}/k/{made['edit_key']}")
    client.set_cookie("lang", language)
    html = client.get(f"/s/{made['id']}").get_data(as_text=True)
    with app.test_request_context():
        expected = [url_for("hands.edit", session_id=made["id"], number=n) for n in range(1, 13)]
        assert list(hand_urls(made["id"], [None] * 12).values()) == expected
    found = _re.findall(r'<a href="([^"]+)" aria-label="([^"]+)">(\d+)</a>', html)
    assert [href for href, _w, _n in found] == expected
    assert all(label == f"{words} {n}" for _h, label, n in found)


def test_a_score_rows_cells_are_escaped() -> None:
    from barbu_scorer.web.errors import score_cells

    html = str(score_cells([("+1", "<b>"), ("−2", "&")]))
    assert html == (
        '<td class="num">+1<br><span class="running">Σ &lt;b&gt;</span></td>'
        '<td class="num">−2<br><span class="running">Σ &amp;</span></td>'
    )
