"""The pack: ranks, suits, and which low cards are left out for an even deal."""

from __future__ import annotations

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: dict[str, str] = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_LETTERS: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANKS_52: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_32: tuple[str, ...] = RANKS_52[5:]
PACK_SIZES: tuple[int, ...] = (52, 32)
# The order in which low cards are dropped: never a heart, so no scoring card goes.
LEFT_OUT_SUITS: tuple[str, ...] = ("C", "D", "S")


def ranks(pack: int) -> tuple[str, ...]:
    """The ranks of a 52- or 32-card pack, low to high."""
    return RANKS_52 if pack == 52 else RANKS_32


def default_left_out(pack: int, players: int) -> tuple[str, ...]:
    """The lowest cards, in the order ♣ ♦ ♠, that make the pack deal evenly."""
    count = pack % players
    cards = [rank + suit for rank in ranks(pack) for suit in LEFT_OUT_SUITS]
    return tuple(cards[:count])


def is_card(card: str, pack: int) -> bool:
    """Whether ``card`` (rank then suit letter, e.g. ``2C``) belongs to the pack."""
    return len(card) >= 2 and card[-1] in SUIT_LETTERS and card[:-1] in ranks(pack)


def card_label(card: str) -> str:
    """A card as people write it: ``2C`` -> ``2♣``."""
    return card[:-1] + SUIT_SYMBOLS[SUIT_LETTERS[card[-1]]]


def hearts_in_pack(pack: int, left_out: tuple[str, ...]) -> int:
    """How many hearts are dealt."""
    return len(ranks(pack)) - sum(1 for card in left_out if card.endswith("H"))


def queens_in_pack(left_out: tuple[str, ...]) -> int:
    """How many queens are dealt."""
    return 4 - sum(1 for card in left_out if card[:-1] == "Q")
