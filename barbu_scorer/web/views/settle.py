"""Stakes and settling up: a session's money, and a group's running ledger."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.explain import said_all
from barbu_scorer.present.format import money
from barbu_scorer.present.league import payment_lines
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.league.settle import group_balances, payments, read_stake, session_money
from barbu_scorer.scoring.league.settle_explained import balance_lines
from barbu_scorer.scoring.text import read_count
from barbu_scorer.store import players as roster
from barbu_scorer.store import stakes
from barbu_scorer.store.sessions import load
from barbu_scorer.web import league
from barbu_scorer.web.access import can_edit, require_edit
from barbu_scorer.web.cached import scored
from barbu_scorer.web.club import is_member
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.players import SettleForm, StakeForm
from barbu_scorer.web.pages import or_404
from barbu_scorer.web.prints import standings_response

bp = Blueprint("settle", __name__)


@bp.route("/s/<session_id>/settle", methods=["GET", "POST"])
def session(session_id: str) -> str | Response:
    """A session's stake, and the fewest payments that settle it."""
    stored = or_404(load(get_db(), session_id))
    stake = stakes.stake_of(get_db(), session_id)
    form = StakeForm(rounding=stake.rounding if stake else 10)
    if request.method == "POST":
        require_edit(session_id)
        if form.validate():
            try:
                cents = read_stake(form.stake.data)
            except ScoringError as error:
                form.stake.errors = [error.message]
            else:
                stakes.set_stake(get_db(), session_id, stakes.Stake(cents, form.rounding.data))
                return redirect(url_for("settle.session", session_id=session_id))
    elif stake:
        form.stake.data = money(stake.cents)
    lines: list[str] = []
    balances: list[tuple[str, str]] = []
    why: list[list[tuple[int, str]]] = []
    session = scored(stored)
    if stake:
        amounts = session_money(session.totals, stake.cents, stake.rounding)
        names = dict(enumerate(stored.players))
        lines = payment_lines(payments(amounts), names)
        balances = [(stored.players[s], money(a)) for s, a in enumerate(amounts)]
        why = [
            list(said_all(line))
            for line in balance_lines(session.totals, stake.cents, stake.rounding, stored.players)
        ]
    return render_template(
        "players/settle_session.html",
        stored=stored,
        form=form,
        stake=stake,
        lines=lines,
        balances=balances,
        why=why,
        complete=session.complete,
        editable=can_edit(session_id),
    )


@bp.get("/w/<session_id>/standings.png")
def standings(session_id: str) -> Response:
    """The standings and the running totals as a PNG to share (anyone with the watch
    link), drawn once per version."""
    return standings_response(session_id)


def _group() -> list[int]:
    chosen = (read_count(v, digits=18) for v in request.values.getlist("players"))
    return sorted({n for n in chosen if n is not None})[:12]


def _may_settle(staked: Iterable[str]) -> bool:
    """Whether this browser may say the group has paid: it keeps the club key, or the
    edit key of every staked session the ledger counts (one session a stranger started
    with the same players is not enough)."""
    counted = list(staked)
    return is_member() or (bool(counted) and all(can_edit(sid) for sid in counted))


@bp.get("/settle")
def group() -> str:
    """A group's running ledger since they last settled, and the payments that clear it."""
    db = get_db()
    everyone = roster.roster(db)
    names = {p.id: p.name for p in everyone}
    chosen = [who for who in _group() if who in names]
    staked = stakes.group_sessions(db, chosen) if chosen else {}
    played = [p for p in league.played() if p.session_id in staked] if staked else []
    ledger = group_balances(played, {s: (k.cents, k.rounding) for s, k in staked.items()})
    order = [who for who in chosen if who in ledger]
    amounts = [ledger[who] for who in order]
    lines = payment_lines(payments(amounts), dict(enumerate(names[w] for w in order)))
    return render_template(
        "players/settle_group.html",
        everyone=everyone,
        chosen=chosen,
        sessions=len(played),
        balances=[(names[w], money(ledger[w])) for w in order],
        lines=lines,
        since=stakes.last_settled(db, chosen)[:10] if chosen else "",
        form=SettleForm(),
        may_settle=_may_settle(staked),
    )


@bp.post("/settle")
def settle_group() -> Response:
    """The group has paid: their ledger starts again from now."""
    chosen = _group()
    if not SettleForm().validate() or len(chosen) < 2:
        flash(_("Pick the players who settled."), "error")
        return redirect(url_for("settle.group"))
    if not _may_settle(stakes.group_sessions(get_db(), chosen)):
        abort(403)
    stakes.record_settlement(get_db(), chosen, [])
    flash(_("Settled. The ledger starts again from here."), "done")
    return redirect(url_for("settle.group", players=chosen))
