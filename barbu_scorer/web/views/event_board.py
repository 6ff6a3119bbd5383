"""The club night for everyone: the leaderboard (phones and TV), the live poll, the
results page and PDF, the table cards (the director's), the JSON export and import."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.paper.cards import cards_pdf
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.document import read_event
from barbu_scorer.scoring.text import read_json
from barbu_scorer.store.event_reads import event_version
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import is_director, keep_director, require_director
from barbu_scorer.web.event_data import console_version, gather
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.event_paper import event_export, import_event, table_cards
from barbu_scorer.web.forms.events import EventImportForm
from barbu_scorer.web.links import external
from barbu_scorer.web.once import created_once, made
from barbu_scorer.web.prints import results_response

bp = Blueprint("event_board", __name__)


def _pdf(body: bytes, filename: str) -> Response:
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@bp.get("/e/<event_id>/live")
def live(event_id: str) -> Response:
    """One tag for the whole event (it and every table's session); 304 while unchanged."""
    tagged = console_version if request.args.get("phones") else event_version
    tag = tagged(get_db(), event_id) if len(event_id) <= 40 else None
    if tag is None:
        abort(404)
    response = jsonify({"version": tag, "ended": False})
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


def _board(event_id: str, template: str) -> str:
    event = event_or_404(event_id)
    method = request.args.get("by")
    view = gather(get_db(), event, method if method in ("total", "placing") else None)
    return render_template(
        template,
        v=view,
        e=event,
        version=event_version(get_db(), event_id),
        watch_link=external("event_board.leaderboard", event_id=event_id),
        director=is_director(event_id),
        by=method,
        evenings=[
            url_for("evening.page", event_id=event_id, number=n)
            for n in range(1, len(event.players) + 1)
        ],
    )


@bp.get("/e/<event_id>")
def leaderboard(event_id: str) -> str:
    """The live ranking across tables, on the phones (read-only)."""
    return _board(event_id, "event/leaderboard.html")


@bp.get("/e/<event_id>/tv")
def tv(event_id: str) -> str:
    """The live ranking, large, for a TV."""
    return _board(event_id, "event/tv.html")


@bp.get("/e/<event_id>/results")
def results(event_id: str) -> str:
    """The results: the ranking, then every table's score."""
    return _board(event_id, "event/results.html")


@bp.get("/e/<event_id>/results.pdf")
def results_file(event_id: str) -> Response:
    """The results as PDF: the ranking, then each table's sheet (once per version)."""
    return results_response(event_id)


@bp.get("/e/<event_id>/cards.pdf")
def cards(event_id: str) -> Response:
    """The table cards (the director's: they carry the scorers' links). ``?round=all``
    prints every round, ``?round=left`` the round in play and those after it (the new
    cards after people changed); by default the round in play (the next one once it is
    closed)."""
    event = event_or_404(event_id)
    key = require_director(event_id)
    asked = request.args.get("round")
    first = 1 if asked == "all" else event.round
    wanted = range(first, event.rounds + 1 if asked in ("all", "left") else event.round + 1)
    body = cards_pdf(
        event.name, event.date, table_cards(get_db(), event, key, wanted), event.rounds
    )
    return _pdf(body, f"event-{event_id}-cards.pdf")


@bp.get("/e/<event_id>/event.json")
def export(event_id: str) -> Response:
    """The whole event as one JSON document (no keys in it)."""
    event = event_or_404(event_id)
    body = json.dumps(event_export(get_db(), event), ensure_ascii=False, indent=1)
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="event-{event_id}.json"'
    return response


@bp.route("/events/import", methods=["GET", "POST"])
def import_page() -> Any:
    """Recreate an event from its JSON document; one wrong table refuses the whole."""
    form = EventImportForm()
    error = None
    if form.validate_on_submit():
        upload = request.files.get("file")
        raw = upload.read() if upload and upload.filename else (form.text.data or "").encode()
        try:
            doc = read_event(read_json(raw), scheme_lookup())
            event_id, key, _fresh = created_once(lambda: made(import_event(get_db(), doc)))
        except ScoringError as problem:
            error = _("Nothing was imported: %(why)s", why=str(problem))
        else:
            keep_director(event_id, key)
            flash(_("Event imported."), "ok")
            return redirect(url_for("events.console", event_id=event_id))
    elif request.method == "POST":
        error = _("Choose a file or paste the document.")
    return render_template("event/import.html", form=form, error=error), 400 if error else 200
