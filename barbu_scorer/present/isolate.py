"""Names isolated from the text around them, for the screen and the paper alike.

A name that holds a right-to-left letter, a bidi control or any other control character
is printed in ``<bdi>``, so it cannot reorder the text around it (an old stored name
included: new ones with controls are refused). A name of left-to-right letters, digits
and punctuation cannot reorder anything and is printed as it is.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from markupsafe import Markup

# Bidirectional classes that can move text around: right-to-left letters and numbers,
# the embedding, override and isolate controls, and paragraph or segment separators.
MOVING = frozenset(
    {"R", "AL", "AN", "RLE", "LRE", "RLO", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI", "B", "S"}
)


def needs_isolation(text: str) -> bool:
    """Whether the text holds a character that could reorder the text around it."""
    return any(
        unicodedata.bidirectional(ch) in MOVING or unicodedata.category(ch) in ("Cc", "Cf", "Cs")
        for ch in text
    )


def bdi(name: object) -> Markup:
    """A name escaped and, when it could reorder its surroundings, put in ``<bdi>``."""
    text = str(name)
    if needs_isolation(text):
        return Markup("<bdi>%s</bdi>") % text
    return Markup("%s") % text


def bdi_join(names: Iterable[object], sep: str = ", ") -> Markup:
    """Names each isolated as needed, then joined."""
    return Markup(sep).join(bdi(n) for n in names)
