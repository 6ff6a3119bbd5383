"""The club night's results PDF tells each table's state as its session does, and prints
no page for a round not played (issue 26, item 5)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.events import load_event
from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event, play
from tests.helpers import pdf_pages


def close_round(app: Flask, client: FlaskClient, event_id: str) -> None:
    with app.app_context():
        version = load_event(get_db(), event_id).version  # type: ignore[union-attr]
    for step, action in enumerate(("last_call", "close")):
        answer = client.post(
            f"/e/{event_id}/clock", data={"action": action, "version": version + step}
        )
        assert answer.status_code == 302


def test_an_ended_round_reads_ended_and_unplayed_rounds_print_nothing(
    app: Flask, client: FlaskClient
) -> None:
    event: dict[str, Any] = make_event(client, 8, "blocks")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    first = [t for t in event["tables"] if t["round"] == 1]
    for t in first:
        play(client, t, 7)
    close_round(app, client, event["id"])
    pdf = client.get(f"/e/{event['id']}/results.pdf")
    assert pdf.status_code == 200
    pages = pdf_pages(pdf.data)
    assert "In progress" not in "\n".join(pages)
    # the ranking's page, then one page a table of the round played: none for rounds 2-4
    assert len(pages) == 1 + len(first), [p[:80] for p in pages]
    for page in pages[1:]:
        assert "Round 1, table" in page and "Ended after hand 7" in page


def test_a_table_in_play_still_reads_in_progress(app: Flask, client: FlaskClient) -> None:
    event: dict[str, Any] = make_event(client, 8, "blocks")
    play(client, event["tables"][0], 3)
    text = "\n".join(pdf_pages(client.get(f"/e/{event['id']}/results.pdf").data))
    assert "In progress — hand 4 of" in text and "Ended after" not in text
