"""The pack: ranks, the low cards left out for an even deal, hearts and queens dealt."""

from __future__ import annotations

import pytest

from barbu_scorer.scoring.barbu import cards


def test_ranks_of_both_packs() -> None:
    assert cards.ranks(52) == (
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    )  # fmt: skip
    assert cards.ranks(32) == ("7", "8", "9", "10", "J", "Q", "K", "A")


@pytest.mark.parametrize(
    ("pack", "players", "left_out"),
    [
        (52, 3, ("2C",)),
        (52, 4, ()),
        (52, 5, ("2C", "2D")),
        (52, 6, ("2C", "2D", "2S", "3C")),
        (52, 7, ("2C", "2D", "2S")),
        (52, 8, ("2C", "2D", "2S", "3C")),
        (52, 9, ("2C", "2D", "2S", "3C", "3D", "3S", "4C")),
        (52, 10, ("2C", "2D")),
        (32, 3, ("7C", "7D")),
        (32, 4, ()),
        (32, 5, ("7C", "7D")),
        (32, 6, ("7C", "7D")),
        (32, 7, ("7C", "7D", "7S", "8C")),
        (32, 8, ()),
        (32, 9, ("7C", "7D", "7S", "8C", "8D")),
        (32, 10, ("7C", "7D")),
    ],
)
def test_default_left_out(pack: int, players: int, left_out: tuple[str, ...]) -> None:
    assert cards.default_left_out(pack, players) == left_out
    assert (pack - len(left_out)) % players == 0


@pytest.mark.parametrize("pack", [52, 32])
@pytest.mark.parametrize("players", range(3, 11))
def test_left_out_never_a_heart_nor_a_queen(pack: int, players: int) -> None:
    left_out = cards.default_left_out(pack, players)
    assert all(cards.is_card(c, pack) for c in left_out)
    assert not [c for c in left_out if c.endswith("H") or c.startswith("Q")]
    assert cards.hearts_in_pack(pack, left_out) == len(cards.ranks(pack))
    assert cards.queens_in_pack(left_out) == 4


@pytest.mark.parametrize(
    ("card", "pack", "ok"),
    [
        ("2C", 52, True),
        ("10H", 52, True),
        ("AS", 32, True),
        ("2C", 32, False),
        ("1C", 52, False),
        ("KX", 52, False),
        ("K", 52, False),
        ("", 52, False),
        ("10", 52, False),
    ],
)
def test_is_card(card: str, pack: int, ok: bool) -> None:
    assert cards.is_card(card, pack) is ok


@pytest.mark.parametrize(
    ("card", "label"), [("2C", "2♣"), ("10D", "10♦"), ("KH", "K♥"), ("AS", "A♠")]
)
def test_card_label(card: str, label: str) -> None:
    assert cards.card_label(card) == label


def test_hearts_and_queens_left_out_are_not_dealt() -> None:
    assert cards.hearts_in_pack(52, ("2H", "3H", "2C")) == 11
    assert cards.hearts_in_pack(32, ()) == 8
    assert cards.queens_in_pack(("QC", "QD", "2C")) == 2
