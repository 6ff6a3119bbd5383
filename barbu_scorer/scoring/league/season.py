"""A season: evenings counted across weeks, ranked by the rule the club picked.

An evening is every counting session played on one date, each session a table of the
club night: its lines come from the club night's ranking (``scoring/event/ranking.py``:
the same scores, places and placing points), never worked out again here.

Rules, each with its tie-breaks in order (players still level share the place):

* ``total``: the sum of a player's adjusted scores; then the best single evening, then
  the more evenings played.
* ``average``: that sum per hand played; then the more hands played, then the best
  evening.
* ``best``: the sum of a player's best N evening scores among the season's first M
  evenings (M = 0: all of them); then the next best evening not counted, and the one
  after, down the list, then the more evenings played.
* ``placing``: the club night's placing points of every evening, summed; then the total
  score, then the best evening.
* ``club``: points by the evening's place from the club's table (e.g. 10-7-5-3-1; a
  place past the table's end scores 0); players tied at an evening share the place, so
  each gets that place's points ("1, 1, 3": 10, 10, 5); then the total score, then the
  best evening.

Handicap: each evening's score minus the score the player was expected to make from
their rating before the evening (``rating.Rating.expected``, summed over the tables they
played): H = sum over evenings of (score - E), where for one table of n players with
spread S and session total T, E = ((n - 1) S r + T) / n, r the rating before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from barbu_scorer.scoring.event.ranking import TableScore, standings
from barbu_scorer.scoring.places import ranking

Rule = Literal["total", "average", "best", "placing", "club"]
RULES: tuple[Rule, ...] = ("total", "average", "best", "placing", "club")
CLUB_POINTS: tuple[int, ...] = (10, 7, 5, 3, 1)
"""The club table of points by place the app proposes."""


@dataclass(frozen=True)
class Result:
    """One player's evening: their score, hands, place and placing points at it, and the
    score expected of them from their rating before it (None: not rated)."""

    player: int
    score: int
    hands: int
    place: int
    placing: Fraction
    expected: float | None = None


@dataclass(frozen=True)
class Evening:
    """One evening of the season: its date and every player's line."""

    date: str
    results: tuple[Result, ...]


@dataclass(frozen=True)
class Rules:
    """The season's scoring rule and its figures."""

    rule: Rule = "total"
    best: int = 0
    """N of best N (0: every evening)."""
    of: int = 0
    """M of best N of M: the season's first M evenings count (0: all)."""
    points: tuple[int, ...] = CLUB_POINTS


Keyed = tuple[tuple[Fraction, ...], int, Fraction, int, tuple[str, ...]]
"""(sort key, player, value, evenings, counted dates) before the places are given."""


@dataclass(frozen=True)
class Line:
    """One player's line of the season table."""

    place: int
    player: int
    value: Fraction
    evenings: int
    hands: int
    counted: tuple[str, ...]
    """The dates of the evenings whose value counts."""


def evening(date: str, tables: Sequence[TableScore], hands: dict[int, int]) -> Evening:
    """An evening from its tables, ranked by the club night's rule (places by total,
    placing points as the club night gives them); ``hands`` each player's hands played."""
    players = 1 + max((p for t in tables for p in t.players), default=-1)
    rows = [s for s in standings(players, tables) if s.tables]
    return Evening(
        date,
        tuple(Result(s.player, s.total, hands.get(s.player, 0), s.place, s.placing) for s in rows),
    )


def club_points(results: Sequence[Result], points: Sequence[int]) -> dict[int, int]:
    """Each player's club points at one evening: by place, tied players sharing it."""
    places = ranking([r.score for r in results])
    return {
        results[seat].player: points[place - 1] if place <= len(points) else 0
        for place, seat in places
    }


def _values(evenings: Sequence[Evening], rules: Rules) -> dict[int, list[tuple[Fraction, str]]]:
    """Each player's value of each evening under the rule, in the evenings' order."""
    out: dict[int, list[tuple[Fraction, str]]] = {}
    for one in evenings:
        club = club_points(one.results, rules.points) if rules.rule == "club" else {}
        for r in one.results:
            value = {"placing": r.placing, "club": Fraction(club.get(r.player, 0))}
            out.setdefault(r.player, []).append(
                (value.get(rules.rule, Fraction(r.score)), one.date)
            )
    return out


def _key(
    rules: Rules, values: list[Fraction], value: Fraction, hands: int, score: int
) -> tuple[Fraction, ...]:
    top = max(values, default=Fraction(0))
    if rules.rule == "best":
        n = rules.best or len(values)
        rest = sorted(values, reverse=True)[n:]
        return (value, *rest, Fraction(len(values)))
    if rules.rule == "average":
        return (value, Fraction(hands), top)
    if rules.rule == "total":
        return (value, top, Fraction(len(values)))
    return (value, Fraction(score), top)


def table(evenings: Sequence[Evening], rules: Rules) -> list[Line]:
    """The season table, best first, under ``rules``."""
    counting = sorted(evenings, key=lambda e: e.date)
    if rules.rule == "best" and rules.of:
        counting = counting[: rules.of]
    values = _values(counting, rules)
    hands = {p: sum(r.hands for e in counting for r in e.results if r.player == p) for p in values}
    scores = {p: sum(r.score for e in counting for r in e.results if r.player == p) for p in values}
    keyed: list[Keyed] = []
    for player, dated in values.items():
        figures = [v for v, _d in dated]
        counted = dated
        if rules.rule == "best" and rules.best:
            counted = sorted(dated, key=lambda vd: (-vd[0], vd[1]))[: rules.best]
        value = sum((v for v, _d in counted), Fraction(0))
        if rules.rule == "average":
            value = Fraction(scores[player], hands[player]) if hands[player] else Fraction(0)
        key = _key(rules, figures, value, hands[player], scores[player])
        keyed.append((key, player, value, len(dated), tuple(sorted(d for _v, d in counted))))
    return _placed(keyed, hands)


def _placed(
    keyed: list[tuple[tuple[Fraction, ...], int, Fraction, int, tuple[str, ...]]],
    hands: dict[int, int],
) -> list[Line]:
    keyed.sort(key=lambda k: ([-x for x in k[0]], k[1]))
    lines: list[Line] = []
    for index, (key, player, value, count, counted) in enumerate(keyed):
        level = index and keyed[index - 1][0] == key
        place = lines[-1].place if level else index + 1
        lines.append(Line(place, player, value, count, hands[player], counted))
    return lines


def handicap(evenings: Sequence[Evening]) -> list[Line]:
    """The handicap table: each rated evening's score minus the expected score, summed;
    ties broken by the more evenings played. Unrated evenings do not count."""
    values: dict[int, list[tuple[Fraction, str]]] = {}
    hands: dict[int, int] = {}
    for one in evenings:
        for r in one.results:
            if r.expected is not None:
                margin = Fraction(r.score) - Fraction(r.expected).limit_denominator(1000)
                values.setdefault(r.player, []).append((margin, one.date))
                hands[r.player] = hands.get(r.player, 0) + r.hands
    keyed: list[Keyed] = []
    for player, dated in values.items():
        value = sum((v for v, _d in dated), Fraction(0))
        keyed.append(
            ((value, Fraction(len(dated))), player, value, len(dated), tuple(d for _v, d in dated))
        )
    return _placed(keyed, hands)
