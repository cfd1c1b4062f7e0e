"""Every rejection of a Bauerchen entry (Scoring specification §2.5, §7) names its field and its
code and leaves the state as it was; plus the warnings, the shapes a web form may send and the
feasibility table of §2.5."""

from __future__ import annotations

import dataclasses
import json

import pytest

import scoring
from scoring import InvalidDeal
from scoring.bauerchen import SPRITZ_LIMIT, BauerchenState, feasible_points

G = scoring.get("bauerchen")
V = G.variant({})


def start(variant=V) -> BauerchenState:
    return G.initial(G.seats(4), variant)


def rejects(entry, state=None, variant=V) -> InvalidDeal:
    """Assert validate and apply refuse the entry alike, leaving the state; return the error."""
    state = state or start(variant)
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as validated:
        G.validate(entry, state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(entry, state, variant)
    assert state.as_dict() == before
    assert (applied.value.field, applied.value.code) == (
        validated.value.field,
        validated.value.code,
    )
    return applied.value


def refused(entry, field, code, state=None, variant=V) -> InvalidDeal:
    error = rejects(entry, state, variant)
    assert (error.field, error.code) == (field, code), error.message
    return error


# -- the entry's shape ---------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [None, [], "N 45", 45])
def test_an_entry_must_be_an_object(entry) -> None:
    refused(entry, "deal", "INVALID_ENTRY")


def test_unknown_fields_are_refused() -> None:
    refused({"dealer": "N", "cp_NS": 45, "points": 3}, "points", "UNKNOWN_FIELD")
    refused(
        {"dealer": "N", "cp_NS": 45, "melds": [{"team": "NS", "kind": 20, "x": 1}]},
        "melds.0.x",
        "UNKNOWN_FIELD",
    )
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": True, "bid": 1}}, "solo.bid", "UNKNOWN_FIELD"
    )


# -- B-V1 ----------------------------------------------------------------------------------------


def test_dealer_is_required_and_must_be_a_seat() -> None:
    # B-V1: dealer ∈ {N, E, S, W}, with the row's code UNKNOWN_PLAYER; a missing dealer is not
    # in the set either (the row has no MISSING_PLAYER, unlike H-V1 or HS-V1).
    refused({"cp_NS": 45}, "dealer", "UNKNOWN_PLAYER")
    refused({"dealer": None, "cp_NS": 45}, "dealer", "UNKNOWN_PLAYER")
    refused({"dealer": "", "cp_NS": 45}, "dealer", "UNKNOWN_PLAYER")
    refused({"dealer": "X", "cp_NS": 45}, "dealer", "UNKNOWN_PLAYER")
    refused({"dealer": 1, "cp_NS": 45}, "dealer", "UNKNOWN_PLAYER")


@pytest.mark.parametrize(("dealer", "home"), [("N", "EW"), ("E", "NS"), ("S", "EW"), ("W", "NS")])
def test_home_is_forehands_team(dealer, home) -> None:
    # Forehand = dealer + 1 clockwise: N → E (EW), E → S (NS), S → W (EW), W → N (NS).
    G.validate({"dealer": dealer, "home": home, "cp_NS": 70}, start(), V)
    other = "NS" if home == "EW" else "EW"
    error = refused({"dealer": dealer, "home": other, "cp_NS": 70}, "home", "HOME_TEAM_MISMATCH")
    assert error.params["expected"] == home
    refused({"dealer": dealer, "home": "XY", "cp_NS": 70}, "home", "HOME_TEAM_MISMATCH")


# -- B-V2, B-V3 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["45", 45.0, True, [45]])
def test_card_points_must_be_whole_numbers(value) -> None:
    refused({"dealer": "N", "cp_NS": value}, "cp_NS", "NOT_AN_INTEGER")
    refused({"dealer": "N", "cp_EW": value}, "cp_EW", "NOT_AN_INTEGER")


