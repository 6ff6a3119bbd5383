"""The printed sheet of a stored session, served from the per-version cache.

After each write to a session (a POST on one of its pages that did not fail), its A4
sheet is rendered ahead in the background (``web.ahead``), so that tapping "Score sheet"
returns the bytes at once: at once when the write closed a block or finished the session
(complete, or ended by the scorer), a moment later after any other hand (further saves
meanwhile are one render), and never more than a quarter of a core in all (a sheet takes
half a second of CPU: after every hand of 100 tables, renders held back by that bound
are made on their tap). A tap while the render is under way waits for its bytes (the
page shows "Preparing the score sheet…"). The cache keeps its copies on disk under the
instance folder (``sheets/``), which the processes serving one database share. ``warm``
lays out sheets at start-up: WeasyPrint's first layout (fonts, styles) costs more than
twice a warm one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path

from flask import Flask, Response, abort, current_app, request
from flask_babel import gettext as _

from barbu_scorer.games import TOURNAMENT, load
from barbu_scorer.present.papers import PAPERS
from barbu_scorer.scoring.notes import notes_document
from barbu_scorer.store.ending import live_state
from barbu_scorer.store.language import session_language
from barbu_scorer.store.notes import notes_of
from barbu_scorer.web import render_process
from barbu_scorer.web.ahead import DEBOUNCE, SHARE
from barbu_scorer.web.assets import fresh
from barbu_scorer.web.cached import etag_of, scored, scored_already
from barbu_scorer.web.db import get_db
from barbu_scorer.web.language import in_language
from barbu_scorer.web.pdf_cache import SLOTS, Busy, PdfCache

KEY = "barbu_pdf_cache"
FREE = 2
"""The server's threads no render holds or waits in (see ``fit_threads``)."""
# POSTs on a session's pages that never write.
READ_ONLY = ("preview", "beat")


def pdf_cache(app: Flask | None = None) -> PdfCache:
    """The app's sheet cache."""
    found: PdfCache = (app or current_app).extensions[KEY]
    return found


def sheet_job(
    session_id: str, paper: str, how: bool = False
) -> tuple[tuple[Hashable, ...], Callable[[], bytes]] | None:
    """The cache key of the session's sheet now, and how to render it (None: no session);
    ``how``: with a Tournament sheet's second page, "How the score was made" (a copy of
    its own in the cache)."""
    found = load(get_db(), session_id)
    if found is None:
        return None
    game, stored = found
    language = session_language(get_db(), session_id)  # the sheet speaks the session's
    key: tuple[Hashable, ...] = (session_id, stored.version, stored.name, stored.created)
    key += (paper.casefold(), game.format, language)
    how = how and game.format == TOURNAMENT.format
    key += ("how",) if how else ()
    date = stored.created[:10]
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    notes = notes_document(notes_of(get_db(), session_id))  # this version's (the key's)

    def render() -> bytes:
        # Scored only to render, once per version (the write's own scoring when it left
        # one): never for a cached copy or a 304.
        with app.app_context():
            doc = stored.document(scored(stored))
        doc = {**doc, "notes": notes} if notes else doc
        if app.config["PDF_PROCESS"]:  # laid out in the child: the pages never wait on it
            return render_process.render(
                game.format, doc, stored.name or None, date, paper, language, how
            )
        # Also from a background thread: the app's context gives the sheet its language.
        with app.app_context(), in_language(language):
            return render_process.lay_out(game.format, doc, stored.name or None, date, paper, how)

    return key, render


def sheet_response(session_id: str) -> Response:
    """The printed sheet of either game as a PDF (?paper=A4 or Letter; ?how=1 adds a
    Tournament sheet's second page, how the score was made); 304 when the browser's copy
    is this version's."""
    paper = request.args.get("paper", "A4")
    if paper.casefold() not in PAPERS:
        abort(400, description=_("The paper is A4 or Letter."))
    job = sheet_job(session_id, paper, how=request.args.get("how") == "1")
    if job is None:
        abort(404)
    key, render = job
    return served(session_id, key, render, f"barbu-{session_id}.pdf")


