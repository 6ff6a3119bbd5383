"""Builders for session documents and an independent reading of the rules, from the SPEC.

Nothing here calls the engine: the values are copied from SPEC sections 1 and 2, and
raw scores, settlement and totals are worked out afresh, so the tests compare the
engine against a second, simpler implementation.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]  # the checkout
DATA = ROOT / "tests" / "data"  # the tests' sample files
TESTS = ROOT / "tests"

FORMAT = "barbu-session/1"
PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
NEGATIVES = ("no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts")
POSITIVES = ("trumps", "dominoes")
TOURNAMENT = (*NEGATIVES, "trumps", "dominoes")
SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS_52 = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_32 = RANKS_52[5:]

Facts = dict[str, Any]
Doubles = list[tuple[int, int]]


@dataclass(frozen=True)
class Spec:
    """A built-in scheme as SPEC section 2 states it (4 players, 52 cards)."""

    contracts: tuple[str, ...] = TOURNAMENT
    trick: int = -2
    queen: int = -6
    penultimate: int = -10
    last: int = -20
    heart: int = -2
    ace: int = -6
    king: int = -20
    trumps_trick: int = 5
    awards: tuple[int, ...] = (45, 20, 5, -5)
    shares: tuple[int, ...] = (-36, -18, -12, -9)
    fixed_order: bool = False
    doubling: bool = True
    quota: int = 2
    totals: dict[str, int] = field(default_factory=dict)


SPEC: dict[str, Spec] = {
    "tournament": Spec(),
    "ravage_city": Spec(contracts=(*TOURNAMENT, "ravage_city")),
    "brader": Spec(
        contracts=(*TOURNAMENT, "ravage_city"),
        trick=-5,
        queen=-15,
        heart=-4,
        ace=-12,
        king=-25,
        awards=(40, 20, 0, -20),
    ),
    "kh15_dom40": Spec(king=-15, awards=(40, 20, 10, -10)),
    "dom30_kh15": Spec(king=-15, awards=(30, 20, 10, 0)),
    "french_classic": Spec(
        contracts=(
            "no_tricks",
            "no_hearts",
            "no_queens",
            "no_king_of_hearts",
            "no_last_two",
            "salad",
            "dominoes",
        ),
        fixed_order=True,
        doubling=False,
        quota=0,
    ),
    "no_dominoes": Spec(contracts=(*NEGATIVES, "trumps")),
    "no_trumps": Spec(contracts=(*NEGATIVES, "dominoes")),
}


def document(
    hands: list[dict[str, Any]],
    scheme: Any = "tournament",
    players: list[str] | None = None,
    first_declarer: int = 0,
) -> dict[str, Any]:
    """A session document around some hands."""
    return {
        "format": FORMAT,
        "players": list(players or PLAYERS),
        "scheme": scheme,
        "first_declarer": first_declarer,
        "hands": hands,
    }


# -- the rules, read again from the SPEC ---------------------------------------------------
def spec_raw(spec: Spec, contract: str, facts: Facts, players: int = 4) -> list[int]:
    """Raw scores from facts, straight from the SPEC's table."""
    raw = [0] * players
    if contract == "salad":
        for part in NEGATIVES:
            raw = [a + b for a, b in zip(raw, spec_raw(spec, part, facts, players), strict=True)]
        return raw
    if contract in ("no_tricks", "trumps"):
        per = spec.trick if contract == "no_tricks" else spec.trumps_trick
        return [per * t for t in facts["tricks"]]
    if contract == "no_queens":
        return [spec.queen * q for q in facts["queens"]]
    if contract == "no_hearts":
        ace = facts["ace_of_hearts"]
        return [
            spec.heart * (h - 1) + spec.ace if seat == ace else spec.heart * h
            for seat, h in enumerate(facts["hearts"])
        ]
    if contract == "no_last_two":
        raw[facts["penultimate"]] += spec.penultimate
        raw[facts["last"]] += spec.last
        return raw
    if contract == "no_king_of_hearts":
        raw[facts["king_of_hearts"]] = spec.king
        return raw
    if contract == "dominoes":
        order = list(facts["order"])
        order += [s for s in range(players) if s not in order]
        for place, seat in enumerate(order):
            raw[seat] = spec.awards[place]
        return raw
    if contract == "ravage_city":
        for seat in facts["most_cards"]:
            raw[seat] = spec.shares[len(facts["most_cards"]) - 1]
        return raw
    raise AssertionError(contract)


