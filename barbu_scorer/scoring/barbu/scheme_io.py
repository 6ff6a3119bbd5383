"""Schemes as JSON objects: the shape a session document or an export carries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from barbu_scorer.scoring.barbu import cards
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    DEFAULT_VALUES,
    default_awards,
    default_shares,
)
from barbu_scorer.scoring.barbu.schemes import (
    BUILTINS,
    MAX_CONTRACT_NAME,
    MAX_CUSTOM,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_QUOTA,
    MAX_QUOTA_PENALTY,
    MAX_REMINDER,
    MIN_PLAYERS,
    CustomContract,
    Scheme,
    builtin,
)
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import MAX_FIGURE, MAX_VERSION, check_int, check_label

CHOICES: dict[str, tuple[Any, ...]] = {
    "double_targets": ("anyone", "declarer"),
    "redouble": ("free", "cover"),
    "order": ("choice", "fixed"),
    "chooser": ("declarer", "dealer"),
    "dominoes_start": ("rank", "fixed", "first_card"),
}
FLAGS: tuple[str, ...] = ("doubling", "undoubled_settles")


def scheme_to_dict(scheme: Scheme) -> dict[str, Any]:
    """The scheme as a plain JSON-ready object."""
    data = asdict(scheme)
    data["left_out"] = list(scheme.left_out)
    data["contracts"] = list(scheme.contracts)
    data["awards"] = list(scheme.awards)
    data["shares"] = list(scheme.shares)
    data["custom"] = [asdict(c) for c in scheme.custom]
    data["values"] = {c: dict(v) for c, v in scheme.values.items()}
    return data


def _int(value: Any, what: str, low: int = -MAX_FIGURE, high: int = MAX_FIGURE) -> int:
    return check_int(value, f"scheme: {what}", low, high)


def _ints(value: Any, what: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) != length:
        raise ScoringError(f"scheme: {what} needs {length} whole numbers, one per player")
    return tuple(_int(v, what) for v in value)


def _custom(raw: Any) -> CustomContract:
    if not isinstance(raw, Mapping):
        raise ScoringError("scheme: a custom contract must be an object")
    cid = check_label(raw.get("id"), MAX_CONTRACT_NAME, "scheme: a custom contract's id")
    name = check_label(raw.get("name"), MAX_CONTRACT_NAME, "scheme: a custom contract's name")
    if cid in BUILTIN_CONTRACTS:
        raise ScoringError(f"scheme: custom contract id {cid!r} is a built-in contract's")
    positive = raw.get("positive", False)
    if not isinstance(positive, bool):
        raise ScoringError(f"scheme: custom contract {name}: positive must be true or false")
    total = _int(raw.get("total"), f"custom contract {name}'s total")
    reminder = check_label(
        raw.get("reminder", ""),
        MAX_REMINDER,
        f"scheme: custom contract {name}'s reminder",
        blank=True,
    )
    return CustomContract(cid, name, positive, total, reminder)


def _base(data: Mapping[str, Any]) -> Scheme:
    """The built-in a scheme object starts from: ``base``, else its own id, else Tournament."""
    given_id = data.get("id")
    base_id = data.get(
        "base", given_id if isinstance(given_id, str) and given_id in BUILTINS else "tournament"
    )
    if not isinstance(base_id, str):
        raise ScoringError("scheme: base must be a built-in's id")
    return builtin(base_id)


def _pack(data: Mapping[str, Any], base: Scheme) -> int:
    pack = data.get("pack", base.pack)
    if isinstance(pack, bool) or not isinstance(pack, int) or pack not in cards.PACK_SIZES:
        raise ScoringError(f"scheme: the pack has 52 or 32 cards, not {pack!r}")
    return pack


def _left_out(data: Mapping[str, Any], base: Scheme, pack: int, players: int) -> tuple[str, ...]:
    """The cards left out: given, else the base's, else the proposal for a new size."""
    raw = data.get("left_out")
    if raw is None:
        size_changed = players != base.players or pack != base.pack
        left_out = cards.default_left_out(pack, players) if size_changed else base.left_out
    else:
        if not isinstance(raw, list) or not all(
            isinstance(c, str) and cards.is_card(c, pack) for c in raw
        ):
            raise ScoringError("scheme: left_out lists cards such as 2C, 2D (rank, then C D H S)")
        left_out = tuple(raw)
        if len(set(left_out)) != len(left_out):
            raise ScoringError("scheme: a card is left out twice")
    if (pack - len(left_out)) % players:
        raise ScoringError(
            f"scheme: {pack - len(left_out)} cards do not deal evenly to {players} players; "
            f"leave out {(pack - len(left_out)) % players} more"
        )
    # No Hearts and Barbu score these very cards.
    if "KH" in left_out or "AH" in left_out:
        raise ScoringError("scheme: K♥ and A♥ cannot be left out")
    return left_out


