"""Every figure explains itself on screen: a hand's (or a Barbu Bridge deal's) explanation
(the page a tapped figure opens as a sheet at the bottom of the screen) and the rules page
of a session's scheme (or of Barbu Bridge).
Read-only, like the watchers' screen."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import gettext as _

from barbu_scorer.present.bridge_rules import bridge_rules_view
from barbu_scorer.present.explain import deal_sections, page_sections, said
from barbu_scorer.present.rules import options, rules_view
from barbu_scorer.scoring.barbu.explain import explain_hand
from barbu_scorer.scoring.bridge.deal_explain import explain_bridge_document
from barbu_scorer.scoring.explained import Line
from barbu_scorer.scoring.messages import word
from barbu_scorer.web.cached import scored
from barbu_scorer.web.pages import bridge_or_404, stored_or_404

bp = Blueprint("explain", __name__)


@bp.app_template_filter("said")
def said_filter(line: Line) -> str:
    """A line of an explanation in the page's language, its money, placing points and
    ratings each written by its one writer (``present.explain.said``)."""
    return said(line)


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
        heading=explained.heading.says,
        sections=page_sections(explained, seat, stored.players),
        back_url=url_for("sessions.watch", session_id=session_id),
        rules_url=url_for("explain.rules", session_id=session_id),
        rules_words=_("The rules of this scheme, in words"),
    )


@bp.get("/bw/<session_id>/deals/<int:number>/explain")
def deal(session_id: str, number: int) -> str:
    """A Barbu Bridge deal's figures in words; ``?side=NS`` (or EW) puts that side's first."""
    stored = bridge_or_404(session_id)
    if not 1 <= number <= len(stored.deals):
        abort(404)
    explained = explain_bridge_document(stored.entered(), number, stored=True)
    return render_template(
        "session/explain.html",
        heading=explained.heading.says,
        sections=deal_sections(explained, request.args.get("side")),
        back_url=url_for("bridge.watch", session_id=session_id),
        rules_url=url_for("explain.bridge_rules", session_id=session_id),
        rules_words=_("The rules of Barbu Bridge, in words"),
    )


@bp.get("/w/<session_id>/rules")
def rules(session_id: str) -> str:
    """The rules of the session's scheme, in words built from the scheme."""
    stored = stored_or_404(session_id)
    scheme = scored(stored).scheme
    return render_template(
        "session/rules.html",
        title=_("The rules of %(scheme)s", scheme=word(scheme.name)),
        back_url=url_for("sessions.watch", session_id=session_id),
        rules=rules_view(scheme),
        options=options(scheme),
    )


@bp.get("/bw/<session_id>/rules")
def bridge_rules(session_id: str) -> str:
    """The rules of Barbu Bridge in words, the unfinished rubber by the session's setting."""
    stored = bridge_or_404(session_id)
    return render_template(
        "session/rules.html",
        title=_("The rules of Barbu Bridge"),
        back_url=url_for("bridge.watch", session_id=session_id),
        rules=bridge_rules_view(stored.unfinished_partscore),
        options=(),
    )
