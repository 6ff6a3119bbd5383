"""The ``barbu-scorer publish`` command: a club's results as a static website.

``publish EVENT_OR_ALL OUT_DIR`` writes, for one event (its id) or ``all``, its ranking,
each table's sheet, each player's evening (each page with its PDF beside it), then the
players' ratings and an index of every night the folder holds (``site.json`` keeps the
list, so publishing one night keeps the others listed). Plain HTML and CSS, relative
links: the folder works from a USB stick (file://) as from any web host. ``--since``
rewrites only the nights changed since then (and any not yet in the folder); the index,
the ratings and the stylesheets are rewritten each time. No key and no link that writes.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime
from pathlib import Path

import click

from barbu_scorer.cli_common import INSTANCE_OPTION, database, fail
from barbu_scorer.cli_help import Command
from barbu_scorer.scoring.messages import N_, say, say_n

ALL = "all"


def since_stamp(text: str) -> str:
    """``--since`` as a stored time (UTC ISO, whole seconds): a day from its first second,
    a time without a zone in UTC."""
    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat()
        moment = datetime.fromisoformat(text)
    except ValueError:
        fail(say("--since: a day (YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM), not %(t)s", t=text))
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _write(out: Path, files: dict[str, bytes]) -> None:
    """Each file under ``out`` (its folders made), replaced whole (never half-written)."""
    root = out.resolve()
    for name, body in files.items():
        path = (root / name).resolve()
        if not path.is_relative_to(root):  # a site path is ours, never ``..``
            fail(say("not inside %(out)s: %(name)s", out=out, name=name))
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_name(f".{path.name}.part")
        spare.write_bytes(body)
        os.replace(spare, path)


def _kept(out: Path) -> object:
    from barbu_scorer.present.site import MANIFEST

    try:
        return json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


@click.command(
    "publish",
    cls=Command,
    help=N_(
        "Write a club night (EVENT_OR_ALL: its id, or all) as a static website in OUT_DIR: "
        "the ranking, each table's sheet, each player's evening (PDFs beside them), the "
        "players' ratings. Plain HTML and CSS with relative links, for any web host or a "
        "USB stick."
    ),
)
@click.argument("event_or_all")
@click.argument("out_dir", type=click.Path(file_okay=False))
@INSTANCE_OPTION
@click.option(
    "--since",
    help=N_(
        "Publish only the nights changed since this day or time (YYYY-MM-DD or "
        "YYYY-MM-DDTHH:MM, UTC), and those not yet in OUT_DIR."
    ),
)
@click.option("--lang", "site_lang", help=N_("The site's language: en or fr (else the command's)."))
def publish_command(
    event_or_all: str, out_dir: str, instance: str, since: str | None, site_lang: str | None
) -> None:
    """The ``publish`` command."""
    from barbu_scorer.i18n import locale_of, translations
    from barbu_scorer.scoring import messages

    chosen = locale_of(site_lang) if site_lang else messages.active_locale()
    if chosen is None:
        fail(say("--lang: en or fr, not %(lang)s", lang=site_lang))
    with messages.speaking(translations(chosen), chosen):
        written, nights = _publish(event_or_all, Path(out_dir), instance, since)
    click.echo(
        say_n(
            "%(count)s file written in %(out)s",
            "%(count)s files written in %(out)s",
            written,
            out=out_dir,
        )
        + " · "
        + say_n("%(count)s night published", "%(count)s nights published", nights)
    )


def _publish(which: str, out: Path, instance: str, since: str | None) -> tuple[int, int]:
    """Write the site; the number of files written and of nights (re)published."""
    from barbu_scorer.paper.site import event_files, index_file, ratings_file, seasons_file, styles
    from barbu_scorer.present.site import MANIFEST, index_lines, manifest, merged, read_manifest
    from barbu_scorer.store.events import load_event
    from barbu_scorer.store.published import changed_since, event_ids
    from barbu_scorer.web.site import entry, rating_rows, season_views, site_event

    db = database(instance)
    ids = event_ids(db) if which.lower() == ALL else [which]
    if which.lower() != ALL and (len(which) > 40 or load_event(db, which) is None):
        fail(say("no event %(id)s in %(instance)s", id=repr(which), instance=instance))
    kept = read_manifest(_kept(out))
    changed = None if since is None else changed_since(db, since_stamp(since))
    listed = {e.id for e in kept}
    files: dict[str, bytes] = {}
    fresh = []
    for event_id in ids:
        if changed is not None and event_id not in changed and event_id in listed:
            continue
        event = load_event(db, event_id)
        if event is None:
            continue
        night = site_event(db, event)
        files.update(event_files(night))
        fresh.append(entry(night))
    entries = merged(kept, fresh)
    files.update(styles())
    files.update(index_file(index_lines(entries)))
    files.update(ratings_file(*rating_rows(db)))
    files.update(seasons_file(season_views(db)))
    files[MANIFEST] = json.dumps(manifest(entries), ensure_ascii=False, indent=1).encode()
    _write(out, files)
    return len(files), len(fresh)
