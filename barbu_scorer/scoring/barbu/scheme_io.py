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
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import Text, Word, msg
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


def _int(value: Any, what: Text, low: int = -MAX_FIGURE, high: int = MAX_FIGURE) -> int:
    return check_int(value, msg("scheme: %(what)s", what=what), low, high)


def _ints(value: Any, what: Text, length: int) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or len(value) != length:
        raise refused(
            "scheme: %(what)s needs %(length)s whole numbers, one per player",
            what=what,
            length=length,
        )
    return tuple(_int(v, what) for v in value)


def _custom(raw: Any) -> CustomContract:
    if not isinstance(raw, Mapping):
        raise refused("scheme: a custom contract must be an object")
    cid = check_label(raw.get("id"), MAX_CONTRACT_NAME, msg("scheme: a custom contract's id"))
    name = check_label(raw.get("name"), MAX_CONTRACT_NAME, msg("scheme: a custom contract's name"))
    if cid in BUILTIN_CONTRACTS:
        raise refused("scheme: custom contract id %(cid)s is a built-in contract's", cid=repr(cid))
    positive = raw.get("positive", False)
    if not isinstance(positive, bool):
        raise refused("scheme: custom contract %(name)s: positive must be true or false", name=name)
    total = _int(raw.get("total"), msg("custom contract %(name)s's total", name=name))
    reminder = check_label(
        raw.get("reminder", ""),
        MAX_REMINDER,
        msg("scheme: custom contract %(name)s's reminder", name=name),
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
        raise refused("scheme: base must be a built-in's id")
    return builtin(base_id)


def _pack(data: Mapping[str, Any], base: Scheme) -> int:
    pack = data.get("pack", base.pack)
    if isinstance(pack, bool) or not isinstance(pack, int) or pack not in cards.PACK_SIZES:
        raise refused("scheme: the pack has 52 or 32 cards, not %(pack)s", pack=repr(pack))
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
            raise refused("scheme: left_out lists cards such as 2C, 2D (rank, then C D H S)")
        left_out = tuple(raw)
        if len(set(left_out)) != len(left_out):
            raise refused("scheme: a card is left out twice")
    if (pack - len(left_out)) % players:
        raise refused(
            "scheme: %(pack_len_left_out)s cards do not deal evenly to %(players)s players; "
            "leave out %(pack_len_left_out_player)s more",
            pack_len_left_out=pack - len(left_out),
            players=players,
            pack_len_left_out_player=(pack - len(left_out)) % players,
        )
    # No Hearts and Barbu score these very cards.
    if "KH" in left_out or "AH" in left_out:
        raise refused("scheme: K♥ and A♥ cannot be left out")
    return left_out


def _customs(data: Mapping[str, Any], base: Scheme) -> tuple[CustomContract, ...]:
    raw = data.get("custom", [asdict(c) for c in base.custom])
    if not isinstance(raw, list | tuple):
        raise refused("scheme: custom is a list of contracts")
    if len(raw) > MAX_CUSTOM:
        raise refused(
            "scheme: at most %(max_custom)s custom contracts, not %(n_raw)s",
            max_custom=MAX_CUSTOM,
            n_raw=len(raw),
        )
    custom = tuple(_custom(c) for c in raw)
    if len({c.id for c in custom}) != len(custom):
        raise refused("scheme: two custom contracts have the same id")
    return custom


def _contracts(
    data: Mapping[str, Any], base: Scheme, custom: tuple[CustomContract, ...]
) -> tuple[str, ...]:
    known = set(BUILTIN_CONTRACTS) | {c.id for c in custom}
    contracts = data.get("contracts", list(base.contracts))
    if not isinstance(contracts, list | tuple) or not contracts:
        raise refused("scheme: at least one contract must be in play")
    for contract in contracts:
        if not isinstance(contract, str) or contract not in known:
            raise refused("scheme: unknown contract %(contract)s", contract=repr(contract))
    if len(set(contracts)) != len(contracts):
        raise refused("scheme: a contract is listed twice")
    return tuple(contracts)


def _values(data: Mapping[str, Any], base: Scheme) -> dict[str, dict[str, int]]:
    values = {c: dict(v) for c, v in base.values.items()}
    given = data.get("values", {})
    if not isinstance(given, Mapping):
        raise refused("scheme: values must be an object per contract")
    for contract, vals in given.items():
        if contract not in DEFAULT_VALUES or not isinstance(vals, Mapping):
            raise refused("scheme: no values to set for %(contract)s", contract=repr(contract))
        for key, val in vals.items():
            if key not in DEFAULT_VALUES[contract]:
                raise refused(
                    "scheme: %(contract)s has no value %(key)s", contract=contract, key=repr(key)
                )
            values[contract][key] = _int(
                val, msg("field values.%(contract)s.%(key)s", contract=contract, key=key)
            )
    return values


def _options(data: Mapping[str, Any], base: Scheme) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for key, allowed in CHOICES.items():
        options[key] = data.get(key, getattr(base, key))
        if options[key] not in allowed:
            raise refused(
                "scheme: field %(key)s is one of %(allowed)s", key=key, allowed=", ".join(allowed)
            )
    for key in FLAGS:
        options[key] = data.get(key, getattr(base, key))
        if not isinstance(options[key], bool):
            raise refused("scheme: field %(key)s must be true or false", key=key)
    return options


def scheme_from_dict(data: Mapping[str, Any]) -> Scheme:
    """Read and check a whole scheme object; what is missing comes from its ``base``.

    The base is the built-in named by ``base`` (default ``tournament``), so a short
    object such as ``{"name": "Ours", "values": {"no_king_of_hearts": {"king": -15}}}``
    is a whole scheme.
    """
    if not isinstance(data, Mapping):
        raise refused("scheme: must be a built-in's id, a saved scheme's name or an object")
    base = _base(data)
    name = check_label(data.get("name", base.name), MAX_NAME, msg("scheme: the name"))
    if any(name == b.name for b in BUILTINS.values()):
        name = Word(name)  # a built-in's copy: its name is printed in the reader's language
    players = _int(data.get("players", base.players), msg("players"), MIN_PLAYERS, MAX_PLAYERS)
    pack = _pack(data, base)
    left_out = _left_out(data, base, pack, players)
    custom = _customs(data, base)
    contracts = _contracts(data, base, custom)
    values = _values(data, base)
    options = _options(data, base)
    awards, shares = data.get("awards"), data.get("shares")
    return Scheme(
        id=check_label(data.get("id", name), MAX_NAME, msg("scheme: the id")),
        name=name,
        players=players,
        pack=pack,
        left_out=left_out,
        contracts=contracts,
        values=values,
        awards=_ints(awards, msg("dominoes awards"), players)
        if awards is not None
        else default_awards(players, base.awards),
        shares=_ints(shares, msg("Ravage City shares"), players)
        if shares is not None
        else default_shares(players, base.shares),
        custom=custom,
        quota=_int(data.get("quota", base.quota), msg("quota"), 0, MAX_QUOTA),
        quota_penalty=_int(
            data.get("quota_penalty", base.quota_penalty),
            msg("quota penalty"),
            0,
            MAX_QUOTA_PENALTY,
        ),
        version=_int(data.get("version", 1), msg("version"), 1, MAX_VERSION),
        **options,
    )
