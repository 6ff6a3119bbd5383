"""The roster pages: the list, a player's page, rename, merge, delete; and the roster
chips and the seat message the new-session pages of both games use."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.paper.league import trend_svg
from barbu_scorer.present.explain import said, said_all
from barbu_scorer.present.league import (
    bridge_view,
    duel_view,
    player_view,
    ranking_note,
    ranking_rows,
)
from barbu_scorer.present.season import player_seasons
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.league.rating_explained import rating_lines
from barbu_scorer.store import club
from barbu_scorer.store import players as roster
from barbu_scorer.web import league
from barbu_scorer.web.access import seal
from barbu_scorer.web.club import (
    club_key,
    club_link,
    is_member,
    require_member,
    take_once,
)
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.players import (
    DeleteForm,
    MergeForm,
    RenameForm,
    SeatProblem,
    seat_problem,
)

bp = Blueprint("players", __name__)


@bp.app_template_global()
def roster_names() -> list[str]:
    """The roster's names for the new-session chips, the most recently seen first."""
    return [player.name for player in roster.roster(get_db())]


@bp.app_template_global()
def seats_problem(fields: Iterable[object], labels: Sequence[str] = ()) -> SeatProblem:
    """The one message about the seats of a posted new-session form (none on a GET);
    the seats are called "Seat 1", "Seat 2"... unless ``labels`` names them."""
    if request.method != "POST":
        return SeatProblem("", frozenset())
    typed = [getattr(field, "data", None) for field in fields]
    names = list(labels) or [_("Seat %(n)s", n=seat + 1) for seat in range(len(typed))]
    return seat_problem(typed, names)


@bp.app_template_global()
def club_member() -> bool:
    """For the roster pages: show the write forms, or say how to get the club link."""
    return is_member()


@bp.get("/club/<key>")
def keep_club_key(key: str) -> Response:
    """The club link: keep the club key in this browser, then open the roster."""
    if not club.matches(get_db(), key):
        abort(403)  # checked first: a wrong link never replaces a key this browser keeps
    session["club"] = seal(key)
    flash(_("This browser may now rename, merge and delete players."), "done")
    return redirect(url_for("players.index"))


@bp.get("/club/once/<token>")
def show_club_link(token: str) -> Response:
    """The page ``serve`` prints for the laptop: the club link, shown once (the key is
    kept in this browser too); the same address again is 404."""
    if not take_once(token):
        abort(404)
    session["club"] = seal(club_key())
    response = make_response(render_template("club_link.html", link=club_link()))
    response.headers["Cache-Control"] = "no-store"
    return response


def _player_or_404(player_id: int) -> roster.RosterPlayer:
    player = roster.get(get_db(), player_id)
    if player is None:
        abort(404)
    return player


@bp.get("/players")
def index() -> str:
    """Every saved player, the most recently seen first."""
    return render_template("players/index.html", players=roster.roster(get_db()))


@bp.get("/players/<int:player_id>")
def player(player_id: int) -> str:
    """A player's page: their statistics and trend, and the roster's tools."""
    found = _player_or_404(player_id)
    everyone = roster.roster(get_db())
    names: dict[int | None, str] = {p.id: p.name for p in everyone}
    stats = league.stats_of(player_id)
    return render_template(
        "players/player.html",
        player=found,
        others=[p for p in everyone if p.id != player_id],
        v=player_view(stats, names),
        rating_why=_rating_why(player_id, names),
        bridge=bridge_view(league.bridge_of(player_id), names),
        seasons=player_seasons([(s.id, s.season, x) for s, x in league.seasons_of(player_id)]),
        trend=league.figure(
            ("trend", player_id, str(get_locale())),
            lambda: trend_svg(
                [(m.date, m.score) for m in stats.trend], _("Final score, session by session")
            ),
        ),
        rename=RenameForm(name=found.name),
        merge=MergeForm(),
        delete=DeleteForm(),
    )


@bp.get("/players/<int:player_id>/rating")
def rating(player_id: int) -> str:
    """A player's rating in words, each session's step to it: what a tapped figure of the
    ranking opens as a sheet at the bottom of the screen."""
    _player_or_404(player_id)
    names = {p.id: p.name for p in roster.roster(get_db())}
    found = rating_lines(league.played(), player_id, names)
    if found is None:
        abort(404)
    return render_template(
        "session/explain.html",
        heading=said(found),
        sections=[(_("How the rating was made"), (found,))],
        back_url=url_for("players.ranking"),
        rules_url=None,
        rules_words="",
    )


def _rating_why(player_id: int, names: dict[int | None, str]) -> list[tuple[int, str]]:
    """The player's rating and each session's step to it, in words."""
    known = {k: v for k, v in names.items() if k is not None}
    found = rating_lines(league.played(), player_id, known)
    return [] if found is None else list(said_all(found))


@bp.get("/players/<int:first>/vs/<int:second>")
def versus(first: int, second: int) -> str:
    """Two players at the same table: who finishes ahead, by how much, who doubles whom."""
    a, b = _player_or_404(first), _player_or_404(second)
    duel = league.duel_of(first, second)
    label = _("%(a)s minus %(b)s, session by session", a=a.name, b=b.name)
    return render_template(
        "players/versus.html",
        a=a,
        b=b,
        v=duel_view(duel),
        trend=league.figure(
            ("duel trend", first, second, str(get_locale())), lambda: trend_svg(duel.trend, label)
        ),
    )


@bp.get("/ranking")
def ranking() -> str:
    """Every rated player, strongest first."""
    names = {p.id: p.name for p in roster.roster(get_db())}
    rows = ranking_rows(league.rated(), names)
    return render_template("players/ranking.html", rows=rows, note=ranking_note())


def _done(player_id: int, message: str) -> Response:
    flash(message, "done")
    return redirect(url_for("players.player", player_id=player_id))


def _refused(player_id: int, message: str) -> Response:
    flash(message, "error")
    return redirect(url_for("players.player", player_id=player_id))


@bp.post("/players/<int:player_id>/rename")
def rename(player_id: int) -> Response:
    """Rename the player, here and in every session they played."""
    require_member()
    _player_or_404(player_id)
    form = RenameForm()
    if not form.validate():
        return _refused(player_id, " ".join(str(e) for e in form.name.errors) or _("Try again."))
    try:
        done = roster.rename(get_db(), player_id, form.name.data or "", "roster page")
    except ScoringError as error:
        return _refused(player_id, error.message)
    return _done(player_id, _("Renamed %(name)s.", name=done.name))


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int) -> Response:
    """Fold this player into another (the same person typed two ways)."""
    require_member()
    gone = _player_or_404(player_id)
    form = MergeForm()
    if not form.validate() or form.into.data is None:
        return _refused(player_id, _("Pick the player to merge into."))
    keep = _player_or_404(form.into.data)
    try:
        roster.merge(get_db(), keep.id, gone.id, "roster page")
    except ScoringError as error:
        return _refused(player_id, error.message)
    return _done(keep.id, _("%(gone)s is now %(keep)s.", gone=gone.name, keep=keep.name))


@bp.post("/players/<int:player_id>/delete")
def delete(player_id: int) -> Response:
    """Take the player off the roster; their sessions keep "Player 3" in their seat."""
    require_member()
    gone = _player_or_404(player_id)
    if not DeleteForm().validate():
        return _refused(player_id, _("Try again."))
    roster.delete(get_db(), player_id, "roster page")
    flash(_("%(name)s is off the roster; their seats now read “Player n”.", name=gone.name), "done")
    return redirect(url_for("players.index"))
