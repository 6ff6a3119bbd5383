"""The one rule for text a visitor types and the one bound on numbers a visitor sends.

Every name and label (players, sessions, schemes, custom contracts and their reminders)
goes through :func:`check_label`, on every way in: the forms, the JSON API, the import
pages, the command line and the store. A label is one line of plain text: no line
breaks, no control characters (C0, C1) and no characters that change the direction or
the look of the text around it (bidi overrides, isolates and marks, U+202E...), so what
is stored is what every page shows. Numbers go through :func:`check_int`; a number typed
in a form is read by :func:`read_count` (or :func:`read_signed`) first.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from typing import Any

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.figures import MINUS
from barbu_scorer.scoring.messages import Text, msg

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


def check_label(
    text: object, max_len: int, what: Text, *, blank: bool = False, stored: bool = False
) -> str:
    """``text`` stripped, when it is one line of plain text of at most ``max_len``
    characters (and not blank, unless ``blank``); else a ScoringError naming ``what``.

    ``stored``: the text comes back from this app's own store, accepted when it was
    written; a name stored before the character rule keeps working (the pages isolate it).
    """
    if not isinstance(text, str):
        raise refused("%(what)s must be some text", what=what)
    stripped = text.strip()
    if not stripped and not blank:
        raise refused("%(what)s must not be blank", what=what)
    bad = None if stored else bad_character(stripped)
    if bad is not None:
        raise refused(
            "%(what)s must be one line of plain text, without line breaks, control or "
            "direction-changing characters (found %(describe_bad)s)",
            what=what,
            describe_bad=_describe(bad),
        )
    if len(stripped) > max_len:
        raise refused("%(what)s: keep it to %(max_len)s characters", what=what, max_len=max_len)
    return stripped


def check_int(value: object, what: Text, low: int = -MAX_FIGURE, high: int = MAX_FIGURE) -> int:
    """``value`` when it is a whole number from ``low`` to ``high``; else a ScoringError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refused(
            "%(what)s must be a whole number, not %(short_value)s",
            what=what,
            short_value=_short(value),
        )
    if not low <= value <= high:
        shown = msg(", not %(value)s", value=value) if abs(value) < 10**20 else ""
        raise refused(
            "%(what)s must be between %(low)s and %(high)s%(shown)s",
            what=what,
            low=low,
            high=high,
            shown=shown,
        )
    return value


def read_count(text: str, digits: int = 9) -> int | None:
    """The whole number ``text`` spells in at most ``digits`` ASCII digits, else None.
    ``str.isdigit`` alone lets through what ``int`` cannot read (superscripts such as
    "²") and numbers too long for it to read (past 4,300 digits)."""
    if text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


def read_decimal(text: str, digits: int = 9) -> str | None:
    """``text`` stripped when it is a plain decimal in ASCII digits ("0.05", "12"), at
    most ``digits`` before the point and after it; else None (``Decimal`` alone reads
    Arabic-Indic or full-width digits, exponents and "NaN")."""
    whole, point, part = text.strip().partition(".")
    if read_count(whole, digits) is None or (point and read_count(part, digits) is None):
        return None
    return text.strip()


def read_signed(text: str, digits: int = 9) -> int | None:
    """As :func:`read_count`, after an optional sign: "-", the true minus a page writes
    (a figure copied from the score table) or "+"; spaces around the number are let by.
    The one reader of a typed whole number: the forms, the previews and the director's
    corrections all read through it."""
    text = text.strip()
    negative = text[:1] in ("-", MINUS)
    size = read_count(text[1:] if negative or text[:1] == "+" else text, digits)
    return None if size is None else -size if negative else size


def read_figures(texts: Sequence[str | None], most: int = MAX_FIGURE) -> list[int]:
    """The figure typed for each seat (a raw score), each at most ``most`` in size; a
    ScoringError naming the first seat left blank, not a number or too large."""
    out = []
    for seat, text in enumerate(texts, start=1):
        value = read_signed(text or "", digits=len(str(most)) + 1)
        if value is None:
            raise refused("seat %(seat)s: a whole number of points", seat=seat)
        if abs(value) > most:
            raise refused("seat %(seat)s: at most %(most)s points", seat=seat, most=most)
        out.append(value)
    return out


def _short(value: object) -> str:
    try:
        shown = repr(value)
    except ValueError:  # a whole number too long to print
        return type(value).__name__
    return shown if len(shown) <= 40 else shown[:37] + "..."


MAX_DEPTH = 16
"""How deeply a JSON document may nest (a session document nests five levels)."""


def _check_parsed(data: Any) -> None:
    """A ScoringError when parsed JSON nests deeper than ``MAX_DEPTH`` or any text in it
    (a key or a value) is not valid Unicode: a lone surrogate (``"\\ud800"``) can be
    neither stored nor shown."""
    todo = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise refused("not valid JSON: nested too deeply")
        if isinstance(item, dict):
            todo.extend((part, depth + 1) for part in (*item.keys(), *item.values()))
        elif isinstance(item, list):
            todo.extend((part, depth + 1) for part in item)
        elif isinstance(item, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in item):
            raise refused("not valid JSON text: it holds a lone surrogate (\\ud800...)")


def read_json(text: str | bytes) -> Any:
    """A JSON document parsed, or a ScoringError saying in one line why it is not one:
    not UTF-8, not JSON, nested too deeply, a number too long to read, a lone surrogate."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise refused(
            "not valid JSON: %(msg)s at line %(lineno)s column %(colno)s",
            msg=error.msg,
            lineno=error.lineno,
            colno=error.colno,
        ) from None
    except UnicodeDecodeError:
        raise refused("not valid JSON: the text is not UTF-8") from None
    except RecursionError:
        raise refused("not valid JSON: nested too deeply") from None
    except ValueError:  # a whole number past Python's 4,300 digits
        raise refused("not valid JSON: a number has too many digits") from None
    _check_parsed(data)
    return data
