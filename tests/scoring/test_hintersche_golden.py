"""Hintersche against the worked examples H-1 … H-5 of the Scoring specification §1.9.

The golden files hold the entered card points and, per deal, the state the specification's table
gives after it (Striche, phase, active, sitting out / done, frame marks, loser); they were
transcribed from the tables, not produced by the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import scoring
from tests.scoring.helpers import GOLDEN_ROOT, golden_files, load

GOLDEN = GOLDEN_ROOT / "hintersche"
FILES = golden_files("hintersche", "*.json")


def test_every_example_is_there() -> None:
    assert [load(p)["example"] for p in FILES] == ["H-1", "H-2", "H-3", "H-4", "H-5"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_example(path: Path) -> None:
    golden = load(path)
    game = scoring.get("hintersche")
    variant = game.variant(golden["variant"])
    steps = game.replay([d["entry"] for d in golden["deals"]], variant, golden["seats"])
    assert len(steps) == len(golden["deals"])
    for number, (step, deal) in enumerate(zip(steps, golden["deals"], strict=True), start=1):
        got = step.state.as_dict()
        got = {key: got[key] for key in deal["expect"]}
        assert got == deal["expect"], f"{golden['example']} deal {number}: {deal['spec_event']}"
        assert step.warnings == ()


def test_h5_settlement_per_winner_and_per_mark() -> None:
    golden = load(GOLDEN / "h5.json")
    game = scoring.get("hintersche")
    entries = [d["entry"] for d in golden["deals"]]
    for settlement, expected in golden["settlement"].items():
        variant = game.variant({"settlement": settlement})
        last = game.replay(entries, variant)[-1]
        assert last.state.rubber_over
        assert dict(last.state.balance) == expected
        rubber = [e for e in last.events if e.kind == "rubber_over"]
        assert rubber[0].figures["balance"] == expected
