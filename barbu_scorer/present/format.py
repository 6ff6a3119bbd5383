"""One formatter per idea, for the screen and the paper alike: signed scores, red suits,
initials, doubles, contract labels, values."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from babel.dates import format_date
from babel.numbers import format_decimal

from barbu_scorer.present.sheet_model import Contract, Num, Segment
from barbu_scorer.scoring import figures
from barbu_scorer.scoring.barbu.cards import SUIT_SYMBOLS
from barbu_scorer.scoring.barbu.contracts import CATALOGUE, Signed
from barbu_scorer.scoring.barbu.schemes import MIN_PLAYERS, Scheme
from barbu_scorer.scoring.messages import N_, Message, Word, active_locale, say, word
from barbu_scorer.scoring.text import read_count

RED_SUITS = frozenset("♥♦")
BLACK_SUITS = frozenset("♠♣")


def day(iso: str) -> str:
    """A date (ISO ``2025-03-14``) as the reader's language writes it: English keeps the
    ISO form; French is Babel's long date (``14 mars 2025``). Not a date: as given."""
    locale = active_locale()
    if locale == "en":
        return iso
    try:
        return format_date(datetime.date.fromisoformat(iso[:10]), "long", locale=locale)
    except ValueError:
        return iso


def figure(value: int) -> str:
    """A whole number as the reader's language groups it (Babel: ``1 250`` in French);
    English keeps the app's ungrouped figures."""
    locale = active_locale()
    return str(value) if locale == "en" else format_decimal(value, locale=locale)


def signed(value: int) -> str:
    """A signed figure as every page and the paper write it: ``+12``, ``−6`` (true minus),
    ``0``, its digits grouped as the reader's language groups them (``+1 250`` in French).
    The sign is :mod:`scoring.figures`' (the rules' messages write it the same way)."""
    return figures.signed(value, figure)


def money(cents: int) -> str:
    """An amount of money from cents, as the stake and every payment write it: "4.20",
    "0.05", "−0.05" (a true minus, no "+")."""
    return figures.with_sign(cents, f"{abs(cents) // 100}.{abs(cents) % 100:02}", plus=False)


def place(number: int, tied: bool) -> str:
    """A place as every ranking writes it: ``3``, or ``=3`` when another shares it."""
    return f"={number}" if tied else str(number)


def minute(stamp: str) -> str:
    """An ISO timestamp to the minute, as the lists print it: ``2025-03-14 20:05``."""
    return stamp[:16].replace("T", " ")


def num(value: int) -> Num:
    """A signed score with its sign for styling: ``+12`` pos, ``−6`` neg, ``0`` zero."""
    return Num(value, signed(value), "pos" if value > 0 else "neg" if value < 0 else "zero")


def segments(text: str, *, black: bool = False) -> tuple[Segment, ...]:
    """Text split so that the red suits (♥ ♦) can be printed in red.

    With ``black``, the black suits (♠ ♣) are runs of their own too (``Segment.black``),
    for the screen, which gives each suit its colour.
    """
    out: list[Segment] = []
    run = ""
    for ch in text:
        if ch in RED_SUITS or (black and ch in BLACK_SUITS):
            if run:
                out.append(Segment(run))
            out.append(Segment(ch, red=ch in RED_SUITS, black=ch in BLACK_SUITS))
            run = ""
        else:
            run += ch
    if run:
        out.append(Segment(run))
    return tuple(out)


def short_names(names: Sequence[str]) -> tuple[str, ...]:
    """The shortest distinct initials (up to 3 letters), else initial and seat number: the
    paper's key to its columns, each beside the full name (a chip's name is
    ``present.chips.chip_names``)."""
    keys = ["".join(ch for ch in n if ch.isalnum()) or n.strip() or "?" for n in names]
    for width in (1, 2, 3):
        shorts = [k[:width] for k in keys]
        if len({s.casefold() for s in shorts}) == len(shorts):
            return tuple(s[:1].upper() + s[1:].lower() for s in shorts)
    return tuple(f"{k[:1].upper()}{seat + 1}" for seat, k in enumerate(keys))


def doubles_notation(doubles: Sequence[Sequence[int]], shorts: Sequence[str]) -> str:
    """Doubles as scorers write them: ``B×A`` (B doubles A), ``C⇄A`` (both ways)."""
    pairs = [(int(a), int(b)) for a, b in doubles]
    done: set[tuple[int, int]] = set()
    parts: list[str] = []
    for a, b in pairs:
        if (a, b) in done:
            continue
        both = (b, a) in pairs
        parts.append(f"{shorts[a]}{'⇄' if both else '×'}{shorts[b]}")
        done.update({(a, b), (b, a)} if both else {(a, b)})
    return ", ".join(parts)


