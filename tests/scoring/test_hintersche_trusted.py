"""Trusted replay (``replay(..., trusted=True)``) against the full, validating replay: for valid
entries both derive the same states and events. Also the variant's derived card figures, which the
engine computes once per variant. (The worked examples' trusted replay: ``test_golden.py``.)"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.base import InvalidDeal, Step, replay_steps
from scoring.hintersche import HinterscheState, Variant
from scoring.simulation import simulate_deal

G = scoring.get("hintersche")
SEATS = G.seats(4)
MAX_DEALS = 2000

HOUSE_RULES = [
    {},
    {"hundred_threshold": "gt_100"},
    {"butzen_two_player_hundred_adds": False},
    {"vierstrich_marks": 5},
    {"tournament_round": "full_game", "settlement": "pool"},
    {"tournament_round": "rubber", "settlement": "per_mark", "games_per_rubber": 2},
    {"deal_mode": "nine_each"},
    {"tie_policy": "manual"},
    {"tie_policy": "manual", "deal_mode": "nine_each", "vierstrich_marks": 3},
    {"auto_new_game": False},
    {"card_values": {"alte": 20, "kleine": 4}, "hundred_threshold": "gt_100"},
]


def _minimal(entry: dict[str, Any], state: HinterscheState, variant: Variant, rng: random.Random):
    """The minimal outcome the entry's card points give; a manual tie names some of the tied."""
    points = entry["points"]
    active = list(points)
    butzen = state.phase == "butzen"
    hundred = [s for s in active if variant.is_hundred(points[s])]
    if hundred:
        return {"hundred": hundred[0]}
    top, bottom = max(points.values()), min(points.values())
    if top == bottom:
        return {"void": True}

    def some(seats: list[str]) -> list[str]:
        if variant.tie_policy == "manual" and len(seats) > 1:
            return sorted(rng.sample(seats, rng.randint(1, len(seats))))
        return seats

    outcome = {"most": some([s for s in active if points[s] == top])}
    if butzen:
        outcome["fewest"] = some([s for s in active if points[s] == bottom])
        if len(active) == 2 and rng.random() < 0.5:
            del outcome["most"]
    return outcome


TIES = {  # card points with ties, per number of active players (sums up to 140)
    4: [(45, 45, 30, 20), (40, 40, 30, 30), (50, 30, 30, 30), (35, 35, 35, 35), (60, 40, 20, 20)],
    3: [(50, 45, 45), (60, 40, 40), (40, 40, 20), (30, 30, 30)],
    2: [(70, 70), (40, 40), (100, 40)],
}


def _tied(played: dict[str, Any], variant: Variant, rng: random.Random) -> dict[str, Any]:
    """The deal entered with tied card points instead (and no tricks)."""
    active = list(played["points"])
    pattern = list(rng.choice(TIES[len(active)]))
    rng.shuffle(pattern)
    entry = {key: value for key, value in played.items() if key not in ("tricks", "dead_points")}
    entry["points"] = dict(zip(active, pattern, strict=True))
    if sum(pattern) < variant.total:
        entry["dead_points"] = variant.total - sum(pattern)  # refused unless nine_each: skipped
    return entry


def _shaped(
    full: dict[str, Any], state: HinterscheState, variant: Variant, rng: random.Random
) -> dict[str, Any] | None:
    """``full`` entered in full, minimal or both, with or without dealer and game number, ties
    resolved by hand under ``tie_policy = manual``; ``None`` if that is not a valid entry."""
    entry = dict(full)
    form = rng.choice(["full", "minimal", "both"])
    if form != "full":
        entry["outcome"] = _minimal(full, state, variant, rng)
    if form == "minimal":
        for key in ("points", "tricks", "dead_points"):
            entry.pop(key, None)
    if rng.random() < 0.3:
        del entry["dealer"]
    if state.phase == "done" and not variant.auto_new_game or rng.random() < 0.2:
        entry["game"] = state.game + (state.phase == "done")
    for _ in range(3):
        try:
            G.validate(entry, state, variant)
            return entry
        except InvalidDeal as error:
            if error.code != "TIE_RESOLUTION_REQUIRED" or "category" not in error.params:
                return None
            tied = error.params["seats"]
            chosen = sorted(rng.sample(tied, rng.randint(1, len(tied))))
            entry.setdefault("tie_resolution", {})[error.params["category"]] = chosen
    return None


def _entry(state: HinterscheState, variant: Variant, rng: random.Random) -> dict[str, Any]:
    """A valid entry for the next deal from simulated play, now and then with tied points."""
    played = simulate_deal(G, state, variant, rng)
    ties = 0.6 if variant.tie_policy == "manual" else 0.3
    candidates = [_tied(played, variant, rng), played] if rng.random() < ties else [played]
    for full in candidates:
        entry = _shaped(full, state, variant, rng)
        if entry is not None:
            return entry
    # No other form fits this deal (a minimal void with three players, say): enter it in full.
    G.validate(played, state, variant)
    return played