def test_card_points_range_and_sum() -> None:
    error = refused({"dealer": "N", "cp_NS": 131}, "cp_NS", "OUT_OF_RANGE")
    assert (error.params["minimum"], error.params["maximum"]) == (0, 130)
    refused({"dealer": "N", "cp_NS": 20, "cp_EW": -1}, "cp_EW", "OUT_OF_RANGE")
    # 70 + 70 = 140 ≠ 130. Reported on cp_NS: the spec's entry names cp_NS, and EW is
    # 130 − cp_NS (§2.4); cp_EW only confirms it.
    error = refused({"dealer": "N", "cp_NS": 70, "cp_EW": 70}, "cp_NS", "SUM_MISMATCH")
    assert (error.params["total"], error.params["expected"]) == (140, 130)


def test_card_points_as_a_mapping() -> None:
    G.validate({"dealer": "N", "cp": {"NS": 45, "EW": 85}}, start(), V)
    refused({"dealer": "N", "cp": {"NS": 45, "EW": 80}}, "cp.NS", "SUM_MISMATCH")
    refused({"dealer": "N", "cp": [45, 85]}, "cp", "INVALID_ENTRY")
    refused({"dealer": "N", "cp": {"XX": 45}}, "cp", "UNKNOWN_PLAYER")
    refused({"dealer": "N", "cp_NS": 45, "cp": {"NS": 46}}, "cp.NS", "MINIMAL_FULL_MISMATCH")


@pytest.mark.parametrize("value", [1, 7, 123, 129])
def test_unreachable_card_points(value) -> None:
    # 1–7: a team with a trick holds at least the four Jacks (8); 123–129 leave the other 1–7.
    error = refused({"dealer": "N", "cp_NS": value}, "cp_NS", "UNREACHABLE_VALUE")
    assert error.params["value"] == value
    # Entered for EW only, the error stands beside cp_EW.
    refused({"dealer": "N", "cp_EW": value}, "cp_EW", "UNREACHABLE_VALUE")


@pytest.mark.parametrize("value", [0, 8, 122, 130])
def test_reachable_card_points_at_the_edges(value) -> None:
    G.validate({"dealer": "N", "cp_NS": value}, start(), V)


def test_cp_ew_alone_is_enough() -> None:
    # cp_EW 85 → NS 45; dealer N → home EW wins 1 (schneider frei, no away bonus).
    state = G.apply({"dealer": "N", "cp_EW": 85}, start(), V).state
    assert dict(state.score) == {"NS": 0, "EW": 1}


# -- B-V4 ----------------------------------------------------------------------------------------


def test_feasibility_table_of_section_2_5() -> None:
    def ranges(*spans):
        found = set()
        for low, high in spans:
            found |= set(range(low, high + 1))
        return found

    table = feasible_points()
    assert table[(0, False)] == {0} and table[(0, True)] == set()
    assert table[(1, False)] == ranges((8, 30), (32, 37), (40, 44))
    assert table[(1, True)] == ranges((18, 40), (42, 47), (50, 54))
    assert table[(2, False)] == ranges((20, 72), (75, 78), (84, 84))
    assert table[(2, True)] == ranges((30, 82), (85, 88), (94, 94))
    assert table[(3, False)] == ranges((36, 36), (42, 45), (48, 100))
    assert table[(3, True)] == ranges((46, 46), (52, 55), (58, 110))
    assert table[(4, False)] == ranges((76, 80), (83, 88), (90, 112))
    assert table[(4, True)] == ranges((86, 90), (93, 98), (100, 122))
    assert table[(5, False)] == set() and table[(5, True)] == {130}


def test_tricks_must_add_up_to_five() -> None:
    error = refused(
        {"dealer": "N", "cp_NS": 45, "tricks": {"NS": 2, "EW": 2}}, "tricks", "TRICK_COUNT_MISMATCH"
    )
    assert (error.params["total"], error.params["expected"]) == (4, 5)
    refused({"dealer": "N", "cp_NS": 45, "tricks": {"NS": 6}}, "tricks.NS", "OUT_OF_RANGE")
    refused({"dealer": "N", "cp_NS": 45, "tricks": {"NS": "2"}}, "tricks.NS", "NOT_AN_INTEGER")
    refused(
        {"dealer": "N", "cp_NS": 45, "tricks_NS": 2, "tricks_EW": 4},
        "tricks_EW",
        "TRICK_COUNT_MISMATCH",
    )


