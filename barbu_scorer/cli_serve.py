"""The ``barbu-scorer serve`` command: waitress on the instance's database.

``cli.py`` adds it to the ``barbu-scorer`` group; what waitress is told (the trusted
proxy, the connection ceiling) is decided in ``web/server.py``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from barbu_scorer.cli_common import fail
from barbu_scorer.cli_help import Command
from barbu_scorer.scoring.messages import N_, say
from barbu_scorer.web.address import table_url, terminal_qr


@click.command(
    "serve",
    cls=Command,
    help=N_("Run the app under waitress, on the SQLite file in the instance folder."),
)
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help=N_(
        "Address to listen on (every interface, so phones reach it; 127.0.0.1 keeps it local)."
    ),
)
@click.option("--port", default=5000, show_default=True, type=int, help=N_("Port to listen on."))
@click.option(
    "--threads",
    default=16,
    show_default=True,
    type=click.IntRange(1, 256),
    help=N_("Worker threads (phones waiting for one sheet being printed hold one each)."),
)
@click.option(
    "--instance",
    default="instance",
    show_default=True,
    help=N_("Folder for the SQLite file and the secret key (created if missing)."),
)
@click.option(
    "--url",
    help=N_(
        "The address phones open, when it is not this machine's own (behind an HTTPS proxy:"
        " https://scorer.lan/). Every link and QR code is built from it."
    ),
)
@click.option(
    "--connection-limit",
    default=1000,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Open connections at most (idle ones included)."),
)
@click.option(
    "--channel-timeout",
    default=30,
    show_default=True,
    type=click.IntRange(1),
    help=N_("Seconds an idle connection is kept open."),
)
@click.option(
    "--trusted-proxy",
    metavar="ADDR",
    help=N_(
        "The address of the HTTPS proxy in front (127.0.0.1 for one on this machine): its"
        " X-Forwarded-For is believed, so each phone behind it is told apart."
    ),
)
@click.option(
    "--secure-cookies",
    is_flag=True,
    help=N_("Mark the cookie Secure (behind an HTTPS proxy); also BARBU_HTTPS=1."),
)
@click.option(
    "--backup-dir",
    metavar="DIR",
    help=N_(
        "Keep rolling backups of the database in DIR (a USB stick): every --backup-every"
        " minutes while it is written to, and at the stop."
    ),
)
@click.option(
    "--backup-every",
    metavar="MIN",
    default=10,
    show_default=True,
    type=click.IntRange(1, 1440),
    help=N_("Minutes between two rolling backups."),
)
@click.option(
    "--backup-keep",
    metavar="K",
    default=12,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help=N_("Rolling backups kept (the oldest are removed)."),
)
def serve(
    host: str,
    port: int,
    threads: int,
    instance: str,
    url: str | None,
    connection_limit: int,
    channel_timeout: int,
    trusted_proxy: str | None,
    secure_cookies: bool,
    backup_dir: str | None,
    backup_every: int,
    backup_keep: int,
) -> None:
    """The ``serve`` command: check the file, print the addresses, run waitress."""
    from barbu_scorer.web.server import connection_ceiling

    try:
        public, reachable = table_url(host, port, url)
    except ValueError as error:
        fail(str(error))
    try:
        ceiling = connection_ceiling(connection_limit, threads)
    except ValueError as error:
        fail(
            say(
                "the open-file limit (%(files)s) holds too few connections: "
                "raise it with `ulimit -n`.",
                files=error.args[0],
            )
        )
    app = _checked_app(instance, secure_cookies, threads)
    app.config["PUBLIC_URL"] = public
    _announce(public, reachable, app)
    if ceiling.lowered:
        click.echo(
            say(
                "The open-file limit (%(files)s) holds %(n)s connections, not --connection-limit "
                "%(wanted)s: serving %(n)s (raise it with `ulimit -n`).",
                files=ceiling.files,
                n=ceiling.connections,
                wanted=connection_limit,
            )
        )
        sys.stdout.flush()
    if backup_dir:
        _backups_go_to(backup_dir, backup_every, backup_keep)
    settings = {
        "host": host,
        "port": port,
        "threads": threads,
        "connection_limit": ceiling.connections,
        "channel_timeout": channel_timeout,
        # How often idle connections are looked for: no later than their timeout.
        "cleanup_interval": min(30, channel_timeout),
    }
    _run(app, trusted_proxy, settings, (backup_dir, backup_every, backup_keep))


def _backups_go_to(folder: str, minutes: int, keep: int) -> None:
    """Check the rolling backups' folder can be written (made if missing), and say so."""
    _writable(folder, BACKUP_DIR_UNWRITABLE)
    click.echo(
        say(
            "Backups every %(minutes)s min to %(folder)s (the last %(keep)s kept).",
            minutes=minutes,
            folder=str(Path(folder).resolve()),
            keep=keep,
        )
    )
    sys.stdout.flush()


