"""What the TV (or tablet) view of a Tournament session shows: the last hand with its
doubles and each block's declarer with the contracts left, beside ``session_view``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from barbu_scorer.present.chips import chip_names
from barbu_scorer.present.format import doubles_notation, short_names, signed
from barbu_scorer.present.session import hand_label
from barbu_scorer.present.sheet_model import ChartLines, Series
from barbu_scorer.scoring.barbu.remaining import left_by_block
from barbu_scorer.scoring.barbu.sessions import Session

T = TypeVar("T")


@dataclass(frozen=True)
class LastHand:
    """The hand just recorded: its number, contract, declarer, scores and doubles."""

    number: int
    label: str
    declarer: str
    scores: tuple[tuple[str, str, bool], ...]  # (name, adjusted signed, negative)
    doubles: str


@dataclass(frozen=True)
class DeclarerLeft:
    """One block's declarer and the contracts still to come (names, in scheme order)."""

    declarer: str
    left: tuple[str, ...]
    current: bool
    done: bool


def last_hand(session: Session, players: Sequence[str]) -> LastHand | None:
    """The last recorded hand as the TV shows it; None before the first."""
    if not session.hands:
        return None
    hand = session.hands[-1]
    return LastHand(
        number=hand.number,
        label=hand_label(session, hand),
        declarer=players[hand.roles.declarer],
        scores=tuple(
            (players[seat], signed(score), score < 0) for seat, score in enumerate(hand.adjusted)
        ),
        doubles=doubles_notation(hand.doubles, chip_names(players, letters=3)),
    )


def declarers_left(session: Session, players: Sequence[str]) -> tuple[DeclarerLeft, ...]:
    """Each block's declarer, in playing order, with the contracts left to declare."""
    scheme = session.scheme
    return tuple(
        DeclarerLeft(
            players[block.declarer],
            tuple(scheme.name_of(c) for c in block.left),
            block.current,
            not block.left,
        )
        for block in left_by_block(session)
    )


CROWD = 6
"""From this many players a TV view sets its ranking and lists smaller (static/css/app.css
reads ``data-crowd``), so ten players and their contracts left fit one screen."""


def crowd(players: int) -> str:
    """``"many"`` from ``CROWD`` players (or tables) on, else ``"few"``."""
    return "many" if players >= CROWD else "few"


COLUMN_ROWS = 16
"""Most lines of a TV ranking in one column: a club night's 64 players (16 tables) read
in four columns of 16, so the ranking fits a 1280x720 screen with no scroll."""


@dataclass(frozen=True)
class Columns(Generic[T]):
    """A TV ranking cut into side-by-side columns, balanced, best first down each column;
    ``size`` sets the type (static/css/event.css): "large" to 8 lines a column, "medium"
    to 12, "small" beyond."""

    columns: tuple[tuple[T, ...], ...]
    size: str


def in_columns(rows: Sequence[T], most: int = COLUMN_ROWS) -> Columns[T]:
    """``rows`` in as few columns as keep each to ``most`` lines, the columns even."""
    count = max(1, -(-len(rows) // most))
    per = max(1, -(-len(rows) // count))
    columns = tuple(tuple(rows[i : i + per]) for i in range(0, len(rows), per)) or ((),)
    size = "large" if per <= 8 else "medium" if per <= 12 else "small"
    return Columns(columns, size)


def session_chart(session: Session, players: Sequence[str]) -> ChartLines:
    """What the TV's chart draws, from the scored session (as ``present.sheet.chart_lines``
    reads it from the whole sheet, which the TV need not build)."""
    hands, per_block = session.hands, len(session.scheme.contracts)
    starts = tuple(range(0, len(hands), per_block))
    shorts = short_names(players)
    return ChartLines(
        len(hands),
        tuple(
            Series(name, (0, *(h.totals[seat] for h in hands))) for seat, name in enumerate(players)
        ),
        starts,
        tuple(min(start + per_block, len(hands)) for start in starts),
        tuple(shorts[hands[start].roles.declarer] for start in starts),
    )
