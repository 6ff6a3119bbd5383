"""The home page: what the app is, and the built-in schemes with their derived totals."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..scoring.schemes import BUILTINS

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    """Home: the sessions on this device and the schemes the app knows."""
    return render_template("index.html", schemes=BUILTINS.values())
