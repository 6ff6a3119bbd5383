"""How a figure is written, by the rules' own messages and by every page and the paper.

One function, so a refusal ("hands out −5 in all"), the score table and the sheet write
a signed figure the same way: ``+12``, ``−6`` with a true minus (as wide as "+", so
signed columns line up), ``0``. ``present.format`` hands it to the templates.
"""

from __future__ import annotations

MINUS = "\u2212"


def signed(value: int) -> str:
    """A signed figure: ``+12``, ``−6`` (true minus), ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"
