"""A season's table on one page of paper: the table, the handicap table, the divisions."""

from __future__ import annotations

from barbu_scorer.paper.pdf import html_to_pdf, jinja_env
from barbu_scorer.present.season import SeasonView


def season_pdf(view: SeasonView) -> bytes:
    """The season as PDF bytes (one A4 page for a club's season: small type, no sheets)."""
    html = jinja_env().get_template("pdf/season.html").render(view=view)
    return html_to_pdf(html)
