"""A stored event as its documents: the JSON export, the table cards, the results' sheets."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import url_for
from sqlite_utils import Database

from barbu_scorer.games import TOURNAMENT
from barbu_scorer.paper.cards import Card
from barbu_scorer.present.certified import Panel, seal_of, version_line
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.scheme_io import scheme_to_dict
from barbu_scorer.scoring.envelope import bare
from barbu_scorer.scoring.event import certify
from barbu_scorer.scoring.event.document import EventDocument, event_to_dict
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.store import certified
from barbu_scorer.store.confirmations import confirmed, event_checks
from barbu_scorer.store.event_reads import event_version
from barbu_scorer.store.events import StoredEvent, create_event, scorer_keys
from barbu_scorer.store.people import people_history
from barbu_scorer.store.rows import writing
from barbu_scorer.web.event_data import EventView, gather, ranking_json
from barbu_scorer.web.links import external


def _session_doc(db: Database, session_id: str) -> ComputedDocument:
    """A table's session (club nights are Tournament Barbu's), computed."""
    stored = TOURNAMENT.load(db, session_id)
    assert stored is not None, "an event's table always has its session"
    return stored.document()


def _table_doc(db: Database, session_id: str) -> dict[str, Any]:
    """A table's session document as the event carries it: bare, but where it ended."""
    doc = _session_doc(db, session_id)
    out = bare(doc)
    if "ended_after" in doc:
        out["ended_after"] = doc["ended_after"]
    return out


def event_export(db: Database, event: StoredEvent) -> dict[str, Any]:
    """The whole event as one document, every table's session inside it, and its
    certification block (``scoring.event.certify``: not part of what is hashed)."""
    view = gather(db, event)
    doc = _document(db, event, view)
    standing = settled(db, event, view)
    url = certified_url(event.id, standing)
    minutes = certified.window(db, event.id)[0]
    doc[certify.BLOCK] = certify.block(standing, minutes, certified.versions(db, event.id), url)
    return doc


def certified_url(event_id: str, standing: certify.Standing) -> str:
    """The read-only link of the latest certified version ("" while provisional)."""
    latest = standing.version
    if latest is None:
        return ""
    return external("event_certified.version", event_id=event_id, number=latest.number)


def settled(db: Database, event: StoredEvent, view: EventView) -> certify.Standing:
    """The results' standing now, any version due stored (``store.certified.settle``):
    the window opens when the last table ends."""
    ids = [t.session_id for t in event.tables]
    ended = certified.last_ended(db, ids) if view.final else None
    return certified.settle(
        db,
        event.id,
        ended,
        event_version(db, event.id),
        lambda: _document(db, event, view),
        datetime.now(UTC),
    )


def panel_of(db: Database, event: StoredEvent, view: EventView) -> Panel:
    """The certification panel of the results page and the console."""
    standing = settled(db, event, view)
    known = certified.versions(db, event.id)
    links = tuple(
        (version_line(v), url_for("event_certified.version", event_id=event.id, number=v.number))
        for v in reversed(known)
    )
    return Panel(
        seal_of(standing, certified_url(event.id, standing) or None),
        links,
        standing.state == "provisional",
        standing.state == "playing",
        certified.window(db, event.id)[0],
    )


def settle_now(db: Database, event: StoredEvent) -> certify.Standing:
    """``settled`` from the tables as they stand: a director's correction calls it before
    (the version it changes is stored) and after (the next version)."""
    return settled(db, event, gather(db, event))


def _document(db: Database, event: StoredEvent, view: EventView) -> dict[str, Any]:
    """The event document without its certification block: what is hashed."""
    done = confirmed(db, [t.session_id for t in event.tables])
    rounds = [
        {
            "sitting_out": list(event.sitting_out[r - 1]),
            "tables": [
                {
                    "table": t.number,
                    "seats": list(t.seats),
                    "declarer_seat": t.declarer_seat,
                    "session": _table_doc(db, t.session_id),
                    **({"confirmed": sorted(done[t.session_id])} if done[t.session_id] else {}),
                }
                for t in event.round_tables(r)
            ],
        }
        for r in range(1, event.rounds + 1)
    ]
    return event_to_dict(
        name=event.name,
        date=event.date,
        fmt=event.format,
        method=event.method,
        scheme=scheme_to_dict(event.scheme),
        players=event.players,
        rounds=rounds,
        ranking=ranking_json(view),
        round_=event.round,
        changes=people_history(db, event.id),
        checks=event_checks(db, event.id),
    )


def import_event(db: Database, doc: EventDocument) -> tuple[StoredEvent, str]:
    """Store an event document already read and checked whole, with the certified
    versions it carries (its latest SHA-256 checked against it), in one transaction."""
    with writing(db):
        made = create_event(
            db,
            doc.settings,
            players=doc.players,
            rounds=doc.rounds,
            entries=doc.entries,
            who="import",
            clock=doc.round,
            ended=doc.ended,
            changes=doc.changes,
            confirmed=doc.confirmed,
        )
        carried = doc.certified
        certified.carry(db, made[0].id, carried.minutes, carried.versions, dict(doc.body))
    return made


def table_cards(db: Database, event: StoredEvent, director_key: str, rounds: range) -> list[Card]:
    """The cards of the given rounds (1-based), with each table's scorer and watch links."""
    keys = scorer_keys(db, event.id, director_key)
    cards = []
    for t in event.tables:
        if t.round not in rounds:
            continue
        names = tuple(event.players[p] for p in t.seats)
        declarer = None if t.declarer_seat is None else names[t.declarer_seat]
        scorer = external("sessions.claim", session_id=t.session_id, key=keys.get(t.session_id, ""))
        watch = external("sessions.watch", session_id=t.session_id)
        cards.append(Card(t.round, t.number, names, declarer, scorer, watch))
    return cards


def results_sheets(db: Database, event: StoredEvent) -> list[tuple[str, ComputedDocument]]:
    """Each table's label and computed session document, in order."""

    def label(r: int, n: int) -> str:
        return night_format(event.format).label(r, n).render()

    return [(label(t.round, t.number), _session_doc(db, t.session_id)) for t in event.tables]
