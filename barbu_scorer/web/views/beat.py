"""The scorer's page's beat: every ~30 s while open and online, and right after each
change to its outbox, it says how many hands wait on the phone. The scorer's key (the
browser's) and the CSRF token, as every scorer write; a bounded count; answered 204."""

from __future__ import annotations

from flask import Blueprint, abort, request, url_for
from werkzeug.wrappers import Response

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.pace import BEAT_EVERY, MAX_PENDING, check_pending
from barbu_scorer.store.beats import is_event_table, record_beat
from barbu_scorer.web.access import require_edit
from barbu_scorer.web.db import get_db

bp = Blueprint("beat", __name__)


@bp.post("/s/<session_id>/beat")
def beat(session_id: str) -> Response:
    """Keep the table's last beat and the hands its outbox holds (no history, no version)."""
    if len(session_id) > 40:
        abort(404)
    require_edit(session_id)
    try:
        pending = check_pending(request.form.get("pending"))
    except ScoringError as error:
        abort(400, description=str(error))
    if not record_beat(get_db(), session_id, pending):
        abort(404)
    return Response(status=204)


@bp.app_template_global()
def beat_page(session_id: str) -> dict[str, object] | None:
    """Where a table's scorer pages beat, how often, the most they may count; None for a
    session that is no event's table (its pages send no beat)."""
    if not is_event_table(get_db(), session_id):
        return None
    return {
        "url": url_for("beat.beat", session_id=session_id),
        "every": int(BEAT_EVERY.total_seconds() * 1000),
        "most": MAX_PENDING,
    }
