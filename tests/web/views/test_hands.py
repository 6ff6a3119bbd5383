"""Recording and correcting a hand through the form: one test per contract, every kind of
refused input, the doubling shortcuts, stale and repeated posts, corrections."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import figure, shown
from tests.views_hands_helpers import NO_TRICKS, PLAYERS, _multi, doc, fields, form, post, session

NO_QUEENS = {"contract": "no_queens", "facts": {"queens": [1, 1, 2, 0]}, "doubles": []}
NO_LAST_TWO = {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}, "doubles": []}


def text(response: TestResponse) -> str:
    """The page's text, tags stripped and whitespace folded (entities kept escaped)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def flashes(response: TestResponse) -> list[str]:
    html = response.get_data(as_text=True)
    return [m.strip() for m in re.findall(r'class="flash[^"]*"[^>]*>(.*?)</p>', html, re.S)]


# --- one hand of each contract -------------------------------------------------------

CONTRACTS = [
    ("no_tricks", dict(tricks_0=4, tricks_1=3, tricks_2=3), [-8, -6, -6, -6], [-8, -6, -6, -6]),
    (
        "no_queens",
        dict(queens_0=2, queens_1=1, queens_2=1, double="1-0"),
        [-12, -6, -6, 0],
        [-18, 0, -6, 0],
    ),
    (
        "no_last_two",
        dict(penultimate=1, last=1, double=["2-1", "3-1"]),
        [0, -30, 0, 0],
        [0, -90, 30, 30],
    ),
    (
        "no_hearts",
        dict(hearts_0=4, hearts_1=3, hearts_3=3, ace_of_hearts=0),
        [-12, -6, -6, -6],
        [-12, -6, -6, -6],
    ),
    ("no_king_of_hearts", dict(king_of_hearts=3), [0, 0, 0, -20], [0, 0, 0, -20]),
    (
        "trumps",
        dict(trump="hearts", tricks_0=13, tricks_1=0, tricks_2=0, double="1-0"),
        [65, 0, 0, 0],
        [130, -65, 0, 0],
    ),
    (
        "dominoes",
        dict(start_rank="7", order_0=2, order_1=0, order_2=3),
        [20, -5, 45, 5],
        [20, -5, 45, 5],
    ),
    (
        "no_queens",
        dict(mode="raw", raw_0=-6, raw_1=-6, raw_2=-12, raw_3=0),
        [-6, -6, -12, 0],
        [-6, -6, -12, 0],
    ),
]


@pytest.mark.parametrize(
    ("contract", "facts", "raw", "adjusted"),
    CONTRACTS,
    ids=[c[0] + ("-raw" if "mode" in c[1] else "") for c in CONTRACTS],
)
def test_record_a_hand(
    client: FlaskClient, contract: str, facts: dict[str, Any], raw: list[int], adjusted: list[int]
) -> None:
    created = session(client)
    page = client.get(f"/s/{created['id']}/hand/1?contract={contract}")
    assert "Hand 1 of 28" in text(page)
    assert "Ada declares · Dan deals · Clara cuts · Ada leads" in text(page)
    assert form(page).data()[:3] == [("number", "1"), ("version", "1"), ("contract", contract)]
    response = post(client, created["id"], 1, fields(contract, **facts))
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}"
    screen = client.get(response.headers["Location"])
    assert flashes(screen) == ["Hand 1 saved."]
    assert "Hand 2 of 28" in text(screen)
    hand = doc(client, created)["hands"][0]
    assert (hand["contract"], hand["raw"], hand["adjusted"]) == (contract, raw, adjusted)
    for name, total in zip(PLAYERS, adjusted, strict=True):
        assert re.search(
            rf'class="who">{name}</span>\s*<span class="num total">{re.escape(shown(total))}<',
            screen.get_data(as_text=True),
        )


