"""Certified results: each certified version's read-only page and document, the
director's sign-off, and the correction window's length before it opens."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from barbu_scorer.present.certified import version_line
from barbu_scorer.present.format import place
from barbu_scorer.scoring.event import certify
from barbu_scorer.store import certified
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_access import require_director
from barbu_scorer.web.event_data import gather
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.event_paper import settled
from barbu_scorer.web.forms.events import WindowForm
from barbu_scorer.web.links import external

bp = Blueprint("event_certified", __name__)


def _version(event_id: str, number: int) -> certify.Version:
    event_or_404(event_id)
    found = [v for v in certified.versions(get_db(), event_id) if v.number == number]
    if not found:
        abort(404)
    return found[0]


def _ranking(doc: dict[str, Any] | None) -> list[tuple[str, str, str, str]]:
    """A certified document's ranking lines, as the page prints them."""
    rows = (doc or {}).get("ranking", [])
    return [
        (
            place(r.get("place", 0), bool(r.get("shared"))),
            str(r.get("name", "")),
            str(r.get("total", "")),
            str(r.get("placing", "")),
        )
        for r in (rows if isinstance(rows, list) else [])
        if isinstance(r, dict)
    ]


@bp.get("/e/<event_id>/certified/<int:number>")
def version(event_id: str, number: int) -> str:
    """One certified version, read-only: its line, its ranking as certified, every version."""
    event = event_or_404(event_id)
    chosen = _version(event_id, number)
    doc = certified.version_document(get_db(), event_id, number)
    return render_template(
        "event/certified.html",
        e=event,
        line=version_line(chosen),
        number=number,
        ranking=_ranking(doc),
        kept=doc is not None,
        versions=[
            (
                version_line(v),
                url_for("event_certified.version", event_id=event_id, number=v.number),
            )
            for v in reversed(certified.versions(get_db(), event_id))
        ],
    )


@bp.get("/e/<event_id>/certified/<int:number>.json")
def version_json(event_id: str, number: int) -> Response:
    """One certified version's document as certified, with its certification block (its
    SHA-256 is of the document without that block)."""
    chosen = _version(event_id, number)
    doc = certified.version_document(get_db(), event_id, number)
    if doc is None:
        abort(404)
    doc[certify.BLOCK] = {
        "state": "certified",
        "version": number,
        "certified_at": chosen.at.isoformat(),
        "sha256": chosen.sha256,
        "url": external("event_certified.version", event_id=event_id, number=number),
        "versions": [
            {"version": v.number, "at": v.at.isoformat(), "sha256": v.sha256, "how": v.how}
            for v in certified.versions(get_db(), event_id)
            if v.number <= number
        ],
    }
    body = json.dumps(doc, ensure_ascii=False, indent=1)
    response = Response(body, mimetype="application/json")
    filename = f"event-{event_id}-certified-{number}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.post("/e/<event_id>/sign-off")
def sign_off(event_id: str) -> Response:
    """The director certifies the results before the window closes."""
    event = event_or_404(event_id)
    require_director(event_id)
    view = gather(get_db(), event)
    if settled(get_db(), event, view).state != "provisional":
        flash(_("Only results in their correction window can be signed off."), "error")
    else:
        certified.sign_off(get_db(), event_id, datetime.now(UTC))
        settled(get_db(), event, view)
        flash(_("Results certified."), "ok")
    return redirect(request.referrer or url_for("events.console", event_id=event_id))


@bp.post("/e/<event_id>/window")
def window(event_id: str) -> Response:
    """The correction window's length, while it has not opened."""
    event = event_or_404(event_id)
    require_director(event_id)
    form = WindowForm()
    if not form.validate_on_submit() or form.minutes.data is None:
        flash(_("The correction window is 0 minutes to 7 days (10080)."), "error")
    elif settled(get_db(), event, gather(get_db(), event)).state != "playing":
        flash(_("The correction window has opened: its length no longer changes."), "error")
    else:
        certified.set_minutes(get_db(), event_id, form.minutes.data)
        flash(_("Correction window: %(n)s minutes.", n=form.minutes.data), "ok")
    return redirect(url_for("events.console", event_id=event_id))
