"""A session's blocks added up: the raw self-check, each seat's sums, the totals after each.

The sheet, the session pages and the CSV all read these figures from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import BlockQuota, Scores, Session


@dataclass(frozen=True)
class HandFigures:
    """What a block's sums read of a hand: its contract, raw, adjusted and running totals."""

    contract: str
    raw: Sequence[int]
    adjusted: Sequence[int]
    totals: Sequence[int]


@dataclass(frozen=True)
class BlockSums:
    """A declarer's block added up: the raw self-check, each seat's sums, the totals after it."""

    number: int  # 1-based
    start: int  # hands played before the block began
    played: int  # hands of the block played so far
    complete: bool
    raw_sum: int
    expected: int
    raw: Scores
    adjusted: Scores
    totals: Scores  # the running totals after the block's last hand played (penalties in)

    @property
    def difference(self) -> int:
        """How far the raw scores are from what the scheme says (0 when they add up)."""
        return self.raw_sum - self.expected

    @property
    def check_ok(self) -> bool:
        """Whether the block's raw scores add up to the scheme's totals."""
        return self.raw_sum == self.expected


def block_check(scheme: Scheme, hands: Sequence[tuple[str, Sequence[int]]]) -> tuple[int, int]:
    """What a block's raw scores add up to, and what the scheme says they should.

    ``hands`` are (contract, raw) pairs; a complete block of a balanced scheme gives (0, 0).
    A Ravage City hand is expected to add up to its tie's shares (a tie of k players
    hands out k times the k-way share, not the one-player penalty).
    """
    return sum(sum(raw) for _, raw in hands), sum(_expected(scheme, c, r) for c, r in hands)


def _expected(scheme: Scheme, contract: str, raw: Sequence[int]) -> int:
    info = CATALOGUE.get(contract) if scheme.custom_contract(contract) is None else None
    if info is None or info.hand_total is None:
        return scheme.total(contract)
    return info.hand_total(scheme, tuple(raw))


def block_of(scheme: Scheme, number: int) -> int:
    """The 1-based block that hand ``number`` (1-based) belongs to."""
    return (number - 1) // len(scheme.contracts) + 1


def block_sums(scheme: Scheme, hands: Sequence[HandFigures]) -> tuple[BlockSums, ...]:
    """Every block of the hands played, in order, added up (the last one may be partial)."""
    per_block = len(scheme.contracts)
    seats = range(scheme.players)
    out = []
    for start in range(0, len(hands), per_block):
        block = hands[start : start + per_block]
        raw_sum, expected = block_check(scheme, [(h.contract, h.raw) for h in block])
        out.append(
            BlockSums(
                number=start // per_block + 1,
                start=start,
                played=len(block),
                complete=len(block) == per_block,
                raw_sum=raw_sum,
                expected=expected,
                raw=tuple(sum(h.raw[s] for h in block) for s in seats),
                adjusted=tuple(sum(h.adjusted[s] for h in block) for s in seats),
                totals=tuple(block[-1].totals),
            )
        )
    return tuple(out)


def session_block_sums(session: Session) -> tuple[BlockSums, ...]:
    """Every block of a scored session added up: what the pages, sheet and CSV show."""
    return block_sums(
        session.scheme,
        [HandFigures(h.entry.contract, h.raw, h.adjusted, h.totals) for h in session.hands],
    )


def block_complete(quota: BlockQuota) -> bool:
    """Whether every contract of the block has been played."""
    return quota.hands_left == 0


def unmet(quota: BlockQuota) -> tuple[tuple[int, int], ...]:
    """(seat, doubles still owed) for each seat that missed the quota, once the block is
    complete; nothing while it is being played or when no quota applies."""
    if not block_complete(quota):
        return ()
    return tuple((seat, owed) for seat, owed in enumerate(quota.owed) if owed)
