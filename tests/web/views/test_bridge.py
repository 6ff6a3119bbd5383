"""The Barbu Bridge pages and API: every flow and every refusal."""

from __future__ import annotations

import io
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.app import create_app
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.web.db import get_db
from tests.views_bridge_helpers import SESSION, flashes, posted, start, stored

NASTY = "<b>&"


@pytest.fixture
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


def alert(html: str) -> str:
    found = re.search(r'role="alert">(.*?)</p>', html, re.S)
    return unescape(found.group(1)) if found else ""


def play(client: FlaskClient, app: Flask, session_id: str, deals: list[dict[str, Any]]) -> None:
    for deal in deals:
        now = stored(app, session_id)
        number = len(now.deals) + 1
        response = client.post(
            f"/b/{session_id}/deal/{number}", data=posted(deal, number, now.version)
        )
        assert response.status_code == 302, alert(response.get_data(as_text=True))


# --- starting a session ------------------------------------------------------------------


def test_home_and_new_session_pages_link_to_barbu_bridge(client: FlaskClient) -> None:
    assert 'href="/bridge/new"' in client.get("/").get_data(as_text=True)
    assert 'href="/bridge/new"' in client.get("/new").get_data(as_text=True)


def test_new_session_page_shows_the_compass_and_partnerships(client: FlaskClient) -> None:
    html = client.get("/bridge/new").get_data(as_text=True)
    for seat in ("North", "East", "South", "West"):
        assert f'aria-label="{seat}"' in html
    assert "N-S" in html and "E-W" in html and "Draw at random" in html


def test_starting_a_session_keeps_the_edit_key_and_the_chosen_dealer(
    app: Flask, client: FlaskClient
) -> None:
    session_id = start(client, first="2")
    session = stored(app, session_id)
    assert session.players == ("Ada", "Ben", "Clara", "Dan") and session.first_dealer == 2
    html = client.get(f"/b/{session_id}").get_data(as_text=True)
    assert "Deal 1 of 16" in html
    assert "Clara (S) deals and leads" in html
    assert "nobody vulnerable" in html
    # the dealer's four sub-games, each one tap from the deal form
    for subgame in ("barbu", "hearts", "last_two", "queens"):
        assert f"/b/{session_id}/deal/1?subgame={subgame}" in html
    listed = client.get("/").get_data(as_text=True)
    assert "Barbu Bridge · deal 1 of 16" in listed


def test_a_drawn_first_dealer_is_announced(app: Flask, client: FlaskClient) -> None:
    session_id = start(client, first="random")
    first = stored(app, session_id).first_dealer
    html = client.get(f"/b/{session_id}").get_data(as_text=True)
    name = ("Ada", "Ben", "Clara", "Dan")[first]
    assert f"The draw: {name} deals first." in flashes(html)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Ada", "Ben", "Ada", "Dan"), "Ada is at North and South: one name per player."),
        (("Ada", "Ben", "ADA", "Dan"), "Ada is at North and South: one name per player."),
        (("Ada", "", "Clara", "Dan"), "East needs a name."),
        (("Ada", "B" * 41, "Clara", "Dan"), "40"),
    ],
)
def test_bad_names_are_refused_and_nothing_stored(
    app: Flask, client: FlaskClient, players: tuple[str, ...], message: str
) -> None:
    data = {f"players-{i}": name for i, name in enumerate(players)}
    response = client.post("/bridge/new", data={**data, "first": "0"})
    assert response.status_code == 200
    assert message in unescape(response.get_data(as_text=True))
    with app.app_context():
        assert get_db()["sessions"].count == 0


def test_names_are_escaped_everywhere(app: Flask, client: FlaskClient, doc: dict[str, Any]) -> None:
    session_id = start(client, players=("Ada", NASTY, "Clara", "Dan"))
    play(client, app, session_id, doc["deals"][:2])
    pages = [
        f"/b/{session_id}",
        f"/bw/{session_id}",
        f"/b/{session_id}/deal/3",
        f"/b/{session_id}/deal/2",
        f"/b/{session_id}/history",
        "/",
    ]
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        assert NASTY not in html, page
        assert "&lt;b&gt;&amp;" in html or page.endswith("history") or page == "/", page
    preview = client.post(f"/b/{session_id}/deal/3/preview", data=posted(doc["deals"][2], 3, 3))
    assert NASTY not in preview.get_json()["html"]


