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
    tv = client.get(f"/w/{sid}/tv").get_data(as_text=True)
    last = tv[tv.index('class="tv-scores"') : tv.index("</p>", tv.index('class="tv-scores"'))]
    assert re.findall(r'data-explain href="([^"]+)"', last) == [
        f"/w/{sid}/hands/28/explain?seat={s}" for s in range(4)
    ]  # the last hand's figures, seat by seat


def _bridge(client: FlaskClient) -> str:
    doc = json.loads((DATA / "bridge_session.json").read_text())
    return str(client.post("/api/sessions", json=doc).get_json()["id"])


def test_the_bridge_pad_links_each_figure_to_its_deal(client: FlaskClient) -> None:
    sid = _bridge(client)
    for url in (f"/bw/{sid}", f"/bw/{sid}/tv"):
        page = client.get(url).get_data(as_text=True)
        links = re.findall(r'class="why-link" data-explain href="([^"]+)"', page)
        assert f"/bw/{sid}/deals/16/explain?side=EW" in links, url  # the totals, deal 16
        assert f"/bw/{sid}/deals/8/explain?side=NS" in links, url  # the slam on the pad
    watch = client.get(f"/bw/{sid}").get_data(as_text=True)
    deals = watch[watch.index('<table class="deals"') :]
    assert len(re.findall(r"data-explain", deals)) == 16 * 2  # each deal's two figures


def test_a_bridge_deal_page_puts_the_tapped_side_first(client: FlaskClient) -> None:
    sid = _bridge(client)
    page = client.get(f"/bw/{sid}/deals/8/explain?side=NS").get_data(as_text=True)
    assert page.index("N-S at deal 8") < page.index("N-S score 1740 on deal 8")
    assert "6D made: (20 + 5 × 20) × 2 = 240 below the line" in page
    assert "N-S won the rubber by 2 games to 1: 500" in page
    assert f'href="/bw/{sid}/rules#rule-rubber"' in page
    assert client.get(f"/bw/{sid}/deals/17/explain").status_code == 404
    french = client.get(
        f"/bw/{sid}/deals/16/explain?side=EW", headers={"Accept-Language": "fr"}
    ).get_data(as_text=True)
    assert "E-O à la donne 16" in french and "E-O marque 590 à la donne 16" in french


def test_the_bridge_rules_page_has_every_rule_a_deal_names(client: FlaskClient) -> None:
    from barbu_scorer.present.bridge_rules import bridge_rules_view
    from barbu_scorer.scoring.bridge.deal_explain import explain_bridge_all

    anchors = {rule.anchor for rule in bridge_rules_view("law80")}
    assert {"below", "overtricks", "insult", "slam", "undertricks", "honours"} <= anchors

    sid = _bridge(client)
    page = client.get(f"/bw/{sid}/rules").get_data(as_text=True)
    named = {
        x.rule
        for deal in explain_bridge_all(json.loads((DATA / "bridge_session.json").read_text()))
        for group in ("contract", "barbu", "rubber", "unfinished", "points", "totals")
        for root in getattr(deal, group)
        for x in root.walk()
    }
    assert {"below", "honours", "rubber", "unfinished", "hearts", "deal", "total"} <= named
    for anchor in named - {""}:
        assert f'id="rule-{anchor}"' in page, anchor
    assert "each side with a part-score in the unfinished game scores 50" in page
    french = client.get(f"/bw/{sid}/rules", headers={"Accept-Language": "fr"})
    assert french.status_code == 200
