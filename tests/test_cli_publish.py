"""``barbu-scorer publish``: the static site's files, no key and no writing link in any of
them, --since rewriting only the nights changed, the index keeping every night, French."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from barbu_scorer.cli import main
from barbu_scorer.cli_publish import publish_command, since_stamp
from tests.helpers import pdf_text
from tests.publish_helpers import Published, publish, stored_night

WRITING = re.compile(r"/k/|/director/|/take/|/club/|/console|/api/|/hand/|edit", re.I)


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory, migrated: Path) -> Published:
    """One night published once for the module (its tests publish again into copies)."""
    return stored_night(tmp_path_factory.mktemp("night"), migrated)


def _texts(site: Path) -> dict[str, str]:
    out = {}
    for path in site.rglob("*"):
        if path.is_file():
            body = path.read_bytes()
            text = pdf_text(body) if body.startswith(b"%PDF") else body.decode("utf-8")
            out[str(path.relative_to(site))] = text
    return out


def test_the_site_holds_every_page_and_no_key(night: Published) -> None:
    e = f"events/{night.event_id}"
    texts = _texts(night.site)
    expected = {"index.html", "ratings.html", "seasons.html", "site.css", "sheet.css", "site.json"}
    expected |= {f"{e}/index.html", f"{e}/results.pdf"}
    expected |= {f"{e}/round-1-table-1.{x}" for x in ("html", "pdf")}
    expected |= {f"{e}/player-{n}.{x}" for n in range(1, 5) for x in ("html", "pdf")}
    assert set(texts) == expected
    for name, text in texts.items():
        for key in night.keys:
            assert key not in text, (name, "holds a key")
        if name.endswith(".html"):
            assert "<script" not in text and "http" not in text, name
            hrefs = re.findall(r'(?:href|src)="([^"]*)"', text)
            assert hrefs and not [h for h in hrefs if WRITING.search(h)], name
            for href in hrefs:  # relative, and to a file the site holds
                assert (night.site / name).parent.joinpath(href).resolve().is_file(), (name, href)
    assert "Player 01" in texts[f"{e}/player-2.html"] and "3 of 28" in texts[f"{e}/player-2.html"]
    assert texts[f"{e}/player-2.pdf"].count("Player 01") >= 1


def test_since_rewrites_only_what_changed_and_keeps_the_index(
    night: Published, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    shutil.copytree(night.site, site)
    page = site / "events" / night.event_id / "index.html"
    page.write_text("stale", encoding="utf-8")
    out = publish(night.instance, site, "all", "--since", "2999-01-01")
    assert "0 nights published" in out and page.read_text(encoding="utf-8") == "stale"
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f"events/{night.event_id}/index.html" in index  # still listed
    publish(night.instance, site, night.event_id, "--since", "2000-01-01", "--lang", "fr")
    french = page.read_text(encoding="utf-8")
    assert 'lang="fr"' in french and "Provisoire" in french and "Joueur" in french


def test_refusals(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["--instance", str(tmp_path / "instance")]
    gone = runner.invoke(main, ["publish", "nope", str(tmp_path / "x"), *args])
    assert gone.exit_code == 1 and "no event 'nope'" in gone.output
    bad = runner.invoke(main, ["publish", "all", str(tmp_path / "x"), "--since", "May", *args])
    assert bad.exit_code == 1 and "--since" in bad.output
    assert since_stamp("2026-12-04") == "2026-12-04"
    assert since_stamp("2026-12-04T10:00+01:00") == "2026-12-04T09:00:00+00:00"
    assert publish_command.name == "publish"
