"""The ``barbu-scorer`` command: a thin wrapper over scoring/ and the app."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from barbu_scorer.scoring import ScoringError


def fail(message: str) -> None:
    """Stop with one clear line on stderr and a non-zero exit."""
    line = " ".join(message.splitlines())  # one line, whatever the message holds
    click.echo(f"barbu-scorer: {line}", err=True)
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
    from barbu_scorer.games import game_of_document

    doc = read_json(file)
    try:
        result = game_of_document(doc).compute(doc)
    except ScoringError as error:
        fail(str(error))
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=4, show_default=True, type=int, help="Worker threads.")
@click.option(
    "--instance",
    default="instance",
    show_default=True,
    help="Folder for the SQLite file and the secret key (created if missing).",
)
def serve(host: str, port: int, threads: int, instance: str) -> None:
    """Run the app under waitress, on the SQLite file in the instance folder."""
    from waitress import serve as waitress_serve

    from barbu_scorer.app import create_app

    app = create_app(instance_path=instance)
    click.echo(f"Barbu Scorer on http://{host}:{port}/  (database: {app.config['DATABASE']})")
    waitress_serve(app, host=host, port=port, threads=threads)


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="Where to write the PDF (- for standard output). Default: FILE with a .pdf suffix, "
    "or sheet.pdf when reading standard input.",
)
@click.option(
    "--paper",
    type=click.Choice(["A4", "Letter"], case_sensitive=False),
    default="A4",
    show_default=True,
    help="Paper size.",
)
@click.option("--name", help="The session's name on the sheet.  [default: Barbu session]")
@click.option("--date", help="The date printed on the sheet.  [default: today]")
def sheet(
    file: click.File, output: str | None, paper: str, name: str | None, date: str | None
) -> None:
    """Print a session document (FILE, or - for standard input) as a PDF score sheet.

    A Barbu Bridge document prints its We/They score pad.
    """
    from pathlib import Path

    from barbu_scorer.games import game_of_document

    doc = read_json(file)
    source = getattr(file, "name", "-")
    if output is None:
        stdin = source in ("-", "<stdin>")
        output = "sheet.pdf" if stdin else str(Path(source).with_suffix(".pdf"))
        if Path(output).resolve() == Path(source).resolve():
            fail(f"{source} already ends in .pdf: name the output with -o")
    try:
        pdf = game_of_document(doc).pdf(doc, name, date, paper)
    except ScoringError as error:
        fail(str(error))
    if output == "-":
        click.get_binary_stream("stdout").write(pdf)
        return
    try:
        Path(output).write_bytes(pdf)
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror}")
    click.echo(f"{output}: score sheet written", err=True)


def _database(instance: str) -> Any:
    """The instance folder's SQLite file, migrated (the same file `serve` uses)."""
    from pathlib import Path

    from barbu_scorer.store.db import connect

    folder = Path(instance)
    folder.mkdir(parents=True, exist_ok=True)
    return connect(str(folder / "barbu.db"))


INSTANCE_OPTION = click.option(
    "--instance",
    default="instance",
    show_default=True,
    help="Folder holding the SQLite file (the one `serve` uses).",
)


@main.command("export")
@click.argument("session_id")
@INSTANCE_OPTION
def export_command(session_id: str, instance: str) -> None:
    """Print a stored session's document (SESSION_ID) as JSON, every computed field included."""
    from barbu_scorer.games import export_document
    from barbu_scorer.paper.exports import document_json

    doc = export_document(_database(instance), session_id)
    if doc is None:
        fail(f"no session {session_id!r} in {instance}")
    click.echo(document_json(doc), nl=False)


@main.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@INSTANCE_OPTION
def import_command(file: click.File, instance: str) -> None:
    """Store a session document (FILE, or -) as a new session; print its id and links."""
    from barbu_scorer.games import import_document
    from barbu_scorer.store import schemes as scheme_store

    doc = read_json(file)
    db = _database(instance)
    try:
        session_id, key = import_document(db, doc, lambda name: scheme_store.find(db, name))
    except ScoringError as error:
        fail(str(error))
    click.echo(f"imported session {session_id}")
    click.echo(f"scorer link: /s/{session_id}/k/{key}")
    click.echo(f"watch link:  /w/{session_id}")


@main.command("ratings")
@INSTANCE_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as JSON.")
def ratings_command(instance: str, as_json: bool) -> None:
    """Recompute every player's rating from the stored sessions alone; print the ranking."""
    from barbu_scorer.present.league import ranking_rows
    from barbu_scorer.scoring.league.rating import ratings
    from barbu_scorer.store import players as roster

    db = _database(instance)
    names = {p.id: p.name for p in roster.roster(db)}
    rows = ranking_rows(ratings(roster.played_sessions(db)), names)
    if as_json:
        out = [{**r.__dict__, "rating": float(r.rating.replace("\u2212", "-"))} for r in rows]
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    for r in rows:
        mark = " *" if r.provisional else ""
        click.echo(f"{r.place:>3}. {r.name}{mark}  {r.expected}  ({r.sessions} sessions)")
