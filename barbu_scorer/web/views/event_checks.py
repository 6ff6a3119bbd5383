"""The table verifies, and calls the director: a hand confirmed from the table's watch
page, a call from its watch or scorer page, the director's answer and the event's setting
on the console. Each is a POST with its CSRF token, rate-limited as a write
(``web/security.CREATING``); the rules are ``scoring.event.checks``."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.flashes import event_changed
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.checks import called_hand
from barbu_scorer.store.confirmations import (
    answer_call,
    call_director,
    confirm_hand,
    set_checks,
    table_of,
)
from barbu_scorer.store.rows import Stale
from barbu_scorer.web.access import can_edit, device_sessions, scorer_label
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import is_director, require_director
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.extensions import csrf
from barbu_scorer.web.forms.checks import AnswerForm, CallForm, ChecksForm, ConfirmForm
from barbu_scorer.web.pages import stored_or_404
from barbu_scorer.web.table_checks import token_ok

bp = Blueprint("event_checks", __name__)


def _table_phone() -> str:
    """Who the history names for a watcher's confirmation or call ("table · phone 3f2a")."""
    return "table · " + scorer_label().split(" · ")[-1]


def _refused(problem: ScoringError) -> None:
    """The rule's refusal flashed as a sentence."""
    text = problem.message
    flash(text[:1].upper() + text[1:] + ".", "error")


def _old_page(back: str) -> Response:
    flash(_("This page was old: here it is as it stands now. Tap again."), "error")
    return redirect(back)


@bp.post("/w/<session_id>/confirm")
def confirm(session_id: str) -> Response:
    """The next player confirms a hand on the table's watch page (not the scorer's phone;
    a browser that opened this table's watch page; the hand as the page showed it). The
    director's browser may too (a table with one phone), scorer or not: "director"."""
    stored_or_404(session_id)
    watch = url_for("sessions.watch", session_id=session_id)
    if not token_ok():
        return _old_page(watch)
    form = ConfirmForm()
    if not form.validate():
        abort(400)
    number = form.number.data or 0
    table = table_of(get_db(), session_id)
    director = table is not None and is_director(table.event_id)
    if session_id not in device_sessions():
        flash(_("Open this table's watch page on your phone to confirm its hands."), "error")
        return redirect(watch)
    try:
        done = confirm_hand(
            get_db(),
            session_id,
            number,
            form.seen.data or "",
            "director" if director else _table_phone(),
            scorer=can_edit(session_id) and not director,
        )
    except ScoringError as problem:
        _refused(problem)
    else:
        said = (
            _("Hand %(n)s confirmed.", n=number)
            if done
            else _("Hand %(n)s was confirmed.", n=number)
        )
        flash(said, "ok")
    return redirect(watch)


@bp.post("/w/<session_id>/call")
def call(session_id: str) -> Response:
    """Call the director to the table, from its watch page or its scorer's page; the call
    names the hand posted (one to confirm) or the hand in play."""
    stored = stored_or_404(session_id)
    scorer = can_edit(session_id)
    page = (
        "sessions.scorer" if scorer and request.form.get("back") == "scorer" else "sessions.watch"
    )
    back = url_for(page, session_id=session_id)
    if not token_ok():
        return _old_page(back)
    form = CallForm()
    if not form.validate():
        abort(400)
    number = called_hand(len(stored.entries), stored.scheme.hands, form.number.data)
    who = scorer_label() if scorer else _table_phone()
    try:
        call_director(get_db(), session_id, number, who)
    except ScoringError as problem:
        _refused(problem)
    else:
        flash(_("The director is called: they are coming."), "ok")
    return redirect(back)


for _view in (confirm, call):  # their token is checked by the view: token_ok
    csrf.exempt(_view)


@bp.post("/e/<event_id>/calls/<int:call_id>/answer")
def answer(event_id: str, call_id: int) -> Response:
    """The director has answered a table's call (the console's button)."""
    event_or_404(event_id)
    require_director(event_id)
    if not AnswerForm().validate_on_submit():
        abort(400)
    if answer_call(get_db(), event_id, call_id):
        flash(_("Call answered."), "ok")
    return redirect(url_for("events.console", event_id=event_id))


@bp.post("/e/<event_id>/checks")
def setting(event_id: str) -> Response:
    """The director changes the event's table checks, before any table saved a hand."""
    event_or_404(event_id)
    require_director(event_id)
    form = ChecksForm()
    if not form.validate_on_submit():
        flash(_("Choose one of the settings the console offers."), "error")
        return redirect(url_for("events.console", event_id=event_id))
    try:
        set_checks(get_db(), event_id, form.checks.data or "", form.version.data)
    except ScoringError as problem:
        _refused(problem)
    except Stale:
        flash(event_changed(), "error")
    else:
        flash(_("Table checks saved."), "ok")
    return redirect(url_for("events.console", event_id=event_id))
