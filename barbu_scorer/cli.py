"""The ``barbu-scorer`` command: a thin wrapper over scoring/ and the app."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from barbu_scorer.cli_help import Group, language
from barbu_scorer.scoring import ScoringError, messages
from barbu_scorer.scoring.messages import N_, say
from barbu_scorer.scoring.text import read_json as parse_json


def fail(message: str) -> None:
    """Stop with one clear line on stderr and a non-zero exit."""
    line = " ".join(message.splitlines())  # one line, whatever the message holds
    click.echo(f"barbu-scorer: {line}", err=True)
    sys.exit(1)


def read_json(source: click.File) -> Any:
    """A JSON document from a file or standard input, or a clear failure."""
    try:
        return parse_json(source.read())  # type: ignore[attr-defined]
    except UnicodeDecodeError:
        fail(say("not valid JSON: the file is not UTF-8 text"))
    except ScoringError as error:
        fail(error.message)


@click.group(cls=Group, help=N_("Score keeper for Barbu."))
@click.option(
    "--lang",
    is_eager=True,  # read before --help, so that the help speaks it too
    help=N_("The language of the messages and the sheet: en or fr (else LANG)."),
)
def main(lang: str | None) -> None:
    """The ``barbu-scorer`` group: choose the language of the run."""
    from barbu_scorer.i18n import translations

    chosen = language(lang)
    messages.activate(translations(chosen), chosen)


@main.command(
    help=N_("Score a session document (FILE, or - for standard input) and print it as JSON.")
)
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: click.File) -> None:
    """The ``score`` command (each command's help is its ``help=``, translated)."""
    from barbu_scorer.games import game_of_document

    doc = read_json(file)
    try:
        result = game_of_document(doc).compute(doc)
    except ScoringError as error:
        fail(str(error))
    click.echo(json.dumps(result, indent=2, ensure_ascii=False))


@main.command(
    help=N_(
        "Print a session document (FILE, or - for standard input) as a PDF score sheet."
        "\n\nA Barbu Bridge document prints its We/They score pad."
    )
)
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help=N_(
        "Where to write the PDF (- for standard output). Default: FILE with a .pdf suffix, "
        "or sheet.pdf when reading standard input."
    ),
)
@click.option(
    "--paper",
    type=click.Choice(["A4", "Letter"], case_sensitive=False),
    default="A4",
    show_default=True,
    help=N_("Paper size."),
)
@click.option("--name", help=N_("The session's name on the sheet.  [default: Barbu session]"))
@click.option("--date", help=N_("The date printed on the sheet.  [default: today]"))
def sheet(
    file: click.File, output: str | None, paper: str, name: str | None, date: str | None
) -> None:
    from pathlib import Path

    from barbu_scorer.games import game_of_document

    doc = read_json(file)
    source = getattr(file, "name", "-")
    if output is None:
        stdin = source in ("-", "<stdin>")
        output = "sheet.pdf" if stdin else str(Path(source).with_suffix(".pdf"))
        if Path(output).resolve() == Path(source).resolve():
            fail(say("%(source)s already ends in .pdf: name the output with -o", source=source))
    try:
        game = game_of_document(doc)
        computed = dict(game.compute(doc))  # scored once here, then printed as it is
        if isinstance(doc, dict) and "ended_after" in doc:
            computed["ended_after"] = doc["ended_after"]
        pdf = game.pdf(computed, name, date, paper)
    except ScoringError as error:
        fail(str(error))
    if output == "-":
        click.get_binary_stream("stdout").write(pdf)
        return
    try:
        Path(output).write_bytes(pdf)
    except OSError as error:
        fail(say("cannot write %(output)s: %(why)s", output=output, why=error.strerror))
    click.echo(say("%(output)s: score sheet written", output=output), err=True)


def _database(instance: str) -> Any:
    """The instance folder's SQLite file, migrated (the same file `serve` uses)."""
    from pathlib import Path

    from barbu_scorer.store.db import connect

    folder = Path(instance)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return connect(str(folder / "barbu.db"))


INSTANCE_OPTION = click.option(
    "--instance",
    default="instance",
    show_default=True,
    help=N_("Folder holding the SQLite file (the one `serve` uses)."),
)


@main.command(
    "export",
    help=N_(
        "Print a stored session's document (SESSION_ID) as JSON, every computed field included."
    ),
)
@click.argument("session_id")
@INSTANCE_OPTION
def export_command(session_id: str, instance: str) -> None:
    from barbu_scorer.games import export_document
    from barbu_scorer.paper.exports import document_json

    doc = export_document(_database(instance), session_id)
    if doc is None:
        fail(say("no session %(id)s in %(instance)s", id=repr(session_id), instance=instance))
    click.echo(document_json(doc), nl=False)


@main.command(
    "import",
    help=N_("Store a session document (FILE, or -) as a new session; print its id and links."),
)
@click.argument("file", type=click.File("r", encoding="utf-8"))
@INSTANCE_OPTION
def import_command(file: click.File, instance: str) -> None:
    from barbu_scorer.games import import_document
    from barbu_scorer.store import schemes as scheme_store

    doc = read_json(file)
    db = _database(instance)
    try:
        session_id, key = import_document(db, doc, lambda name: scheme_store.find(db, name))
    except ScoringError as error:
        fail(str(error))
    click.echo(say("imported session %(id)s", id=session_id))
    click.echo(say("scorer link: %(link)s", link=f"/s/{session_id}/k/{key}"))
    click.echo(say("watch link:  %(link)s", link=f"/w/{session_id}"))


# The server and the commands that look after the stored data, in modules of their own.
from barbu_scorer.cli_data import backup_command, ratings_command, restore_command  # noqa: E402
from barbu_scorer.cli_serve import serve  # noqa: E402

for _command in (serve, backup_command, restore_command, ratings_command):
    main.add_command(_command)
