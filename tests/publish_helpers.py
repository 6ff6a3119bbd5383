"""A club night stored and published (``barbu-scorer publish``): the instance folder, the
keys it holds (none may reach the site) and the site's folder."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from barbu_scorer.app import create_app
from barbu_scorer.cli import main
from tests.event_helpers import hand_body, make_event, play, scorer_key
from tests.helpers import club_key


@dataclass(frozen=True)
class Published:
    """What was stored and where the site was written."""

    instance: Path
    site: Path
    event_id: str
    keys: tuple[str, ...]
    """Every key the instance holds: director's, scorers', the club's, the app's secret."""


def publish(instance: Path, site: Path, *args: str) -> str:
    """Run ``barbu-scorer publish``; its output (it must succeed)."""
    result = CliRunner().invoke(
        main, ["publish", *args, str(site), "--instance", str(instance)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.output


def stored_night(tmp: Path, migrated: Path) -> Published:
    """A four-player night, three hands played at its one table (the third doubled twice);
    published once to ``tmp / "site"``."""
    instance = tmp / "instance"
    instance.mkdir()
    shutil.copyfile(migrated, instance / "barbu.db")
    app = create_app(
        {"TESTING": True, "DATABASE": str(instance / "barbu.db"), "SECRET_KEY": "s3cr3t-test-key"}
    )
    client = app.test_client()
    made = make_event(client, 4)
    table = made["tables"][0]
    play(client, table, 2, winner=1)
    doubled = {"number": 3, **hand_body(4, 2, 2), "doubles": [[1, 0], [3, 0]]}
    saved = client.post(
        f"/api/sessions/{table['session']}/hands",
        json=doubled,
        headers={"X-Edit-Key": scorer_key(table)},
    )
    assert saved.status_code == 201, saved.get_json()
    keys = (made["director_key"], scorer_key(table), club_key(app), "s3cr3t-test-key")
    site = tmp / "site"
    publish(instance, site, "all")
    return Published(instance, site, made["id"], keys)
