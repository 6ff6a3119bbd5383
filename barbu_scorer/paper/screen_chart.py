"""The chart of running totals, drawn as a plain SVG (lines, block bands, ticks and a
legend), for the TV (``screen_chart``) and the printed sheet (``print_chart``):
matplotlib's chart (``paper.chart``) took ~40-70 ms of CPU and WeasyPrint ~80 ms more to
draw its SVG; this one is well under a millisecond and a few dozen shapes. Same colours
as matplotlib's, so a player is the same line on the TV and on paper."""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from barbu_scorer.paper.chart import COLOURS
from barbu_scorer.present.sheet import chart_lines
from barbu_scorer.present.sheet_model import ChartLines, Sheet

DASHES = ("", "5 3", "6 2 1.5 2", "1.5 2")  # solid, dashed, dash-dot, dotted


@dataclass(frozen=True)
class Frame:
    """A chart's size, its plot's box and type size; the legend right of the plot, or
    under it in two columns (``below``)."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    size: float = 7
    below: bool = False

    @property
    def font(self) -> str:
        return f'font-family="\'DejaVu Sans\', sans-serif" font-size="{self.size}" fill="#5f5f5f"'


SCREEN = Frame(370, 190, 34, 262, 14, 172)
SIDE = Frame(240, 204, 30, 234, 14, 158, 9, below=True)
"""The printed sheet's, beside its table (60 mm wide): larger type, the legend under it."""
BELOW = Frame(370, 190, 34, 262, 14, 172, 8)


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round values from ``low`` to ``high``, a step of 1, 2 or 5 times a power of ten."""
    span = max(high - low, 1)
    steps = (m * 10**e for e in range(9) for m in (1, 2, 5))
    step = next(s for s in steps if span / s <= count)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    return start + (value - low) / (high - low or 1) * (end - start)


def _frame(
    sheet: ChartLines,
    f: Frame,
    x: Callable[[int], float],
    y: Callable[[int], float],
    ticks: tuple[list[int], list[int]],
) -> list[str]:
    """Every other block shaded, each headed by its declarer's initials; the grid, the
    ticks (up the side, then at the block ends) and the axes."""
    ys, xs = ticks
    out = []
    spans = zip(sheet.block_starts, sheet.block_ends, sheet.block_heads, strict=True)
    for i, (start, end, head) in enumerate(spans):
        if i % 2:
            out.append(
                f'<rect x="{x(start):.1f}" y="{f.top}" width="{x(end) - x(start):.1f}" '
                f'height="{f.bottom - f.top}" fill="#f1efe8"/>'
            )
        middle = (x(start) + x(end)) / 2
        out.append(
            f'<text x="{middle:.1f}" y="{f.top - 3}" text-anchor="middle" {f.font}>'
            f"{escape(head)}</text>"
        )
    for tick in ys:
        out.append(
            f'<line x1="{f.left}" x2="{f.right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="{"#a3a3a3" if tick == 0 else "#e2e2dd"}" stroke-width="0.5"/>'
            f'<text x="{f.left - 3}" y="{y(tick) + f.size / 3:.1f}" text-anchor="end" '
            f"{f.font}>{tick}</text>"
        )
    for tick in xs:
        out.append(
            f'<text x="{x(tick):.1f}" y="{f.bottom + f.size + 2}" text-anchor="middle" '
            f"{f.font}>{tick}</text>"
        )
    out.append(
        f'<path d="M{f.left} {f.top}V{f.bottom}H{f.right}" fill="none" stroke="#5f5f5f" '
        'stroke-width="0.5"/>'
    )
    return out


def _legend(f: Frame, seat: int, colour: str, dashed: str, label: str) -> str:
    """One player's line and name: a row right of the plot, or two columns under it."""
    if f.below:
        row = f.bottom + f.size * 2.6 + (seat // 2) * f.size * 1.4
        at = f.left + (seat % 2) * (f.width - f.left) // 2
    else:
        row, at = f.top + 4 + seat * 11, f.right + 8
    return (
        f'<line x1="{at}" x2="{at + 18}" y1="{row:.1f}" y2="{row:.1f}" stroke="{colour}" '
        f'stroke-width="1.3"{dashed}/><text x="{at + 22}" y="{row + f.size / 3:.1f}" '
        f"{f.font}>{escape(label[:18])}</text>"
    )


def screen_chart(sheet: ChartLines, f: Frame = SCREEN) -> str | None:
    """Every player's running total across the hands: an SVG data: URI (None before
    hand 1)."""
    last = sheet.hands_played
    if not last:
        return None
    values = [p for series in sheet.series for p in series.points] + [0]
    low, high = min(values), max(values)

    def x(hand: int) -> float:
        return _scale(hand, 0, last, f.left, f.right)

    def y(value: int) -> float:
        return _scale(value, low, high, f.bottom, f.top)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {f.width} {f.height}" '
        f'width="{f.width}" height="{f.height}">'
    ]
    ends = [*sheet.block_starts[1:], last]
    out += _frame(sheet, f, x, y, (_ticks(low, high), [0, *ends]))
    for seat, series in enumerate(sheet.series):
        colour, dash = COLOURS[seat % len(COLOURS)], DASHES[seat % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(p):.1f}" for i, p in enumerate(series.points))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.3"'
            f"{dashed}/>"
        )
        out += [
            f'<circle cx="{x(e):.1f}" cy="{y(series.points[e]):.1f}" r="1.6" fill="{colour}"/>'
            for e in ends
            if e < len(series.points)
        ]
        out.append(_legend(f, seat, colour, dashed, series.label))
    out.append("</svg>")
    svg = "".join(out).encode()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def print_chart(sheet: Sheet) -> str | None:
    """The printed sheet's chart: the same drawing, sized for its place on the sheet."""
    return screen_chart(chart_lines(sheet), SIDE if sheet.layout == "side" else BELOW)
