"""Properties of Hintersche over simulated play (Hypothesis): random legal play always validates
and conserves the card points, every game has one loser, a rubber ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.hintersche import feasible
from scoring.simulation.hintersche import simulate_deal, simulate_rubber, simulate_unit

G = scoring.get("hintersche")
V = G.variant({})
SEATS = G.seats(4)
MAX_RUBBER_DEALS = 400  # a rubber in practice takes 20–40 deals


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_simulated_rubber_validates_and_ends(seed: int) -> None:
    entries = simulate_rubber(SEATS, V, random.Random(seed))
    assert len(entries) <= MAX_RUBBER_DEALS
    steps = G.replay(entries, V)  # raises InvalidDeal if any deal broke a rule
    for entry, step in zip(entries, steps, strict=True):
        assert sum(entry["points"].values()) == 140
        assert sum(entry["tricks"].values()) == 36 // len(entry["points"])
        assert step.warnings == ()  # the dealer rotation is followed
    losses = [e for s in steps for e in s.events if e.kind == "game_lost"]
    assert len(losses) == V.games_per_rubber
    for step in steps:
        if any(e.kind == "game_lost" for e in step.events):
            state = step.state
            assert state.phase == "done" and state.active == () and state.loser is not None
            assert set(state.finished) == set(SEATS) - {state.loser}
    last = steps[-1].state
    assert last.rubber_over and last.games_played == V.games_per_rubber
    assert sum(last.frame.values()) == last.games_played
    assert sum(last.balance.values()) == 0


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    options=st.sampled_from(
        [
            {"deal_mode": "nine_each"},
            {"hundred_threshold": "gt_100", "butzen_two_player_hundred_adds": False},
            {"tournament_round": "full_game", "settlement": "pool"},
        ]
    ),
)
def test_simulated_units_under_other_house_rules(seed: int, options: dict) -> None:
    variant = G.variant(options)
    entries = simulate_unit(SEATS, variant, random.Random(seed))
    steps = G.replay(entries, variant)
    assert steps[-1].state.unit_over
    assert not any(s.state.unit_over for s in steps[:-1])
    for entry in entries:
        assert sum(entry["points"].values()) + entry.get("dead_points", 0) == 140


@settings(max_examples=200, deadline=None)
@given(
    piles=st.integers(min_value=2, max_value=5),
    assignment=st.lists(st.integers(min_value=0, max_value=4), min_size=20, max_size=20),
)
def test_any_split_of_the_valued_cards_is_feasible(piles: int, assignment: list[int]) -> None:
    sums = [0] * piles
    for card, pile in zip(V.valued_cards, assignment, strict=True):
        sums[pile % piles] += card
    assert feasible(V.valued_cards, tuple(sums))


@settings(max_examples=100, deadline=None)
@given(assignment=st.lists(st.integers(min_value=0, max_value=3), min_size=20, max_size=20))
def test_any_split_is_accepted_as_an_entry(assignment: list[int]) -> None:
    points = dict.fromkeys(SEATS, 0)
    for card, pile in zip(V.valued_cards, assignment, strict=True):
        points[SEATS[pile]] += card
    G.validate({"points": points}, G.initial(SEATS, V), V)


def test_simulate_deal_after_a_finished_game_deals_to_everybody() -> None:
    rng = random.Random(5)
    state = G.initial(SEATS, V)
    while state.phase != "done":
        state = G.apply(simulate_deal(state, V, rng), state, V).state
    entry = simulate_deal(state, V, rng)
    assert set(entry["points"]) == set(SEATS)
    assert G.apply(entry, state, V).state.game == 2
