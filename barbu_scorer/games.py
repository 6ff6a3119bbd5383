"""The registry of games, format id -> ``Game``: the one place that tells Tournament Barbu
(``barbu-session/1``, any scheme) from Barbu Bridge (``barbu-bridge/1``). Callers ask it
which game a document or a stored session plays and call that game's parts. The store and
the printer are imported on first use: scoring a document loads the rules only."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from barbu_scorer.paper.exports import bridge_csv, document_csv
from barbu_scorer.scoring.barbu import document as tournament
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.bridge import document as bridge
from barbu_scorer.scoring.bridge.deals import DEALS
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.envelope import bare
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.players import session_name
from barbu_scorer.scoring.units import DEAL, HAND, Unit

if TYPE_CHECKING:
    from sqlite_utils import Database

    from barbu_scorer.store.rows import EntryWrites

SchemeLookup = tournament.SchemeLookup
Computed = TypeVar("Computed", ComputedDocument, ComputedBridge)
"""A game's computed document: ``ComputedDocument`` (Tournament), ``ComputedBridge``."""
Kept = TypeVar("Kept", ComputedDocument, ComputedBridge, covariant=True)


class Stored(Protocol[Kept]):
    """A stored session of either game, as far as the registry's callers need it."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def created(self) -> str: ...
    @property
    def version(self) -> int: ...
    def score(self) -> Any: ...
    def document(self, scored: Any = None, /) -> Kept: ...


@dataclass(frozen=True)
class Pages:
    """The endpoints (Flask's names, as text) of one game's pages: ``<blueprint>.<page>``."""

    new: str
    scorer: str
    watch: str
    claim: str
    changes: str
    tv: str


@dataclass(frozen=True)
class Game(Generic[Computed]):
    """One game: its document format, its words, and how each layer reads, stores and
    prints it (typed by its computed document)."""

    format: str
    """The document's ``format`` and the stored row's."""
    unit: Unit
    """What one entry is called, in every phrase that says it (``HAND``, ``DEAL``)."""
    pages: Pages
    compute: Callable[[Any], Computed]
    """A document (as entered or exported) checked and scored, every field computed."""
    create: Callable[[Database, Mapping[str, Any], str, SchemeLookup | None], tuple[str, str]]
    """Store a document (without the store's keys) as a new session so named: id, key."""
    load: Callable[[Database, str], Stored[Computed] | None]
    """A stored session of this game, or None."""
    numbered: Callable[[Any], Any]
    """An API body with its entry's number under "number"."""
    entry: Callable[[Any, int], Any]
    """An API body as the entry numbered so, ready for ``add`` and ``replace``."""
    add: Callable[[Database, str, int, Any, str, int | None], bool]
    replace: Callable[[Database, str, int, Any, str, int | None], None]
    undo: Callable[[Database, str, int, str, int | None], None]
    length: Callable[[Mapping[str, Any]], int]
    """How many entries a session has, from the settings stored with it."""
    pdf: Callable[[Computed, str | None, str | None, str], bytes]
    """The printed sheet of a computed document (a stored session's ``document()``, not
    scored again): name, date (None: today) and paper."""
    csv: Callable[[Computed], str]
    """A computed document as CSV, for spreadsheets."""
    store: str
    """The store's module of this game's sessions (``store.<store>``, loaded on first use)."""

    @property
    def noun(self) -> str:
        """The entry's noun as a message id ("hand", "deal"): ``unit.noun``."""
        return self.unit.noun

    @property
    def writes(self) -> EntryWrites[Any, Any]:
        """The game's part in the store's shared writes (its ``WRITES``): the same unit,
        its sessions' loader and its rules' check of an entry."""
        found: EntryWrites[Any, Any] = import_module(f"barbu_scorer.store.{self.store}").WRITES
        return found


AnyGame = Game[Any]
"""A game of either kind, as the registry's lookups return it: each game's own parts are
typed by its document (``Game[ComputedDocument]``, ``Game[ComputedBridge]``), and a caller
holding either passes one game's computed document back to the same game's parts."""


def _stored(module: str, name: str) -> Callable[..., Any]:
    """Function ``name`` of ``store.<module>``, imported when first called: the registry
    loads no database code until a session is stored or read."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(f"barbu_scorer.store.{module}"), name)(*args, **kwargs)

    return call


def _create_session(
    db: Database, doc: Mapping[str, Any], name: str, lookup: SchemeLookup | None
) -> tuple[str, str]:
    from barbu_scorer.store.sessions import create_session

    scheme, players, first, entries = tournament.read_document(doc, lookup)
    ref = doc["scheme"] if isinstance(doc.get("scheme"), str) else scheme.id
    stored, key = create_session(
        db,
        players=players,
        scheme=scheme,
        scheme_ref=ref,
        first_declarer=first,
        name=name,
        entries=entries,
    )
    return stored.id, key


def _sheet(computed: ComputedDocument, name: str | None, date: str | None, paper: str) -> bytes:
    from barbu_scorer.paper.pdf import computed_sheet_pdf

    return computed_sheet_pdf(computed, name=name, date=date, paper=paper)


TOURNAMENT: Game[ComputedDocument] = Game(
    format=tournament.FORMAT,
    unit=HAND,
    pages=Pages(*(f"sessions.{page.name}" for page in fields(Pages))),
    compute=tournament.compute_document,
    create=_create_session,
    load=_stored("sessions", "load"),
    numbered=lambda body: body,
    entry=tournament.read_hand,
    add=_stored("sessions", "add_hand"),
    replace=_stored("sessions", "replace_hand"),
    undo=_stored("sessions", "delete_last"),
    length=lambda settings: scheme_from_dict(settings).hands,
    pdf=_sheet,
    csv=document_csv,
    store="sessions",
)


def _create_bridge(
    db: Database, doc: Mapping[str, Any], name: str, _lookup: SchemeLookup | None
) -> tuple[str, str]:
    from barbu_scorer.store.bridge import create

    document = bridge.read_bridge_document(doc)
    stored, key = create(
        db,
        players=document.players,
        first_dealer=document.first_dealer,
        name=name,
        deals=doc["deals"],
        unfinished_partscore=document.unfinished_partscore,
    )
    return stored.id, key


def _pad(computed: ComputedBridge, name: str | None, date: str | None, paper: str) -> bytes:
    from barbu_scorer.paper.pad import computed_pad_pdf

    today = datetime.date.today().isoformat()  # as the Tournament sheet does
    return computed_pad_pdf(computed, name=name, date=date or today, paper=paper)


def _deal_numbered(body: Any) -> Any:
    """The body with its deal number under "number" (a deal may give it as "deal")."""
    if isinstance(body, Mapping) and "number" not in body and "deal" in body:
        return {**body, "number": body["deal"]}
    return body


def _deal_of(body: Any, _number: int) -> Any:
    """The deal itself: the body without the API's "number" (the rules read it whole)."""
    if isinstance(body, Mapping):
        return {key: value for key, value in body.items() if key != "number"}
    return body


BARBU_BRIDGE: Game[ComputedBridge] = Game(
    format=bridge.FORMAT,
    unit=DEAL,
    pages=Pages(*(f"bridge.{page.name}" for page in fields(Pages))),
    compute=lambda doc: bridge.compute_bridge_document(bare(doc)),
    create=_create_bridge,
    load=_stored("bridge", "load"),
    numbered=_deal_numbered,
    entry=_deal_of,
    add=_stored("bridge", "add_deal"),
    replace=_stored("bridge", "replace_deal"),
    undo=_stored("bridge", "delete_last"),
    length=lambda _settings: DEALS,
    pdf=_pad,
    csv=bridge_csv,
    store="bridge",
)


GAMES: dict[str, AnyGame] = {game.format: game for game in (TOURNAMENT, BARBU_BRIDGE)}


def game_of_document(doc: object) -> AnyGame:
    """The game a document plays, by its "format"; Tournament Barbu when it names no other
    game (its reader then says what is wrong with the format)."""
    found = doc.get("format") if isinstance(doc, Mapping) else None
    return GAMES.get(found, TOURNAMENT) if isinstance(found, str) else TOURNAMENT


def game_of_session(db: Database, session_id: str) -> AnyGame | None:
    """The game a stored session plays, or None when there is no such session."""
    from barbu_scorer.store.rows import format_of

    found = format_of(db, session_id)
    return None if found is None else GAMES.get(found)


def load(db: Database, session_id: str) -> tuple[AnyGame, Stored[Any]] | None:
    """A stored session of either game with its game, or None."""
    game = game_of_session(db, session_id)
    stored = game.load(db, session_id) if game is not None else None
    return None if game is None or stored is None else (game, stored)


def page_for(endpoint: str, game: AnyGame) -> str | None:
    """The page of ``game`` that does what ``endpoint`` does for some game, or None."""
    for other in GAMES.values():
        for page in fields(Pages):
            if getattr(other.pages, page.name) == endpoint:
                return str(getattr(game.pages, page.name))
    return None


def import_document(db: Database, doc: Any, lookup: SchemeLookup | None = None) -> tuple[str, str]:
    """Store a whole document (checked first: nothing is stored if any entry is wrong).

    Returns the new session's id and its edit key.
    """
    if not isinstance(doc, Mapping):
        raise refused("the document must be a JSON object")
    game, name = game_of_document(doc), session_name(doc.get("name", ""))
    noted = _stored("notes", "created_with_notes")  # the notes checked, in one transaction
    return tuple(noted(db, bare(doc), lambda body: game.create(db, body, name, lookup)))


def export_document(db: Database, session_id: str) -> dict[str, Any] | None:
    """The computed document of a stored session of either game, its notes in, or None."""
    found, noted = load(db, session_id), _stored("notes", "with_notes")
    return dict(noted(db, session_id, found[1].document())) if found else None


def summaries(db: Database, ids: Sequence[str]) -> list[dict[str, Any]]:
    """This device's sessions for the home page, newest first: the store's summaries with
    each one's length, the next entry's number, where it stands in its game's words
    ("hand 3 of 28", a Message) and its game's pages."""
    from barbu_scorer.store.sessions import summaries as stored_summaries

    out = []
    for row in stored_summaries(db, ids):
        game = GAMES[row["format"]]
        try:
            length = game.length(row["scheme"])
        except ScoringError:  # stored past today's limits: its own pages say so
            length = 0
        after = row["recorded"] + 1
        progress = game.unit.of(after, length)
        out.append(
            {**row, "hands": length, "next": after, "progress": progress, "pages": game.pages}
        )
    return out
