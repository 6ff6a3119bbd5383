"""Sessions: the schedule, each hand scored in turn, the quota, running totals, winners."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import HandEntry, ScoringError, score_session
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme, builtin, make_scheme
from barbu_scorer.scoring.barbu.sessions import Roles, contracts_for, open_contracts, roles
from tests.helpers import SPEC, expected_scores, session_document

TOURNAMENT = builtin("tournament")
# One block's raw scores by seat relative to the declarer (declarer, left, opposite, right).
RELATIVE: dict[str, tuple[int, int, int, int]] = {
    "no_tricks": (-8, -6, -6, -6),
    "no_queens": (0, -24, 0, 0),
    "no_last_two": (-10, 0, -20, 0),
    "no_hearts": (-6, -8, -8, -8),
    "no_king_of_hearts": (0, 0, 0, -20),
    "trumps": (20, 15, 15, 15),
    "dominoes": (45, 20, 5, -5),
}


def entries_of(doc: dict[str, Any]) -> list[HandEntry]:
    """The hand entries of a document built by the helpers."""
    return [
        HandEntry(
            contract=h["contract"],
            facts=h.get("facts"),
            raw=h.get("raw"),
            doubles=h.get("doubles", []),
            trump=h.get("trump"),
            start_rank=h.get("start_rank"),
            declarer=h.get("declarer"),
        )
        for h in doc["hands"]
    ]


def entry(contract: str, raw: Any = None, doubles: Any = (), **more: Any) -> HandEntry:
    """A hand entry; Trumps and Dominoes get their announcement."""
    if contract == "trumps":
        more.setdefault("trump", "hearts")
    if contract == "dominoes":
        more.setdefault("start_rank", "7")
    return HandEntry(contract=contract, raw=raw, doubles=doubles, **more)


def symmetric_session(first: int = 0, blocks: int = 4) -> list[HandEntry]:
    """Every block scores the same relative to its declarer: each seat ends on 0."""
    hands = []
    for block in range(blocks):
        declarer = (first + block) % 4
        for contract, relative in RELATIVE.items():
            raw = [relative[(seat - declarer) % 4] for seat in range(4)]
            hands.append(entry(contract, raw))
    return hands


# -- the schedule ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "index", "expected"),
    [
        (0, 0, Roles(declarer=0, dealer=3, cutter=2, leader=0)),
        (0, 6, Roles(declarer=0, dealer=3, cutter=2, leader=0)),
        (0, 7, Roles(declarer=1, dealer=0, cutter=3, leader=1)),
        (0, 27, Roles(declarer=3, dealer=2, cutter=1, leader=3)),
        (2, 0, Roles(declarer=2, dealer=1, cutter=0, leader=2)),
        (2, 14, Roles(declarer=0, dealer=3, cutter=2, leader=0)),
        (3, 7, Roles(declarer=0, dealer=3, cutter=2, leader=0)),
    ],
)
def test_roles(first: int, index: int, expected: Roles) -> None:
    assert roles(TOURNAMENT, first, index) == expected


def test_roles_when_the_dealer_chooses() -> None:
    scheme = scheme_from_dict({"chooser": "dealer"})
    assert roles(scheme, 0, 0) == Roles(declarer=0, dealer=0, cutter=3, leader=1)
    assert roles(scheme, 1, 7) == Roles(declarer=2, dealer=2, cutter=1, leader=3)
    assert roles(scheme, 1, 7, "no_queens") == Roles(declarer=2, dealer=2, cutter=1, leader=3)
    # ... but the dealer starts Dominoes.
    assert roles(scheme, 1, 7, "dominoes") == Roles(declarer=2, dealer=2, cutter=1, leader=2)
    assert roles(TOURNAMENT, 1, 7, "dominoes") == roles(TOURNAMENT, 1, 7)
    session = score_session(
        scheme, 3, [entry("dominoes", [45, 20, 5, -5]), entry("trumps", [65, 0, 0, 0])]
    )
    assert [h.roles.leader for h in session.hands] == [3, 0]
    assert session.next_roles() == Roles(declarer=3, dealer=3, cutter=2, leader=0)


@pytest.mark.parametrize(
    ("players", "declarer", "cutter"), [(3, 0, 1), (5, 0, 2), (6, 1, 4), (10, 9, 4)]
)
def test_cutter_for_other_counts(players: int, declarer: int, cutter: int) -> None:
    scheme = make_scheme("x", "x", players=players)
    who = roles(scheme, declarer, 0)
    assert (who.declarer, who.dealer, who.cutter, who.leader) == (
        declarer,
        (declarer - 1) % players,
        cutter,
        declarer,
    )


def test_blocks_run_clockwise_and_the_session_has_players_x_contracts_hands() -> None:
    scheme = builtin("ravage_city")
    declarers = [roles(scheme, 1, i).declarer for i in range(scheme.hands)]
    assert declarers == [1] * 8 + [2] * 8 + [3] * 8 + [0] * 8


def test_open_contracts_shrink_per_block() -> None:
    contracts = TOURNAMENT.contracts
    assert open_contracts(TOURNAMENT, []) == contracts
    assert open_contracts(TOURNAMENT, ["trumps", "no_queens"]) == tuple(
        c for c in contracts if c not in ("trumps", "no_queens")
    )
    assert open_contracts(TOURNAMENT, list(contracts[:6])) == (contracts[6],)
    assert open_contracts(TOURNAMENT, list(contracts)) == contracts
    assert open_contracts(TOURNAMENT, [*contracts, "dominoes"]) == contracts[:6]


def test_fixed_order_offers_the_next_contract_only() -> None:
    scheme = builtin("french_classic")
    assert open_contracts(scheme, []) == ("no_tricks",)
    assert open_contracts(scheme, ["no_tricks", "no_hearts"]) == ("no_queens",)
    assert open_contracts(scheme, list(scheme.contracts)) == ("no_tricks",)


def test_fixed_order_is_enforced() -> None:
    scheme = builtin("french_classic")
    hands = [
        HandEntry("no_tricks", raw=[-26, 0, 0, 0]),
        HandEntry("no_queens", raw=[-24, 0, 0, 0]),
    ]
    with pytest.raises(ScoringError, match="^hand 2: the order is fixed: this hand is No Hearts$"):
        score_session(scheme, 0, hands)


def test_a_declarer_uses_each_contract_once_per_block() -> None:
    hands = [entry("no_queens", [-24, 0, 0, 0]), entry("no_queens", [-24, 0, 0, 0])]
    with pytest.raises(ScoringError, match="^hand 2: seat 0 has already declared No Queens$"):
        score_session(TOURNAMENT, 0, hands)
    # The next declarer may choose it again.
    session = score_session(TOURNAMENT, 0, symmetric_session(blocks=1) + hands[:1])
    assert session.hands[-1].roles.declarer == 1


def test_session_progress() -> None:
    session = score_session(TOURNAMENT, 2, symmetric_session(2, blocks=1)[:3])
    assert session.next_number == 4
    assert session.next_roles() == Roles(declarer=2, dealer=1, cutter=0, leader=2)
    assert session.open_contracts() == TOURNAMENT.contracts[3:]
    assert not session.complete and session.winners == ()
    done = score_session(TOURNAMENT, 2, symmetric_session(2))
    assert done.complete and done.next_roles() is None
    assert done.open_contracts() == () and done.current_quota() is None


# -- quota -----------------------------------------------------------------------------------
def test_quota_laid_and_owed_per_block() -> None:
    hands = symmetric_session(blocks=2)[:9]
    hands[0] = entry("no_tricks", [-8, -6, -6, -6], [[1, 0], [2, 0], [2, 3], [0, 1]])
    hands[1] = entry("no_queens", [0, -24, 0, 0], [[1, 0], [3, 2]])
    hands[7] = entry("no_tricks", [-6, -8, -6, -6], [[0, 1]])
    session = score_session(TOURNAMENT, 0, hands)
    first, second = session.quota
    assert (first.declarer, first.laid, first.owed) == (0, (None, 2, 1, 0), (None, 0, 1, 2))
    assert first.hands_left == 0 and first.penalties == (0, 0, 0, 0)
    assert (second.declarer, second.laid, second.owed) == (1, (1, None, 0, 0), (1, None, 2, 2))
    assert second.hands_left == 5
    assert session.current_quota() == second


def test_must_double_now() -> None:
    hands = symmetric_session(blocks=1)[:5]
    hands[0] = entry("no_tricks", [-8, -6, -6, -6], [[1, 0]])
    hands[2] = entry("no_last_two", [-10, 0, -20, 0], [[1, 0], [3, 0]])
    quota = score_session(TOURNAMENT, 0, hands).current_quota()
    assert quota is not None
    assert quota.hands_left == 2
    assert quota.owed == (None, 0, 2, 1)
    assert [quota.must_double_now(s) for s in (1, 2, 3)] == [False, True, False]
    # At the start of a block nobody must yet; the next block's quota is fresh.
    fresh = score_session(TOURNAMENT, 0, symmetric_session(blocks=1)).current_quota()
    assert fresh is not None and fresh.declarer == 1
    assert fresh.owed == (2, None, 2, 2) and fresh.hands_left == 7
    assert not any(fresh.must_double_now(s) for s in (0, 2, 3))


def test_quota_off() -> None:
    no_quota = scheme_from_dict({"quota": 0, "quota_penalty": 5})
    session = score_session(no_quota, 0, symmetric_session())
    assert all(
        q.owed == tuple(None if s == q.declarer else 0 for s in range(4)) for q in session.quota
    )
    assert session.totals == (0, 0, 0, 0)


def test_nothing_is_owed_without_doubling() -> None:
    scheme = scheme_from_dict({"doubling": False, "quota_penalty": 5})
    assert scheme.quota == 2
    session = score_session(scheme, 0, symmetric_session())
    assert all(not any(q.owed) and not any(q.penalties) for q in session.quota)
    assert session.totals == (0, 0, 0, 0)
    assert session.quota[0].must_double_now(1) is False


def test_quota_penalty_moves_to_the_block_s_declarer() -> None:
    scheme = scheme_from_dict({"quota_penalty": 5})
    hands = symmetric_session()
    hands[0] = entry("no_tricks", [-8, -6, -6, -6], [[1, 0], [2, 0]])
    hands[1] = entry("no_queens", [0, -24, 0, 0], [[1, 0]])
    session = score_session(scheme, 0, hands)
    first = session.quota[0]
    assert first.owed == (None, 0, 1, 2)
    assert first.penalties == (15, 0, -5, -10)
    assert session.hands[6].penalties == (15, 0, -5, -10)
    assert all(h.penalties == (0, 0, 0, 0) for h in session.hands[:6])
    # Blocks 2-4: nobody doubled, 3 x 2 x 5 = 30 to each declarer.
    assert [q.penalties for q in session.quota[1:]] == [
        (-10, 30, -10, -10),
        (-10, -10, 30, -10),
        (-10, -10, -10, 30),
    ]
    assert session.hands[6].totals == tuple(
        sum(h.adjusted[s] for h in session.hands[:7]) + first.penalties[s] for s in range(4)
    )
    assert sum(session.totals) == 0


# -- totals and winners ------------------------------------------------------------------------
def test_winners_share_a_tie() -> None:
    all_tied = score_session(TOURNAMENT, 0, symmetric_session())
    assert all_tied.totals == (0, 0, 0, 0)
    assert all_tied.winners == (0, 1, 2, 3)
    hands = symmetric_session()
    hands[1] = entry("no_queens", [0, -24, 0, 0], [[2, 1], [3, 1]])
    two_tied = score_session(TOURNAMENT, 0, hands)
    assert two_tied.totals == (0, -48, 24, 24)
    assert two_tied.winners == (2, 3)
    hands[2] = entry("no_last_two", [-10, 0, -20, 0], [[3, 0]])
    one = score_session(TOURNAMENT, 0, hands)
    assert one.totals == (-10, -48, 24, 34) and one.winners == (3,)


def test_winners_only_once_complete() -> None:
    session = score_session(TOURNAMENT, 0, symmetric_session()[:27])
    assert not session.complete and session.winners == ()
    assert len(session.quota) == 4


def test_too_many_hands() -> None:
    hands = [*symmetric_session(), entry("no_queens", [0, -24, 0, 0])]
    with pytest.raises(ScoringError, match="^hand 29: a session of Tournament Barbu has 28 hands"):
        score_session(TOURNAMENT, 0, hands)


@pytest.mark.parametrize("first", [-1, 4, True, None, "0", 1.0])
def test_first_declarer_must_be_a_seat(first: Any) -> None:
    with pytest.raises(ScoringError, match="first_declarer must be a seat from 0 to 3"):
        score_session(TOURNAMENT, first, [])


@pytest.mark.parametrize("declarer", [1, 3, True, "0", 0.5, [0]])
def test_a_stated_declarer_must_match(declarer: Any) -> None:
    with pytest.raises(ScoringError, match="^hand 1: the declarer is seat 0, not "):
        score_session(TOURNAMENT, 0, [entry("no_queens", [0, -24, 0, 0], declarer=declarer)])
    assert score_session(TOURNAMENT, 0, [entry("no_queens", [0, -24, 0, 0], declarer=0)])


# -- facts, raw, or both ---------------------------------------------------------------------
def test_facts_and_raw_must_agree() -> None:
    agreeing = HandEntry("no_queens", facts={"queens": [2, 1, 1, 0]}, raw=[-12, -6, -6, 0])
    assert score_session(TOURNAMENT, 0, [agreeing]).hands[0].raw == (-12, -6, -6, 0)
    clash = HandEntry("no_queens", facts={"queens": [2, 1, 1, 0]}, raw=[-24, 0, 0, 0])
    with pytest.raises(
        ScoringError,
        match=r"^hand 1: the raw scores \[-24, 0, 0, 0\] disagree with the facts "
        r"\(\[-12, -6, -6, 0\]\)$",
    ):
        score_session(TOURNAMENT, 0, [clash])


def test_a_hand_needs_facts_or_raw() -> None:
    with pytest.raises(ScoringError, match="^hand 1: give the facts or the raw scores$"):
        score_session(TOURNAMENT, 0, [HandEntry("no_queens")])


# -- undoubled negatives settled without play ----------------------------------------------------
SETTLES = scheme_from_dict({"undoubled_settles": True})


@pytest.mark.parametrize(
    "hand",
    [
        HandEntry("no_queens", facts={"undoubled": True}),
        HandEntry("no_queens"),
        HandEntry("no_queens", raw=[-8, 0, -8, -8]),
        HandEntry("no_queens", facts={"undoubled": True}, raw=(-8, 0, -8, -8)),
    ],
)
def test_undoubled_hand_settles_without_play(hand: HandEntry) -> None:
    session = score_session(SETTLES, 1, [hand])
    assert session.hands[0].raw == (-8, 0, -8, -8)
    assert session.hands[0].adjusted == (-8, 0, -8, -8)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            HandEntry("no_queens", facts={"queens": [1, 1, 1, 1]}),
            r"nobody doubled, so this scheme settles the hand without play: raw \[-8, 0, -8, -8\]",
        ),
        (HandEntry("no_queens", raw=[-6, -6, -6, -6]), "nobody doubled, so this scheme settles"),
        (HandEntry("no_queens", raw=5), "nobody doubled, so this scheme settles"),
        (HandEntry("no_queens", raw="abcd"), "nobody doubled, so this scheme settles"),
        (
            HandEntry("no_queens", facts={"undoubled": True, "queens": [1, 1, 1, 1]}),
            "undoubled: true stands alone",
        ),
        (HandEntry("no_queens", facts={"undoubled": 1}), "undoubled: true stands alone"),
        (HandEntry("no_queens", facts={"undoubled": False}), "undoubled: true stands alone"),
        (HandEntry("no_queens", facts={"undoubled": None}), "undoubled: true stands alone"),
        (
            HandEntry("no_queens", facts={"undoubled": True}, doubles=[[0, 1]]),
            "only an undoubled negative hand under the 'settle without play' rule",
        ),
        (
            HandEntry("trumps", trump="clubs", facts={"undoubled": True}),
            "only an undoubled negative hand",
        ),
        (HandEntry("no_queens", facts=[4, 0, 0, 0]), "facts must be an object"),
        (HandEntry("no_queens", facts="queens"), "facts must be an object"),
        (HandEntry("no_queens", facts=4), "facts must be an object"),
    ],
)
def test_undoubled_hand_refused(hand: HandEntry, message: str) -> None:
    with pytest.raises(ScoringError, match=f"^hand 1: {message}"):
        score_session(SETTLES, 1, [hand])


def test_doubled_hand_is_played_under_the_settle_rule() -> None:
    hand = HandEntry("no_queens", facts={"queens": [1, 1, 2, 0]}, doubles=[[2, 3]])
    session = score_session(SETTLES, 1, [hand])
    assert session.hands[0].raw == (-6, -6, -12, 0)
    assert session.hands[0].adjusted == (-6, -6, -24, 12)
    positive = HandEntry("trumps", trump="clubs", facts={"tricks": [4, 3, 3, 3]})
    assert score_session(SETTLES, 1, [positive]).hands[0].raw == (20, 15, 15, 15)


def test_undoubled_facts_refused_without_the_rule() -> None:
    with pytest.raises(ScoringError, match="^hand 1: only an undoubled negative hand"):
        score_session(TOURNAMENT, 0, [HandEntry("no_queens", facts={"undoubled": True})])


# -- properties -----------------------------------------------------------------------------------
BALANCED = ["tournament", "kh15_dom40", "dom30_kh15"]


@settings(max_examples=100, deadline=None)
@given(scheme_id=st.sampled_from(BALANCED), seed=st.integers(0, 10**9))
def test_a_balanced_session_sums_to_zero(scheme_id: str, seed: int) -> None:
    doc = session_document(scheme_id, seed)
    scheme = builtin(scheme_id)
    session = score_session(scheme, doc["first_declarer"], entries_of(doc))
    assert session.complete and len(session.hands) == 28
    assert sum(session.totals) == 0
    for hand in session.hands:
        assert sum(hand.adjusted) == sum(hand.raw) == scheme.total(hand.entry.contract)
    assert session.totals == tuple(expected_scores(doc, SPEC[scheme_id]).totals[-1])


@settings(max_examples=100, deadline=None)
@given(
    scheme_id=st.sampled_from(["tournament", "ravage_city", "brader", "no_trumps"]),
    seed=st.integers(0, 10**9),
    hands=st.integers(1, 32),
    penalty=st.sampled_from([0, 0, 1, 5, 10]),
)
def test_running_totals(scheme_id: str, seed: int, hands: int, penalty: int) -> None:
    doc = session_document(scheme_id, seed, hands=hands)
    scheme: Scheme = scheme_from_dict({"base": scheme_id, "quota_penalty": penalty})
    session = score_session(scheme, doc["first_declarer"], entries_of(doc))
    expected = expected_scores(doc, SPEC[scheme_id])
    running = [0, 0, 0, 0]
    per_block = len(scheme.contracts)
    for index, hand in enumerate(session.hands):
        block = session.quota[index // per_block]
        assert hand.roles.declarer == block.declarer == expected.declarers[index]
        end_of_block = index % per_block == per_block - 1
        moved = [0, 0, 0, 0]
        if end_of_block:
            for seat in range(4):
                if seat != block.declarer:
                    owed = expected.quota[index // per_block]["owed"][seat]
                    moved[seat] -= owed * penalty
                    moved[block.declarer] += owed * penalty
        assert list(hand.penalties) == moved
        running = [t + a + p for t, a, p in zip(running, hand.adjusted, moved, strict=True)]
        assert list(hand.totals) == running
        assert list(hand.adjusted) == expected.adjusted[index]
    assert list(session.totals) == running
    assert [(q.declarer, list(q.laid), list(q.owed)) for q in session.quota] == [
        (q["declarer"], q["laid"], q["owed"]) for q in expected.quota
    ]


def test_block_check_adds_raw_scores_against_the_scheme_totals() -> None:
    from barbu_scorer.scoring.barbu.blocks import block_check
    from barbu_scorer.scoring.barbu.schemes import builtin

    scheme = builtin("tournament")
    hands = [("no_queens", [-12, -6, -6, 0]), ("trumps", [20, 15, 15, 15])]
    assert block_check(scheme, hands) == (41, 41)
    assert block_check(scheme, [("no_queens", [-12, -6, -6, 1])]) == (-23, -24)


TOURNAMENT_ORDER = ("no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts")
ALL = TOURNAMENT.contracts
A_BLOCK_AND_ONE = (*ALL, "no_queens")


@pytest.mark.parametrize(
    ("scheme_id", "contracts", "number", "expected"),
    [
        # A new hand: what its declarer has left.
        ("tournament", (), 1, ALL),
        ("tournament", ("no_tricks",), 2, ALL[1:]),
        # A correction: less what the later hands of the block declared.
        ("tournament", TOURNAMENT_ORDER, 1, ("no_tricks", "trumps", "dominoes")),
        ("tournament", TOURNAMENT_ORDER, 3, ("no_last_two", "trumps", "dominoes")),
        ("tournament", TOURNAMENT_ORDER, 5, ("no_king_of_hearts", "trumps", "dominoes")),
        # Each block on its own: the next one starts afresh.
        ("tournament", A_BLOCK_AND_ONE, 7, ("dominoes",)),
        ("tournament", A_BLOCK_AND_ONE, 8, ALL),
        ("tournament", A_BLOCK_AND_ONE, 9, tuple(c for c in ALL if c != "no_queens")),
        # A fixed order offers the one contract the hand is.
        ("french_classic", (), 1, ("no_tricks",)),
        ("french_classic", ("no_tricks", "no_hearts"), 1, ("no_tricks",)),
        ("french_classic", ("no_tricks", "no_hearts"), 3, ("no_queens",)),
    ],
)
def test_contracts_for(
    scheme_id: str, contracts: tuple[str, ...], number: int, expected: tuple[str, ...]
) -> None:
    assert contracts_for(builtin(scheme_id), contracts, number) == expected


@settings(max_examples=60, deadline=None)
@given(
    scheme_id=st.sampled_from(["tournament", "ravage_city", "brader", "no_trumps"]),
    seed=st.integers(0, 10**9),
    hands=st.integers(1, 32),
    cut=st.integers(0, 32),
    penalty=st.sampled_from([0, 5]),
    spoil=st.booleans(),
)
def test_scoring_on_from_a_start_equals_scoring_it_all(
    scheme_id: str, seed: int, hands: int, cut: int, penalty: int, spoil: bool
) -> None:
    """The save's one step: the previous version's scoring, then the new hands scored on
    from it, is the whole session's scoring; a start of other hands is ignored."""
    doc = session_document(scheme_id, seed, hands=hands)
    scheme: Scheme = scheme_from_dict({"base": scheme_id, "quota_penalty": penalty})
    entries = entries_of(doc)
    whole = score_session(scheme, doc["first_declarer"], entries)
    head = entries[: min(cut, len(entries))]
    start_doc = doc
    if spoil and head:  # another session's hands: not a prefix of these (unless equal)
        start_doc = session_document(scheme_id, seed + 1, hands=len(head))
        head = entries_of(start_doc)
    try:
        start = score_session(scheme, start_doc["first_declarer"], head)
    except ScoringError:
        return
    assert score_session(scheme, doc["first_declarer"], entries, start) == whole
