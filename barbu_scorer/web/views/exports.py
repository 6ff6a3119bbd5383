"""Exports (JSON, CSV) for anyone with the watch link, and importing a document."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from werkzeug.wrappers import Response as BaseResponse
from wtforms import TextAreaField

from barbu_scorer.games import game_of_document, import_document, load
from barbu_scorer.paper.exports import document_json
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import read_json
from barbu_scorer.store.notes import with_notes
from barbu_scorer.web.access import remember, scheme_lookup
from barbu_scorer.web.cached import per_version
from barbu_scorer.web.db import get_db
from barbu_scorer.web.once import created_once
from barbu_scorer.web.pages import or_404
from barbu_scorer.web.sheets import sheet_response

bp = Blueprint("exports", __name__)


class ImportForm(FlaskForm):
    """A session document, as a file or pasted."""

    file = FileField()
    text = TextAreaField()


@bp.get("/w/<session_id>/session.json")
def export_json(session_id: str) -> Response:
    """The session document with every computed field (either game), cached per version."""

    def body() -> str:
        doc = or_404(load(get_db(), session_id))[1].document()
        return document_json(with_notes(get_db(), session_id, doc))

    return _named(
        per_version("json", session_id, body, mimetype="application/json"),
        f"barbu-{session_id}.json",
    )


@bp.get("/w/<session_id>/session.csv")
def export_csv(session_id: str) -> Response:
    """For spreadsheets: one row per hand per player, or per deal per side (Barbu Bridge)."""

    def body() -> str:
        game, stored = or_404(load(get_db(), session_id))
        return game.csv(with_notes(get_db(), session_id, stored.document()))

    answer = per_version("csv", session_id, body, mimetype="text/csv")
    return _named(answer, f"barbu-{session_id}.csv")


def _named(response: Response, filename: str) -> Response:
    if response.status_code == 200:
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_session() -> str | BaseResponse:
    """Recreate a session from an exported document; an invalid one is refused whole."""
    form = ImportForm()
    error = None
    if form.validate_on_submit():
        upload = request.files.get("file")
        raw = upload.read() if upload and upload.filename else (form.text.data or "").encode()
        try:
            doc = read_json(raw)
        except ScoringError as problem:
            error = _("This is not a JSON session document: %(why)s", why=problem.message)
        else:
            try:
                session_id, key, _fresh = created_once(
                    lambda: import_document(get_db(), doc, scheme_lookup())
                )
            except ScoringError as problem:
                error = _("Nothing was imported: %(why)s", why=str(problem))
            else:
                remember(session_id, key)
                flash(_("Session imported."), "ok")
                scorer = game_of_document(doc).pages.scorer
                return redirect(url_for(scorer, session_id=session_id))
    return render_template("session/import.html", form=form, error=error)


@bp.get("/w/<session_id>/sheet.pdf")
def sheet(session_id: str) -> Response:
    """The score sheet as a PDF: anyone with the watch link may print it."""
    return sheet_response(session_id)
