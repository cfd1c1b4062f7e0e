"""Every rejection of a Hintersche entry (Scoring specification §1.4, §1.10 and §7) names its
field and its code, and leaves the state as it was."""

from __future__ import annotations

import dataclasses

import pytest

import scoring
from scoring import InvalidDeal, InvalidVariant
from scoring.hintersche import HinterscheState
from tests.scoring.helpers import golden_entries, state_after

G = scoring.get("hintersche")
V = G.variant({})


def new_game(variant=V) -> HinterscheState:
    return G.initial(G.seats(4), variant)


def rejects(entry, state, variant=V) -> InvalidDeal:
    """Assert the entry is refused by validate and apply alike; return the error."""
    with pytest.raises(InvalidDeal) as validated:
        G.validate(entry, state, variant)
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as applied:
        G.apply(entry, state, variant)
    assert state.as_dict() == before  # a rejected deal changes nothing
    assert (applied.value.field, applied.value.code) == (
        validated.value.field,
        validated.value.code,
    )
    return applied.value


# The twelve invalid entries of §1.10: (state, entry, field, code).
SPEC_1_10 = [
    ("h1", 4, {"points": {"A": 40, "B": 62, "C": 0, "D": 38}}, "points.C", "PLAYER_NOT_ACTIVE"),
    ("h1", 4, {"points": {"A": 40, "B": 62}}, "points", "MISSING_PLAYER"),
    ("h1", 4, {"points": {"A": 40, "B": 62, "D": 37}}, "points", "SUM_MISMATCH"),
    ("h1", 0, {"points": {"A": 60, "B": -5, "C": 45, "D": 40}}, "points.B", "OUT_OF_RANGE"),
    ("h1", 0, {"points": {"A": 1, "B": 39, "C": 50, "D": 50}}, "points.A", "UNREACHABLE_VALUE"),
    ("h1", 0, {"points": {"A": 2, "B": 2, "C": 2, "D": 134}}, "points", "INFEASIBLE_DISTRIBUTION"),
    (
        "h1",
        0,
        {
            "points": {"A": 50, "B": 30, "C": 40, "D": 20},
            "tricks": {"A": 1, "B": 3, "C": 3, "D": 2},
        },
        "points.A",
        "INFEASIBLE_DISTRIBUTION",
    ),
    (
        "h1",
        0,
        {
            "points": {"A": 20, "B": 40, "C": 40, "D": 40},
            "tricks": {"A": 2, "B": 3, "C": 3, "D": 2},
        },
        "tricks",
        "TRICK_COUNT_MISMATCH",
    ),
    (
        "h1",
        0,
        {"outcome": {"hundred": "B"}, "points": {"A": 10, "B": 95, "C": 25, "D": 10}},
        "outcome",
        "HUNDRED_MISMATCH",
    ),
    ("h1", 8, {"game": 1, "points": {"A": 30, "B": 40, "C": 30, "D": 40}}, "game", "GAME_OVER"),
    ("h2", 2, {"outcome": {"most": ["C"]}}, "outcome", "INVALID_OUTCOME"),
    ("h1", 0, {"points": {"A": 30, "B": 30, "C": 40, "D": 40, "E": 0}}, "points", "UNKNOWN_PLAYER"),
]


@pytest.mark.parametrize(
    ("example", "deals", "entry", "field", "code"),
    SPEC_1_10,
    ids=[f"{i}-{case[-1]}" for i, case in enumerate(SPEC_1_10, start=1)],
)
def test_spec_invalid_entries(example, deals, entry, field, code) -> None:
    error = rejects(entry, state_after(example, deals))
    assert (error.field, error.code) == (field, code)


def test_figures_of_spec_errors() -> None:
    after4 = state_after("h1", 4)
    assert rejects({"points": {"A": 40, "B": 62}}, after4).params["seats"] == ["D"]
    error = rejects({"points": {"A": 40, "B": 62, "D": 37}}, after4)
    assert error.params == {"total": 139, "expected": 140}
    error = rejects({"points": {"A": 30, "B": 30, "C": 40, "D": 40, "E": 0}}, new_game())
    assert error.params["seats"] == ["E"]
    error = rejects(SPEC_1_10[6][2], new_game())
    assert error.params == {"points": 50, "tricks": 1, "bound": 46}


