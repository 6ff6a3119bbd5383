"""Tournament session pages: start one, the scorer's screen, the watchers' and the TV's;
the scorer's link, undo and the history are every game's pages (``game_pages``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from barbu_scorer.games import TOURNAMENT
from barbu_scorer.paper.screen_chart import screen_chart
from barbu_scorer.present.flashes import started_already
from barbu_scorer.present.history import barbu_entry
from barbu_scorer.present.live import ended_line
from barbu_scorer.present.session import session_view
from barbu_scorer.present.tv import declarers_left, last_hand, session_chart
from barbu_scorer.scoring.barbu.document import read_players
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme
from barbu_scorer.scoring.entries import ahead
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.units import HAND
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.sessions import StoredSession, create_session
from barbu_scorer.web.access import remember, scheme_lookup, scorer_label
from barbu_scorer.web.cached import fragment, per_language, per_version, scored
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_round import round_done
from barbu_scorer.web.forms.barbu import NewSessionForm
from barbu_scorer.web.forms.common import VersionForm
from barbu_scorer.web.game_pages import GamePages
from barbu_scorer.web.once import created_once
from barbu_scorer.web.pages import first_seat, stored_or_404
from barbu_scorer.web.table_checks import TOKEN_MARK, checks_of, with_token

bp = Blueprint("sessions", __name__)


pages = GamePages(
    TOURNAMENT,
    "/s/<session_id>",
    found=stored_or_404,
    recorded=lambda stored: len(stored.entries),
    undone=lambda n: _("Hand %(n)s undone. It stays in the history.", n=n),
    history="session/history.html",
    described=lambda stored: barbu_entry(stored.scheme, stored.players),
    owner=lambda stored: stored.players[0],  # the new-session form's seat 1 is "you"
)
pages.register(bp)


def _scheme(scheme_id: str | None) -> Scheme:
    """A built-in by id, else a saved house scheme by name; Tournament Barbu when none is
    named, and a 404 page for a name that is neither."""
    if not scheme_id:
        return BUILTINS["tournament"]
    found = BUILTINS.get(scheme_id) or scheme_lookup()(scheme_id)
    if found is None:
        abort(404)
    return found


@bp.route("/new", methods=["GET", "POST"])
def new() -> str | Response:
    """Start a session: names in seating order, a scheme, the first declarer."""
    scheme = _scheme(request.values.get("scheme"))
    form = NewSessionForm(scheme=scheme.id)
    while len(form.players) < scheme.players:
        form.players.append_entry()
    naming = request.form.get("action") == "names"  # no script: the chips take the names
    if not naming and form.validate_on_submit():
        try:
            players = read_players([p.data for p in form.players], scheme)
        except ScoringError as error:
            form.players.errors.append(str(error))
        else:
            first, drawn = first_seat(form.first.data, scheme.players)

            def create() -> tuple[str, str]:
                stored, key = create_session(
                    get_db(),
                    players=players,
                    scheme=scheme,
                    scheme_ref=scheme.id,
                    first_declarer=first,
                    name=form.name.data or "",
                    who=scorer_label(),
                )
                return stored.id, key

            session_id, key, fresh = created_once(create)
            remember(session_id, key)
            if not fresh:
                flash(started_already(), "ok")
            elif drawn:
                flash(_("The draw: %(name)s declares first.", name=players[first]), "draw")
            return redirect(url_for("sessions.scorer", session_id=session_id))
    return render_template(
        "session/new.html",
        form=form,
        scheme=scheme,
        schemes=BUILTINS.values(),
        house=scheme_store.list_schemes(get_db()),
        contract_names=[scheme.name_of(c) for c in scheme.contracts],
    )


@bp.get("/s/<session_id>")
def scorer(session_id: str) -> str:
    """The scorer's screen: the next hand's roles, totals, quota, the score table."""
    stored = pages.editing(session_id)
    remember(session_id)
    v = _view(stored)
    ended = _ended(stored)
    if ended:
        table = _plain_table(stored, v)
    else:
        urls = hand_urls(session_id, stored.entries)
        draw = lambda: render_template(  # noqa: E731
            "session/_table.html", v=v, hand_urls=urls, session_id=session_id
        )
        table = fragment("scorer-table", session_id, stored.version, draw)
    return render_template(
        "session/scorer.html",
        v=v,
        stored=stored,
        form=VersionForm(),
        ended=ended,
        table=table,
        round_done=round_done(stored),
        checks=checks_of(stored, scorer=True),
        form_url=form_urls(session_id),
        ahead=ahead(len(stored.entries), stored.scheme.hands, len(stored.scheme.contracts)),
    )


def _view(stored: StoredSession) -> dict[str, Any]:
    """The session screens' view-model, built once per version and language."""
    return per_language(
        "view", stored.id, stored.version, lambda: session_view(scored(stored), stored.players)
    )


def _plain_table(stored: StoredSession, v: dict[str, Any]) -> Markup:
    """The score table without links (the watchers', an ended session's), drawn once per
    version and language."""
    draw = lambda: render_template(  # noqa: E731
        "session/_table.html", v=v, hand_urls=None, session_id=stored.id
    )
    return fragment("plain-table", stored.id, stored.version, draw)


def hand_urls(session_id: str, entries: Sequence[object]) -> dict[int, str]:
    """Each recorded hand's form, as ``url_for`` writes it, built once (the route's shape
    with the number put in: 70 calls of ``url_for`` were a third of a table)."""
    form_url = form_urls(session_id)
    return {n: form_url(n) for n in range(1, len(entries) + 1)}


def form_urls(session_id: str) -> Callable[..., str]:
    """``form_url(number, contract=None)``: a hand's form (with its contract chosen), as
    ``url_for`` writes it, from the route's shape (the scorer's page names up to 64)."""
    shape = url_for("hands.edit", session_id=session_id, number=987654321)

    def form_url(number: int, contract: str | None = None) -> str:
        found = shape.replace("987654321", str(number))
        return f"{found}?{urlencode({'contract': contract})}" if contract else found

    return form_url


def _ended(stored: StoredSession) -> str | None:
    """The line "Ended after hand N", or None while the session goes on."""
    return ended_line(stored.ended_after, HAND)


@bp.get("/w/<session_id>")
def watch(session_id: str) -> Response:
    """The watchers' screen: the same figures, read-only, following the scorer live
    (cached per version; 304 while it holds)."""

    def page(scoring: str | None) -> str:
        stored = stored_or_404(session_id)
        v = _view(stored)
        table = _plain_table(stored, v)
        return render_template(
            "session/watch.html",
            v=v,
            last=last_hand(scored(stored), stored.players),  # the sentence a screen reader hears
            stored=stored,
            scoring=scoring,
            ended=_ended(stored),
            table=table,
            checks=checks_of(stored, scorer=scoring is not None),
            token=TOKEN_MARK,
        )

    return with_token(pages.watched("watch", session_id, page))


@bp.get("/w/<session_id>/tv")
def tv(session_id: str) -> Response:
    """The TV or tablet view: large standings, the last hand, the chart, what is left."""

    def page() -> str:
        stored = stored_or_404(session_id)
        session = scored(stored)
        # The chart is drawn from the session scored above (its lines only, not the sheet).
        return render_template(
            "session/tv.html",
            v=_view(stored),
            stored=stored,
            last=last_hand(session, stored.players),
            declarers=declarers_left(session, stored.players),
            chart=screen_chart(session_chart(session, stored.players)),
            ended=_ended(stored),
        )

    return per_version("tv", session_id, page)
