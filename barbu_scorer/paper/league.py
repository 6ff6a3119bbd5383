"""The players' charts, drawn on the server with matplotlib: a trend as SVG for the page,
and the final standings with the running totals as a PNG to share."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

from barbu_scorer.paper.chart import _DRAWING, COLOURS, RC, _chart_label


def trend_svg(points: Sequence[tuple[str, int]], label: str) -> str | None:
    """A line of final scores (or margins) session by session: an SVG data: URI, or None
    with fewer than two points."""
    if len(points) < 2:
        return None
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
