"""The explanation pages: a hand's figures in words (what a tapped figure opens), the
rules of the session's scheme in words; read-only, in the reader's language, escaped."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.helpers import DATA

SAMPLE = DATA / "tournament_session.json"


def _stored(client: FlaskClient, players: list[str] | None = None) -> str:
    doc = json.loads(SAMPLE.read_text())
    if players:
        doc["players"] = players
    answer = client.post("/api/sessions", json=doc).get_json()
    return str(answer["id"])


def test_the_score_table_links_each_figure_to_its_explanation(client: FlaskClient) -> None:
    sid = _stored(client)
    page = client.get(f"/w/{sid}").get_data(as_text=True)
    links = re.findall(r'<a class="why-link" data-explain href="([^"]+)"', page)
    assert len(links) == 28 * 4 + 4  # every cell of the table, and the standings
    assert f"/w/{sid}/hands/28/explain?seat=3" in links


def test_a_hand_page_puts_the_tapped_seat_first(client: FlaskClient) -> None:
    sid = _stored(client)
    page = client.get(f"/w/{sid}/hands/28/explain?seat=1").get_data(as_text=True)
    first = page.index("Ben at hand 28")
    assert first < page.index("Ben: −12 raw, −18 from doubles, −30 in all")
    assert "s total after hand 28: −145" in page
    assert "Dan doubled Ben and Ben redoubled" in page
    assert f'href="/w/{sid}/rules#rule-doubles"' in page
    assert client.get(f"/w/{sid}/hands/29/explain").status_code == 404


def test_the_rules_page_states_the_schemes_rules(client: FlaskClient) -> None:
    sid = _stored(client)
    page = client.get(f"/w/{sid}/rules").get_data(as_text=True)
    for anchor in ("no_queens", "dominoes", "doubles", "totals", "block", "quota", "adjusted"):
        assert f'id="rule-{anchor}"' in page
    assert "−6 a queen" in page
    french = client.get(f"/w/{sid}/rules", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "−6 la dame" in french or "dame" in french
    assert "Un contre se règle entre deux joueurs" in french


def test_names_are_escaped_and_french_is_spoken(client: FlaskClient) -> None:
    sid = _stored(client, ["<b>Ada</b>", "Ben", "Clara", "Dan"])
    page = client.get(
        f"/w/{sid}/hands/1/explain?seat=0", headers={"Accept-Language": "fr"}
    ).get_data(as_text=True)
    assert "<b>Ada</b>" not in page and "&lt;b&gt;Ada&lt;/b&gt;" in page
    assert "Donne 1 : " in page and " a contré " in page


def test_every_rule_a_line_names_is_on_the_rules_page() -> None:
    """Each explanation's link to its rule lands on a section of the rules page."""
    import dataclasses

    from barbu_scorer.present.rules import rules_view
    from barbu_scorer.scoring.barbu.contracts import CATALOGUE
    from barbu_scorer.scoring.barbu.schemes import BUILTINS
    from barbu_scorer.web.views import explain

    assert explain.bp.name == "explain"
    for scheme in (
        *BUILTINS.values(),
        dataclasses.replace(BUILTINS["tournament"], undoubled_settles=True),
    ):
        anchors = {rule.anchor for rule in rules_view(scheme)}
        named = {"adjusted", "totals", "block"} | (
            {"doubles", "quota"} if scheme.doubling else set()
        )
        named |= {"undoubled"} if scheme.undoubled_settles else set()
        for contract in scheme.contracts:
            info = CATALOGUE[contract]
            assert info.explain is not None
            named |= {
                x.rule for line in info.explain(scheme, info.example, "ABCD") for x in line.walk()
            }
        assert named - {""} <= anchors, named - anchors


def test_the_standings_link_each_total_to_its_explanation(client: FlaskClient) -> None:
    sid = _stored(client)
    for url in (f"/w/{sid}", f"/w/{sid}/tv"):
        page = client.get(url).get_data(as_text=True)
        ranking = page[
            page.index('<ol class="ranking"') : page.index(
                "</ol>", page.index('<ol class="ranking"')
            )
        ]
        links = re.findall(r'data-explain href="([^"]+)"', ranking)
        # Dan +200, Clara +108, Ben −145, Ada −163: each total's last hand, its seat
        assert links == [f"/w/{sid}/hands/28/explain?seat={s}" for s in (3, 2, 1, 0)], url
