"""Notes on a session and its hands (deals), either game: the scorer's "Note" form posts
here; every session page prints the notes through ``session_notes``.

A note is written by the holder of the session's edit key only, guarded by the version
the page was drawn from, charged to the client's budget of notes (``web/budgets.py``)
and refused with the rules' reason (flashed; nothing stored) when it is too long, has
too many lines or holds a control character.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, url_for
from werkzeug.wrappers import Response
from wtforms import IntegerField, TextAreaField
from wtforms.validators import InputRequired, NumberRange

from barbu_scorer.games import game_of_session
from barbu_scorer.present.flashes import note_refused, note_saved, session_changed
from barbu_scorer.present.notes import NotesView, notes_view
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.notes import MAX_NOTE
from barbu_scorer.scoring.text import MAX_FIGURE
from barbu_scorer.store.notes import notes_of, recorded, write_note
from barbu_scorer.store.rows import Stale
from barbu_scorer.web.access import require_edit, scorer_label
from barbu_scorer.web.budgets import stored
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.common import VersionForm

bp = Blueprint("notes", __name__)


class NoteForm(VersionForm):
    """A note: what it is on (0: the session), its text ("" removes it)."""

    number = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_FIGURE)])
    # The rules bound the text; the form only keeps a huge post from being read on.
    text = TextAreaField(default="")


def _write(session_id: str) -> Response:
    game = game_of_session(get_db(), session_id)
    if game is None:
        abort(404)
    require_edit(session_id)
    form = NoteForm()
    if not form.validate_on_submit() or len(form.text.data or "") > MAX_NOTE * 4:
        abort(400)
    text = form.text.data or ""
    number, version = int(form.number.data or 0), form.version.data
    try:
        written = stored(
            "notes",
            lambda: write_note(
                get_db(), session_id, number, text, scorer_label(), version, game.unit
            ),
        )
    except Stale:
        flash(session_changed(), "error")
    except ScoringError as error:
        flash(note_refused(error.message), "error")
    else:
        if written:
            flash(note_saved(removed=not text.strip()), "ok")
    return redirect(url_for(game.pages.scorer, session_id=session_id))


@bp.post("/s/<session_id>/note")
def note(session_id: str) -> Response:
    """Write (or remove) a note on a Tournament session or one of its hands."""
    return _write(session_id)


@bp.post("/b/<session_id>/note")
def bridge_note(session_id: str) -> Response:
    """Write (or remove) a note on a Barbu Bridge session or one of its deals."""
    return _write(session_id)


@bp.app_template_global()
def session_notes(session_id: str) -> NotesView:
    """The session's notes as its pages print them, with the scorer form's choices."""
    db = get_db()
    game = game_of_session(db, session_id)
    if game is None:
        abort(404)
    return notes_view(notes_of(db, session_id), recorded(db, session_id), game.unit)
