"""What the pages share: a stored thing or a 404 page, and for the Tournament and Barbu
Bridge pages the first seat of a new session, the undo in the scorer's menu, what a save
tells the scorer, and the history page."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlite_utils import Database
from werkzeug.wrappers import Response

from barbu_scorer.games import game_of_session, page_for
from barbu_scorer.present.closed import session_ended
from barbu_scorer.present.flashes import session_changed
from barbu_scorer.present.history import Describe, history_lines
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.units import Unit
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store.bridge import StoredBridge
from barbu_scorer.store.reads import history
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import StoredSession, load
from barbu_scorer.web.access import scorer_label
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.common import VersionForm

Undo = Callable[[Database, str, int, str, int | None], None]
Page = TypeVar("Page")
Found = TypeVar("Found")


class Stored(Protocol):
    """A stored session of either game, as far as these pages need it."""

    @property
    def id(self) -> str: ...

    @property
    def ended_after(self) -> int | None: ...


def or_404(found: Found | None) -> Found:
    """``found``, or a 404 page when there is none."""
    if found is None:
        abort(404)
    return found


def first_seat(chosen: str | None, players: int) -> tuple[int, bool]:
    """The seat the new-session form chose to start, or one drawn at random (then True);
    400 for a seat that is not at the table."""
    drawn = chosen in (None, "", "random")
    if not drawn and chosen not in [str(seat) for seat in range(players)]:
        abort(400)
    return (secrets.randbelow(players) if drawn else int(str(chosen))), drawn


def undo_last(undo: Undo, session_id: str, number: int, done: str, scorer: str) -> Response:
    """Undo entry ``number`` (the last) with ``undo``, guarded by the version the menu was
    drawn from; flash ``done`` or why not, and go back to the ``scorer`` page."""
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        undo(get_db(), session_id, number, scorer_label(), form.version.data)
    except Stale:
        flash(session_changed(), "error")
    except Conflict as error:
        flash(str(error), "error")
    else:
        flash(done, "ok")
    return redirect(url_for(scorer, session_id=session_id))


def saved(
    write: Callable[[], str],
    refused: Callable[[ScoringError], Page],
    form_url: str,
    session_url: str,
) -> Page | Response:
    """Store an entry from its form: ``write`` stores it and says what to flash. A page drawn
    before someone else's change goes back to the form, a conflict to the session, and
    ``refused`` draws the form again with the rules' reason."""
    try:
        flash(write(), "ok")
    except Stale:
        flash(
            _(
                "Someone else changed this session while you were entering: here it is as it"
                " stands now. Please check and enter again."
            ),
            "error",
        )
        return redirect(form_url)
    except Conflict as error:
        flash(_("Not saved: %(why)s. Here is the session as it stands.", why=str(error)), "error")
    except ScoringError as error:
        return refused(error)
    return redirect(session_url)


def history_page(
    template: str, stored: Stored, unit: Unit, describe: Describe, owner: str | None
) -> str:
    """The session's history page: every change, newest first, who, what and when (the
    phone that started it named after its ``owner``, when the game knows who that is)."""
    changes = history_lines(history(get_db(), stored.id), unit, describe, owner)
    return render_template(template, stored=stored, changes=changes)


@dataclass(frozen=True)
class Progress:
    """Where a session stands, for a form about to open on entry ``number``."""

    session_id: str
    ended_after: int | None
    recorded: int
    total: int
    number: int


def refuse_ended(at: Progress, unit: Unit, sheet: str, scorer: str) -> None:
    """For a form opened (GET) on an ended session, or past the last entry of a complete
    one: a page that says so and links the session's ``sheet`` and ``scorer`` pages (their
    endpoints), 409, never a bare 404. A POST goes
    on to the store, which refuses it in the words the page's script shows."""
    complete = at.recorded >= at.total and at.number > at.total
    if request.method != "GET" or (at.ended_after is None and not complete):
        return
    after = at.recorded if at.ended_after is None else at.ended_after
    sheet, back = (url_for(page, session_id=at.session_id) for page in (sheet, scorer))
    closed = session_ended(after, unit, sheet, back)
    abort(make_response(render_template("closed.html", closed=closed), 409))


def bridge_or_404(session_id: str) -> StoredBridge:
    """The stored Barbu Bridge session, or a 404 page."""
    return or_404(bridge_store.load(get_db(), session_id))


def stored_or_404(session_id: str) -> StoredSession:
    """The stored Tournament session, or a 404 page; a session of another game reached
    through one of these pages goes to its game's own page."""
    stored = load(get_db(), session_id)
    if stored is None:
        game = game_of_session(get_db(), session_id)
        page = page_for(request.endpoint or "", game) if game is not None else None
        if page and page != request.endpoint and request.method == "GET":
            abort(redirect(url_for(page, **(request.view_args or {}))))
        abort(404)
    return stored