def test_check_previews_without_storing(client: FlaskClient) -> None:
    created = session(client)
    pairs = fields("no_queens", queens_0=2, queens_1=1, queens_2=1, double="1-0", action="check")
    response = post(client, created["id"], 1, pairs)
    assert response.status_code == 200
    page = text(response)
    assert f"✓ adds up to {shown(-24)}" in page
    assert f"hand {shown(-18)} 0 {shown(-6)} 0" in page
    assert "Save hand" in page
    # The page keeps what was entered, the implied count included.
    assert form(response).checked("queens-0") == ["2"]
    assert form(response).checked("double") == ["1-0"]
    assert doc(client, created)["hands"] == [] and doc(client, created)["version"] == 1


def test_the_live_preview(client: FlaskClient) -> None:
    created = session(client)
    url = f"/s/{created['id']}/hand/1/preview"
    good = client.post(url, data=dict(fields("no_king_of_hearts", king_of_hearts=2)))
    assert good.status_code == 200 and good.get_json()["ok"] is True
    assert f"adds up to {shown(-20)}" in good.get_json()["html"]
    # each figure of the hand opens its explanation, drawn (hidden) with the preview
    html = good.get_json()["html"]
    assert html.count('data-explain href="#preview-why"') == 4
    assert '<div id="preview-why" class="explanation" hidden>' in html
    assert "Hand 1: " in html and "#rule-no_king_of_hearts" in html
    bad = client.post(url, data=dict(fields("no_queens", queens_0=4, queens_1=1)))
    assert bad.get_json()["ok"] is False
    assert client.post(url, data={"contract": "nonsense"}).status_code == 400
    assert client.post(url, data={}).status_code == 400
    assert doc(client, created)["version"] == 1


# --- refused input -------------------------------------------------------------------

REFUSALS = [
    (
        "no_queens",
        dict(queens_0=4, queens_1=1, queens_2=0, queens_3=0),
        "the queens add up to 5, not 4",
    ),
    ("no_tricks", dict(tricks_0=9, tricks_1=3, tricks_2=3), "the tricks add up to 15, not 13"),
    ("no_tricks", dict(tricks_0=4), "how many tricks did Ben, Clara and Dan take?"),
    ("no_tricks", dict(tricks_0="x", tricks_1=3, tricks_2=3), "&#39;x&#39; is not a whole number"),
    (
        "no_hearts",
        dict(hearts_0=0, hearts_1=4, hearts_2=4, ace_of_hearts=0),
        "whoever took A♥ took at least one heart",
    ),
    ("no_hearts", dict(hearts_0=4, hearts_1=4, hearts_2=4), "who took the A♥?"),
    ("no_last_two", dict(penultimate=1), "Ben took trick 12 — who took trick 13?"),
    ("no_last_two", dict(penultimate=1, last=4), "must be a seat from 0 to 3"),
    ("no_king_of_hearts", dict(), "who took the K♥?"),
    ("dominoes", dict(start_rank="7", order_0=1, order_1=1, order_2=2), "listed twice"),
    ("dominoes", dict(order_0=1, order_1=0, order_2=2), "Dominoes needs the starting rank"),
    ("dominoes", dict(start_rank="1", order_0=1, order_1=0, order_2=2), "starting rank is one"),
    ("trumps", dict(tricks_0=13, tricks_1=0, tricks_2=0), "Trumps needs the trump suit"),
    (
        "no_hearts",
        dict(mode="raw", raw_0=-7, raw_1=-7, raw_2=-8, raw_3=-8),
        "no play of No Hearts gives",
    ),
    ("no_queens", dict(mode="raw", raw_0=-12, raw_1=-12, raw_2=-6, raw_3=0), "add up to −30"),
    ("no_queens", dict(mode="raw", raw_0=-12, raw_1=-12, raw_2=0), "type the raw score of Dan"),
    (
        "no_queens",
        dict(queens_0=4, queens_1=0, queens_2=0, double="0-0"),
        "nobody doubles themselves",
    ),
    (
        "no_queens",
        dict(queens_0=4, queens_1=0, queens_2=0, double="0-1"),
        "may only redouble players who doubled them",
    ),
    (
        "trumps",
        dict(trump="clubs", tricks_0=13, tricks_1=0, tricks_2=0, double="2-1"),
        "only the declarer may be doubled",
    ),
    ("no_queens", dict(queens_0=4, queens_1=0, queens_2=0, double="1"), "&#39;1&#39; is not a"),
    (
        "no_queens",
        dict(queens_0=4, queens_1=0, queens_2=0, double=["1-0", "1-0"]),
        "the same double is listed twice",
    ),
    ("no_queens", dict(action="undoubled"), "settle without play"),
]