# --- who may see and change what --------------------------------------------------------


def test_scorer_pages_need_the_edit_key(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:1])
    stranger = app.test_client()
    assert stranger.get(f"/b/{session_id}").status_code == 403
    assert stranger.get(f"/b/{session_id}/deal/2").status_code == 403
    assert stranger.get(f"/b/{session_id}/deal/1").status_code == 403
    assert stranger.get(f"/b/{session_id}/history").status_code == 403
    response = stranger.post(f"/b/{session_id}/deal/2", data=posted(doc["deals"][1], 2, 2))
    assert response.status_code == 403
    assert stranger.post(f"/b/{session_id}/deal/2/preview", data={}).status_code == 403
    assert stranger.post(f"/b/{session_id}/undo", data={"version": "2"}).status_code == 403
    assert len(stored(app, session_id).deals) == 1
    # the watchers' page and the PDF need no key
    assert stranger.get(f"/bw/{session_id}").status_code == 200
    assert stranger.get(f"/w/{session_id}").location == f"/bw/{session_id}"


def test_the_scorer_link_hands_over_the_key(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    with app.app_context():
        _stored, key = bridge_store.create(get_db(), players=["A", "B", "C", "D"], first_dealer=0)
    other = app.test_client()
    assert other.get(f"/b/{_stored.id}/k/wrong").status_code == 403
    response = other.get(f"/b/{_stored.id}/k/{key}")
    assert response.location == f"/b/{_stored.id}"
    assert other.get(f"/b/{_stored.id}").status_code == 200
    # the Tournament address of the claim link sends a bridge session to its own
    third = app.test_client()
    assert third.get(f"/s/{_stored.id}/k/{key}").location == f"/b/{_stored.id}/k/{key}"
    assert client.get(f"/s/{session_id}").location == f"/b/{session_id}"
    # a wrong link does not replace the key this browser holds
    assert client.get(f"/b/{session_id}/k/wrong").status_code == 403
    assert client.get(f"/b/{session_id}").status_code == 200


def test_the_unfinished_rubber_part_score_is_chosen_per_session(
    app: Flask, client: FlaskClient
) -> None:
    html = client.get("/bridge/new").get_data(as_text=True)
    chips = re.findall(
        r'<input type="radio" name="unfinished_partscore" value="(\w+)" ?(\w*)>', html
    )
    assert chips == [("law80", "checked"), ("50", ""), ("100", "")]
    assert "A part-score in an unfinished rubber" in html
    data = {f"players-{i}": n for i, n in enumerate(("A", "B", "C", "D"))}
    response = client.post(
        "/bridge/new", data={**data, "first": "0", "unfinished_partscore": "100"}
    )
    session_id = response.location.rsplit("/", 1)[-1]
    assert stored(app, session_id).unfinished_partscore == 100
    page = client.get(f"/b/{session_id}").get_data(as_text=True)
    assert "A part-score in an unfinished rubber: 100 to each side with one." in page
    # not chosen: Law 80, the default
    default = stored(app, start(client))
    assert default.unfinished_partscore == "law80"
    page = client.get(f"/b/{default.id}").get_data(as_text=True)
    assert "A part-score in an unfinished rubber: 100 to the only side with one (Law 80)." in page


@pytest.mark.parametrize("points", ["75", "0", "fifty"])
def test_another_part_score_bonus_is_refused(app: Flask, client: FlaskClient, points: str) -> None:
    data = {f"players-{i}": n for i, n in enumerate(("A", "B", "C", "D"))}
    response = client.post(
        "/bridge/new", data={**data, "first": "0", "unfinished_partscore": points}
    )
    assert response.status_code == 200
    assert 'role="alert"' in response.get_data(as_text=True)
    with app.app_context():
        assert get_db()["sessions"].count == 0


def test_a_bad_first_dealer_is_a_400(client: FlaskClient) -> None:
    data = {f"players-{i}": n for i, n in enumerate(("A", "B", "C", "D"))}
    assert client.post("/bridge/new", data={**data, "first": "4"}).status_code == 400


def test_unknown_sessions_and_deals_are_404(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    assert client.get("/b/nope").status_code == 404
    assert client.get("/bw/nope").status_code == 404
    assert client.get("/bw/nope/pad.pdf").status_code == 404
    assert client.get(f"/b/{session_id}/deal/5").status_code == 404  # past the three ahead
    assert client.get(f"/b/{session_id}/deal/0").status_code == 404
    assert client.get(f"/s/{session_id}/hand/1").status_code == 404  # not a Tournament
    assert client.get("/w/nope/session.csv").status_code == 404


def test_posts_need_the_csrf_token(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "test"})
    client = app.test_client()
    data = {f"players-{i}": n for i, n in enumerate(("A", "B", "C", "D"))}
    assert client.post("/bridge/new", data={**data, "first": "0"}).status_code == 400


# --- recording a deal -------------------------------------------------------------------


def test_the_deal_form_offers_what_the_dealer_has_left(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:4])
    html = client.get(f"/b/{session_id}/deal/5").get_data(as_text=True)
    assert "Deal 5 of 16" in html and "Ada (N) deals and leads" in html
    assert 'value="hearts"' not in re.search(
        r'<fieldset class="facts subgame">.*?</fieldset>', html, re.S
    ).group(0)
    assert "Rubber 1" in html and "N-S vulnerable" in html
    chosen = client.get(f"/b/{session_id}/deal/5?subgame=queens").get_data(as_text=True)
    assert 'value="queens" checked' in chosen
    # a sub-game already used is not preselected
    assert 'value="hearts" checked' not in client.get(
        f"/b/{session_id}/deal/5?subgame=hearts"
    ).get_data(as_text=True)


