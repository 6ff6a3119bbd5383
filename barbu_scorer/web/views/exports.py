"""Exports (JSON, CSV) for anyone with the watch link, and importing a document."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from barbu_scorer.games import Game, Stored, game_of_document, import_document, load
from barbu_scorer.paper.exports import document_json
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import read_json
from barbu_scorer.store.language import session_language
from barbu_scorer.web.db import get_db
from barbu_scorer.web.language import in_language
from barbu_scorer.web.pdf_cache import Busy, PdfCache
from barbu_scorer.web.views.access import remember, scheme_lookup

bp = Blueprint("exports", __name__)


class ImportForm(FlaskForm):
    """A session document, as a file or pasted."""

    file = FileField()
    text = TextAreaField()


def _found_or_404(session_id: str) -> tuple[Game, Stored]:
    found = load(get_db(), session_id)
    if found is None:
        abort(404)
    return found


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/w/<session_id>/session.json")
def export_json(session_id: str) -> Response:
    """The session document with every computed field (either game)."""
    _game, stored = _found_or_404(session_id)
    doc = stored.document()
    return _download(document_json(doc), "application/json", f"barbu-{session_id}.json")


@bp.get("/w/<session_id>/session.csv")
def export_csv(session_id: str) -> Response:
    """For spreadsheets: one row per hand per player, or per deal per side (Barbu Bridge)."""
    game, stored = _found_or_404(session_id)
    body = game.csv(stored.document())
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
            doc = read_json(raw)
        except ScoringError as problem:
            error = _("This is not a JSON session document: %(why)s", why=problem.message)
        else:
            try:
                session_id, key = import_document(get_db(), doc, scheme_lookup())
            except ScoringError as problem:
                error = _("Nothing was imported: %(why)s", why=str(problem))
            else:
                remember(session_id, key)
                flash(_("Session imported."), "ok")
                scorer = game_of_document(doc).pages.scorer
                return redirect(url_for(scorer, session_id=session_id))
    return render_template("session/import.html", form=form, error=error)


def paper_arg() -> str:
    """The ?paper= of a PDF address: A4 (the default) or Letter; anything else is a 400."""
    paper = request.args.get("paper", "A4")
    if paper.casefold() not in ("a4", "letter"):
        abort(400, description=_("The paper is A4 or Letter."))
    return paper


def sheet_response(session_id: str) -> Response:
    """The printed sheet of either game as a PDF (?paper=A4 or Letter)."""
    game, stored = _found_or_404(session_id)
    paper = paper_arg()
    cache = current_app.extensions.setdefault("barbu_pdf_cache", PdfCache())
    language = session_language(get_db(), session_id)  # the sheet speaks the session's
    key = (session_id, stored.version, stored.name, stored.created, paper.casefold(), game.format)
    key = (*key, language)

    def printed() -> bytes:
        with in_language(language):
            return game.pdf(
                stored.document(), stored.name or None, stored.created[:10], paper, True
            )

    try:
        pdf = cache.get(session_id, key, printed)
    except Busy:
        abort(503, description=_("Many sheets are being printed: try again in a moment."))
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="barbu-{session_id}.pdf"'
    return response


@bp.get("/w/<session_id>/sheet.pdf")
def sheet(session_id: str) -> Response:
    """The score sheet as a PDF: anyone with the watch link may print it."""
    return sheet_response(session_id)
