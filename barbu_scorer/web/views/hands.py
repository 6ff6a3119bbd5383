"""Recording and correcting a hand: one form, a preview, Post/Redirect/Get."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from barbu_scorer.present.session import name_seats
from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.cards import ranks
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.hands import FACT_KEYS
from barbu_scorer.scoring.barbu.sessions import open_contracts, roles, score_session
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.sessions import StoredSession, add_hand, replace_hand, same_hand
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.barbu import HandForm, form_from_entry, hand_entry
from barbu_scorer.web.views.access import require_edit, scorer_label
from barbu_scorer.web.views.pages import saved
from barbu_scorer.web.views.sessions import stored_or_404

bp = Blueprint("hands", __name__)


def _editable(session_id: str, number: int) -> StoredSession:
    stored = stored_or_404(session_id)
    require_edit(session_id)
    if not 1 <= number <= min(len(stored.entries) + 1, stored.scheme.hands):
        abort(404)
    return stored


def _choices(stored: StoredSession, number: int) -> tuple[str, ...]:
    """The contracts hand ``number`` may be: those its declarer had left at that point,
    less those the later hands of the same block already declared (a correction)."""
    scheme = stored.scheme
    played = [e["contract"] for e in stored.entries[: number - 1]]
    per_block = len(scheme.contracts)
    block_end = (number - 1) // per_block * per_block + per_block
    later = {e["contract"] for e in stored.entries[number:block_end]}
    return tuple(c for c in open_contracts(scheme, played) if c not in later)


def preview(
    stored: StoredSession, number: int, data: MultiDict[str, str], contract: str
) -> dict[str, Any]:
    """The hand's figures as the form stands, or what is wrong with it.

    A correction is checked with every later hand too, since they must stay possible.
    """
    scheme = stored.scheme
    try:
        entry = hand_entry(data, scheme, contract)
        entries = [*stored.entries[: number - 1], entry, *stored.entries[number:]]
        session = score_session(
            scheme, stored.first_declarer, [read_hand(e, i + 1) for i, e in enumerate(entries)]
        )
        hand = session.hands[number - 1]
    except ScoringError as error:
        message = error.message if error.hand in (None, number) else str(error)
        return {
            "ok": False,
            "error": name_seats(message, stored.players),
            "left": _left_to_place(data, scheme, contract),
        }
    return {
        "ok": True,
        "entry": entry,
        "raw": list(hand.raw),
        "transfers": list(hand.transfers),
        "adjusted": list(hand.adjusted),
        "sum": sum(hand.raw),
        "expected": sum(hand.raw),
        "left": [],
    }


def _left_to_place(data: MultiDict[str, str], scheme: Any, contract: str) -> list[str]:
    left = []
    for key, total in (
        ("tricks", scheme.tricks),
        ("queens", scheme.queens),
        ("hearts", scheme.hearts),
    ):
        values = [data.get(f"{key}-{s}", "") for s in range(scheme.players)]
        given = [int(v) for v in values if v.strip().lstrip("-").isdigit()]
        if given and len(given) < scheme.players - 1 and total - sum(given) > 0:
            left.append(_("left to place: %(n)s %(what)s", n=total - sum(given), what=_(key)))
    return left


def _doubling_rows(
    stored: StoredSession, number: int, contract: str, data: MultiDict[str, str]
) -> list[dict[str, Any]]:
    """Each player's doubling turn, from the declarer's left to the declarer."""
    scheme, players = stored.scheme, stored.players
    declarer = roles(scheme, stored.first_declarer, number - 1).declarer
    chosen = set(data.getlist("double"))
    made = [
        tuple(int(x) for x in d.split("-"))
        for d in chosen
        if d.count("-") == 1 and d.replace("-", "").isdigit()
    ]
    rows = []
    for doubler in dbl.turn_order(declarer, scheme.players):
        is_declarer = doubler == declarer
        targets = []
        for seat in range(scheme.players):
            if seat == doubler:
                continue
            if is_declarer:
                reason = None if scheme.doubling else _("this scheme plays without doubles")
                requires = f"{seat}-{declarer}"
            else:
                reason = dbl.refusal(scheme, contract, declarer, doubler, seat)
                requires = ""
            targets.append(
                {
                    "seat": seat,
                    "name": players[seat],
                    "value": f"{doubler}-{seat}",
                    "reason": reason,
                    "requires": requires,
                    "checked": f"{doubler}-{seat}" in chosen,
                    "redouble": (seat, doubler) in made,
                }
            )
        rows.append(
            {
                "seat": doubler,
                "name": players[doubler],
                "declarer": is_declarer,
                "targets": targets,
                "family": dbl.has_family(scheme, contract, declarer, doubler),
            }
        )
    return rows


def _shortcut(
    stored: StoredSession, number: int, contract: str, data: MultiDict[str, str], action: str
) -> MultiDict[str, str]:
    """Apply "max-<seat>" or "family-<seat>" to the form's doubles (the no-JavaScript way)."""
    kind, _sep, seat_text = action.partition("-")
    seat = int(seat_text) if seat_text.isdigit() else -1
    scheme = stored.scheme
    declarer = roles(scheme, stored.first_declarer, number - 1).declarer
    if not 0 <= seat < scheme.players:
        return data
    made = [
        tuple(int(x) for x in d.split("-"))
        for d in data.getlist("double")
        if d.count("-") == 1 and d.replace("-", "").isdigit()
    ]
    try:
        pairs = (
            dbl.maximum(scheme, contract, declarer, seat, made)
            if kind == "max"
            else dbl.family(scheme, contract, declarer, seat)
        )
    except ScoringError as error:
        flash(error.message, "error")
        return data
    data = MultiDict(data)
    for a, b in pairs:
        if f"{a}-{b}" not in data.getlist("double"):
            data.add("double", f"{a}-{b}")
    return data


