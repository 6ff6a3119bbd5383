"""The TV's chart of running totals, drawn as a plain SVG (lines, block bands, ticks and
a legend): matplotlib's chart (``paper.chart``, the printed sheet's) took ~40 ms of CPU
at each new version, this one well under a millisecond. Same colours, dashes and marks
as the sheet's, so a player is the same line on the TV and on paper."""

from __future__ import annotations

import base64
from collections.abc import Callable
from xml.sax.saxutils import escape

from barbu_scorer.paper.chart import COLOURS
from barbu_scorer.present.sheet_model import ChartLines

WIDTH, HEIGHT = 370, 190
LEFT, RIGHT, TOP, BOTTOM = 34, 262, 14, 172  # the plot's box; the legend right of it
DASHES = ("", "5 3", "6 2 1.5 2", "1.5 2")  # solid, dashed, dash-dot, dotted
FONT = 'font-family="\'DejaVu Sans\', sans-serif" font-size="7" fill="#5f5f5f"'


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
    x: Callable[[int], float],
    y: Callable[[int], float],
    ys: list[int],
    xs: list[int],
) -> list[str]:
    """Every other block shaded, each headed by its declarer's initials; the grid, the
    ticks (``ys`` up the side, ``xs`` at the block ends) and the axes."""
    out = []
    spans = zip(sheet.block_starts, sheet.block_ends, sheet.block_heads, strict=True)
    for i, (start, end, head) in enumerate(spans):
        if i % 2:
            out.append(
                f'<rect x="{x(start):.1f}" y="{TOP}" width="{x(end) - x(start):.1f}" '
                f'height="{BOTTOM - TOP}" fill="#f1efe8"/>'
            )
        middle = (x(start) + x(end)) / 2
        out.append(
            f'<text x="{middle:.1f}" y="{TOP - 3}" text-anchor="middle" {FONT}>'
            f"{escape(head)}</text>"
        )
    for tick in ys:
        out.append(
            f'<line x1="{LEFT}" x2="{RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            f'stroke="{"#a3a3a3" if tick == 0 else "#e2e2dd"}" stroke-width="0.5"/>'
            f'<text x="{LEFT - 3}" y="{y(tick) + 2.5:.1f}" text-anchor="end" {FONT}>{tick}</text>'
        )
    for tick in xs:
        out.append(
            f'<text x="{x(tick):.1f}" y="{BOTTOM + 9}" text-anchor="middle" {FONT}>{tick}</text>'
        )
    out.append(
        f'<path d="M{LEFT} {TOP}V{BOTTOM}H{RIGHT}" fill="none" stroke="#5f5f5f" '
        'stroke-width="0.5"/>'
    )
    return out


def screen_chart(sheet: ChartLines) -> str | None:
    """Every player's running total across the hands: an SVG data: URI (None before
    hand 1)."""
    last = sheet.hands_played
    if not last:
        return None
    values = [p for series in sheet.series for p in series.points] + [0]
    low, high = min(values), max(values)

    def x(hand: int) -> float:
        return _scale(hand, 0, last, LEFT, RIGHT)

    def y(value: int) -> float:
        return _scale(value, low, high, BOTTOM, TOP)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">'
    ]
    ends = [*sheet.block_starts[1:], last]
    out += _frame(sheet, x, y, _ticks(low, high), [0, *ends])
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
        row = TOP + 4 + seat * 11
        out.append(
            f'<line x1="{RIGHT + 8}" x2="{RIGHT + 26}" y1="{row}" y2="{row}" stroke="{colour}" '
            f'stroke-width="1.3"{dashed}/><text x="{RIGHT + 30}" y="{row + 2.5}" {FONT}>'
            f"{escape(series.label[:18])}</text>"
        )
    out.append("</svg>")
    svg = "".join(out).encode()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")
