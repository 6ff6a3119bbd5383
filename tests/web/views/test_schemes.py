"""The schemes pages: the editor's round trip, checks next to fields, saving and versions,
sharing as JSON, and house schemes driving whole sessions through the app.

The sessions are checked against figures worked out here from the SPEC's rules
(raw scores, pairwise settlement, quota penalties), never from the engine.
"""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.scoring.barbu.scheme_io import scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.db import get_db
from tests.scheme_forms import changed, editor, form_fields, submit
from tests.views_schemes_helpers import notes_for, saved


def text(html: str) -> str:
    """A page's words, without its tags."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def count(app: Flask) -> int:
    with app.app_context():
        return len(scheme_store.list_schemes(get_db()))


# -- the editor ---------------------------------------------------------------------------
@pytest.mark.parametrize("scheme_id", list(BUILTINS))
def test_every_builtin_round_trips_through_the_editor(
    app: Flask, client: FlaskClient, scheme_id: str
) -> None:
    fields = editor(client, f"/schemes/new?from={scheme_id}")
    response = submit(client, fields)
    assert response.status_code == 302 and response.location.endswith("/schemes")
    house = saved(app, fields["name"])
    got, want = scheme_to_dict(house.scheme), scheme_to_dict(BUILTINS[scheme_id])
    for key in ("id", "name", "version"):
        got.pop(key), want.pop(key)
    assert got == want
    assert house.version == 1 and house.scheme.id == house.name


def test_a_copy_is_named_after_its_source_and_never_clashes(
    app: Flask, client: FlaskClient
) -> None:
    first = editor(client, "/schemes/new?from=brader")
    assert first["name"] == "Mark Brader's values (ours)"
    submit(client, first)
    assert editor(client, "/schemes/new?from=brader")["name"] == "Mark Brader's values (ours) 2"
    # A saved scheme is a start too.
    again = editor(client, "/schemes/new?from=Mark Brader's values (ours)")
    assert again["name"] == "Mark Brader's values (ours) (ours)"
    assert client.get("/schemes/new?from=nothing-like-it").status_code == 404


def test_the_schemes_page_lists_builtins_and_house_schemes_with_totals(client: FlaskClient) -> None:
    submit(client, changed(editor(client), name="Club", values__no_king_of_hearts__king=-15))
    page = client.get("/schemes").get_data(as_text=True)
    for scheme in BUILTINS.values():
        assert scheme.name in text(page)
    assert "Club" in page and "version 1" in page
    # Tournament balances; the club's K♥ -15 leaves +5 a block, +20 a session.
    club = page[page.index('id="house-') : page.index('id="builtin-tournament"')]
    assert "not balanced" in club and "+5" in club and "+20" in club and "−15" in club
    brader = page[page.index('id="builtin-brader"') : page.index('id="builtin-kh15_dom40"')]
    assert "−171" in brader and "−684" in brader and "not balanced" in brader
    tournament = page[
        page.index('id="builtin-tournament"') : page.index('id="builtin-ravage_city"')
    ]
    assert "balanced" in tournament and "not balanced" not in tournament
    assert "−26" in tournament and "+65" in tournament


def test_check_shows_the_consequences_and_advice_without_saving(
    app: Flask, client: FlaskClient
) -> None:
    fields = changed(editor(client), values__no_tricks__trick=2, awards__0=20, awards__1=45)
    response = submit(client, fields, action="check")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and count(app) == 0
    assert "No Tricks is a negative contract, but a trick scores +2" in notes_for(
        html, "values.no_tricks.trick"
    )
    assert "fall from the first out" in notes_for(html, "awards")
    assert "not balanced" in notes_for(html, "balance")
    assert "+26" in html  # No Tricks now hands out +26
    # Advice never blocks.
    assert submit(client, fields).status_code == 302 and count(app) == 1


@pytest.mark.parametrize(
    ("changes", "key", "message"),
    [
        ({"name": ""}, "name", "Give the scheme a name."),
        ({"name": "Tournament Barbu"}, "name", "built-in scheme's name"),
        ({"name": "x" * 61}, "name", "60"),
        ({"values__no_tricks__trick": ""}, "values.no_tricks.trick", "Give a whole number here."),
        ({"values__no_hearts__ace": "abc"}, "values.no_hearts.ace", "abc is not a whole number."),
        ({"values__trumps__trick": "2.5"}, "values.trumps.trick", "2.5 is not a whole number."),
        ({"awards__2": ""}, "awards", "Place 3: Give a whole number here."),
        ({"play": []}, "contracts", "put at least one contract in play"),
        ({"left_out": ["2C"]}, "left_out", "51 cards do not deal evenly to 4 players"),
        ({"left_out": ["2C", "2D", "2S", "KH"]}, "left_out", "K♥ and A♥"),
        ({"quota": 11}, "quota", "From 0 to 10."),
        ({"quota_penalty": -1}, "quota_penalty", "From 0 to 1000."),
        ({"players": 11}, "players", "3 to 10 players"),
        ({"new_custom__name": "Chinese Poker"}, "new_custom", "needs its total"),
        ({"new_custom__total": "-30"}, "new_custom", "needs a name"),
        (
            {"new_custom__name": "Trumps", "new_custom__total": "0"},
            "custom.trumps_2",
            "already called Trumps",
        ),
    ],
)
def test_bad_input_is_refused_next_to_its_field(
    app: Flask, client: FlaskClient, changes: dict[str, Any], key: str, message: str
) -> None:
    response = submit(client, changed(editor(client), **changes))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Not saved" in html
    assert message in notes_for(html, key)
    assert count(app) == 0


def test_a_name_already_saved_is_refused(app: Flask, client: FlaskClient) -> None:
    submit(client, changed(editor(client), name="Club"))
    response = submit(client, changed(editor(client), name="CLUB"))
    assert response.status_code == 422
    assert "already called Club" in notes_for(response.get_data(as_text=True), "name")
    assert count(app) == 1


def test_changing_players_proposes_cards_awards_and_shares_before_saving(
    app: Flask, client: FlaskClient
) -> None:
    fields = changed(editor(client, "/schemes/new?from=ravage_city"), players=5, name="Five")
    response = submit(client, fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and count(app) == 0
    assert "check the proposals" in html
    assert "For 5 players and 52 cards the app proposes" in notes_for(html, "players")
    redrawn = form_fields(html)
    assert redrawn.getlist("left_out") == ["2C", "2D"]
    assert [redrawn[f"awards-{i}"] for i in range(5)] == ["45", "20", "5", "0", "-5"]
    assert [redrawn[f"shares-{i}"] for i in range(5)] == ["-36", "-18", "-12", "-9", "-7"]
    assert submit(client, redrawn).status_code == 302
    scheme = saved(app, "Five").scheme
    assert (scheme.players, scheme.tricks, scheme.left_out) == (5, 10, ("2C", "2D"))


def test_contracts_move_and_custom_contracts_come_and_go(app: Flask, client: FlaskClient) -> None:
    fields = changed(
        editor(client),
        new_custom__name="Chinese Poker",
        new_custom__kind="negative",
        new_custom__total="-30",
        new_custom__reminder="Three poker hands; worst pays",
    )
    html = submit(client, fields, action="check").get_data(as_text=True)
    fields = form_fields(html)
    assert fields.getlist("play")[-1] == "chinese_poker"
    assert fields["custom-0-name"] == "Chinese Poker" and fields["custom-0-total"] == "-30"
    assert fields["new_custom-name"] == ""
    fields = form_fields(submit(client, fields, action="up-chinese_poker").get_data(as_text=True))
    assert fields.getlist("play")[-2:] == ["chinese_poker", "dominoes"]
    fields = form_fields(submit(client, fields, action="down-no_tricks").get_data(as_text=True))
    assert fields.getlist("play")[:2] == ["no_queens", "no_tricks"]
    submit(client, changed(fields, name="Poker night"))
    scheme = saved(app, "Poker night").scheme
    assert scheme.contracts[-2:] == ("chinese_poker", "dominoes")
    assert scheme.custom[0].reminder == "Three poker hands; worst pays"
    assert scheme.hands == 32 and scheme.total("chinese_poker") == -30
    # Removing it takes it out of play too.
    house = saved(app, "Poker night")
    url = f"/schemes/{house.id}/edit"
    fields = form_fields(
        submit(client, editor(client, url), "remove-chinese_poker", url).get_data(as_text=True)
    )
    assert "chinese_poker" not in fields.getlist("play") and "custom-0-name" not in fields


def test_editing_bumps_the_version_only_when_something_changes(
    app: Flask, client: FlaskClient
) -> None:
    submit(client, changed(editor(client), name="Club"))
    house = saved(app, "Club")
    url = f"/schemes/{house.id}/edit"
    page = client.get(url).get_data(as_text=True)
    assert "version 1" in page
    response = submit(client, editor(client, url), url=url)
    assert response.status_code == 302 and saved(app, "Club").version == 1
    assert "No change" in client.get("/schemes").get_data(as_text=True)
    submit(client, changed(editor(client, url), quota=3), url=url)
    assert saved(app, "Club").version == 2 and saved(app, "Club").scheme.version == 2
    submit(client, changed(editor(client, url), name="Club rules"), url=url)
    assert saved(app, "Club rules").version == 3


def test_a_save_over_someone_elses_is_refused_then_can_replace_it(
    app: Flask, client: FlaskClient
) -> None:
    submit(client, changed(editor(client), name="Club"))
    url = f"/schemes/{saved(app, 'Club').id}/edit"
    mine, theirs = editor(client, url), editor(client, url)
    submit(client, changed(theirs, quota=3), url=url)
    response = submit(client, changed(mine, quota=1), url=url)
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "saved elsewhere meanwhile (now version 2)" in html
    assert saved(app, "Club").scheme.quota == 3
    assert submit(client, form_fields(html), url=url).status_code == 302
    assert saved(app, "Club").scheme.quota == 1 and saved(app, "Club").version == 3


def test_preview_answers_in_json(client: FlaskClient) -> None:
    fields = changed(editor(client), values__no_king_of_hearts__king=-15, action="check")
    answer = client.post("/schemes/preview", data=fields).get_json()
    assert answer["ok"] is True
    assert answer["totals"]["no_king_of_hearts"] == "−15"
    assert "not balanced" in answer["bar"] and "+20" in answer["html"]
    assert list(answer["notes"]) == ["balance"]
    bad = client.post(
        "/schemes/preview", data=changed(fields, values__no_tricks__trick="")
    ).get_json()
    assert bad["ok"] is False
    assert bad["notes"]["values.no_tricks.trick"][0] == {
        "text": "Give a whole number here.",
        "refuses": True,
    }


def test_csrf_is_checked(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "t"})
    client = app.test_client()
    fields = editor(client)
    assert fields["csrf_token"]
    assert submit(client, changed(fields, csrf_token=None)).status_code == 400
    assert client.post("/schemes/preview", data=changed(fields, csrf_token=None)).status_code == 400
    assert submit(client, fields).status_code == 302


# -- sharing and deleting -----------------------------------------------------------------
def test_export_and_import(app: Flask, client: FlaskClient) -> None:
    submit(
        client,
        changed(
            editor(client, "/schemes/new?from=brader"), name="Brader at the club", quota_penalty=5
        ),
    )
    house = saved(app, "Brader at the club")
    response = client.get(f"/schemes/{house.id}/export")
    assert response.mimetype == "application/json"
    assert 'filename="brader-at-the-club.scheme.json"' in response.headers["Content-Disposition"]
    exported = response.get_json()
    assert exported == scheme_to_dict(house.scheme)
    # Another table imports it, from a file, under its own name.
    response = client.post(
        "/schemes/import",
        data={
            "file": (io.BytesIO(json.dumps(exported).encode()), "rules.json"),
            "name": "Their rules",
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    theirs = saved(app, "Their rules")
    assert scheme_to_dict(theirs.scheme) | {"id": "", "name": ""} == exported | {
        "id": "",
        "name": "",
    }
    # Pasted, the same name is refused with the way out.
    response = client.post("/schemes/import", data={"text": json.dumps(exported)})
    assert response.status_code == 422
    assert "give it another name below" in response.get_data(as_text=True)
    # A built-in exports too; a session document's scheme imports.
    builtin = client.get("/schemes/builtin/kh15_dom40/export").get_json()
    assert builtin == scheme_to_dict(BUILTINS["kh15_dom40"])
    doc = {
        "format": "barbu-session/1",
        "players": ["A", "B", "C", "D"],
        "scheme": {**builtin, "name": "From a session"},
    }
    assert client.post("/schemes/import", data={"text": json.dumps(doc)}).status_code == 302
    assert saved(app, "From a session").scheme.total("no_king_of_hearts") == -15


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Paste a scheme&#39;s JSON or pick a file."),
        ("{not json", "not valid JSON"),
        ('{"name": "Odd", "players": 2}', "players must be between 3 and 10"),
        ('{"name": "Odd", "contracts": []}', "at least one contract"),
        ('{"name": "Odd", "awards": [1, 2]}', "one per player"),
    ],
)
def test_a_bad_import_stores_nothing(
    app: Flask, client: FlaskClient, text: str, message: str
) -> None:
    response = client.post("/schemes/import", data={"text": text})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert count(app) == 0


def test_delete_asks_first(app: Flask, client: FlaskClient) -> None:
    submit(client, changed(editor(client), name="Short-lived"))
    house = saved(app, "Short-lived")
    page = client.get(f"/schemes/{house.id}/delete").get_data(as_text=True)
    assert "keep their own copy" in page and count(app) == 1
    response = client.post(f"/schemes/{house.id}/delete")
    assert response.status_code == 302 and count(app) == 0
    assert client.get(f"/schemes/{house.id}/edit").status_code == 404
    assert client.get(f"/schemes/{house.id}/export").status_code == 404


# -- house schemes drive sessions ---------------------------------------------------------
NEGATIVES = ("no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts")
SUITS = ("clubs", "diamonds", "hearts", "spades")


@dataclass
class Rules:
    """A house scheme as the test reads it: values typed in, figures from the SPEC."""

    players: int
    tricks: int
    hearts: int
    contracts: tuple[str, ...]
    values: dict[str, int]
    awards: tuple[int, ...]
    shares: tuple[int, ...] = ()
    ranks: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    custom: dict[str, tuple[int, bool]] = field(default_factory=dict)  # id -> (total, positive)
    quota: int = 2
    penalty: int = 0
    fixed: bool = False


def raw_for(rules: Rules, contract: str, facts: dict[str, Any]) -> list[int]:
    """Raw scores from facts, by the SPEC's table."""
    v, n = rules.values, rules.players
    raw = [0] * n
    if contract in ("no_tricks", "trumps"):
        per = v["trick"] if contract == "no_tricks" else v["trumps"]
        return [per * t for t in facts["tricks"]]
    if contract == "no_queens":
        return [v["queen"] * q for q in facts["queens"]]
    if contract == "no_hearts":
        return [
            v["heart"] * (h - 1) + v["ace"] if s == facts["ace_of_hearts"] else v["heart"] * h
            for s, h in enumerate(facts["hearts"])
        ]
    if contract == "no_last_two":
        raw[facts["penultimate"]] += v["penultimate"]
        raw[facts["last"]] += v["last"]
    elif contract == "no_king_of_hearts":
        raw[facts["king_of_hearts"]] = v["king"]
    elif contract == "dominoes":
        for place, seat in enumerate(facts["order"]):
            raw[seat] = rules.awards[place]
    elif contract == "ravage_city":
        for seat in facts["most_cards"]:
            raw[seat] = rules.shares[len(facts["most_cards"]) - 1]
    return raw


