"""A session: the schedule, each hand scored in turn, quota, running totals, winners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.hands import check_announcement, check_contract, entry_raw
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import ScoringError, refused

Scores = tuple[int, ...]


@dataclass(frozen=True)
class Roles:
    """Who does what on a hand."""

    declarer: int
    dealer: int
    cutter: int
    leader: int


@dataclass(frozen=True)
class HandEntry:
    """What the scorer says about a hand: the contract, facts or raw, the doubles."""

    contract: str
    facts: Mapping[str, Any] | None = None
    raw: Sequence[int] | None = None
    doubles: Sequence[Sequence[int]] = ()
    trump: str | None = None
    start_rank: str | None = None
    declarer: int | None = None


@dataclass(frozen=True)
class ScoredHand:
    """A hand with every figure derived."""

    number: int
    block: int
    roles: Roles
    entry: HandEntry
    doubles: tuple[dbl.Double, ...]
    raw: Scores
    transfers: Scores
    adjusted: Scores
    penalties: Scores
    totals: Scores


@dataclass(frozen=True)
class BlockQuota:
    """Doubles laid against one block's declarer, and what the quota still asks."""

    declarer: int
    laid: tuple[int | None, ...]
    owed: tuple[int | None, ...]
    hands_left: int
    penalties: Scores = ()

    def must_double_now(self, seat: int) -> bool:
        """Whether the seat owes as many doubles as there are hands left."""
        owed = self.owed[seat]
        return owed is not None and owed != 0 and 0 < self.hands_left <= owed


@dataclass(frozen=True)
class Session:
    """A scored session."""

    scheme: Scheme
    first_declarer: int
    hands: tuple[ScoredHand, ...]
    quota: tuple[BlockQuota, ...]
    totals: Scores
    complete: bool
    winners: tuple[int, ...] = field(default=())

    @property
    def next_number(self) -> int:
        """The number of the next hand to record (1-based)."""
        return len(self.hands) + 1

    @property
    def block_ended(self) -> bool:
        """Whether the last hand played closed its declarer's block."""
        return bool(self.hands) and len(self.hands) % len(self.scheme.contracts) == 0

    def next_roles(self) -> Roles | None:
        """Roles for the next hand, None when the session is complete."""
        return None if self.complete else roles(self.scheme, self.first_declarer, len(self.hands))

    def current_quota(self) -> BlockQuota | None:
        """The quota of the block the next hand belongs to (None once complete)."""
        if self.complete:
            return None
        block = len(self.hands) // len(self.scheme.contracts)
        if block < len(self.quota):
            return self.quota[block]
        declarer = roles(self.scheme, self.first_declarer, len(self.hands)).declarer
        return _quota(self.scheme, block, declarer, [])

    def open_contracts(self) -> tuple[str, ...]:
        """The contracts the next declarer may still choose."""
        if self.complete:
            return ()
        return open_contracts(self.scheme, [h.entry.contract for h in self.hands])