@pytest.mark.parametrize(
    ("contract", "facts", "message"), REFUSALS, ids=[f"{c}-{m[:24]}" for c, _, m in REFUSALS]
)
def test_refused_input_is_shown_and_nothing_is_stored(
    client: FlaskClient, contract: str, facts: dict[str, Any], message: str
) -> None:
    created = session(client)
    response = post(client, created["id"], 1, fields(contract, **facts))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    alert = re.search(r'<p class="bad" role="alert">(.*?)</p>', html, re.S)
    assert alert and message in alert[1], (alert and alert[1], message)
    assert "Hand 1 of 28" in text(response)
    assert doc(client, created)["hands"] == [] and doc(client, created)["version"] == 1
    # What was entered stays on the form, to be put right.
    posted = form(response)
    for name, value in facts.items():
        key = name.replace("_", "-") if name[-1].isdigit() else name
        if key.startswith(("queens-", "tricks-", "hearts-")) and str(value).isdigit():
            assert posted.checked(key) == [str(value)]


@pytest.mark.parametrize(
    ("pairs", "status"),
    [
        (fields("no_queens", number=2, queens_0=4, queens_1=0, queens_2=0), 400),
        ([("number", "1"), ("contract", "no_queens"), ("queens-0", "4")], 400),
        (fields("no_queens", version="x"), 400),  # type: ignore[arg-type]
        (fields("nonsense", queens_0=4, queens_1=0, queens_2=0), 400),
        ([("number", "1"), ("version", "1")], 400),
        (fields("salad", queens_0=4), 400),
    ],
    ids=[
        "number-mismatch",
        "no-version",
        "bad-version",
        "unknown-contract",
        "no-contract",
        "not-in-scheme",
    ],
)
def test_malformed_posts(client: FlaskClient, pairs: list[tuple[str, str]], status: int) -> None:
    created = session(client)
    assert post(client, created["id"], 1, pairs).status_code == status
    assert doc(client, created)["version"] == 1


