"""Properties of Hundertspiel over simulated play (Hypothesis): legal play always validates, the
card points are 72 (+6), the Marken sum to zero, a round ends, trusted replay equals full replay."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import Card
from scoring.hundertspiel import HUNDERTSPIEL as G
from scoring.simulation.hundertspiel import (
    legal_cards,
    simulate_session,
    simulate_unit,
    trappola_deck,
    trick_winner,
)

MAX_UNIT_DEALS = 60  # two parties take a handful of deals
HOUSE_RULES = [
    {},
    {"contra_levels": 3, "silent_26_pays_marks": True},
    {"alt_und_neu": False, "false_claim_payment": "as_matsch_if_below_50"},
    {"target": 150, "matsch_threshold": 70, "parties_per_round": 3},
    {"variant": "three"},
    {"variant": "scat4", "contra_levels": 3},
    {"variant": "three", "scat": True},
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=st.sampled_from(HOUSE_RULES))
def test_simulated_round_validates_and_conserves(seed: int, options: dict) -> None:
    variant = G.variant(options)
    seats = G.seats(variant.players)
    entries = simulate_unit(seats, variant, random.Random(seed))
    assert len(entries) <= MAX_UNIT_DEALS
    steps = G.replay(entries, variant, seats)  # raises InvalidDeal if any deal broke a rule
    assert steps[-1].state.unit_over and not any(s.state.unit_over for s in steps[:-1])
    for entry, step in zip(entries, steps, strict=True):
        assert sum(entry["card_points"].values()) == 72
        points = next(e for e in step.events if e.kind == "deal_points").figures["points"]
        assert sum(points.values()) >= 78 and (sum(points.values()) - 78) % 2 == 0
        assert sum(step.state.marks.values()) == 0
        assert all(0 <= v < variant.target for v in step.state.run.values())
        assert not [w for w in step.warnings if w.code == "DEALER_ROTATION"]
    state = steps[-1].state
    assert state.parties_decided >= variant.parties_per_round
    assert sum(r.score for r in state.result()) == 0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=st.sampled_from(HOUSE_RULES))
def test_trusted_replay_equals_full_replay(seed: int, options: dict) -> None:
    variant = G.variant(options)
    seats = G.seats(variant.players)
    entries = simulate_session(seats, variant, random.Random(seed), deals=8)
    full = G.replay(entries, variant, seats)
    fast = G.replay(entries, variant, seats, trusted=True)
    assert [s.state for s in fast] == [s.state for s in full]
    assert [s.events for s in fast] == [s.events for s in full]
    assert full[-1].state.closed


def test_simulation_shows_the_features() -> None:
    """Over a few hundred deals the demo shows claims, Matsch, announcements and Do tricks."""
    variant = G.variant({"contra_levels": 3})
    seen: Counter[str] = Counter()
    contras: Counter[int] = Counter()
    for seed in range(60):
        entries = simulate_unit(G.seats(4), variant, random.Random(seed))
        for step in G.replay(entries, variant):
            seen.update(e.kind for e in step.events)
        for entry in entries:
            if "announcement" in entry:
                contras[entry["announcement"]["contra"]] += 1
            seen.update("do_trick" for _ in entry["do_tricks"])
            seen.update("declaration" for _ in entry["declarations"])
            seen.update("both" for _ in ("points",) if "points" in entry)
    for kind in (
        "claim",
        "matsch",
        "announcement",
        "alt_und_neu",
        "do_trick",
        "declaration",
        "both",
    ):
        assert seen[kind] > 0, kind
    assert len(contras) >= 2


@pytest.mark.parametrize("options", [{"variant": "scat4"}, {"variant": "three", "scat": True}])
def test_scat_simulation_shows_the_contracts(options: dict) -> None:
    """§42–§50, §53: contracts from the hand and bought, the no-contract deal, the Scat's points
    inside the card points, and the tricks of the variant."""
    variant = G.variant(options)
    seats = G.seats(variant.players)
    seen: Counter[str] = Counter()
    for seed in range(40):
        entries = simulate_unit(seats, variant, random.Random(seed))
        for step in G.replay(entries, variant, seats):
            seen.update(e.kind for e in step.events)
        for entry in entries:
            contract = entry.get("contract")
            seen[
                "hand" if contract and contract["from_hand"] else "bought" if contract else "none"
            ] += 1
            assert 0 <= entry["scat_points"] <= (24 if variant.players == 4 else 18)
            assert all(t["trick"] <= variant.tricks for t in entry["do_tricks"])
            if contract:
                assert entry["announcement"]["player"] == contract["player"]
    for kind in ("hand", "bought", "none", "announcement", "claim"):
        assert seen[kind] > 0, kind


def test_deck_and_play_rules() -> None:
    deck = trappola_deck()
    assert len(deck) == 36 and len(set(deck)) == 36
    assert Counter(c.rank for c in deck) == dict.fromkeys(
        ("A", "K", "C", "J", "10", "9", "8", "7", "2"), 4
    )
    # §35: trump led -> trump must be answered; otherwise anything goes.
    hand = [Card("♦", "2"), Card("♠", "A")]
    assert legal_cards(hand, Card("♦", "A"), "♦") == [Card("♦", "2")]
    assert legal_cards(hand, Card("♣", "A"), "♦") == hand
    # The trump Do beats the Ace of another suit; the led suit beats a discard.
    plays = [("A", Card("♣", "A")), ("B", Card("♦", "2")), ("C", Card("♠", "K"))]
    assert trick_winner(plays, "♦") == ("B", Card("♦", "2"))
    assert trick_winner(plays, "♥") == ("A", Card("♣", "A"))
