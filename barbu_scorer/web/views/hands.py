"""Recording and correcting a hand: one form, a preview, Post/Redirect/Get."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from barbu_scorer.present.flashes import already_saved, hand_corrected, hand_saved
from barbu_scorer.present.hand import hand_page
from barbu_scorer.present.hand_preview import Preview, both_versions, hand_preview
from barbu_scorer.present.session import name_seats
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.sessions import HandEntry
from barbu_scorer.scoring.entries import editable
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.units import HAND
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import StoredSession, corrected_hand, record_hand, same_hand
from barbu_scorer.web.access import require_edit, scorer_label
from barbu_scorer.web.cached import keep_written, scored_already
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_round import refuse_beyond_round
from barbu_scorer.web.forms.barbu import HandForm, hand_entry, opening_form, posted_doubles
from barbu_scorer.web.hand_choices import ahead_of, contracts_offered, posted_contract
from barbu_scorer.web.hand_doubles import carried_doubles, shortcut_doubles
from barbu_scorer.web.pages import Progress, refuse_ended, saved, stored_or_404

bp = Blueprint("hands", __name__)


def _editable(session_id: str, number: int, drawing: bool = False) -> StoredSession:
    """The session, if hand ``number`` may be opened (``drawing``: its form only, which may
    be one of the hands ``ahead``); 404 otherwise."""
    stored = stored_or_404(session_id)
    require_edit(session_id)
    recorded = len(stored.entries)
    at = Progress(session_id, stored.ended_after, recorded, stored.scheme.hands, number)
    refuse_ended(at, HAND, "exports.sheet", "sessions.scorer")
    opened = editable(number, recorded, stored.scheme.hands)
    if not opened and not (drawing and number in ahead_of(stored)):
        abort(404)
    refuse_beyond_round(stored, number)
    return stored


def _past(stored: StoredSession, number: int) -> dict[str, Any] | None:
    """The stored entry of hand ``number``, None for the hand to come."""
    return stored.entries[number - 1] if number <= len(stored.entries) else None


def _contract_gone(stored: StoredSession, number: int, action: str) -> Response | None:
    """A hand entered on a form drawn ahead (no connection) whose contract its declarer has
    no longer: refused with the reason (the outbox's Save), or its contract asked again
    (the draft's Check); None for any other post (a 400, as a forged one)."""
    reason = _("This contract is no longer left for hand %(n)s: pick another.", n=number)
    if request.headers.get("X-Requested-With") == "fetch" and action == "save":
        return _answer(stored, "refused", 422, None, reason)
    if action == "check":
        flash(reason, "error")
        return redirect(url_for("hands.edit", session_id=stored.id, number=number))
    return None


def _preview(stored: StoredSession, number: int, contract: str, data: Any) -> Preview:
    return hand_preview(
        stored, number, contract, data, lambda: hand_entry(data, stored.scheme, contract)
    )


def _render(
    stored: StoredSession,
    number: int,
    contract: str | None,
    data: MultiDict[str, str],
    form: HandForm,
    result: Preview | None = None,
    error: str | None = None,
) -> str:
    page = hand_page(
        stored, number, contract, contracts_offered(stored, number), data, posted_doubles(data)
    )
    return render_template(
        "session/hand.html",
        ahead=number > len(stored.entries) + 1,
        stored=stored,
        scheme=stored.scheme,
        page=page,
        form=form,
        data=data,
        result=result,
        error=error,
    )


def _store(
    stored: StoredSession, number: int, entry: HandEntry, version: int, redraw: Any
) -> Response | str:
    """Save hand ``number`` (new or corrected, over the ``version`` the form was drawn
    from) and go back to the session; ``redraw(message)`` draws the form again."""
    session_id = stored.id
    if same_hand(stored, number, entry):
        # A second tap on Save, a resent form, or a correction that changes nothing.
        flash(already_saved(number), "ok")
        return redirect(url_for("sessions.scorer", session_id=session_id))

    adding = number > len(stored.entries)
    return saved(
        lambda: _write(stored, number, entry, version, adding),
        lambda error: redraw(name_seats(error.message, stored.players)),
        url_for("hands.edit", session_id=session_id, number=number),
        url_for("sessions.scorer", session_id=session_id),
    )


def _write(stored: StoredSession, number: int, entry: HandEntry, version: int, adding: bool) -> str:
    """The one write of a hand, for the form and the script alike: a new hand or a
    correction (over ``version``) through the store's one write path; what to flash. The
    write's own scoring (its check) is kept as the new version's, for the next page."""
    db, who = get_db(), scorer_label()
    if not adding:
        keep_written(stored.id, corrected_hand(db, stored.id, number, entry, who, version))
        return hand_corrected(number)
    start = scored_already(stored.id, stored.version)  # scored on from it, when it is there
    written = record_hand(db, stored.id, number, entry, who, start=start)
    keep_written(stored.id, written)
    return hand_saved(number) if written.added else already_saved(number)  # stored meanwhile


def _answer(
    stored: StoredSession,
    status: str,
    code: int,
    result: Preview | None = None,
    error: str | None = None,
    **extra: Any,
) -> Response:
    """The script's Save answered as JSON: ``status`` with the preview (or refusal) drawn."""
    html = render_template(
        "session/_preview.html", stored=stored, result=result, error=error, **extra
    )
    response = jsonify({"status": status, "html": html, "version": stored.version})
    response.status_code = code
    return response


def _store_json(stored: StoredSession, number: int, result: Preview, version: int) -> Response:
    """Save as the page's script (and its outbox) asks: "saved" with the page to go to,
    "conflict" with both versions when another hand took the number meanwhile, "stale"
    when a correction was drawn from an old version, or "refused" with the rules' reason.
    A resend of a hand already saved is "saved" and stores nothing more."""
    assert result.entry is not None
    entry, session_id = read_hand(result.entry, number), stored.id
    scorer = url_for("sessions.scorer", session_id=session_id)
    adding = request.form.get("intent", "add") == "add"
    if same_hand(stored, number, entry):
        flash(already_saved(number), "ok")
        return jsonify({"status": "saved", "redirect": scorer})
    if adding and number <= len(stored.entries):
        theirs, ours = both_versions(stored, number, result)
        return _answer(stored, "conflict", 409, conflict=(number, theirs, ours))
    try:
        flash(_write(stored, number, entry, version, adding), "ok")
    except Stale:
        message = _("Someone else changed this session meanwhile: reload to see it.")
        return _answer(stored, "stale", 412, None, message)
    except Conflict as error:
        return _answer(stored, "refused", 409, None, str(error))
    except ScoringError as error:
        return _answer(stored, "refused", 422, None, name_seats(error.message, stored.players))
    return jsonify({"status": "saved", "redirect": scorer})


@bp.get("/s/<session_id>/hand/<int:number>")
def edit(session_id: str, number: int) -> str:
    """The hand form: a new hand, a past one to correct, or one ahead (``ahead_of``)."""
    stored = _editable(session_id, number, drawing=True)
    past, choices = _past(stored, number), contracts_offered(stored, number)
    contract, data = opening_form(stored.scheme, past, request.args.get("contract"), choices)
    if (
        contract is not None
        and contract not in choices
        and contract != (past or {}).get("contract")
    ):
        abort(404)
    if contract is not None and request.args.getlist("double"):
        data = carried_doubles(stored, number, contract, data)
    form = HandForm(formdata=None, number=number, version=stored.version, contract=contract)
    result = _preview(stored, number, contract, data) if contract and past else None
    return _render(stored, number, contract, data, form, result)


@bp.post("/s/<session_id>/hand/<int:number>")
def save(session_id: str, number: int) -> str | Response:
    """Check, apply a doubling shortcut, or save the hand."""
    stored = _editable(session_id, number)
    form = HandForm()
    if not form.validate_on_submit() or form.number.data != number:
        abort(400)
    action = request.form.get("action", "save")
    if request.form.get("contract") not in contracts_offered(stored, number):
        refusal = _contract_gone(stored, number, action)
        if refusal is not None:
            return refusal
    contract = posted_contract(stored, number)
    if action.startswith("switch-"):
        doubles = request.form.getlist("double")[: 2 * stored.scheme.players**2]
        target = action.removeprefix("switch-")[:40]
        return redirect(
            url_for(
                "hands.edit", session_id=session_id, number=number, contract=target, double=doubles
            )
        )
    shortcut = action.startswith(("max-", "family-"))
    data: MultiDict[str, str] = request.form
    if shortcut:
        data = shortcut_doubles(stored, number, contract, data, action)
    fetch = request.headers.get("X-Requested-With") == "fetch"
    intent = request.form.get("intent", "add")
    adds = number > len(stored.entries) and (not fetch or intent == "add")
    read = _read(stored, number, contract, data) if action == "save" and adds else None
    if read is not None:
        return _add(stored, number, contract, data, form, read)
    result = _preview(stored, number, contract, data)
    if action == "save" and not result.ok and request.headers.get("X-Requested-With") == "fetch":
        return _answer(stored, "refused", 422, result, result.error)
    if shortcut or action == "check" or not result.ok or result.entry is None:
        error = None if shortcut else result.error or None
        return _render(stored, number, contract, data, form, result, error)
    if request.headers.get("X-Requested-With") == "fetch":
        return _store_json(stored, number, result, form.version.data)
    return _store(
        stored,
        number,
        read_hand(result.entry, number),
        form.version.data,
        lambda error: _render(stored, number, contract, data, form, result, error),
    )


def _read(
    stored: StoredSession, number: int, contract: str, data: MultiDict[str, str]
) -> tuple[dict[str, Any], HandEntry] | None:
    """The hand the form describes, as posted and as the rules read it (None: it does not
    read; the preview says why)."""
    try:
        posted = hand_entry(data, stored.scheme, contract)
        return posted, read_hand(posted, number)
    except ScoringError:
        return None


def _add(
    stored: StoredSession,
    number: int,
    contract: str,
    data: MultiDict[str, str],
    form: HandForm,
    read: tuple[dict[str, Any], HandEntry],
) -> str | Response:
    """Save a new hand with no preview first: the store's write scores the session once
    (its check, kept for the next page); the preview is drawn only to show a refusal, as
    it was drawn before any write."""

    def refused(error: ScoringError) -> tuple[Preview, str | None]:
        result = _preview(stored, number, contract, data)
        if not result.ok:
            return result, result.error or None
        return result, name_seats(error.message, stored.players)

    if request.headers.get("X-Requested-With") == "fetch":
        try:
            flash(_write(stored, number, read[1], form.version.data, True), "ok")
        except Conflict as error:
            return _answer(stored, "refused", 409, None, str(error))
        except ScoringError as error:
            result, why = refused(error)
            return _answer(stored, "refused", 422, None if result.ok else result, why)
        scorer = url_for("sessions.scorer", session_id=stored.id)
        return jsonify({"status": "saved", "redirect": scorer})
    return _store(
        stored,
        number,
        read[1],
        form.version.data,
        lambda error: _render(stored, number, contract, data, form, *refused(error)),
    )


@bp.post("/s/<session_id>/hand/<int:number>/preview")
def live_preview(session_id: str, number: int) -> Response:
    """The preview as JSON, for the page's script: the figures and the implied counts."""
    stored = _editable(session_id, number)
    contract = posted_contract(stored, number)
    result = _preview(stored, number, contract, request.form)
    html = render_template("session/_preview.html", stored=stored, result=result, error=None)
    return jsonify({"ok": result.ok, "html": html, "implied": result.implied})