@pytest.mark.parametrize("value", ["abc", "52", 52.0, True, None, [52]])
def test_not_an_integer(value) -> None:
    entry = {"points": {"A": 52, "B": value, "C": 18, "D": 40}}
    error = rejects(entry, new_game())
    assert (error.field, error.code) == ("points.B", "NOT_AN_INTEGER")


def test_out_of_range_above_total() -> None:
    error = rejects({"points": {"A": 141, "B": 0, "C": 0, "D": 0}}, new_game())
    assert (error.field, error.code) == ("points.A", "OUT_OF_RANGE")


def test_unreachable_139() -> None:
    error = rejects({"points": {"A": 139, "B": 1, "C": 0, "D": 0}}, new_game())
    assert (error.field, error.code) == ("points.A", "UNREACHABLE_VALUE")


def test_order_first_rule_wins() -> None:
    # Unknown seat (H-V1) beats a bad value (H-V2) beats a wrong sum (H-V3).
    error = rejects({"points": {"A": "x", "B": 0, "C": 0, "D": 0, "E": 1}}, new_game())
    assert error.code == "UNKNOWN_PLAYER"
    error = rejects({"points": {"A": "x", "B": 0, "C": 0, "D": 0}}, new_game())
    assert error.code == "NOT_AN_INTEGER"
    # (5, 5, 5, 125) sums to 140 but no split of the cards gives it (H-V5).
    error = rejects({"points": {"A": 5, "B": 5, "C": 5, "D": 125}}, new_game())
    assert (error.field, error.code) == ("points", "INFEASIBLE_DISTRIBUTION")


def test_tricks_keys_and_values() -> None:
    points = {"A": 52, "B": 30, "C": 18, "D": 40}
    error = rejects({"points": points, "tricks": {"A": 3, "B": 3, "C": 3}}, new_game())
    assert (error.field, error.code) == ("tricks", "MISSING_PLAYER")
    error = rejects({"points": points, "tricks": {"A": 3, "B": 3, "C": "3", "D": 0}}, new_game())
    assert (error.field, error.code) == ("tricks.C", "NOT_AN_INTEGER")
    error = rejects({"points": points, "tricks": {"A": 5, "B": 3, "C": 2, "D": -1}}, new_game())
    assert (error.field, error.code) == ("tricks.D", "OUT_OF_RANGE")


def test_points_without_tricks() -> None:
    entry = {
        "points": {"A": 52, "B": 30, "C": 18, "D": 40},
        "tricks": {"A": 4, "B": 2, "C": 0, "D": 3},
    }
    error = rejects(entry, new_game())
    assert (error.field, error.code) == ("points.C", "POINTS_WITHOUT_TRICKS")


def test_trick_bound_follows_the_card_values() -> None:
    # With 3 active (12 tricks of 3 cards) one trick holds at most 12 + 12 + 11 = 35.
    state = state_after("h1", 4)
    entry = {"points": {"A": 36, "B": 62, "D": 42}, "tricks": {"A": 1, "B": 6, "D": 5}}
    error = rejects(entry, state)
    assert (error.field, error.code, error.params["bound"]) == (
        "points.A",
        "INFEASIBLE_DISTRIBUTION",
        35,
    )
    entry["points"] = {"A": 35, "B": 63, "D": 42}
    assert G.validate(entry, state, V) == ()


@pytest.mark.parametrize(
    ("example", "deals", "outcome"),
    [
        ("h2", 2, {"void": True}),  # three active: a void is impossible (§7)
        ("h2", 2, {"most": ["A", "C"], "fewest": ["A"]}),  # most and fewest share a seat
        ("h2", 2, {"most": ["A", "C", "D"], "fewest": ["A"]}),  # most names every active seat
        ("h1", 0, {"most": ["A", "B", "C", "D"]}),
        ("h1", 0, {"most": ["A"], "fewest": ["B"]}),  # no fewest in the Vier-Strich
        ("h1", 0, {"hundred": "B", "most": ["A"]}),  # two kinds at once
        ("h1", 0, {"most": []}),
        ("h1", 0, {"most": ["E"]}),
        ("h1", 0, {"void": False}),
        ("h1", 0, {"winner": "A"}),
        ("h1", 4, {"hundred": "C"}),  # C sits out
        ("h1", 0, "A"),
        ("h1", 0, {}),
    ],
)
def test_invalid_outcome(example, deals, outcome) -> None:
    error = rejects({"outcome": outcome}, state_after(example, deals))
    assert (error.field, error.code) == ("outcome", "INVALID_OUTCOME")


