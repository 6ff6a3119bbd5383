"""Barbu Bridge pages: start a session, the scorer's and watchers' screens, the deal form,
undo, history and the score pad as PDF. The same shape and guarantees as the Tournament
pages (edit key, version check, replay-safe saves), over ``bridge_store``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

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
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.present.pad import SEATS, SIDE_NAMES, Pad, build_pad, contract_parts, result_text
from barbu_scorer.present.session import name_seats
from barbu_scorer.scoring.bridge.deals import SUBGAME_NAMES, SUBGAMES, dealer_of, subgames_left
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store.bridge import StoredBridge
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.barbu import VersionForm
from barbu_scorer.web.forms.bridge import DealForm, NewBridgeForm, deal_from_form, form_from_deal
from barbu_scorer.web.views.access import keep_key, remember, require_edit, scorer_label
from barbu_scorer.web.views.pages import first_seat, history_page, saved, undo_last

bp = Blueprint("bridge", __name__)

SUBGAME_LABELS = {
    "barbu": "Barbu (K♥)",
    "hearts": "Hearts",
    "last_two": "Last Two",
    "queens": "Queens",
}


def stored_or_404(session_id: str) -> StoredBridge:
    """The stored Barbu Bridge session, or a 404 page."""
    stored = bridge_store.load(get_db(), session_id)
    if stored is None:
        abort(404)
    return stored


def _pad(stored: StoredBridge) -> tuple[dict[str, Any], Pad]:
    doc = stored.document()
    return doc, build_pad(doc)


def _screen(template: str, stored: StoredBridge, **context: Any) -> str:
    """A page over the whole session: the scorer's or the watchers' screen."""
    doc, pad = _pad(stored)
    return render_template(
        template,
        stored=stored,
        doc=doc,
        pad=pad,
        subgame_labels=SUBGAME_LABELS,
        seats=SEATS,
        **context,
    )


_SUBGAME = "|".join(SUBGAMES)
_SUBGAME_LIST = rf"(?:{_SUBGAME})(?:, (?:{_SUBGAME}))*"
# Sub-game ids where the engine lists them ("chosen queens as dealer; barbu, last_two left",
# "one of barbu, hearts, ..."); elsewhere "hearts" and "queens" are plain words.
_SUBGAME_IDS = re.compile(
    rf"\b{_SUBGAME_LIST}(?= left\b| as dealer\b)|(?<=one of ){_SUBGAME_LIST}\b"
)


def name_subgames(message: str) -> str:
    """A rule's message with sub-game ids turned into their names ("last_two": "Last Two")."""
    return _SUBGAME_IDS.sub(
        lambda found: re.sub(_SUBGAME, lambda m: SUBGAME_NAMES[m.group(0)], found.group(0)),
        message,
    )


def _message(error: ScoringError, players: Sequence[str], number: int | None = None) -> str:
    """The engine's message as the page says it: players and sub-games by name, prefixed
    with the deal when it is about another one."""
    message = name_subgames(name_seats(error.message, players))
    if error.hand is None or error.hand == number:
        return message
    return _("deal %(n)s: %(why)s", n=error.hand, why=message)


@bp.route("/bridge/new", methods=["GET", "POST"])
def new() -> str | BaseResponse:
    """Start a Barbu Bridge session: four names from North clockwise, the first dealer."""
    form = NewBridgeForm()
    if form.validate_on_submit():
        names = [(p.data or "").strip() for p in form.players]
        first, drawn = first_seat(form.first.data, 4)
        try:
            stored, key = bridge_store.create(
                get_db(),
                players=names,
                first_dealer=first,
                unfinished_partscore=form.unfinished_partscore.data,
                name=form.name.data or "",
                who=scorer_label(),
            )
        except ScoringError as error:
            form.players.errors.append(error.message)
        else:
            remember(stored.id, key)
            if drawn:
                flash(_("The draw: %(name)s deals first.", name=names[first]), "draw")
            return redirect(url_for("bridge.scorer", session_id=stored.id))
    return render_template("bridge/new.html", form=form, seats=SEATS)


@bp.get("/b/<session_id>/k/<key>")
def claim(session_id: str, key: str) -> BaseResponse:
    """The scorer's link: keep the edit key in this browser, then open the session."""
    stored_or_404(session_id)
    return keep_key(session_id, key, "bridge.scorer")


@bp.get("/b/<session_id>")
def scorer(session_id: str) -> str:
    """The scorer's screen: the next deal, the totals per side, the pad."""
    stored = stored_or_404(session_id)
    require_edit(session_id)
    remember(session_id)
    return _screen(
        "bridge/scorer.html",
        stored,
        form=VersionForm(),
        deal_url=lambda n: url_for("bridge.deal", session_id=session_id, number=n),
    )


@bp.get("/bw/<session_id>")
def watch(session_id: str) -> str:
    """The watchers' screen: the pad, read-only, refreshing itself."""
    stored = stored_or_404(session_id)
    remember(session_id)
    return _screen("bridge/watch.html", stored)


@bp.get("/bw/<session_id>/pad.pdf")
def pad_pdf(session_id: str) -> Response:
    """The score pad as a PDF, ?paper=A4 or Letter (anyone with the watch link may print it)."""
    from barbu_scorer.paper.pad import pad_pdf as render_pdf
    from barbu_scorer.web.views.exports import paper_arg

    stored = stored_or_404(session_id)
    pdf = render_pdf(
        stored.document(), name=stored.name or None, date=stored.created[:10], paper=paper_arg()
    )
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="barbu-bridge-{stored.id}.pdf"'
    return response


