"""The history of a session in sentences: "21:14 Phone 3f2a: hand 12 corrected: No Queens,
queens: Ben 2, Clara 2", in the reader's language, for both games.

Times: the store keeps UTC. The server cannot know the table's zone, the browser can: each
line carries its moment in a ``<time datetime>`` (ISO, UTC) and prints "21:14 UTC"; the
page's script (``static/js/app.js``) rewrites it in the device's zone and the page's
language with ``Intl.DateTimeFormat``. Without JavaScript the UTC time stays, saying so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from barbu_scorer.present.format import contract_label, doubles_notation, short_names, signed
from barbu_scorer.present.pad import contract_text, result_text, side_names
from barbu_scorer.scoring.barbu.contracts.facts import ALL
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.bridge.subgames import SPLIT_CARDS, SUBGAME_NAMES
from barbu_scorer.scoring.messages import N_, say, word
from barbu_scorer.scoring.units import Unit

Describe = Callable[[Mapping[str, Any]], str]
"""An entry (as stored) in a few words: its contract and what happened."""


@dataclass(frozen=True)
class Change:
    """One line of the history."""

    at: str
    """The moment, ISO 8601 in UTC (the ``<time datetime>``)."""
    clock: str
    """The moment as printed before the script turns it local: "21:14 UTC"."""
    who: str
    what: str


def clock(at: str) -> str:
    """ "21:14 UTC" from a stored ISO moment (the text itself when it is none)."""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return at
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return moment.strftime("%H:%M UTC")


_PHONE = re.compile(r"phone (\w+)$")


def who_said(who: str) -> str:
    """Who made a change, as the history names them: a scorer's phone by its tag (the
    store's "scorer · phone 3f2a"), the API, an import, the director."""
    phone = _PHONE.search(who)
    if phone:
        return say("Phone %(tag)s", tag=phone.group(1))
    named = {
        "api": N_("The JSON API"),
        "import": N_("An import"),
        "director": N_("The director"),
        "club": N_("The club key"),
    }
    return say(named[who]) if who in named else who


def _fact_words(fact_key: str, value: Any, players: Sequence[str]) -> list[str]:
    fact = next((f for f in ALL if f.key == fact_key), None)
    if fact is None:
        return []

    def name(seat: object) -> str:
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"

    if fact.kind == "count" and isinstance(value, list):
        counts = ", ".join(f"{name(seat)} {n}" for seat, n in enumerate(value) if n)
        return [say("%(fact)s: %(name)s", fact=word(fact.things), name=counts)]
    if fact.kind == "seat":
        return [say("%(fact)s: %(name)s", fact=word(fact.who), name=name(value))]
    if isinstance(value, list):
        names = ", ".join(name(seat) for seat in value)
        return [say("%(fact)s: %(name)s", fact=word(fact.who), name=names)]
    return []


def barbu_entry(scheme: Scheme, players: Sequence[str]) -> Describe:
    """A Tournament (or house scheme) hand in words: the contract, the facts (or the raw
    scores), the doubles."""

    def describe(entry: Mapping[str, Any]) -> str:
        contract = str(entry.get("contract", ""))
        label = contract_label(scheme, contract, entry.get("trump"), entry.get("start_rank"))
        parts = [label.text]
        if isinstance(entry.get("raw"), list):
            scores = ", ".join(
                f"{p} {signed(v)}" for p, v in zip(players, entry["raw"], strict=False)
            )
            parts.append(say("raw scores %(scores)s", scores=scores))
        for key, value in (entry.get("facts") or {}).items():
            parts += _fact_words(key, value, players)
        if entry.get("doubles"):
            notation = doubles_notation(entry["doubles"], short_names(players))
            parts.append(say("doubles %(doubles)s", doubles=notation))
        return ", ".join(parts)

    return describe


