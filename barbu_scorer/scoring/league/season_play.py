"""A season's evenings from the stored sessions: the counting sessions grouped by the day
they were played, each a table of that evening's club night; with each player's expected
score from their rating before the session (``rating.steps``: the rule, once)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.event.ranking import TableScore
from barbu_scorer.scoring.league.divisions import ladder, next_season
from barbu_scorer.scoring.league.played import Played, PlayerId, in_order
from barbu_scorer.scoring.league.rating import Rating, steps
from barbu_scorer.scoring.league.season import Evening, Line, Result, evening, handicap, table
from barbu_scorer.scoring.league.season_spec import Season


def expectations(played: Sequence[Played]) -> dict[tuple[str, PlayerId], float]:
    """(session id, player) -> the score expected of them from their rating before it."""
    return {
        (s.played.session_id, s.who): Rating(s.before, s.sessions - 1).expected(s.played.scheme)
        for s in steps(played)
    }


def _day(day: str, sessions: list[Played], expected: dict[tuple[str, PlayerId], float]) -> Evening:
    index: dict[PlayerId, int] = {}
    tables: list[TableScore] = []
    hands: dict[int, int] = {}
    for number, p in enumerate(sessions):
        seats = []
        for seat, who in enumerate(p.whole):  # an anonymous or shared seat: nobody's
            key = who if who is not None else -1 - number * 10 - seat
            seats.append(index.setdefault(key, len(index)))
        tables.append(TableScore(0, number, tuple(seats), tuple(p.doc["totals"])))
        for seat in seats:
            hands[seat] = hands.get(seat, 0) + len(p.doc["hands"])
    one = evening(day, tables, hands)
    ids = {i: who for who, i in index.items() if who >= 0}
    results = []
    for r in one.results:
        if r.player in ids:
            who = ids[r.player]
            marks = [expected.get((p.session_id, who)) for p in sessions if who in p.whole]
            known = None if None in marks else sum(m for m in marks if m is not None)
            results.append(Result(who, r.score, r.hands, r.place, r.placing, known))
    return Evening(day, tuple(results))


def counting(season: Season, played: Sequence[Played]) -> list[Played]:
    """The sessions that count for the season (a hand played at least), in order of play."""
    return [
        p for p in in_order(played)
        if p.doc["hands"] and season.counts(p.session_id, p.date, p.scheme_name)
    ]  # fmt: skip


def evenings(season: Season, played: Sequence[Played]) -> list[Evening]:
    """The season's evenings, in order, from every stored session (those that count)."""
    expected = expectations(played) if season.handicap else {}
    days: dict[str, list[Played]] = {}
    for p in counting(season, played):
        days.setdefault(p.date[:10], []).append(p)
    return [_day(day, sessions, expected) for day, sessions in sorted(days.items())]


@dataclass(frozen=True)
class Figures:
    """Everything the season's page shows: its table, handicap table, each division's
    finishing order and next season's proposed divisions, and the ladder."""

    evenings: int
    table: list[Line]
    handicap: list[Line]
    divisions: list[list[PlayerId]]
    proposed: list[list[PlayerId]]
    ladder: list[PlayerId]


def finishing(division: Sequence[PlayerId], lines: Sequence[Line]) -> list[PlayerId]:
    """A division's finishing order: its players by their season place, those without an
    evening last in the division's own order."""
    placed = [line.player for line in lines if line.player in division]
    return placed + [p for p in division if p not in placed]


def games(p: Played) -> list[tuple[PlayerId, PlayerId]]:
    """A session's ladder games: every two whole seats with different totals, the winner
    the higher; the better winner's games first (best place, then the loser's)."""
    seats = [(t, who) for t, who in zip(p.doc["totals"], p.whole, strict=True) if who is not None]
    seats.sort(key=lambda tw: -tw[0])
    return [(a[1], b[1]) for i, a in enumerate(seats) for b in seats[i + 1 :] if a[0] > b[0]]


def figures(season: Season, played: Sequence[Played]) -> Figures:
    """The season's figures from every stored session."""
    nights = evenings(season, played)
    lines = table(nights, season.rules)
    finished = [finishing(d, lines) for d in season.divisions]
    proposed = next_season(finished, season.k) if finished else []
    ladder_order: list[PlayerId] = []
    if season.ladder:
        ladder_order = [p for d in season.divisions for p in d]
        found = [g for p in counting(season, played) for g in games(p)]
        ladder_order = ladder(ladder_order, found, season.ladder)
    hcp = handicap(nights) if season.handicap else []
    return Figures(len(nights), lines, hcp, finished, proposed, ladder_order)
