"""Where the templates/ and static/ folders are: inside the installed wheel, or the checkout's."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource(name: str) -> str:
    """The templates/ or static/ folder: inside the package when installed, else the checkout's."""
    inside = _PACKAGE / name
    return str(inside if inside.is_dir() else _PACKAGE.parent / name)