def _customs(data: Mapping[str, Any], base: Scheme) -> tuple[CustomContract, ...]:
    raw = data.get("custom", [asdict(c) for c in base.custom])
    if not isinstance(raw, list | tuple):
        raise ScoringError("scheme: custom is a list of contracts")
    if len(raw) > MAX_CUSTOM:
        raise ScoringError(f"scheme: at most {MAX_CUSTOM} custom contracts, not {len(raw)}")
    custom = tuple(_custom(c) for c in raw)
    if len({c.id for c in custom}) != len(custom):
        raise ScoringError("scheme: two custom contracts have the same id")
    return custom


def _contracts(
    data: Mapping[str, Any], base: Scheme, custom: tuple[CustomContract, ...]
) -> tuple[str, ...]:
    known = set(BUILTIN_CONTRACTS) | {c.id for c in custom}
    contracts = data.get("contracts", list(base.contracts))
    if not isinstance(contracts, list | tuple) or not contracts:
        raise ScoringError("scheme: at least one contract must be in play")
    for contract in contracts:
        if not isinstance(contract, str) or contract not in known:
            raise ScoringError(f"scheme: unknown contract {contract!r}")
    if len(set(contracts)) != len(contracts):
        raise ScoringError("scheme: a contract is listed twice")
    return tuple(contracts)


def _values(data: Mapping[str, Any], base: Scheme) -> dict[str, dict[str, int]]:
    values = {c: dict(v) for c, v in base.values.items()}
    given = data.get("values", {})
    if not isinstance(given, Mapping):
        raise ScoringError("scheme: values must be an object per contract")
    for contract, vals in given.items():
        if contract not in DEFAULT_VALUES or not isinstance(vals, Mapping):
            raise ScoringError(f"scheme: no values to set for {contract!r}")
        for key, val in vals.items():
            if key not in DEFAULT_VALUES[contract]:
                raise ScoringError(f"scheme: {contract} has no value {key!r}")
            values[contract][key] = _int(val, f"{contract} {key}")
    return values


def _options(data: Mapping[str, Any], base: Scheme) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for key, allowed in CHOICES.items():
        options[key] = data.get(key, getattr(base, key))
        if options[key] not in allowed:
            raise ScoringError(f"scheme: {key} is one of {', '.join(allowed)}")
    for key in FLAGS:
        options[key] = data.get(key, getattr(base, key))
        if not isinstance(options[key], bool):
            raise ScoringError(f"scheme: {key} must be true or false")
    return options


def scheme_from_dict(data: Mapping[str, Any]) -> Scheme:
    """Read and check a whole scheme object; what is missing comes from its ``base``.

    The base is the built-in named by ``base`` (default ``tournament``), so a short
    object such as ``{"name": "Ours", "values": {"no_king_of_hearts": {"king": -15}}}``
    is a whole scheme.
    """
    if not isinstance(data, Mapping):
        raise ScoringError("scheme: must be a built-in's id, a saved scheme's name or an object")
    base = _base(data)
    name = check_label(data.get("name", base.name), MAX_NAME, "scheme: the name")
    players = _int(data.get("players", base.players), "players", MIN_PLAYERS, MAX_PLAYERS)
    pack = _pack(data, base)
    left_out = _left_out(data, base, pack, players)
    custom = _customs(data, base)
    contracts = _contracts(data, base, custom)
    values = _values(data, base)
    options = _options(data, base)
    awards, shares = data.get("awards"), data.get("shares")
    return Scheme(
        id=check_label(data.get("id", name), MAX_NAME, "scheme: the id"),
        name=name,
        players=players,
        pack=pack,
        left_out=left_out,
        contracts=contracts,
        values=values,
        awards=_ints(awards, "dominoes awards", players)
        if awards is not None
        else default_awards(players, base.awards),
        shares=_ints(shares, "Ravage City shares", players)
        if shares is not None
        else default_shares(players, base.shares),
        custom=custom,
        quota=_int(data.get("quota", base.quota), "quota", 0, MAX_QUOTA),
        quota_penalty=_int(
            data.get("quota_penalty", base.quota_penalty), "quota penalty", 0, MAX_QUOTA_PENALTY
        ),
        version=_int(data.get("version", 1), "version", 1, MAX_VERSION),
        **options,
    )
