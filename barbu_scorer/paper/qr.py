"""The one writer of a QR code: a link drawn as inline SVG, for the pages and the paper."""

from __future__ import annotations

from functools import lru_cache

import segno


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    """A QR code of a link as inline SVG that scales to its box (a viewBox, no fixed size),
    with its quiet zone, so CSS can size it without cutting it. Drawn once per link (half
    of the home page's time, and the watch page's, was drawing the same code again)."""
    return str(segno.make(url, error="m").svg_inline(dark="#000", light="#fff", omitsize=True))