def _run(
    app: Any,
    trusted_proxy: str | None,
    settings: dict[str, Any],
    backups: tuple[str | None, int, int],
) -> None:
    """waitress until it is stopped, the instance folder locked against a restore
    meanwhile; rolling backups (folder, minutes, kept) in the background, the last
    one taken once the server has stopped."""
    from barbu_scorer.store.autobackup import Rolling
    from barbu_scorer.store.backup import RestoreRefused, folder_lock, secret_of
    from barbu_scorer.web.server import run

    folder, minutes, keep = backups
    try:
        with folder_lock(app.instance_path, exclusive=False):
            rolling = None
            if folder:
                database, instance = app.config["DATABASE"], app.instance_path
                rolling = Rolling(
                    database, folder, minutes * 60.0, keep, lambda: secret_of(instance)
                )
                rolling.start()
            try:
                run(app, trusted_proxy, **settings)
            finally:
                if rolling is not None:
                    rolling.stop()
    except RestoreRefused as error:
        fail(str(error))


INSTANCE_UNWRITABLE = N_(
    "%(folder)s cannot be written (%(why)s): the scores are saved there. "
    "Serve from a folder you can write: --instance DIR."
)
BACKUP_DIR_UNWRITABLE = N_(
    "%(folder)s cannot be written (%(why)s): the backups go there. "
    "Name a folder you can write: --backup-dir DIR."
)


def _writable(where: str, unwritable: str = INSTANCE_UNWRITABLE) -> None:
    """Stop with one clear line (``unwritable``) when the folder cannot be written (a
    read-only file system, another user's folder, a stick not plugged in): every hand is
    saved in the instance folder, so serving it read-only would refuse every score; the
    folder is made if missing."""
    folder = Path(where)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".write-check-")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        fail(say(unwritable, folder=str(folder.resolve()), why=error.strerror or str(error)))


def _checked_app(instance: str, secure_cookies: bool, threads: int) -> Any:
    """The app on the instance's database (a folder it can write), after SQLite's quick
    check of the file; its access log on stderr, its first sheet being laid out, as
    many requests waiting for a sheet as its ``threads`` allow."""
    from barbu_scorer.app import create_app
    from barbu_scorer.store.db import problems
    from barbu_scorer.web.security import log_to_stderr
    from barbu_scorer.web.sheets import fit_threads, start_warming
    from barbu_scorer.web.timing import warm_templates

    _writable(instance)
    app = create_app(instance_path=instance)
    fit_threads(app, threads)
    if secure_cookies:
        app.config["SESSION_COOKIE_SECURE"] = True
    found = problems(app.config["DATABASE"])
    if found:
        fail(
            say(
                "%(db)s fails SQLite's integrity check (%(found)s): not serving it. "
                "Restore a backup with `barbu-scorer restore FILE`.",
                db=app.config["DATABASE"],
                found=found[0],
            )
        )
    log_to_stderr()
    start_warming(app)  # WeasyPrint's first sheet is laid out now, not on the first tap
    warm_templates(app)  # every template compiled before the first request, not on it
    return app


def _announce(public: str, reachable: bool, app: Any) -> None:
    """Say where phones go (the address, its QR code, or why phones cannot reach it),
    then the club link and the laptop's one-time page of it."""
    database = app.config["DATABASE"]
    click.echo(say("Barbu Scorer on %(url)s  (database: %(db)s)", url=public, db=database))
    if reachable:
        click.echo(say("Phones on the same network: open %(url)s or scan this code.", url=public))
        click.echo(terminal_qr(public), nl=False)
    else:
        click.echo(say("Only this machine can open it (--host 0.0.0.0 to let phones in)."))
    with app.test_request_context("/"):  # the club key, made on the first run
        from barbu_scorer.web.club import club_link, one_time_link

        click.echo(say("Club link (renames, merges, deletes players): %(url)s", url=club_link()))
        click.echo(
            say("On this laptop, a page showing it (opens once): %(url)s", url=one_time_link())
        )
    sys.stdout.flush()
