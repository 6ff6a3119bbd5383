"""The Barbu Bridge score pad as PDF: the same ``bridge/_pad.html`` partial as the page,
rendered standalone (no app, no database) and printed by WeasyPrint.

The Jinja environment and the printing are the Tournament sheet's (``pdf.py``): its
fetcher takes data: URIs and the package's own files only, so the pad never reaches
the network, whatever a player's name contains.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from barbu_scorer.paper.pdf import html_to_pdf, jinja_env
from barbu_scorer.present.format import day
from barbu_scorer.present.live import ended_line
from barbu_scorer.present.notes import sheet_notes
from barbu_scorer.present.pad import SEATS, build_pad
from barbu_scorer.present.papers import paper_size
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.envelope import bare
from barbu_scorer.scoring.units import DEAL

PAGE = "bridge/pdf.html"
STYLESHEET = "css/bridge-pad.css"


def render_pad_html(
    doc: Mapping[str, Any],
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
) -> str:
    """The pad of a ``barbu-bridge/1`` document as given, as one HTML page (scored here
    first: computed fields are redone).

    ``paper`` is A4 or Letter (portrait); the stylesheet's ``@page`` size is overridden.
    """
    paper_size(paper)
    computed = compute_bridge_document(bare(doc))
    return computed_pad_html(computed, doc.get("ended_after"), name=name, date=date, paper=paper)


def computed_pad_html(
    computed: ComputedBridge,
    ended_after: int | None,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
) -> str:
    """The pad page of a computed document (the store's: not scored again)."""
    return (
        jinja_env()
        .get_template(PAGE)
        .render(
            pad=build_pad(computed),
            ended=ended_line(ended_after, DEAL),
            name=name,
            date=day(date) if date else date,
            seats=SEATS,
            stylesheet=STYLESHEET,
            paper=paper_size(paper),
            notes=sheet_notes(cast(Mapping[str, Any], computed), DEAL),
        )
    )


def pad_pdf(
    doc: Mapping[str, Any],
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
) -> bytes:
    """The score pad of a ``barbu-bridge/1`` document as PDF bytes (A4 or Letter, portrait)."""
    return html_to_pdf(render_pad_html(doc, name=name, date=date, paper=paper))


def computed_pad_pdf(
    computed: ComputedBridge,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
) -> bytes:
    """The pad of a document the store computed, as PDF bytes (not scored again)."""
    html = computed_pad_html(
        computed, computed.get("ended_after"), name=name, date=date, paper=paper
    )
    return html_to_pdf(html)
