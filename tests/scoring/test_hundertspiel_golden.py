"""Hundertspiel against the worked examples HS-1 … HS-5 of the Scoring specification §3.12 and the
invalid entries of §3.13.

The golden files hold the entries and, per deal, the figures the specification's tables give after
it (running partie points, cumulative Marken, parties decided); they were transcribed from the
tables by hand, not produced by the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.base import InvalidDeal
from scoring.hundertspiel import HUNDERTSPIEL as G
from tests.scoring.helpers import GOLDEN_ROOT, golden_files, load

GOLDEN = GOLDEN_ROOT / "hundertspiel"
FILES = golden_files("hundertspiel", "hs*.json")


def test_every_example_is_there() -> None:
    assert [load(p)["example"] for p in FILES] == ["HS-1", "HS-2", "HS-3", "HS-4", "HS-5"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_example(path: Path) -> None:
    golden = load(path)
    variant = G.variant(golden["variant"])
    steps = G.replay([d["entry"] for d in golden["deals"]], variant, golden["seats"])
    assert len(steps) == len(golden["deals"])
    for number, (step, deal) in enumerate(zip(steps, golden["deals"], strict=True), start=1):
        got = step.state.as_dict()
        got = {key: got[key] for key in deal["expect"]}
        assert got == deal["expect"], f"{golden['example']} deal {number}: {deal['spec_event']}"
        assert [w.code for w in step.warnings] == deal.get("warnings", [])
        assert sum(step.state.marks.values()) == 0  # §3.12: the Marken always sum to 0


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_example_trusted(path: Path) -> None:
    golden = load(path)
    variant = G.variant(golden["variant"])
    entries = [d["entry"] for d in golden["deals"]]
    full = G.replay(entries, variant, golden["seats"])
    fast = G.replay(entries, variant, golden["seats"], trusted=True)
    assert [s.state for s in fast] == [s.state for s in full]
    assert [s.events for s in fast] == [s.events for s in full]
    assert all(s.warnings == () for s in fast)


INVALID = load(GOLDEN / "invalid.json")


@pytest.mark.parametrize(
    "case", INVALID["cases"], ids=[f"{c['n']}-{c['code']}" for c in INVALID["cases"]]
)
def test_invalid_entries_of_3_13(case: dict) -> None:
    variant = G.variant(INVALID["variant"])
    state = G.initial(INVALID["seats"], variant)
    for entry in case["before"]:
        state = G.apply(entry, state, variant).state
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as error:
        G.validate(case["entry"], state, variant)
    assert (error.value.field, error.value.code) == (case["field"], case["code"])
    with pytest.raises(InvalidDeal) as applied:
        G.apply(case["entry"], state, variant)
    assert (applied.value.field, applied.value.code) == (case["field"], case["code"])
    assert state.as_dict() == before  # a rejected deal changes nothing


def test_hs5_deal3_needs_the_confirmation() -> None:
    """§3.13 #10 in HS-5: without confirm_false_claim BD's claim at 24 is refused."""
    golden = load(GOLDEN / "hs5.json")
    variant = G.variant({})
    entries = [d["entry"] for d in golden["deals"]]
    state = G.replay(entries[:2], variant)[-1].state
    unconfirmed = {k: v for k, v in entries[2].items() if k != "confirm_false_claim"}
    with pytest.raises(InvalidDeal) as error:
        G.apply(unconfirmed, state, variant)
    assert error.value.code == "CLAIM_BELOW_100"
    assert error.value.params == {"claimant": "BD", "at": 24, "target": 100}
