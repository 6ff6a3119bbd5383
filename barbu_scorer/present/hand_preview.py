"""The hand form's live preview: the figures as the form stands, or why there are none
yet, with the implied counts the page marks and what is still to place."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from barbu_scorer.present.chips import chip_names
from barbu_scorer.present.explain import page_sections
from barbu_scorer.present.format import contract_label, signed
from barbu_scorer.present.session import name_seats
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.explain import explain_hand
from barbu_scorer.scoring.barbu.hands import (
    COUNT_KEYS,
    FACT_KEYS,
    count_total,
    implied_count,
    left_to_place,
)
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import Session, score_session
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.explained import Line
from barbu_scorer.scoring.text import read_signed


class Sitting(Protocol):
    """A session as the hand form needs it (the store's StoredSession is one)."""

    @property
    def scheme(self) -> Scheme: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def first_declarer(self) -> int: ...
    @property
    def entries(self) -> tuple[dict[str, Any], ...]: ...
    def score(self) -> Session: ...


@dataclass(frozen=True)
class Preview:
    """The hand's figures as the form stands, or why there are none yet."""

    ok: bool
    heads: tuple[str, ...]  # the players' names, short, for the figures' columns
    error: str = ""
    entry: dict[str, Any] | None = None
    raw: tuple[str, ...] = ()
    transfers: tuple[str, ...] = ()
    adjusted: tuple[str, ...] = ()
    sum: str = ""
    left: tuple[tuple[int, str], ...] = ()  # (how many, of what) still to place
    implied: dict[str, int] = field(default_factory=dict)  # field -> implied count
    heading: str = ""  # the hand's explanation (what a tapped figure opens): its heading
    why: tuple[tuple[str, tuple[Line, ...]], ...] = ()  # and its sections


def _lenient(text: str | None) -> int | None:
    # ASCII digits only, and few enough to read: anything else is simply not a count yet.
    return read_signed((text or "").strip())


def posted_counts(data: Mapping[str, str], key: str, players: int) -> list[int | None]:
    """The counts of ``key`` the form holds, a blank or unreadable one as None."""
    return [_lenient(data.get(f"{key}-{seat}")) for seat in range(players)]


def implied(scheme: Scheme, contract: str, data: Mapping[str, str]) -> dict[str, int]:
    """The implied count of each counted fact, by the field it would fill."""
    out = {}
    for key in (k for k in FACT_KEYS.get(contract, ()) if k in COUNT_KEYS):
        found = implied_count(posted_counts(data, key, scheme.players), count_total(scheme, key))
        if found is not None:
            out[f"{key}-{found[0]}"] = found[1]
    return out


def _left(scheme: Scheme, contract: str, data: Mapping[str, str]) -> tuple[tuple[int, str], ...]:
    counts = {
        key: left_to_place(posted_counts(data, key, scheme.players), count_total(scheme, key))
        for key in FACT_KEYS.get(contract, ())
        if key in COUNT_KEYS
    }
    return tuple((n, key) for key, n in counts.items() if n)


def hand_preview(
    stored: Sitting,
    number: int,
    contract: str,
    data: Mapping[str, str],
    read: Callable[[], dict[str, Any]],
) -> Preview:
    """The preview of hand ``number`` with the entry ``read()`` gives (the form's reading).

    A correction is scored with every later hand too, since they must stay possible.
    """
    scheme, found = stored.scheme, implied(stored.scheme, contract, data)
    heads = chip_names(stored.players)
    try:
        entry = read()
        entries = [*stored.entries[: number - 1], entry, *stored.entries[number:]]
        session = score_session(
            scheme, stored.first_declarer, [read_hand(e, i + 1) for i, e in enumerate(entries)]
        )
        hand = session.hands[number - 1]
    except ScoringError as error:
        message = error.message if error.hand in (None, number) else str(error)
        error_text = name_seats(message, stored.players)
        return Preview(False, heads, error_text, left=_left(scheme, contract, data), implied=found)
    explained = explain_hand(session, stored.players, number)
    return Preview(
        True,
        heads,
        entry=entry,
        heading=explained.heading.says.render(),
        why=tuple(page_sections(explained, None, stored.players)),
        raw=tuple(signed(x) for x in hand.raw),
        transfers=tuple(signed(x) for x in hand.transfers),
        adjusted=tuple(signed(x) for x in hand.adjusted),
        sum=signed(sum(hand.raw)),
        implied=found,
    )


@dataclass(frozen=True)
class Version:
    """One way hand ``number`` could read: its contract and each player's figure."""

    label: str
    figures: tuple[tuple[str, str], ...]  # (player, adjusted score)


def both_versions(stored: Sitting, number: int, mine: Preview) -> tuple[Version, Version]:
    """The hand recorded under ``number`` and the one this phone holds, side by side, so
    the scorer chooses which stays (a hand saved offline that met another one)."""
    session = stored.score()
    recorded = session.hands[number - 1]
    entry = mine.entry or {}
    theirs = Version(
        contract_label(
            stored.scheme, recorded.entry.contract, recorded.entry.trump, recorded.entry.start_rank
        ).text,
        tuple((p, signed(x)) for p, x in zip(stored.players, recorded.adjusted, strict=True)),
    )
    ours = Version(
        contract_label(
            stored.scheme, str(entry.get("contract")), entry.get("trump"), entry.get("start_rank")
        ).text,
        tuple(zip(stored.players, mine.adjusted, strict=True)),
    )
    return theirs, ours