def settle(raw: list[int], doubles: list[list[int]]) -> list[int]:
    """Per pair: the lower raw pays (doubles between them) x the difference to the higher."""
    out = [0] * len(raw)
    for a in range(len(raw)):
        for b in range(len(raw)):
            k = [a, b] in doubles
            if k and raw[a] != raw[b]:
                hi, lo = (a, b) if raw[a] > raw[b] else (b, a)
                out[hi] += raw[hi] - raw[lo]
                out[lo] -= raw[hi] - raw[lo]
    return out


def shares_of(rng: random.Random, total: int, n: int) -> list[int]:
    counts = [0] * n
    for _ in range(total):
        counts[rng.randrange(n)] += 1
    return counts


def play_hand(
    rng: random.Random, rules: Rules, contract: str, declarer: int
) -> tuple[dict[str, Any], list[int]]:
    """A legal hand as a scorer sends it, and its raw scores."""
    n = rules.players
    hand: dict[str, Any] = {"contract": contract}
    if contract in rules.custom:
        total, positive = rules.custom[contract]
        raw = [rng.randint(-15, 10) for _ in range(n - 1)]
        raw.append(total - sum(raw))
        hand["raw"] = raw
    else:
        facts: dict[str, Any]
        if contract in ("no_tricks", "trumps"):
            facts = {"tricks": shares_of(rng, rules.tricks, n)}
        elif contract == "no_queens":
            facts = {"queens": shares_of(rng, 4, n)}
        elif contract == "no_hearts":
            hearts = shares_of(rng, rules.hearts, n)
            facts = {
                "hearts": hearts,
                "ace_of_hearts": rng.choice([s for s in range(n) if hearts[s]]),
            }
        elif contract == "no_last_two":
            facts = {"penultimate": rng.randrange(n), "last": rng.randrange(n)}
        elif contract == "no_king_of_hearts":
            facts = {"king_of_hearts": rng.randrange(n)}
        elif contract == "dominoes":
            facts = {"order": rng.sample(range(n), n)}
        else:
            facts = {"most_cards": rng.sample(range(n), rng.randint(1, n))}
        hand["facts"] = facts
        raw = raw_for(rules, contract, facts)
    if contract == "trumps":
        hand["trump"] = rng.choice(SUITS)
    if contract == "dominoes":
        hand["start_rank"] = rng.choice(rules.ranks)
    positive = contract in ("trumps", "dominoes") or rules.custom.get(contract, (0, False))[1]
    doubles = []
    for step in range(1, n):
        doubler = (declarer + step) % n
        for seat in range(n):
            anyone = not positive and seat != doubler
            if (seat == declarer and rng.random() < 0.5) or (
                anyone and seat != declarer and rng.random() < 0.15
            ):
                doubles.append([doubler, seat])
    doubles += [[declarer, a] for a, b in list(doubles) if b == declarer and rng.random() < 0.5]
    hand["doubles"] = doubles
    return hand, raw


