"""Every figure explains itself: the figures an explanation states (read from its Messages'
parameters, never from the text) add up to the figure it explains, for every contract of
every built-in scheme and for generated sessions; both languages render every message."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.contracts import CATALOGUE, Contract, complete_order, explains
from barbu_scorer.scoring.barbu.explain import HandExplained, explain_hand
from barbu_scorer.scoring.barbu.hands import raw_from_facts
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry, Session, open_contracts, score_session
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.explained import Line
from tests.helpers import catalogue

NAMES = ("Ada", "Ben", "Clara", "Dan")
FRENCH = translations("fr")
PO = catalogue()
SCHEMES = {
    **BUILTINS,
    "penalty": dataclasses.replace(BUILTINS["tournament"], quota_penalty=10),
    "undoubled": dataclasses.replace(BUILTINS["tournament"], undoubled_settles=True),
}
PLAYED = sorted({(k, c) for k, s in BUILTINS.items() for c in s.contracts})


def check_arithmetic(root: Line) -> None:
    """Each rule of ``scoring/explained.py`` holds on every line below ``root``."""
    for line in root.walk():
        score = line.score
        scores = [part.score for part in line.parts]
        if score is not None and line.parts and None not in scores:
            assert sum(s for s in scores if s is not None) == score, line.says
        count, each = line.figure("count"), line.figure("each")
        if each is not None:
            assert count is not None and count * each == score, line.says
        moved = line.figure("moved")
        if moved is not None:
            high, low = line.figure("high"), line.figure("low")
            times, difference = line.figure("times"), line.figure("difference")
            assert high is not None and low is not None and times in (1, 2), line.says
            assert difference == high - low >= 0 and moved == times * difference, line.says
        owed = line.figure("owed")
        if owed is not None:
            quota, laid = line.figure("quota"), line.figure("laid")
            assert quota is not None and laid is not None, line.says
            assert owed == max(0, quota - laid), line.says


def lines_of(explained: HandExplained) -> Iterable[Line]:
    yield explained.heading
    yield explained.block
    for group in ("raw", "settlements", "adjusted", "totals", "quota"):
        yield from getattr(explained, group)


@pytest.mark.parametrize(("scheme_id", "contract"), PLAYED, ids=[f"{k}-{c}" for k, c in PLAYED])
def test_each_contract_explains_its_raw_scores(scheme_id: str, contract: str) -> None:
    """The contract's lines, one a seat, state its raw scores and add up."""
    scheme, info = BUILTINS[scheme_id], CATALOGUE[contract]
    assert info.explain is not None
    lines = info.explain(scheme, info.example, NAMES)
    assert tuple(line.score for line in lines) == raw_from_facts(scheme, contract, info.example)
    for line in lines:
        check_arithmetic(line)
        assert line.rule == contract


def test_every_entry_of_the_catalogue_carries_its_words() -> None:
    assert all(c.explain is not None for c in CATALOGUE.values())
    assert CATALOGUE["dominoes"].explain is explains.dominoes


# -- generated sessions ------------------------------------------------------------------------
def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _facts(rng: random.Random, scheme: Scheme, info: Contract) -> dict[str, Any]:
    n, out = scheme.players, {}
    for fact in info.facts:
        if fact.kind == "count":
            assert fact.out_of is not None
            out[fact.key] = _split(rng, fact.out_of(scheme), n)
        elif fact.kind == "seat":
            out[fact.key] = rng.randrange(n)
        elif fact.kind == "order":
            out[fact.key] = rng.sample(range(n), n - rng.randint(0, 1))
        else:
            out[fact.key] = rng.sample(range(n), rng.randint(1, 2))
    return out


def _legal_facts(rng: random.Random, scheme: Scheme, info: Contract) -> dict[str, Any]:
    for _ in range(200):
        facts = _facts(rng, scheme, info)
        try:
            raw_from_facts(scheme, info.id, facts)
        except ScoringError:
            continue
        return facts
    return dict(info.example)


