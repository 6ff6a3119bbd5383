"""A player's evening at a club night, for everyone (read-only): the page that follows the
night live (where they sit next, "Round 3: table 2, seat East") and its one-page PDF.
Players are numbered from 1 in the addresses, in the event's order."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from werkzeug.wrappers import Response

from barbu_scorer.store.event_reads import event_version
from barbu_scorer.web.db import get_db
from barbu_scorer.web.evening_data import player_evening
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.links import external
from barbu_scorer.web.prints import evening_response

bp = Blueprint("evening", __name__)


@bp.get("/e/<event_id>/p/<int:number>")
def page(event_id: str, number: int) -> str:
    """The player's evening; while the night goes on, their next seat on top."""
    event = event_or_404(event_id)
    if not 1 <= number <= len(event.players):
        abort(404)
    return render_template(
        "event/evening.html",
        v=player_evening(get_db(), event, number - 1),
        e=event,
        number=number,
        version=event_version(get_db(), event_id),
        own_link=external("evening.page", event_id=event_id, number=number),
    )


@bp.get("/e/<event_id>/p/<int:number>.pdf")
def pdf(event_id: str, number: int) -> Response:
    """The player's evening on one page of PDF."""
    return evening_response(event_id, number - 1)
