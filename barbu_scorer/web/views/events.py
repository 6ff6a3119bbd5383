"""The director's pages of a club night: a new event, the director's link, the console
with its round clock, the ranking method, and the correction of a table's hand."""

from __future__ import annotations

import datetime
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.event import clock_of
from barbu_scorer.present.flashes import event_changed
from barbu_scorer.present.people import change_line, next_round_players, people_offer
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.plan import EventSettings
from barbu_scorer.store import players as roster_store
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.certified import with_window
from barbu_scorer.store.events import close_round, update_clock
from barbu_scorer.store.keys import now
from barbu_scorer.store.people import movement_of, people_history
from barbu_scorer.store.rows import Stale
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import keep_director, require_director
from barbu_scorer.web.event_data import console_version, gather, new_event
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.event_paper import panel_of
from barbu_scorer.web.forms.events import ClockForm, MethodForm, NewEventForm, PeopleForm
from barbu_scorer.web.links import external
from barbu_scorer.web.once import created_once, made
from barbu_scorer.web.table_checks import console_checks

bp = Blueprint("events", __name__)


def _new_form() -> NewEventForm:
    db = get_db()
    form = NewEventForm()
    form.scheme.choices = [(s.id, s.name) for s in BUILTINS.values() if s.players == 4] + [
        (h.name, h.name) for h in scheme_store.list_schemes(db) if h.scheme.players == 4
    ]
    form.roster.choices = [(p.name, p.name) for p in roster_store.roster(db)]
    return form


def typed_names(text: str | None) -> list[str]:
    """The names typed one a line (blank lines ignored)."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


@bp.route("/events/new", methods=["GET", "POST"])
def new() -> Any:
    """A director creates a club night."""
    form = _new_form()
    if request.method == "GET" and form.date.data is None:
        form.date.data = datetime.date.today()
    if form.validate_on_submit():
        scheme = BUILTINS.get(form.scheme.data) or scheme_lookup()(form.scheme.data)
        names = [*form.roster.data, *typed_names(form.typed.data)]
        try:
            if scheme is None:
                raise refused("unknown scheme")
            settings = EventSettings(
                name=form.name.data or "",
                date=form.date.data.isoformat(),
                scheme=scheme,
                scheme_ref=scheme.id,
                fmt=form.format.data,
                method=form.method.data,
                checks=form.checks.data,
            )
            event_id, key, _fresh = created_once(
                lambda: made(
                    with_window(
                        get_db(),
                        form.window.data,
                        lambda: new_event(
                            get_db(), settings, seating=form.seating.data, players=names
                        ),
                    )
                )
            )
        except ScoringError as error:
            form.typed.errors = [*form.typed.errors, error.message]
        else:
            keep_director(event_id, key)
            flash(_("Event created: print the table cards, then start the round."), "ok")
            return redirect(url_for("events.console", event_id=event_id))
    status = 400 if request.method == "POST" else 200
    return render_template("event/new.html", form=form), status


@bp.get("/e/<event_id>/director/<key>")
def claim(event_id: str, key: str) -> Response:
    """The director's link: keep its key in this browser, then open the console."""
    from barbu_scorer.store.events import director_matches

    if not director_matches(get_db(), event_id, key):
        abort(403)
    keep_director(event_id, key)
    return redirect(url_for("events.console", event_id=event_id))


@bp.get("/e/<event_id>/console")
def console(event_id: str) -> str:
    """The director's console: every table's progress, pace, forecast, warnings."""
    event = event_or_404(event_id)
    key = require_director(event_id)
    view = gather(get_db(), event)
    people = PeopleForm()
    offer = people_offer(night_format(event.format).one_block, event.round, event.rounds)
    rounds = movement_of(event)
    playing = rounds[event.round - 1]
    upcoming = rounds[min(event.round, event.rounds - 1)]
    here = {p for r in (playing, upcoming) for t in r.tables for p in t.seats}
    here |= set(upcoming.sitting_out) if offer.next_round else set()
    people.player.choices = next_round_players(event.players, sorted(here))
    people.offer(offer.actions)
    return render_template(
        "event/console.html",
        people=people,
        offer=offer,
        changes=[change_line(c, event.rounds == 1) for c in people_history(get_db(), event_id)],
        v=view,
        panel=panel_of(get_db(), event, view),
        e=event,
        version=console_version(get_db(), event_id),
        director_link=external("events.claim", event_id=event_id, key=key),
        clock=ClockForm(),
        method=MethodForm(),
        started=clock_of(event.round_started),
        called=clock_of(event.last_call),
        **console_checks(event, view.recorded),
    )


@bp.post("/e/<event_id>/clock")
def clock(event_id: str) -> Response:
    """The round clock: start the round, call the last hand, close the round."""
    event = event_or_404(event_id)
    require_director(event_id)
    form = ClockForm()
    if not form.validate_on_submit():
        flash(_("That clock action is not one the console offers."), "error")
        return redirect(url_for("events.console", event_id=event_id))
    try:
        if form.action.data == "close":
            following = close_round(get_db(), event, form.version.data)
            flash(_("Round closed: round %(n)s is in play.", n=following), "ok")
        elif form.action.data == "start":
            update_clock(get_db(), event_id, form.version.data, round_started=now(), last_call=None)
        else:
            update_clock(get_db(), event_id, form.version.data, last_call=now())
            flash(_("Last hand called."), "ok")
    except Stale:
        flash(event_changed(), "error")
    return redirect(url_for("events.console", event_id=event_id))


@bp.post("/e/<event_id>/method")
def method(event_id: str) -> Response:
    """Choose the ranking the leaderboards show."""
    event_or_404(event_id)
    require_director(event_id)
    form = MethodForm()
    if not form.validate_on_submit():
        flash(_("Choose the event total or placing points."), "error")
    else:
        try:
            update_clock(get_db(), event_id, form.version.data, method=form.method.data)
        except Stale:
            flash(event_changed(), "error")
    return redirect(url_for("events.console", event_id=event_id))