@bp.post("/b/<session_id>/undo")
def undo(session_id: str) -> BaseResponse:
    """Remove the last deal."""
    number = len(stored_or_404(session_id).deals)
    require_edit(session_id)
    done = _("Deal %(n)s undone. It stays in the history.", n=number)
    return undo_last(bridge_store.delete_last, session_id, number, done, "bridge.scorer")


@bp.get("/b/<session_id>/history")
def changes(session_id: str) -> str:
    """Every change made to the session: who, what, when."""
    stored = stored_or_404(session_id)
    require_edit(session_id)
    return history_page("bridge/history.html", stored)


# --- one deal: the form, its preview, saving it -------------------------------------------


def _editable(session_id: str, number: int) -> StoredBridge:
    stored = stored_or_404(session_id)
    require_edit(session_id)
    if not 1 <= number <= min(len(stored.deals) + 1, 16):
        abort(404)
    return stored


def preview(stored: StoredBridge, number: int, data: MultiDict[str, str]) -> dict[str, Any]:
    """The deal's figures as the form stands (the whole session checked), or what is wrong."""
    try:
        deal = deal_from_form(data)
        deals = [*stored.deals[: number - 1], deal, *stored.deals[number:]]
        doc = compute_bridge_document(stored.entered(deals))
    except ScoringError as error:
        return {"ok": False, "error": _message(error, stored.players, number)}
    scored = doc["deals"][number - 1]
    bridge = scored["bridge"]
    lines = {side: [e for e in scored["entries"] if e["side"] == side] for side in SIDE_NAMES}
    return {
        "ok": True,
        "deal": deal,
        "scored": scored,
        "lines": lines,
        "points": {s: sum(e["points"] for e in lines[s]) for s in SIDE_NAMES},
        "contract": contract_parts(bridge),
        "result": result_text(bridge),
    }


def _render(
    stored: StoredBridge,
    number: int,
    data: MultiDict[str, str],
    form: DealForm,
    result: dict[str, Any] | None = None,
    error: str | None = None,
) -> str:
    chosen = [d["subgame"] for d in stored.deals]
    doc, pad = _pad(stored)
    if number <= len(stored.deals):
        scored = doc["deals"][number - 1]
        status = {
            "rubber": scored["rubber"],
            "vulnerable": [s for s in SIDE_NAMES if scored["vulnerable"][s]],
        }
    else:
        assert pad.next is not None
        status = {"rubber": pad.next.rubber, "vulnerable": list(pad.next.vulnerable)}
    return render_template(
        "bridge/deal.html",
        stored=stored,
        number=number,
        data=data,
        form=form,
        result=result,
        error=error,
        correcting=number <= len(stored.deals),
        dealer=dealer_of(number, stored.first_dealer),
        subgames=subgames_left(chosen, number),
        subgame_labels=SUBGAME_LABELS,
        seats=SEATS,
        sides=SIDE_NAMES,
        pairs=pad.sides,
        status=status,
    )


@bp.get("/b/<session_id>/deal/<int:number>")
def deal(session_id: str, number: int) -> str:
    """The deal form: a new deal, or a past one to correct (prefilled)."""
    stored = _editable(session_id, number)
    data: MultiDict[str, str] = MultiDict()
    result = None
    left = subgames_left([d["subgame"] for d in stored.deals], number)
    if number <= len(stored.deals):
        data = form_from_deal(stored.deals[number - 1])
        result = preview(stored, number, data)
    if request.args.get("subgame") in left:
        data = MultiDict(data)
        data["subgame"] = request.args["subgame"]
    elif "subgame" not in data and len(left) == 1:
        data = MultiDict(data)
        data["subgame"] = left[0]  # deals 13-16: the dealer's last sub-game is forced
    form = DealForm(formdata=None, number=number, version=stored.version)
    return _render(stored, number, data, form, result)


@bp.post("/b/<session_id>/deal/<int:number>")
def save(session_id: str, number: int) -> str | BaseResponse | tuple[str, int]:
    """Check or save the deal; a refused deal comes back with the reason, nothing stored."""
    stored = _editable(session_id, number)
    form = DealForm()
    if not form.validate_on_submit() or form.number.data != number:
        abort(400)
    data = request.form
    result = preview(stored, number, data)
    if request.form.get("action") == "check":
        return _render(stored, number, data, form, result)
    if not result["ok"]:
        return _render(stored, number, data, form, result, result["error"]), 422
    # A page drawn for a new deal always adds: sent twice, the second is a harmless replay.
    intent = request.form.get("intent") or ("correct" if number <= len(stored.deals) else "new")

    def write() -> str:
        if intent == "correct":
            bridge_store.replace_deal(
                get_db(), session_id, number, result["deal"], scorer_label(), form.version.data
            )
            return _("Deal %(n)s corrected; the figures after it follow.", n=number)
        if bridge_store.add_deal(get_db(), session_id, number, result["deal"], scorer_label()):
            return _("Deal %(n)s saved.", n=number)
        return _("Deal %(n)s was already saved.", n=number)

    return saved(
        write,
        lambda error: (
            _render(stored, number, data, form, result, _message(error, stored.players, number)),
            422,
        ),
        url_for("bridge.deal", session_id=session_id, number=number),
        url_for("bridge.scorer", session_id=session_id),
    )


@bp.post("/b/<session_id>/deal/<int:number>/preview")
def live_preview(session_id: str, number: int) -> Response:
    """The preview as JSON, for the page's script."""
    stored = _editable(session_id, number)
    result = preview(stored, number, request.form)
    html = render_template(
        "bridge/_preview.html", stored=stored, result=result, error=None, sides=SIDE_NAMES
    )
    return jsonify({"ok": result["ok"], "html": html})
