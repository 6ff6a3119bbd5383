"""One scoring per version: a save scores the whole session once (the store's check,
inside the write), the next page reads that scoring, and the background sheet job runs
(without scoring again) only when the save leaves the session finished, never after a
beat. Counted by wrapping the games' scoring entry points, Tournament and Barbu Bridge."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.scoring.barbu import sessions as barbu_sessions
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.bridge import document as bridge_document
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store import sessions as store
from barbu_scorer.store.entry_writes import Written
from barbu_scorer.web import sheets
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.bridge import form_from_deal
from tests.helpers import DATA, session_document

BRIDGE = DATA / "bridge_session.json"


def counted(monkeypatch: pytest.MonkeyPatch, function: Callable[..., Any]) -> list[str]:
    """Every call of ``function``, wherever the app's modules imported it from."""
    calls: list[str] = []

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(function.__name__)
        return function(*args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("barbu_scorer") and getattr(module, function.__name__, None) is function:
            monkeypatch.setattr(module, function.__name__, counting)
    return calls


@pytest.fixture
def jobs(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The background sheet jobs the requests prepare, run at once (their check, not the
    render), so that their scorings count too."""
    app.config["PDF_IN_BACKGROUND"] = True
    prepared: list[object] = []
    cache = sheets.pdf_cache(app)

    def prepare(_owner: str, job: Callable[[], object], urgent: bool = False) -> bool:
        prepared.append((job(), urgent))
        return True

    monkeypatch.setattr(cache, "prepare", prepare)
    return prepared


def _tournament(client: FlaskClient, hands: int) -> tuple[str, list[dict[str, Any]]]:
    """A session with ``hands`` hands stored, claimed by ``client``; the 28 computed hands
    of the whole session (to post the next ones in raw mode)."""
    full = session_document("tournament", 5)
    made = client.post("/api/sessions", json=full).get_json()
    computed = client.get(f"/api/sessions/{made['id']}").get_json()["hands"]
    created = client.post("/api/sessions", json={**full, "hands": full["hands"][:hands]})
    body = created.get_json()
    assert client.get(f"/s/{body['id']}/k/{body['edit_key']}").status_code == 302
    return body["id"], computed


def _hand_form(hand: dict[str, Any], version: int) -> list[tuple[str, str]]:
    out = [("number", str(hand["number"])), ("version", str(version)), ("mode", "raw")]
    out += [("contract", hand["contract"]), ("action", "save")]
    out += [(f"raw-{seat}", str(value)) for seat, value in enumerate(hand["raw"])]
    out += [("double", f"{a}-{b}") for a, b in hand.get("doubles", [])]
    return out + [(key, str(hand[key])) for key in ("trump", "start_rank") if key in hand]


def _version(app: Flask, session_id: str) -> int:
    with app.app_context():
        found = store.load(get_db(), session_id)
        assert found is not None
        return found.version


@pytest.mark.parametrize("fetch", [False, True])
@pytest.mark.parametrize("before", [5, 6, 27])  # mid-block, the block's last, the session's
def test_a_tournament_save_scores_once_and_the_next_page_reads_it(
    app: Flask,
    client: FlaskClient,
    jobs: list[object],
    monkeypatch: pytest.MonkeyPatch,
    before: int,
    fetch: bool,
) -> None:
    session_id, computed = _tournament(client, before)
    hand = computed[before]
    headers = {"X-Requested-With": "fetch"} if fetch else {}
    calls = counted(monkeypatch, barbu_sessions.score_session)
    saved = client.post(
        f"/s/{session_id}/hand/{before + 1}",
        data=MultiDict(_hand_form(hand, _version(app, session_id))),
        headers=headers,
    )
    assert saved.status_code == (200 if fetch else 302), saved.get_data(as_text=True)[:300]
    assert len(calls) == 1  # the store's check, inside the write
    page = client.get(f"/s/{session_id}")
    assert page.status_code == 200 and f"Hand {before + 1} saved" in page.get_data(as_text=True)
    assert len(calls) == 1  # the next page read the write's scoring
    # the sheet rendered ahead after the save, at once when it finished the session
    assert [urgent for _job, urgent in jobs] == [before in (6, 27)]  # type: ignore[misc]
    # what the pages read is exactly what scoring the stored session gives
    with app.app_context():
        stored = store.load(get_db(), session_id)
        assert stored is not None
        kept = app.extensions["barbu_scored"].peek(("scored", session_id, stored.version))
        assert kept == barbu_sessions.score_session(
            stored.scheme,
            stored.first_declarer,
            [read_hand(e, i + 1) for i, e in enumerate(stored.entries)],
        )


def test_a_hand_given_with_facts_raw_and_doubles_in_any_order_is_kept_as_stored(
    app: Flask, client: FlaskClient
) -> None:
    """The session kept after a write equals the stored session scored afresh, also when
    the hand came with its raw scores beside its facts and doubles out of turn order."""
    session_id, _computed = _tournament(client, 0)
    first = session_document("tournament", 5)["first_declarer"]
    hand = {
        "contract": "no_tricks",
        "facts": {"tricks": [4, 3, 3, 3]},
        "raw": [-8, -6, -6, -6],
        "doubles": [[(first + seat) % 4, first] for seat in (3, 1, 2)],
    }
    entry = barbu_sessions.HandEntry(**{k: v for k, v in hand.items()})  # type: ignore[arg-type]
    with app.app_context():
        written = store.record_hand(get_db(), session_id, 1, entry, "scorer")
        stored = store.load(get_db(), session_id)
        assert isinstance(written, Written) and written.added
        assert stored is not None and written.version == stored.version
        assert written.scored == stored.score()


def test_a_beat_prepares_no_sheet_and_scores_nothing(
    app: Flask, client: FlaskClient, jobs: list[object], monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id, _computed = _tournament(client, 27)
    calls = counted(monkeypatch, barbu_sessions.score_session)
    client.post(f"/s/{session_id}/beat", data={"pending": "0"})
    assert calls == [] and jobs == []


def _bridge(client: FlaskClient, deals: int) -> tuple[str, list[dict[str, Any]]]:
    doc = json.loads(BRIDGE.read_text(encoding="utf-8"))
    body = {**{k: v for k, v in doc.items() if k != "id"}, "deals": doc["deals"][:deals]}
    made = client.post("/api/sessions", json=body).get_json()
    assert client.get(f"/b/{made['id']}/k/{made['edit_key']}").status_code == 302
    return made["id"], doc["deals"]


@pytest.mark.parametrize("fetch", [False, True])
@pytest.mark.parametrize("before", [3, 15])
def test_a_barbu_bridge_save_scores_once_and_the_next_page_reads_it(
    app: Flask,
    client: FlaskClient,
    jobs: list[object],
    monkeypatch: pytest.MonkeyPatch,
    before: int,
    fetch: bool,
) -> None:
    session_id, deals = _bridge(client, before)
    with app.app_context():
        found = bridge_store.load(get_db(), session_id)
        assert found is not None
        version = found.version
    data = MultiDict(form_from_deal(deals[before]))
    data.update({"number": str(before + 1), "version": str(version), "action": "save"})
    headers = {"X-Requested-With": "fetch"} if fetch else {}
    calls = counted(monkeypatch, bridge_document.compute_bridge_document)
    saved = client.post(f"/b/{session_id}/deal/{before + 1}", data=data, headers=headers)
    assert saved.status_code == (200 if fetch else 302), saved.get_data(as_text=True)[:300]
    assert len(calls) == 1
    assert client.get(f"/b/{session_id}").status_code == 200
    assert len(calls) == 1
    assert [urgent for _job, urgent in jobs] == [before == 15]  # type: ignore[misc]
    with app.app_context():
        stored = bridge_store.load(get_db(), session_id)
        assert stored is not None
        kept = app.extensions["barbu_scored"].peek(("scored", session_id, stored.version))
        assert kept == stored.score()


@pytest.mark.parametrize("seen", [False, True])
def test_a_save_after_the_page_scores_the_new_hand_alone(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, seen: bool
) -> None:
    """The scorer's page scored the version before: the save goes on from that scoring and
    checks its new hand alone (without it, every hand again); the same figures either way."""
    session_id, computed = _tournament(client, 12)
    if seen:
        assert client.get(f"/s/{session_id}").status_code == 200
    calls = counted(monkeypatch, barbu_sessions.score_hand)
    version = _version(app, session_id)
    saved = client.post(
        f"/s/{session_id}/hand/13", data=MultiDict(_hand_form(computed[12], version))
    )
    assert saved.status_code == 302
    assert len(calls) == (1 if seen else 13)
    # the next save at once (the outbox's): on from the scoring the first save kept
    form = _hand_form(computed[13], _version(app, session_id))
    assert client.post(f"/s/{session_id}/hand/14", data=MultiDict(form)).status_code == 302
    assert len(calls) == (2 if seen else 14)
    with app.app_context():
        stored = store.load(get_db(), session_id)
        assert stored is not None
        kept = app.extensions["barbu_scored"].peek(("scored", session_id, stored.version))
        assert kept == stored.score()