def test_only_contracts_the_declarer_has_left(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    page = client.get(f"/s/{created['id']}/hand/2")
    chips = re.findall(r"hand/2\?contract=(\w+)", page.get_data(as_text=True))
    assert chips == [
        "no_queens",
        "no_last_two",
        "no_hearts",
        "no_king_of_hearts",
        "trumps",
        "dominoes",
    ]
    assert "Pick the contract Ada announces." in text(page)
    assert client.get(f"/s/{created['id']}/hand/2?contract=no_tricks").status_code == 404
    again = fields("no_tricks", number=2, tricks_0=4, tricks_1=3, tricks_2=3)
    assert post(client, created["id"], 2, again).status_code == 400
    assert len(doc(client, created)["hands"]) == 1


@pytest.mark.parametrize("number", [0, 3, 9, 29])
def test_hand_numbers_out_of_reach(client: FlaskClient, number: int) -> None:
    """Past a gap no hand is stored; hand 3's form opens all the same, unchecked: the rest
    of the block is drawn ahead for a phone that may lose the server (issue 29)."""
    created = session(client, [NO_TRICKS])
    opened = client.get(f"/s/{created['id']}/hand/{number}").status_code
    assert opened == (200 if number == 3 else 404)
    pairs = fields("no_queens", number=number, queens_0=4, queens_1=0, queens_2=0)
    assert post(client, created["id"], number, pairs).status_code == 404


# --- the doubling shortcuts and Dominoes' default ------------------------------------

SHORTCUTS = [
    ("no_queens", [], "max-1", ["1-0", "1-2", "1-3"], None),
    ("no_queens", [], "family-2", ["2-1", "2-3"], None),
    ("no_queens", ["1-0", "2-0"], "max-0", ["1-0", "2-0", "0-1", "0-2"], None),
    ("no_queens", ["1-2"], "max-1", ["1-2", "1-0", "1-3"], None),
    ("no_queens", [], "max-0", [], None),
    ("trumps", [], "max-3", ["3-0"], None),
    ("trumps", ["3-0"], "family-1", ["3-0"], "no family double here"),
    ("no_queens", [], "family-0", [], "the declarer has no family double"),
    ("no_queens", [], "max-9", [], None),
    # Regression: seats str.isdigit() passes but int() cannot read answered a 500.
    ("no_queens", [], "max-\u00b2", [], None),
    ("no_queens", [], "max-1" + "0" * 5000, [], None),
    ("no_queens", ["\u00b2-0", "1-0"], "max-0", ["1-0", "0-1"], None),
]


@pytest.mark.parametrize(
    ("contract", "before", "action", "after", "message"),
    SHORTCUTS,
    ids=[f"{c}-{a[:8]}-{len(b)}" for c, b, a, _, _ in SHORTCUTS],
)
def test_doubling_shortcuts(
    client: FlaskClient,
    contract: str,
    before: list[str],
    action: str,
    after: list[str],
    message: str | None,
) -> None:
    created = session(client)
    response = post(client, created["id"], 1, fields(contract, double=before, action=action))
    assert response.status_code == 200
    assert sorted(form(response).checked("double")) == sorted(after)
    if message:
        assert any(message in f for f in flashes(response))
    assert doc(client, created)["version"] == 1


@pytest.mark.parametrize("pick", ["1" + "0" * 5000, "\u00b2", "9"])
def test_an_unreadable_count_pick_draws_the_form_again(client: FlaskClient, pick: str) -> None:
    """Regression (found by the fuzz test): a "pick-tricks" of 5,001 digits answered a 500."""
    created = session(client)
    pairs = fields("no_tricks", tricks_0=4) + [("pick-tricks", pick)]
    response = post(client, created["id"], 1, pairs)
    assert response.status_code == 200  # the form again, waiting for the other counts
    assert 'name="tricks-1"' in response.get_data(as_text=True)
    assert doc(client, created)["version"] == 1


def test_positive_contracts_offer_only_doubles_on_the_declarer(client: FlaskClient) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}/hand/1?contract=trumps").get_data(as_text=True)
    offered = set(re.findall(r'name="double" value="(\d-\d)"', html))
    # Only the legal doubles are drawn: on the declarer, and the declarer's redoubles.
    assert offered == {"1-0", "2-0", "3-0", "0-1", "0-2", "0-3"}


def test_dominoes_starts_from_the_seven(client: FlaskClient) -> None:
    created = session(client)
    page = form(client.get(f"/s/{created['id']}/hand/1?contract=dominoes"))
    assert page.checked("start_rank") == ["7"]
    pairs = page.data(order_0="1", order_1="2", order_2="0")
    assert post(client, created["id"], 1, pairs).status_code == 302
    hand = doc(client, created)["hands"][0]
    assert hand["start_rank"] == "7" and hand["raw"] == [5, 45, 20, -5]


def test_a_one_tap_hand(client: FlaskClient) -> None:
    """No King of Hearts, nobody doubling: pick the contract, the taker, save."""
    created = session(client)
    page = form(client.get(f"/s/{created['id']}/hand/1?contract=no_king_of_hearts"))
    assert post(client, created["id"], 1, page.data(king_of_hearts="1")).status_code == 302
    assert doc(client, created)["totals"] == [0, -20, 0, 0]


