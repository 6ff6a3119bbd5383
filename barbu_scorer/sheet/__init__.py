"""The printed score sheet, from a session document to what the templates print.

``build_sheet`` scores the document and lays it out (``build``), in the notation
scorers use on paper (``notation``), as plain data (``model``); ``running_chart`` draws
the running totals (``chart``). ``barbu_scorer.pdf`` turns all that into HTML and PDF.
"""

from .build import PAPERS, build_sheet
from .chart import running_chart
from .model import Block, Cell, Contract, HandRow, Num, Player, Segment, Sheet, Standing
from .notation import doubles_notation, num, segments, short_names

__all__ = [
    "PAPERS",
    "Block",
    "Cell",
    "Contract",
    "HandRow",
    "Num",
    "Player",
    "Segment",
    "Sheet",
    "Standing",
    "build_sheet",
    "doubles_notation",
    "num",
    "running_chart",
    "segments",
    "short_names",
]