def bridge_entry(players: Sequence[str]) -> Describe:
    """A Barbu Bridge deal in words: its sub-game, the contract and result, the split."""
    sides = side_names(players)

    def describe(entry: Mapping[str, Any]) -> str:
        subgame = str(entry.get("subgame", ""))
        parts = [word(SUBGAME_NAMES[subgame])] if subgame in SUBGAME_NAMES else []
        bridge = entry.get("bridge")
        parts.append(f"{contract_text(bridge)} {result_text(bridge)}".strip())
        for key, value in (entry.get("barbu") or {}).items():
            if isinstance(value, dict) and key in SPLIT_CARDS:
                things = word(next(f.things for f in ALL if f.key == key))
                counts = ", ".join(f"{sides[s]} {n}" for s, n in value.items() if s in sides and n)
                parts.append(say("%(fact)s: %(name)s", fact=things, name=counts))
            elif isinstance(value, str) and value in sides:
                fact = next((f for f in ALL if f.key == key), None)
                what = word(fact.who) if fact else key
                parts.append(say("%(fact)s: %(name)s", fact=what, name=sides[value]))
        return ", ".join(parts)

    return describe


def _note_words(row: Mapping[str, Any], on: str) -> str:
    before, after = ((row.get(k) or {}).get("note") or "" for k in ("before", "after"))
    if not after:
        return say("note on %(on)s removed (it was: %(text)s)", on=on, text=before)
    if not before:
        return say("note on %(on)s: %(text)s", on=on, text=after)
    return say(
        "note on %(on)s changed: %(text)s (was: %(before)s)", on=on, text=after, before=before
    )


def _what(row: Mapping[str, Any], unit: Unit, describe: Describe) -> str:
    action, number = row["action"], row.get("number")
    entry = say("%(noun)s %(n)s", noun=unit.name().render(), n=number)
    if action == "add" and row.get("after"):
        return say("%(entry)s recorded: %(summary)s", entry=entry, summary=describe(row["after"]))
    if action == "correct" and row.get("after"):
        now, was = describe(row["after"]), describe(row.get("before") or {})
        text = "%(entry)s corrected: %(summary)s (was: %(before)s)"
        return say(text, entry=entry, summary=now, before=was)
    if action == "undo" and row.get("before"):
        summary = describe(row["before"])
        return say("%(entry)s undone (it was: %(summary)s)", entry=entry, summary=summary)
    if action == "end":
        ended = unit.ended(int(number or 0)).render()
        return ended[:1].lower() + ended[1:]
    if action == "create":
        return say("session started")
    if action == "rename":
        before, after = (row.get(k) or {} for k in ("before", "after"))
        return say(
            "%(before)s renamed %(after)s", before=before.get("player"), after=after.get("player")
        )
    if action == "substitute":
        before, after = (row.get(k) or {} for k in ("before", "after"))
        return say(
            "from %(entry)s, %(after)s takes the seat of %(before)s",
            entry=entry,
            before=before.get("player"),
            after=after.get("player"),
        )
    if action == "note":
        return _note_words(row, entry if number else say("the session"))
    if action == "new scorer's link":
        return say("new scorer's link made")
    if action == "scoring handed over":
        return say("scoring handed over to another phone")
    checks = {
        "confirm": N_("%(entry)s confirmed at the table"),
        "call": N_("the director called to the table (%(entry)s)"),
        "answer": N_("the director's call answered (%(entry)s)"),
    }
    return say(checks[action], entry=entry) if action in checks else str(action)


def history_lines(
    rows: Sequence[Mapping[str, Any]], unit: Unit, describe: Describe, owner: str | None = None
) -> list[Change]:
    """The history's rows (the store's, newest first) as lines to print. ``owner``: the
    player whose phone started the session (the new-session form's seat 1 is "you"): that
    phone is named after them ("Ada's phone"), any other by its tag."""
    started = next((row["who"] for row in rows if row["action"] == "create"), None)
    own = str(started) if owner and started and _PHONE.search(str(started)) else None
    mine = say("%(name)s's phone", name=owner) if own else ""
    return [
        Change(
            str(row["at"]),
            clock(str(row["at"])),
            mine if own == str(row["who"]) else who_said(str(row["who"])),
            _what(row, unit, describe),
        )
        for row in rows
    ]