# --- repeated, stale and conflicting posts -------------------------------------------


def test_a_double_submit_is_recorded_once(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    pairs = fields("no_queens", number=2, queens_0=1, queens_1=1, queens_2=2)
    first = post(client, created["id"], 2, pairs)
    second = post(client, created["id"], 2, pairs)
    assert first.status_code == second.status_code == 302
    assert second.headers["Location"] == f"/s/{created['id']}"
    assert flashes(client.get(second.headers["Location"])) == [
        "Hand 2 saved.",
        "Hand 2 was already saved.",
    ]
    after = doc(client, created)
    assert len(after["hands"]) == 2 and after["version"] == 2
    changes = client.get(f"/s/{created['id']}/history").get_data(as_text=True)
    assert changes.count("hand 2") == 1


def test_a_hand_the_api_already_recorded(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    client.post(
        f"/api/sessions/{created['id']}/hands",
        json={**NO_QUEENS, "number": 2},
        headers={"X-Edit-Key": created["edit_key"]},
    )
    response = post(
        client,
        created["id"],
        2,
        fields("no_queens", number=2, queens_0=1, queens_1=1, queens_2=2),
        follow_redirects=True,
    )
    assert flashes(response) == ["Hand 2 was already saved."]
    assert doc(client, created)["version"] == 2


def test_a_different_hand_under_a_taken_number(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    post(
        client, created["id"], 2, fields("no_queens", number=2, queens_0=1, queens_1=1, queens_2=2)
    )
    other = fields("no_king_of_hearts", number=2, king_of_hearts=3)  # drawn at version 1
    response = post(client, created["id"], 2, other)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}/hand/2"
    page = client.get(response.headers["Location"])
    assert any("Someone else changed this session" in f for f in flashes(page))
    # The page now shows hand 2 as it was recorded, to check before entering again.
    assert "correcting" in text(page)
    assert form(page).checked("queens-2") == ["2"]
    after = doc(client, created)
    assert after["hands"][1]["contract"] == "no_queens" and after["version"] == 2


def test_a_stale_correction_overwrites_nothing(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS, NO_QUEENS])
    page = form(client.get(f"/s/{created['id']}/hand/1"))
    # Meanwhile, someone corrects hand 1 through the API.
    theirs = {**NO_TRICKS, "facts": {"tricks": [0, 5, 4, 4]}}
    assert (
        client.put(
            f"/api/sessions/{created['id']}/hands/1",
            json=theirs,
            headers={"X-Edit-Key": created["edit_key"]},
        ).status_code
        == 200
    )
    mine = page.data(tricks_0="2", tricks_1="3", tricks_2="4", tricks_3="4")
    response = post(client, created["id"], 1, mine)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}/hand/1"
    again = client.get(response.headers["Location"])
    assert any(
        "Someone else changed this session while you were entering" in f for f in flashes(again)
    )
    assert form(again).checked("tricks-1") == ["5"]
    after = doc(client, created)
    assert after["hands"][0]["facts"] == theirs["facts"] and after["version"] == 2


# --- correcting a past hand ----------------------------------------------------------


def test_a_past_hand_is_prefilled(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS, NO_QUEENS, NO_LAST_TWO])
    response = client.get(f"/s/{created['id']}/hand/1")
    page = form(response)
    assert "Hand 1 of 28 correcting" in text(response)
    assert "Save correction" in text(response)
    assert page.data()[:3] == [("number", "1"), ("version", "1"), ("contract", "no_tricks")]
    assert [page.checked(f"tricks-{s}") for s in range(4)] == [["4"], ["3"], ["3"], ["3"]]
    assert sorted(page.checked("double")) == ["1-0", "2-0", "3-0"]
    assert f"✓ adds up to {shown(-26)}" in text(response)
    trumps = form(client.get(f"/s/{created['id']}/hand/1?contract=trumps"))
    assert trumps.checked("double") == [] and trumps.checked("tricks-0") == []


