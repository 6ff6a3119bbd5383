"""The shape of the code, checked: layer contracts, and a rules package free of the web."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("flask", "werkzeug", "wtforms", "jinja2", "sqlite_utils", "weasyprint", "matplotlib")


def test_the_layer_contracts_hold() -> None:
    """import-linter reads the contracts from pyproject.toml; a wrong import fails here."""
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def test_importing_the_rules_loads_no_web_database_or_paper_library() -> None:
    """``barbu-scorer score`` pays for the rules only."""
    code = (
        "import json, sys; import barbu_scorer.scoring, barbu_scorer.scoring.bridge.document; "
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == []
