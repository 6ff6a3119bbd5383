"""Starting a Barbu Bridge session: four names from North clockwise, the first dealer."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.present.flashes import started_already
from barbu_scorer.present.pad import SEAT_SIDES, SEATS
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.web.access import remember, scorer_label
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.bridge import NewBridgeForm
from barbu_scorer.web.once import created_once, made
from barbu_scorer.web.pages import first_seat

bp = Blueprint("bridge_new", __name__)


def _create(form: NewBridgeForm) -> BaseResponse | None:
    """Store the new session and open it; None, the reason on the form, when refused."""
    names = [(p.data or "").strip() for p in form.players]
    first, drawn = first_seat(form.first.data, len(SEATS))
    try:
        session_id, key, fresh = created_once(
            lambda: made(
                bridge_store.create(
                    get_db(),
                    players=names,
                    first_dealer=first,
                    name=form.name.data or "",
                    who=scorer_label(),
                    unfinished_partscore=form.unfinished_partscore.data,
                )
            )
        )
    except ScoringError as error:
        form.players.errors.append(error.message)
        return None
    remember(session_id, key)
    if not fresh:
        flash(started_already(), "ok")
    elif drawn:
        flash(_("The draw: %(name)s deals first.", name=names[first]), "draw")
    return redirect(url_for("bridge.scorer", session_id=session_id))


@bp.route("/bridge/new", methods=["GET", "POST"])
def new() -> str | BaseResponse:
    """Start a Barbu Bridge session: four names from North clockwise, the first dealer."""
    form = NewBridgeForm()
    naming = request.form.get("action") == "names"  # no script: the chips take the names
    if not naming and form.validate_on_submit() and (opened := _create(form)) is not None:
        return opened
    return render_template("bridge/new.html", form=form, seats=SEATS, seat_sides=SEAT_SIDES)