def test_neither_points_nor_outcome() -> None:
    error = rejects({"dealer": "A"}, new_game())
    assert (error.field, error.code) == ("outcome", "INVALID_OUTCOME")


def test_minimal_outcomes_that_are_fine() -> None:
    butzen2 = state_after("h1", 5)  # Butzen with A and B
    assert G.validate({"outcome": {"fewest": ["B"]}}, butzen2, V) == ()
    assert G.validate({"outcome": {"void": True}}, butzen2, V) == ()
    assert G.validate({"outcome": {"most": ["A", "B"]}}, new_game(), V) == ()


def test_minimal_full_mismatch() -> None:
    entry = {"outcome": {"most": ["B"]}, "points": {"A": 52, "B": 30, "C": 18, "D": 40}}
    error = rejects(entry, new_game())
    assert (error.field, error.code) == ("outcome", "MINIMAL_FULL_MISMATCH")
    entry = {"outcome": {"void": True}, "points": {"A": 52, "B": 30, "C": 18, "D": 40}}
    assert rejects(entry, new_game()).code == "MINIMAL_FULL_MISMATCH"
    # Butzen: fewest must agree too.
    entry = {"outcome": {"most": ["B"], "fewest": ["A"]}, "points": {"A": 40, "B": 62, "D": 38}}
    assert rejects(entry, state_after("h1", 4)).code == "MINIMAL_FULL_MISMATCH"
    entry["outcome"] = {"most": ["B"], "fewest": ["D"]}
    assert G.validate(entry, state_after("h1", 4), V) == ()


def test_hundred_mismatch_when_points_make_a_hundred() -> None:
    entry = {"outcome": {"most": ["B"]}, "points": {"A": 10, "B": 104, "C": 26, "D": 0}}
    error = rejects(entry, new_game())
    assert (error.field, error.code) == ("outcome", "HUNDRED_MISMATCH")


def test_gt_100_threshold() -> None:
    strict = G.variant({"hundred_threshold": "gt_100"})
    points = {"A": 100, "B": 20, "C": 20, "D": 0}
    step = G.apply({"points": points}, new_game(strict), strict)
    assert dict(step.state.striche) == {"A": 1, "B": 0, "C": 0, "D": 0}  # most, not a hundred
    error = rejects({"points": points, "outcome": {"hundred": "A"}}, new_game(strict), strict)
    assert error.code == "HUNDRED_MISMATCH"
    step = G.apply({"points": points}, new_game(), V)
    assert dict(step.state.striche) == {"A": 0, "B": 1, "C": 1, "D": 1}


def test_match_over() -> None:
    done = state_after("h5", 23)
    assert done.rubber_over
    error = rejects({"points": {"A": 30, "B": 40, "C": 30, "D": 40}}, done)
    assert (error.field, error.code) == ("deal", "MATCH_OVER")
    assert rejects({"outcome": {"most": ["A"]}}, done).code == "MATCH_OVER"


def test_game_field() -> None:
    after1 = state_after("h1", 1)
    entry = {"game": 1, "points": {"A": 20, "B": 61, "C": 25, "D": 34}}
    assert G.validate(entry, after1, V) == ()
    error = rejects({**entry, "game": 2}, after1)
    assert (error.field, error.code) == ("game", "OUT_OF_RANGE")
    error = rejects({**entry, "game": "1"}, after1)
    assert (error.field, error.code) == ("game", "NOT_AN_INTEGER")
    done = state_after("h1", 8)
    step = G.apply({**entry, "game": 2}, done, V)
    assert step.state.game == 2
    assert step.events[0].kind == "new_game"


def test_auto_new_game_off_needs_the_game_number() -> None:
    manual = G.variant({"auto_new_game": False})
    done = state_after("h1", 8, manual)
    entry = {"points": {"A": 52, "B": 30, "C": 18, "D": 40}}
    error = rejects(entry, done, manual)
    assert (error.field, error.code) == ("game", "GAME_OVER")
    assert G.apply({**entry, "game": 2}, done, manual).state.game == 2


