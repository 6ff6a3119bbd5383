"""`pip install .` works, not only an editable install: the wheel carries the pages."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.helpers import ROOT


def test_the_wheel_carries_templates_static_and_the_command(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("barbu_scorer-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for template in ROOT.joinpath("templates").rglob("*.html"):
        assert f"barbu_scorer/templates/{template.relative_to(ROOT / 'templates')}" in names
    for asset in ("css/app.css", "css/sheet.css", "js/hand.js"):
        assert f"barbu_scorer/static/{asset}" in names
    assert "barbu_scorer/py.typed" in names  # the types are part of the package (PEP 561)
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "barbu-scorer = barbu_scorer.cli:main" in text
    # The French catalogue is compiled by the build hook (hatch_build.py), never committed.
    assert "barbu_scorer/translations/fr/LC_MESSAGES/messages.mo" in names
    assert "barbu_scorer/translations/fr/LC_MESSAGES/messages.po" in names
    mo = zipfile.ZipFile(wheel).read("barbu_scorer/translations/fr/LC_MESSAGES/messages.mo")
    assert len(mo) > 1000 and b"Pas de plis" in mo
