"""The ``barbu-scorer`` commands that look after the stored data: backup, restore, ratings.

``cli.py`` adds them to the ``barbu-scorer`` group; like it, they parse, call the library
and print, with the helpers of ``cli_common.py`` (this module imports nothing of
``cli.py``).
"""

from __future__ import annotations

import json

import click

from barbu_scorer.cli_common import INSTANCE_OPTION, database, fail
from barbu_scorer.cli_help import Command
from barbu_scorer.scoring.messages import N_, say, say_n


@click.command(
    "backup",
    cls=Command,
    help=N_("Copy the database to FILE (default: barbu-YYYYMMDD-HHMMSS.db), safely while serving."),
)
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@INSTANCE_OPTION
def backup_command(file: str | None, instance: str) -> None:
    """The ``backup`` command."""
    from datetime import datetime
    from pathlib import Path

    from barbu_scorer.store.backup import backup, secret_of

    database = Path(instance) / "barbu.db"
    target = file or datetime.now().strftime("barbu-%Y%m%d-%H%M%S.db")
    try:
        backup(str(database), target, secret_of(instance))
    except FileNotFoundError:
        fail(say("no database in %(instance)s", instance=instance))
    except (ValueError, OSError) as error:
        fail(say("cannot write %(output)s: %(why)s", output=target, why=error))
    click.echo(say("%(target)s: backup of %(db)s written", target=target, db=database))
    if secret_of(instance):
        click.echo(say("it holds the secret key too: keep it as private as the instance folder"))


@click.command(
    "restore",
    cls=Command,
    help=N_("Replace the database with FILE, a backup (checked first); the old one becomes .bak."),
)
@click.argument("file", type=click.Path(dir_okay=False))
@INSTANCE_OPTION
def restore_command(file: str, instance: str) -> None:
    """The ``restore`` command."""
    from pathlib import Path

    from barbu_scorer.store.backup import RestoreRefused, restore

    Path(instance).mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        done = restore(file, instance)
    except RestoreRefused as error:
        fail(say("not restored: %(why)s", why=error))
    click.echo(say("restored %(file)s into %(db)s", file=file, db=Path(instance) / "barbu.db"))
    if done.kept:
        click.echo(say("the previous database is kept as %(kept)s", kept=done.kept))
    if done.secret:
        click.echo(say("the secret key restored with it: every kept key and the club link work"))
    else:
        click.echo(say("the backup holds no secret key (an older one): this folder's is kept"))
    if done.secret_kept:
        click.echo(say("the previous secret key is kept as %(kept)s", kept=done.secret_kept))


@click.command(
    "ratings",
    cls=Command,
    help=N_("Recompute every player's rating from the stored sessions alone; print the ranking."),
)
@INSTANCE_OPTION
@click.option("--json", "as_json", is_flag=True, help=N_("Print the ratings as JSON."))
def ratings_command(instance: str, as_json: bool) -> None:
    """The ``ratings`` command."""
    from barbu_scorer.present.league import ranking_rows
    from barbu_scorer.scoring.figures import unsigned_minus
    from barbu_scorer.scoring.league.rating import ratings
    from barbu_scorer.store import players as roster

    db = database(instance)
    names = {p.id: p.name for p in roster.roster(db)}
    rows = ranking_rows(ratings(roster.played_sessions(db)), names)
    if as_json:
        out = [{**r.__dict__, "rating": float(unsigned_minus(r.rating))} for r in rows]
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    for r in rows:
        mark = " *" if r.provisional else ""
        click.echo(
            f"{r.place:>3}. {r.name}{mark}  {r.expected}  "
            + say_n("(%(count)s session)", "(%(count)s sessions)", r.sessions)
        )
