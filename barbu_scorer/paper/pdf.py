"""The printed score sheet: HTML from the sheet templates, then PDF with WeasyPrint.

Works from a session document alone (no app, no database). The page is self-contained
(inline CSS, the chart as a data: URI), and WeasyPrint is given a fetcher that refuses
anything but data: URIs and files inside the package.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit
from urllib.request import url2pathname

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from barbu_scorer.paper.screen_chart import print_chart
from barbu_scorer.present.explain import how_lines
from barbu_scorer.present.format import place, signed
from barbu_scorer.present.isolate import bdi, bdi_join
from barbu_scorer.present.live import ended_line
from barbu_scorer.present.notes import sheet_notes
from barbu_scorer.present.pad import SIDE_NAMES
from barbu_scorer.present.sheet import build_sheet, sheet_of
from barbu_scorer.present.sheet_model import Sheet
from barbu_scorer.resources import resource
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import SchemeLookup, explain_all
from barbu_scorer.scoring.messages import active
from barbu_scorer.scoring.units import HAND

PARTIAL = "pdf/_sheet.html"
PAGE = "pdf/sheet.html"
STYLESHEET = "css/sheet.css"


@functools.cache
def jinja_env() -> Environment:
    """The templates folder without Flask: autoescaped, with a pass-through ``_``."""
    env = Environment(
        loader=FileSystemLoader(resource("templates")),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    # newstyle, as Flask-Babel installs it: _("... %(n)s", n=...) escapes its arguments.
    # The words are the active language's (scoring.messages.speaking): the session's own.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: active().gettext(text),
        ngettext=lambda one, many, n: active().ngettext(one, many, n),
        newstyle=True,
    )
    env.globals["signed"] = env.filters["signed"] = signed
    env.globals["place"] = place
    env.globals["side_names"] = SIDE_NAMES
    env.filters["bdi"], env.filters["bdi_join"] = bdi, bdi_join
    return env


def sheet_context(
    doc: Any,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
    lookup: SchemeLookup | None = None,
    chart: bool = True,
) -> dict[str, Any]:
    """What ``pdf/_sheet.html`` needs from a document as given (scored here first)."""
    sheet = build_sheet(doc, name=name, date=date, paper=paper, lookup=lookup)
    if not isinstance(doc, dict):
        return context_of(sheet, None, chart)
    return context_of(sheet, doc.get("ended_after"), chart, notes=sheet_notes(doc, HAND))


def context_of(
    sheet: Sheet,
    ended_after: int | None,
    chart: bool = True,
    how: Sequence[str] = (),
    notes: tuple[str | None, tuple[str, ...]] = (None, ()),
) -> dict[str, Any]:
    """``sheet``, ``chart`` and ``ended`` for ``pdf/_sheet.html`` (pass to render_template),
    ``how``: the optional second page, "How the score was made" (one line a hand), and the
    ``notes`` (``present.notes.sheet_notes``): the session's under the title, a hand's
    a line under the table.

    ``chart=False`` leaves the chart out.
    """
    ended = ended_line(ended_after, HAND)
    chart_uri = print_chart(sheet) if chart else None
    session_note, hand_notes = notes
    return {
        "sheet": sheet,
        "chart": chart_uri,
        "ended": ended,
        "how": tuple(how),
        "session_note": session_note,
        "notes": hand_notes,
    }


def render_sheet_html(
    doc: Any,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
    lookup: SchemeLookup | None = None,
) -> str:
    """The sheet as one self-contained HTML page (inline CSS, the chart as a data: URI)."""
    return page_html(sheet_context(doc, name=name, date=date, paper=paper, lookup=lookup))


def page_html(context: dict[str, Any]) -> str:
    """The sheet page of a ``context_of`` context."""
    css = (Path(resource("static")) / STYLESHEET).read_text(encoding="utf-8")
    return jinja_env().get_template(PAGE).render(sheet_css=css, **context)


def package_fetcher() -> Any:
    """A WeasyPrint URL fetcher for data: URIs and the package's own files only."""
    from weasyprint.urls import URLFetcher

    roots = tuple(Path(resource(folder)).resolve() for folder in ("static", "templates"))

    class PackageFetcher(URLFetcher):  # type: ignore[misc]
        """Fetches data: URIs and the package's own files; refuses the rest (no network)."""

        def fetch(self, url: str, headers: Any = None) -> Any:
            scheme = urlsplit(url).scheme.lower()
            if scheme == "file":
                path = Path(url2pathname(urlsplit(url).path)).resolve()
                if any(path.is_relative_to(root) for root in roots):
                    return super().fetch(url, headers)
            elif scheme == "data":
                return super().fetch(url, headers)
            raise ValueError(f"the score sheet fetches nothing from outside the package: {url}")

    return PackageFetcher(allowed_protocols=("data", "file"), allow_redirects=False)


def html_to_pdf(html: str) -> bytes:
    """PDF bytes of an HTML page whose resources are inline or in the package's static/."""
    from weasyprint import HTML

    base = Path(resource("static")).resolve().as_uri() + "/"
    pdf: bytes = HTML(string=html, base_url=base, url_fetcher=package_fetcher()).write_pdf()
    return pdf


def computed_sheet_pdf(
    computed: ComputedDocument,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
    how: bool = False,
) -> bytes:
    """The score sheet of a document the store computed (not scored again), as PDF; with
    ``how``, a second page says how the score was made (the hands explained, once)."""
    sheet = sheet_of(computed, name=name, date=date, paper=paper)
    lines = how_lines(explain_all(computed, stored=True)) if how else ()
    notes = sheet_notes(cast(Mapping[str, Any], computed), HAND)
    context = context_of(sheet, computed.get("ended_after"), how=lines, notes=notes)
    return html_to_pdf(page_html(context))


def _warm_up_hands(declarer: int) -> list[dict[str, Any]]:
    """One Tournament block of ``declarer``'s, each hand doubled once: every kind of row,
    mark and glyph a real sheet has."""

    def turn(values: list[int]) -> list[int]:
        return values[-declarer:] + values[:-declarer] if declarer else values

    facts: list[tuple[str, dict[str, Any]]] = [
        ("no_tricks", {"tricks": turn([4, 3, 3, 3])}),
        ("no_queens", {"queens": turn([1, 1, 2, 0])}),
        ("no_last_two", {"penultimate": declarer, "last": (declarer + 2) % 4}),
        ("no_hearts", {"hearts": turn([5, 3, 3, 2]), "ace_of_hearts": declarer}),
        ("no_king_of_hearts", {"king_of_hearts": (declarer + 1) % 4}),
        ("trumps", {"tricks": turn([5, 4, 2, 2])}),
        ("dominoes", {"order": turn([0, 1, 2, 3])}),
    ]
    hands = [
        {"contract": c, "facts": f, "doubles": [[(declarer + 1) % 4, declarer]]} for c, f in facts
    ]
    hands[5]["trump"], hands[6]["start_rank"] = "hearts", "J"
    return hands


def warm_up() -> bytes:
    """A whole 28-hand sheet with its "how" page: WeasyPrint's first layout (fonts,
    glyphs, styles) costs more than twice a warm one, and a sheet of a few rows left the
    next full one 1.7x slower than the one after it, so a server lays this out at start."""
    from barbu_scorer.scoring import compute_document

    players = ["Ada", "Ben", "Clara", "Dan"]
    hands = [hand for declarer in range(4) for hand in _warm_up_hands(declarer)]
    doc = {"format": "barbu-session/1", "players": players, "hands": hands}
    return computed_sheet_pdf(compute_document(doc), name="Warm-up", how=True)
