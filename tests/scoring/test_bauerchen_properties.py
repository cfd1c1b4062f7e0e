"""Properties of Bauerchen over simulated play (Hypothesis): simulated legal play always validates
and conserves the 130 card points, every round has one winner, a stein is best of three, a match
ends, and the trusted replay equals the full one."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import InvalidDeal
from scoring.bauerchen import TEAMS, feasible_points, reachable
from scoring.simulation.bauerchen import legal_cards, simulate_deal, simulate_match, simulate_unit

G = scoring.get("bauerchen")
MAX_MATCH_DEALS = 1500  # three steins to 31 take about 100 deals in practice

VARIANTS = [
    {},
    {"preset": "classic-12", "ledig_no_solo_in_gehampelter": True},
    {"weiterschreiben": True, "die_letzte": True, "solo_success": "plus12"},
    {"melds_doubled_by_spritz": True, "forty_rule": True, "max_spritz": 1},
    {"solo_failure": "score_normally", "spritz_applies_to_away_bonus": False},
]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=st.sampled_from(VARIANTS))
def test_simulated_match_validates_and_ends(seed: int, options: dict) -> None:
    variant = G.variant(options)
    entries = simulate_match(variant, random.Random(seed))
    assert len(entries) <= MAX_MATCH_DEALS
    steps = G.replay(entries, variant)  # raises InvalidDeal if any deal broke a rule
    table = feasible_points()
    for entry, step in zip(entries, steps, strict=True):
        assert step.warnings == ()  # the rotation is followed, never more than 4 spritzes
        if "solo" in entry:
            continue
        cp, tricks = (entry["cp_NS"], entry["cp_EW"]), entry["tricks"]
        assert sum(cp) == 130 and sum(tricks.values()) == 5
        assert all(reachable(p) for p in cp)
        for team, points in zip(("NS", "EW"), cp, strict=True):
            assert points in table[(tricks[team], entry["last_trick"] == team)]
    rounds = [e for s in steps for e in s.events if e.kind == "round_won"]
    knoddels = [e for s in steps for e in s.events if e.kind == "knoddel"]
    steins = [e for s in steps for e in s.events if e.kind == "stein"]
    assert len(rounds) == len(knoddels)  # each round has exactly one winner and one loser
    assert 2 * len(steins) <= len(rounds) <= 3 * len(steins)  # best of three
    last = steps[-1].state
    assert last.match_over and sum(last.steins.values()) == variant.steins_per_match
    assert last.round_no == len(rounds) + 1
    # Game points credited = the deal values + melds + plus12 solos, all from events, but for
    # those void because the other team's Weiterschreiben carry had reached the target (§7).
    credited = {"NS": 0, "EW": 0}
    for step in steps:
        for event in step.events:
            if event.figures.get("void"):
                continue
            if event.kind == "deal_won":
                credited[event.figures["team"]] += event.figures["points"]
            elif event.kind == "meld":
                credited[event.figures["team"]] += event.figures["value"]
            elif event.kind == "solo":
                credited[event.figures["team"]] += event.figures["points"]
    assert credited == dict(last.game_points)
    # Within a round the slate never reaches the target before the round is over (meld cap).
    for step in steps:
        assert all(v < variant.target for v in step.state.score.values()) or options.get(
            "weiterschreiben"
        )


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), options=st.sampled_from(VARIANTS))
def test_trusted_replay_equals_full_replay(seed: int, options: dict) -> None:
    variant = G.variant(options)
    entries = simulate_unit(variant, random.Random(seed))
    full = G.replay(entries, variant)
    fast = G.replay(entries, variant, trusted=True)
    assert [s.state for s in full] == [s.state for s in fast]
    assert [s.events for s in full] == [s.events for s in fast]
    assert full[-1].state.unit_over and not any(s.state.unit_over for s in full[:-1])
    # The seat results: both partners carry their team's figures, the teams' differences cancel.
    results = full[-1].state.result()
    by_seat = {r.seat: r for r in results}
    assert by_seat["N"].score == by_seat["S"].score and by_seat["E"].score == by_seat["W"].score
    # The unit is the match (§7): every one of its steins is counted.
    assert by_seat["N"].score + by_seat["E"].score == variant.steins_per_match
    for key in ("knoddel_diff", "game_point_diff"):
        assert by_seat["N"].figures[key] == -by_seat["E"].figures[key]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_simulated_deal_from_any_reached_state_is_accepted(seed: int) -> None:
    rng = random.Random(seed)
    variant = G.variant(rng.choice(VARIANTS))
    state = G.initial(G.seats(4), variant)
    for _ in range(rng.randrange(1, 40)):
        if state.match_over:
            break
        entry = simulate_deal(state, variant, rng)
        state = G.apply(entry, state, variant).state


def test_legal_cards_follow_suit_trump_and_overtrump() -> None:
    from scoring.cards import Card
    from scoring.simulation.bauerchen import Trumps

    trumps = Trumps("♥")
    hand = [Card("♣", "A"), Card("♥", "Q"), Card("♠", "J")]
    # Clubs led: follow with the club Ace.
    assert legal_cards(hand, [("N", Card("♣", "K"))], trumps) == [Card("♣", "A")]
    # A diamond led and no diamond: must trump (♥Q or the ♠J Bower).
    assert set(legal_cards(hand, [("N", Card("♦", "A"))], trumps)) == {
        Card("♥", "Q"),
        Card("♠", "J"),
    }
    # A trump (♥10) led: must beat it if possible — only the Bower does.
    assert legal_cards(hand, [("N", Card("♥", "10"))], trumps) == [Card("♠", "J")]
    # The ♣J (highest) led: no higher trump, any trump will do.
    assert set(legal_cards(hand, [("N", Card("♣", "J"))], trumps)) == {
        Card("♥", "Q"),
        Card("♠", "J"),
    }


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    st.sampled_from(["", "N", "e", "NS", "EW", "XY", "♥", "H", "clubs", "65"]),
    st.lists(st.sampled_from(["NS", "EW", "N", 3, None]), max_size=6),
    st.dictionaries(st.sampled_from(["NS", "EW", "N", "x"]), st.integers(-5, 140), max_size=3),
)
MELD = st.one_of(
    JUNK,
    st.dictionaries(st.sampled_from(["team", "kind", "player", "suit", "x"]), JUNK, max_size=4),
    st.fixed_dictionaries(
        {"player": st.sampled_from("NESW"), "suit": st.sampled_from(["♣", "♠", "♥", "♦"])}
    ),
    st.fixed_dictionaries({"team": st.sampled_from(TEAMS), "kind": st.sampled_from([20, 40])}),
)
ENTRY = st.fixed_dictionaries(
    {"dealer": st.one_of(st.sampled_from("NESW"), JUNK)},
    optional={
        "home": JUNK,
        "cp_NS": st.one_of(st.integers(-5, 140), JUNK),
        "cp_EW": st.one_of(st.integers(-5, 140), JUNK),
        "cp": JUNK,
        "spritz": st.one_of(st.integers(-2, 70), JUNK),
        "spritz_log": JUNK,
        "melds": st.one_of(JUNK, st.lists(MELD, max_size=5)),
        "solo": st.one_of(
            JUNK, st.dictionaries(st.sampled_from(["player", "won", "tricks", "x"]), JUNK)
        ),
        "trump": JUNK,
        "tricks": JUNK,
        "tricks_NS": JUNK,
        "last_trick": JUNK,
        "die_letzte": JUNK,
        "winner": JUNK,
        "target": JUNK,
        "comment": JUNK,
    },
)


@settings(max_examples=400, deadline=None)
@given(entry=st.one_of(ENTRY, JUNK), options=st.sampled_from(VARIANTS))
def test_malformed_entries_raise_invalid_deal_only(entry, options: dict) -> None:
    # Scoring specification §0.1: a record that breaks a rule is rejected with an error object;
    # whatever a form or a script sends, the engine answers with InvalidDeal or a JSON-ready state.
    variant = G.variant(options)
    state = G.initial(G.seats(4), variant)
    try:
        step = G.apply(entry, state, variant)
    except InvalidDeal as error:
        json.dumps(error.as_dict())
    else:
        json.dumps(step.state.as_dict())