def _session(rng: random.Random, scheme: Scheme) -> Session:
    entries: list[HandEntry] = []
    for index in range(rng.randint(1, scheme.hands)):
        played = [e.contract for e in entries]
        contract = rng.choice(open_contracts(scheme, played))
        info = CATALOGUE[contract]
        declarer = score_session(scheme, 0, entries).next_roles()
        assert declarer is not None
        wanted = [(a, b) for a in range(4) for b in range(4) if a != b and rng.random() < 0.3]
        doubles = dbl.kept_on_switch(scheme, contract, declarer.declarer, wanted)
        if scheme.undoubled_settles and rng.random() < 0.5:
            doubles = []
        facts = _legal_facts(rng, scheme, info)
        as_raw = rng.random() < 0.2
        for tried in (doubles, []):
            entry = HandEntry(
                contract,
                facts=None if as_raw else facts,
                raw=raw_from_facts(scheme, contract, facts) if as_raw else None,
                doubles=[list(d) for d in tried],
                trump="hearts" if info.announces == "trump" else None,
                start_rank="7" if info.announces == "start_rank" else None,
            )
            if scheme.settles_undoubled(contract) and not tried:
                entry = HandEntry(contract, facts={"undoubled": True}, trump=entry.trump)
            try:
                score_session(scheme, 0, [*entries, entry])
            except ScoringError:
                continue
            entries.append(entry)
            break
        assert len(entries) == index + 1, (contract, facts)
    return score_session(scheme, 0, entries)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), scheme_id=st.sampled_from(sorted(SCHEMES)))
def test_a_generated_sessions_figures_explain_themselves(seed: int, scheme_id: str) -> None:
    session = _session(random.Random(seed), SCHEMES[scheme_id])
    for hand in session.hands:
        explained = explain_hand(session, NAMES, hand.number)
        assert tuple(line.score for line in explained.raw) == hand.raw
        assert tuple(line.score for line in explained.adjusted) == hand.adjusted
        assert tuple(line.score for line in explained.totals) == hand.totals
        block = [h for h in session.hands[: hand.number] if h.block == hand.block]
        assert explained.block.score == sum(sum(h.raw) for h in block)
        for seat, line in enumerate(explained.adjusted):
            assert line.parts[0] == explained.raw[seat]
        for line in lines_of(explained):
            check_arithmetic(line)


# -- both languages ----------------------------------------------------------------------------
def _all_lines() -> list[Line]:
    out: list[Line] = []
    for seed, scheme_id in enumerate(sorted(SCHEMES)):
        session = _session(random.Random(seed), SCHEMES[scheme_id])
        for hand in session.hands:
            out.extend(
                x
                for root in lines_of(explain_hand(session, NAMES, hand.number))
                for x in root.walk()
            )
    for contract, info in CATALOGUE.items():
        scheme = next(
            (s for s in BUILTINS.values() if contract in s.contracts), BUILTINS["tournament"]
        )
        assert info.explain is not None
        out.extend(x for root in info.explain(scheme, info.example, NAMES) for x in root.walk())
    return out


def test_both_languages_render_every_message() -> None:
    lines = _all_lines()
    ids = {line.says.msgid for line in lines}
    assert len(ids) > 30, sorted(ids)
    missing = [i for i in ids if i not in PO or not PO[i].string]  # type: ignore[attr-defined]
    assert not missing, missing
    for line in lines:
        english, french = line.says.render(), line.says.render(FRENCH)
        assert english and french and "%(" not in english + french
        if line.says.msgid not in ("A♥: %(score)s",):
            assert english != french, english


def test_a_complete_order_implies_the_last() -> None:
    assert complete_order([2, 0, 1], 4) == [2, 0, 1, 3]


def test_the_text_of_a_hand_has_a_line_a_figure() -> None:
    from barbu_scorer.present.explain import hand_view, text_lines
    from barbu_scorer.scoring.messages import speaking

    session = _session(random.Random(3), SCHEMES["tournament"])
    explained = explain_hand(session, NAMES, 1)
    text = list(text_lines(explained))
    assert text[0] == explained.heading.says.render()
    assert "Raw scores from the facts" in text
    with speaking(FRENCH, "fr"):
        assert "Scores bruts tirés des faits" in list(text_lines(explained))
        view = hand_view(explained)
    assert [line["score"] for line in view["adjusted"]] == list(session.hands[0].adjusted)
