"""Every game against the golden files of the Scoring specification (``tests/golden/<game>/``), one
parametrised test per kind of golden file:

* a worked example (``b1.json``, ``h1.json``, ``hl1.json``, ``hs1.json``, ``ks1.json`` …): every
  deal is replayed and the figures the specification's table gives after it are compared exactly; a
  row the table rejects is refused with its code and changes nothing. After the last deal the
  final standing is checked too, and the trusted replay derives the same.
  Test id ``<game>/<example>/deal-<n>``.
* ``invalid.json`` (the specification's invalid entries): every entry is refused by ``validate``
  and ``apply`` alike with exactly its field and code (and the parameters given) and changes
  nothing; a refused set-up raises ``InvalidVariant`` for its option. Test id
  ``<game>/invalid-<n>``.

The golden files were transcribed from the specification's tables, not produced by the engine.
What differs between the games is kept in small per-game functions below: how an ``invalid.json``
reads (:data:`INVALID_READERS`), the checks of one game's deal (:data:`DEAL_CHECKS`) and of its
final standing (:data:`FINAL_CHECKS`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from string import ascii_lowercase
from typing import Any

import pytest

import scoring
from scoring import InvalidDeal, InvalidVariant
from scoring.base import Game, Step
from tests.scoring.helpers import GOLDEN_ROOT, golden_examples, golden_games, load


@cache
def golden(path: Path) -> dict[str, Any]:
    """A golden file, read once (the tests only read it)."""
    return load(path)


def accepted(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The deals of a worked example the table accepts (a rejected row carries ``reject``)."""
    return [deal for deal in deals if "reject" not in deal]


def start(game: Game, variant: Any, seats: list[str] | None, entries: list[dict[str, Any]]):
    """The state after ``entries`` (replayed) from the initial one; ``seats`` None is the default
    table of the game."""
    steps = game.replay(entries, variant, seats)
    if steps:
        return steps[-1].state
    return game.initial(seats or game.seats(game.table_sizes[0]), variant)


def assert_figures(got: dict[str, Any], expect: dict[str, Any], where: str) -> None:
    """Every figure the table gives is the state's (``as_dict``), exactly."""
    for key, expected in expect.items():
        if key == "run" and isinstance(expected, list):  # Hindernislauf: row by row first
            for row, want in zip(got["run"], expected, strict=True):
                assert row == want, f"{where}: run, card {want.get('n')}"
        assert got[key] == expected, f"{where}: {key}"


# -- worked examples ------------------------------------------------------------------------------

DealCheck = Callable[[Game, dict[str, Any], Any, int, Any, Step], None]
FinalCheck = Callable[[Game, dict[str, Any], Any, tuple[Step, ...]], None]


def _hindernislauf_deal(G: Game, example: dict, variant: Any, n: int, before: Any, step: Step):
    """The deal result of the first deal entered as points only gives the same points and
    winners; its hits and skips are unknown (§7) and count 0. Both at once agree (L-V7)."""
    if n != 1:
        return
    deal = example["deals"][0]
    expect = deal["expect"]
    entry = {"dealer": deal["entry"]["dealer"], "points": expect["deal_points"]}
    state = G.apply(entry, before, variant).state
    assert dict(state.points) == expect["points"]
    assert list(state.winners) == expect["winners"]
    assert dict(state.deal_wins) == expect["deal_wins"]
    assert set(state.hits.values()) == {0} and set(state.skips.values()) == {0}
    assert state.deal_hits is None and state.run == () and state.minimal_deals == 1
    both = {**deal["entry"], "points": expect["deal_points"]}
    assert G.validate(both, before, variant) == ()


def _hundertspiel_deal(G: Game, example: dict, variant: Any, n: int, before: Any, step: Step):
    """§3.12: the Marken always sum to 0. §3.13 #10: a false claim the table confirms is refused
    without the confirmation."""
    assert sum(step.state.marks.values()) == 0
    entry = example["deals"][n - 1]["entry"]
    if entry.get("confirm_false_claim"):
        unconfirmed = {k: v for k, v in entry.items() if k != "confirm_false_claim"}
        with pytest.raises(InvalidDeal) as error:
            G.apply(unconfirmed, before, variant)
        claimant = entry["end"]["claimant"]
        assert error.value.code == "CLAIM_BELOW_100"
        assert error.value.params == {
            "claimant": claimant,
            "at": entry["end"]["old"][claimant],
            "target": 100,
        }