def test_tie_resolution_with_share_is_disabled() -> None:
    entry = {"points": {"A": 45, "B": 45, "C": 30, "D": 20}, "tie_resolution": {"most": ["A"]}}
    error = rejects(entry, new_game())
    assert (error.field, error.code) == ("tie_resolution", "OPTION_DISABLED")


def test_manual_tie_policy() -> None:
    manual = G.variant({"tie_policy": "manual"})
    points = {"A": 45, "B": 45, "C": 30, "D": 20}
    error = rejects({"points": points}, new_game(manual), manual)
    assert (error.field, error.code) == ("tie_resolution", "TIE_RESOLUTION_REQUIRED")
    assert error.params["seats"] == ["A", "B"]
    error = rejects({"points": points, "tie_resolution": {"most": ["C"]}}, new_game(manual), manual)
    assert (error.field, error.code) == ("tie_resolution", "TIE_RESOLUTION_REQUIRED")
    step = G.apply({"points": points, "tie_resolution": {"most": ["B"]}}, new_game(manual), manual)
    assert dict(step.state.striche) == {"A": 0, "B": 1, "C": 0, "D": 0}
    # The minimal outcome may settle the tie instead.
    step = G.apply({"points": points, "outcome": {"most": ["A"]}}, new_game(manual), manual)
    assert dict(step.state.striche) == {"A": 1, "B": 0, "C": 0, "D": 0}
    # No tie: no resolution needed.
    plain = {"points": {"A": 52, "B": 30, "C": 18, "D": 40}}
    assert G.validate(plain, new_game(manual), manual) == ()


def test_manual_tie_in_the_butzen() -> None:
    manual = G.variant({"tie_policy": "manual"})
    state = state_after("h4", 4, manual.__class__(tie_policy="share"))
    state = dataclasses.replace(state, variant=manual)
    points = {"A": 0, "B": 0, "C": 70, "D": 70}
    error = rejects({"points": points}, state, manual)
    assert error.params["category"] == "fewest"
    error = rejects({"points": points, "tie_resolution": {"fewest": ["A"]}}, state, manual)
    assert error.params["category"] == "most"
    step = G.apply(
        {"points": points, "tie_resolution": {"fewest": ["A"], "most": ["D"]}}, state, manual
    )
    assert dict(step.state.striche) == {"A": 0, "B": 1, "C": 2, "D": 2}
    assert step.state.active == ("B", "C", "D")


def test_nine_each_with_dead_points() -> None:
    nine = G.variant({"deal_mode": "nine_each"})
    state = state_after("h1", 4, nine)  # Butzen, A B D active
    step = G.apply({"points": {"A": 40, "B": 50, "D": 20}, "dead_points": 30}, state, nine)
    assert dict(step.state.striche) == {"A": 2, "B": 2, "C": 0, "D": 0}
    error = rejects({"points": {"A": 40, "B": 50, "D": 20}, "dead_points": 31}, state, nine)
    assert (error.field, error.code) == ("points", "SUM_MISMATCH")
    assert error.params == {"total": 141, "expected": 140, "dead_points": 31}
    assert G.validate({"points": {"A": 40, "B": 50, "D": 20}}, state, nine) == ()
    error = rejects({"points": {"A": 40, "B": 50, "D": 60}}, state, nine)
    assert error.code == "SUM_MISMATCH"
    error = rejects({"points": {"A": 40, "B": 50, "D": 20}, "dead_points": "30"}, state, nine)
    assert (error.field, error.code) == ("dead_points", "NOT_AN_INTEGER")
    # The undealt cards are a pile of their own: 139 in dead cards cannot be.
    error = rejects({"points": {"A": 0, "B": 1, "D": 0}, "dead_points": 139}, state, nine)
    assert error.code == "UNREACHABLE_VALUE"
    # Nine tricks of three cards each.
    entry = {"points": {"A": 40, "B": 50, "D": 20}, "tricks": {"A": 3, "B": 3, "D": 3}}
    assert G.validate(entry, state, nine) == ()


def test_dead_points_with_all_cards_is_disabled() -> None:
    state = state_after("h1", 4)
    entry = {"points": {"A": 40, "B": 62, "D": 38}, "dead_points": 0}
    error = rejects(entry, state)
    assert (error.field, error.code) == ("dead_points", "OPTION_DISABLED")


