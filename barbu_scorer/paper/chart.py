"""The chart of running totals: matplotlib's SVG backend, embedded as a data: URI."""

from __future__ import annotations

import base64
import functools
import io
import threading
from typing import TYPE_CHECKING, Any

from barbu_scorer.present.sheet_model import Sheet

if TYPE_CHECKING:  # matplotlib loads only when a chart is drawn
    from matplotlib.axes import Axes

# Okabe-Ito: told apart by most colour-blind readers; line styles and markers tell
# them apart in black and white.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999")
STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
CHART_FONT = "DejaVu Sans"
# rc_context changes matplotlib's global settings: one chart at a time across threads.
_DRAWING = threading.Lock()


@functools.cache
def _chart_glyphs() -> frozenset[int]:
    from matplotlib import font_manager, ft2font

    path = font_manager.findfont(CHART_FONT, fallback_to_default=False)
    return frozenset(ft2font.FT2Font(path).get_charmap())


def _chart_label(name: str, width: int = 18) -> str:
    """A name as the chart can print it: no glyph outside its font (no warning), short."""
    glyphs = _chart_glyphs()
    text = "".join(ch if ord(ch) in glyphs else "?" for ch in name)
    return text if len(text) <= width else text[: width - 1] + "…"


RC: dict[Any, Any] = {  # matplotlib types its keys as a Literal of every rc name
    "font.family": CHART_FONT,
    "font.size": 6.5,
    "svg.fonttype": "none",  # text as text, in DejaVu Sans: sharp, and 10x quicker to print
    "svg.hashsalt": "barbu-sheet",  # stable ids, so the same session gives the same bytes
    "text.parse_math": False,  # a "$" in a name is a dollar, not TeX
    "axes.linewidth": 0.5,
    "xtick.major.width": 0.5,
    "ytick.major.width": 0.5,
    "xtick.major.size": 2,
    "ytick.major.size": 2,
}


def _blocks(ax: Axes, sheet: Sheet) -> None:
    """Every other block shaded, each headed by its declarer's initials."""
    for i, (start, block) in enumerate(zip(sheet.block_starts, sheet.blocks, strict=True)):
        end = start + len(block.hands)
        if i % 2:
            ax.axvspan(start, end, color="#f1efe8", lw=0)
        ax.text(
            (start + end) / 2,
            1.0,
            block.declarer.short,
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="bottom",
            fontsize=5.5,
            color="#5f5f5f",
            clip_on=False,
        )


def _lines(ax: Axes, sheet: Sheet, ends: list[int]) -> None:
    """One line per player, marked at the end of each block."""
    for seat, series in enumerate(sheet.series):
        ax.plot(
            range(len(series.points)),
            series.points,
            color=COLOURS[seat % len(COLOURS)],
            ls=STYLES[seat % len(STYLES)],
            lw=1.1,
            marker=MARKERS[seat % len(MARKERS)],
            ms=2.4,
            markevery=ends,
            label=_chart_label(series.label),
        )


def _axes(ax: Axes, side: bool, last: int, ends: list[int]) -> None:
    """Ticks at the block ends, a light grid, and the legend where the layout has room."""
    ax.set_xlim(0, max(last, 1))
    ax.set_xticks([0, *ends])
    ax.grid(axis="y", color="#e2e2dd", lw=0.4)
    ax.set_axisbelow(True)
    for edge in ("top", "right"):
        ax.spines[edge].set_visible(False)
    ax.tick_params(labelsize=5.5, colors="#5f5f5f")
    legend_at: dict[str, Any] = (
        {"loc": "upper center", "bbox_to_anchor": (0.42, -0.09), "ncol": 2}
        if side
        else {"loc": "upper left", "bbox_to_anchor": (1.03, 1.0), "ncol": 1}
    )
    ax.legend(frameon=False, fontsize=6, handlelength=2.4, borderaxespad=0, **legend_at)


def running_chart(sheet: Sheet) -> str | None:
    """Every player's running total across the hands: an SVG data: URI (None before hand 1)."""
    if not sheet.hands_played:
        return None
    import matplotlib
    from matplotlib.figure import Figure  # no pyplot: no GUI, no global figure to close

    side = sheet.layout == "side"
    with _DRAWING, matplotlib.rc_context(RC):
        fig = Figure(figsize=(2.36, 2.05) if side else (3.7, 1.9), dpi=72)
        ax = fig.add_axes((0.15, 0.2, 0.82, 0.73) if side else (0.1, 0.1, 0.6, 0.82))
        _blocks(ax, sheet)
        ax.axhline(0, color="#a3a3a3", lw=0.5)
        ends = [*sheet.block_starts[1:], sheet.hands_played]
        _lines(ax, sheet, ends)
        _axes(ax, side, sheet.hands_played, ends)
        out = io.BytesIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode("ascii")
