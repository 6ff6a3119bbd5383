"""The paper sizes a sheet or a pad prints on, listed once: the command line's ``--paper``
choices, the sheet's and the pad's page size and the pages' ``?paper=`` all read this.
Nothing imported, so the command line pays nothing for it."""

from __future__ import annotations

PAPER_SIZES: dict[str, str] = {"A4": "A4", "Letter": "letter"}
"""Each paper as a reader names it -> its CSS page size."""
PAPERS: dict[str, str] = {name.casefold(): css for name, css in PAPER_SIZES.items()}
"""What a reader may ask (any case) -> CSS."""


def paper_size(paper: str) -> str:
    """The CSS page size of a paper asked for ("A4", "letter" in any case); a ValueError
    naming the sizes for any other."""
    found = PAPERS.get(str(paper).casefold())
    if found is None:
        raise ValueError(f"paper must be {' or '.join(PAPER_SIZES)}, not {paper!r}")
    return found