def _rubber(variant: Variant, rng: random.Random) -> list[dict[str, Any]]:
    state = G.initial(SEATS, variant)
    entries: list[dict[str, Any]] = []
    while not state.rubber_over:
        assert len(entries) < MAX_DEALS
        entry = _entry(state, variant, rng)
        state = G.apply(entry, state, variant).state
        entries.append(entry)
    return entries


def _same(full: tuple[Step, ...], fast: tuple[Step, ...]) -> None:
    assert len(full) == len(fast)
    for number, (a, b) in enumerate(zip(full, fast, strict=True), start=1):
        assert b.state.as_dict() == a.state.as_dict(), f"deal {number}"
        assert b.state == a.state, f"deal {number}"
        assert b.events == a.events, f"deal {number}"
        assert b.warnings == ()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    options=st.sampled_from(HOUSE_RULES),
)
def test_trusted_replay_derives_what_the_full_replay_derives(seed: int, options: dict) -> None:
    variant = G.variant(options)
    entries = _rubber(variant, random.Random(seed))
    full = G.replay(entries, variant, SEATS)
    assert full[-1].state.rubber_over
    _same(full, G.replay(entries, variant, SEATS, trusted=True))


@pytest.mark.parametrize("options", HOUSE_RULES, ids=[json.dumps(o) for o in HOUSE_RULES])
def test_trusted_replay_of_mixed_entries_under_each_house_rule(options: dict) -> None:
    variant = G.variant(options)
    for seed in range(3):
        entries = _rubber(variant, random.Random(f"trusted:{seed}"))
        _same(G.replay(entries, variant), G.replay(entries, variant, trusted=True))


def test_trusted_replay_skips_the_checks_and_still_ends() -> None:
    variant = G.variant({})
    # 139 + 1: no pile of cards is worth 1 card point, which only validation notices.
    entries = [{"points": {"A": 139, "B": 1, "C": 0, "D": 0}, "dealer": "D", "game": 7}] * 3
    with pytest.raises(InvalidDeal) as caught:
        G.replay(entries, variant)
    assert caught.value.code == "UNREACHABLE_VALUE" and caught.value.params["index"] == 0
    steps = G.replay(entries, variant, trusted=True)
    assert len(steps) == 3  # nonsense in, something out: but it ends


def test_trusted_steps_carry_no_warnings() -> None:
    variant = G.variant({})
    entries = [
        {"points": {"A": 50, "B": 30, "C": 40, "D": 20}, "dealer": "A"},
        {"points": {"A": 50, "B": 30, "C": 40, "D": 20}, "dealer": "C"},  # B was to deal
    ]
    full = G.replay(entries, variant)
    assert [w.code for w in full[1].warnings] == ["DEALER_ROTATION"]
    _same(full, G.replay(entries, variant, trusted=True))


def test_replay_steps_passes_trusted_on() -> None:
    calls: list[bool] = []

    class Recorder:
        table_sizes = (4,)

        def seats(self, count: int) -> tuple[str, ...]:
            return SEATS

        def initial(self, seats, variant):
            return G.initial(seats, variant)

        def apply(self, entry, state, variant, *, trusted=False):
            calls.append(trusted)
            return G.apply(entry, state, variant, trusted=trusted)

    entries = [{"points": {"A": 50, "B": 30, "C": 40, "D": 20}}]
    replay_steps(Recorder(), entries, G.variant({}))
    replay_steps(Recorder(), entries, G.variant({}), trusted=True)
    assert calls == [False, True]


CARD_VALUES = [{}, {"card_values": {"alte": 20, "kleine": 4}}, {"card_values": {"A": 10, "10": 11}}]


@pytest.mark.parametrize("options", CARD_VALUES)
def test_variant_card_figures_are_computed_once(options: dict) -> None:
    variant = G.variant(options)
    assert variant.deck_values is variant.deck_values
    assert variant.valued_cards is variant.valued_cards
    assert len(variant.deck_values) == 36 and sum(variant.deck_values) == variant.total
    assert variant.valued_cards == tuple(v for v in variant.deck_values if v > 0)
    for cards in range(-40, 41):
        assert variant.trick_bound(cards) == sum(variant.deck_values[:cards])


def test_cached_figures_leave_equality_and_hash_alone() -> None:
    used, fresh = G.variant({"stake": 3}), G.variant({"stake": 3})
    used.trick_bound(12)
    assert used.valued_cards
    assert used == fresh and hash(used) == hash(fresh) and repr(used) == repr(fresh)
    assert used != G.variant({"stake": 4})
    assert {used: 1}[fresh] == 1
