"""The quota's wording at every hand of a block: true, in the table's words, with the
right plurals, on the session screen and on the hand form alike."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.present.session import quota_words
from barbu_scorer.scoring.barbu.doubles import standing
from tests.views_hands_helpers import session

# Ada's block, in the order played; nobody doubles Ada (quota 2 on a Tournament).
BLOCK = [
    {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}},
    {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}},
    {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}},
    {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}},
    {"contract": "no_hearts", "facts": {"hearts": [4, 3, 3, 3], "ace_of_hearts": 0}},
    {"contract": "trumps", "trump": "spades", "facts": {"tricks": [4, 3, 3, 3]}},
]

# (hands played, what the strip says of Ben, who has laid no double on Ada)
EVERY_POSITION = [
    (0, "owes 2 doubles, 7 hands left"),
    (1, "owes 2 doubles, 6 hands left"),
    (2, "owes 2 doubles, 5 hands left"),  # position 3 of the block
    (3, "owes 2 doubles, 4 hands left"),  # position 4
    (4, "owes 2 doubles, 3 hands left"),
    (5, "must double on both remaining hands"),
    (6, "cannot reach the quota any more: 1 short"),
]


@pytest.mark.parametrize(("played", "words"), EVERY_POSITION)
def test_the_strip_at_every_position(client: FlaskClient, played: int, words: str) -> None:
    created = session(client, BLOCK[:played])
    html = client.get(f"/s/{created['id']}").get_data(as_text=True)
    strip = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split('class="quota"')[1]))
    assert f"Ben 0/2: {words}" in strip
    form = client.get(f"/s/{created['id']}/hand/{played + 1}?contract=dominoes")
    assert words in form.get_data(as_text=True)


def test_one_double_laid_reads_in_the_singular(client: FlaskClient) -> None:
    block = [dict(BLOCK[0], doubles=[[1, 0]]), *BLOCK[1:5]]
    created = session(client, block)
    html = client.get(f"/s/{created['id']}").get_data(as_text=True)
    assert "Ben 1/2: owes 1 double, 2 hands left" in html
    assert "Clara 0/2: must double on both remaining hands" in html
    created = session(client, [*block, BLOCK[5]])
    html = client.get(f"/s/{created['id']}").get_data(as_text=True)
    assert "Ben 1/2: must double on this hand" in html
    assert "Clara 0/2: cannot reach the quota any more: 1 short" in html


@pytest.mark.parametrize(
    ("owed", "left", "words"),
    [
        (0, 3, "quota met"),
        (1, 1, "must double on this hand"),
        (2, 2, "must double on both remaining hands"),
        (3, 3, "must double on all 3 remaining hands"),
        (1, 2, "owes 1 double, 2 hands left"),
        (2, 5, "owes 2 doubles, 5 hands left"),
        (2, 1, "cannot reach the quota any more: 1 short"),
        (3, 1, "cannot reach the quota any more: 2 short"),
    ],
)
def test_quota_words(owed: int, left: int, words: str) -> None:
    assert quota_words(owed, left) == words


@given(st.integers(0, 10), st.integers(1, 10))
def test_a_standing_never_promises_more_than_the_hands_left(owed: int, left: int) -> None:
    where = standing(owed, left)
    assert where.short == max(0, owed - left)
    assert (where.state == "must") == (0 < owed == left)
    assert (where.state == "met") == (owed == 0)


def test_positions_3_and_4_with_a_double_laid(client: FlaskClient) -> None:
    """Ben doubled Ada on the block's first hand: at positions 3 and 4 he owes one."""
    block = [dict(BLOCK[0], doubles=[[1, 0]]), *BLOCK[1:3]]
    for played, left in ((2, 5), (3, 4)):
        created = session(client, block[:played])
        html = client.get(f"/s/{created['id']}").get_data(as_text=True)
        assert f"Ben 1/2: owes 1 double, {left} hands left" in html
        assert f"Clara 0/2: owes 2 doubles, {left} hands left" in html
        form = client.get(f"/s/{created['id']}/hand/{played + 1}?contract=dominoes")
        assert f"owes 1 double, {left} hands left" in form.get_data(as_text=True)
