"""The app on the phone: its manifest (per language), its service worker at /sw.js (scope
"/": no build step, static/js/sw.js with the fingerprinted addresses to keep put in front),
and the "Last session" shortcut."""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, current_app, redirect, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.games import summaries
from barbu_scorer.i18n import LOCALES
from barbu_scorer.present.app_manifest import ICONS, manifest
from barbu_scorer.web.access import device_sessions
from barbu_scorer.web.db import get_db
from barbu_scorer.web.language import current, in_language

bp = Blueprint("app_shell", __name__)

SHELL = (
    "css/app.css",
    "js/app.js",
    "js/outbox.js",
    "js/hand.js",
    "js/bridge.js",
    "js/preview.js",
    "js/hand-page.js",
    "js/wakelock.js",
    "js/beat.js",
    "favicon.svg",
)
"""The static files the scorer's pages and entry forms (both games) load, kept by the
worker when it is installed, so a form first opened offline still has its script (the
others are kept the first time a page asks for them)."""


@bp.get("/manifest.webmanifest")
def app_manifest() -> Response:
    """The manifest in ``?lang=`` (the page's language: a phone fetches the manifest without
    the cookie, so the address says it), else the request's."""
    lang = request.args.get("lang") or current()
    if lang not in LOCALES:
        abort(404)
    urls = {name: url_for("static", filename=f"icons/{name}") for name, _s, _p in ICONS}
    urls |= {
        "start": url_for("main.index"),
        "new": url_for("sessions.new"),
        "last": url_for("app_shell.last"),
    }
    with in_language(lang):
        body = manifest(lang, urls)
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@bp.get("/sw.js")
def worker() -> Response:
    """The service worker: static/js/sw.js, after the build's name and the addresses of the
    app shell. Never kept by a cache (a new release reaches the phone at its next visit)."""
    build = str(current_app.config.get("STATIC_BUILD", "dev"))
    shell = [url_for("static", filename=name) for name in SHELL]
    head = f"const BUILD = {json.dumps(build)};\nconst SHELL = {json.dumps(shell)};\n"
    body = head.encode() + current_app.extensions["static_files"]["js/sw.js"]
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/last")
def last() -> BaseResponse:
    """The shortcut "Last session": the session this browser opened last, else home."""
    found = summaries(get_db(), device_sessions())
    if not found:
        return redirect(url_for("main.index"))
    newest = found[0]
    pages = newest["pages"]
    page = pages.scorer if newest["id"] in session.get("keys", {}) else pages.watch
    return redirect(url_for(page, session_id=newest["id"]))
