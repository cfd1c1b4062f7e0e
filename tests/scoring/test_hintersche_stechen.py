"""The Hintersche Stechen (``tournament_round = "stechen"``): players tied on places that matter
play off "mit je einem Strich" — every seat starts with one Strich and the game is played as a
Butzen; the order of clearing the slate gives the places, the loser is last (Hintersche Stechen
after the Schapbach world championship (Schwarzwälder Bote reports): one Strich each, played as a
Butzen). The Butzen rules are those of Scoring specification §1.2/§1.5.

Every expected figure below is worked out by hand from those rules (the arithmetic is in the
comments), not copied from the engine's output. Card-point tuples are taken from the
specification's worked examples where possible (they pass H-V4/H-V5).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.base import InvalidDeal
from scoring.hintersche import SOURCE_STECHEN, HinterscheState, Variant
from scoring.simulation.hintersche import simulate_unit

G = scoring.get("hintersche")
S = G.variant({"tournament_round": "stechen"})
SEATS = G.seats(4)


def pts(**points: int) -> dict[str, Any]:
    """A full entry with the card points of the seats named."""
    return {"points": points}


def kinds(step) -> list[str]:
    return [e.kind for e in step.events]


def event(step, kind: str):
    return next(e for e in step.events if e.kind == kind)


def scores(state: HinterscheState) -> dict[str, int]:
    return {r.seat: r.score for r in state.result()}


def places(state: HinterscheState) -> dict[str, int]:
    return {r.seat: r.figures["stechen_place"] for r in state.result()}


# (a) -- an ordinary Stechen of four, the players clearing one by one -----------------------------

ONE_BY_ONE = [
    # 4 active, 1 Strich each. Fewest D (20) erases 1 → 0 and drops out (cleared in deal 1);
    # most A (50) adds 1 → 2.  Striche A2 B1 C1 D0.
    pts(A=50, B=30, C=40, D=20),
    # 3 active A B C. Fewest B (20) erases 1 → 0, out (deal 2); most C (75) adds → 2.
    # Striche A2 B0 C2.
    pts(A=45, B=20, C=75),
    # 2 active A C: fewest C (60) erases 1 → 1; with two left nobody adds (A stays 2).
    pts(A=80, C=60),
    # fewest A (50) erases 1 → 1; C stays 1.
    pts(A=50, C=90),
    # fewest C (50) erases 1 → 0, out (deal 5); A is left alone: the loser, with 1 Strich.
    pts(A=90, C=50),
]


def test_an_ordinary_stechen_places_the_players_in_the_order_they_clear() -> None:
    steps = G.replay(ONE_BY_ONE, S)
    striche = [dict(s.state.striche) for s in steps]
    assert striche == [
        {"A": 2, "B": 1, "C": 1, "D": 0},
        {"A": 2, "B": 0, "C": 2, "D": 0},
        {"A": 2, "B": 0, "C": 1, "D": 0},
        {"A": 1, "B": 0, "C": 1, "D": 0},
        {"A": 1, "B": 0, "C": 0, "D": 0},
    ]
    assert [s.state.active for s in steps] == [
        ("A", "B", "C"),
        ("A", "C"),
        ("A", "C"),
        ("A", "C"),
        (),
    ]
    last = steps[-1].state
    # D cleared in deal 1, B in deal 2, C in deal 5; A lost.
    assert dict(last.stechen_cleared) == {"D": 1, "B": 2, "C": 5}
    # D: 1 + 0 earlier = 1; B: 1 + 1 (D) = 2; C: 1 + 2 (D, B) = 3; A, the loser: 1 + 3 = 4.
    assert scores(last) == {"A": 4, "B": 2, "C": 3, "D": 1}
    assert places(last) == scores(last)
    assert last.phase == "done" and last.loser == "A" and dict(last.frame)["A"] == 1
    assert last.unit_over and not any(s.state.unit_over for s in steps[:-1])


def test_the_events_of_the_stechen_cite_their_source() -> None:
    steps = G.replay(ONE_BY_ONE, S)
    assert kinds(steps[0]) == ["butzen", "strich", "drops_out"]
    dropped = event(steps[0], "drops_out")
    assert dropped.seats == ("D",) and dict(dropped.figures) == {"stechen_place": 1}
    assert dropped.source == SOURCE_STECHEN
    assert dict(event(steps[1], "drops_out").figures) == {"stechen_place": 2}
    assert kinds(steps[2]) == ["butzen"]  # two left: nobody adds
    assert kinds(steps[4]) == ["butzen", "drops_out", "game_lost", "unit_over"]
    assert dict(event(steps[4], "drops_out").figures) == {"stechen_place": 3}
    lost = event(steps[4], "game_lost")
    # A is left with 1 Strich, takes his first frame mark and the last place, 1 + 3 = 4.
    assert lost.seats == ("A",)
    assert dict(lost.figures) == {"game": 1, "striche": 1, "frame": 1, "stechen_place": 4}
    over = event(steps[4], "unit_over")
    assert dict(over.figures) == {"unit": "stechen"}
    assert "Schapbach" in over.source and "one Strich each" in over.source


# (b) -- two players clearing in the same deal share a place --------------------------------------

SHARED = [
    # 4 active, 1 each. A and B tie for fewest (0): both erase 1 → 0, out together (deal 1);
    # C and D tie for most (70): both add 1 → 2.  Striche A0 B0 C2 D2.
    pts(A=0, B=0, C=70, D=70),
    # 2 active C D: fewest D (60) erases → 1.
    pts(C=80, D=60),
    # fewest C (60) erases → 1.
    pts(C=60, D=80),
    # fewest D (50) erases → 0, out (deal 4); C is left: the loser with 1 Strich.
    pts(C=90, D=50),
]


def test_players_clearing_in_the_same_deal_share_a_place() -> None:
    steps = G.replay(SHARED, S)
    first = steps[0].state
    assert dict(first.striche) == {"A": 0, "B": 0, "C": 2, "D": 2}
    assert dict(event(steps[0], "drops_out").figures) == {"stechen_place": 1}
    assert event(steps[0], "drops_out").seats == ("A", "B")
    # A, B: 1 + 0 = 1 each; C and D provisional: 1 + 2 cleared = 3.
    assert scores(first) == {"A": 1, "B": 1, "C": 3, "D": 3}
    last = steps[-1].state
    assert dict(last.stechen_cleared) == {"A": 1, "B": 1, "D": 4}
    # D: 1 + 2 (A, B cleared in deal 1) = 3; C, the loser: 1 + 3 = 4.  A competition ranking.
    assert scores(last) == {"A": 1, "B": 1, "C": 4, "D": 3}
    assert last.loser == "C" and dict(last.striche)["C"] == 1


def test_three_clearing_at_once_leave_the_fourth_last() -> None:
    # Three tie for fewest (30 each), D has most (50): A B C erase 1 → 0, D adds → 2 and is
    # alone: he loses at once. A B C share place 1; D is 1 + 3 = 4.
    steps = G.replay([pts(A=30, B=30, C=30, D=50)], S)
    state = steps[0].state
    assert scores(state) == {"A": 1, "B": 1, "C": 1, "D": 4}
    assert state.loser == "D" and dict(state.striche)["D"] == 2 and state.unit_over
    assert kinds(steps[0]) == ["butzen", "strich", "drops_out", "game_lost", "unit_over"]


# (c) -- a hundred in the Stechen -----------------------------------------------------------------

HUNDREDS = [
    # A makes 100 with 1 Strich: he erases min(2, 1) = 1 → 0 and is out (place 1);
    # B, C and D each add 1 → 2/2/2.
    pts(A=100, B=20, C=20, D=0),
    # 3 active B C D: fewest B (30) → 1; most D (65) → 3.  B1 C2 D3.
    pts(B=30, C=45, D=65),
    # fewest B (5) → 0, out (deal 3, place 1 + 1 = 2); most D (75) → 4.  C2 D4.
    pts(B=5, C=60, D=75),
    # 2 active: D makes 120: erases 2 → 2; C adds 1 → 3 (A8: also with two left).
    pts(C=20, D=120),
    # C makes 100: erases 2 → 1; D adds → 3.
    pts(C=100, D=40),
    # fewest D (40) → 2.
    pts(C=80, D=60),
    # C makes 110: erases min(2, 1) = 1 → 0, out (deal 7, place 1 + 2 = 3); D adds → 3 and loses.
    pts(C=110, D=30),
]


def test_a_hundred_erases_the_makers_strich_and_the_others_add_one() -> None:
    steps = G.replay(HUNDREDS, S)
    assert kinds(steps[0]) == ["hundred", "strich", "drops_out"]
    hundred, strich, dropped = steps[0].events
    assert hundred.seats == ("A",) and dict(hundred.figures) == {"points": 100, "erased": 1}
    assert strich.seats == ("B", "C", "D")
    assert dict(strich.figures) == {"reason": "hundred", "points": 100, "by": "A"}
    assert dropped.seats == ("A",) and dict(dropped.figures) == {"stechen_place": 1}
    assert [dict(s.state.striche) for s in steps] == [
        {"A": 0, "B": 2, "C": 2, "D": 2},
        {"A": 0, "B": 1, "C": 2, "D": 3},
        {"A": 0, "B": 0, "C": 2, "D": 4},
        {"A": 0, "B": 0, "C": 3, "D": 2},
        {"A": 0, "B": 0, "C": 1, "D": 3},
        {"A": 0, "B": 0, "C": 1, "D": 2},
        {"A": 0, "B": 0, "C": 0, "D": 3},
    ]
    assert dict(event(steps[3], "hundred").figures) == {"points": 120, "erased": 2}
    last = steps[-1].state
    assert dict(last.hundreds) == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert dict(last.stechen_cleared) == {"A": 1, "B": 3, "C": 7}
    # A 1; B 1 + 1 = 2; C 1 + 2 = 3; D, the loser with 3 Striche, 1 + 3 = 4.
    assert scores(last) == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert event(steps[-1], "game_lost").figures["striche"] == 3


def test_a_two_player_hundred_without_the_a8_addition() -> None:
    variant = G.variant({"tournament_round": "stechen", "butzen_two_player_hundred_adds": False})
    steps = G.replay(
        [
            # 4 active: fewest D → 0 (out, place 1); most A → 2.  A2 B1 C1.
            pts(A=50, B=30, C=40, D=20),
            # 3 active: fewest B (20) → 0 (out, place 2); most C (75) → 2.  A2 C2.
            pts(A=45, B=20, C=75),
            # C makes 120 with two left: erases 2 → 0, out (place 3); A does NOT add (option
            # off) and stays 2: the loser, place 4.
            pts(A=20, C=120),
        ],
        variant,
    )
    last = steps[-1].state
    assert dict(last.striche) == {"A": 2, "B": 0, "C": 0, "D": 0}
    assert kinds(steps[-1]) == ["hundred", "drops_out", "game_lost", "unit_over"]
    assert scores(last) == {"A": 4, "B": 2, "C": 3, "D": 1}


# (d) + (e) -- the two-player end and void deals --------------------------------------------------

TWO_LEFT = [
    # 4 active: fewest D (20) → 0, out (deal 1, place 1); most A (50) → 2.  A2 B1 C1.
    pts(A=50, B=30, C=40, D=20),
    # 3 active: fewest B (20) → 0, out (deal 2, place 2); A and C tie for most (60): both add
    # (tie_policy share) → A3 C2.
    pts(A=60, B=20, C=60),
    # 2 active: fewest C (50) → 1; nobody adds with two left, A stays 3.
    pts(A=90, C=50),
    # fewest A (50) → 2; C stays 1.
    pts(A=50, C=90),
    # void: both 70, nothing changes.  A2 C1.
    pts(A=70, C=70),
    # A makes 100: erases 2 → 0, out (deal 6, place 3); C adds 1 (A8) → 2 and loses, place 4.
    pts(A=100, C=40),
]


def test_with_two_left_nobody_adds_and_the_fewest_erases() -> None:
    steps = G.replay(TWO_LEFT, S)
    assert [dict(s.state.striche) for s in steps] == [
        {"A": 2, "B": 1, "C": 1, "D": 0},
        {"A": 3, "B": 0, "C": 2, "D": 0},
        {"A": 3, "B": 0, "C": 1, "D": 0},
        {"A": 2, "B": 0, "C": 1, "D": 0},
        {"A": 2, "B": 0, "C": 1, "D": 0},
        {"A": 0, "B": 0, "C": 2, "D": 0},
    ]
    assert kinds(steps[1]) == ["butzen", "strich", "drops_out"]
    assert event(steps[1], "strich").seats == ("A", "C")
    assert kinds(steps[2]) == ["butzen"] and kinds(steps[3]) == ["butzen"]
    assert kinds(steps[4]) == ["void"]
    # Provisional while A and C play: D 1, B 2, A and C 1 + 2 cleared = 3.
    for step in steps[1:5]:
        assert scores(step.state) == {"A": 3, "B": 2, "C": 3, "D": 1}
    last = steps[-1].state
    assert last.loser == "C"
    assert scores(last) == {"A": 3, "B": 2, "C": 4, "D": 1}


def test_a_void_deal_changes_nothing() -> None:
    for entry in (pts(A=35, B=35, C=35, D=35), {"outcome": {"void": True}}):
        step = G.apply(entry, G.initial(SEATS, S), S)
        assert kinds(step) == ["void"]
        state = step.state
        assert dict(state.striche) == dict.fromkeys(SEATS, 1)
        assert state.active == SEATS and state.phase == "butzen" and state.deals == 1
        assert not state.unit_over and dict(state.stechen_cleared) == {}
        # nobody has cleared: every seat provisionally 1 + 0 = 1
        assert scores(state) == dict.fromkeys(SEATS, 1)


def test_minimal_entries_score_as_the_card_points_do() -> None:
    minimal = [
        {"outcome": {"most": ["A"], "fewest": ["D"]}},
        {"outcome": {"most": ["C"], "fewest": ["B"]}},
        {"outcome": {"fewest": ["C"]}},  # "most" may be left out with two active
        {"outcome": {"fewest": ["A"]}},
        {"outcome": {"fewest": ["C"]}},
    ]
    full = G.replay(ONE_BY_ONE, S)
    short = G.replay(minimal, S)
    assert [s.state.as_dict() for s in short] == [s.state.as_dict() for s in full]


# (f) -- entry validation as in a normal Butzen ---------------------------------------------------


def refused(entries: list[dict[str, Any]], entry: dict[str, Any], variant: Variant = S):
    steps = G.replay(entries, variant)
    state = steps[-1].state if steps else G.initial(SEATS, variant)
    with pytest.raises(InvalidDeal) as caught:
        G.validate(entry, state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(entry, state, variant)
    assert applied.value.code == caught.value.code
    return caught.value


def test_the_butzen_needs_fewest() -> None:
    error = refused([], {"outcome": {"most": ["A"]}})
    assert (error.field, error.code) == ("outcome", "INVALID_OUTCOME")
    assert "fewest is required" in error.message


def test_most_is_required_while_four_play() -> None:
    error = refused([], {"outcome": {"fewest": ["A"]}})
    assert (error.field, error.code) == ("outcome", "INVALID_OUTCOME")


def test_a_seat_that_cleared_may_not_be_entered() -> None:
    error = refused(ONE_BY_ONE[:1], pts(A=40, B=40, C=40, D=20))
    assert (error.field, error.code) == ("points.D", "PLAYER_NOT_ACTIVE")
    error = refused(ONE_BY_ONE[:1], pts(A=40, B=60))
    assert (error.code, error.params["seats"]) == ("MISSING_PLAYER", ["C"])
    error = refused(ONE_BY_ONE[:1], pts(A=40, B=60, C=38))  # 138 ≠ 140
    assert error.code == "SUM_MISMATCH"


def test_a_three_player_void_is_impossible_and_a_manual_tie_needs_a_resolution() -> None:
    error = refused(ONE_BY_ONE[:1], {"outcome": {"void": True}})
    assert error.code == "INVALID_OUTCOME"
    manual = G.variant({"tournament_round": "stechen", "tie_policy": "manual"})
    # A and B tie for fewest (0) among four: who erases must be named.
    error = refused([], pts(A=0, B=0, C=70, D=70), manual)
    assert (error.code, error.params["category"]) == ("TIE_RESOLUTION_REQUIRED", "fewest")


def test_a_manual_tie_resolution_decides_who_clears() -> None:
    manual = G.variant({"tournament_round": "stechen", "tie_policy": "manual"})
    entry = {**pts(A=0, B=0, C=70, D=70), "tie_resolution": {"fewest": ["B"], "most": ["D"]}}
    state = G.apply(entry, G.initial(SEATS, manual), manual).state
    # Only B erases (→ 0, place 1), only D adds (→ 2); A and C keep 1.
    assert dict(state.striche) == {"A": 1, "B": 0, "C": 1, "D": 2}
    assert scores(state) == {"A": 2, "B": 1, "C": 2, "D": 2}


# (g) -- result() before the end (provisional places) and after -----------------------------------


def test_result_is_provisional_until_the_stechen_is_over() -> None:
    steps = G.replay(ONE_BY_ONE, S)
    expected = [
        # after deal 1: D cleared (1); A B C still play: 1 + 1 cleared = 2
        {"A": 2, "B": 2, "C": 2, "D": 1},
        # after deal 2: B cleared (1 + 1 = 2); A and C: 1 + 2 = 3
        {"A": 3, "B": 2, "C": 3, "D": 1},
        {"A": 3, "B": 2, "C": 3, "D": 1},
        {"A": 3, "B": 2, "C": 3, "D": 1},
        # over: C 1 + 2 = 3, A the loser 1 + 3 = 4
        {"A": 4, "B": 2, "C": 3, "D": 1},
    ]
    assert [scores(s.state) for s in steps] == expected
    assert [s.state.stechen_places() for s in steps] == expected
    assert [s.state.as_dict()["stechen_place"] for s in steps] == expected
    for result in steps[-1].state.result():
        # the existing figures stay: nothing received in a Butzen, A's frame mark, no hundreds
        assert set(result.figures) == {"striche", "frame", "hundreds", "stechen_place"}
        assert result.figures["striche"] == 0
        assert result.figures["frame"] == (1 if result.seat == "A" else 0)
        assert result.figures["stechen_place"] == result.score
    assert scores(G.initial(SEATS, S)) == dict.fromkeys(SEATS, 1)


def test_as_dict_carries_the_stechen_and_is_json() -> None:
    state = G.replay(ONE_BY_ONE, S)[-1].state
    data = json.loads(json.dumps(state.as_dict()))
    assert data["stechen_cleared"] == {"D": 1, "B": 2, "C": 5}
    assert data["stechen_place"] == {"A": 4, "B": 2, "C": 3, "D": 1}
    assert data["phase"] == "done" and data["unit_over"] is True


def test_a_deal_after_the_stechen_changes_no_place() -> None:
    steps = G.replay(ONE_BY_ONE, S)
    over = steps[-1].state
    # The engine still scores it (the web layer refuses it): it opens game 2 in the Vier-Strich.
    step = G.apply(pts(A=50, B=30, C=40, D=20), over, S)
    assert kinds(step) == ["new_game", "strich"]
    assert step.state.game == 2 and step.state.phase == "vierstrich" and step.state.unit_over
    assert dict(step.state.stechen_cleared) == dict(over.stechen_cleared)
    assert scores(step.state) == scores(over) == {"A": 4, "B": 2, "C": 3, "D": 1}


def test_other_tournament_rounds_have_no_stechen_figures() -> None:
    for unit in ("vierstrich", "full_game", "rubber"):
        variant = G.variant({"tournament_round": unit})
        state = G.replay(ONE_BY_ONE[:1], variant)[-1].state
        assert state.phase == "vierstrich" and state.stechen_places() is None
        assert state.as_dict()["stechen_place"] is None
        assert state.as_dict()["stechen_cleared"] == {}
        assert all("stechen_place" not in r.figures for r in state.result())


# (h) -- the variant ------------------------------------------------------------------------------


def test_the_stechen_variant_takes_the_defaults_otherwise() -> None:
    assert Variant(tournament_round="stechen") == S
    assert S.as_dict() == {**Variant().as_dict(), "tournament_round": "stechen"}
    assert G.variant(S.as_dict()) == S
    assert G.variant(dict(G.stechen_options)) == S
    assert dict(G.stechen_options) == {"tournament_round": "stechen"}
    # the web layer: a Stechen table's variant is the tournament's with the Stechen's options
    web = G.variant(
        {**{"tournament_round": "full_game", "settlement": "pool"}, **G.stechen_options}
    )
    assert web.tournament_round == "stechen" and web.settlement == "pool"


def test_the_stechen_is_not_offered_for_an_ordinary_round() -> None:
    options = {o.name: o for o in G.options()}
    assert "stechen" not in options["tournament_round"].choices


def test_the_initial_state_of_a_stechen() -> None:
    state = G.initial(SEATS, S)
    assert state.phase == "butzen" and state.game == 1 and state.deals == 0
    assert dict(state.striche) == dict.fromkeys(SEATS, 1)
    assert state.active == SEATS and state.finished == ()
    zero = dict.fromkeys(SEATS, 0)
    assert dict(state.received) == zero and dict(state.frame) == zero
    assert dict(state.hundreds) == zero
    assert not state.unit_over and state.loser is None and dict(state.stechen_cleared) == {}


# (i) -- trusted replay ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entries",
    [ONE_BY_ONE, SHARED, HUNDREDS, TWO_LEFT],
    ids=["one_by_one", "shared", "hundreds", "two_left"],
)
def test_trusted_replay_gives_the_full_replays_states(entries: list[dict[str, Any]]) -> None:
    full = G.replay(entries, S)
    trusted = G.replay(entries, S, trusted=True)
    assert [s.state for s in trusted] == [s.state for s in full]
    assert [s.events for s in trusted] == [s.events for s in full]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_trusted_replay_of_a_simulated_stechen(seed: int) -> None:
    entries = simulate_unit(SEATS, S, random.Random(seed))
    full = G.replay(entries, S)
    trusted = G.replay(entries, S, trusted=True)
    assert [s.state for s in trusted] == [s.state for s in full]
    assert [s.events for s in trusted] == [s.events for s in full]


# simulated Stechen tables ------------------------------------------------------------------------


def competition_ranking(values: list[int]) -> bool:
    """Each place is 1 + the number of places strictly better (1, 1, 3, 4 style)."""
    return all(v == 1 + sum(1 for w in values if w < v) for v in values)


def test_two_hundred_simulated_stechen_tables_place_everybody() -> None:
    for seed in range(200):
        entries = simulate_unit(SEATS, S, random.Random(seed))
        steps = G.replay(entries, S)
        assert all(step.warnings == () for step in steps)
        last = steps[-1].state
        assert last.unit_over and not any(s.state.unit_over for s in steps[:-1])
        assert last.phase == "done" and last.loser is not None
        placed = scores(last)
        assert competition_ranking(list(placed.values())), (seed, placed)
        # exactly one last place, the loser's, behind the three who cleared
        assert [s for s, p in placed.items() if p == max(placed.values())] == [last.loser]
        assert placed[last.loser] == 4
        assert set(last.stechen_cleared) == set(SEATS) - {last.loser}
        # places only settle: a cleared seat keeps its place from deal to deal
        for before, after in zip(steps, steps[1:], strict=False):
            kept = before.state.stechen_cleared
            assert {s: after.state.stechen_cleared[s] for s in kept} == dict(kept)
            assert all(scores(after.state)[s] == scores(before.state)[s] for s in kept)