def test_last_trick_needs_a_trick_and_a_team() -> None:
    refused(
        {"dealer": "N", "cp_NS": 0, "tricks": {"NS": 0, "EW": 5}, "last_trick": "NS"},
        "last_trick",
        "TRICK_COUNT_MISMATCH",
    )
    refused({"dealer": "N", "cp_NS": 45, "last_trick": "XX"}, "last_trick", "UNKNOWN_PLAYER")


def test_points_without_tricks() -> None:
    refused(
        {"dealer": "N", "cp_NS": 20, "tricks": {"NS": 0, "EW": 5}},
        "cp_NS",
        "POINTS_WITHOUT_TRICKS",
    )


def test_infeasible_for_tricks_with_the_last_trick() -> None:
    # Two tricks with the last one hold 30–82, 85–88 or 94: never 84.
    refused(
        {"dealer": "N", "cp_NS": 84, "tricks": {"NS": 2, "EW": 3}, "last_trick": "NS"},
        "cp_NS",
        "INFEASIBLE_FOR_TRICKS",
    )
    # … but 84 without the last trick is possible (the four Aces and four Tens: 44 + 40), and
    # EW's 46 with three tricks and the last is in the table too (every K, Q, J: 36, + 10).
    G.validate(
        {"dealer": "N", "cp_NS": 84, "tricks": {"NS": 2, "EW": 3}, "last_trick": "EW"}, start(), V
    )


def test_without_last_trick_any_team_with_a_trick_may_hold_it() -> None:
    # §7: last_trick is optional. NS 31 with one trick: infeasible without the last trick (B-12
    # #3) but 18–40 with it, so NS 1 / EW 4 without last_trick is accepted.
    G.validate({"dealer": "N", "cp_NS": 31, "tricks": {"NS": 1, "EW": 4}}, start(), V)
    # NS 60 with one trick fits neither way (8–44 without, 18–54 with the last trick).
    refused(
        {"dealer": "N", "cp_NS": 60, "tricks": {"NS": 1, "EW": 4}}, "cp_NS", "INFEASIBLE_FOR_TRICKS"
    )


def test_last_trick_alone_constrains_the_points() -> None:
    # A team with the last trick holds at least 8 + 10 = 18.
    refused({"dealer": "N", "cp_NS": 10, "last_trick": "NS"}, "cp_NS", "INFEASIBLE_FOR_TRICKS")
    G.validate({"dealer": "N", "cp_NS": 18, "last_trick": "NS"}, start(), V)


# -- B-V5 ----------------------------------------------------------------------------------------


def test_spritz_is_a_whole_number_within_max_spritz() -> None:
    refused({"dealer": "N", "cp_NS": 45, "spritz": "1"}, "spritz", "NOT_AN_INTEGER")
    refused({"dealer": "N", "cp_NS": 45, "spritz": True}, "spritz", "NOT_AN_INTEGER")
    limited = G.variant({"max_spritz": 2})
    G.validate({"dealer": "N", "cp_NS": 45, "spritz": 2}, start(limited), limited)
    error = refused(
        {"dealer": "N", "cp_NS": 45, "spritz": 3}, "spritz", "OUT_OF_RANGE", None, limited
    )
    assert error.params["maximum"] == 2
    refused(
        {"dealer": "N", "cp_NS": 45, "spritz_log": ["NS", "EW", "NS"]},
        "spritz_log",
        "OUT_OF_RANGE",
        None,
        limited,
    )