DEAL_CHECKS: dict[str, DealCheck] = {
    "hindernislauf": _hindernislauf_deal,
    "hundertspiel": _hundertspiel_deal,
}
"""Checks of one game's deal beyond the figures of the table, after the deal is replayed."""


def _hintersche_final(G: Game, example: dict, variant: Any, steps: tuple[Step, ...]) -> None:
    """H-5's settlement of the rubber per winner and per mark (§1.9)."""
    entries = [deal["entry"] for deal in example["deals"]]
    for settlement, expected in example.get("settlement", {}).items():
        settled = G.variant({**example["variant"], "settlement": settlement})
        last = G.replay(entries, settled, example["seats"])[-1]
        assert last.state.rubber_over
        assert dict(last.state.balance) == expected, settlement
        rubber = [event for event in last.events if event.kind == "rubber_over"]
        assert rubber[0].figures["balance"] == expected, settlement


KEIN_STICH_BY_HAND: dict[str, dict[str, Any]] = {
    "KS-2": {
        # Paid in game 1: A 15, B 45, C 35, D 65; game 2: A 0+10+10+40 = 60, B 20+10 = 30,
        # C 10+10 = 20, D 10+10+30 = 50.
        "paid_in": {"A": 75, "B": 75, "C": 55, "D": 115},
        # Won: game 1 C 100, A 50, D 10; game 2 B 100, D 50, A 10.
        "won": {"A": 60, "B": 100, "C": 100, "D": 60},
        "domino_firsts": {"A": 0, "B": 1, "C": 1, "D": 0},
        "domino_seconds": {"A": 1, "B": 0, "C": 0, "D": 1},
        "pots": (40, 80, 120, 160, 0, 40, 80, 120, 160, 0),
    },
}
"""Figures of a Kein Stich example's final standing the golden file does not hold, worked out by
hand (in the comments)."""


def _kein_stich_final(G: Game, example: dict, variant: Any, steps: tuple[Step, ...]) -> None:
    """The balances sum to 0 and the pot is empty; the set-up (§4.3) and the figures worked out
    by hand are the final state's."""
    last = steps[-1].state
    assert sum(last.balance.values()) == 0 and last.pot == 0
    for key, value in example.get("setup", {}).items():
        assert last.as_dict()["setup"][key] == value, key
    for name, value in KEIN_STICH_BY_HAND.get(example["example"], {}).items():
        got = getattr(last, name)
        assert (dict(got) if isinstance(value, dict) else got) == value, name


FINAL_CHECKS: dict[str, FinalCheck] = {
    "hintersche": _hintersche_final,
    "kein_stich": _kein_stich_final,
}
"""Checks of one game's final standing, after the last deal of an example."""


def _deals() -> Iterator[Any]:
    for game in golden_games():
        for path in golden_examples(game):
            for number in range(1, len(golden(path)["deals"]) + 1):
                yield pytest.param(game, path, number, id=f"{game}/{path.stem}/deal-{number}")


DEALS = list(_deals())


