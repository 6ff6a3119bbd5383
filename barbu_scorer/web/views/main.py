"""The home page: this device's sessions, a new one, and the schemes the app knows."""

from __future__ import annotations

from flask import Blueprint, render_template, session

from barbu_scorer.games import summaries
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.web.access import device_sessions
from barbu_scorer.web.db import get_db

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    """Home: the sessions this browser has opened, newest first, and the built-in schemes."""
    return render_template(
        "index.html",
        sessions=summaries(get_db(), device_sessions()),
        schemes=BUILTINS.values(),
        editable=set(session.get("keys", {})),
    )