def test_a_huge_spritz_count_is_out_of_range_not_a_hang() -> None:
    # B-V5 sets no bound, but 2^(10^30) game points cannot be computed: the engine caps the
    # calls at SPRITZ_LIMIT = 64 (and at max_spritz when that is smaller).
    error = refused({"dealer": "N", "cp_NS": 45, "spritz": 10**30}, "spritz", "OUT_OF_RANGE")
    assert error.params["maximum"] == SPRITZ_LIMIT == 64
    refused({"dealer": "N", "cp_NS": 45, "spritz": 65}, "spritz", "OUT_OF_RANGE")
    refused(
        {"dealer": "N", "cp_NS": 45, "spritz_log": ["NS", "EW"] * 33},
        "spritz_log",
        "OUT_OF_RANGE",
    )
    huge = G.variant({"max_spritz": 10**30})
    refused({"dealer": "N", "cp_NS": 45, "spritz": 65}, "spritz", "OUT_OF_RANGE", None, huge)
    # 64 calls: EW (home, dealer N) wins 1 × 2^64; the slate stays JSON-ready.
    state = G.apply({"dealer": "N", "cp_NS": 45, "spritz": 64}, start(), V).state
    assert state.game_points["EW"] == 2**64
    json.dumps(state.as_dict())


def test_more_than_four_spritzes_is_only_a_warning() -> None:
    warnings = G.validate({"dealer": "N", "cp_NS": 45, "spritz": 5}, start(), V)
    assert [w.code for w in warnings] == ["SPRITZ_HIGH"]
    assert G.validate({"dealer": "N", "cp_NS": 45, "spritz": 4}, start(), V) == ()
    # 5 calls: EW (home, dealer N) wins 1 × 2^5 = 32 ≥ 31: the round is over at once.
    step = G.apply({"dealer": "N", "cp_NS": 45, "spritz": 5}, start(), V)
    assert dict(step.state.knoddel) == {"NS": 1, "EW": 0}


def test_spritz_log_order() -> None:
    # Dealer N → home EW, away NS: NS spritzes first, then EW (re), then NS …
    G.validate({"dealer": "N", "cp_NS": 45, "spritz_log": ["NS", "EW", "NS"]}, start(), V)
    G.validate({"dealer": "N", "cp_NS": 45, "spritz_log": ["N", "W"]}, start(), V)  # seats
    error = refused(
        {"dealer": "N", "cp_NS": 45, "spritz_log": ["NS", "NS"]}, "spritz_log", "SPRITZ_ORDER"
    )
    assert error.params["call"] == 2
    refused({"dealer": "N", "cp_NS": 45, "spritz_log": ["XX"]}, "spritz_log.0", "UNKNOWN_PLAYER")
    refused({"dealer": "N", "cp_NS": 45, "spritz_log": "NS"}, "spritz_log", "INVALID_ENTRY")


def test_spritz_and_its_log_must_agree() -> None:
    refused(
        {"dealer": "N", "cp_NS": 45, "spritz": 2, "spritz_log": ["NS"]},
        "spritz_log",
        "MINIMAL_FULL_MISMATCH",
    )
    # The log alone sets the count: dealer N, EW (home) wins 1 × 2^2 = 4.
    state = G.apply({"dealer": "N", "cp_NS": 45, "spritz_log": ["NS", "EW"]}, start(), V).state
    assert dict(state.score) == {"NS": 0, "EW": 4}


# -- B-V6 ----------------------------------------------------------------------------------------


def test_meld_shapes() -> None:
    base = {"dealer": "N", "cp_NS": 45}
    refused({**base, "melds": {"team": "NS"}}, "melds", "INVALID_ENTRY")
    refused({**base, "melds": ["NS 20"]}, "melds.0", "INVALID_ENTRY")
    refused({**base, "melds": [{"kind": 20}]}, "melds.0.team", "MISSING_PLAYER")
    refused({**base, "melds": [{"team": "XY", "kind": 20}]}, "melds.0.team", "UNKNOWN_PLAYER")
    refused({**base, "melds": [{"player": "Q", "suit": "♣"}]}, "melds.0.player", "UNKNOWN_PLAYER")
    refused({**base, "melds": [{"team": "NS", "kind": 30}]}, "melds.0.kind", "OUT_OF_RANGE")
    refused({**base, "melds": [{"team": "NS", "kind": "20"}]}, "melds.0.kind", "NOT_AN_INTEGER")
    refused(
        {**base, "trump": "♥", "melds": [{"player": "N", "suit": "X"}]},
        "melds.0.suit",
        "OUT_OF_RANGE",
    )
    refused({**base, "trump": "Z"}, "trump", "OUT_OF_RANGE")


