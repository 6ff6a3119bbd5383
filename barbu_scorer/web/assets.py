"""Static files with hashed addresses and long lifetimes, compressed answers, a favicon.

Every ``url_for('static', ...)`` carries ``?v=`` and the first characters of the file's
SHA-256, computed once at start-up: a browser may keep such a file for a year (it is
``immutable``), and a new release changes the address. Pages, scripts, styles and JSON
are compressed by flask-compress (zstd, Brotli or gzip, as the browser accepts); its
``:gzip``-style ETags are understood by ``fresh``. Nothing comes from anywhere else.
"""

from __future__ import annotations

import hashlib
import mimetypes
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, redirect, request, url_for
from flask_compress import Compress
from werkzeug.wrappers import Response as BaseResponse

YEAR = 365 * 24 * 3600
ALGORITHMS = ("zstd", "br", "gzip", "deflate")
BUNDLES = {"js/hand-page.js": ("js/app.js", "js/preview.js", "js/outbox.js", "js/hand.js")}
"""Scripts a page loads together, served as one file joined at start-up: the hand form
asked for four (with its stylesheet, five requests before its load event; 3.4x a bare
page's load in bench/load.py), each a round trip and a script to start in Chromium."""


def static_files(folder: str | Path) -> dict[str, bytes]:
    """Each file under ``folder`` (by its path there, with /) and its bytes (a few dozen
    small files: read once, served from memory)."""
    root = Path(folder)
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def bundled(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` and each of ``BUNDLES``: its scripts in order, each ending its statement."""
    joined = {name: b"\n;\n".join(files[part] for part in parts) for name, parts in BUNDLES.items()}
    return files | joined


def fresh(tag: str) -> bool:
    """Whether the request's If-None-Match names ``tag``, as sent or as compressed."""
    wanted = request.if_none_match
    return wanted.contains(tag) or any(wanted.contains(f"{tag}:{a}") for a in ALGORITHMS)


def init_app(app: Flask) -> None:
    """Hash the static files, version their addresses, cache them long, compress answers."""
    files = bundled(static_files(app.static_folder or ""))
    hashes = {name: hashlib.sha256(body).hexdigest()[:12] for name, body in files.items()}
    app.config["STATIC_BUILD"] = hashlib.sha256(repr(hashes).encode()).hexdigest()[:12]
    app.extensions["static_files"] = files  # the service worker's source (web/views/app_shell.py)

    def versioned(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "v" not in values:
            found = hashes.get(str(values.get("filename", "")))
            if found:
                values["v"] = found

    def lifetime(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code in (200, 304):
            version = request.args.get("v")
            if version and version == hashes.get(str((request.view_args or {}).get("filename"))):
                response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
            else:
                response.headers["Cache-Control"] = "public, no-cache"
        return response

    def static(filename: str) -> BaseResponse:
        """A static file from memory: not streamed, so it is compressed like a page."""
        body = files.get(filename)
        if body is None:
            abort(404)
        kind = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        response = Response(body, mimetype=kind)
        response.set_etag(hashes[filename])
        return response.make_conditional(request)

    def favicon() -> BaseResponse:
        return redirect(url_for("static", filename="favicon.svg"), code=301)

    app.view_functions["static"] = static
    app.url_defaults(versioned)
    app.after_request(lifetime)
    app.add_url_rule("/favicon.ico", "favicon", favicon)
    app.config.setdefault(
        "COMPRESS_MIMETYPES",
        [
            "text/html",
            "text/css",
            "text/javascript",
            "application/javascript",
            "application/json",
            "text/csv",
            "image/svg+xml",
        ],
    )
    Compress(app)
