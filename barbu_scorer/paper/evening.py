"""A player's evening at a club night on one page (``present/evening.py``'s lines)."""

from __future__ import annotations

from barbu_scorer.paper.pdf import html_to_pdf, jinja_env
from barbu_scorer.present.evening import EveningView


def evening_html(view: EveningView) -> str:
    """The player's evening as one self-contained page."""
    return jinja_env().get_template("pdf/evening.html").render(v=view)


def evening_pdf(view: EveningView) -> bytes:
    """The player's evening as PDF bytes (one page)."""
    return html_to_pdf(evening_html(view))