def test_minimal_and_full_meld_must_agree() -> None:
    refused(
        {"dealer": "N", "cp_NS": 45, "melds": [{"player": "E", "team": "NS", "kind": 20}]},
        "melds.0.team",
        "MINIMAL_FULL_MISMATCH",
    )
    # Both at once and agreeing: E's 20 for EW (dealer N, home EW wins 1): EW 1 + 1 = 2.
    state = G.apply(
        {"dealer": "N", "cp_NS": 45, "melds": [{"player": "E", "team": "EW", "kind": 20}]},
        start(),
        V,
    ).state
    assert dict(state.score) == {"NS": 0, "EW": 2}


def test_a_full_meld_needs_trump_or_its_kind() -> None:
    refused(
        {"dealer": "N", "cp_NS": 45, "melds": [{"player": "E", "suit": "♣"}]},
        "melds.0.kind",
        "MELD_SUIT_MISMATCH",
    )
    # With its kind and no trump it counts: a 40 for EW (+2), EW wins 1 → 3.
    state = G.apply(
        {"dealer": "N", "cp_NS": 45, "melds": [{"player": "E", "suit": "♣", "kind": 40}]},
        start(),
        V,
    ).state
    assert dict(state.score) == {"NS": 0, "EW": 3}


def test_a_40_outside_trumps_is_a_mismatch() -> None:
    refused(
        {
            "dealer": "N",
            "cp_NS": 45,
            "trump": "♥",
            "melds": [{"player": "E", "suit": "♣", "kind": 40}],
        },
        "melds.0.kind",
        "MELD_SUIT_MISMATCH",
    )


def test_suits_by_letter_or_name() -> None:
    # Trump "H" = ♥: S's hearts pair is a 40 (+2 NS); E's "clubs" a 20 (+1 EW); EW wins 1.
    state = G.apply(
        {
            "dealer": "N",
            "cp_NS": 45,
            "trump": "H",
            "melds": [{"player": "S", "suit": "h"}, {"player": "E", "suit": "clubs"}],
        },
        start(),
        V,
    ).state
    assert dict(state.score) == {"NS": 2, "EW": 2}


def test_duplicate_melds() -> None:
    base = {"dealer": "N", "cp_NS": 45}
    # §7: two 40s, or more 20s than the three plain suits, in one minimal entry.
    refused(
        {**base, "melds": [{"team": "NS", "kind": 40}, {"team": "EW", "kind": 40}]},
        "melds.1.kind",
        "DUPLICATE_MELD",
    )
    refused(
        {**base, "melds": [{"team": "NS", "kind": 20}] * 2 + [{"team": "EW", "kind": 20}] * 2},
        "melds.3.kind",
        "DUPLICATE_MELD",
    )
    refused({**base, "melds": [{"team": "NS", "kind": 20}] * 5}, "melds", "DUPLICATE_MELD")
    # A player holds five cards: at most two K+Q pairs.
    refused(
        {
            **base,
            "trump": "♦",
            "melds": [
                {"player": "N", "suit": "♣"},
                {"player": "N", "suit": "♠"},
                {"player": "N", "suit": "♥"},
            ],
        },
        "melds.2.player",
        "DUPLICATE_MELD",
    )


# -- B-V7 ----------------------------------------------------------------------------------------


def test_meld_cap_counts_the_melds_in_entry_order() -> None:
    # B-2 after deal 4: NS 29. A 20 for NS → 30 < 31 is fine; a second one would make 31.
    state = G.initial(G.seats(4), V)
    state = dataclasses.replace(state, score={"NS": 29, "EW": 2})
    G.validate({"dealer": "N", "cp_NS": 58, "melds": [{"team": "NS", "kind": 20}]}, state, V)
    error = refused(
        {"dealer": "N", "cp_NS": 58, "melds": [{"team": "NS", "kind": 20}] * 2},
        "melds.1",
        "MELD_CAP",
        state,
    )
    assert (error.params["score"], error.params["value"], error.params["target"]) == (30, 1, 31)
    # A 40 at 29 → 31: refused at once.
    refused(
        {"dealer": "N", "cp_NS": 58, "melds": [{"team": "NS", "kind": 40}]},
        "melds.0",
        "MELD_CAP",
        state,
    )