def test_dealer_rotation_warning() -> None:
    game = G
    state = new_game()
    state = game.apply(
        {"points": {"A": 52, "B": 30, "C": 18, "D": 40}, "dealer": "A"}, state, V
    ).state
    step = game.apply({"points": {"A": 20, "B": 61, "C": 25, "D": 34}, "dealer": "C"}, state, V)
    assert [(w.field, w.code) for w in step.warnings] == [("dealer", "DEALER_ROTATION")]
    assert step.state.dealer == "C"
    step = game.apply({"points": {"A": 20, "B": 61, "C": 25, "D": 34}, "dealer": "B"}, state, V)
    assert step.warnings == ()
    # The rotation skips players who sit out: after D dealt, C is out, so A deals next.
    entries = [dict(e) for e in golden_entries("h1")]
    for entry, dealer in zip(entries, "ABCDABAB", strict=True):
        entry["dealer"] = dealer
    assert all(s.warnings == () for s in G.replay(entries, V))
    error = rejects({"points": {"A": 20, "B": 61, "C": 25, "D": 34}, "dealer": "E"}, state)
    assert (error.field, error.code) == ("dealer", "UNKNOWN_PLAYER")


def test_replay_reports_the_index() -> None:
    entries = [{"points": {"A": 52, "B": 30, "C": 18, "D": 40}}, {"points": {"A": 1}}]
    with pytest.raises(InvalidDeal) as raised:
        G.replay(entries, V)
    assert raised.value.params["index"] == 1
    assert raised.value.as_dict()["code"] == "MISSING_PLAYER"


@pytest.mark.parametrize(
    ("options", "option", "code"),
    [
        ({"colour": "red"}, "colour", "UNKNOWN_OPTION"),
        ({"tie_policy": "coin"}, "tie_policy", "INVALID_OPTION_VALUE"),
        ({"vierstrich_marks": 0}, "vierstrich_marks", "INVALID_OPTION_VALUE"),
        ({"vierstrich_marks": "4"}, "vierstrich_marks", "INVALID_OPTION_VALUE"),
        ({"stake": -1}, "stake", "INVALID_OPTION_VALUE"),
        ({"auto_new_game": "yes"}, "auto_new_game", "INVALID_OPTION_VALUE"),
        ({"card_values": {"A": 10}}, "card_values", "CARD_VALUES_MISMATCH"),
        ({"card_values": {"Z": 1}}, "card_values.Z", "UNKNOWN_OPTION"),
        ({"card_values": {"A": -1}}, "card_values.A", "INVALID_OPTION_VALUE"),
        ({"card_values": "many"}, "card_values", "INVALID_OPTION_VALUE"),
        ({"total": 141}, "card_values", "CARD_VALUES_MISMATCH"),
        ({"tournament_round": "season"}, "tournament_round", "INVALID_OPTION_VALUE"),
    ],
)
def test_variant_errors(options, option, code) -> None:
    with pytest.raises(InvalidVariant) as raised:
        G.variant(options)
    assert (raised.value.option, raised.value.code) == (option, code)


def test_variant_defaults_and_as_dict() -> None:
    data = V.as_dict()
    assert data["card_values"]["alte"] == 12 and data["total"] == 140
    assert {k: data[k] for k in data if k != "card_values"} == {
        "total": 140,
        "hundred_threshold": "gte_100",
        "vierstrich_marks": 4,
        "tie_policy": "share",
        "butzen_two_player_hundred_adds": True,
        "deal_mode": "all_cards",
        "games_per_rubber": 4,
        "settlement": "per_winner",
        "stake": 5,
        "tournament_round": "vierstrich",
        "auto_new_game": True,
        "auto_tiebreak": True,
    }
    assert G.variant(data) == V
    assert hash(G.variant(data)) == hash(V)
    # Other card values are fine when the total moves with them.
    bigger = G.variant({"card_values": {"A": 12}, "total": 144})
    assert bigger.valued_cards[:6] == (12, 12, 12, 12, 12, 12)


def test_registry() -> None:
    assert scoring.games["hintersche"] is scoring.get("hintersche")
    with pytest.raises(KeyError, match="unknown game 'skat'"):
        scoring.get("skat")
    assert G.key == "hintersche" and G.name == "Hintersche" and G.table_sizes == (4,)
    assert G.metric_ascending is True
    assert G.tiebreaks == ("stechen", "zero_rounds", "countback", "lot")
    with pytest.raises(ValueError):
        G.seats(3)
