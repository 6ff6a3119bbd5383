"""The one writer of a sign (scoring/figures.py) and the formatters that hand it its
digits (present/format.py): signed figures, averages, ratings and money."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.present.format import money, num, signed
from barbu_scorer.scoring import figures
from barbu_scorer.scoring.figures import MINUS, with_sign
from barbu_scorer.scoring.messages import speaking


@pytest.mark.parametrize(
    ("value", "text"),
    [(12, "+12"), (0, "0"), (-6, f"{MINUS}6"), (1250, "+1250"), (-1250, f"{MINUS}1250")],
)
def test_the_rules_write_plain_digits(value: int, text: str) -> None:
    assert figures.signed(value) == text


@pytest.mark.parametrize(
    ("value", "magnitude", "plus", "text"),
    [
        (12.54, "12.5", True, "+12.5"),
        (-3.0, "3.0", True, f"{MINUS}3.0"),
        (0.04, "0.0", True, "0.0"),
        (-0.04, "0.0", True, "0.0"),
        (0.0, "0.000", True, "0.000"),
        (420, "4.20", False, "4.20"),
        (-5, "0.05", False, f"{MINUS}0.05"),
        (-1250, "1\u202f250", True, f"{MINUS}1\u202f250"),
    ],
)
def test_with_sign(value: float, magnitude: str, plus: bool, text: str) -> None:
    assert with_sign(value, magnitude, plus=plus) == text


def test_a_page_groups_the_digits_as_its_language_does() -> None:
    """The score table (num) and every other page (signed) write 1,000 and up alike: the
    two writers differed there before (``signed`` never grouped)."""
    assert signed(1250) == num(1250).text == "+1250"
    with speaking(translations("fr"), "fr"):
        assert signed(-1250) == num(-1250).text
        assert signed(-1250).startswith(MINUS) and signed(-1250)[1:] != "1250"
        assert signed(999) == "+999"


@pytest.mark.parametrize(("cents", "text"), [(420, "4.20"), (5, "0.05"), (-5, f"{MINUS}0.05")])
def test_money(cents: int, text: str) -> None:
    assert money(cents) == text


@given(st.integers())
def test_a_signed_figure_reads_back(value: int) -> None:
    assert int(figures.unsigned_minus(figures.signed(value))) == value
