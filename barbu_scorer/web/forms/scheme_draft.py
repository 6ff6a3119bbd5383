"""The editor form and a scheme, both ways: ``form_data`` fills the form from a scheme,
``draft_scheme`` reads it back into a :class:`Scheme` without judging it (that is
``scheme_warnings``' job).
"""

from __future__ import annotations

import re
from typing import Any

from barbu_scorer.scoring.barbu import cards
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    RAVAGE_SHARES,
    TOURNAMENT_AWARDS,
    VALUE_KEYS,
    default_awards,
    default_shares,
)
from barbu_scorer.scoring.barbu.schemes import MAX_CUSTOM, CustomContract, Scheme
from barbu_scorer.web.forms.schemes import SchemeForm


def candidate_cards(pack: int, left_out: tuple[str, ...] = ()) -> list[str]:
    """The cards offered as left out: the lowest three ranks of each suit, ♣ ♦ ♠ ♥."""
    low = cards.ranks(pack)[:3]
    offered = [rank + suit for rank in low for suit in ("C", "D", "S", "H")]
    # Only real cards of this pack: a posted "left_out" may be anything at all.
    return offered + [c for c in left_out if c not in offered and cards.is_card(c, pack)]


def sequence_of(scheme: Scheme) -> list[str]:
    """Every contract the editor lists: those in play, in order, then the others."""
    known = [*BUILTIN_CONTRACTS, *(c.id for c in scheme.custom)]
    return [*scheme.contracts, *(c for c in known if c not in scheme.contracts)]


def form_data(scheme: Scheme) -> dict[str, Any]:
    """The editor's fields for a scheme."""
    return {
        "name": scheme.name,
        "players": scheme.players,
        "pack": scheme.pack,
        "left_out": list(scheme.left_out),
        "sequence": sequence_of(scheme),
        "play": list(scheme.contracts),
        "values": {c: dict(v) for c, v in scheme.values.items()},
        "awards": list(scheme.awards),
        "shares": list(scheme.shares),
        "custom": [
            {
                "id": c.id,
                "name": c.name,
                "kind": "positive" if c.positive else "negative",
                "total": c.total,
                "reminder": c.reminder,
            }
            for c in scheme.custom
        ],
        "new_custom": {"kind": "negative"},
        "doubling": scheme.doubling,
        "double_targets": scheme.double_targets,
        "redouble": scheme.redouble,
        "undoubled_settles": scheme.undoubled_settles,
        "quota": scheme.quota,
        "quota_penalty": scheme.quota_penalty,
        "contract_order": scheme.order,
        "chooser": scheme.chooser,
        "dominoes_start": scheme.dominoes_start,
        "was_players": str(scheme.players),
        "was_pack": str(scheme.pack),
    }


def custom_id(name: str, taken: set[str]) -> str:
    """A contract id for a custom contract's name: ``Chinese Poker`` -> ``chinese_poker``."""
    base = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "custom"
    cid, n = base, 1
    while cid in taken or cid in BUILTIN_CONTRACTS:
        n += 1
        cid = f"{base}_{n}"
    return cid


def _custom(form: SchemeForm) -> tuple[list[CustomContract], str | None]:
    customs: list[CustomContract] = []
    taken: set[str] = set()
    for entry in form.custom:
        sub = entry.form
        cid = (
            sub.id.data
            if sub.id.data and sub.id.data not in taken
            else custom_id(sub.name.data or "", taken)
        )
        taken.add(cid)
        customs.append(
            CustomContract(
                cid,
                (sub.name.data or "").strip(),
                sub.kind.data == "positive",
                sub.total.data or 0,
                (sub.reminder.data or "").strip(),
            )
        )
    new = form.new_custom.form
    added = None
    if (new.name.data or "").strip() and new.total.data is not None and len(customs) < MAX_CUSTOM:
        added = custom_id(new.name.data, taken)
        customs.append(
            CustomContract(
                added,
                new.name.data.strip(),
                new.kind.data == "positive",
                new.total.data,
                (new.reminder.data or "").strip(),
            )
        )
    return customs, added


def resized(form: SchemeForm) -> bool:
    """Whether the players or the pack changed since the form was drawn."""
    return (
        str(form.players.data) != (form.was_players.data or str(form.players.data))
        or str(form.pack.data) != (form.was_pack.data or str(form.pack.data))
        or len(form.awards.entries) != form.players.data
        or len(form.shares.entries) != form.players.data
    )


def draft_scheme(form: SchemeForm, scheme_id: str = "") -> Scheme:
    """The scheme the (shape-valid) form describes, not yet judged.

    When the players or the pack changed, the left-out cards, Dominoes awards and
    Ravage City shares are set to the app's proposal for the new size, keeping the
    totals the table chose.
    """
    players, pack = form.players.number, int(form.pack.data)
    customs, added = _custom(form)
    known = {*BUILTIN_CONTRACTS, *(c.id for c in customs)}
    play = set(form.play.data)
    contracts = [c for c in dict.fromkeys(form.sequence.data) if c in play and c in known]
    if added:
        contracts.append(added)
    awards = tuple(e.data for e in form.awards.entries) or TOURNAMENT_AWARDS
    shares = tuple(e.data for e in form.shares.entries) or RAVAGE_SHARES
    left_out = tuple(c for c in form.left_out.data if cards.is_card(c, pack))
    if resized(form):
        left_out = cards.default_left_out(pack, players)
        awards = default_awards(players, awards) if len(awards) != players else awards
        shares = default_shares(players, shares) if len(shares) != players else shares
    values = {
        contract: {key: getattr(form.values.form, contract).form[key].data for key in keys}
        for contract, keys in VALUE_KEYS.items()
    }
    name = (form.name.data or "").strip()
    return Scheme(
        id=scheme_id or name,
        name=name,
        players=players,
        pack=pack,
        left_out=left_out,
        contracts=tuple(contracts),
        values=values,
        awards=awards,
        shares=shares,
        custom=tuple(customs),
        doubling=bool(form.doubling.data),
        double_targets=form.double_targets.data,
        redouble=form.redouble.data,
        undoubled_settles=bool(form.undoubled_settles.data),
        quota=form.quota.number,
        quota_penalty=form.quota_penalty.number,
        order=form.contract_order.data,
        chooser=form.chooser.data,
        dominoes_start=form.dominoes_start.data,
    )