@pytest.mark.parametrize(
    ("number", "stored", "check"),
    [
        (2, NO_QUEENS, lambda p: p.checked("queens-2") == ["2"]),
        (3, NO_LAST_TWO, lambda p: (p.checked("penultimate"), p.checked("last")) == (["0"], ["1"])),
        (
            1,
            {
                "contract": "dominoes",
                "start_rank": "Q",
                "facts": {"order": [3, 1, 0]},
                "doubles": [[2, 0], [0, 2]],
            },
            lambda p: (
                (p.checked("start_rank"), p.checked("order-2"), sorted(p.checked("double")))
                == (["Q"], ["0"], ["0-2", "2-0"])
            ),
        ),
        (
            1,
            {"contract": "trumps", "trump": "diamonds", "raw": [20, 15, 15, 15], "doubles": []},
            lambda p: (
                (p.checked("trump"), p.checked("mode"), ("raw-0", "20") in p.fields)
                == (["diamonds"], ["raw"], True)
            ),
        ),
        (
            1,
            {
                "contract": "no_hearts",
                "facts": {"hearts": [1, 4, 4, 4], "ace_of_hearts": 0},
                "doubles": [],
            },
            lambda p: (p.checked("hearts-3"), p.checked("ace_of_hearts")) == (["4"], ["0"]),
        ),
        (
            1,
            {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}, "doubles": []},
            lambda p: p.checked("king_of_hearts") == ["2"],
        ),
    ],
    ids=["queens", "last-two", "dominoes", "trumps-raw", "hearts", "king"],
)
def test_every_contract_prefills_and_saves_back_unchanged(
    client: FlaskClient, number: int, stored: dict[str, Any], check: Any
) -> None:
    hands = [NO_TRICKS, NO_QUEENS, NO_LAST_TWO]
    hands[number - 1] = stored
    created = session(client, hands)
    page = form(client.get(f"/s/{created['id']}/hand/{number}"))
    assert check(page)
    response = post(client, created["id"], number, page.data(), follow_redirects=True)
    assert flashes(response) == [f"Hand {number} was already saved."]
    assert doc(client, created)["version"] == 1


def test_correct_a_hand_and_everything_after_follows(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS, NO_QUEENS, NO_LAST_TWO])
    before = doc(client, created)
    page = form(client.get(f"/s/{created['id']}/hand/1"))
    pairs = page.data(tricks_0="1", tricks_1="4", tricks_2="4", tricks_3="4", double=["1-0", "2-0"])
    response = post(client, created["id"], 1, pairs)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/s/{created['id']}"
    screen = client.get(response.headers["Location"])
    assert flashes(screen) == ["Hand 1 corrected; the totals after it follow."]
    after = doc(client, created)
    assert after["version"] == 2
    assert after["hands"][0]["raw"] == [-2, -8, -8, -8]
    assert after["hands"][0]["adjusted"] == [10, -14, -14, -8]
    shift = [
        a - b
        for a, b in zip(after["hands"][0]["totals"], before["hands"][0]["totals"], strict=True)
    ]
    for old, new in zip(before["hands"][1:], after["hands"][1:], strict=True):
        assert new["totals"] == [t + s for t, s in zip(old["totals"], shift, strict=True)]
    # Dan no longer doubled Ada: the quota strip follows.
    assert after["quota"][0]["laid"] == [None, 1, 1, 0]
    assert "Dan 0/2" in text(screen) and "Ben 1/2" in text(screen)
    history = client.get(f"/s/{created['id']}/history")
    said = text(history)
    assert re.search(r"\d\d:\d\d UTC Phone [0-9a-f]{4}: hand 1 corrected: .*\(was: ", said)


def test_a_correction_is_not_offered_a_later_hands_contract(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS, NO_QUEENS])
    assert client.get(f"/s/{created['id']}/hand/1?contract=no_queens").status_code == 404
    page = form(client.get(f"/s/{created['id']}/hand/1"))
    data = page.data(queens_0="4", queens_1="0", queens_2="0", contract="no_queens")
    assert post(client, created["id"], 1, data).status_code == 400
    assert doc(client, created)["hands"][0]["contract"] == "no_tricks"