def run_session(client: FlaskClient, scheme: Any, rules: Rules, seed: int) -> dict[str, Any]:
    """A whole session through the API, checked hand by hand against the figures here."""
    rng = random.Random(seed)
    n = rules.players
    names = ["Ada", "Ben", "Clara", "Dan", "Eve"][:n]
    first = rng.randrange(n)
    response = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": names,
            "scheme": scheme,
            "first_declarer": first,
        },
    )
    assert response.status_code == 201, response.get_json()
    session_id, key = response.get_json()["id"], response.get_json()["edit_key"]
    totals = [0] * n
    number = 0
    for block in range(n):
        declarer = (first + block) % n
        order = list(rules.contracts)
        if not rules.fixed:
            rng.shuffle(order)
        laid = [0] * n
        for contract in order:
            number += 1
            hand, raw = play_hand(rng, rules, contract, declarer)
            response = client.post(
                f"/api/sessions/{session_id}/hands",
                json={"number": number, **hand},
                headers={"X-Edit-Key": key},
            )
            assert response.status_code == 201, (number, hand, response.get_json())
            adjusted = [r + t for r, t in zip(raw, settle(raw, hand["doubles"]), strict=True)]
            totals = [t + a for t, a in zip(totals, adjusted, strict=True)]
            for doubler, doubled in hand["doubles"]:
                laid[doubler] += doubled == declarer
            scored = response.get_json()["hands"][-1]
            assert (scored["raw"], scored["adjusted"]) == (raw, adjusted), number
        for seat in range(n):
            if seat != declarer:
                missing = max(0, rules.quota - laid[seat]) * rules.penalty
                totals[seat] -= missing
                totals[declarer] += missing
        assert response.get_json()["totals"] == totals, f"after block {block + 1}"
    doc = response.get_json()
    assert doc["complete"] and len(doc["hands"]) == n * len(rules.contracts)
    assert doc["winners"] == [s for s in range(n) if totals[s] == max(totals)]
    return doc