def spec_settle(raw: list[int], doubles: Doubles) -> list[int]:
    """Pairwise settlement: per pair, the lower raw pays k x the difference to the higher."""
    given = set(doubles)
    transfers = [0] * len(raw)
    for a in range(len(raw)):
        for b in range(a + 1, len(raw)):
            k = ((a, b) in given) + ((b, a) in given)
            if raw[a] > raw[b]:
                transfers[a] += k * (raw[a] - raw[b])
                transfers[b] -= k * (raw[a] - raw[b])
            elif raw[b] > raw[a]:
                transfers[b] += k * (raw[b] - raw[a])
                transfers[a] -= k * (raw[b] - raw[a])
    return transfers


@dataclass
class Expected:
    """What a document should score to, worked out independently."""

    raw: list[list[int]] = field(default_factory=list)
    adjusted: list[list[int]] = field(default_factory=list)
    totals: list[list[int]] = field(default_factory=list)
    declarers: list[int] = field(default_factory=list)
    quota: list[dict[str, Any]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    complete: bool = False


def expected_scores(doc: dict[str, Any], spec: Spec) -> Expected:
    """Raw, adjusted, running totals, quota and winners of a 4-player built-in document."""
    out = Expected()
    per_block = len(spec.contracts)
    running = [0, 0, 0, 0]
    for index, hand in enumerate(doc["hands"]):
        declarer = (doc.get("first_declarer", 0) + index // per_block) % 4
        if "facts" in hand:
            raw = spec_raw(spec, hand["contract"], hand["facts"])
        else:
            raw = list(hand["raw"])
        doubles = [(a, b) for a, b in hand.get("doubles", [])]
        adjusted = [r + t for r, t in zip(raw, spec_settle(raw, doubles), strict=True)]
        running = [t + a for t, a in zip(running, adjusted, strict=True)]
        out.declarers.append(declarer)
        out.raw.append(raw)
        out.adjusted.append(adjusted)
        out.totals.append(running)
        if index % per_block == 0:
            out.quota.append({"declarer": declarer, "laid": [0, 0, 0, 0]})
        for doubler, doubled in doubles:
            if doubled == declarer:
                out.quota[-1]["laid"][doubler] += 1
    for block in out.quota:
        laid = block["laid"]
        laid[block["declarer"]] = None
        block["owed"] = [None if c is None else max(0, spec.quota - c) for c in laid]
    out.complete = len(doc["hands"]) == 4 * per_block
    if out.complete:
        out.winners = [s for s in range(4) if running[s] == max(running)]
    return out


# -- random legal play -------------------------------------------------------------------
def composition(rng: random.Random, total: int, seats: list[int], players: int) -> list[int]:
    """``total`` things shared among ``seats`` (the other seats take none)."""
    counts = [0] * players
    if not seats:
        return counts
    style = rng.random()
    if style < 0.15:
        counts[rng.choice(seats)] = total  # one player takes everything
        return counts
    for _ in range(total):
        counts[rng.choice(seats)] += 1
    return counts


def random_facts(
    rng: random.Random,
    contract: str,
    players: int = 4,
    tricks: int = 13,
    hearts: int = 13,
    queens: int = 4,
) -> Facts:
    """Legal facts for a contract, as a scorer would enter them."""
    everyone = list(range(players))
    if contract in ("no_tricks", "trumps"):
        return {"tricks": composition(rng, tricks, everyone, players)}
    if contract == "no_queens":
        return {"queens": composition(rng, queens, everyone, players)}
    if contract == "no_hearts":
        taken = composition(rng, hearts, everyone, players)
        return {"hearts": taken, "ace_of_hearts": rng.choice([s for s in everyone if taken[s]])}
    if contract == "no_last_two":
        return {"penultimate": rng.randrange(players), "last": rng.randrange(players)}
    if contract == "no_king_of_hearts":
        return {"king_of_hearts": rng.randrange(players)}
    if contract == "dominoes":
        order = rng.sample(everyone, players)
        return {"order": order if rng.random() < 0.5 else order[:-1]}
    if contract == "ravage_city":
        # At most as many players tie as took tricks (SPEC section 1).
        return {"most_cards": rng.sample(everyone, rng.randint(1, min(players, tricks)))}
    if contract == "salad":
        return random_salad(rng, players, tricks, hearts, queens)
    raise AssertionError(contract)


def salad_fits(facts: Facts, players: int) -> bool:
    """SPEC section 1: some seat holds Q♥ (a queen, and a heart beyond A♥ and K♥), and
    every seat's scoring cards fit in its tricks (Q♥ counted once)."""
    spare = [
        h - (i == facts["ace_of_hearts"]) - (i == facts["king_of_hearts"])
        for i, h in enumerate(facts["hearts"])
    ]
    return any(
        facts["queens"][q]
        and spare[q] > 0
        and all(
            facts["hearts"][i] + facts["queens"][i] - (i == q) <= players * facts["tricks"][i]
            for i in range(players)
        )
        for q in range(players)
    )


def random_salad(
    rng: random.Random, players: int = 4, tricks: int = 13, hearts: int = 13, queens: int = 4
) -> Facts:
    """Salad facts that hang together (SPEC section 1), drawn until they do."""
    while True:
        facts = _salad_draw(rng, players, tricks, hearts, queens)
        if salad_fits(facts, players):
            return facts


def _salad_draw(rng: random.Random, players: int, tricks: int, hearts: int, queens: int) -> Facts:
    took = composition(rng, tricks, list(range(players)), players)
    winners = [s for s in range(players) if took[s]]
    hearts_taken = composition(rng, hearts, winners, players)
    ace = rng.choice([s for s in winners if hearts_taken[s]])
    # K♥ is a heart: its taker took a heart other than A♥.
    king = rng.choice([s for s in winners if hearts_taken[s] - (s == ace) >= 1])
    penultimate = rng.choice(winners)
    last = rng.choice([s for s in winners if s != penultimate or took[s] >= 2])
    return {
        "tricks": took,
        "queens": composition(rng, queens, winners, players),
        "hearts": hearts_taken,
        "ace_of_hearts": ace,
        "king_of_hearts": king,
        "penultimate": penultimate,
        "last": last,
    }


def random_doubles(
    rng: random.Random,
    positive: bool,
    declarer: int,
    players: int = 4,
    targets: str = "anyone",
    redouble: str = "free",
    rate: float = 0.4,
) -> Doubles:
    """Legal doubles by the rules of SPEC section 1 (and the scheme's two options)."""
    doubles: Doubles = []
    for step in range(1, players):
        doubler = (declarer + step) % players
        for doubled in range(players):
            if doubled == doubler:
                continue
            if doubled != declarer and (positive or targets == "declarer"):
                continue
            if rng.random() < rate:
                doubles.append((doubler, doubled))
    against = [a for a, b in doubles if b == declarer]
    if redouble == "cover":
        if against and rng.random() < 0.5:
            doubles += [(declarer, a) for a in against]
    else:
        doubles += [(declarer, a) for a in against if rng.random() < 0.5]
    return doubles


def session_document(scheme_id: str, seed: int, hands: int | None = None) -> dict[str, Any]:
    """A complete (or ``hands``-long) legal session of a built-in, with a mix of entries.

    Facts, raw scores and both are used in turn; doubles and redoubles where the
    scheme allows them; some hands state their declarer.
    """
    spec = SPEC[scheme_id]
    rng = random.Random(seed)
    first = rng.randrange(4)
    per_block = len(spec.contracts)
    out: list[dict[str, Any]] = []
    for block in range(4):
        declarer = (first + block) % 4
        contracts = list(spec.contracts)
        if not spec.fixed_order:
            rng.shuffle(contracts)
        for contract in contracts:
            facts = random_facts(rng, contract)
            hand: dict[str, Any] = {"contract": contract}
            if contract == "trumps":
                hand["trump"] = rng.choice(SUITS)
            if contract == "dominoes":
                hand["start_rank"] = rng.choice(RANKS_52)
            style = (len(out) + block) % 3
            if style in (0, 2):
                hand["facts"] = facts
            if style in (1, 2):
                hand["raw"] = spec_raw(spec, contract, facts)
            if spec.doubling:
                positive = contract in POSITIVES
                hand["doubles"] = [list(d) for d in random_doubles(rng, positive, declarer)]
            if rng.random() < 0.3:
                hand["declarer"] = declarer
            out.append(hand)
    limit = 4 * per_block if hands is None else hands
    return document(out[:limit], scheme=scheme_id, first_declarer=first)


def shown(total: int) -> str:
    """A figure as the pages and the sheet print it: ``+12``, ``−12`` (true minus), ``0``."""
    return f"+{total}" if total > 0 else f"\u2212{-total}" if total < 0 else "0"


def figure(text: str) -> int:
    """The number a page prints, read back (true minus or ASCII hyphen)."""
    return int(text.strip().replace("\u2212", "-").replace("+", ""))


def pdf_pages(pdf: bytes) -> list[str]:
    """The text of each page of a PDF, as poppler's pdftotext reads it (``-layout``: a row of
    a table on one line). pypdf's extract_text read the same text ten times slower (0.42 s
    of CPU against 0.04 s for a 28-hand sheet)."""
    done = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return done.stdout.decode("utf-8").split("\f")[:-1]  # each page ends with a form feed


def pdf_text(pdf: bytes) -> str:
    """The text of a whole PDF, its pages one after the other (``pdf_pages``)."""
    return "\n".join(pdf_pages(pdf))


def club_key(app: Any) -> str:
    """The app's club key (made on first use), as ``serve`` prints it in its link."""
    from barbu_scorer.web.club import club_key as key_of

    with app.test_request_context("/"):
        return key_of()


def keep_club_key(app: Any, client: Any) -> str:
    """Let ``client`` change the roster: it opens the club link once; the key."""
    key = club_key(app)
    assert client.get(f"/club/{key}").status_code == 302
    return key


def tap_chip(page: Any, name: str, value: object) -> None:
    """Tap the chip that carries input ``name`` = ``value``, once its page has loaded.

    A chip is on screen while its page is still parsed, before the page's deferred script
    (hand.js) runs; a tap that lands then is one no script saw (the keypad does not move on
    to the next player, whose row stays hidden). The scorer's thumb is never that quick;
    a test's is, on a loaded machine."""
    chip = page.locator(f"label:has(input[name='{name}'][value='{value}'])")
    chip.wait_for(state="attached")
    page.wait_for_load_state()
    chip.click()


class Ranking(HTMLParser):
    """The ranking on a page: (place, name, total) per row, as its spans say."""

    def __init__(self) -> None:
        super().__init__()
        self.inside, self.field = False, ""
        self.rows: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if "ranking" in classes:
            self.inside = True
        elif self.inside and tag == "li":
            self.rows.append({})
        elif self.inside and tag == "span":
            self.field = next((c for c in ("place", "who", "total") if c in classes), "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ol":
            self.inside = False
        self.field = ""

    def handle_data(self, data: str) -> None:
        if self.inside and self.field and self.rows:
            self.rows[-1][self.field] = self.rows[-1].get(self.field, "") + data.strip()


def ranking(html: str) -> list[tuple[int, str, int]]:
    """(place, name, total) best first, as the page ranks the players."""
    parser = Ranking()
    parser.feed(html)
    return [(int(r["place"].rstrip(".")), r["who"], figure(r["total"])) for r in parser.rows]


def page_totals(html: str) -> dict[str, int]:
    """Each player's running total as the ranking on a page shows it."""
    return {name: total for _place, name, total in ranking(html)}


# -- the installed command ----------------------------------------------------------------------
def executable() -> str:
    """The installed ``barbu-scorer`` script, beside this Python if it is there."""
    beside = Path(sys.executable).parent / "barbu-scorer"
    found = str(beside) if beside.exists() else shutil.which("barbu-scorer")
    assert found, "barbu-scorer is not installed: pip install -e '.[test]'"
    return found


def run_cli(
    *args: str, lang: str = "C.UTF-8", stdin: str | None = None, process: bool = False
) -> subprocess.CompletedProcess[str]:
    """barbu-scorer run with ``args`` under ``LANG=lang`` (``stdin`` as its input): in this
    process (click's runner sets the environment for the call; a process of its own cost
    about 0.3 s of CPU a call), or with ``process`` in one of its own, where the process
    boundary is the point: click makes a command's ``--help`` option, and words it, once a
    process. As a finished process says it: exit status, stdout, stderr."""
    env = {"LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    if process:
        return subprocess.run(
            [sys.executable, "-c", "from barbu_scorer.cli import main; main()", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=ROOT,
            check=False,
        )
    from click.testing import CliRunner

    from barbu_scorer.cli import main

    done = CliRunner().invoke(main, list(args), input=stdin, env=env, catch_exceptions=False)
    return subprocess.CompletedProcess(list(args), done.exit_code, done.stdout, done.stderr)


PO = ROOT / "barbu_scorer" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"


def catalogue() -> dict[str, object]:
    with PO.open("rb") as source:
        return {m.id if isinstance(m.id, str) else m.id[0]: m for m in read_po(source) if m.id}


def sheet_pdf(doc: Any, **options: Any) -> bytes:
    """The score sheet of a session document as given, as PDF bytes (A4 or Letter)."""
    from barbu_scorer.paper.pdf import html_to_pdf, render_sheet_html

    return html_to_pdf(render_sheet_html(doc, **options))
