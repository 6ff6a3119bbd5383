"""The players' charts, drawn on the server with matplotlib: a trend as SVG for the page,
and the final standings with the running totals as a PNG to share."""

from __future__ import annotations

import base64
import functools
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from barbu_scorer.paper.chart import _DRAWING, COLOURS, RC, STYLES, _chart_label
from barbu_scorer.present.format import signed
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.places import ranking

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def trend_svg(points: Sequence[tuple[str, int]], label: str) -> str | None:
    """A line of final scores (or margins) session by session: an SVG data: URI, or None
    with fewer than two points. The same figures give the same chart, drawn once."""
    if len(points) < 2:
        return None
    return _trend_svg(tuple(points), label)


@functools.lru_cache(maxsize=128)
def _trend_svg(points: tuple[tuple[str, int], ...], label: str) -> str:
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    with _DRAWING, matplotlib.rc_context({**RC, "font.size": 8}):
        fig = Figure(figsize=(4.2, 1.9), dpi=72)
        ax = fig.add_axes((0.12, 0.2, 0.84, 0.72))
        xs = range(1, len(points) + 1)
        ax.axhline(0, color="#a3a3a3", lw=0.6)
        ax.plot(xs, [v for _, v in points], color=COLOURS[0], lw=1.4, marker="o", ms=3)
        ax.set_xlim(0.5, len(points) + 0.5)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel(_chart_label(label, 40), fontsize=7, color="#5f5f5f")
        ax.grid(axis="y", color="#e2e2dd", lw=0.4)
        for edge in ("top", "right"):
            ax.spines[edge].set_visible(False)
        ax.tick_params(labelsize=7, colors="#5f5f5f")
        out = io.BytesIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def _standings(ax: Axes, doc: ComputedDocument, title: str) -> None:
    """The final standings as large text, best first, ties sharing a place."""
    ax.set_axis_off()
    ax.text(0, 1, _chart_label(title, 34), fontsize=15, fontweight="bold", va="top")
    for row, (place, seat) in enumerate(ranking(doc["totals"])):
        y = 0.8 - row * 0.16
        colour = COLOURS[seat % len(COLOURS)]
        ax.text(0, y, f"{place}.", fontsize=14, va="center", color="#5f5f5f")
        ax.text(0.1, y, _chart_label(doc["players"][seat], 20), fontsize=14, va="center")
        ax.text(
            1,
            y,
            signed(doc["totals"][seat]),
            fontsize=14,
            va="center",
            ha="right",
            color=colour,
            fontweight="bold",
        )


def standings_png(doc: ComputedDocument, title: str) -> bytes:
    """The final standings and the running totals, as a PNG for the group chat
    (1080 x 1350 pixels: a phone's portrait post)."""
    import matplotlib
    from matplotlib.figure import Figure

    with _DRAWING, matplotlib.rc_context({**RC, "font.size": 10}):
        fig = Figure(figsize=(7.2, 9.0), dpi=150, facecolor="white")
        _standings(fig.add_axes((0.08, 0.55, 0.84, 0.4)), doc, title)
        ax = fig.add_axes((0.1, 0.07, 0.85, 0.42))
        ax.axhline(0, color="#a3a3a3", lw=0.6)
        xs = range(len(doc["hands"]) + 1)
        for seat, name in enumerate(doc["players"]):
            ys = [0, *(h["totals"][seat] for h in doc["hands"])]
            ax.plot(
                xs,
                ys,
                color=COLOURS[seat % len(COLOURS)],
                ls=STYLES[seat % len(STYLES)],
                lw=2,
                label=_chart_label(name),
            )
        ax.grid(axis="y", color="#e2e2dd", lw=0.5)
        for edge in ("top", "right"):
            ax.spines[edge].set_visible(False)
        ax.legend(frameon=False, loc="upper left", fontsize=10)
        ax.set_xlabel("hand", color="#5f5f5f")
        out = io.BytesIO()
        fig.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()