def test_the_next_three_deals_forms_are_drawn_ahead_for_a_phone_offline(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    """The scorer's screen names deals 6-8's forms (each with its dealer's sub-games left);
    deal 7's form says who deals, offers what its dealer has left, and marks what it cannot
    know yet (rubber, vulnerability) "not checked yet"; it posts nothing before deal 6."""
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:4])
    screen = client.get(f"/b/{session_id}").get_data(as_text=True)
    for number in (6, 7, 8):
        assert f'href="/b/{session_id}/deal/{number}"' in screen
    assert f"/b/{session_id}/deal/7?subgame={doc['deals'][2]['subgame']}" not in screen
    assert f"/b/{session_id}/deal/9" not in screen
    html = client.get(f"/b/{session_id}/deal/7").get_data(as_text=True)
    assert "Clara (S) deals and leads" in html and "not checked yet" in html
    assert "rubber and vulnerability: once deal 6 is stored" in html
    assert "vulnerable" not in html.split('id="deal-form"')[0].split("deals and leads")[1]
    offered = re.search(r'<fieldset class="facts subgame">.*?</fieldset>', html, re.S)
    assert f'value="{doc["deals"][2]["subgame"]}"' not in offered.group(0)
    now = stored(app, session_id)
    early = client.post(f"/b/{session_id}/deal/7", data=posted(doc["deals"][6], 7, now.version))
    assert early.status_code == 404 and len(stored(app, session_id).deals) == 4


def test_the_last_sub_game_is_preselected(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:12])
    html = client.get(f"/b/{session_id}/deal/13").get_data(as_text=True)
    assert 'value="queens" checked' in html
    assert "The last sub-game Ada has left." in html


