"""A club night's ranking in words: each player's event total or placing points as the sum
of their tables (a round sat out at the average), and each tie-break that set two players
apart (see ``ranking.py`` for the rules, ``scoring/explained.py`` for what a line states)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from barbu_scorer.scoring.event.ranking import (
    ROUND_POINTS,
    SIT_OUT_POINTS,
    Method,
    Share,
    Standing,
    TableScore,
    placing_points,
    shares,
)
from barbu_scorer.scoring.explained import Line, Points, line, sign
from barbu_scorer.scoring.messages import Message, msg


def _table_line(table: TableScore, share: Share, method: Method) -> Line:
    seat, score = share.seat, table.scores[share.seat]
    if share.part != 1:
        return _part_line(table, share, method)
    if method == "total":
        return line(
            msg(
                "round %(round)s, table %(table)s: %(score)s",
                round=table.round,
                table=table.table,
                score=sign(score),
            )
        )
    others = len(table.scores) - 1
    return line(
        msg(
            "round %(round)s, table %(table)s: %(mine)s, ahead of %(beaten)s and level with "
            "%(tied)s of %(others)s others: (%(beaten)s + %(tied)s ÷ 2) × %(round_points)s ÷ "
            "%(others)s = %(score)s",
            round=table.round,
            table=table.table,
            mine=sign(score),
            beaten=sum(1 for o in table.scores if o < score),
            tied=sum(1 for o in table.scores if o == score) - 1,
            others=others,
            round_points=ROUND_POINTS,
            score=Points(placing_points(table.scores)[seat]),
        ),
        rule="placing",
    )


def _part_line(table: TableScore, share: Share, method: Method) -> Line:
    """A seat shared with a substitute: the hands one played, their part of its points."""
    if method == "total":
        says = msg(
            "round %(round)s, table %(table)s, the hands you played of a shared seat: %(score)s",
            round=table.round,
            table=table.table,
            score=sign(share.score),
        )
        return line(says)
    says = msg(
        "round %(round)s, table %(table)s, a shared seat: %(part)s of its %(points)s "
        "placing points, for the part of its hands you played = %(score)s",
        round=table.round,
        table=table.table,
        part=Points(share.part),
        points=Points(placing_points(table.scores)[share.seat]),
        score=Points(share.points),
    )
    return line(says, rule="placing")


def player_line(
    player: int,
    names: Sequence[str],
    tables: Sequence[TableScore],
    method: Method,
    sat_out: Sequence[int] = (),
) -> Line:
    """A player's ranking figure (the event total, or the placing points) from their tables."""
    mine = [(t, s) for t in tables if t.started for s in shares(t) if s.player == player]
    parts = [_table_line(t, s, method) for t, s in mine]
    if method == "total":
        total = sum(s.score for _t, s in mine)
        says = msg("%(name)s: %(score)s in all", name=names[player], score=sign(total))
        return line(says, *parts, rule="total")
    sat = sat_out.count(player)
    parts += [
        line(msg("a round sat out: %(score)s, the round's average", score=Points(SIT_OUT_POINTS)))
        for _ in range(sat)
    ]
    placing = sum((p.amount() or Fraction(0) for p in parts), Fraction(0))
    says = msg("%(name)s: %(score)s placing points", name=names[player], score=Points(placing))
    return line(says, *parts, rule="placing")


def tie_breaks(rows: Sequence[Standing], names: Sequence[str], method: Method) -> tuple[Line, ...]:
    """Each pair of neighbours the first measure leaves level, and what set them apart."""
    out = []
    for above, below in zip(rows, rows[1:], strict=False):
        first = (
            (above.total == below.total) if method == "total" else above.placing == below.placing
        )
        if not first:
            continue
        pair = {"name": names[above.player], "other": names[below.player]}
        says: Message
        if method == "total" and above.placing != below.placing:
            says = msg(
                "%(name)s and %(other)s are level on the event total; placing points decide: "
                "%(mine)s to %(theirs)s",
                mine=Points(above.placing),
                theirs=Points(below.placing),
                **pair,
            )
        elif method == "placing" and above.total != below.total:
            says = msg(
                "%(name)s and %(other)s are level on placing points; the event total decides: "
                "%(mine)s to %(theirs)s",
                mine=sign(above.total),
                theirs=sign(below.total),
                **pair,
            )
        elif above.best != below.best:
            says = msg(
                "%(name)s and %(other)s are level on both; the best table score decides: "
                "%(mine)s to %(theirs)s",
                mine=sign(above.best or 0),
                theirs=sign(below.best or 0),
                **pair,
            )
        else:
            says = msg(
                "%(name)s and %(other)s are level on every measure: they share the place", **pair
            )
        out.append(line(says, rule="ties"))
    return tuple(out)
