"""The director's console form for people changing: a late arrival, a departure, a
substitute (the rule in ``scoring.event.changes``, stored by ``store.people``)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.flashes import event_changed
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.people import PeopleChange, change_people
from barbu_scorer.store.rows import Stale
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import require_director
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.forms.events import PeopleForm

bp = Blueprint("event_people", __name__)


@bp.post("/e/<event_id>/people")
def change(event_id: str) -> Response:
    """Apply the change from the round after the one in play, then back to the console."""
    event = event_or_404(event_id)
    key = require_director(event_id)
    form = PeopleForm()
    back = redirect(url_for("events.console", event_id=event_id))
    if not form.validate_on_submit():
        flash(_("Say who arrives, who leaves, or who takes whose seat."), "error")
        return back
    try:
        change_people(
            get_db(), event, PeopleChange(*form.change()), key, "director", form.version.data
        )
    except Stale:
        flash(event_changed(), "error")
    except ScoringError as problem:
        flash(_("Nothing changed: %(why)s", why=str(problem)), "error")
    else:
        flash(_("Done: the seating changes from round %(n)s.", n=event.round + 1), "ok")
    return back
