"""Barbu Bridge pages over ``store.bridge``: start, scorer and watchers, deal form, pad."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    make_response,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.games import BARBU_BRIDGE
from barbu_scorer.present.deal_form import (
    SUBGAME_LABELS,
    Preview,
    Refusal,
    deal_chips,
    deal_status,
)
from barbu_scorer.present.history import bridge_entry
from barbu_scorer.present.live import ended_line
from barbu_scorer.present.pad import SEATS, SIDE_NAMES, build_pad, side_names
from barbu_scorer.scoring.bridge.deals import DEALS
from barbu_scorer.scoring.bridge.subgames import subgames_left
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.units import DEAL
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store.bridge import StoredBridge, corrected_deal
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.web.access import remember, scorer_label
from barbu_scorer.web.cached import keep_written, scored
from barbu_scorer.web.db import get_db
from barbu_scorer.web.deal_choices import ahead_of, may_open, preview, refusal_of
from barbu_scorer.web.forms.bridge import DealForm, deal_from_form, initial_data
from barbu_scorer.web.forms.common import VersionForm
from barbu_scorer.web.game_pages import GamePages
from barbu_scorer.web.pages import bridge_or_404, saved
from barbu_scorer.web.sheets import sheet_response

bp = Blueprint("bridge", __name__)


pages = GamePages(
    BARBU_BRIDGE,
    "/b/<session_id>",
    found=bridge_or_404,
    recorded=lambda stored: len(stored.deals),
    undone=lambda n: _("Deal %(n)s undone. It stays in the history.", n=n),
    history="bridge/history.html",
    described=lambda stored: bridge_entry(stored.players),
)
pages.register(bp)


def _screen(template: str, stored: StoredBridge, **context: Any) -> str:
    """A page over the whole session: the scorer's or the watchers' screen."""
    doc = stored.document(scored(stored))
    return render_template(
        template,
        stored=stored,
        doc=doc,
        pad=build_pad(doc),
        subgame_labels=SUBGAME_LABELS,
        seats=SEATS,
        ended=ended_line(stored.ended_after, DEAL),
        **context,
    )


@bp.get("/b/<session_id>")
def scorer(session_id: str) -> str:
    """The scorer's screen: the next deal, the totals per side, the pad."""
    stored = pages.editing(session_id)
    remember(session_id)
    return _screen(
        "bridge/scorer.html",
        stored,
        form=VersionForm(),
        deal_url=lambda n: url_for("bridge.deal", session_id=session_id, number=n),
        ahead=ahead_of(stored),
    )


@bp.get("/bw/<session_id>", endpoint="watch")
@bp.get("/bw/<session_id>/tv", endpoint="tv")
def watch(session_id: str) -> BaseResponse:
    """The watchers' screen (at /tv, the TV view): the pad, live, cached per version."""
    page = "bridge/tv.html" if request.endpoint == "bridge.tv" else "bridge/watch.html"
    return pages.watched(
        page, session_id, lambda scoring: _screen(page, bridge_or_404(session_id), scoring=scoring)
    )


@bp.get("/bw/<session_id>/pad.pdf")
def pad_pdf(session_id: str) -> Response:
    """The score pad as a PDF, ?paper=A4 or Letter (anyone with the watch link may print it)."""
    stored = bridge_or_404(session_id)  # a Barbu Bridge session, or 404
    response = sheet_response(session_id)  # rendered once per version, like the sheet
    response.headers["Content-Disposition"] = f'inline; filename="barbu-bridge-{stored.id}.pdf"'
    return response


# --- one deal: the form, its preview, saving it -------------------------------------------


def _editable(session_id: str, number: int, drawing: bool = False) -> StoredBridge:
    """The session, if deal ``number`` may be opened (``drawing``: its form only, which
    may be one drawn ahead for a phone that may lose the server); 404 otherwise."""
    stored = pages.entry_form(session_id, number, DEALS, "bridge.pad_pdf")
    if not may_open(stored, number, drawing):
        abort(404)
    return stored


def _render(
    stored: StoredBridge,
    number: int,
    data: MultiDict[str, str],
    form: DealForm,
    result: Preview | Refusal | None = None,
    error: str | None = None,
) -> str:
    return render_template(
        "bridge/deal.html",
        stored=stored,
        number=number,
        data=data,
        form=form,
        result=result,
        error=error,
        correcting=number <= len(stored.deals),
        status=deal_status(stored.document(scored(stored)), number),
        chips=deal_chips(data.get("level"), data.get("subgame")),
        subgame_labels=SUBGAME_LABELS,
        seats=SEATS,
        sides=SIDE_NAMES,
        pairs=side_names(stored.players),
    )


@bp.get("/b/<session_id>/deal/<int:number>")
def deal(session_id: str, number: int) -> str:
    """The deal form: a new deal, a past one to correct (prefilled), or one ahead."""
    stored = _editable(session_id, number, drawing=True)
    past = stored.deals[number - 1] if number <= len(stored.deals) else None
    left = subgames_left([d["subgame"] for d in stored.deals], number)
    data = initial_data(past, request.args.get("subgame"), left)
    result = None if past is None else preview(stored, number, initial_data(past, None, left))
    form = DealForm(formdata=None, number=number, version=stored.version)
    return _render(stored, number, data, form, result)


