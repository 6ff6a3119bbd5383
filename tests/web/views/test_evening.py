"""A player's evening: the page (their next seat while the night goes on), its one-page
PDF, the ranking's names linking to it."""

from __future__ import annotations

from flask.testing import FlaskClient

from barbu_scorer.web.views.evening import bp
from tests.event_helpers import make_event, play
from tests.helpers import pdf_pages


def test_the_page_says_where_to_sit_then_the_evening(client: FlaskClient) -> None:
    event = make_event(client, 8)
    table = event["tables"][1]
    who = table["players"][1]
    number = event["players"].index(who) + 1
    page = client.get(f"/e/{event['id']}/p/{number}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Table 2, seat East" in text and "data-next-seat" in text
    assert f"/e/{event['id']}/p/{number}.pdf" in text
    play(client, table, 3, winner=1)
    text = client.get(f"/e/{event['id']}/p/{number}").get_data(as_text=True)
    assert "3 of 28" in text and "Provisional" in text
    board = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert f'href="/e/{event["id"]}/p/{number}"' in board and "Tap your name" in board
    assert client.get(f"/e/{event['id']}/p/0").status_code == 404
    assert client.get(f"/e/{event['id']}/p/9").status_code == 404
    assert client.get("/e/nope/p/1").status_code == 404
    assert bp.name == "evening"


def test_the_pdf_is_one_page(client: FlaskClient) -> None:
    event = make_event(client, 4)
    play(client, event["tables"][0], 2)
    response = client.get(f"/e/{event['id']}/p/1.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pages = pdf_pages(response.data)
    assert len(pages) == 1 and "Player 0" in pages[0]
    assert client.get(f"/e/{event['id']}/p/5.pdf").status_code == 404


def test_the_next_seat_moves_with_the_rounds(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    first = event["tables"][0]
    who = first["players"][0]
    number = event["players"].index(who) + 1
    page = f"/e/{event['id']}/p/{number}"
    assert "Round 1: table 1, seat North" in client.get(page).get_data(as_text=True)
    play(client, first, 7)  # their table of round 1 finished: the next round's seat
    after = client.get(page).get_data(as_text=True)
    (later,) = [t for t in event["tables"] if t["round"] == 2 and who in t["players"]]
    assert f"Round 2: table {later['table']}, seat" in after  # 8 players: nobody sits out
    closed = client.post(
        f"/api/events/{event['id']}/clock",
        json={"action": "close", "round": 1},
        headers={"X-Director-Key": event["director_key"]},
    )
    assert closed.status_code == 200, closed.get_json()
    text = client.get(page).get_data(as_text=True)
    assert "Round 2: " in text and "7 of 7" in text


def test_a_late_arrival_is_told_their_first_seat_and_a_leaver_none(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    gone = event["players"][0]
    changed = client.post(
        f"/api/events/{event['id']}/people",
        json={"arrive": ["Zoe"], "leave": [gone]},
        headers={"X-Director-Key": event["director_key"]},
    )
    assert changed.status_code == 200, changed.get_json()
    zoe = client.get(f"/e/{event['id']}/p/9").get_data(as_text=True)
    assert "Zoe" in zoe and "Round 2: table" in zoe  # not seated in round 1: round 2 is next
    play(client, next(t for t in event["tables"] if gone in t["players"] and t["round"] == 1), 7)
    left = client.get(f"/e/{event['id']}/p/1").get_data(as_text=True)
    assert "data-next-seat" not in left and "7 of 7" in left