def test_a_house_scheme_with_braders_values_plays_a_whole_session(
    app: Flask, client: FlaskClient
) -> None:
    # Typed in by hand over Tournament with Ravage City, as a club would.
    fields = changed(
        editor(client, "/schemes/new?from=ravage_city"),
        name="Brader's, typed in",
        values__no_tricks__trick=-5,
        values__no_queens__queen=-15,
        values__no_hearts__heart=-4,
        values__no_hearts__ace=-12,
        values__no_king_of_hearts__king=-25,
        awards__0=40,
        awards__1=20,
        awards__2=0,
        awards__3=-20,
    )
    assert submit(client, fields).status_code == 302
    house = saved(app, "Brader's, typed in")
    assert house.scheme.total("no_hearts") == -60 and not house.scheme.balanced
    rules = Rules(
        4,
        13,
        13,
        (*NEGATIVES, "trumps", "dominoes", "ravage_city"),
        {
            "trick": -5,
            "queen": -15,
            "heart": -4,
            "ace": -12,
            "king": -25,
            "penultimate": -10,
            "last": -20,
            "trumps": 5,
        },
        awards=(40, 20, 0, -20),
        shares=(-36, -18, -12, -9),
    )
    doc = run_session(client, "Brader's, typed in", rules, seed=4)
    assert sum(doc["totals"]) == 4 * (-65 - 60 - 30 - 60 - 25 + 65 + 40 - 36)
    assert doc["scheme"]["name"] == "Brader's, typed in" and doc["scheme"]["version"] == 1