def test_check_shows_the_points_and_stores_nothing(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    data = posted(doc["deals"][0], 1, 1, action="check")
    html = client.post(f"/b/{session_id}/deal/1", data=data).get_data(as_text=True)
    preview = re.search(r'<div id="preview-body">(.*?)</footer>', html, re.S).group(0)
    assert '2<span class="suit-red">♥</span> N</strong> <span class="res">=</span>' in preview
    assert "60" in preview and "150" in preview and "after deal 1: N-S 210 · E-W 0" in preview
    assert stored(app, session_id).deals == ()


def test_the_chips_carry_the_rules_answers_for_the_script(
    client: FlaskClient, doc: dict[str, Any]
) -> None:
    """Each trick chip has its result for every level, each level the tricks it needs, each
    count what the other side took: the script picks one, it computes nothing."""
    session_id = start(client)
    html = client.get(f"/b/{session_id}/deal/1").get_data(as_text=True)
    nine = re.search(
        r'<label class="chip num-chip"([^>]*)><input type="radio" name="tricks" '
        r'value="9"',
        html,
    ).group(1)
    assert 'data-rel-4="\u22121"' in nine and 'data-rel-2="+1"' in nine and 'data-rel-3="="' in nine
    assert "data-rel=" not in nine  # no level picked yet
    assert 'data-need="(10 to make)"><input type="radio" name="level" value="4"' in html
    assert 'data-implied-ns="E-W took 9 (the rest)"' in html
    assert 'data-implied-ew="N-S took 1 (the rest)"' in html
    # without a script, a checked form shows the picked level's results and what it needs
    data = posted(doc["deals"][0], 1, 1, action="check")  # 2H by N, 8 tricks
    checked = client.post(f"/b/{session_id}/deal/1", data=data).get_data(as_text=True)
    eight = re.search(
        r'<label class="chip num-chip"([^>]*)><input type="radio" name="tricks" '
        r'value="8"',
        checked,
    ).group(1)
    assert 'data-rel="="' in eight
    assert '<small class="muted need">(8 to make)</small>' in checked


def test_live_preview_answers_json(client: FlaskClient, doc: dict[str, Any]) -> None:
    session_id = start(client)
    answer = client.post(
        f"/b/{session_id}/deal/1/preview", data=posted(doc["deals"][0], 1, 1)
    ).get_json()
    assert answer["ok"] is True and "after deal 1: N-S 210" in answer["html"]
    # each side's points open the deal's explanation, drawn (hidden) with the preview
    assert answer["html"].count('data-explain href="#preview-why"') == 2
    assert "N-S score 210 on deal 1" in answer["html"] and "#rule-hearts" in answer["html"]
    partial = MultiDict({"subgame": "hearts", "level": "2", "number": "1", "version": "1"})
    answer = client.post(f"/b/{session_id}/deal/1/preview", data=partial).get_json()
    assert answer["ok"] is False and "pick the strain" in answer["html"]


def test_saving_a_deal(app: Flask, client: FlaskClient, doc: dict[str, Any]) -> None:
    session_id = start(client)
    response = client.post(f"/b/{session_id}/deal/1", data=posted(doc["deals"][0], 1, 1))
    assert response.location == f"/b/{session_id}"
    html = client.get(response.location).get_data(as_text=True)
    assert "Deal 1 saved." in flashes(html)
    assert "Deal 2 of 16" in html and 'data-total="NS">210<' in html
    assert stored(app, session_id).deals == (doc["deals"][0],)


def test_saving_twice_is_a_harmless_replay(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    data = posted(doc["deals"][0], 1, 1, intent="new")
    client.post(f"/b/{session_id}/deal/1", data=data)
    again = client.post(f"/b/{session_id}/deal/1", data=data)
    assert again.location == f"/b/{session_id}"
    assert "Deal 1 was already saved." in flashes(client.get(again.location).get_data(as_text=True))
    session = stored(app, session_id)
    assert session.version == 2 and len(session.deals) == 1


def test_another_deal_under_a_taken_number_is_refused(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    client.post(f"/b/{session_id}/deal/1", data=posted(doc["deals"][0], 1, 1, intent="new"))
    other = dict(doc["deals"][0], barbu={"hearts": {"NS": 9, "EW": 4}})
    response = client.post(f"/b/{session_id}/deal/1", data=posted(other, 1, 1, intent="new"))
    assert response.location == f"/b/{session_id}"
    message = flashes(client.get(response.location).get_data(as_text=True))[-1]
    assert "Not saved: deal 1 is already recorded, with other figures" in message
    assert stored(app, session_id).deals == (doc["deals"][0],)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"subgame": ""}, "pick the sub-game the dealer chose"),
        ({"level": ""}, "pick the contract's level, or Passed out"),
        ({"strain": ""}, "pick the strain"),
        ({"declarer": ""}, "pick the declarer"),
        ({"tricks": ""}, "pick the tricks the declaring side took"),
        ({"hearts": ""}, "pick how many hearts a side took"),
        ({"tricks": "13"}, "E-W took 0 of the 13 tricks, so they cannot have taken 9 hearts"),
        ({"honours": "NS-120"}, "'NS-120' is not a choice here"),
        ({"level": "8"}, "'8' is not a choice here"),
    ],
)
def test_an_invalid_deal_comes_back_with_the_reason_and_nothing_stored(
    app: Flask, client: FlaskClient, doc: dict[str, Any], change: dict[str, str], message: str
) -> None:
    session_id = start(client)
    data = posted(doc["deals"][0], 1, 1)
    for key, value in change.items():
        data[key] = value
    response = client.post(f"/b/{session_id}/deal/1", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert alert(html) == message
    assert 'name="tricks" value="8"' in html  # what was entered stays on the form
    assert stored(app, session_id).deals == ()


def test_an_engine_refusal_names_the_rule(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:3])
    # NT honours are four aces, 150: 100 is refused by the engine
    deal = dict(doc["deals"][3], bridge={**doc["deals"][3]["bridge"], "strain": "NT"})
    response = client.post(f"/b/{session_id}/deal/4", data=posted(deal, 4, 4))
    assert response.status_code == 422
    assert "only four aces count as honours" in alert(response.get_data(as_text=True))
    assert len(stored(app, session_id).deals) == 3


