"""The pages every game has, driven by its entry in the games registry.

A game's blueprint makes one ``GamePages`` (where its session pages live, how a page finds
its stored session, how many entries it holds, what an undo says) and registers through it
the pages that are the same for every game: the scorer's link (``claim``), the handover
link (``take``: the scoring moves to the phone that opens it), ``undo`` and the history
(``changes``). Its own pages (the scorer's screen, the watchers' and the TV's)
stay on its blueprint and call ``editing`` and ``watched`` for the steps they share.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from barbu_scorer.games import AnyGame
from barbu_scorer.present.history import Describe
from barbu_scorer.store.scorer_key import hand_over
from barbu_scorer.store.sessions import key_matches
from barbu_scorer.web.access import (
    Moved,
    can_edit,
    keep_key,
    kept_key,
    remember,
    require_edit,
    scorer_label,
)
from barbu_scorer.web.cached import per_version, remembered
from barbu_scorer.web.club import is_member
from barbu_scorer.web.db import get_db
from barbu_scorer.web.pages import Progress, Stored, history_page, refuse_ended, undo_last

S = TypeVar("S", bound=Stored)


@dataclass(frozen=True)
class GamePages(Generic[S]):
    """One game's shared pages, on its blueprint under ``root`` ("/s/<session_id>")."""

    game: AnyGame
    root: str
    found: Callable[[str], S]
    """The stored session of this game, or a 404 page (``abort``)."""
    recorded: Callable[[S], int]
    """How many entries the stored session holds."""
    undone: Callable[[int], str]
    """What the scorer is told once entry ``n`` is undone (in the reader's language)."""
    history: str
    """The history page's template."""
    described: Callable[[S], Describe]
    """How the history says one entry of the stored session in words."""
    owner: Callable[[S], str | None] = lambda stored: None
    """Whose phone started the session, when the new-session form says so."""

    def register(self, bp: Blueprint) -> None:
        """Add claim, undo and changes to ``bp``, under ``root``."""
        bp.add_url_rule(f"{self.root}/k/<key>", "claim", self.claim, methods=["GET"])
        bp.add_url_rule(f"{self.root}/take/<key>", "take", self.take, methods=["GET", "POST"])
        bp.add_url_rule(f"{self.root}/undo", "undo", self.undo, methods=["POST"])
        bp.add_url_rule(f"{self.root}/history", "changes", self.changes, methods=["GET"])

    def editing(self, session_id: str) -> S:
        """The stored session for its scorer: a 404 page, or 403 without the edit key."""
        stored = self.found(session_id)
        require_edit(session_id)
        return stored

    def entry_form(self, session_id: str, number: int, total: int, sheet: str) -> S:
        """The stored session for its scorer's form of entry ``number`` (of ``total``): the
        page that says it ended (linking ``sheet``, an endpoint) when it changes no more."""
        stored = self.editing(session_id)
        at = Progress(session_id, stored.ended_after, self.recorded(stored), total, number)
        refuse_ended(at, self.game.unit, sheet, self.game.pages.scorer)
        return stored

    def watched(self, kind: str, session_id: str, render: Callable[[str | None], str]) -> Response:
        """A watchers' page, cached per version (304 while it holds) and kept among this
        device's sessions; ``render`` is given the scorer's page when this browser may
        score, else None."""
        pages = self.game.pages
        scoring = url_for(pages.scorer, session_id=session_id) if can_edit(session_id) else None
        # The club's way back to a session whose every key was lost (web/views/live.py).
        handover = "live.bridge_handover" if pages.scorer.startswith("bridge.") else "live.handover"
        g.club_handover = (
            url_for(handover, session_id=session_id) if not scoring and is_member() else None
        )
        answer = per_version(kind, session_id, lambda: render(scoring), (scoring, g.club_handover))
        return remembered(session_id, answer)

    def claim(self, session_id: str, key: str) -> Response:
        """The scorer's link: keep the edit key in this browser, then open the session."""
        self.found(session_id)
        return keep_key(session_id, key, self.game.pages.scorer)

    def take(self, session_id: str, key: str) -> Response | str:
        """The handover link (the scorer's QR): a page asking this phone to take the
        scoring over (a link's previewer only reads it); its button moves the role here
        (a fresh key kept in this browser, the old one refused from then on: ``Moved``)."""
        self.found(session_id)
        pages = self.game.pages
        if kept_key(session_id) == key:  # the phone scoring now opened its own link
            return redirect(url_for(pages.scorer, session_id=session_id))
        if not key_matches(get_db(), session_id, key):
            raise Moved()
        if request.method == "GET":
            watch = url_for(pages.watch, session_id=session_id)
            return render_template("live/take.html", watch=watch)
        if not FlaskForm().validate_on_submit():
            abort(400)
        fresh = hand_over(get_db(), session_id, key, scorer_label())
        if fresh is None:  # another phone took it meanwhile
            raise Moved()
        remember(session_id, fresh)
        flash(_("This phone scores the session now; the other phone only watches."), "ok")
        return redirect(url_for(pages.scorer, session_id=session_id))

    def undo(self, session_id: str) -> Response:
        """Remove the last entry."""
        number = self.recorded(self.found(session_id))
        require_edit(session_id)
        done = self.undone(number)
        return undo_last(self.game.undo, session_id, number, done, self.game.pages.scorer)

    def changes(self, session_id: str) -> str:
        """Every change made to the session: who, what, when."""
        stored = self.editing(session_id)
        unit, describe = self.game.unit, self.described(stored)
        return history_page(self.history, stored, unit, describe, self.owner(stored))
