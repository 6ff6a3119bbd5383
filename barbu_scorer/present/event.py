"""View-models of a club night: the director's console, the leaderboard, the results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from babel.numbers import format_decimal

from barbu_scorer.present.explain import said, said_all
from barbu_scorer.present.format import place, signed
from barbu_scorer.scoring.event.pace import Beat, Pace, pace, phone
from barbu_scorer.scoring.event.progress import TableProgress
from barbu_scorer.scoring.event.ranking import (
    BEATEN_POINTS,
    ROUND_POINTS,
    SIT_OUT_POINTS,
    TIE_POINTS,
    Earlier,
    Method,
    Standing,
    TableScore,
    standings,
)
from barbu_scorer.scoring.event.ranking_explained import player_line, tie_breaks
from barbu_scorer.scoring.explained import Line
from barbu_scorer.scoring.messages import active_locale, say, say_n
from barbu_scorer.scoring.places import shared


@dataclass(frozen=True)
class TableInfo:
    """What the view-models need of one table of one round."""

    round: int
    number: int
    session_id: str
    names: tuple[str, ...]
    declarer: str | None
    progress: TableProgress
    started: datetime
    stamps: tuple[datetime, ...]
    beat: Beat | None = None
    """The last beat of the table's scorer page (None: none yet)."""


@dataclass(frozen=True)
class ConsoleRow:
    """One table's line on the director's console."""

    round: int
    number: int
    session_id: str
    names: tuple[str, ...]
    declarer: str | None
    done: int
    due: int
    pace: str
    forecast: str
    warnings: tuple[str, ...]
    finished: bool
    quiet: bool


@dataclass(frozen=True)
class RankRow:
    """One line of the leaderboard."""

    place: int
    shared: bool
    shown: str  # the place as written: "3", "=3"
    name: str
    total: str
    placing: str
    best: str
    tables: int
    why: tuple[tuple[int, str], ...] = ()  # the figure in words, each line with its depth
    number: int = 0
    """The player's number in the event (1-based: their evening's address)."""


def clock(moment: datetime | None) -> str:
    """A time of day in the server's zone (the club's laptop), "22:40"."""
    return "" if moment is None else moment.astimezone().strftime("%H:%M")


def clock_of(stamp: str | None) -> str:
    """A stored ISO time as a time of day in the server's zone ("" for none)."""
    return "" if not stamp else clock(datetime.fromisoformat(stamp))


def points(value: Fraction) -> str:
    """Placing points with two decimals at most ("7.5", "6.25"; "7,5" in French)."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".") or "0"
    locale = active_locale()
    return text if locale == "en" else format_decimal(float(text), "0.##", locale=locale)


def ranking_rule(method: Method) -> str:
    """How the leaderboard ranks, in words built from the rules' own figures."""
    if method == "placing":
        return say(
            "by placing points (%(round)s a round: %(beaten)s per player beaten, %(tie)s per "
            "tie, scaled to the table's size); ties: event total, then best table score",
            round=points(Fraction(ROUND_POINTS)),
            beaten=points(BEATEN_POINTS),
            tie=points(TIE_POINTS),
        )
    return say(
        "by event total (sum of the adjusted scores); ties: placing points, then best table score"
    )


def sitting_out() -> str:
    """The console's heading for the players sitting the round out, with their points."""
    return say("Sitting this round out (%(points)s placing points):", points=points(SIT_OUT_POINTS))


def _phone(info: TableInfo, playing: bool, now: datetime) -> list[str]:
    """The phone's words: its unsent hands, or that it has not been seen for a while."""
    state, out = phone(info.beat, playing, now), []
    if state.unsent:
        out.append(
            say_n(
                "%(count)s unsent hand on the phone (%(t)s)",
                "%(count)s unsent hands on the phone (%(t)s)",
                state.unsent,
                t=clock(state.seen),
            )
        )
    if state.unseen:
        out.append(say("phone not seen since %(t)s", t=clock(state.seen)))
    return out


