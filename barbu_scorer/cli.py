"""The ``barbu-scorer`` command: a thin wrapper over scoring/ and the app."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from .scoring import ScoringError, compute_document


def fail(message: str) -> None:
    """Stop with one clear line on stderr and a non-zero exit."""
    click.echo(f"barbu-scorer: {message}", err=True)
    sys.exit(1)


def read_json(source: click.File) -> Any:
    """A JSON document from a file or standard input, or a clear failure."""
    try:
        return json.load(source)  # type: ignore[arg-type]
    except json.JSONDecodeError as error:
        fail(f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}")
    except UnicodeDecodeError:
        fail("not valid JSON: the file is not UTF-8 text")
    except RecursionError:
        fail("not valid JSON: nested too deeply")


@click.group()
def main() -> None:
    """Score keeper for Barbu."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: click.File) -> None:
    """Score a session document (FILE, or - for standard input) and print it as JSON."""
    doc = read_json(file)
    try:
        result = _score_any(doc)
    except ScoringError as error:
        fail(str(error))
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


def _score_any(doc: Any) -> dict[str, Any]:
    if isinstance(doc, dict) and doc.get("format") == "barbu-bridge/1":
        from .scoring.bridge_document import compute_bridge_document

        return compute_bridge_document(doc)
    return compute_document(doc)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=4, show_default=True, type=int, help="Worker threads.")
@click.option(
    "--instance", default="instance", show_default=True,
    help="Folder for the SQLite file and the secret key (created if missing).",
)
def serve(host: str, port: int, threads: int, instance: str) -> None:
    """Run the app under waitress, on the SQLite file in the instance folder."""
    from waitress import serve as waitress_serve

    from . import create_app

    app = create_app(instance_path=instance)
    click.echo(f"Barbu Scorer on http://{host}:{port}/  (database: {app.config['DATABASE']})")
    waitress_serve(app, host=host, port=port, threads=threads)