def test_passed_out_needs_no_contract(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    data = MultiDict(
        {
            "number": "1",
            "version": "1",
            "action": "save",
            "subgame": "barbu",
            "level": "pass",
            "strain": "S",
            "king_of_hearts": "EW",
        }
    )
    assert client.post(f"/b/{session_id}/deal/1", data=data).status_code == 302
    [deal] = stored(app, session_id).deals
    assert deal == {"subgame": "barbu", "bridge": None, "barbu": {"king_of_hearts": "EW"}}


def test_counts_may_be_given_for_either_side(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    data = MultiDict(
        {
            "number": "1",
            "version": "1",
            "action": "save",
            "subgame": "queens",
            "level": "pass",
            "queens": "1",
            "queens_side": "EW",
        }
    )
    assert client.post(f"/b/{session_id}/deal/1", data=data).status_code == 302
    assert stored(app, session_id).deals[0]["barbu"] == {"queens": {"EW": 1, "NS": 3}}


# --- correcting, undoing, the history -----------------------------------------------------


def test_a_past_deal_is_prefilled_and_corrected(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:4])
    html = client.get(f"/b/{session_id}/deal/4").get_data(as_text=True)
    assert "correcting" in html
    for name, value in (
        ("subgame", "last_two"),
        ("level", "4"),
        ("strain", "S"),
        ("declarer", "3"),
        ("doubled", "1"),
        ("tricks", "9"),
        ("honours", "NS-100"),
        ("penultimate", "EW"),
        ("last", "NS"),
    ):
        assert re.search(rf'name="{name}" value="{value}" checked', html), name
    fixed = dict(doc["deals"][3], bridge={**doc["deals"][3]["bridge"], "tricks": 10})
    version = stored(app, session_id).version
    response = client.post(
        f"/b/{session_id}/deal/4", data=posted(fixed, 4, version, intent="correct")
    )
    assert response.location == f"/b/{session_id}"
    page = client.get(response.location).get_data(as_text=True)
    assert "Deal 4 corrected; the figures after it follow." in flashes(page)
    assert stored(app, session_id).deals[3] == fixed


def test_a_stale_correction_is_refused(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:2])
    old_version = stored(app, session_id).version
    play(client, app, session_id, doc["deals"][2:3])  # someone records deal 3 meanwhile
    fixed = dict(doc["deals"][0], barbu={"hearts": {"NS": 9, "EW": 4}})
    response = client.post(
        f"/b/{session_id}/deal/1", data=posted(fixed, 1, old_version, intent="correct")
    )
    assert response.location == f"/b/{session_id}/deal/1"
    html = client.get(response.location).get_data(as_text=True)
    assert any("Someone else changed this session" in m for m in flashes(html))
    assert stored(app, session_id).deals[0] == doc["deals"][0]


