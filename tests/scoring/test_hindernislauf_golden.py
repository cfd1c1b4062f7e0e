"""Hindernislauf against the worked examples HL-1 … HL-5 (Scoring specification §5.9) and the
invalid entries of §5.10.

The golden files hold the entered deal (dealer, face-up cards, plays) and the state the
specification's table gives after it: every row's running total, event and points, the deal
result, hits, skips and winners. They were transcribed from the tables, not produced by the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.base import InvalidDeal, InvalidVariant
from scoring.hindernislauf import HINDERNISLAUF as G
from tests.scoring.helpers import GOLDEN_ROOT, golden_files, load

GOLDEN = GOLDEN_ROOT / "hindernislauf"
FILES = golden_files("hindernislauf", "hl*.json")


INVALID = load(GOLDEN / "invalid.json")["cases"]


def test_every_example_is_there() -> None:
    assert [load(p)["example"] for p in FILES] == ["HL-1", "HL-2", "HL-3", "HL-4", "HL-5"]
    assert [case["row"] for case in INVALID] == list(range(1, 13))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_example(path: Path) -> None:
    golden = load(path)
    variant = G.variant(golden["variant"])
    steps = G.replay([d["entry"] for d in golden["deals"]], variant, golden["seats"])
    assert len(steps) == len(golden["deals"])
    for number, (step, deal) in enumerate(zip(steps, golden["deals"], strict=True), start=1):
        got = step.state.as_dict()
        for key, expected in deal["expect"].items():
            if key == "run":
                for row, want in zip(got["run"], expected, strict=True):
                    assert row == want, f"{golden['example']} deal {number}, card {want['n']}"
            assert got[key] == expected, f"{golden['example']} deal {number}: {key}"
        assert step.warnings == ()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_example_as_minimal_entry(path: Path) -> None:
    """The deal result of each example entered as points only gives the same points and winners;
    its hits and skips are unknown (§7) and count 0."""
    golden = load(path)
    variant = G.variant(golden["variant"])
    deal = golden["deals"][0]
    entry = {"dealer": deal["entry"]["dealer"], "points": deal["expect"]["deal_points"]}
    state = G.apply(entry, G.initial(golden["seats"], variant), variant).state
    assert dict(state.points) == deal["expect"]["points"]
    assert list(state.winners) == deal["expect"]["winners"]
    assert dict(state.deal_wins) == deal["expect"]["deal_wins"]
    assert set(state.hits.values()) == {0} and set(state.skips.values()) == {0}
    assert state.deal_hits is None and state.run == () and state.minimal_deals == 1
    # Both at once agree (L-V7).
    both = {**deal["entry"], "points": deal["expect"]["deal_points"]}
    assert G.validate(both, G.initial(golden["seats"], variant), variant) == ()


@pytest.mark.parametrize("case", INVALID, ids=[f"row{c['row']}" for c in INVALID])
def test_invalid_entry(case: dict) -> None:
    variant = G.variant(case["variant"])
    if case["entry"] is None:  # session setup
        with pytest.raises(InvalidVariant) as raised:
            G.initial(case["seats"], variant)
        assert (raised.value.code, raised.value.option) == (case["reject"], case["field"])
        with pytest.raises(ValueError):
            G.seats(len(case["seats"]))
        return
    state = G.initial(case["seats"], variant)
    with pytest.raises(InvalidDeal) as raised:
        G.apply(case["entry"], state, variant)
    error = raised.value
    assert (error.code, error.field) == (case["reject"], case["field"]), error.message
    for key, value in case.get("params", {}).items():
        assert error.params[key] == value
    # Nothing changed: the state before is still the initial one.
    assert state.deals == 0 and set(state.points.values()) == {0}
