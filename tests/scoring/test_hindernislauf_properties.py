"""Properties of Hindernislauf over simulated play (Hypothesis): simulated legal play validates,
every card is played once, the deal has one reset, points = hits − skips (+ bonus), the running
total is the sum of the cards, a unit ends, trusted replay equals the full replay; malformed
entries are refused with an ``InvalidDeal`` only."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import InvalidDeal
from scoring.hindernislauf import CARDS_EACH, DECK, OBSTACLES, parse_card
from scoring.hindernislauf import HINDERNISLAUF as G
from scoring.simulation.hindernislauf import simulate_deal, simulate_unit

HOUSE_RULES = [
    {},
    {"preset": "labbe"},
    {"on_120": "end_deal"},
    {"allow_negative_total": False, "faceup_queen": "dealer_choice"},
    {"deals_per_round": 2, "reach_120_bonus": 5},
]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5, 6]),
    options=st.sampled_from(HOUSE_RULES),
)
def test_simulated_units_validate_and_add_up(seed: int, players: int, options: dict) -> None:
    variant = G.variant(options)
    seats = G.seats(players)
    entries = simulate_unit(seats, variant, random.Random(seed))
    assert len(entries) == variant.deals_in_unit(players)  # the unit ends on time
    steps = G.replay(entries, variant, seats)  # raises InvalidDeal if a deal broke a rule
    c = CARDS_EACH[players]
    bonus = variant.reach_120_bonus
    points = dict.fromkeys(seats, 0)
    for entry, step in zip(entries, steps, strict=True):
        state = step.state
        assert step.warnings == ()  # the simulated dealer follows the rotation
        cards = [parse_card(x).code for x in entry.get("face_up", []) + entry["plays"]]
        assert len(set(cards)) == len(cards)
        if variant.on_120 == "reset":
            assert sorted(cards) == sorted(DECK)  # face-up cards + plays = the deck
            assert len(entry["plays"]) == players * c
            assert sum(p.reset for p in state.run) == 1  # §7: exactly one reset per deal
        else:
            assert state.run[-1].reset and not any(p.reset for p in state.run[:-1])
        for seat in seats:
            deal = state.deal_points[seat]
            assert -c <= deal <= c + bonus
            resets = sum(bonus for p in state.run if p.reset and p.seat == seat)
            assert deal == state.deal_hits[seat] - state.deal_skips[seat] + resets
            points[seat] += deal
        # The running total is the starting total plus the cards since the last reset.
        total = state.start_total
        for row in state.run:
            assert row.before == total and row.after == total + row.value
            assert (row.event == "hit") == (row.after in OBSTACLES)
            total = 0 if row.reset else row.after
        assert set(state.winners) == {
            s for s in seats if state.deal_points[s] == max(state.deal_points.values())
        }
    last = steps[-1].state
    assert dict(last.points) == points
    assert sum(last.deal_wins.values()) >= len(entries)
    assert last.unit_over and not any(s.state.unit_over for s in steps[:-1])


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.sampled_from([2, 3, 4, 5, 6]),
    options=st.sampled_from(HOUSE_RULES),
    minimal=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_trusted_replay_equals_full_replay(
    seed: int, players: int, options: dict, minimal: list[bool]
) -> None:
    variant = G.variant(options)
    seats = G.seats(players)
    rng = random.Random(seed)
    state = G.initial(seats, variant)
    entries = []
    for as_points in minimal:
        entry = simulate_deal(state, variant, rng)
        step = G.apply(entry, state, variant)
        if as_points:  # the same deal entered as points only, or as both at once
            points = dict(step.state.deal_points)
            if rng.random() < 0.5:
                entry = {"dealer": entry["dealer"], "points": points}
            else:
                entry = {**entry, "points": points}
            step = G.apply(entry, state, variant)
        entries.append(entry)
        state = step.state
    full = G.replay(entries, variant, seats)
    fast = G.replay(entries, variant, seats, trusted=True)
    for a, b in zip(full, fast, strict=True):
        assert a.state == b.state
        assert a.state.as_dict() == b.state.as_dict()
        assert a.events == b.events
        assert b.warnings == ()


_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["♥Q", "♥Q-", "♠K+", "♦6", "10♥", "Q-", "+", "A", "Z", ""]),
)
_VALUES = st.recursive(
    _JUNK,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 5, 6]),
    options=st.sampled_from(HOUSE_RULES),
    seed=st.integers(min_value=0, max_value=2**16),
    changes=st.dictionaries(
        st.sampled_from(["dealer", "points", "face_up", "plays", "extra"]), _VALUES, max_size=3
    ),
    spoil=st.lists(st.tuples(st.integers(min_value=0, max_value=40), _JUNK), max_size=3),
)
def test_malformed_entries_raise_invalid_deal_only(
    players: int, options: dict, seed: int, changes: dict, spoil: list
) -> None:
    """A simulated entry with fields replaced by junk of any JSON type, or cards in ``plays`` /
    ``face_up`` replaced by junk, is accepted or refused with an ``InvalidDeal`` (§0.1), never
    another exception."""
    variant = G.variant(options)
    state = G.initial(G.seats(players), variant)
    entry = simulate_deal(state, variant, random.Random(seed))
    entry.update(changes)
    for index, junk in spoil:
        cards = entry.get("plays" if index % 2 else "face_up")
        if isinstance(cards, list) and cards:
            cards[index % len(cards)] = junk
    try:
        G.apply(entry, state, variant)
    except InvalidDeal as error:
        assert error.code and error.field
