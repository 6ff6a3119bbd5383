"""Ways out and back in: JSON and CSV exports, the import page, export/import on the CLI."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from barbu_scorer.cli import main as cli
from barbu_scorer.paper.exports import document_csv
from tests.helpers import DATA, PLAYERS, session_document


def stored(client: FlaskClient, doc: dict[str, Any]) -> dict[str, Any]:
    """A session created through the API: its computed document."""
    response = client.post("/api/sessions", json=doc)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def without_store_keys(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in ("id", "version", "links", "edit_key")}


def test_json_export_import_export_is_the_same_document(client: FlaskClient) -> None:
    first = stored(client, session_document("tournament", seed=3))
    exported = client.get(f"/w/{first['id']}/session.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    page = client.post(
        "/import",
        data={"file": (io.BytesIO(exported.data), "s.json")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 302
    second_id = page.location.rsplit("/", 1)[1]
    again = json.loads(client.get(f"/w/{second_id}/session.json").data)
    assert second_id != first["id"]
    assert without_store_keys(again) == without_store_keys(json.loads(exported.data))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["hands"][8].update(
                facts={"tricks": [1, 2, 3, 4]}, contract="no_tricks", raw=None
            ),
            "hand 9",
        ),
        (lambda d: d.update(players=["Ada", "Ben"]), "4 players"),
        (lambda d: d.update(format="something"), "format"),
    ],
)
def test_an_invalid_import_is_refused_whole(
    client: FlaskClient, app: Any, mutate: Any, message: str
) -> None:
    doc = session_document("tournament", seed=4)
    mutate(doc)
    doc["hands"][8].pop("raw", None) if doc["hands"] and len(doc["hands"]) > 8 else None
    page = client.post("/import", data={"text": json.dumps(doc)})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Nothing was imported" in html and message in html
    with app.app_context():
        from barbu_scorer.web.db import get_db

        assert get_db()["sessions"].count == 0


def test_not_json_is_refused(client: FlaskClient) -> None:
    page = client.post("/import", data={"text": "{not json"})
    assert "not a JSON session document" in page.get_data(as_text=True)


def test_csv_has_a_row_per_hand_per_player(client: FlaskClient) -> None:
    doc = stored(client, session_document("tournament", seed=5))
    response = client.get(f"/w/{doc['id']}/session.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 28 * 4
    last = [r for r in rows if r["hand"] == "28"]
    assert [int(r["total"]) for r in last] == doc["totals"]
    assert {r["player"] for r in rows} == set(PLAYERS)


def test_csv_keeps_names_from_being_formulas() -> None:
    doc = json.loads(json.dumps(session_document("tournament", seed=6, hands=1)))
    from barbu_scorer.scoring import compute_document

    computed = compute_document({**doc, "players": ["=SUM(A1)", "Ben", "Clara", "Dan"]})
    text = document_csv(computed)
    assert "'=SUM(A1)" in text and "\n1,1,'=SUM(A1)" in text


def test_a_bridge_session_exports_and_imports_too(client: FlaskClient) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text())
    created = stored(client, doc)
    exported = json.loads(client.get(f"/w/{created['id']}/session.json").data)
    assert exported["totals"] == created["totals"]
    page = client.post("/import", data={"text": json.dumps(exported)})
    assert page.status_code == 302


def test_a_bridge_session_as_csv(client: FlaskClient) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text())
    doc["players"][3] = "=HYPERLINK(1)"
    created = stored(client, doc)
    response = client.get(f"/w/{created['id']}/session.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    assert text.splitlines()[0] == (
        "deal,rubber,dealer,subgame,contract,tricks,side,above,barbu_points,below,total"
    )
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 16 * 2
    assert [(r["deal"], r["side"]) for r in rows[:4]] == [
        ("1", "NS"),
        ("1", "EW"),
        ("2", "NS"),
        ("2", "EW"),
    ]
    four, five = rows[6], rows[8]
    assert (four["dealer"], four["contract"], four["tricks"]) == (
        "'=HYPERLINK(1)",
        "4♠X by =HYPERLINK(1)",
        "9",
    )
    assert (four["subgame"], four["above"], four["barbu_points"]) == ("last_two", "200", "80")
    assert (five["contract"], five["tricks"], five["rubber"]) == ("passed out", "", "1")
    for side in ("NS", "EW"):
        mine = [r for r in rows if r["side"] == side]
        points = sum(int(r["above"]) + int(r["barbu_points"]) + int(r["below"]) for r in mine)
        assert points == int(mine[-1]["total"]) == created["totals"][side]
    assert {r["rubber"] for r in rows} == {"1", "2", "3"}
    assert client.get("/w/nope/session.csv").status_code == 404


def test_cli_import_then_export(tmp_path: Path) -> None:
    source = tmp_path / "doc.json"
    source.write_text(json.dumps(session_document("ravage_city", seed=2)))
    runner = CliRunner()
    instance = str(tmp_path / "inst")
    imported = runner.invoke(cli, ["import", str(source), "--instance", instance])
    assert imported.exit_code == 0, imported.output
    session_id = imported.output.split()[2]
    assert f"/s/{session_id}/k/" in imported.output
    # "--": a session id may start with "-"
    exported = runner.invoke(cli, ["export", "--instance", instance, "--", session_id])
    assert exported.exit_code == 0
    doc = json.loads(exported.output)
    assert doc["complete"] is True and len(doc["hands"]) == 32


def test_cli_export_of_an_unknown_session_fails_cleanly(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["export", "nope", "--instance", str(tmp_path)])
    assert result.exit_code == 1
    assert "no session 'nope'" in result.output


def test_cli_import_of_an_invalid_document_stores_nothing(tmp_path: Path) -> None:
    doc = session_document("tournament", seed=8)
    doc["hands"][3]["doubles"] = [[0, 0]]
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(doc))
    result = CliRunner().invoke(cli, ["import", str(source), "--instance", str(tmp_path)])
    assert result.exit_code == 1
    assert "hand 4" in result.output
    from barbu_scorer.store.db import connect

    assert connect(str(tmp_path / "barbu.db"))["sessions"].count == 0


def test_csv_blocks_follow_the_scheme_of_the_document() -> None:
    from barbu_scorer.scoring import compute_document

    doc = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "scheme": {"name": "K♥ only", "contracts": ["no_king_of_hearts"]},
        "hands": [
            {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": s}} for s in (2, 2, 3)
        ],
    }
    rows = list(csv.DictReader(io.StringIO(document_csv(compute_document(doc)))))
    assert [(r["hand"], r["block"]) for r in rows if r["seat"] == "0"] == [
        ("1", "1"),
        ("2", "2"),
        ("3", "3"),
    ]


def test_csv_formula_injection_through_the_contract_column() -> None:
    from barbu_scorer.scoring import compute_document

    custom = {"id": "=1+1", "name": "@Mine", "positive": False, "total": -10}
    scheme = {"name": "Ours", "custom": [custom], "contracts": ["=1+1", "no_tricks"]}
    doc = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "scheme": scheme,
        "hands": [{"contract": "=1+1", "raw": [-10, 0, 0, 0]}],
    }
    rows = list(csv.reader(io.StringIO(document_csv(compute_document(doc)))))
    cells = [cell for row in rows[1:] for cell in row]
    assert "'=1+1" in cells
    assert not any(cell[:1] in ("=", "+", "@", "\t", "\r") for cell in cells)
    assert not any(cell[:1] == "-" and not cell.lstrip("-").isdigit() for cell in cells)
