"""How a figure is written, by the rules' own messages and by every page and the paper.

The one writer of a sign, so a refusal ("hands out −5 in all"), the score table, the
sheet, the players' averages and ratings and a payment write it the same way: ``+12``,
``−6`` with a true minus (as wide as "+", so signed columns line up), ``0`` without a
sign. The digits are the caller's: ``present.format`` groups them in the reader's
language (``+1 250`` in French); the rules' messages keep them plain. The true minus is
written in this module only (a guard test reads the package for it).
"""

from __future__ import annotations

from collections.abc import Callable

MINUS = "\u2212"
"""The true minus (U+2212), as wide as "+"."""


def with_sign(value: float, magnitude: str, *, plus: bool = True) -> str:
    """``magnitude`` (the figure's size, already written) after ``value``'s sign: "+" above
    zero (unless not ``plus``: an amount of money), the true minus below, none when the
    written size is nought ("0", "0.0")."""
    if value == 0 or not magnitude.strip("0.,\u00a0\u202f "):
        return magnitude
    if value > 0:
        return "+" + magnitude if plus else magnitude
    return MINUS + magnitude


def signed(value: int, digits: Callable[[int], str] = str) -> str:
    """A signed figure: ``+12``, ``−6`` (true minus), ``0``; ``digits`` writes its size."""
    return with_sign(value, digits(abs(value)))


def unsigned_minus(text: str) -> str:
    """``text`` with the true minus a reader may have typed or pasted read as "-"."""
    return text.replace(MINUS, "-")
