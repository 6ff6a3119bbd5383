"""The ``barbu-scorer`` command: a thin wrapper over scoring/ and the app."""

from __future__ import annotations

import json
from typing import Any

import click

from barbu_scorer.cli_common import INSTANCE_OPTION, database, fail, read_json
from barbu_scorer.cli_data import backup_command, ratings_command, restore_command
from barbu_scorer.cli_help import Group, language
from barbu_scorer.cli_publish import publish_command
from barbu_scorer.cli_serve import serve
from barbu_scorer.present.papers import PAPER_SIZES
from barbu_scorer.scoring import ScoringError, messages
from barbu_scorer.scoring.messages import N_, say


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
    type=click.Choice(list(PAPER_SIZES), case_sensitive=False),
    default="A4",
    show_default=True,
    help=N_("Paper size."),
)
@click.option("--name", help=N_("The session's name on the sheet.  [default: Barbu session]"))
@click.option("--date", help=N_("The date printed on the sheet.  [default: today]"))
@click.option(
    "--how",
    is_flag=True,
    help=N_("Add a second page: how the score was made, one line a hand (Tournament Barbu)."),
)
def sheet(
    file: click.File, output: str | None, paper: str, name: str | None, date: str | None, how: bool
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
        pdf = (
            _explained_pdf(computed, name, date, paper)
            if how
            else game.pdf(computed, name, date, paper)
        )
    except ScoringError as error:
        fail(str(error))
    if output == "-":
        click.echo(pdf, nl=False)  # bytes: to the binary stdout
        return
    try:
        Path(output).write_bytes(pdf)
    except OSError as error:
        fail(say("cannot write %(output)s: %(why)s", output=output, why=error.strerror))
    click.echo(say("%(output)s: score sheet written", output=output), err=True)


def _explained_pdf(
    computed: dict[str, Any], name: str | None, date: str | None, paper: str
) -> bytes:
    """The Tournament sheet with its second page, how the score was made."""
    from barbu_scorer.paper.pdf import computed_sheet_pdf
    from barbu_scorer.scoring.barbu.document import FORMAT

    if computed.get("format") != FORMAT:
        fail(say("--how explains Tournament Barbu sheets only"))
    return computed_sheet_pdf(computed, name=name, date=date, paper=paper, how=True)  # type: ignore[arg-type]


@main.command(
    help=N_(
        "Explain every figure of one hand of a session document (FILE, or - for standard "
        "input) in words: the raw scores from the facts, the doubles, the totals (a Barbu "
        "Bridge deal: the contract below and above the line, the sub-game, the bonuses)."
    )
)
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option(
    "--hand", "number", type=int, required=True, help=N_("The hand's number (1, 2, ...).")
)
@click.option("--json", "as_json", is_flag=True, help=N_("Print it as JSON, as the API gives it."))
def explain(file: click.File, number: int, as_json: bool) -> None:
    """The ``explain`` command (a Barbu Bridge document's deal, or a Tournament hand)."""
    from barbu_scorer.games import BARBU_BRIDGE, game_of_document
    from barbu_scorer.present import explain as words
    from barbu_scorer.scoring.barbu.document import explain_document
    from barbu_scorer.scoring.bridge.deal_explain import explain_bridge_document

    doc = read_json(file)
    try:
        if game_of_document(doc) is BARBU_BRIDGE:
            deal = explain_bridge_document(doc, number)
            view, text = words.deal_view(deal), words.deal_text_lines(deal)
        else:
            hand = explain_document(doc, number)
            view, text = words.hand_view(hand), words.text_lines(hand)
    except ScoringError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(view, indent=2, ensure_ascii=False))
        return
    for line in text:
        click.echo(line)


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

    doc = export_document(database(instance), session_id)
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
    from flask import url_for

    from barbu_scorer.app import create_app
    from barbu_scorer.games import game_of_document, import_document
    from barbu_scorer.store import schemes as scheme_store
    from barbu_scorer.web.links import session_links

    doc = read_json(file)
    db = database(instance)
    try:
        session_id, key = import_document(db, doc, lambda name: scheme_store.find(db, name))
    except ScoringError as error:
        fail(str(error))
    click.echo(say("imported session %(id)s", id=session_id))
    # The links are the app's own routes for the session's game (its pages).
    with create_app(instance_path=instance).test_request_context():
        links = session_links(game_of_document(doc), session_id, key, url_for)
    click.echo(say("scorer link: %(link)s", link=links["scorer"]))
    click.echo(say("watch link:  %(link)s", link=links["watch"]))


for _command in (serve, backup_command, restore_command, ratings_command, publish_command):
    main.add_command(_command)