def test_three_players_on_a_52_card_pack(app: Flask, client: FlaskClient) -> None:
    html = submit(client, changed(editor(client), name="Three", players=3), "check").get_data(
        as_text=True
    )
    fields = changed(form_fields(html), awards__0=40, awards__1=25, awards__2=0)
    assert submit(client, fields).status_code == 302
    assert saved(app, "Three").scheme.left_out == ("2C",)
    rules = Rules(
        3,
        17,
        13,
        (*NEGATIVES, "trumps", "dominoes"),
        {
            "trick": -2,
            "queen": -6,
            "heart": -2,
            "ace": -6,
            "king": -20,
            "penultimate": -10,
            "last": -20,
            "trumps": 5,
        },
        awards=(40, 25, 0),
    )
    doc = run_session(client, "three", rules, seed=3)  # names are found ignoring case
    assert sum(doc["totals"]) == 3 * (-34 - 24 - 30 - 30 - 20 + 85 + 65)


def test_five_players_on_a_32_card_pack_with_a_quota_penalty(
    app: Flask, client: FlaskClient
) -> None:
    html = submit(
        client, changed(editor(client), name="Five on 32", players=5, pack=32), "check"
    ).get_data(as_text=True)
    fields = form_fields(html)
    assert fields.getlist("left_out") == ["7C", "7D"]
    assert submit(client, changed(fields, quota=1, quota_penalty=3)).status_code == 302
    scheme = saved(app, "Five on 32").scheme
    assert (scheme.tricks, scheme.hearts, scheme.awards) == (6, 8, (45, 20, 5, 0, -5))
    rules = Rules(
        5,
        6,
        8,
        (*NEGATIVES, "trumps", "dominoes"),
        {
            "trick": -2,
            "queen": -6,
            "heart": -2,
            "ace": -6,
            "king": -20,
            "penultimate": -10,
            "last": -20,
            "trumps": 5,
        },
        awards=(45, 20, 5, 0, -5),
        ranks=("7", "8", "9", "10", "J", "Q", "K", "A"),
        quota=1,
        penalty=3,
    )
    doc = run_session(client, "Five on 32", rules, seed=5)
    # Penalties only move points: the session hands out what its contracts do.
    assert sum(doc["totals"]) == 5 * (-12 - 24 - 30 - 20 - 20 + 30 + 65)


