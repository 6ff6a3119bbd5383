"""A table session of rotating blocks plays one block: once its round's hands are saved,
the scorer's page says the round is complete (and where the next seating is), and the hand
form refuses the hand after it (409), as the store does."""

from __future__ import annotations

from dataclasses import dataclass

from flask import abort, make_response, render_template, url_for

from barbu_scorer.present.closed import round_complete
from barbu_scorer.scoring.messages import say
from barbu_scorer.store.event_reads import beyond_the_round, round_limit
from barbu_scorer.store.sessions import StoredSession
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import is_director
from barbu_scorer.web.table_checks import refuse_confirmed_form, refuse_fetch


@dataclass(frozen=True)
class RoundDone:
    """The scorer page's "round complete" block: the round, and the links it offers."""

    round: int
    cards: str | None
    """The round's table cards (only for the browser that holds the director's key)."""
    leaderboard: str


def round_done(stored: StoredSession) -> RoundDone | None:
    """The block for a table whose round is complete (its due hands saved), else None."""
    limit = round_limit(get_db(), stored.id)
    if limit is None or stored.ended_after is not None or len(stored.entries) < limit.due:
        return None
    director = is_director(limit.event_id)
    cards = url_for("event_board.cards", event_id=limit.event_id) if director else None
    return RoundDone(
        limit.round, cards, url_for("event_board.leaderboard", event_id=limit.event_id)
    )


def refuse_beyond_round(stored: StoredSession, number: int) -> None:
    """A 409 for the hand form of a hand beyond the table's round (JSON for the page's
    script and its outbox, which keep the hand and show the reason)."""
    if number <= len(stored.entries):
        refuse_confirmed_form(stored, number)  # a hand the table confirmed: the director's
        return
    reason = beyond_the_round(get_db(), stored.id, number)
    if not reason:
        return
    text = str(reason)
    refuse_fetch(stored, text)
    done = round_done(stored)
    links: tuple[tuple[str, str], ...] = (
        ((say("The event's ranking"), done.leaderboard),) if done else ()
    )
    links += ((say("Back to the session"), url_for("sessions.scorer", session_id=stored.id)),)
    limit = round_limit(get_db(), stored.id)
    closed = round_complete(limit.round if limit else 0, text, links)
    abort(make_response(render_template("closed.html", closed=closed), 409))
