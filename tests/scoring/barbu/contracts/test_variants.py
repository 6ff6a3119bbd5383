"""A new contract is one entry in ``scoring/barbu/contracts/variants.py`` (ARCHITECTURE.md,
"Adding a contract"): a trial entry appended to that file alone, in a copy of the
package, is offered by the scheme editor, asked for by the hand form, scored, and
printed on the sheet, with no other file touched."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.contracts.variants import VARIANTS
from tests.helpers import ROOT

# The whole of the change: what a newcomer appends to variants.py.
TRIAL = """

from barbu_scorer.scoring.barbu.contracts.parts import Value, per_count, said  # noqa: E402

_trouble_raw, _trouble_takes = per_count("double_trouble", TRICKS, "trick")
VARIANTS = (
    *VARIANTS,
    Contract(
        "double_trouble",
        N_("Double Trouble"),
        N_("Trouble"),
        False,
        N_("No trumps. Every trick costs twice what No Tricks costs."),
        facts=(TRICKS,),
        total=lambda s: s.value("double_trouble", "trick") * s.tricks,
        raw=_trouble_raw,
        takes=_trouble_takes,
        words=said(N_("%(trick)s a trick"), "double_trouble"),
        values=(Value("trick", -4, N_("per trick"), N_("a trick")),),
        settings=Settings(),
        example={"tricks": [4, 3, 3, 3]},
    ),
)
"""

# Run in the copy: the editor, a session playing the trial, its hand form, a hand saved
# (through the API) and the sheet's HTML.
PROBE = """
import json, sys
from barbu_scorer.app import create_app
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.store.db import connect
from barbu_scorer.web.db import get_db

app = create_app({"TESTING": True, "DATABASE": sys.argv[1], "SECRET_KEY": "t",
                  "WTF_CSRF_ENABLED": False})
client = app.test_client()
out = {"catalogue": list(CATALOGUE)}
out["editor"] = client.get("/schemes/new?from=tournament").get_data(as_text=True)
made = client.post("/api/sessions", json={
    "format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"],
    "first_declarer": 0,
    "scheme": {"players": 4, "contracts": ["double_trouble", "no_tricks"]},
}).get_json()
scorer = made["links"]["scorer"]
client.get(scorer)  # the scorer's key, kept in the cookie
sid = made["id"]
out["form"] = client.get(f"/s/{sid}/hand/1?contract=double_trouble").get_data(as_text=True)
saved = client.post(f"/api/sessions/{sid}/hands", json={
    "contract": "double_trouble", "facts": {"tricks": [4, 3, 3, 3]}, "number": 1},
    headers={"X-Edit-Key": made["edit_key"]})
out["saved"] = saved.status_code
doc = client.get(f"/api/sessions/{sid}").get_json()
out["hand"] = doc["hands"][0]
from barbu_scorer.paper.pdf import render_sheet_html
out["sheet"] = render_sheet_html(doc)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The probe's findings in a copy of the checkout whose variants.py has the trial."""
    root = tmp_path_factory.mktemp("trial")
    skip = shutil.ignore_patterns("__pycache__")
    for folder in ("barbu_scorer", "templates", "static"):
        shutil.copytree(ROOT / folder, root / folder, ignore=skip)
    variants = root / "barbu_scorer" / "scoring" / "barbu" / "contracts" / "variants.py"
    variants.write_text(variants.read_text(encoding="utf-8") + TRIAL, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(root / "trial.db")],
        cwd=root,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout))


def test_the_trial_is_one_entry_more_in_the_catalogue(probed: dict[str, object]) -> None:
    assert probed["catalogue"] == [*CATALOGUE, "double_trouble"]
    assert "double_trouble" not in CATALOGUE and len(VARIANTS) == 2  # the real one unchanged


def test_the_editor_offers_it_with_its_value(probed: dict[str, object]) -> None:
    editor = str(probed["editor"])
    card = editor[editor.index('data-contract="double_trouble"') :]
    card = card[: card.index("</section>")]
    assert "Double Trouble" in card and 'value="-4"' in card and "per trick" in card


def test_the_hand_form_asks_its_facts(probed: dict[str, object]) -> None:
    form = str(probed["form"])
    assert "Double Trouble" in form and "Tricks taken" in form


def test_a_hand_of_it_is_scored_and_printed(probed: dict[str, object]) -> None:
    assert probed["saved"] == 201
    hand = probed["hand"]
    assert isinstance(hand, dict) and hand["raw"] == [-16, -12, -12, -12]
    assert "Double Trouble" in str(probed["sheet"])
