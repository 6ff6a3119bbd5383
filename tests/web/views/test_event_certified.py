"""Certified results through the pages: the window opens when the last table ends, the
results say provisional until its close or the director's sign-off, the export's SHA-256
is recomputed from it, a correction makes version 2 and both are listed, an import keeps
the certification and refuses a tampered document, and the PDF says Certified."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.present.certified import how_words
from barbu_scorer.scoring.event.certify import document_hash
from barbu_scorer.store.certified import certified_mark, versions
from barbu_scorer.store.events import load_event
from barbu_scorer.store.sessions import load
from barbu_scorer.web.db import get_db
from barbu_scorer.web.views import event_certified
from tests.event_helpers import make_event, play
from tests.helpers import pdf_text


def _ended_night(app: Flask, client: FlaskClient, minutes: int) -> dict[str, Any]:
    """A club night of two tables with a window of ``minutes``, one hand each, ended."""
    event = make_event(client, 8)
    eid = event["id"]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    assert "Provisional: play goes on" in client.get(f"/e/{eid}/results").get_data(as_text=True)
    changed = client.post(f"/e/{eid}/window", data={"minutes": minutes})
    assert changed.status_code == 302
    for table in event["tables"]:
        play(client, table, 1)
    with app.app_context():
        stored = load_event(get_db(), eid)
        assert stored is not None
        version = stored.version
    client.post(f"/e/{eid}/clock", data={"action": "close", "version": version})
    return event


def _export(client: FlaskClient, eid: str) -> dict[str, Any]:
    return dict(json.loads(client.get(f"/e/{eid}/event.json").get_data(as_text=True)))


def test_sign_off_certifies_and_a_correction_makes_version_two(
    app: Flask, client: FlaskClient
) -> None:
    event = _ended_night(app, client, 45)
    eid = event["id"]
    page = client.get(f"/e/{eid}/results").get_data(as_text=True)
    assert "Provisional: corrections until" in page and "Sign off" in page
    late = client.post(f"/e/{eid}/window", data={"minutes": 5}, follow_redirects=True)
    assert "has opened" in late.get_data(as_text=True)
    assert _export(client, eid)["certification"]["state"] == "provisional"
    client.post(f"/e/{eid}/sign-off")
    first = _export(client, eid)
    seal = first["certification"]
    assert seal["state"] == "certified" and seal["version"] == 1
    assert seal["sha256"] == document_hash(first)  # recomputed from the export itself
    assert seal["url"].endswith(f"/e/{eid}/certified/1") and seal["window_minutes"] == 45
    assert _export(client, eid)["certification"]["version"] == 1  # a read changes nothing
    # the director corrects hand 1 of table 1: version 2, never a silent change
    table = event["tables"][0]
    with app.app_context():
        before = certified_mark(get_db(), eid)
    with app.app_context():
        stored = load(get_db(), table["session"])
        assert stored is not None
        entry = stored.entries[0]
        fields = {"contract": entry["contract"], "version": stored.version}
        moved = [0, *entry["raw"][:-1]]  # the same hand, its figures one seat on
        fields.update({f"raw-{s}": str(v) for s, v in enumerate(moved)})
    answer = client.post(f"/e/{eid}/t/{table['session']}/hand/1", data=fields)
    assert answer.status_code == 302, answer.get_data(as_text=True)
    second = _export(client, eid)
    seal2 = second["certification"]
    assert seal2["version"] == 2 and seal2["sha256"] == document_hash(second)
    assert [v["version"] for v in seal2["versions"]] == [1, 2]
    assert seal2["versions"][0]["sha256"] == seal["sha256"] != seal2["sha256"]
    with app.app_context():
        listed = versions(get_db(), eid)
        assert [v.how for v in listed] == ["sign-off", "correction"]
        assert certified_mark(get_db(), eid) != before
    assert how_words("correction") in client.get(f"/e/{eid}/results").get_data(as_text=True)
    for number in (1, 2):
        shown = client.get(f"/e/{eid}/certified/{number}")
        assert shown.status_code == 200 and f"Version {number}, certified" in shown.get_data(
            as_text=True
        )
        kept = json.loads(client.get(f"/e/{eid}/certified/{number}.json").get_data(as_text=True))
        assert document_hash(kept) == kept["certification"]["sha256"]
    assert client.get(f"/e/{eid}/certified/3").status_code == 404
    _imports(app, second)


def _imports(app: Flask, doc: dict[str, Any]) -> None:
    """The certified export imported elsewhere keeps its versions; tampered, refused."""
    other = app.test_client()
    tampered = {**doc, "name": doc["name"] + " (edited)"}
    refused = other.post("/events/import", data={"text": json.dumps(tampered)})
    assert refused.status_code == 400
    assert "no longer matches its SHA-256" in refused.get_data(as_text=True)
    response = other.post("/events/import", data={"text": json.dumps(doc)})
    assert response.status_code == 302, response.get_data(as_text=True)
    new_id = response.headers["Location"].split("/")[2]
    again = _export(other, new_id)["certification"]
    assert again["version"] == 2 and again["sha256"] == doc["certification"]["sha256"]
    assert [v["how"] for v in again["versions"]] == ["import", "import"]
    page = other.get(f"/e/{new_id}/certified/1").get_data(as_text=True)
    assert "not its document" in page


def test_the_window_closing_certifies_on_the_next_read_and_the_pdf_says_so(
    app: Flask, client: FlaskClient
) -> None:
    event = _ended_night(app, client, 0)
    eid = event["id"]
    doc = _export(client, eid)
    assert doc["certification"]["state"] == "certified"
    assert doc["certification"]["versions"][0]["how"] == "close"
    text = " ".join(pdf_text(client.get(f"/e/{eid}/results.pdf").data).split())
    assert "Certified version 1" in text and "SHA-256" in text
    assert doc["certification"]["sha256"][:20] in text.replace(" ", "")


def test_the_window_length_is_bounded(app: Flask, client: FlaskClient) -> None:
    assert event_certified.bp.name == "event_certified"
    event = make_event(client, 8)
    eid = event["id"]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    for bad in ("-1", "10081", "soon"):
        answer = client.post(f"/e/{eid}/window", data={"minutes": bad}, follow_redirects=True)
        assert "0 minutes to 7 days" in answer.get_data(as_text=True)
    assert client.post(f"/e/{eid}/sign-off").status_code == 302  # refused: play goes on
    assert _export(client, eid)["certification"]["versions"] == []
    assert app.test_client().post(f"/e/{eid}/sign-off").status_code == 403


def test_the_api_takes_the_window_at_creation(client: FlaskClient) -> None:
    body = {"name": "Club", "date": "2026-12-01", "players": [f"P{n}" for n in range(8)]}
    for bad in (-1, 10081, "30", True):
        answer = client.post("/api/events", json={**body, "correction_minutes": bad})
        assert answer.status_code == 400, bad
    event = make_event(client, 8, correction_minutes=0)
    director = {"X-Director-Key": event["director_key"]}
    closed = client.post(
        f"/api/events/{event['id']}/clock", json={"action": "close", "round": 1}, headers=director
    )
    assert closed.status_code == 200
    seal = client.get(f"/api/events/{event['id']}/export").get_json()["certification"]
    assert seal["state"] == "certified" and seal["window_minutes"] == 0
    assert [v["how"] for v in seal["versions"]] == ["close"]


def test_the_hash_does_not_depend_on_the_readers_language(client: FlaskClient) -> None:
    """A French reader must not make a new version: the document holds no words."""
    event = make_event(client, 8)
    for table in event["tables"]:
        play(client, table, 2)
    english = _export(client, event["id"])
    client.get("/language/fr")
    assert document_hash(_export(client, event["id"])) == document_hash(english)
