"""The console's form for people changing: a late arrival, a departure, a substitute; when
each takes effect, and the new table cards."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from barbu_scorer import i18n
from barbu_scorer.present.people import change_line
from barbu_scorer.scoring import messages
from barbu_scorer.store.events import load_event
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_paper import table_cards
from barbu_scorer.web.views import event_people
from tests.event_helpers import hand_body, make_event, scorer_key


def _console(client: FlaskClient, event: dict[str, Any]) -> str:
    return client.get(f"/e/{event['id']}/console").get_data(as_text=True)


def _post(client: FlaskClient, event: dict[str, Any], **data: Any) -> str:
    page = _console(client, event)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version, page[:300]
    form = {"version": version.group(1), **data}
    if token:  # CSRF may be off in the tests' app
        form["csrf_token"] = token.group(1)
    response = client.post(f"/e/{event['id']}/people", data=form)
    assert response.status_code == 302
    return _console(client, event)


def test_the_console_adds_a_late_player_and_says_so(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    page = _console(client, event)
    assert "Someone arrives, leaves or is replaced" in page
    assert "A substitute at once; the rest from round 2" in page
    page = _post(client, event, action="arrive", name="Late Comer")
    assert "the seating changes from round 2" in page
    assert "From round 2: Late Comer arrives (director," in page
    seating = client.get(f"/api/events/{event['id']}").get_json()
    assert any("Late Comer" in t["players"] for t in seating["tables"] if t["round"] == 2)
    page = _post(client, event, action="substitute", name="Stand By", player="Player 01")
    assert "Stand By takes the seat of Player 01" in page
    page = _post(client, event, action="leave", player="Nobody")
    assert "Nothing changed: Nobody does not play the next round" in page
    page = _post(client, event, action="sideways", player="Player 02")
    assert "Say who arrives, who leaves, or who takes whose seat." in page
    after = client.get(f"/api/events/{event['id']}").get_json()
    assert any("Player 02" in t["players"] for t in after["tables"] if t["round"] == 2)


def test_a_change_line_in_french() -> None:
    change = {"action": "leave", "player": "Ada", "round": 3, "who": "director"}
    change["at"] = "2026-12-02T20:15:00"
    with messages.speaking(i18n.translations("fr"), "fr"):
        line = change_line(change)
    assert line.startswith("À partir de la position 3 : Ada part")


def test_the_form_posts_to_its_own_blueprint(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    assert f'action="/e/{event["id"]}/people"' in _console(client, event)
    assert event_people.bp.name == "event_people"
    other = client.application.test_client()  # without the director's key: refused
    assert other.post(f"/e/{event['id']}/people", data={"action": "arrive"}).status_code == 403


def test_one_session_per_table_offers_a_substitute_at_once_and_new_cards(
    client: FlaskClient,
) -> None:
    event = make_event(client, 8, "session")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    page = _console(client, event)
    assert "At once" in page and "seat a substitute, or end that table" in page
    assert 'value="substitute"' in page and 'value="arrive"' not in page
    table = event["tables"][0]
    for number in range(1, 6):
        body = {"number": number, **hand_body(4, number - 1, 0)}
        key = {"X-Edit-Key": scorer_key(table)}
        assert client.post(f"/api/sessions/{table['session']}/hands", json=body, headers=key)
    gone = table["players"][3]
    page = _post(client, event, action="substitute", name="Stand By", player=gone)
    assert "Stand By plays from hand 6; print the new card." in page
    assert f"From hand 6: Stand By takes the seat of {gone}" in page
    assert f"/e/{event['id']}/cards.pdf?round=left" in page
    with client.application.test_request_context():
        stored = load_event(get_db(), event["id"])
        assert stored is not None
        (card, _other) = table_cards(get_db(), stored, event["director_key"], range(1, 2))
    assert card.seats[3] == "Stand By"  # the reprinted card seats the substitute
    cards = client.get(f"/e/{event['id']}/cards.pdf?round=left")
    assert cards.status_code == 200 and cards.data.startswith(b"%PDF")


def test_the_blocks_console_says_when_each_change_takes_effect(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    page = _console(client, event)
    assert "A substitute takes the seat at once" in page
    assert "An arrival or a departure changes the seating from round 2" in page
