"""What every ``barbu-scorer`` command module shares: one clear line on failure, a JSON
document read from a file, and the instance folder's database (its ``--instance``).

``cli.py`` and ``cli_data.py`` both import it; neither imports the other's helpers.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.messages import N_, say
from barbu_scorer.scoring.text import read_json as parse_json

if TYPE_CHECKING:
    from sqlite_utils import Database


def fail(message: str) -> NoReturn:
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


def database(instance: str) -> Database:
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
