"""The Barbu Bridge score pad as PDF: the same ``bridge/_pad.html`` partial as the page,
rendered standalone (no app, no database) and printed by WeasyPrint.

WeasyPrint gets a fetcher that takes data: URIs and files under ``static/`` only: the
pad never reaches the network, whatever a player's name contains.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from . import _resource
from .bridge_pad import SEATS, build_pad
from .scoring.bridge_document import compute_bridge_document

PAGE = "bridge/pdf.html"
STYLESHEET = "css/bridge-pad.css"


@functools.cache
def jinja_env() -> Environment:
    """The templates folder without Flask: autoescaped, with a pass-through ``_``."""
    env = Environment(
        loader=FileSystemLoader(_resource("templates")),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    return env


def render_pad_html(
    doc: Mapping[str, Any], *, name: str | None = None, date: str | None = None
) -> str:
    """The pad of a ``barbu-bridge/1`` document as one HTML page (computed fields are redone)."""
    computed = compute_bridge_document(
        {key: value for key, value in doc.items() if key not in ("id", "name", "version", "links")}
    )
    return (
        jinja_env()
        .get_template(PAGE)
        .render(pad=build_pad(computed), name=name, date=date, seats=SEATS, stylesheet=STYLESHEET)
    )


def _fetcher() -> Any:
    from weasyprint.urls import URLFetcher

    root = Path(_resource("static")).resolve()

    class StaticOnly(URLFetcher):  # type: ignore[misc]
        """Fetches data: URIs and the package's static files; refuses everything else."""

        def fetch(self, url: str, headers: Any = None) -> Any:
            parts = urlsplit(url)
            scheme = parts.scheme.lower()
            if scheme == "data":
                return super().fetch(url, headers)
            if scheme == "file" and Path(url2pathname(parts.path)).resolve().is_relative_to(root):
                return super().fetch(url, headers)
            raise ValueError(f"the score pad fetches nothing from outside the package: {url}")

    return StaticOnly(allowed_protocols=("data", "file"), allow_redirects=False)


def html_to_pdf(html: str) -> bytes:
    """PDF bytes of an HTML page whose resources are inline or in the package's static/."""
    from weasyprint import HTML

    base = Path(_resource("static")).resolve().as_uri() + "/"
    pdf: bytes = HTML(string=html, base_url=base, url_fetcher=_fetcher()).write_pdf()
    return pdf


def pad_pdf(doc: Mapping[str, Any], *, name: str | None = None, date: str | None = None) -> bytes:
    """The score pad of a ``barbu-bridge/1`` document as A4 PDF bytes."""
    return html_to_pdf(render_pad_html(doc, name=name, date=date))
