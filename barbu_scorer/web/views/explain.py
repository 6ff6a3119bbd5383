"""Every figure explains itself on screen: a hand's explanation (the page a tapped figure
opens as a sheet at the bottom of the screen) and the rules page of a session's scheme.
Read-only, like the watchers' screen."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from barbu_scorer.present.explain import page_sections
from barbu_scorer.present.rules import options, rules_view
from barbu_scorer.scoring.barbu.explain import explain_hand
from barbu_scorer.web.cached import scored
from barbu_scorer.web.pages import stored_or_404

bp = Blueprint("explain", __name__)


@bp.get("/w/<session_id>/hands/<int:number>/explain")
def hand(session_id: str, number: int) -> str:
    """A hand's figures in words; ``?seat=N`` puts that player's figures first."""
    stored = stored_or_404(session_id)
    session = scored(stored)
    if not 1 <= number <= len(session.hands):
        abort(404)
    seat = request.args.get("seat", type=int)
    explained = explain_hand(session, stored.players, number)
    return render_template(
        "session/explain.html",
        stored=stored,
        heading=explained.heading.says,
        sections=page_sections(explained, seat, stored.players),
    )


@bp.get("/w/<session_id>/rules")
def rules(session_id: str) -> str:
    """The rules of the session's scheme, in words built from the scheme."""
    stored = stored_or_404(session_id)
    scheme = scored(stored).scheme
    return render_template(
        "session/rules.html",
        stored=stored,
        scheme=scheme,
        rules=rules_view(scheme),
        options=options(scheme),
    )
