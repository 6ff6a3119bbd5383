"""The league's pure functions: the doubling ledger, statistics, the rating, settling up.

Tables of cases, and hypothesis properties over random legal sessions (tests/helpers.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import compute_document
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.league.ledger import (
    hand_ledger,
    is_redouble,
    net,
    quota_ledger,
    session_ledger,
)
from barbu_scorer.scoring.league.played import Played, in_order
from barbu_scorer.scoring.league.rating import (
    PROVISIONAL_BELOW,
    Rating,
    ranking,
    ratings,
    spread,
)
from barbu_scorer.scoring.league.settle import (
    Payment,
    balances,
    payments,
    read_stake,
    rounded,
)
from barbu_scorer.scoring.league.stats import head_to_head, player_stats
from tests.helpers import document, session_document

SCHEMES = ["tournament", "ravage_city", "brader", "kh15_dom40", "no_trumps"]


def computed(scheme: str, seed: int, hands: int | None = None) -> ComputedDocument:
    return compute_document(session_document(scheme, seed, hands))


# --- the doubling ledger ---------------------------------------------------------------


def test_a_double_and_its_redouble() -> None:
    doc = compute_document(
        document(
            [
                {
                    "contract": "no_queens",
                    "facts": {"queens": [2, 1, 1, 0]},
                    "doubles": [[1, 0], [0, 1]],
                }
            ]
        )
    )
    hand = doc["hands"][0]
    assert hand["raw"] == [-12, -6, -6, 0]
    # Ben doubled Ada, Ada redoubled: twice the difference of 6 goes to Ben.
    assert hand_ledger(hand) == {(0, 1): -12, (1, 0): 12}
    assert is_redouble(hand["doubles"], 1) and not is_redouble(hand["doubles"], 0)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SCHEMES), st.integers(0, 10**6), st.integers(1, 36))
def test_the_ledger_sums_to_zero_and_is_adjusted_minus_raw(
    scheme: str, seed: int, hands: int
) -> None:
    doc = computed(scheme, seed, hands)
    ledger = session_ledger(doc)
    assert sum(ledger.values()) == 0
    for (a, b), value in ledger.items():
        assert ledger[(b, a)] == -value
    doubling = net(ledger, 4)
    for seat in range(4):
        assert doubling[seat] == sum(h["adjusted"][seat] - h["raw"][seat] for h in doc["hands"])
    # The exact invariant of a total: raw + doubling + quota penalties.
    quota = quota_ledger(doc)
    assert sum(quota) == 0
    for seat in range(4):
        raw = sum(h["raw"][seat] for h in doc["hands"])
        assert doc["totals"][seat] == raw + doubling[seat] + quota[seat]


# --- statistics --------------------------------------------------------------------------


def played(doc: ComputedDocument, who: tuple[int | None, ...], date: str, sid: str) -> Played:
    return Played(sid, date, doc, who)


def test_player_stats_over_two_sessions() -> None:
    first, second = computed("tournament", 1), computed("tournament", 2)
    sessions = [
        played(second, (3, 1, 2, 4), "2026-02", "b"),
        played(first, (1, 2, 3, 4), "2026-01", "a"),
    ]
    stats = player_stats(sessions, 1)
    assert (stats.sessions, stats.complete) == (2, 2)
    assert [m.session_id for m in stats.trend] == ["a", "b"]
    assert [m.score for m in stats.trend] == [first["totals"][0], second["totals"][1]]
    wins = (0 in first["winners"]) + (1 in second["winners"])
    assert stats.wins == wins
    assert stats.final_by_scheme["Tournament Barbu"].count == 2
    assert sum(c.chosen for c in stats.contracts.values()) == 14
    assert all(c.chosen == 2 for c in stats.contracts.values())
    assert stats.best_session and stats.worst_session
    assert stats.best_session.score == max(m.score for m in stats.trend)
    # The business ledger per opponent adds up to the net through doubling.
    assert sum(stats.business.values()) == stats.doubling_net
    expected = net(session_ledger(first), 4)[0] + net(session_ledger(second), 4)[1]
    assert stats.doubling_net == expected
    assert stats.quota_met + stats.quota_missed == 2 * 3
    assert stats.best_hand and stats.best_hand.score >= stats.worst_hand.score  # type: ignore[union-attr]


def test_head_to_head() -> None:
    first = computed("tournament", 3)
    sessions = [
        played(first, (1, 2, 3, 4), "2026-01", "a"),
        played(first, (2, 1, 3, 4), "2026-02", "b"),
    ]
    duel = head_to_head(sessions, 1, 2)
    margin = first["totals"][0] - first["totals"][1]
    assert duel.sessions == 2 and [m for _, m in duel.trend] == [margin, -margin]
    assert duel.margin.value == 0
    assert duel.doubling == 0  # the same session with the seats swapped cancels out
    assert head_to_head(sessions, 1, 9).sessions == 0


# --- the rating ---------------------------------------------------------------------------


def test_spread_of_the_tournament() -> None:
    # 26 + 24 + 30 + 30 + 20 + 65 + 65 points in play in one block (A♥ is a heart).
    assert spread(BUILTINS["tournament"]) == 260


def test_a_newcomer_is_shrunk_and_average_expects_the_mean() -> None:
    doc = computed("tournament", 5)
    rated = ratings([played(doc, (1, 2, 3, 4), "2026-01", "a")])
    totals = doc["totals"]
    for seat, who in enumerate((1, 2, 3, 4)):
        others = (sum(totals) - totals[seat]) / 3
        margin = (totals[seat] - others) / 260
        assert rated[who].rating == pytest.approx(margin / 3)
    scheme = BUILTINS["tournament"]
    assert Rating(0.0, 5).expected(scheme) == pytest.approx(scheme.session_total / 4)
    assert sum(r.rating for r in rated.values()) == pytest.approx(0)


@pytest.mark.parametrize(
    ("sessions", "provisional"),
    [(0, True), (PROVISIONAL_BELOW - 1, True), (PROVISIONAL_BELOW, False), (40, False)],
)
def test_a_rating_on_few_sessions_is_provisional(sessions: int, provisional: bool) -> None:
    assert Rating(0.0, sessions).provisional is provisional


def test_the_ranking_says_the_provisional_rule_with_the_rule_s_figure() -> None:
    from barbu_scorer.i18n import translations
    from barbu_scorer.present.league import ranking_note, ranking_rows
    from barbu_scorer.scoring.messages import speaking

    assert f"Fewer than {PROVISIONAL_BELOW} sessions" in ranking_note()
    rows = ranking_rows(
        {1: Rating(0.5, PROVISIONAL_BELOW - 1), 2: Rating(0.1, 9)}, {1: "A", 2: "B"}
    )
    assert [(r.name, r.provisional) for r in rows] == [("A", True), ("B", False)]
    with speaking(translations("fr"), "fr"):
        assert f"Moins de {PROVISIONAL_BELOW} parties" in ranking_note()


def test_incomplete_sessions_are_not_rated_and_ranking_shares_places() -> None:
    assert ratings([played(computed("tournament", 5, 10), (1, 2, 3, 4), "d", "a")]) == {}
    rated = {1: Rating(0.5, 3), 2: Rating(0.5, 1), 3: Rating(-1.0, 2)}
    assert [(place, who) for place, who, _ in ranking(rated)] == [(1, 1), (1, 2), (3, 3)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_ratings_do_not_depend_on_the_order_of_storage(seed: int, shuffler: random.Random) -> None:
    rng = random.Random(seed)
    sessions = []
    for index in range(6):
        who = tuple(rng.sample(range(1, 7), 4))
        doc = computed(rng.choice(SCHEMES), rng.randrange(10**6))
        sessions.append(played(doc, who, f"2026-01-{rng.randrange(1, 4):02}", f"s{index}"))
    shuffled = sessions[:]
    shuffler.shuffle(shuffled)
    assert ratings(shuffled) == ratings(sessions)
    assert in_order(shuffled) == in_order(sessions)


# --- stakes and settling up ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cents"), [("0.05", 5), ("1", 100), (" 0.10 ", 10), ("0", 0), ("2.5", 250)]
)
def test_read_stake(text: str, cents: int) -> None:
    assert read_stake(text) == cents


@pytest.mark.parametrize("text", ["", "abc", "0.001", "-1", "nan", "inf", "1000.01", None])
def test_read_stake_refuses(text: Any) -> None:
    with pytest.raises(ScoringError, match="^stake: "):
        read_stake(text)


def test_balances_settle_each_pair_s_difference() -> None:
    # Ada +30, Ben +10, Clara -10, Dan -30 at 5 cents: Ada gets 20+40+60 points' worth.
    assert balances([30, 10, -10, -30], 5) == [600, 200, -200, -600]
    assert rounded([620, 180, -230, -570], 100) == [600, 200, -200, -600]
    assert rounded([50, 50, -100], 100) == [0, 100, -100]  # a tie: the later seat keeps it
    with pytest.raises(ScoringError, match="rounding"):
        rounded([0], 3)


def test_the_fewest_payments() -> None:
    # Two independent pairs: two payments, not three.
    assert payments([500, -500, 300, -300]) == [Payment(1, 0, 500), Payment(3, 2, 300)]
    assert payments([0, 0, 0, 0]) == []
    assert len(payments([600, 200, -200, -600])) == 2
    with pytest.raises(ScoringError, match="add up to zero"):
        payments([1, 0])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=7),
    st.sampled_from([1, 5, 10, 50, 100]),
)
def test_payments_clear_every_balance_in_at_most_n_minus_1(values: list[int], unit: int) -> None:
    amounts = [*values, -sum(values)]
    amounts = rounded(amounts, unit)
    assert sum(amounts) == 0 and all(a % unit == 0 for a in amounts)
    done = payments(amounts)
    assert len(done) <= len(amounts) - 1
    left = list(amounts)
    for p in done:
        assert p.cents > 0 and p.payer != p.payee
        left[p.payer] += p.cents
        left[p.payee] -= p.cents
    assert left == [0] * len(amounts)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=2, max_size=6))
def test_rounding_moves_each_balance_less_than_a_unit(values: list[int]) -> None:
    amounts = [*values, -sum(values)]
    for unit in (5, 10, 100):
        out = rounded(amounts, unit)
        assert sum(out) == 0
        assert all(abs(o - a) < unit for o, a in zip(out, amounts, strict=True))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_group_ledger_adds_up_to_zero(seed: int) -> None:
    from barbu_scorer.scoring.league.settle import group_balances

    rng = random.Random(seed)
    sessions, stakes = [], {}
    for index in range(4):
        doc = computed("tournament", rng.randrange(10**6))
        sessions.append(played(doc, tuple(rng.sample(range(1, 6), 4)), "d", f"s{index}"))
        stakes[f"s{index}"] = (rng.randrange(1, 50), rng.choice([1, 5, 10, 50, 100]))
    ledger = group_balances(sessions, stakes)
    assert sum(ledger.values()) == 0
    assert len(payments(list(ledger.values()))) <= len(ledger) - 1