@pytest.mark.parametrize(("game", "path", "number"), DEALS)
def test_worked_example(game: str, path: Path, number: int) -> None:
    """Deal ``number`` of a worked example gives exactly the table's figures (after the last deal,
    also the final standing)."""
    example = golden(path)
    G = scoring.get(game)
    variant = G.variant(example["variant"])
    seats = example["seats"]
    deal = example["deals"][number - 1]
    where = f"{example['example']} deal {number}: {deal['spec_event']}"
    taken = accepted(example["deals"][:number])
    steps = G.replay([d["entry"] for d in taken], variant, seats)
    if "reject" in deal:  # refused, and the table's figures are still those before it
        state = steps[-1].state if steps else G.initial(seats, variant)
        snapshot = state.as_dict()
        with pytest.raises(InvalidDeal) as error:
            G.apply(deal["entry"], state, variant)
        assert error.value.code == deal["reject"], where
        assert state.as_dict() == snapshot, where
    else:
        step = steps[-1]
        state = step.state
        assert [w.code for w in step.warnings] == deal.get("warnings", []), where
        before = steps[-2].state if len(steps) > 1 else G.initial(seats, variant)
        if game in DEAL_CHECKS:
            DEAL_CHECKS[game](G, example, variant, number, before, step)
    assert_figures(state.as_dict(), deal["expect"], where)

    if number < len(example["deals"]):
        return
    # The final standing; the trusted replay derives the same states and events, no warnings.
    fast = G.replay([d["entry"] for d in taken], variant, seats, trusted=True)
    assert len(fast) == len(steps)
    for n, (full, quick, row) in enumerate(zip(steps, fast, taken, strict=True), start=1):
        assert quick.state.as_dict() == full.state.as_dict(), f"trusted, accepted deal {n}"
        assert quick.state == full.state, f"trusted, accepted deal {n}"
        assert quick.events == full.events, f"trusted, accepted deal {n}"
        assert quick.warnings == ()
        assert_figures(quick.state.as_dict(), row["expect"], f"trusted, accepted deal {n}")
    if game in FINAL_CHECKS:
        FINAL_CHECKS[game](G, example, variant, steps)


# -- invalid entries ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Invalid:
    """One invalid entry (or set-up) of a game's ``invalid.json``, read the same for every game."""

    game: str
    number: int
    entry: dict[str, Any] | None
    """None: the set-up itself is refused (see ``refused_by``)."""
    field: str
    """The entry's field named, or the option of a refused set-up."""
    code: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] | None = None
    """None: the default table of the game."""
    before: list[dict[str, Any]] = field(default_factory=list)
    """The entries replayed before it."""
    params: dict[str, Any] = field(default_factory=dict)
    why: str = ""
    refused_by: str = "deal"
    """``deal``: validate and apply refuse the entry; ``variant``: the house rules are refused;
    ``seats``: the table is refused."""


def _bauerchen_invalid(data: dict[str, Any]) -> Iterator[Invalid]:
    """§2.12: ``state`` is ``start`` or the first accepted deals of a worked example."""
    for case in data["entries"]:
        before = []
        if case["state"] != "start":
            example = golden(GOLDEN_ROOT / "bauerchen" / f"{case['state']['example']}.json")
            taken = accepted(example["deals"])[: case["state"]["deals"]]
            before = [deal["entry"] for deal in taken]
        yield Invalid(
            "bauerchen",
            case["number"],
            case["entry"],
            case["field"],
            case["code"],
            options=case["variant"],
            before=before,
            why=case["why"],
        )


def _hindernislauf_invalid(data: dict[str, Any]) -> Iterator[Invalid]:
    """§5.10: one case per row, each from the initial state; no entry: the table is refused."""
    for case in data["cases"]:
        yield Invalid(
            "hindernislauf",
            case["row"],
            case["entry"],
            case["field"],
            case["reject"],
            options=case["variant"],
            seats=case["seats"],
            params=case.get("params", {}),
            why=case.get("note", case["setup"]),
            refused_by="deal" if case["entry"] is not None else "seats",
        )


def _hundertspiel_invalid(data: dict[str, Any]) -> Iterator[Invalid]:
    """§3.13: one variant and table for all; ``before`` lists the entries before."""
    for case in data["cases"]:
        yield Invalid(
            "hundertspiel",
            case["n"],
            case["entry"],
            case["field"],
            case["code"],
            options=data["variant"],
            seats=data["seats"],
            before=case["before"],
        )