def test_meld_cap_with_the_forty_rule() -> None:
    # classic-12: T = 12, 40er-Regel at 10. At 10 a 40 counts 1 → 11 < 12: allowed.
    variant = G.variant({"preset": "classic-12"})
    state = dataclasses.replace(start(variant), score={"NS": 10, "EW": 0})
    G.validate({"dealer": "N", "cp_NS": 58, "melds": [{"team": "NS", "kind": 40}]}, state, variant)
    # At 11 even a 20 makes 12: refused.
    state = dataclasses.replace(state, score={"NS": 11, "EW": 0})
    refused(
        {"dealer": "N", "cp_NS": 58, "melds": [{"team": "NS", "kind": 20}]},
        "melds.0",
        "MELD_CAP",
        state,
        variant,
    )


# -- B-V8, B-V9 ----------------------------------------------------------------------------------


def test_solo_shapes() -> None:
    # B-V8 "player known" has the row's code SOLO_INCONSISTENT.
    refused({"dealer": "N", "solo": {"won": True}}, "solo.player", "SOLO_INCONSISTENT")
    refused(
        {"dealer": "N", "solo": {"player": "X", "won": True}}, "solo.player", "SOLO_INCONSISTENT"
    )
    refused({"dealer": "N", "solo": {"player": 3, "won": True}}, "solo.player", "SOLO_INCONSISTENT")
    refused({"dealer": "N", "solo": {"player": "N"}}, "solo.won", "SOLO_INCONSISTENT")
    refused({"dealer": "N", "solo": {"player": "N", "won": "yes"}}, "solo.won", "SOLO_INCONSISTENT")
    refused({"dealer": "N", "solo": "N"}, "solo", "INVALID_ENTRY")
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": True, "tricks": 4}},
        "solo",
        "SOLO_INCONSISTENT",
    )
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": True, "tricks": 7}},
        "solo.tricks",
        "OUT_OF_RANGE",
    )


def test_solo_consistency_with_card_points_and_tricks() -> None:
    # Won by W (EW): NS must have 0 card points and no trick.
    G.validate({"dealer": "N", "solo": {"player": "W", "won": True}, "cp_NS": 0}, start(), V)
    refused(
        {
            "dealer": "N",
            "solo": {"player": "W", "won": True},
            "tricks": {"NS": 1, "EW": 4},
            "cp_NS": 18,
        },
        "solo",
        "SOLO_INCONSISTENT",
    )
    # Lost by N (NS): EW must have a trick, so EW 0 card points is inconsistent.
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": False}, "cp_NS": 130},
        "solo",
        "SOLO_INCONSISTENT",
    )
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": False}, "tricks_EW": 0},
        "solo",
        "SOLO_INCONSISTENT",
    )


def test_no_solo_in_a_gehampelter_under_the_ledig_rule() -> None:
    ledig = G.variant({"ledig_no_solo_in_gehampelter": True})
    state = dataclasses.replace(start(ledig), knoddel={"NS": 1, "EW": 1})
    refused(
        {"dealer": "N", "solo": {"player": "E", "won": False}},
        "solo",
        "SOLO_FORBIDDEN",
        state,
        ledig,
    )
    # Not in a Gehampelter, or without the rule, the solo stands.
    G.validate({"dealer": "N", "solo": {"player": "E", "won": True}}, start(ledig), ledig)
    plain = dataclasses.replace(start(), knoddel={"NS": 1, "EW": 1})
    G.validate({"dealer": "N", "solo": {"player": "E", "won": True}}, plain, V)


# -- B-V10 … B-V12 -------------------------------------------------------------------------------