def _advice(stored: StoredSession, number: int) -> dict[int, dict[str, Any]]:
    """Quota advice per seat for a new hand: who still owes doubles on the declarer."""
    if number <= len(stored.entries) or not stored.scheme.quota:
        return {}
    quota = stored.score().current_quota()
    if quota is None:
        return {}
    advice = {}
    for seat, owed in enumerate(quota.owed):
        if owed:
            must = quota.must_double_now(seat)
            text = _("owes %(o)s, %(h)s hands left", o=owed, h=quota.hands_left)
            advice[seat] = {
                "must": must,
                "text": text + (": " + _("must double now") if must else ""),
            }
    return advice


ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def _render(
    stored: StoredSession,
    number: int,
    contract: str | None,
    data: MultiDict[str, str],
    form: HandForm,
    result: dict[str, Any] | None = None,
    error: str | None = None,
) -> str:
    scheme = stored.scheme
    who = roles(scheme, stored.first_declarer, number - 1, contract)
    return render_template(
        "session/hand.html",
        stored=stored,
        scheme=scheme,
        number=number,
        form=form,
        contract=contract,
        choices=_choices(stored, number),
        data=data,
        who=who,
        correcting=number <= len(stored.entries),
        rows=_doubling_rows(stored, number, contract, data) if contract else [],
        result=result,
        error=error,
        advice=_advice(stored, number),
        ranks=ranks(scheme.pack),
        fact_keys=FACT_KEYS.get(contract or "", ()),
        ordinals=[_(o) for o in ORDINALS],
    )


@bp.get("/s/<session_id>/hand/<int:number>")
def edit(session_id: str, number: int) -> str:
    """The hand form: a new hand, or a past one to correct."""
    stored = _editable(session_id, number)
    choices = _choices(stored, number)
    data: MultiDict[str, str] = MultiDict()
    if number <= len(stored.entries) and request.args.get("contract") in (
        None,
        stored.entries[number - 1]["contract"],
    ):
        data = form_from_entry(stored.entries[number - 1], stored.scheme.players)
    contract = request.args.get("contract") or data.get("contract")
    if contract is None and len(choices) == 1:
        contract = choices[0]
    if (
        contract is not None
        and contract not in choices
        and not (
            number <= len(stored.entries) and contract == stored.entries[number - 1]["contract"]
        )
    ):
        abort(404)
    if (
        contract == "dominoes"
        and "start_rank" not in data
        and stored.scheme.dominoes_start != "first_card"
    ):
        data = MultiDict(data)
        data["start_rank"] = "7"  # "dominoes from the seven": preselected, one tap to change
    form = HandForm(formdata=None, number=number, version=stored.version, contract=contract)
    result = (
        preview(stored, number, data, contract)
        if contract and number <= len(stored.entries)
        else None
    )
    return _render(stored, number, contract, data, form, result)


@bp.post("/s/<session_id>/hand/<int:number>")
def save(session_id: str, number: int) -> str | Response:
    """Check, apply a doubling shortcut, or save the hand."""
    stored = _editable(session_id, number)
    form = HandForm()
    contract = request.form.get("contract") or None
    if (
        not form.validate_on_submit()
        or form.number.data != number
        or contract not in _choices(stored, number)
    ):
        abort(400)
    action = request.form.get("action", "save")
    data = request.form
    if action.startswith(("max-", "family-")):
        data = _shortcut(stored, number, contract, data, action)
        return _render(
            stored, number, contract, data, form, preview(stored, number, data, contract)
        )
    result = preview(stored, number, data, contract)
    if action == "check" or not result["ok"]:
        return _render(
            stored, number, contract, data, form, result, None if result["ok"] else result["error"]
        )
    entry = read_hand(result["entry"], number)
    if same_hand(stored, number, entry):
        # A second tap on Save, a resent form, or a correction that changes nothing.
        flash(_("Hand %(n)s was already saved.", n=number), "ok")
        return redirect(url_for("sessions.scorer", session_id=session_id))

    def write() -> str:
        if number <= len(stored.entries):
            replace_hand(get_db(), session_id, number, entry, scorer_label(), form.version.data)
            return _("Hand %(n)s corrected; the totals after it follow.", n=number)
        if add_hand(get_db(), session_id, number, entry, scorer_label()):
            return _("Hand %(n)s saved.", n=number)
        return _("Hand %(n)s was already saved.", n=number)

    return saved(
        write,
        lambda error: _render(
            stored, number, contract, data, form, result, name_seats(error.message, stored.players)
        ),
        url_for("hands.edit", session_id=session_id, number=number),
        url_for("sessions.scorer", session_id=session_id),
    )


@bp.post("/s/<session_id>/hand/<int:number>/preview")
def live_preview(session_id: str, number: int) -> Response:
    """The preview as JSON, for the page's script."""
    stored = _editable(session_id, number)
    contract = request.form.get("contract")
    if contract not in _choices(stored, number):
        abort(400)
    result = preview(stored, number, request.form, contract)
    html = render_template("session/_preview.html", stored=stored, result=result, error=None)
    return jsonify({"ok": result["ok"], "html": html})
