"""The director's correction of a table's hand: the contract and raw scores, saved through
the session's own replace path with ``who`` = "director", so the table's history shows it."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from barbu_scorer.scoring.barbu.sessions import HandEntry, contracts_for
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import read_figures
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import StoredSession, load, replace_hand, same_hand
from barbu_scorer.web.cached import scored
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import require_director
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.event_paper import settle_now
from barbu_scorer.web.forms.events import CorrectionForm

bp = Blueprint("event_correct", __name__)


def _table_session(event_id: str, session_id: str) -> StoredSession:
    event = event_or_404(event_id)
    if session_id not in {t.session_id for t in event.tables}:
        abort(404)
    stored = load(get_db(), session_id)
    if stored is None:
        abort(404)
    return stored


def _fetched() -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _answer(status: str, code: int, redirect_to: str = "", error: str = "") -> Any:
    """The outbox's Save answered as JSON (static/js/outbox.js): "saved" with the console
    to go to, or "refused" / "stale" with the words to show (the entry kept on the form)."""
    html = render_template("event/_correct_answer.html", error=error) if error else ""
    return jsonify({"status": status, "html": html, "redirect": redirect_to}), code


def _settle(event_id: str) -> None:
    """Store the certified version due (``event_paper.settled``): before a correction, the
    version it changes; after it, the next version (never a silent change)."""
    settle_now(get_db(), event_or_404(event_id))


def _save(
    event_id: str, stored: StoredSession, number: int, entry: HandEntry, version: int
) -> str | None:
    """Store the director's correction (a resend of one stored already changes nothing);
    the reason it was refused, or None."""
    if same_hand(stored, number, entry):
        return None
    _settle(event_id)
    try:
        replace_hand(get_db(), stored.id, number, entry, "director", version, by_director=True)
    except ScoringError as problem:
        return problem.message
    except Stale:
        return _("The table saved a change meanwhile: check the hand again.")
    except Conflict as problem:
        return str(problem)
    _settle(event_id)
    return None


@bp.route("/e/<event_id>/t/<session_id>/hand/<int:number>", methods=["GET", "POST"])
def correct(event_id: str, session_id: str, number: int) -> Any:
    """A table's hand as the director corrects it: the form, or its Save (Post/Redirect/
    Get, or JSON to the outbox, which keeps a correction the server did not answer)."""
    require_director(event_id)
    stored = _table_session(event_id, session_id)
    session = scored(stored)
    if not 1 <= number <= len(session.hands):
        abort(404)
    hand = session.hands[number - 1]
    form = CorrectionForm(contract=hand.entry.contract, version=stored.version)
    contracts = [c.entry.contract for c in session.hands]
    form.contract.choices = [
        (c, stored.scheme.name_of(c)) for c in contracts_for(stored.scheme, contracts, number)
    ]
    error, console = None, url_for("events.console", event_id=event_id)
    if form.validate_on_submit():
        same = form.contract.data == hand.entry.contract
        raw = [request.form.get(f"raw-{seat}") for seat in range(stored.scheme.players)]
        try:
            entry = HandEntry(
                contract=form.contract.data or "",
                raw=read_figures(raw),
                doubles=[list(d) for d in hand.doubles],
                trump=hand.entry.trump if same else None,
                start_rank=hand.entry.start_rank if same else None,
            )
        except ScoringError as problem:
            error = problem.message
        else:
            error = _save(event_id, stored, number, entry, form.version.data)
        if error is None:
            flash(_("Hand %(n)s corrected: the table's history shows it.", n=number), "ok")
            return _answer("saved", 200, console) if _fetched() else redirect(console)
    elif request.method == "POST":
        error = _("Choose one of the contracts offered.")
    if error and _fetched():
        return _answer("refused", 422, error=error)
    status = 400 if error else 200
    return render_template(
        "event/correct.html",
        form=form,
        stored=stored,
        hand=hand,
        number=number,
        event_id=event_id,
        error=error,
        console=console,
    ), status