def test_a_correction_that_breaks_a_later_deal_is_refused(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:5])
    version = stored(app, session_id).version
    barbu = {
        "subgame": "barbu",
        "bridge": doc["deals"][0]["bridge"],
        "barbu": {"king_of_hearts": "EW"},
    }
    response = client.post(
        f"/b/{session_id}/deal/1", data=posted(barbu, 1, version, intent="correct")
    )
    assert response.status_code == 422
    assert alert(response.get_data(as_text=True)).startswith("deal 5: ")
    assert stored(app, session_id).deals[0] == doc["deals"][0]


def test_refusals_name_players_and_sub_games(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:13])
    version = stored(app, session_id).version
    # deal 9 is Ada's (seat 0), and she chose Queens on deal 13
    queens = {"subgame": "queens", "bridge": None, "barbu": {"queens": {"NS": 1, "EW": 3}}}
    expected = "deal 13: Ada has already chosen Queens as dealer; Last Two left"
    saving = posted(queens, 9, version, intent="correct")
    response = client.post(f"/b/{session_id}/deal/9", data=saving)
    assert response.status_code == 422
    assert alert(response.get_data(as_text=True)) == expected
    checking = posted(queens, 9, version, action="check")
    html = client.post(f"/b/{session_id}/deal/9", data=checking).get_data(as_text=True)
    assert alert(html) == expected and "seat 0" not in html  # a Check's refusal, said
    live = client.post(f"/b/{session_id}/deal/9/preview", data=posted(queens, 9, version))
    assert expected in unescape(live.get_json()["html"])
    assert stored(app, session_id).deals[8] == doc["deals"][8]


@pytest.mark.parametrize(
    ("message", "named"),
    [
        (
            "seat 3 has already chosen last_two as dealer; barbu, hearts, queens left",
            "Dan has already chosen Last Two as dealer; Barbu, Hearts, Queens left",
        ),
        (
            "the sub-game must be one of barbu, hearts, last_two, queens, not 'x'",
            "the sub-game must be one of Barbu, Hearts, Last Two, Queens, not 'x'",
        ),
        ("the hearts add up to 12, not 13", "the hearts add up to 12, not 13"),
        ("a side cannot take fewer than no queens", "a side cannot take fewer than no queens"),
        (
            "the declarer must be a seat from 0 to 3, not 4",
            "the declarer must be a seat from 0 to 3, not 4",
        ),
    ],
)
def test_messages_say_names(message: str, named: str) -> None:
    from barbu_scorer.present.deal_form import name_subgames
    from barbu_scorer.present.session import name_seats

    assert name_subgames(name_seats(message, ["Ada", "Ben", "Clara", "Dan"])) == named


def test_undo_the_last_deal(app: Flask, client: FlaskClient, doc: dict[str, Any]) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:2])
    html = client.get(f"/b/{session_id}").get_data(as_text=True)
    assert "Undo deal 2" in html
    stale = client.post(f"/b/{session_id}/undo", data={"version": "1"})
    assert "Someone else changed this session" in " ".join(
        flashes(client.get(stale.location).get_data(as_text=True))
    )
    assert len(stored(app, session_id).deals) == 2
    response = client.post(f"/b/{session_id}/undo", data={"version": "3"})
    assert response.location == f"/b/{session_id}"
    assert "Deal 2 undone. It stays in the history." in flashes(
        client.get(response.location).get_data(as_text=True)
    )
    assert stored(app, session_id).deals == (doc["deals"][0],)
    assert client.post(f"/b/{session_id}/undo", data={}).status_code == 400
    history = client.get(f"/b/{session_id}/history").get_data(as_text=True)
    assert history.index("deal 2 undone") < history.index("deal 2 recorded")
    assert history.index("deal 2 recorded") < history.index("session started")
    assert re.search(r"Phone [0-9a-f]{4}: session started", history)
    assert client.get(f"/s/{session_id}/history").location == f"/b/{session_id}/history"