def served(
    owner: str,
    key: tuple[Hashable, ...],
    render: Callable[[], bytes],
    filename: str,
    mimetype: str = "application/pdf",
) -> Response:
    """The bytes of ``key`` (``owner``'s id, an int version that only grows, what else
    they depend on) from the cache, rendered once behind its gate: 304 when the
    browser's copy is this version's, 503 with Retry-After when too many renders wait."""
    tag = etag_of(mimetype, *key)
    if fresh(tag):
        response = Response(status=304)
    else:
        suffix = ".png" if mimetype == "image/png" else ".pdf"
        try:
            body = pdf_cache().get(owner, key, render, suffix=suffix)
        except Busy:
            abort(503, description=_("Many sheets are being printed: try again in a moment."))
        response = Response(body, mimetype=mimetype)
        response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(tag)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _urgent(session_id: str) -> bool:
    """Whether the session now ends a block or is finished (ended, or complete), by this
    version's scoring kept in this process; never scored for this: a write that left no
    scoring (the API's) counts as urgent (rendered at once, within the same share)."""
    state = live_state(get_db(), session_id)
    if state is None or state[1] is not None:
        return state is not None
    found = scored_already(session_id, state[0])
    if found is None:
        return True
    if isinstance(found, Mapping):
        return bool(found.get("complete"))
    return bool(getattr(found, "complete", False) or getattr(found, "block_ended", False))


def _after_write(response: Response) -> Response:
    """After a write to a session, its sheet is rendered ahead in the background (never
    after a beat or a preview, which write no version; and without a scoring of its own
    when the write left its scoring for the next page)."""
    session_id = (request.view_args or {}).get("session_id")
    endpoint = request.endpoint or ""
    if (
        request.method == "POST"
        and isinstance(session_id, str)
        and response.status_code < 400
        and not endpoint.endswith(READ_ONLY)
        and current_app.config["PDF_IN_BACKGROUND"]
    ):
        app = current_app._get_current_object()  # type: ignore[attr-defined]

        def job() -> tuple[Hashable, Callable[[], bytes]] | None:
            with app.app_context():
                return sheet_job(session_id, "A4")

        pdf_cache().prepare(session_id, job, _urgent(session_id))
    return response


def warm(app: Flask | None = None) -> None:
    """Lay out one small sheet where this app lays its sheets out (its child process, or
    here), so the first one asked for is as quick as the next."""
    if app is not None and app.config.get("PDF_PROCESS"):
        render_process.warm()
        return
    from barbu_scorer.paper.pdf import warm_up

    warm_up()


def start_warming(app: Flask | None = None) -> threading.Thread:
    """``warm`` in a background thread (the server answers meanwhile)."""
    thread = threading.Thread(target=warm, args=(app,), name="pdf-warm", daemon=True)
    thread.start()
    return thread


def fit_threads(app: Flask, threads: int) -> None:
    """Let requests lead a render or wait for one while ``FREE`` of the server's
    ``threads`` stay for the pages (``SLOTS`` of them at least, as with 4 threads)."""
    pdf_cache(app).places = max(SLOTS, threads - FREE)


def init_app(app: Flask) -> None:
    """The sheet cache (on disk under the instance folder) and the render after writes."""
    testing = bool(app.config.get("TESTING"))
    app.config.setdefault("PDF_IN_BACKGROUND", not testing)
    # Laid out in a child process (see render_process) where a server runs; tests that
    # render many sheets keep them in their own process.
    app.config.setdefault("PDF_PROCESS", not testing)
    folder = app.config.setdefault(
        "PDF_FOLDER", None if testing else str(Path(app.instance_path) / "sheets")
    )
    share = float(app.config.setdefault("PDF_AHEAD_SHARE", SHARE))
    debounce = float(app.config.setdefault("PDF_AHEAD_DEBOUNCE", DEBOUNCE))
    app.extensions[KEY] = PdfCache(folder=folder, share=share, debounce=debounce)
    fit_threads(app, int(app.config.get("SERVER_THREADS", 4)))
    app.after_request(_after_write)
