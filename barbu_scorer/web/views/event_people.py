"""The director's console form for people changing: a late arrival, a departure, a
substitute (the rule in ``scoring.event.changes``, stored by ``store.people``; what the
form offers and when each change takes effect, ``present.people.people_offer``)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.flashes import event_changed
from barbu_scorer.present.people import done_line
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.people import PeopleChange, change_people, people_history
from barbu_scorer.store.rows import Stale
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import require_director
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.forms.events import PeopleForm

bp = Blueprint("event_people", __name__)


@bp.post("/e/<event_id>/people")
def change(event_id: str) -> Response:
    """Apply the change (a substitute at once, anything else from the next round), then
    back to the console, whose flash says when it takes effect."""
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
        lines = people_history(get_db(), event_id)
        flash(done_line(lines, event.round + 1, event.rounds == 1), "ok")
    return back
