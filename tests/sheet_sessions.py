"""Whole legal session documents (uncomputed) for the sheet's tests, test_pdf.py and
bench/sheet.py: every declarer plays every contract once, with random legal facts and
doubles from a seed."""

from __future__ import annotations

import random
from typing import Any

from barbu_scorer.scoring.barbu.cards import SUITS, ranks
from barbu_scorer.scoring.barbu.document import resolve_scheme
from barbu_scorer.scoring.barbu.doubles import refusal, turn_order

NAMES = ["Ada", "Ben", "Clara", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def _split(rng: random.Random, total: int, players: int) -> list[int]:
    counts = [0] * players
    for _ in range(total):
        counts[rng.randrange(players)] += 1
    return counts


def _facts(rng: random.Random, scheme: Any, contract: str) -> dict[str, Any]:
    n = scheme.players
    if contract in ("no_tricks", "trumps"):
        return {"tricks": _split(rng, scheme.tricks, n)}
    if contract == "no_queens":
        return {"queens": _split(rng, scheme.queens, n)}
    if contract == "no_hearts":
        hearts = _split(rng, scheme.hearts, n)
        return {"hearts": hearts, "ace_of_hearts": rng.choice([s for s in range(n) if hearts[s]])}
    if contract == "no_last_two":
        return {"penultimate": rng.randrange(n), "last": rng.randrange(n)}
    if contract == "no_king_of_hearts":
        return {"king_of_hearts": rng.randrange(n)}
    if contract == "dominoes":
        return {"order": rng.sample(range(n), n)}
    if contract == "ravage_city":
        return {"most_cards": rng.sample(range(n), rng.choice((1, 1, 2)))}
    if contract == "salad":  # everyone takes tricks, so any scoring card is legal
        tricks = [1] * n
        for _ in range(scheme.tricks - n):
            tricks[rng.randrange(n)] += 1
        hearts = _split(rng, scheme.hearts, n)
        return {
            "tricks": tricks,
            "queens": _split(rng, scheme.queens, n),
            "hearts": hearts,
            "ace_of_hearts": rng.choice([s for s in range(n) if hearts[s]]),
            "penultimate": rng.randrange(n),
            "last": rng.randrange(n),
            "king_of_hearts": rng.randrange(n),
        }
    raise AssertionError(contract)


def _doubles(rng: random.Random, scheme: Any, contract: str, declarer: int) -> list[list[int]]:
    made: list[tuple[int, int]] = []
    for doubler in turn_order(declarer, scheme.players):
        for target in range(scheme.players):
            chance = 0.45 if target == declarer or doubler == declarer else 0.12
            if (
                rng.random() < chance
                and refusal(scheme, contract, declarer, doubler, target, made) is None
            ):
                made.append((doubler, target))
    return [list(pair) for pair in made]


def session_document(
    scheme_ref: str | dict[str, Any] = "tournament",
    *,
    players: list[str] | None = None,
    hands: int | None = None,
    seed: int = 7,
    first_declarer: int = 1,
) -> dict[str, Any]:
    """A legal session document (uncomputed): every declarer plays every contract once."""
    scheme = resolve_scheme(scheme_ref)
    rng = random.Random(seed)
    names = players or NAMES[: scheme.players]
    total = scheme.hands if hands is None else hands
    out = []
    per_block = len(scheme.contracts)
    for index in range(total):
        if index % per_block == 0:
            order = list(scheme.contracts)
            if scheme.order == "choice":
                rng.shuffle(order)
        contract = order[index % per_block]
        declarer = (first_declarer + index // per_block) % scheme.players
        hand: dict[str, Any] = {"contract": contract, "facts": _facts(rng, scheme, contract)}
        if contract == "trumps":
            hand["trump"] = rng.choice(SUITS)
        if contract == "dominoes":
            hand["start_rank"] = rng.choice(ranks(scheme.pack))
        if scheme.doubling:
            hand["doubles"] = _doubles(rng, scheme, contract, declarer)
        out.append(hand)
    return {
        "format": "barbu-session/1",
        "players": names,
        "scheme": scheme_ref,
        "first_declarer": first_declarer,
        "hands": out,
    }
