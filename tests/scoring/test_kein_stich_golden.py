"""Kein Stich against the worked examples KS-1 … KS-5 (Scoring specification §4.10) and the
invalid entries of §4.11.

The golden files hold the entered deals and, per deal, the balances and pot the specification's
tables give after it; they were transcribed from the tables, not produced by the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.base import InvalidDeal, InvalidVariant
from scoring.kein_stich import KEIN_STICH_GAME
from tests.scoring.helpers import GOLDEN_ROOT, golden_files, load

GOLDEN = GOLDEN_ROOT / "kein_stich"
FILES = golden_files("kein_stich", "ks*.json")
G = KEIN_STICH_GAME


def test_every_example_is_there() -> None:
    assert [load(p)["example"] for p in FILES] == [
        "KS-1",
        "KS-2",
        "KS-3",
        "KS-4",
        "KS-5",
    ]


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
        assert step.warnings == ()
    last = steps[-1].state
    assert sum(last.balance.values()) == 0 and last.pot == 0
    for key, value in golden.get("setup", {}).items():
        assert last.as_dict()["setup"][key] == value


def _state_before(deals: int):
    entries = [d["entry"] for d in load(GOLDEN / "ks1.json")["deals"]][:deals]
    steps = G.replay(entries, G.variant({}))
    return steps[-1].state if steps else G.initial(G.seats(4), G.variant({}))


CASES = load(GOLDEN / "invalid.json")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"#{c['no']}" for c in CASES])
def test_invalid_entry(case: dict[str, Any]) -> None:
    variant = G.variant({})
    state = _state_before(case["before"])
    snapshot = state.as_dict()
    with pytest.raises(InvalidDeal) as caught:
        G.validate(case["entry"], state, variant)
    assert (caught.value.code, caught.value.field) == (case["code"], case["field"])
    for key, value in case.get("params", {}).items():
        assert caught.value.params[key] == value
    with pytest.raises(InvalidDeal):
        G.apply(case["entry"], state, variant)
    assert state.as_dict() == snapshot  # a rejected deal changes nothing


@pytest.mark.parametrize(
    "case", load(GOLDEN / "invalid.json")["configuration"], ids=lambda c: f"#{c['no']}"
)
def test_invalid_configuration(case: dict[str, Any]) -> None:
    # #11: 4 players, 24 cards: pot = 5·6 + 5·6 + 80 = 140, but 100+50+10+0 = 160.
    with pytest.raises(InvalidVariant) as caught:
        G.variant(case["variant"])
    assert (caught.value.code, caught.value.option) == (case["code"], case["option"])


def test_ks2_game_two_alone_and_paid_in() -> None:
    steps = G.replay([d["entry"] for d in load(GOLDEN / "ks2.json")["deals"]], G.variant({}))
    state = steps[-1].state
    # Paid in game 1: A 15, B 45, C 35, D 65; game 2: A 0+10+10+40 = 60, B 20+10 = 30,
    # C 10+10 = 20, D 10+10+30 = 50.
    assert dict(state.paid_in) == {"A": 75, "B": 75, "C": 55, "D": 115}
    # Won: game 1 C 100, A 50, D 10; game 2 B 100, D 50, A 10.
    assert dict(state.won) == {"A": 60, "B": 100, "C": 100, "D": 60}
    assert dict(state.domino_firsts) == {"A": 0, "B": 1, "C": 1, "D": 0}
    assert dict(state.domino_seconds) == {"A": 1, "B": 0, "C": 0, "D": 1}
    assert state.pots == (40, 80, 120, 160, 0, 40, 80, 120, 160, 0)
