"""What the table shares, for either game: the watchers' poll (a version with its ETag,
304 while nothing changed), the scorer's link to hand the scoring over, and the end of a
session."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.games import game_of_session
from barbu_scorer.present.flashes import session_changed
from barbu_scorer.present.live import ended_line
from barbu_scorer.store.ending import end_session, live_state
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.scorer_key import new_scorer_key
from barbu_scorer.web.access import kept_key, remember, require_edit, scorer_label
from barbu_scorer.web.club import is_member, require_member
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.common import VersionForm
from barbu_scorer.web.links import external
from barbu_scorer.web.pages import or_404

bp = Blueprint("live", __name__)


@bp.get("/w/<session_id>/live")
def state(session_id: str) -> BaseResponse:
    """The session's version and whether it ended; 304 when If-None-Match names it."""
    version, ended_after = or_404(live_state(get_db(), session_id))
    if request.if_none_match.contains(str(version)):
        response = Response(status=304)  # nothing built: the phone's copy is this version
    else:
        response = jsonify({"version": version, "ended": ended_after is not None})
    response.set_etag(str(version))
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/s/<session_id>/handover", endpoint="handover")
@bp.get("/b/<session_id>/handover", endpoint="bridge_handover")
def handover(session_id: str) -> str:
    """The handover link as a QR code: the phone that opens it takes the scoring over (a
    fresh key), this one becomes a watcher; to a browser keeping the club key but not this
    session's, the offer of a new scorer's link."""
    game = or_404(game_of_session(get_db(), session_id))
    key = kept_key(session_id)
    if key is None and is_member():
        return render_template(
            "live/handover.html",
            link=None,
            renew=url_for(
                str(request.endpoint).replace("handover", "new_link"), session_id=session_id
            ),
            back=url_for(game.pages.watch, session_id=session_id),
        )
    require_edit(session_id)
    return render_template(
        "live/handover.html",
        link=external(game.pages.claim.replace(".claim", ".take"), session_id=session_id, key=key),
        back=url_for(game.pages.scorer, session_id=session_id),
    )


@bp.post("/s/<session_id>/handover", endpoint="new_link")
@bp.post("/b/<session_id>/handover", endpoint="bridge_new_link")
def new_link(session_id: str) -> BaseResponse:
    """The club's way back to a session whose every key was lost: a new scorer's link (the
    old one stops working), kept in this browser and shown as the handover page."""
    game = or_404(game_of_session(get_db(), session_id))
    require_member()
    key = new_scorer_key(get_db(), session_id, "club")
    if key is None:
        flash(_("A club night's table: its scorer's link is on the director's console."), "error")
        return redirect(url_for(game.pages.watch, session_id=session_id))
    remember(session_id, key)
    flash(_("A new scorer's link: the old one no longer works."), "ok")
    page = str(request.endpoint).replace("new_link", "handover")
    return redirect(url_for(page, session_id=session_id))


@bp.post("/s/<session_id>/end", endpoint="end")
@bp.post("/b/<session_id>/end", endpoint="bridge_end")
def end(session_id: str) -> BaseResponse:
    """End the session after its last entry: it changes no more, the watchers stop."""
    game = or_404(game_of_session(get_db(), session_id))
    require_edit(session_id)
    form = VersionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        after = end_session(get_db(), session_id, scorer_label(), form.version.data)
    except Stale:
        flash(session_changed(), "error")
    except Conflict as error:
        flash(str(error), "error")
    else:
        flash(f"{ended_line(after, game.unit)}.", "ok")
    return redirect(url_for(game.pages.scorer, session_id=session_id))
