"""The web app manifest: what a phone puts on its home screen (its names in the reader's
language, its icons, its colours, its shortcuts). The addresses come from the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from barbu_scorer.scoring.messages import say

LIGHT = "#1d5c3a"  # the icon's green: the bar a standalone window draws
DARK = "#121212"  # the dark page's background (static/css/app.css)
ICONS = (
    ("icon-192.png", "192x192", "any"),
    ("icon-512.png", "512x512", "any"),
    ("maskable-512.png", "512x512", "maskable"),
)


def manifest(language: str, urls: Mapping[str, str]) -> dict[str, Any]:
    """The manifest, in ``language``; ``urls`` names the start, the two shortcuts and each
    icon's address (by its file name)."""
    return {
        "id": "/",
        "name": say("Barbu Scorer"),
        "short_name": say("Barbu"),
        "description": say(
            "Score Barbu and Barbu Bridge at the table, with or without a connection."
        ),
        "lang": language,
        "start_url": urls["start"],
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#fafaf7",
        "theme_color": LIGHT,
        "icons": [
            {"src": urls[name], "sizes": sizes, "type": "image/png", "purpose": purpose}
            for name, sizes, purpose in ICONS
        ],
        "shortcuts": [
            {"name": say("New session"), "url": urls["new"]},
            {"name": say("Last session"), "url": urls["last"]},
        ],
    }
