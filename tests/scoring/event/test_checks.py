"""The table's checks as pure rules: which hands wait, who may confirm or change one, when
the setting may change and a table may call the director."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.checks import (
    CHECKS,
    NEXT,
    OFF,
    call_refusal,
    called_hand,
    confirm_refusal,
    edit_refusal,
    hand_mark,
    pending,
    read_checks,
    read_confirmed,
    setting_refusal,
)


def test_the_setting_is_off_or_the_next_player() -> None:
    assert CHECKS == (OFF, NEXT)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.sets(st.integers(1, 45)))
def test_pending_is_every_saved_hand_not_confirmed(recorded: int, done: set[int]) -> None:
    waiting = pending(recorded, done, NEXT)
    assert set(waiting) == set(range(1, recorded + 1)) - done
    assert list(waiting) == sorted(waiting)
    assert pending(recorded, done, OFF) == ()


def test_the_mark_names_the_figures_not_their_order() -> None:
    one = {"contract": "no_tricks", "raw": [0, -2, 0, -6], "doubles": []}
    same = {"doubles": [], "raw": [0, -2, 0, -6], "contract": "no_tricks"}
    other = {**one, "raw": [0, -4, 0, -4]}
    assert hand_mark(one) == hand_mark(same) != hand_mark(other)
    assert len(hand_mark(one)) == 16


@pytest.mark.parametrize(
    ("number", "confirmed", "director", "refused"),
    [
        (3, {3}, False, True),
        (3, {3}, True, False),  # the director's correction
        (3, {1, 2}, False, False),
        (1, set(), False, False),
    ],
)
def test_a_confirmed_hand_is_the_directors_to_change(
    number: int, confirmed: set[int], director: bool, refused: bool
) -> None:
    why = edit_refusal(number, confirmed, director)
    assert (why is not None) == refused
    if why is not None:
        assert "only the director" in str(why) and "3" in str(why)


@pytest.mark.parametrize(
    ("number", "recorded", "checks", "scorer", "seen", "words"),
    [
        (2, 3, NEXT, False, "m", None),
        (2, 3, OFF, False, "m", "does not ask"),
        (4, 3, NEXT, False, "m", "no hand 4"),
        (0, 3, NEXT, False, "m", "no hand 0"),
        (2, 3, NEXT, True, "m", "cannot confirm"),
        (2, 3, NEXT, False, "other", "changed since"),
    ],
)
def test_who_may_confirm(
    number: int, recorded: int, checks: str, scorer: bool, seen: str, words: str | None
) -> None:
    why = confirm_refusal(number, recorded, checks, scorer=scorer, seen=seen, mark="m")
    assert (why is None) if words is None else (why is not None and words in str(why))


def test_a_hand_not_stored_is_not_confirmed() -> None:
    why = confirm_refusal(2, 3, NEXT, scorer=False, seen="m", mark=None)
    assert why is not None and "no hand 2" in str(why)


def test_the_setting_holds_once_a_hand_is_saved() -> None:
    assert setting_refusal(0) is None
    why = setting_refusal(1)
    assert why is not None and "holds" in str(why)


def test_one_open_call_per_table() -> None:
    assert call_refusal(False) is None
    why = call_refusal(True)
    assert why is not None and "called already" in str(why)


@pytest.mark.parametrize(
    ("recorded", "hands", "asked", "hand"),
    [
        (0, 28, None, 1),
        (4, 28, None, 5),
        (4, 28, 3, 3),  # a hand to confirm, named
        (4, 28, 5, 5),
        (4, 28, 9, 5),  # beyond the hand in play: the hand in play
        (4, 28, 0, 5),
        (28, 28, None, 28),  # every hand in: the last
    ],
)
def test_the_hand_a_call_is_about(recorded: int, hands: int, asked: int | None, hand: int) -> None:
    assert called_hand(recorded, hands, asked) == hand


def test_the_documents_checks_and_confirmed_hands_are_read_checked() -> None:
    assert read_checks(None) == OFF and read_checks(NEXT) == NEXT
    with pytest.raises(ScoringError, match="checks: one of"):
        read_checks("maybe")
    assert read_confirmed(None, 3, 1) == () and read_confirmed([3, 1], 3, 1) == (1, 3)
    for wrong in ([4], [0], [1, 1], [True], "1", [1.0]):
        with pytest.raises(ScoringError, match="table 2: confirmed is a list"):
            read_confirmed(wrong, 3, 2)
