"""The one rule for text a visitor types and the one bound on numbers a visitor sends.

Every name and label (players, sessions, schemes, custom contracts and their reminders)
goes through :func:`check_label`, on every way in: the forms, the JSON API, the import
pages, the command line and the store. A label is one line of plain text: no line
breaks, no control characters (C0, C1) and no characters that change the direction or
the look of the text around it (bidi overrides, isolates and marks, U+202E...), so what
is stored is what every page shows. Numbers go through :func:`check_int`.
"""

from __future__ import annotations

import unicodedata

from barbu_scorer.scoring.errors import ScoringError

MAX_FIGURE = 10_000
"""The largest size of any figure a scheme holds: a value, an award, a share, a total."""
MAX_RAW = 1_000_000
"""The largest size of a raw score given for a hand (values times tricks stay below it)."""
MAX_VERSION = 2**63 - 1
"""A version (of a session or a scheme) fits in SQLite's 64-bit integer."""

# Joiners keep emoji sequences and some scripts whole; every other format character
# (category Cf: bidi controls, invisible marks, the byte-order mark) is refused.
_ALLOWED_FORMAT = frozenset("\u200c\u200d")


def bad_character(text: str) -> str | None:
    """The first character of ``text`` a label may not hold, or None."""
    for char in text:
        if char.isprintable() or char in _ALLOWED_FORMAT:
            continue
        return char
    return None


def _describe(char: str) -> str:
    name = unicodedata.name(char, "") if not 0xD800 <= ord(char) <= 0xDFFF else ""
    code = f"U+{ord(char):04X}"
    return f"{code} {name}" if name else code


def check_label(text: object, max_len: int, what: str, *, blank: bool = False) -> str:
    """``text`` stripped, when it is one line of plain text of at most ``max_len``
    characters (and not blank, unless ``blank``); else a ScoringError naming ``what``."""
    if not isinstance(text, str):
        raise ScoringError(f"{what} must be some text")
    stripped = text.strip()
    if not stripped and not blank:
        raise ScoringError(f"{what} must not be blank")
    bad = bad_character(stripped)
    if bad is not None:
        raise ScoringError(
            f"{what} must be one line of plain text, without line breaks, control or "
            f"direction-changing characters (found {_describe(bad)})"
        )
    if len(stripped) > max_len:
        raise ScoringError(f"{what}: keep it to {max_len} characters")
    return stripped


def check_int(value: object, what: str, low: int = -MAX_FIGURE, high: int = MAX_FIGURE) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else a ScoringError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(f"{what} must be a whole number, not {_short(value)}")
    if not low <= value <= high:
        shown = f", not {value}" if abs(value) < 10**20 else ""
        raise ScoringError(f"{what} must be between {low} and {high}{shown}")
    return value


def _short(value: object) -> str:
    try:
        shown = repr(value)
    except ValueError:  # a whole number too long to print
        return type(value).__name__
    return shown if len(shown) <= 40 else shown[:37] + "..."