def roles(scheme: Scheme, first_declarer: int, index: int, contract: str | None = None) -> Roles:
    """The roles of hand ``index`` (0-based): declarer blocks run clockwise.

    When the dealer chooses, the player on the dealer's left leads, but the dealer
    starts Dominoes; give the ``contract`` once it is known.
    """
    n = scheme.players
    declarer = (first_declarer + index // len(scheme.contracts)) % n
    if scheme.chooser == "dealer":
        info = CATALOGUE.get(contract or "")
        leader = declarer if info is not None and info.chooser_starts else (declarer + 1) % n
        return Roles(declarer, declarer, (declarer - 1) % n, leader)
    return Roles(declarer, (declarer - 1) % n, (declarer + n // 2) % n, declarer)


def open_contracts(scheme: Scheme, played: Sequence[str]) -> tuple[str, ...]:
    """The contracts left to the current declarer, or the fixed next one."""
    per_block = len(scheme.contracts)
    in_block = played[len(played) - len(played) % per_block :]
    if scheme.order == "fixed":
        return (scheme.contracts[len(in_block)],)
    return tuple(c for c in scheme.contracts if c not in in_block)


def contracts_for(scheme: Scheme, contracts: Sequence[str], number: int) -> tuple[str, ...]:
    """The contracts hand ``number`` may be, given every hand's contract so far: those its
    declarer had left at that point, less those later hands of its block declared."""
    per_block = len(scheme.contracts)
    block_end = (number - 1) // per_block * per_block + per_block
    later = set(contracts[number:block_end])
    return tuple(c for c in open_contracts(scheme, contracts[: number - 1]) if c not in later)


def score_hand(
    scheme: Scheme, first_declarer: int, index: int, entry: HandEntry, played: Sequence[str]
) -> tuple[Roles, tuple[dbl.Double, ...], Scores, Scores]:
    """Check one hand against the rules; its roles, doubles, raw and transfers."""
    number = index + 1
    try:
        who = roles(scheme, first_declarer, index)
        if entry.declarer is not None and (
            isinstance(entry.declarer, bool) or entry.declarer != who.declarer
        ):
            raise refused(
                "the declarer is seat %(declarer)s, not %(declarer2)s",
                declarer=who.declarer,
                declarer2=repr(entry.declarer),
            )
        contract = check_contract(scheme, entry.contract)
        who = roles(scheme, first_declarer, index, contract)
        offered = open_contracts(scheme, played)
        if contract not in offered:
            if scheme.order == "fixed":
                raise refused(
                    "the order is fixed: this hand is %(contract)s",
                    contract=scheme.name_of(offered[0]),
                )
            raise refused(
                "seat %(declarer)s has already declared %(contract)s",
                declarer=who.declarer,
                contract=scheme.name_of(contract),
            )
        check_announcement(scheme, contract, entry.trump, entry.start_rank)
        doubles = dbl.check_doubles(scheme, contract, who.declarer, entry.doubles)
        raw = entry_raw(scheme, entry.contract, entry.facts, entry.raw, who.declarer, bool(doubles))
    except ScoringError as error:
        raise error.at(number) from None
    return who, doubles, raw, dbl.settle(raw, doubles)


def _quota(scheme: Scheme, block: int, declarer: int, hands: Sequence[ScoredHand]) -> BlockQuota:
    n = scheme.players
    laid = [0] * n
    for hand in hands:
        for seat in dbl.laid_against(hand.doubles, declarer):
            laid[seat] += 1
    # Without doubling nobody can lay a double, so nothing is owed.
    wanted = scheme.quota if scheme.doubling else 0
    owed = [max(0, wanted - c) for c in laid]
    left = len(scheme.contracts) - len(hands)
    penalties = [0] * n
    if left == 0 and scheme.quota_penalty:
        for seat in range(n):
            if seat != declarer:
                penalties[seat] -= owed[seat] * scheme.quota_penalty
                penalties[declarer] += owed[seat] * scheme.quota_penalty
    return BlockQuota(
        declarer,
        tuple(None if s == declarer else laid[s] for s in range(n)),
        tuple(None if s == declarer else owed[s] for s in range(n)),
        left,
        tuple(penalties),
    )


def score_session(
    scheme: Scheme, first_declarer: int, entries: Sequence[HandEntry], start: object = None
) -> Session:
    """Score every hand in order; the first broken rule raises, naming its hand.

    ``start``: a scoring of these rules of the first hands of ``entries`` (the session as
    its previous version scored it): its hands are kept and the others scored on from
    there, with the same result as scoring them all (a hand's figures depend on it and
    the hands before it alone). Any other ``start`` is ignored."""
    n = scheme.players
    if (
        isinstance(first_declarer, bool)
        or not isinstance(first_declarer, int)
        or not 0 <= first_declarer < n
    ):
        raise refused("first_declarer must be a seat from 0 to %(last)s", last=n - 1)
    if len(entries) > scheme.hands:
        raise refused(
            "a session of %(name)s has %(hands)s hands, not %(given)s",
            name=scheme.name,
            hands=scheme.hands,
            given=len(entries),
        ).at(scheme.hands + 1)
    per_block = len(scheme.contracts)
    kept = _prefix(scheme, first_declarer, entries, start)
    scored, quota = list(kept.hands), list(kept.quota)
    totals = list(kept.totals)
    for index in range(len(scored), len(entries)):
        who, doubles, raw, transfers = score_hand(
            scheme, first_declarer, index, entries[index], [h.entry.contract for h in scored]
        )
        adjusted = tuple(r + t for r, t in zip(raw, transfers, strict=True))
        block = index // per_block
        hand = ScoredHand(
            index + 1, block, who, entries[index], doubles, raw, transfers, adjusted, (0,) * n, ()
        )
        block_quota = _quota(scheme, block, who.declarer, [*scored[block * per_block :], hand])
        quota[block:] = [block_quota]
        penalties = block_quota.penalties or (0,) * n
        totals = [t + a + p for t, a, p in zip(totals, adjusted, penalties, strict=True)]
        scored.append(replace(hand, penalties=penalties, totals=tuple(totals)))
    complete = len(scored) == scheme.hands
    winners = tuple(s for s in range(n) if totals[s] == max(totals)) if complete else ()
    return Session(
        scheme, first_declarer, tuple(scored), tuple(quota), tuple(totals), complete, winners
    )


def _prefix(scheme: Scheme, first: int, entries: Sequence[HandEntry], start: object) -> Session:
    """``start`` when it scored these rules and the first hands of ``entries``, else none."""
    if (
        isinstance(start, Session)
        and start.first_declarer == first
        and len(start.hands) <= len(entries)
        and (start.scheme is scheme or start.scheme == scheme)
        and all(h.entry == e for h, e in zip(start.hands, entries, strict=False))
    ):
        return start
    return Session(scheme, first, (), (), (0,) * scheme.players, False)