def _write(session_id: str, number: int, intent: str, deal: dict[str, Any], version: int) -> str:
    """Store the deal: a correction, or a new deal (sent twice, the second is a replay);
    the write's own scoring (its check) is kept as the new version's, for the next page."""
    db, who = get_db(), scorer_label()
    if intent == "correct":
        keep_written(session_id, corrected_deal(db, session_id, number, deal, who, version))
        return _("Deal %(n)s corrected; the figures after it follow.", n=number)
    written = bridge_store.record_deal(db, session_id, number, deal, who)
    keep_written(session_id, written)
    if written.added:
        return _("Deal %(n)s saved.", n=number)
    return _("Deal %(n)s was already saved.", n=number)


def _refused(
    stored: StoredBridge,
    number: int,
    data: MultiDict[str, str],
    form: DealForm,
    result: Preview,
    error: ScoringError,
) -> tuple[str, int]:
    """The deal form again, with the reason the store refused the deal (422)."""
    why = refusal_of(error, stored.players, number).error
    return _render(stored, number, data, form, result, why), 422


@bp.post("/b/<session_id>/deal/<int:number>")
def save(session_id: str, number: int) -> str | BaseResponse | tuple[str, int]:
    """Check or save the deal; a refused deal comes back with the reason, nothing stored."""
    stored = _editable(session_id, number)
    form = DealForm()
    if not form.validate_on_submit() or form.number.data != number:
        abort(400)
    data = request.form
    # A page drawn for a new deal always adds: sent twice, the second is a harmless replay.
    intent = data.get("intent") or ("correct" if number <= len(stored.deals) else "new")
    if data.get("action") != "check" and intent != "correct" and number > len(stored.deals):
        with suppress(ScoringError):  # a form that does not read: the preview says why
            return _add(stored, number, data, form, deal_from_form(data))
    result = preview(stored, number, data)
    if data.get("action") == "check":  # a refusal said as one (a draft from the outbox too)
        why = result.error if isinstance(result, Refusal) else None
        return _render(stored, number, data, form, result, why)
    if request.headers.get("X-Requested-With") == "fetch":
        return _save_json(stored, number, intent, result, form.version.data)
    if isinstance(result, Refusal):
        return _render(stored, number, data, form, result, result.error), 422
    entered = result.deal
    return saved(
        lambda: _write(session_id, number, intent, entered, form.version.data),
        lambda error: _refused(stored, number, data, form, result, error),
        url_for("bridge.deal", session_id=session_id, number=number),
        url_for("bridge.scorer", session_id=session_id),
    )


def _add(
    stored: StoredBridge, number: int, data: MultiDict[str, str], form: DealForm, deal: Any
) -> str | BaseResponse | tuple[str, int]:
    """Save a new deal, no preview first: the store's write scores the session once (its
    check, kept for the next page); the preview is drawn only to show a refusal."""
    scorer = url_for("bridge.scorer", session_id=stored.id)

    def refused(error: ScoringError) -> tuple[str, int]:
        result = preview(stored, number, data)
        if isinstance(result, Refusal):
            return _render(stored, number, data, form, result, result.error), 422
        return _refused(stored, number, data, form, result, error)

    def write() -> str:
        return _write(stored.id, number, "new", deal, form.version.data)

    if request.headers.get("X-Requested-With") != "fetch":
        form_url = url_for("bridge.deal", session_id=stored.id, number=number)
        return saved(write, refused, form_url, scorer)
    try:
        flash(write(), "ok")
    except Conflict as error:
        return _answer(stored, "refused", 409, str(error))
    except ScoringError as error:
        result = preview(stored, number, data)
        why = result if isinstance(result, Refusal) else refusal_of(error, stored.players, number)
        return _answer(stored, "refused", 422, why.error)
    return jsonify({"status": "saved", "redirect": scorer})


def _answer(stored: StoredBridge, status: str, code: int, error: str | None = None) -> Response:
    """The script's Save answered as JSON: ``status``, with the reason drawn in the preview."""
    html = render_template("bridge/_preview.html", stored=stored, error=error, sides=SIDE_NAMES)
    return make_response(jsonify({"status": status, "html": html, "version": stored.version}), code)


def _save_json(
    stored: StoredBridge, number: int, intent: str, result: Preview | Refusal, version: int
) -> Response:
    """Save as the outbox asks: "saved" (a resend too, stored once) with the page to go to,
    "stale" (a correction drawn from an old version), or "refused" with the reason."""
    if isinstance(result, Refusal):
        return _answer(stored, "refused", 422, result.error)
    try:
        flash(_write(stored.id, number, intent, result.deal, version), "ok")
    except Stale:
        message = _("Someone else changed this session meanwhile: reload to see it.")
        return _answer(stored, "stale", 412, message)
    except Conflict as error:
        return _answer(stored, "refused", 409, str(error))
    except ScoringError as error:
        return _answer(stored, "refused", 422, refusal_of(error, stored.players, number).error)
    return jsonify({"status": "saved", "redirect": url_for("bridge.scorer", session_id=stored.id)})


@bp.post("/b/<session_id>/deal/<int:number>/preview")
def live_preview(session_id: str, number: int) -> Response:
    """The preview as JSON, for the page's script."""
    stored = _editable(session_id, number)
    result = preview(stored, number, request.form)
    html = render_template(
        "bridge/_preview.html", stored=stored, result=result, error=None, sides=SIDE_NAMES
    )
    return jsonify({"ok": result.ok, "html": html})
