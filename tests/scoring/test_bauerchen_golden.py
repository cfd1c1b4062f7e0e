"""Bauerchen against the worked examples B-1 … B-5 (Scoring specification §2.11) and the invalid
entries of §2.12.

The golden files hold the entered deals and, per deal, the slate the specification's table gives
after it (game points NS : EW, knoddels received, steins); rejected rows carry ``reject`` and the
unchanged slate. They were transcribed from the tables, not produced by the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import scoring
from scoring import InvalidDeal
from tests.scoring.helpers import GOLDEN_ROOT, golden_files, load

GOLDEN = GOLDEN_ROOT / "bauerchen"
EXAMPLES = golden_files("bauerchen", "b*.json")
G = scoring.get("bauerchen")


def state_after(example: str, deals: int, variant) -> object:
    """The state after the first ``deals`` accepted deals of a worked example."""
    golden = load(GOLDEN / f"{example}.json")
    state = G.initial(G.seats(4), variant)
    entries = [d["entry"] for d in golden["deals"] if "reject" not in d]
    for entry in entries[:deals]:
        state = G.apply(entry, state, variant).state
    return state


def test_every_example_is_there() -> None:
    assert [load(p)["example"] for p in EXAMPLES] == ["B-1", "B-2", "B-3", "B-4", "B-5"]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_golden_example(path: Path) -> None:
    golden = load(path)
    variant = G.variant(golden["variant"])
    state = G.initial(golden["seats"], variant)
    for number, deal in enumerate(golden["deals"], start=1):
        where = f"{golden['example']} row {number}: {deal['spec_event']}"
        if "reject" in deal:
            before = state.as_dict()
            with pytest.raises(InvalidDeal) as error:
                G.apply(deal["entry"], state, variant)
            assert error.value.code == deal["reject"], where
            assert state.as_dict() == before
        else:
            step = G.apply(deal["entry"], state, variant)
            assert step.warnings == (), where
            state = step.state
        got = state.as_dict()
        assert {key: got[key] for key in deal["expect"]} == deal["expect"], where


def test_golden_examples_replay_without_the_rejected_rows() -> None:
    for path in EXAMPLES:
        golden = load(path)
        accepted = [d for d in golden["deals"] if "reject" not in d]
        steps = G.replay([d["entry"] for d in accepted], G.variant(golden["variant"]))
        last = steps[-1].state.as_dict()
        assert {k: last[k] for k in accepted[-1]["expect"]} == accepted[-1]["expect"]


INVALID = load(GOLDEN / "invalid.json")["entries"]


@pytest.mark.parametrize("case", INVALID, ids=[f"2.12-{c['number']}" for c in INVALID])
def test_invalid_entry_of_section_2_12(case: dict) -> None:
    variant = G.variant(case["variant"])
    if case["state"] == "start":
        state = G.initial(G.seats(4), variant)
    else:
        state = state_after(case["state"]["example"], case["state"]["deals"], variant)
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as validated:
        G.validate(case["entry"], state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(case["entry"], state, variant)
    for error in (validated.value, applied.value):
        assert (error.field, error.code) == (case["field"], case["code"]), case["why"]
    assert state.as_dict() == before


def test_all_fourteen_invalid_entries_are_there() -> None:
    assert [c["number"] for c in INVALID] == list(range(1, 15))
