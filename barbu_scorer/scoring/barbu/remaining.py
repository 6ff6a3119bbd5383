"""What each declarer has left to declare: one line per block of the session."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.barbu.sessions import Session, roles


@dataclass(frozen=True)
class BlockLeft:
    """One block: who declares it, the contracts still to come in it, whether it is the
    block being played now."""

    block: int
    declarer: int
    left: tuple[str, ...]
    current: bool


def left_by_block(session: Session) -> tuple[BlockLeft, ...]:
    """Every block in playing order, with the contracts its declarer has left (none once
    the block is played; all of them before it starts)."""
    scheme = session.scheme
    per_block = len(scheme.contracts)
    played = [hand.entry.contract for hand in session.hands]
    now = len(played) // per_block
    out: list[BlockLeft] = []
    for block in range(scheme.hands // per_block):
        start = block * per_block
        in_block = played[start : start + per_block]
        left = tuple(c for c in scheme.contracts if c not in in_block)  # fixed order too
        declarer = roles(scheme, session.first_declarer, start).declarer
        out.append(BlockLeft(block + 1, declarer, left, block == now and not session.complete))
    return tuple(out)