def test_a_custom_contract_in_a_fixed_order(app: Flask, client: FlaskClient) -> None:
    fields = changed(
        editor(client),
        name="Poker night",
        contract_order="fixed",
        new_custom__name="Chinese Poker",
        new_custom__total=0,
        new_custom__reminder="Three poker hands; the worst pays",
    )
    fields = form_fields(submit(client, fields, "check").get_data(as_text=True))
    fields = form_fields(submit(client, fields, "up-chinese_poker").get_data(as_text=True))
    assert submit(client, fields).status_code == 302
    contracts = (*NEGATIVES, "trumps", "chinese_poker", "dominoes")
    assert saved(app, "Poker night").scheme.contracts == contracts
    rules = Rules(
        4,
        13,
        13,
        contracts,
        {
            "trick": -2,
            "queen": -6,
            "heart": -2,
            "ace": -6,
            "king": -20,
            "penultimate": -10,
            "last": -20,
            "trumps": 5,
        },
        awards=(45, 20, 5, -5),
        custom={"chinese_poker": (0, False)},
        fixed=True,
    )
    doc = run_session(client, "Poker night", rules, seed=8)
    assert sum(doc["totals"]) == 0


def test_a_custom_hand_is_entered_as_raw_scores_on_the_hand_page(
    app: Flask, client: FlaskClient
) -> None:
    submit(
        client,
        changed(
            editor(client),
            name="Poker night",
            new_custom__name="Chinese Poker",
            new_custom__kind="positive",
            new_custom__total=30,
            new_custom__reminder="Three poker hands",
        ),
    )
    created = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "scheme": "Poker night",
            "first_declarer": 0,
        },
    ).get_json()
    client.get(created["links"]["scorer"])
    sid = created["id"]
    page = client.get(f"/s/{sid}/hand/1?contract=chinese_poker").get_data(as_text=True)
    assert "Three poker hands" in page and 'name="mode" value="raw"' in page
    base = {
        "version": "1",
        "number": "1",
        "contract": "chinese_poker",
        "mode": "raw",
        "raw-0": "20",
        "raw-1": "10",
        "raw-2": "5",
        "raw-3": "0",
        "action": "save",
    }
    refused = client.post(f"/s/{sid}/hand/1", data=base)
    assert refused.status_code == 200 and "add up to +35, not +30" in refused.get_data(as_text=True)
    ok = client.post(f"/s/{sid}/hand/1", data={**base, "raw-2": "0", "double": "1-0"})
    assert ok.status_code == 302
    hand = client.get(f"/api/sessions/{sid}").get_json()["hands"][0]
    assert hand["raw"] == [20, 10, 0, 0] and hand["adjusted"] == [30, 0, 0, 0]