def test_die_letzte_and_target_fields() -> None:
    refused({"dealer": "W", "die_letzte": True, "cp_NS": 70}, "die_letzte", "OPTION_DISABLED")
    G.validate({"dealer": "W", "die_letzte": False, "cp_NS": 70}, start(), V)
    letzte = G.variant({"die_letzte": True})
    G.validate({"dealer": "W", "die_letzte": True, "cp_NS": 70}, start(letzte), letzte)
    refused(
        {"dealer": "W", "die_letzte": "yes", "cp_NS": 70},
        "die_letzte",
        "INVALID_ENTRY",
        None,
        letzte,
    )
    refused({"dealer": "W", "target": 12, "cp_NS": 70}, "target", "OPTION_DISABLED")
    G.validate({"dealer": "W", "target": 31, "cp_NS": 70}, start(), V)


def test_winner_cross_check() -> None:
    G.validate({"dealer": "N", "cp_NS": 65, "winner": "NS"}, start(), V)
    refused({"dealer": "N", "cp_NS": 70, "winner": "EW"}, "winner", "WINNER_MISMATCH")
    # A solo's winner is the round's: W won → EW; N lost → EW.
    G.validate({"dealer": "N", "solo": {"player": "W", "won": True}, "winner": "EW"}, start(), V)
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": False}, "winner": "NS"},
        "winner",
        "WINNER_MISMATCH",
    )


def test_no_deal_after_the_match() -> None:
    state = dataclasses.replace(start(), match_over=True)
    error = refused({"dealer": "N", "cp_NS": 45}, "deal", "MATCH_OVER", state)
    assert error.code == "MATCH_OVER"


def test_card_points_are_needed_for_an_ordinary_deal() -> None:
    # Checked last: §2.12 #6 and #7 enter melds without card points and expect the meld codes
    # (MELD_SUIT_MISMATCH, DUPLICATE_MELD), so the B-V rules of the table come first (§7).
    refused({"dealer": "N"}, "cp_NS", "NOT_AN_INTEGER")
    refused({"dealer": "N"}, "deal", "MATCH_OVER", dataclasses.replace(start(), match_over=True))
    refused({"dealer": "N", "spritz": 1, "melds": []}, "cp_NS", "NOT_AN_INTEGER")
    # A failed solo scored normally needs them too.
    normal = G.variant({"solo_failure": "score_normally"})
    refused(
        {"dealer": "N", "solo": {"player": "N", "won": False}},
        "cp_NS",
        "NOT_AN_INTEGER",
        None,
        normal,
    )


def test_validation_order_follows_the_table() -> None:
    # B-V1 before B-V2; B-V2 before B-V5; B-V5 before B-V6; B-V8 before B-V11; B-V11 before B-V12.
    refused({"dealer": "X", "cp_NS": 500}, "dealer", "UNKNOWN_PLAYER")
    refused({"dealer": "N", "cp_NS": 500, "spritz": -1}, "cp_NS", "OUT_OF_RANGE")
    refused(
        {"dealer": "N", "cp_NS": 45, "spritz": -1, "melds": [{"team": "XX"}]},
        "spritz",
        "OUT_OF_RANGE",
    )
    over = dataclasses.replace(start(), match_over=True)
    refused({"dealer": "N", "cp_NS": 70, "winner": "EW"}, "winner", "WINNER_MISMATCH", over)


# -- warnings and forms --------------------------------------------------------------------------


def test_dealer_rotation_warning() -> None:
    state = G.apply({"dealer": "N", "cp_NS": 45}, start(), V).state
    assert G.validate({"dealer": "E", "cp_NS": 45}, state, V) == ()
    warnings = G.validate({"dealer": "S", "cp_NS": 45}, state, V)
    assert [(w.field, w.code) for w in warnings] == [("dealer", "DEALER_ROTATION")]
    # Warnings do not block; a trusted apply drops them.
    assert G.apply({"dealer": "S", "cp_NS": 45}, state, V, trusted=True).warnings == ()


def test_web_form_shapes_are_accepted() -> None:
    # What entry_from_post makes of the form: ints, real bools, lower-case seats, nulls.
    entry = {
        "dealer": "n",
        "cp_NS": 45,
        "spritz": 0,
        "solo": None,
        "melds": [{"team": "EW", "kind": 20}],
        "die_letzte": False,
    }
    state = G.apply(entry, start(), V).state
    assert dict(state.score) == {"NS": 0, "EW": 2}
    assert state.dealer == "N"