def _warnings(info: TableInfo, p: Pace, now: datetime) -> tuple[str, ...]:
    out = [
        say("%(name)s must double on every hand left", name=info.names[seat])
        for seat in info.progress.must_double
    ]
    if info.progress.extra:
        out.append(
            say_n(
                "%(count)s hand played beyond the round is not counted",
                "%(count)s hands played beyond the round are not counted",
                info.progress.extra,
            )
        )
    if p.quiet:
        out.append(say("quiet: nothing saved for a while (unsent hands on the phone?)"))
    out.extend(_phone(info, not info.progress.finished, now))
    return tuple(out)


def _minutes(seconds: float) -> str:
    text = f"{round(seconds / 60, 1):g}"
    locale = active_locale()
    return text if locale == "en" else format_decimal(float(text), "0.#", locale=locale)


def console_row(info: TableInfo, now: datetime) -> ConsoleRow:
    """A table's progress, pace and forecast finish, and its warnings."""
    prog = info.progress
    p = pace(info.started, info.stamps[: prog.done], prog.due, now)
    per = "" if p.per_hand is None else say("%(m)s min a hand", m=_minutes(p.per_hand))
    forecast = (
        say("finished")
        if prog.finished
        else (
            say("at this pace table %(n)s ends at %(t)s", n=info.number, t=clock(p.finish))
            if p.finish
            else ""
        )
    )
    return ConsoleRow(
        info.round,
        info.number,
        info.session_id,
        info.names,
        info.declarer,
        prog.done,
        prog.due,
        per,
        forecast,
        _warnings(info, p, now),
        prog.finished,
        p.quiet and not prog.finished,
    )


def table_scores(
    tables: Sequence[TableInfo],
    seats: Mapping[str, tuple[int, ...]],
    earlier: Mapping[str, tuple[Earlier, ...]] | None = None,
) -> list[TableScore]:
    """The tables as the ranking reads them (``seats``: session id -> event players;
    ``earlier``: the seats a substitute took over mid-table, by session id)."""
    return [
        TableScore(
            t.round,
            t.number,
            seats[t.session_id],
            t.progress.scores,
            t.progress.done > 0,
            (earlier or {}).get(t.session_id, ()),
        )
        for t in tables
    ]


def leaderboard(
    names: Sequence[str],
    tables: Sequence[TableInfo],
    seats: Mapping[str, tuple[int, ...]],
    method: Method,
    sat_out: Sequence[int] = (),
    earlier: Mapping[str, tuple[Earlier, ...]] | None = None,
) -> list[RankRow]:
    """The ranking's lines, best first, formatted."""
    scored = table_scores(tables, seats, earlier)
    rows: list[Standing] = standings(len(names), scored, method, sat_out)
    ties = shared([r.place for r in rows])
    broken = {id(b): t for b, t in _tie_lines(rows, names, method)}
    return [
        RankRow(
            r.place,
            tied,
            place(r.place, tied),
            names[r.player],
            signed(r.total),
            points(r.placing),
            "" if r.best is None else signed(r.best),
            r.tables,
            _why(r, names, scored, method, sat_out, broken.get(id(r))),
            r.player + 1,
        )
        for r, tied in zip(rows, ties, strict=True)
    ]


def _why(
    row: Standing,
    names: Sequence[str],
    scored: Sequence[TableScore],
    method: Method,
    sat_out: Sequence[int],
    tie: Line | None,
) -> tuple[tuple[int, str], ...]:
    """A leaderboard line's figure in words, and the tie-break that placed it below."""
    said_lines = tuple(said_all(player_line(row.player, names, scored, method, sat_out)))
    return said_lines if tie is None else (*said_lines, (0, said(tie)))


def _tie_lines(
    rows: Sequence[Standing], names: Sequence[str], method: Method
) -> list[tuple[Standing, Line]]:
    """Each tie-break in words, with the lower of the two players it set apart."""
    lines = iter(tie_breaks(rows, names, method))
    out = []
    for above, below in zip(rows, rows[1:], strict=False):
        level = above.total == below.total if method == "total" else above.placing == below.placing
        if level:
            out.append((below, next(lines)))
    return out
