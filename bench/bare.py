"""The baseline every bench divides by: a bare Flask app under the same waitress.

    python bench/bare.py PORT [--threads N] [--db FILE]

A normal Flask app, as honest as the app it is compared with: its template is compiled
once (a file template through Flask's loader, as the app's are), each thread keeps one
SQLite connection (WAL, ``synchronous=FULL``, as the app's).

GET /page reads one row and renders a small template (a list of 28 rows); POST /save
reads a form, writes one row in one transaction (committed, so fsynced, as a saved hand
is) and redirects (303), as the app's save does; GET /live answers a small JSON with an
ETag. With ``--timing`` every answer carries the same Server-Timing header as the app's
under ``SERVER_TIMING`` (the request thread's CPU and the wall time).
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import threading
from pathlib import Path

from flask import Flask, jsonify, redirect, render_template, request
from jinja2 import DictLoader

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu_scorer.web.timing import ServerTiming  # noqa: E402

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Bare</title></head>
<body><h1>{{ title }}</h1><ul>{% for n in rows %}<li>Row {{ n }}</li>{% endfor %}</ul>
</body></html>"""

app = Flask(__name__)
app.jinja_loader = DictLoader({"page.html": PAGE})  # type: ignore[assignment]
DATABASE = [str(Path(tempfile.mkdtemp(prefix="bare-")) / "bare.db")]
_local = threading.local()


def db() -> sqlite3.Connection:
    """This thread's connection, opened once (WAL, synchronous=FULL)."""
    conn: sqlite3.Connection | None = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(DATABASE[0], isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, body TEXT)")
        _local.conn = conn
    return conn


@app.get("/page")
def page() -> str:
    found = db().execute("SELECT id, body FROM rows ORDER BY id DESC LIMIT 1").fetchone()
    return render_template("page.html", title=f"Bare {found[0] if found else 0}", rows=range(28))


@app.post("/save")
def save() -> object:
    conn = db()
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO rows (body) VALUES (?)", [repr(sorted(request.form.items()))])
    conn.execute("COMMIT")
    return redirect(f"/page?n={len(request.form)}", code=303)


@app.get("/live")
def live() -> object:
    response = jsonify({"version": 1, "ended": False})
    response.set_etag("1")
    return response.make_conditional(request)


if __name__ == "__main__":
    from waitress import serve

    threads = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else 4
    if "--db" in sys.argv:
        DATABASE[0] = sys.argv[sys.argv.index("--db") + 1]
    wsgi = ServerTiming(app.wsgi_app) if "--timing" in sys.argv else app.wsgi_app
    app.jinja_env.get_template("page.html")  # compiled before it listens, as `serve` does
    serve(wsgi, host="127.0.0.1", port=int(sys.argv[1]), threads=threads, connection_limit=1000)