def test_pages_and_api_agree_after_corrections(app: Flask, client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS, NO_QUEENS, NO_LAST_TWO])
    page = form(client.get(f"/s/{created['id']}/hand/2"))
    post(
        client,
        created["id"],
        2,
        page.data(queens_0="4", queens_1="0", queens_2="0", double=["2-0", "0-2"]),
    )
    totals = doc(client, created)["totals"]
    for html in (
        client.get(f"/s/{created['id']}").get_data(as_text=True),
        app.test_client().get(f"/w/{created['id']}").get_data(as_text=True),
    ):
        on_page = dict(
            re.findall(r'class="who">(\w+)</span>\s*<span class="num total">([^<]+)<', html)
        )
        assert {name: figure(v) for name, v in on_page.items()} == dict(
            zip(PLAYERS, totals, strict=True)
        )


# --- what the page script reads: the server decides, the script toggles --------------


def test_the_live_preview_sends_the_implied_counts(client: FlaskClient) -> None:
    created = session(client)
    url = f"/s/{created['id']}/hand/1/preview"
    three = fields("no_queens", queens_0=2, queens_1=1, queens_2=1)
    assert client.post(url, data=_multi(three)).get_json()["implied"] == {"queens-3": 0}
    two = fields("no_queens", queens_0=2, queens_1=1)
    assert client.post(url, data=_multi(two)).get_json()["implied"] == {}
    # The page drawn without JavaScript marks the same count.
    html = post(client, created["id"], 1, [*three, ("action", "check")]).get_data(as_text=True)
    assert re.search(
        r'class="count-row implied[^"]*" data-field="queens-3" data-seat="3"[^>]*>'
        r'<span class="who" data-implied="0">Dan<',
        html,
    )
    # Dan's chip above the keypads shows it too, in italics (implied, not picked).
    assert re.search(r'class="count implied" data-count="queens-3">0<', html)


def test_chips_and_shortcuts_say_what_they_need(client: FlaskClient) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}/hand/1?contract=no_queens").get_data(as_text=True)
    # A redouble waits for the double it answers; every chip names its other way round.
    assert re.search(r'value="0-2"\s+data-requires="2-0" data-pair="2-0"', html)
    assert re.search(r'value="1-2"\s+data-pair="2-1"', html)
    assert 'value="max-1" class="chip short" data-shortcut="max" data-targets="1-0 1-2 1-3"' in html
    assert (
        'value="family-1" class="chip short" data-shortcut="family" data-targets="1-2 1-3"' in html
    )
    assert 'value="max-0" class="chip short" data-shortcut="max" data-targets="0-1 0-2 0-3"' in html
    assert 'value="family-0"' not in html
    trumps = client.get(f"/s/{created['id']}/hand/1?contract=trumps").get_data(as_text=True)
    # In a positive contract a doubler's one legal double is its chip: no shortcut beside it.
    assert 'value="max-2"' not in trumps and 'value="family-2"' not in trumps
    assert 'value="max-0" class="chip short" data-shortcut="max" data-targets="0-1 0-2 0-3"' in (
        trumps
    )


def test_a_shortcut_for_a_seat_not_at_the_table_leaves_the_doubles_as_posted(
    app: Flask, client: FlaskClient
) -> None:
    from werkzeug.datastructures import MultiDict

    from barbu_scorer.store.sessions import load
    from barbu_scorer.web.db import get_db
    from barbu_scorer.web.hand_doubles import shortcut_doubles

    created = session(client)
    data = MultiDict([("double", "1-0")])
    with app.test_request_context():
        stored = load(get_db(), created["id"])
        assert stored is not None
        for action in ("max-9", "family-x", "max-"):
            assert shortcut_doubles(stored, 1, "no_tricks", data, action) is data
