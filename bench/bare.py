"""The baseline every bench divides by: a bare Flask app under the same waitress.

    python bench/bare.py PORT [--threads N]

GET /page renders a small template (a list of 28 rows); POST /save reads a form and
redirects (303), as the app's save does; GET /live answers a small JSON with an ETag.
"""

from __future__ import annotations

import sys

from flask import Flask, jsonify, redirect, render_template_string, request

app = Flask(__name__)
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Bare</title></head>
<body><h1>{{ title }}</h1><ul>{% for n in rows %}<li>Row {{ n }}</li>{% endfor %}</ul>
</body></html>"""


@app.get("/page")
def page() -> str:
    return render_template_string(PAGE, title="Bare", rows=range(28))


@app.post("/save")
def save() -> object:
    return redirect(f"/page?n={len(request.form)}", code=303)


@app.get("/live")
def live() -> object:
    response = jsonify({"version": 1, "ended": False})
    response.set_etag("1")
    return response.make_conditional(request)


if __name__ == "__main__":
    from waitress import serve

    threads = int(sys.argv[sys.argv.index("--threads") + 1]) if "--threads" in sys.argv else 4
    serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=threads, connection_limit=1000)
