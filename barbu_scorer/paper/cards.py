"""The table cards of a club night (one card per table: number, seats, the scorer's and
the watch QR codes; the next round's seating) and the results PDF (the ranking, then each
table's sheet), from what the event's pages computed alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from barbu_scorer.paper.pdf import PARTIAL, STYLESHEET, context_of, html_to_pdf, jinja_env
from barbu_scorer.paper.qr import qr_svg
from barbu_scorer.present.certified import Seal
from barbu_scorer.present.event import RankRow
from barbu_scorer.present.format import day
from barbu_scorer.present.sheet import sheet_of
from barbu_scorer.resources import resource
from barbu_scorer.scoring.barbu.computed import ComputedDocument


@dataclass(frozen=True)
class Card:
    """One table's card."""

    round: int
    number: int
    seats: tuple[str, ...]
    declarer: str | None
    scorer: str
    watch: str


def qr(url: str) -> Markup:
    """A QR code of a link for the cards (paper.qr draws it)."""
    return Markup(qr_svg(url))


def cards_html(title: str, date: str, cards: Sequence[Card], rounds: int) -> str:
    """The cards as one self-contained page, four to an A4 sheet."""
    return (
        jinja_env()
        .get_template("pdf/cards.html")
        .render(title=title, date=day(date), cards=cards, rounds=rounds, qr=qr)
    )


def cards_pdf(title: str, date: str, cards: Sequence[Card], rounds: int) -> bytes:
    """The table cards as PDF bytes."""
    return html_to_pdf(cards_html(title, date, cards, rounds))


def results_pdf(
    title: str,
    date: str,
    method: str,
    ranking: Sequence[RankRow],
    sheets: Sequence[tuple[str, ComputedDocument]],
    final: bool,
    seal: Seal | None = None,
) -> bytes:
    """The results as PDF bytes: the ranking, then the sheet of each table that played a
    hand (``sheets``: its label and session document); an ended table's sheet says so as
    its session does ("Ended after hand 7"), not "In progress"."""
    env = jinja_env()
    partial = env.get_template(PARTIAL)
    rendered = [
        (
            label,
            Markup(
                partial.render(
                    **context_of(
                        sheet_of(doc, name=label, date=date), doc.get("ended_after"), chart=False
                    )
                )
            ),
        )
        for label, doc in sheets
        if doc.get("hands")  # a round not played prints no page
    ]
    css = (Path(resource("static")) / STYLESHEET).read_text(encoding="utf-8")
    html = env.get_template("pdf/results.html").render(
        title=title,
        date=day(date),
        method=method,
        ranking=ranking,
        sheets=rendered,
        sheet_css=Markup(css),
        final=final,
        seal=seal,
        qr=qr,
    )
    return html_to_pdf(html)
