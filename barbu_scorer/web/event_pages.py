"""What the director's page modules of a club night share (``web/views/events.py``,
``event_board.py``, ``event_correct.py``; none imports another): an event or a 404 page."""

from __future__ import annotations

from flask import abort

from barbu_scorer.store.events import StoredEvent, load_event
from barbu_scorer.web.db import get_db


def event_or_404(event_id: str) -> StoredEvent:
    """The stored event, or a 404 page."""
    event = load_event(get_db(), event_id) if len(event_id) <= 40 else None
    if event is None:
        abort(404)
    return event
