"""Explanations in words: the rules' trees of lines (``scoring/explained.py``) rendered in
the reader's language, for the API, the CLI, the pages and the sheet."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from barbu_scorer.present.format import money
from barbu_scorer.scoring.barbu.explain import HandExplained
from barbu_scorer.scoring.bridge.deal_explain import DealExplained
from barbu_scorer.scoring.explained import Cents, Line, Points, Rate
from barbu_scorer.scoring.messages import say

GROUPS: tuple[str, ...] = ("raw", "settlements", "adjusted", "totals", "quota")
"""The parts of a hand's explanation, in the order they are read."""
DEAL_GROUPS: tuple[str, ...] = ("contract", "barbu", "rubber", "unfinished", "points", "totals")
"""The parts of a Barbu Bridge deal's explanation, in the order they are read."""


def said(line: Line) -> str:
    """A line's words in the active language, its money, placing points and ratings each
    written by its one writer."""
    params = line.says.params
    if not any(isinstance(v, Cents | Points | Rate) for v in params.values()):
        return line.says.render()
    return replace(line.says, params={k: _written(v) for k, v in params.items()}).render()


def _written(value: object) -> object:
    """A parameter the rules leave to the reader, written by its one writer."""
    from barbu_scorer.present.event import points  # placing points
    from barbu_scorer.present.league import rating_text  # ratings

    if isinstance(value, Cents):
        return money(value.cents)
    if isinstance(value, Points):
        return points(value.value)
    if isinstance(value, Rate):
        return rating_text(value.value)
    return value


def said_all(line: Line, depth: int = 0) -> Iterator[tuple[int, str]]:
    """A line and those below it, each with its depth, in words."""
    yield depth, said(line)
    for part in line.parts:
        yield from said_all(part, depth + 1)


def line_view(line: Line) -> dict[str, Any]:
    """One line and those below it: its text, the figure it explains and its rule."""
    return {
        "text": said(line),
        "score": line.score,
        "rule": line.rule,
        "parts": [line_view(part) for part in line.parts],
    }


def hand_view(explained: HandExplained) -> dict[str, Any]:
    """A hand's explanation as the API gives it: every group of lines, rendered."""
    out: dict[str, Any] = {
        "number": explained.number,
        "heading": explained.heading.says.render(),
    }
    for group in GROUPS:
        out[group] = [line_view(line) for line in getattr(explained, group)]
    out["block"] = line_view(explained.block)
    return out


def headings() -> dict[str, str]:
    """What each group of a hand's (or a deal's) explanation is called."""
    return {
        "points": say("Points for the deal"),
        "contract": say("The contract, below and above the line"),
        "barbu": say("The barbu sub-game"),
        "rubber": say("The rubber bonus"),
        "unfinished": say("The unfinished rubber"),
        "raw": say("Raw scores from the facts"),
        "settlements": say("Doubles"),
        "adjusted": say("Scores after the doubles"),
        "totals": say("Running totals"),
        "quota": say("Quota of doubles"),
        "block": say("The block's check"),
    }


def text_lines(explained: HandExplained) -> Iterator[str]:
    """A hand's explanation as indented text, a line a figure (the CLI's)."""
    names = headings()
    yield explained.heading.says.render()
    for group in (*GROUPS, "block"):
        lines = getattr(explained, group)
        lines = (lines,) if isinstance(lines, Line) else lines
        if not lines:
            continue
        yield ""
        yield names[group]
        for line in lines:
            yield from _indented(line, 1)


def _indented(line: Line, depth: int) -> Iterator[str]:
    for below, words in said_all(line, depth):
        yield "  " * below + words


def page_sections(
    explained: HandExplained, seat: int | None, names: Sequence[str]
) -> list[tuple[str, tuple[Line, ...]]]:
    """The sections of a hand's explanation page: the tapped seat's figures first (its
    score after the doubles and its running total), then every group of the hand."""
    titles = headings()
    out: list[tuple[str, tuple[Line, ...]]] = []
    if seat is not None and 0 <= seat < len(explained.adjusted):
        out.append(
            (
                say("%(name)s at hand %(number)s", name=names[seat], number=explained.number),
                (explained.adjusted[seat], explained.totals[seat]),
            )
        )
    for group in GROUPS:
        lines: tuple[Line, ...] = getattr(explained, group)
        if lines:
            out.append((titles[group], lines))
    out.append((titles["block"], (explained.block,)))
    return out


def _paid(line: Line) -> str | None:
    """A settlement said short: who pays whom how much (None when nothing moves)."""
    moved, times = line.figure("moved"), line.figure("times")
    if not moved:
        return None
    figures = {
        "payer": line.says.params.get("low_name"),
        "payee": line.says.params.get("high_name"),
        "moved": moved,
        "times": times,
        "difference": line.figure("difference"),
    }
    if times == 1:
        return say("%(payer)s pays %(payee)s %(moved)s", **figures)
    return say("%(payer)s pays %(payee)s %(moved)s (%(times)s × %(difference)s)", **figures)


def how_lines(hands: Sequence[HandExplained]) -> tuple[str, ...]:
    """The sheet's "How the score was made": one line a hand, its settlements said short."""
    out = []
    for explained in hands:
        paid = [p for p in (_paid(line) for line in explained.settlements) if p]
        hand = explained.heading.says.render()
        if paid:
            out.append(
                say("%(hand)s — doubles: %(settlements)s", hand=hand, settlements="; ".join(paid))
            )
        elif explained.settlements:
            out.append(say("%(hand)s — the doubles move nothing", hand=hand))
        else:
            out.append(say("%(hand)s — no doubles", hand=hand))
    return tuple(out)


def deal_view(explained: DealExplained) -> dict[str, Any]:
    """A Barbu Bridge deal's explanation as the API gives it: every group, rendered."""
    out: dict[str, Any] = {
        "number": explained.number,
        "heading": explained.heading.says.render(),
    }
    for group in DEAL_GROUPS:
        out[group] = [line_view(line) for line in getattr(explained, group)]
    return out


def deal_sections(explained: DealExplained, side: str | None) -> list[tuple[str, tuple[Line, ...]]]:
    """The sections of a deal's explanation page: the tapped side's points and running
    total first (``side`` "NS" or "EW"), then every group of the deal."""
    titles = headings()
    out: list[tuple[str, tuple[Line, ...]]] = []
    if side in ("NS", "EW"):
        at = ("NS", "EW").index(side)
        out.append(
            (
                say(
                    "%(side)s at deal %(number)s",
                    side=explained.points[at].says.params["side"],
                    number=explained.number,
                ),
                (explained.points[at], explained.totals[at]),
            )
        )
    for group in DEAL_GROUPS:
        lines: tuple[Line, ...] = getattr(explained, group)
        if lines:
            out.append((titles[group], lines))
    return out


def deal_text_lines(explained: DealExplained) -> Iterator[str]:
    """A deal's explanation as indented text, a line a figure (the CLI's)."""
    yield explained.heading.says.render()
    for title, lines in deal_sections(explained, None):
        yield ""
        yield title
        for line in lines:
            yield from _indented(line, 1)