SEAT_NAMES = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}


class Seat(str):
    """A seat's letter: "N", "E", "S", "W" in the code and the documents; a reader sees
    the first letter of the seat's name in their language (``W`` is ``O``, Ouest)."""

    __slots__ = ()

    def __html__(self) -> str:  # Jinja prints it in the page's language
        return seat_letter(self)


def seat_letter(seat: str) -> str:
    """The seat's letter in the active language: N E S W, or N E S O in French."""
    return word(SEAT_NAMES[seat])[:1]


FACE_NAMES = {"J": N_("Jack"), "Q": N_("Queen"), "K": N_("King"), "A": N_("Ace")}


def rank_letter(rank: str) -> str:
    """A card's rank as the reader writes it: the first letter of the card's name, so
    J Q K A in English and V D R A in French (Valet, Dame, Roi, As); numbers stay."""
    name = FACE_NAMES.get(rank)
    return word(name)[:1] if name else rank


def contract_label(
    scheme: Scheme,
    contract: str,
    trump: str | None = None,
    start_rank: str | None = None,
    *,
    short: bool = False,
    implied_start: bool = False,
) -> Contract:
    """A contract as announced, for the screen and the paper alike.

    The label carries the contract's name, its trump suit (``suit``, ``red``) or Dominoes
    starting rank (``rank``), and ``text``, the one line the screen prints:
    "Trumps ♠", "Dominoes from 7"; with ``short``, the catalogue's short name and no
    "from" ("Queens", "Dominoes 7"). With ``implied_start``, a Dominoes hand that names
    no rank under a fixed start shows the fixed 7♦ (the sheet does; the screen does not).
    """
    info = CATALOGUE.get(contract)
    name = word(info.short) if short and info is not None else scheme.name_of(contract)
    rank = rank_letter(start_rank or "")
    suit = SUIT_SYMBOLS.get(trump, "") if isinstance(trump, str) else ""
    starts = info is not None and info.announces == "start_rank"
    if starts and not rank and implied_start and scheme.dominoes_start == "fixed":
        suit, rank = "♦", "7"
    text = name
    if rank:
        text = f"{text} {rank}" if short else say("%(name)s from %(rank)s", name=name, rank=rank)
    if suit:
        text += suit if rank else f" {suit}"
    return Contract(contract, name, suit, suit in RED_SUITS, rank, text)


def values_text(scheme: Scheme, contract: str) -> str:
    """A contract's values in a few words: ``−2 a heart, A♥ −6`` (the catalogue's words,
    their figures signed as the reader's language writes them). The one writer: the
    sheet, the scheme editor and the schemes' list all say it so."""
    if scheme.custom_contract(contract) is not None:
        return say("entered as raw scores")
    info = CATALOGUE.get(contract)
    if info is None:
        return ""
    words = info.words(scheme)
    params = {key: _signed_run(value) for key, value in words.params.items()}
    return Message(words.msgid, params).render()


def _signed_run(value: object) -> object:
    if isinstance(value, Signed):
        return value.sep.join(num(v).text for v in value.values)
    return value


# What each opponent takes of an undoubled negative settled without play, by their number.
OPPONENTS_SHARE = {2: N_("half"), 3: N_("a third"), 4: N_("a quarter")}


def undoubled_words(players: object) -> str:
    """How an undoubled negative is settled without play, for ``players`` at the table:
    each opponent takes a third of its total at four, half at three (the rules' share,
    ``scoring.barbu.hands.undoubled_raw``); an equal share for a count not yet chosen."""
    count = read_count(str(players), digits=2)
    opponents = count - 1 if count is not None and count >= MIN_PLAYERS else None
    if opponents is None:
        share = word(N_("an equal share"))
    else:
        share = (
            word(OPPONENTS_SHARE[opponents]) if opponents in OPPONENTS_SHARE else f"1/{opponents}"
        )
    return say(
        "If nobody doubles a negative contract it is not played: each opponent takes "
        "%(share)s of its total, the declarer the rest.",
        share=share,
    )


def scheme_name(name: str) -> str:
    """A scheme's name as printed in text: a built-in's (a ``Word``) in the reader's
    language, a house scheme's as typed. (A ``Word`` joined to other text, or formatted
    into a message, would stay English.)"""
    return word(name) if isinstance(name, Word) else name
