"""What matplotlib's charts share (the players' trend and standings charts, `paper/league.py`):
the colours (the plain SVG charts of `paper/screen_chart.py` use them too), line styles,
the font and its glyphs, the rc settings and the one-chart-at-a-time lock. The running
totals chart itself is drawn as a plain SVG (`paper/screen_chart.py`)."""

from __future__ import annotations

import functools
import threading
from typing import Any

# Okabe-Ito: told apart by most colour-blind readers; line styles tell them apart in
# black and white.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999")
STYLES = ("-", "--", "-.", ":")
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
