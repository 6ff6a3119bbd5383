"""The published site's pages: plain HTML, no script, each page's links relative to it."""

from __future__ import annotations

from barbu_scorer.i18n import translations
from barbu_scorer.paper.site import index_file, ratings_file, styles
from barbu_scorer.present.site import Entry, index_lines
from barbu_scorer.scoring.messages import speaking


def test_the_index_lists_every_night_and_speaks_the_sites_language() -> None:
    lines = index_lines([Entry("abc", "Friday <club>", "2026-12-04", 8, True)])
    html = index_file(lines)["index.html"].decode()
    assert 'href="events/abc/index.html"' in html and "Friday &lt;club&gt;" in html
    assert 'href="site.css"' in html and "<script" not in html and 'lang="en"' in html
    with speaking(translations("fr"), "fr"):
        french = index_file([])["index.html"].decode()
    assert 'lang="fr"' in french and "Aucune soirée" in french


def test_ratings_and_styles() -> None:
    html = ratings_file([], "note")["ratings.html"].decode()
    assert "No complete session yet" in html and 'href="index.html"' in html
    assert set(styles()) == {"site.css", "sheet.css"}
