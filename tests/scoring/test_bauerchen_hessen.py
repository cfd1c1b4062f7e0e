"""The Hessian Bauerchen (Scoring specification §2.10, ``bauerchen_hessen``): the deal win by the
first two or the last three tricks, Striche, Nullchen and Stauzewecke, every rejection with its
field and code, and simulated play. Figures derived by hand in the comments."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, InvalidVariant
from scoring.bauerchen_hessen import BAUERCHEN_HESSEN, HessenState, deal_winner
from scoring.simulation import simulate_until

G = BAUERCHEN_HESSEN
V = G.variant({})


def start() -> HessenState:
    return G.initial(G.seats(4), V)


def play(*entries, variant=V, state=None):
    state = state or G.initial(G.seats(4), variant)
    steps = []
    for entry in entries:
        step = G.apply(entry, state, variant)
        steps.append(step)
        state = step.state
    return state, steps


def refused(entry, field, code, state=None) -> InvalidDeal:
    state = state or start()
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as validated:
        G.validate(entry, state, V)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(entry, state, V)
    assert state.as_dict() == before
    for error in (validated.value, applied.value):
        assert (error.field, error.code) == (field, code), error.message
    return applied.value


def test_game_type_contract() -> None:
    assert G.key == "bauerchen_hessen"
    assert G.table_sizes == (4,) and G.table_size(V) == 4
    assert G.seats(4) == ("N", "E", "S", "W")
    with pytest.raises(ValueError):
        G.seats(3)
    with pytest.raises(ValueError):
        G.initial(("A", "B", "C", "D"), V)
    assert G.metric_ascending is False and G.tiebreak_order(V) == ("games_won", "deal_diff", "lot")
    assert [(o.name, o.default, o.minimum) for o in G.options()] == [("games_per_match", 1, 0)]
    assert start().as_dict()["striche"] == {"NS": 5, "EW": 5}


@pytest.mark.parametrize(
    ("tricks", "winner", "how"),
    [
        # Both of the first two tricks win …
        (["NS", "NS", "EW", "NS", "EW"], "NS", "first_two"),
        # … and they are complete before the last three, so they win over them (§2.10 [R]).
        (["NS", "NS", "EW", "EW", "EW"], "NS", "first_two"),
        # Tricks 1–2 split: all of the last three win.
        (["NS", "EW", "EW", "EW", "EW"], "EW", "last_three"),
        (["EW", "NS", "NS", "NS", "NS"], "NS", "last_three"),
        # Both split: no result.
        (["NS", "EW", "NS", "EW", "EW"], None, "no_result"),
        (["EW", "NS", "EW", "EW", "NS"], None, "no_result"),
    ],
)
def test_deal_winner(tricks, winner, how) -> None:
    assert deal_winner(tricks) == (winner, how)


def test_the_winner_erases_a_strich_and_the_loser_adds_one() -> None:
    # 5 : 5 → NS wins: NS 4, EW 6 → EW wins (by the last three, seats entered): 5 : 5.
    state, steps = play(
        {"winner_team": "NS"}, {"trick_winners": ["N", "E", "W", "E", "W"], "dealer": "E"}
    )
    assert steps[0].state.as_dict()["striche"] == {"NS": 4, "EW": 6}
    assert steps[0].events[0].figures == {
        "team": "NS",
        "how": "entered",
        "striche": {"NS": 4, "EW": 6},
    }
    assert steps[1].events[0].figures["how"] == "last_three"
    assert dict(state.striche) == {"NS": 5, "EW": 5}
    assert dict(state.deals_won) == {"NS": 1, "EW": 1} and state.deals == 2


def test_no_result_is_a_warning_and_changes_nothing() -> None:
    step = G.apply({"trick_winners": ["NS", "EW", "NS", "EW", "EW"]}, start(), V)
    assert [(w.field, w.code) for w in step.warnings] == [("trick_winners", "NO_RESULT")]
    assert [e.kind for e in step.events] == ["no_result"]
    assert dict(step.state.striche) == {"NS": 5, "EW": 5}
    assert step.state.deals == 1 and step.state.no_results == 1
    assert G.apply({"trick_winners": ["NS"] * 5}, start(), V, trusted=True).warnings == ()


def test_a_nullchen_wins_the_game_and_a_stauzeweck_from_each_loser() -> None:
    # EW wins once (6 : 4), then NS six times: 5:5, 4:6, 3:7, 2:8, 1:9, 0:10 → Nullchen NS.
    # Each losing player (E, W) owes one Stauzeweck: N +1, S +1, E −1, W −1.
    state, steps = play({"winner_team": "EW"}, *[{"winner_team": "NS"}] * 6)
    assert not any(s.state.match_over for s in steps[:-1])
    assert [e.kind for e in steps[-1].events] == ["deal_won", "nullchen", "match_over", "unit_over"]
    nullchen = steps[-1].events[1]
    assert nullchen.seats == ("N", "S")
    assert nullchen.figures == {
        "team": "NS",
        "game": 1,
        "ledger": {"N": 1, "E": -1, "S": 1, "W": -1},
    }
    assert dict(state.ledger) == {"N": 1, "E": -1, "S": 1, "W": -1}
    assert dict(state.games_won) == {"NS": 1, "EW": 0}
    assert dict(state.striche) == {"NS": 5, "EW": 5} and state.game_no == 2
    assert state.match_over and state.unit_over
    # Standings: Stauzewecke, then games won, then deals won − lost (NS 6 − 1 = 5).
    results = {r.seat: r for r in state.result()}
    assert results["N"].score == 1 and results["W"].score == -1
    assert dict(results["S"].figures) == {"games_won": 1, "deal_diff": 5}
    assert dict(results["E"].figures) == {"games_won": 0, "deal_diff": -5}
    json.dumps(state.as_dict())
    refused({"winner_team": "NS"}, "deal", "MATCH_OVER", state)


def test_games_per_match() -> None:
    # Two games: NS five times (Nullchen NS, game 1), then EW five times (Nullchen EW): the
    # ledger evens out at 0 each, and the match closes after the second.
    two = G.variant({"games_per_match": 2})
    state, _ = play(*[{"winner_team": "NS"}] * 5, variant=two)
    assert not state.match_over and state.game_no == 2
    state, _ = play(*[{"winner_team": "EW"}] * 5, variant=two, state=state)
    assert state.match_over and dict(state.ledger) == dict.fromkeys("NESW", 0)
    assert dict(state.games_won) == {"NS": 1, "EW": 1}
    # 0 = open-ended: the match never closes by itself.
    open_ended = G.variant({"games_per_match": 0})
    state, _ = play(*[{"winner_team": "NS"}] * 15, variant=open_ended)
    assert not state.match_over and dict(state.games_won) == {"NS": 3, "EW": 0}


@pytest.mark.parametrize(
    ("options", "option", "code"),
    [
        ({"games_per_match": -1}, "games_per_match", "INVALID_OPTION_VALUE"),
        ({"games_per_match": True}, "games_per_match", "INVALID_OPTION_VALUE"),
        ({"games_per_match": "2"}, "games_per_match", "INVALID_OPTION_VALUE"),
        ({"target": 31}, "target", "UNKNOWN_OPTION"),
        ([1], "variant", "INVALID_OPTION_VALUE"),
    ],
)
def test_bad_options(options, option, code) -> None:
    with pytest.raises(InvalidVariant) as error:
        G.variant(options)
    assert (error.value.option, error.value.code) == (option, code)


def test_rejections() -> None:
    refused(["NS"], "deal", "INVALID_ENTRY")
    refused({"winner_team": "NS", "points": 3}, "points", "UNKNOWN_FIELD")
    refused({"dealer": "X", "winner_team": "NS"}, "dealer", "UNKNOWN_PLAYER")
    refused({"trump": "Z", "winner_team": "NS"}, "trump", "OUT_OF_RANGE")
    refused({"winner_team": "XY"}, "winner_team", "UNKNOWN_PLAYER")
    refused({}, "winner_team", "MISSING_PLAYER")
    refused({"dealer": "N"}, "winner_team", "MISSING_PLAYER")
    refused({"trick_winners": "NS NS"}, "trick_winners", "INVALID_ENTRY")
    # Exactly five trick winners.
    error = refused({"trick_winners": ["NS"] * 4}, "trick_winners", "TRICK_COUNT_MISMATCH")
    assert (error.params["total"], error.params["expected"]) == (4, 5)
    refused({"trick_winners": ["NS"] * 6}, "trick_winners", "TRICK_COUNT_MISMATCH")
    refused({"trick_winners": ["NS", "EW", "XX", "NS", "NS"]}, "trick_winners.2", "UNKNOWN_PLAYER")
    # Both forms must agree: the tricks give NS (first two), or no result.
    refused(
        {"winner_team": "EW", "trick_winners": ["NS", "NS", "EW", "EW", "EW"]},
        "winner_team",
        "MINIMAL_FULL_MISMATCH",
    )
    refused(
        {"winner_team": "NS", "trick_winners": ["NS", "EW", "NS", "EW", "EW"]},
        "winner_team",
        "MINIMAL_FULL_MISMATCH",
    )
    G.validate({"winner_team": "NS", "trick_winners": ["NS", "NS", "EW", "EW", "EW"]}, start(), V)


def test_dealer_rotation_warning() -> None:
    state = G.apply({"dealer": "N", "winner_team": "NS"}, start(), V).state
    assert G.validate({"dealer": "E", "winner_team": "NS"}, state, V) == ()
    warnings = G.validate({"dealer": "W", "winner_team": "NS"}, state, V)
    assert [(w.field, w.code) for w in warnings] == [("dealer", "DEALER_ROTATION")]
    # Without a dealer the rotation is carried on: E deals next, then S.
    state = G.apply({"winner_team": "NS"}, state, V).state
    assert state.dealer == "E" and state.next_dealer() == "S"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), games=st.integers(1, 3))
def test_simulated_play_validates_and_ends(seed: int, games: int) -> None:
    variant = G.variant({"games_per_match": games})
    entries = simulate_until(G, G.seats(4), variant, random.Random(seed))
    steps = G.replay(entries, variant)
    last = steps[-1].state
    assert last.unit_over and sum(last.games_won.values()) == games
    assert sum(last.ledger.values()) == 0
    for step in steps:
        assert sum(step.state.striche.values()) == 10  # every decisive deal moves one Strich
        assert all(w.code == "NO_RESULT" for w in step.warnings)
    fast = G.replay(entries, variant, trusted=True)
    assert [s.state for s in fast] == [s.state for s in steps]


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    st.sampled_from(["", "N", "NS", "EW", "XY", "♥"]),
    st.lists(st.sampled_from(["NS", "EW", "N", 3, None]), max_size=7),
    st.dictionaries(st.sampled_from(["NS", "x"]), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(
    entry=st.one_of(
        JUNK,
        st.dictionaries(
            st.sampled_from(["dealer", "winner_team", "trick_winners", "trump", "x"]), JUNK
        ),
    )
)
def test_malformed_entries_raise_invalid_deal_only(entry) -> None:
    try:
        step = G.apply(entry, start(), V)
    except InvalidDeal as error:
        json.dumps(error.as_dict())
    else:
        json.dumps(step.state.as_dict())


def test_state_is_read_only() -> None:
    state = G.apply({"winner_team": "NS"}, start(), V).state
    with pytest.raises(TypeError):
        state.striche["NS"] = 0  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.deals = 0  # type: ignore[misc]
