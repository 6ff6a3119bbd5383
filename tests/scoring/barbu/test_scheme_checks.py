"""The advice a scheme gets: signs, awards, shares, the deal, balance, options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from barbu_scorer.scoring.barbu.scheme_checks import (
    SchemeWarning,
    block_total,
    refusals,
    scheme_warnings,
)
from barbu_scorer.scoring.barbu.schemes import BUILTINS, CustomContract, Scheme, builtin
from tests.helpers import shown

TOURNAMENT = BUILTINS["tournament"]


def fields(scheme: Scheme) -> dict[str, list[SchemeWarning]]:
    out: dict[str, list[SchemeWarning]] = {}
    for warning in scheme_warnings(scheme):
        out.setdefault(warning.field, []).append(warning)
    return out


def with_value(contract: str, key: str, value: int, scheme: Scheme = TOURNAMENT) -> Scheme:
    values = {c: dict(v) for c, v in scheme.values.items()}
    values[contract][key] = value
    return replace(scheme, values=values)


@pytest.mark.parametrize("scheme_id", ["tournament", "kh15_dom40", "dom30_kh15"])
def test_balanced_builtins_get_no_advice(scheme_id: str) -> None:
    assert scheme_warnings(BUILTINS[scheme_id]) == []


@pytest.mark.parametrize(
    ("scheme_id", "total"),
    [
        ("brader", -171),
        ("ravage_city", -36),
        ("no_dominoes", -65),
        ("no_trumps", -65),
        ("french_classic", -195),
    ],
)
def test_unbalanced_builtins_are_allowed_with_a_note(scheme_id: str, total: int) -> None:
    scheme = BUILTINS[scheme_id]
    warnings = scheme_warnings(scheme)
    assert [w.field for w in warnings] == ["balance"]
    assert not warnings[0].refuses
    assert shown(total) in warnings[0].message
    assert block_total(scheme) == total


@pytest.mark.parametrize(
    ("contract", "key", "value", "word"),
    [
        ("no_tricks", "trick", 2, "a trick scores +2"),
        ("no_queens", "queen", 6, "a queen scores +6"),
        ("no_last_two", "last", 20, "the last trick scores +20"),
        ("no_hearts", "ace", 6, "A♥ scores +6"),
        ("no_king_of_hearts", "king", 20, "K♥ scores +20"),
        ("trumps", "trick", -5, "a trick scores −5"),
    ],
)
def test_a_value_whose_sign_contradicts_its_contract(
    contract: str, key: str, value: int, word: str
) -> None:
    found = fields(with_value(contract, key, value))[f"values.{contract}.{key}"]
    assert len(found) == 1
    assert word in found[0].message
    assert not found[0].refuses


def test_signs_matter_only_for_contracts_in_play() -> None:
    scheme = with_value("trumps", "trick", -5, BUILTINS["no_trumps"])
    assert "values.trumps.trick" not in fields(scheme)


def test_salad_scores_the_five_negatives_so_their_signs_count() -> None:
    scheme = with_value("no_queens", "queen", 6, BUILTINS["french_classic"])
    assert "values.no_queens.queen" in fields(replace(scheme, contracts=("salad", "dominoes")))


def test_dominoes_awards_not_one_per_player_refuse() -> None:
    found = fields(replace(TOURNAMENT, awards=(45, 20, 5)))["awards"]
    assert found[0].refuses
    assert "4 players, 3 awards" in found[0].message


def test_dominoes_awards_should_fall_and_hand_out_points() -> None:
    found = fields(replace(TOURNAMENT, awards=(20, 45, -5, -70)))["awards"]
    messages = " ".join(w.message for w in found)
    assert "fall from the first out" in messages
    assert "hands out −10" in messages
    assert not refusals(found)


def test_ravage_city_shares() -> None:
    scheme = BUILTINS["ravage_city"]
    assert "shares" not in fields(replace(scheme, shares=(-24, -12, -8, -6)))
    found = fields(replace(scheme, shares=(-36, -18, -10, -9)))["shares"]
    assert "3-way tie usually splits −36 as −12 each, not −10" in found[0].message
    assert fields(replace(scheme, shares=(-36, -18)))["shares"][0].refuses
    assert any(
        "positive" in w.message for w in fields(replace(scheme, shares=(36, 18, 12, 9)))["shares"]
    )


@pytest.mark.parametrize(
    ("players", "pack", "left_out", "message"),
    [
        (
            5,
            52,
            (),
            "52 cards do not deal evenly to 5 players: leave out 2 more or put 3 back "
            "(the usual choice is 2♣ 2♦)",
        ),
        (3, 52, (), "leave out 1 more"),
        (
            4,
            52,
            ("2C",),
            "51 cards do not deal evenly to 4 players: leave out 3 more or put 1 back",
        ),
        (4, 32, ("7C", "7D"), "the usual choice leaves none out"),
    ],
)
def test_a_pack_that_does_not_deal_evenly_is_refused_with_the_fix(
    players: int, pack: int, left_out: tuple[str, ...], message: str
) -> None:
    scheme = replace(
        TOURNAMENT,
        players=players,
        pack=pack,
        left_out=left_out,
        awards=TOURNAMENT.awards[:players] + (0,) * (players - 4),
    )
    found = fields(scheme)["left_out"]
    assert found[0].refuses
    assert message in found[0].message
    assert "balance" not in fields(scheme)


def test_an_even_deal_with_spare_cards_out_gets_a_hint() -> None:
    scheme = replace(TOURNAMENT, left_out=("2C", "2D", "2S", "3C"))
    found = fields(scheme)["left_out"]
    assert not found[0].refuses
    assert "putting 4 back" in found[0].message


def test_scoring_cards_stay_in() -> None:
    scheme = replace(TOURNAMENT, left_out=("2C", "2D", "2S", "KH"))
    assert any(w.refuses and "K♥" in w.message for w in fields(scheme)["left_out"])


def test_no_contract_in_play_is_refused() -> None:
    found = fields(replace(TOURNAMENT, contracts=()))
    assert found["contracts"][0].refuses
    assert "balance" not in found


def test_custom_contracts() -> None:
    poker = CustomContract("chinese_poker", "Chinese Poker", False, 30, "Three hands of poker")
    scheme = replace(
        TOURNAMENT, custom=(poker,), contracts=(*TOURNAMENT.contracts, "chinese_poker")
    )
    found = fields(scheme)["custom.chinese_poker"]
    assert "marked negative but hands out +30" in found[0].message
    clash = replace(poker, id="trumps2", name="trumps", total=0)
    assert fields(replace(scheme, custom=(poker, clash)))["custom.trumps2"][0].refuses


@pytest.mark.parametrize(
    ("options", "field", "text"),
    [
        ({"quota": 8}, "quota", "can never be met"),
        ({"doubling": False, "quota": 2}, "quota", "counts nothing"),
        ({"quota": 0, "quota_penalty": 5}, "quota_penalty", "never applies"),
        (
            {"doubling": False, "quota": 0, "undoubled_settles": True},
            "undoubled_settles",
            "every negative hand",
        ),
        (
            {
                "dominoes_start": "fixed",
                "pack": 52,
                "players": 4,
                "left_out": ("2C", "2D", "2S", "7D"),
            },
            "dominoes_start",
            "7♦ is left out",
        ),
    ],
)
def test_options_that_do_not_fit_together(
    options: dict[str, object], field: str, text: str
) -> None:
    found = fields(replace(TOURNAMENT, **options))  # type: ignore[arg-type]
    assert any(text in w.message for w in found[field])


def test_french_classic_without_doubling_is_fine_about_its_quota() -> None:
    assert "quota" not in fields(BUILTINS["french_classic"])


@pytest.mark.parametrize(
    ("scheme_id", "block", "session", "balanced"),
    [("tournament", 0, 0, True), ("kh15_dom40", 0, 0, True), ("french_classic", -195, -780, False)],
)
def test_scheme_figures(scheme_id: str, block: int, session: int, balanced: bool) -> None:
    from barbu_scorer.scoring.barbu.scheme_checks import scheme_figures

    scheme = builtin(scheme_id)
    found = scheme_figures(scheme)
    assert [c for c, _ in found.totals] == list(scheme.contracts)
    assert all(t == scheme.total(c) for c, t in found.totals)
    assert found.block == block_total(scheme) == sum(t for _, t in found.totals)
    assert found.session == scheme.session_total == found.block * scheme.players
    assert found.balanced == scheme.balanced == (found.block == 0)
    assert (found.block, found.session, found.balanced) == (block, session, balanced)


def test_scheme_figures_of_an_unbalanced_scheme() -> None:
    from barbu_scorer.scoring.barbu.scheme_checks import scheme_figures
    from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict

    scheme = scheme_from_dict({"name": "K♥ only", "contracts": ["no_king_of_hearts"]})
    found = scheme_figures(scheme)
    assert found.totals == (("no_king_of_hearts", -20),)
    assert (found.block, found.session, found.balanced) == (-20, -80, False)