def test_a_session_keeps_the_rules_it_started_with(app: Flask, client: FlaskClient) -> None:
    submit(client, changed(editor(client), name="Club"))
    created = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "scheme": "Club",
            "first_declarer": 0,
        },
    ).get_json()
    sid, key = created["id"], created["edit_key"]
    king = {
        "number": 1,
        "contract": "no_king_of_hearts",
        "facts": {"king_of_hearts": 2},
        "doubles": [[1, 0]],
    }
    client.post(f"/api/sessions/{sid}/hands", json=king, headers={"X-Edit-Key": key})
    before = client.get(f"/api/sessions/{sid}").get_json()
    # The club changes K♥ to -15 (version 2) and later deletes the scheme altogether.
    house = saved(app, "Club")
    url = f"/schemes/{house.id}/edit"
    submit(client, changed(editor(client, url), values__no_king_of_hearts__king=-15), url=url)
    assert saved(app, "Club").version == 2
    after = client.get(f"/api/sessions/{sid}").get_json()
    assert after["totals"] == before["totals"] == [0, 0, -20, 0]
    assert (
        after["scheme"]["version"] == 1
        and after["scheme"]["values"]["no_king_of_hearts"]["king"] == -20
    )
    # Later hands follow the session's own copy too.
    queens = {
        "number": 2,
        "contract": "no_queens",
        "facts": {"queens": [0, 0, 0, 4]},
        "doubles": [],
    }
    client.post(f"/api/sessions/{sid}/hands", json=queens, headers={"X-Edit-Key": key})
    client.get(created["links"]["scorer"])
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "Scheme: Club (version 1)" in page
    client.post(f"/schemes/{house.id}/delete")
    assert client.get(f"/api/sessions/{sid}").get_json()["totals"] == [0, 0, -20, -24]
    # A session started now from a new Club gets the new rules.
    submit(client, changed(editor(client), name="Club", values__no_king_of_hearts__king=-15))
    fresh = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "scheme": "Club",
            "hands": [{"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}}],
        },
    ).get_json()
    assert fresh["totals"] == [0, 0, -15, 0]