def test_undo_with_no_deal(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    response = client.post(f"/b/{session_id}/undo", data={"version": "1"})
    assert response.location == f"/b/{session_id}"
    html = client.get(response.location).get_data(as_text=True)
    assert flashes(html) == ["there is no deal to undo"]
    assert stored(app, session_id).version == 1


# --- the whole session, the pad -----------------------------------------------------------


class PadRows(HTMLParser):
    """The pad table's rows: (row class, figures of the N-S cell, figures of the E-W cell)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, list[int], list[int]]] = []
        self.in_pad = self.in_number = False
        self.cell = -1

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "pad-sheet" in classes:
            self.in_pad = True
        elif self.in_pad and tag == "tr":
            self.rows.append((" ".join(classes), [], []))
            self.cell = -1
        elif self.in_pad and tag == "td":
            self.cell += 1
        elif self.in_pad and tag == "span" and "n" in classes:
            self.in_number = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.in_pad = False
        if tag == "span":
            self.in_number = False

    def handle_data(self, data: str) -> None:
        if self.in_number and self.rows and self.cell in (0, 1):
            self.rows[-1][1 + self.cell].append(int(data))


def pad_rows(html: str) -> list[tuple[str, list[int], list[int]]]:
    parser = PadRows()
    parser.feed(html)
    return [row for row in parser.rows if row[0] not in ("", "rubber-no")]


def test_the_pad_shows_the_hand_computed_figures(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"])
    html = client.get(f"/b/{session_id}").get_data(as_text=True)
    assert pad_rows(html) == [
        # rubber 1: above the line, newest first, then a game per row, the rubber's points
        (
            "above",
            [500, 750, 50, 200, 80, 100, 100, 120, 30, 200, 150],
            [240, 120, 80, 500, 30, 30, 200, 120],
        ),
        ("below game", [60, 60], [60]),
        ("below game", [], [100]),
        ("below game rubber-end", [240], []),
        ("rubber-total", [2640], [1480]),
        # rubber 2
        ("above", [500, 1500, 390, 200, 150, 120, 80], [240, 50, 50]),
        ("below game", [120], [40]),
        ("below game", [], [200]),
        ("below game rubber-end", [220], []),
        ("rubber-total", [3280], [580]),
        # rubber 3, unfinished when the 16 deals end: both sides hold a part-score, so
        # Law 80 (the default) gives neither a bonus
        ("above", [90, 120], [300, 200, 20, 80, 30]),
        ("below game", [], [120]),
        ("below rubber-end", [70], [20]),
        ("rubber-total", [280], [770]),
        ("grand", [], []),
        ("grand-figures", [6200], [2830]),
        ("verdict", [], []),
    ]
    assert "Session complete" in html
    assert "N-S (Ada &amp; Clara) win by 3370" in html
    # barbu points are marked as such
    assert html.count('class="fig barbu') == sum(
        1
        for d in stored(app, session_id).document()["deals"]
        for e in d["entries"]
        if e["kind"] in ("barbu", "hearts", "last_two", "queens")
    )
    assert "Record deal" not in html


def test_the_watch_page_shows_the_pad_read_only(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:9])
    html = app.test_client().get(f"/bw/{session_id}").get_data(as_text=True)
    assert "Watching: read-only" in html and 'http-equiv="refresh"' not in html
    assert f'data-live="/w/{session_id}/live"' in html and "js/live.js" in html
    assert "Deal 10 of 16" in html and "Ben (E) deals and leads" in html
    assert "<svg" in html and "/deal/" not in html and "undo" not in html
    assert pad_rows(html)[-3:] == [
        ("grand", [], []),
        ("grand-figures", [2840], [1520]),
        ("verdict", [], []),
    ]
    assert "N-S lead by 1320" in html


def test_the_pdf_route(app: Flask, client: FlaskClient, doc: dict[str, Any]) -> None:
    session_id = start(client)
    play(client, app, session_id, doc["deals"][:3])
    response = app.test_client().get(f"/bw/{session_id}/pad.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    assert f'href="/bw/{session_id}/pad.pdf"' in client.get(f"/b/{session_id}").get_data(
        as_text=True
    )


@pytest.mark.parametrize("address", ["/bw/{id}/pad.pdf", "/w/{id}/sheet.pdf"])
def test_the_pdf_on_letter_paper(
    app: Flask, client: FlaskClient, doc: dict[str, Any], address: str
) -> None:
    from pypdf import PdfReader

    session_id = start(client)
    play(client, app, session_id, doc["deals"][:3])
    watcher = app.test_client()
    url = address.format(id=session_id)
    for paper, size in (("", (595, 842)), ("?paper=Letter", (612, 792)), ("?paper=a4", (595, 842))):
        response = watcher.get(url + paper)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        page = PdfReader(io.BytesIO(response.data)).pages[0]
        assert (round(page.mediabox.width), round(page.mediabox.height)) == size
    assert watcher.get(url + "?paper=A3").status_code == 400


# --- the JSON API -------------------------------------------------------------------------


def test_api_import_export_round_trip(client: FlaskClient, doc: dict[str, Any]) -> None:
    created = client.post("/api/sessions", json={**doc, "name": "Friday"})
    assert created.status_code == 201
    body = created.get_json()
    assert body["totals"] == {"NS": 6250, "EW": 2880} and body["winner"] == "NS"
    assert body["edit_key"] and body["links"]["watch"].endswith(f"/bw/{body['id']}")
    exported = client.get(f"/api/sessions/{body['id']}")
    assert exported.status_code == 200 and exported.headers["ETag"] == '"1"'
    again = client.post("/api/sessions", json=exported.get_json())
    assert again.status_code == 201
    assert again.get_json()["deals"] == body["deals"] and again.get_json()["name"] == "Friday"


def test_api_import_refuses_a_wrong_deal_whole(
    app: Flask, client: FlaskClient, doc: dict[str, Any]
) -> None:
    doc["deals"][6]["barbu"] = {"hearts": {"NS": 1, "EW": 12}}
    response = client.post("/api/sessions", json=doc)
    assert response.status_code == 400
    body = response.get_json()
    assert set(body) == {"error", "hand"} and body["hand"] == 7
    assert body["error"].startswith("the Last Two result needs")  # the number is in "hand"
    page = client.post("/import", data={"text": json.dumps(doc)}).get_data(as_text=True)
    assert "Nothing was imported: deal 7: the Last Two result needs" in page
    with app.app_context():
        assert get_db()["sessions"].count == 0
    assert client.post("/api/sessions", json={**doc, "name": 3}).status_code == 400


def test_api_deals_add_replay_conflict_correct_undo(
    client: FlaskClient, doc: dict[str, Any]
) -> None:
    body = client.post("/api/sessions", json={**doc, "deals": doc["deals"][:2]}).get_json()
    sid, key = body["id"], {"X-Edit-Key": body["edit_key"]}
    url = f"/api/sessions/{sid}/hands"
    assert client.post(url, json={"number": 3, **doc["deals"][2]}).status_code == 403
    added = client.post(url, json={"number": 3, **doc["deals"][2]}, headers=key)
    assert added.status_code == 201 and added.headers["ETag"] == '"2"'
    replay = client.post(url, json={"deal": 3, **doc["deals"][2]}, headers=key)
    assert replay.status_code == 200 and replay.headers["ETag"] == '"2"'
    other = dict(doc["deals"][2], barbu={"queens": {"NS": 2, "EW": 2}})
    assert client.post(url, json={"number": 3, **other}, headers=key).status_code == 409
    five = dict(other, barbu={"queens": {"NS": 2, "EW": 3}})
    wrong = client.post(url, json={"number": 4, **five}, headers=key)
    assert wrong.status_code == 400 and wrong.get_json()["hand"] == 4
    assert client.post(url, json=doc["deals"][3], headers=key).status_code == 400  # no number
    stale = client.put(f"{url}/3", json=other, headers={**key, "If-Match": '"1"'})
    assert stale.status_code == 412
    fixed = client.put(f"{url}/3", json=other, headers={**key, "If-Match": '"2"'})
    assert fixed.status_code == 200 and fixed.get_json()["deals"][2]["barbu_points"] == {
        "NS": 0,
        "EW": 0,
    }
    assert client.delete(f"{url}/2", headers=key).status_code == 409
    undone = client.delete(f"{url}/3", headers=key)
    assert undone.status_code == 200 and len(undone.get_json()["deals"]) == 2
    assert client.get("/api/sessions/nope").status_code == 404
