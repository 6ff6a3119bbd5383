"""What the table's pages show of its checks (``store/confirmations.py``): the block of
the watch page and the scorer's page, the token of their forms, and the hand form's
refusal of a hand the table confirmed.

The watch page is cached per version for every watcher, so its forms carry ``TOKEN_MARK``
where a CSRF token goes, and each answer puts this browser's token in (``with_token``);
the views check it themselves (``token_ok``), so a page older than the token's life says
so and is drawn again, instead of a bare 400.
"""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, jsonify, make_response, render_template, request, url_for
from flask_wtf.csrf import generate_csrf, validate_csrf
from werkzeug.wrappers import Response
from wtforms.validators import ValidationError

from barbu_scorer.present.checks import (
    TableChecks,
    TableState,
    call_line,
    confirmed_page,
    earlier_line,
    table_checks,
    unconfirmed_line,
)
from barbu_scorer.present.history import barbu_entry
from barbu_scorer.scoring.event.checks import called_hand, edit_refusal, pending
from barbu_scorer.store.confirmations import (
    confirmed,
    event_calls,
    event_checks,
    open_call,
    table_of,
)
from barbu_scorer.store.events import StoredEvent
from barbu_scorer.store.sessions import StoredSession
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.checks import CHECK_WORDS, AnswerForm, ChecksForm

TOKEN_MARK = "__table-checks-token__"


def table_state(stored: StoredSession) -> TableState | None:
    """The table's setting, confirmations and open call; None for a session of no event."""
    db = get_db()
    table = table_of(db, stored.id)
    if table is None:
        return None
    call = open_call(db, stored.id)
    return TableState(
        table.checks,
        stored.entries,
        confirmed(db, [stored.id])[stored.id],
        call.at if call else None,
        call.number if call else None,
        table.round <= table.in_play,
        called_hand(len(stored.entries), stored.scheme.hands, None),
    )


def checks_of(stored: StoredSession, scorer: bool) -> TableChecks | None:
    """The watch page's (or the scorer page's) block of checks, or None off an event."""
    state = table_state(stored)
    if state is None:
        return None
    return table_checks(state, barbu_entry(stored.scheme, stored.players), scorer)


def with_token(response: Response) -> Response:
    """``response`` with this browser's CSRF token where the cached page has the mark."""
    if response.status_code == 200 and response.mimetype == "text/html":
        body = response.get_data(as_text=True)
        if TOKEN_MARK in body:
            response.set_data(body.replace(TOKEN_MARK, generate_csrf()))
    return response


def token_ok() -> bool:
    """Whether the posted CSRF token is this browser's and still valid (always, where the
    app turned CSRF off, as CSRFProtect does)."""
    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return True
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError:
        return False
    return True


def refuse_fetch(stored: StoredSession, text: str) -> None:
    """A 409 in JSON for the hand page's script and its outbox (which keep the hand and
    show ``text``), when the request came from it; else nothing."""
    if request.headers.get("X-Requested-With") == "fetch":
        html = render_template("session/_preview.html", stored=stored, result=None, error=text)
        answer = jsonify({"status": "refused", "html": html, "version": stored.version})
        answer.status_code = 409
        abort(answer)


def refuse_confirmed_form(stored: StoredSession, number: int) -> None:
    """A 409 for the scorer's form of a hand the table confirmed (JSON for the page's
    script and its outbox): only the director changes it now."""
    if number > len(stored.entries) or table_of(get_db(), stored.id) is None:
        return
    done = confirmed(get_db(), [stored.id])[stored.id]
    reason = edit_refusal(number, done, by_director=False)
    if reason is None:
        return
    text = str(reason)
    refuse_fetch(stored, text)
    back = url_for("sessions.scorer", session_id=stored.id)
    page = render_template("closed.html", closed=confirmed_page(text, back))
    abort(make_response(page, 409))


def console_checks(event: StoredEvent, recorded: dict[str, int]) -> dict[str, Any]:
    """What the director's console shows of the checks: the setting (and its form while no
    hand is saved), the calls (open ones with their answer button, then the answered),
    each table's hands not confirmed yet (``recorded``: each table's hands saved)."""
    db, session_ids = get_db(), [t.session_id for t in event.tables]
    setting = event_checks(db, event.id)
    many = event.rounds > 1
    done = confirmed(db, session_ids)
    waiting = {
        sid: unconfirmed_line(pending(recorded.get(sid, 0), done[sid], setting))
        for sid in session_ids
    }
    calls = [
        (c, call_line(c.id, c.round if many else None, c.table, c.number, c.at, c.answered))
        for c in event_calls(db, event.id)
    ]
    form = ChecksForm(checks=setting)
    return {
        "checks_said": dict(CHECK_WORDS)[setting],
        "checks_form": form if sum(recorded.values()) == 0 else None,
        "answer_form": AnswerForm(),
        "calls_open": [line for c, line in calls if c.answered is None],
        "calls_done": [line for c, line in calls if c.answered is not None],
        "calls_mark": max((c.id for c, _line in calls if c.answered is None), default=0),
        "to_confirm": waiting,
        "earlier_to_confirm": [
            earlier_line(t.round, t.number, waiting[t.session_id])
            for t in event.tables
            if t.round < event.round and waiting[t.session_id]
        ],
    }
