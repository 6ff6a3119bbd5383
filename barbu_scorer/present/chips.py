"""The names a table's chips show: each name whole when it fits its chip, else its
shortest prefix that still tells it from every other name at the table (Charlotte and
Charles read "Charlo" and "Charle"), never a cut with an ellipsis.

One rule for every place a player is named in little room: the hand form's chips, the
doubles chips, the score table's headings and the doubles notation, on screen and on
paper. The full name goes in the accessible label beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

LETTERS = {1: 12, 2: 12, 3: 8}
"""Letters a chip holds, by players at the table, at 390 px (DejaVu Sans, 16-17 px,
measured by tests/test_browser_chips.py): from four players on, a doubler's row holds
three names, "max" and "family" on one line when each name has five letters."""

FOLD_FROM = 5
"""From this many players the doubles fold behind one line on opening (each row would
take two lines and push the facts below the screen)."""


def chip_letters(players: int) -> int:
    """How many letters a player's chip holds at a table of ``players``."""
    return LETTERS.get(players, 5)


def _common(first: str, second: str) -> int:
    """How many leading characters two names share, case aside."""
    size = 0
    for a, b in zip(first, second, strict=False):
        if a.casefold() != b.casefold():
            break
        size += 1
    return size


def chip_names(names: Sequence[str], *, letters: int | None = None) -> tuple[str, ...]:
    """Each name whole when it has at most ``letters`` characters (by default what a chip
    holds at this table, ``chip_letters``), else cut to ``letters``, and longer where the
    cut would not tell two names apart: one letter past what it shares with any other
    name (case aside). A cut never ends on a space.

    Distinct names (as the name rule keeps them) give distinct chips, each a prefix of
    its name: where one name is the start of another ("Ann", "Anne"), the shorter is
    whole and the longer goes past it.
    """
    width = chip_letters(len(names)) if letters is None else max(1, letters)
    sizes = []
    for seat, name in enumerate(names):
        shared = max(
            (_common(name, other) for i, other in enumerate(names) if i != seat),
            default=0,
        )
        sizes.append(_past_space(name, min(len(name), max(width, shared + 1))))
    # rare: a letter that folds to two ("ß" reads as "ss"); the clashing chips grow until
    # they differ or are whole (two names the same, which the name rule refuses, stay so)
    while clash := _clash([name[:size] for name, size in zip(names, sizes, strict=True)]):
        grown = [_past_space(names[s], min(len(names[s]), sizes[s] + 1)) for s in clash]
        if grown == [sizes[s] for s in clash]:
            break
        for seat, size in zip(clash, grown, strict=True):
            sizes[seat] = size
    return tuple(name[:size] for name, size in zip(names, sizes, strict=True))


def _past_space(name: str, size: int) -> int:
    """``size``, or longer so that the cut does not end on a space."""
    while size < len(name) and name[size - 1].isspace():
        size += 1
    return size


def _clash(chips: Sequence[str]) -> list[int]:
    """The seats whose chips read the same (case aside) as another's."""
    seen: dict[str, list[int]] = {}
    for seat, chip in enumerate(chips):
        seen.setdefault(chip.casefold(), []).append(seat)
    return [seat for seats in seen.values() if len(seats) > 1 for seat in seats]


def doubles_open(players: int, made: bool, stepped: bool = False, large: bool = False) -> bool:
    """Whether the hand form opens with its doubles unfolded: at a table of up to four
    when the facts do not show one at a time (Salad's would not fit below the doubles)
    and the text is not large (at 1.18x the doubles of four push the facts under the
    footer), or once a double is made (the scorer is entering them)."""
    return made or (players < FOLD_FROM and not stepped and not large)
