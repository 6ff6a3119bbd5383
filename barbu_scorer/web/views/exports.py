"""Exports (JSON, CSV) for anyone with the watch link, and importing a document."""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from barbu_scorer.games import export_document, import_document
from barbu_scorer.paper.exports import bridge_csv, document_csv, document_json
from barbu_scorer.scoring.bridge.document import FORMAT as BRIDGE_FORMAT
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.web.db import get_db
from barbu_scorer.web.views.access import remember, scheme_lookup
from barbu_scorer.web.views.sessions import stored_or_404

bp = Blueprint("exports", __name__)


class ImportForm(FlaskForm):
    """A session document, as a file or pasted."""

    file = FileField()
    text = TextAreaField()


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/w/<session_id>/session.json")
def export_json(session_id: str) -> Response:
    """The session document with every computed field (either game)."""
    doc = export_document(get_db(), session_id)
    if doc is None:
        abort(404)
    return _download(document_json(doc), "application/json", f"barbu-{session_id}.json")


@bp.get("/w/<session_id>/session.csv")
def export_csv(session_id: str) -> Response:
    """For spreadsheets: one row per hand per player, or per deal per side (Barbu Bridge)."""
    doc = export_document(get_db(), session_id)
    if doc is None:
        abort(404)
    body = bridge_csv(doc) if doc["format"] == BRIDGE_FORMAT else document_csv(doc)
    return _download(body, "text/csv; charset=utf-8", f"barbu-{session_id}.csv")


@bp.route("/import", methods=["GET", "POST"])
def import_session() -> str | Response:
    """Recreate a session from an exported document; an invalid one is refused whole."""
    form = ImportForm()
    error = None
    if form.validate_on_submit():
        upload = request.files.get("file")
        raw = upload.read() if upload and upload.filename else (form.text.data or "").encode()
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as problem:
            error = _("This is not a JSON session document: %(why)s", why=str(problem))
        else:
            try:
                session_id, key = import_document(get_db(), doc, scheme_lookup())
            except ScoringError as problem:
                error = _("Nothing was imported: %(why)s", why=str(problem))
            else:
                remember(session_id, key)
                flash(_("Session imported."), "ok")
                return redirect(url_for("sessions.scorer", session_id=session_id))
    return render_template("session/import.html", form=form, error=error)


def paper_arg() -> str:
    """The ?paper= of a PDF address: A4 (the default) or Letter; anything else is a 400."""
    paper = request.args.get("paper", "A4")
    if paper.casefold() not in ("a4", "letter"):
        abort(400, description=_("The paper is A4 or Letter."))
    return paper


def sheet_response(session_id: str) -> Response:
    """The printed sheet of either game as a PDF (?paper=A4 or Letter)."""
    from barbu_scorer.paper.pad import pad_pdf
    from barbu_scorer.paper.pdf import sheet_pdf
    from barbu_scorer.store import bridge as bridge_store

    bridge = bridge_store.load(get_db(), session_id)
    stored = bridge or stored_or_404(session_id)
    paper = paper_arg()
    name, date = stored.name or None, stored.created[:10]
    if bridge is not None:
        pdf = pad_pdf(bridge.document(), name=name, date=date, paper=paper)
    else:
        pdf = sheet_pdf(stored.document(), name=name, date=date, paper=paper)
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="barbu-{session_id}.pdf"'
    return response


@bp.get("/w/<session_id>/sheet.pdf")
def sheet(session_id: str) -> Response:
    """The score sheet as a PDF: anyone with the watch link may print it."""
    return sheet_response(session_id)