def test_the_new_session_page_offers_house_schemes(app: Flask, client: FlaskClient) -> None:
    submit(client, changed(editor(client, "/schemes/new?from=no_trumps"), name="Six for us"))
    page = client.get("/new").get_data(as_text=True)
    assert "Six for us" in page and "/new?scheme=Six+for+us" in page
    page = client.get("/new?scheme=Six+for+us").get_data(as_text=True)
    assert "24 hands" in page
    response = client.post(
        "/new",
        data={
            "scheme": "Six for us",
            "players-0": "Ada",
            "players-1": "Ben",
            "players-2": "Clara",
            "players-3": "Dan",
            "first": "0",
        },
    )
    assert response.status_code == 302
    page = client.get(response.location).get_data(as_text=True)
    assert "Scheme: Six for us (version 1)" in page


def test_the_api_takes_a_whole_scheme_object_too(client: FlaskClient) -> None:
    scheme = {
        **scheme_to_dict(BUILTINS["tournament"]),
        "name": "Inline K♥ -15",
        "values": {"no_king_of_hearts": {"king": -15}},
    }
    doc = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "scheme": scheme,
            "hands": [{"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 1}}],
        },
    ).get_json()
    assert doc["totals"] == [0, -15, 0, 0]
    assert doc["scheme"]["values"]["no_king_of_hearts"]["king"] == -15
    unknown = client.post(
        "/api/sessions",
        json={
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "scheme": "Nobody's",
        },
    )
    assert unknown.status_code == 400 and "unknown scheme" in unknown.get_json()["error"]