def _kein_stich_invalid(data: dict[str, Any]) -> Iterator[Invalid]:
    """§4.11: ``before`` counts the deals of the example ``prefix`` (KS-1) before; the
    ``configuration`` cases are refused house rules."""
    example = golden(GOLDEN_ROOT / "kein_stich" / f"{data['prefix']}.json")
    entries = [deal["entry"] for deal in example["deals"]]
    for case in data["cases"]:
        yield Invalid(
            "kein_stich",
            case["no"],
            case["entry"],
            case["field"],
            case["code"],
            before=entries[: case["before"]],
            params=case.get("params", {}),
        )
    for case in data["configuration"]:
        yield Invalid(
            "kein_stich",
            case["no"],
            None,
            case["option"],
            case["code"],
            options=case["variant"],
            refused_by="variant",
        )


INVALID_READERS: dict[str, Callable[[dict[str, Any]], Iterator[Invalid]]] = {
    "bauerchen": _bauerchen_invalid,
    "hindernislauf": _hindernislauf_invalid,
    "hundertspiel": _hundertspiel_invalid,
    "kein_stich": _kein_stich_invalid,
}
"""How each game's ``invalid.json`` reads (their layouts differ)."""


def _invalid() -> Iterator[Any]:
    for game in golden_games():
        path = GOLDEN_ROOT / game / "invalid.json"
        if not path.exists():
            continue
        if game not in INVALID_READERS:
            raise LookupError(f"{path}: no reader in INVALID_READERS")
        cases = sorted(INVALID_READERS[game](golden(path)), key=lambda case: case.number)
        repeated = Counter(case.number for case in cases)
        seen: Counter[int] = Counter()
        for case in cases:  # a number the table repeats is told apart: 3a, 3b
            seen[case.number] += 1
            suffix = ascii_lowercase[seen[case.number] - 1] if repeated[case.number] > 1 else ""
            yield pytest.param(case, id=f"{game}/invalid-{case.number}{suffix}")


INVALID = list(_invalid())


@pytest.mark.parametrize("case", INVALID)
def test_invalid_entry(case: Invalid) -> None:
    """Refused with exactly its field and code (and parameters); nothing changes."""
    G = scoring.get(case.game)
    if case.refused_by == "variant":
        with pytest.raises(InvalidVariant) as refused:
            G.variant(case.options)
        assert (refused.value.option, refused.value.code) == (case.field, case.code)
        return
    variant = G.variant(case.options)
    if case.refused_by == "seats":
        with pytest.raises(InvalidVariant) as refused:
            G.initial(case.seats, variant)
        assert (refused.value.option, refused.value.code) == (case.field, case.code)
        with pytest.raises(ValueError):
            G.seats(len(case.seats))
        return
    state = start(G, variant, case.seats, case.before)
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as validated:
        G.validate(case.entry, state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(case.entry, state, variant)
    for error in (validated.value, applied.value):
        assert (error.field, error.code) == (case.field, case.code), f"{case.why} {error.message}"
        for key, value in case.params.items():
            assert error.params[key] == value, key
    assert state.as_dict() == before  # a refused entry changes nothing


# -- the golden files themselves ------------------------------------------------------------------


def test_every_golden_file_is_there() -> None:
    """No example and no invalid entry is silently left out of the parametrisations above."""
    assert {
        game: [golden(p)["example"] for p in golden_examples(game)] for game in golden_games()
    } == {
        "bauerchen": ["B-1", "B-2", "B-3", "B-4", "B-5"],
        "hindernislauf": ["HL-1", "HL-2", "HL-3", "HL-4", "HL-5"],
        "hintersche": ["H-1", "H-2", "H-3", "H-4", "H-5"],
        "hundertspiel": ["HS-1", "HS-2", "HS-3", "HS-4", "HS-5"],
        "kein_stich": ["KS-1", "KS-2", "KS-3", "KS-4", "KS-5"],
    }
    numbers = Counter(param.values[0].game for param in INVALID)
    assert numbers == {"bauerchen": 14, "hindernislauf": 12, "hundertspiel": 14, "kein_stich": 12}
    assert [param.id for param in INVALID if param.values[0].game == "hundertspiel"][2:4] == [
        "hundertspiel/invalid-3a",
        "hundertspiel/invalid-3b",
    ]
    for game in ("bauerchen", "hindernislauf", "kein_stich"):
        got = [param.values[0].number for param in INVALID if param.values[0].game == game]
        assert got == list(range(1, len(got) + 1)), game
