"""A season on one page of paper."""

from __future__ import annotations

from fractions import Fraction

from barbu_scorer.paper.season import season_pdf
from barbu_scorer.present.season import season_view
from barbu_scorer.scoring.league.season import Line
from barbu_scorer.scoring.league.season_play import Figures
from barbu_scorer.scoring.league.season_spec import Season
from tests.helpers import pdf_pages


def test_one_page_for_a_club_of_forty() -> None:
    lines = [Line(p + 1, p, Fraction(100 - p), 12, 336, ()) for p in range(40)]
    season = Season("Autumn", "2026-09-01", "2026-12-20", handicap=True)
    view = season_view(
        season, Figures(12, lines, lines, [], [], []), {p: f"Player {p}" for p in range(40)}
    )
    pages = pdf_pages(season_pdf(view))
    assert len(pages) == 1, len(pages)
    assert "Autumn" in pages[0] and "Player 39" in pages[0] and "E = ((n - 1)" in pages[0]


def test_the_published_seasons_page() -> None:
    from barbu_scorer.paper.site import seasons_file

    lines = [Line(1, 0, Fraction(12), 2, 56, ())]
    season = Season("Autumn", "2026-09-01", "2026-12-20", divisions=((0, 1, 2, 3),), ladder="up")
    view = season_view(
        season, Figures(2, lines, [], [[0, 1, 2, 3]], [[0, 1, 2, 3]], [0]), {0: "Ada"}
    )
    page = seasons_file([view])["seasons.html"].decode()
    assert "Autumn" in page and "Ada" in page and "Division 1" in page and "http" not in page
