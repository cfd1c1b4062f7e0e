"""Hintersche scoring details and variant options, derived by hand from the Scoring specification
§1.5–§1.7."""

from __future__ import annotations

import pytest

import scoring
from scoring.hintersche import Variant, _settle
from tests.scoring.helpers import golden_entries, state_after

G = scoring.get("hintersche")
V = G.variant({})


def kinds(step) -> list[str]:
    return [e.kind for e in step.events]


def test_events_of_a_hundred_ending_the_vierstrich() -> None:
    steps = G.replay(golden_entries("h2")[:2], V)
    step = steps[1]
    assert kinds(step) == ["hundred", "strich", "vierstrich_over", "sits_out", "unit_over"]
    hundred, strich, over, sits_out, _ = step.events
    assert hundred.seats == ("B",) and hundred.figures["points"] == 104
    assert strich.seats == ("A", "C", "D")
    assert dict(strich.figures) == {"reason": "hundred", "points": 104, "by": "B"}
    assert dict(over.figures) == {"total": 4, "superfluous": 0}
    assert sits_out.seats == ("B",)
    assert "Schoch 2014" in hundred.source
    assert dict(step.state.received) == {"A": 2, "B": 0, "C": 1, "D": 1}
    assert dict(step.state.hundreds) == {"A": 0, "B": 1, "C": 0, "D": 0}


def test_superfluous_mark_and_shared_butzen() -> None:
    steps = G.replay(golden_entries("h4")[:5], V)
    assert dict(steps[3].events[-2].figures) == {"total": 5, "superfluous": 1}
    assert kinds(steps[1]) == ["void"]
    butzen = steps[4]
    assert kinds(butzen) == ["butzen", "strich", "drops_out"]
    assert butzen.events[0].seats == ("A", "B")
    assert dict(butzen.events[0].figures) == {"points": 0, "erased": 1}
    assert butzen.events[1].seats == ("C", "D")
    assert butzen.events[1].figures["reason"] == "most"


def test_game_lost_without_butzen_and_new_game() -> None:
    steps = G.replay(golden_entries("h5")[:5], V)
    assert kinds(steps[3]) == ["strich", "vierstrich_over", "sits_out", "game_lost", "unit_over"]
    lost = next(e for e in steps[3].events if e.kind == "game_lost")
    assert lost.seats == ("A",)
    assert dict(lost.figures) == {"game": 1, "striche": 4, "frame": 1}
    assert steps[3].state.loser == "A" and steps[3].state.phase == "done"
    assert kinds(steps[4])[0] == "new_game"
    assert steps[4].events[0].figures["game"] == 2


def test_butzen_hundred_with_one_strich_erases_it() -> None:
    steps = G.replay(golden_entries("h3")[:5], V)
    hundred = steps[4].events[0]
    assert hundred.kind == "hundred" and dict(hundred.figures) == {"points": 100, "erased": 1}


def test_two_player_hundred_adds_off() -> None:
    variant = G.variant({"butzen_two_player_hundred_adds": False})
    state = state_after("h3", 8, variant)
    assert dict(state.striche) == {"A": 0, "B": 0, "C": 1, "D": 5}
    step = G.apply({"points": {"C": 20, "D": 120}}, state, variant)
    # D erases two; C adds nothing, unlike the default (H-3 deal 9: C 2, D 3).
    assert dict(step.state.striche) == {"A": 0, "B": 0, "C": 1, "D": 3}
    assert kinds(step) == ["hundred"]
    default = G.apply({"points": {"C": 20, "D": 120}}, state_after("h3", 8), V)
    assert dict(default.state.striche) == {"A": 0, "B": 0, "C": 2, "D": 3}


def test_vierstrich_marks_option() -> None:
    three = G.variant({"vierstrich_marks": 3})
    state = state_after("h1", 3, three)
    assert state.phase == "butzen"
    assert state.active == ("A", "B", "D") and state.finished == ("C",)


def test_minimal_entries_score_like_full_ones() -> None:
    outcomes = [
        {"most": ["A"]},
        {"most": ["B"]},
        {"most": ["D"]},
        {"most": ["A"]},
        {"most": ["B"], "fewest": ["D"]},
        {"fewest": ["B"]},
        {"fewest": ["A"]},
        {"fewest": ["B"]},
    ]
    minimal = G.replay([{"outcome": o} for o in outcomes], V)
    full = G.replay(golden_entries("h1"), V)
    assert [s.state.as_dict() for s in minimal] == [s.state.as_dict() for s in full]
    assert minimal[0].events[0].figures["points"] is None


def test_pool_settlement_with_remainder() -> None:
    # One-game rubber: A loses H-1; the pool of €5 is split among three winners.
    variant = G.variant({"settlement": "pool", "games_per_rubber": 1})
    state = state_after("h1", 8, variant)
    assert state.rubber_over
    assert dict(state.balance) == {"A": -5, "B": 1, "C": 1, "D": 1}
    assert state.pool_remainder == 2
    assert state.as_dict()["pool_remainder"] == 2


@pytest.mark.parametrize("settlement", ["per_winner", "per_mark", "pool"])
def test_nobody_pays_when_everybody_has_a_mark(settlement) -> None:
    variant = Variant(settlement=settlement)
    assert _settle({"A": 1, "B": 1, "C": 1, "D": 1}, variant) == (dict.fromkeys("ABCD", 0), 0)


def test_stake_option() -> None:
    variant = G.variant({"stake": 2, "games_per_rubber": 1})
    assert dict(state_after("h1", 8, variant).balance) == {"A": -6, "B": 2, "C": 2, "D": 2}


def test_unit_vierstrich_default() -> None:
    steps = G.replay(golden_entries("h1"), V)
    assert [s.state.unit_over for s in steps] == [False] * 3 + [True] * 5
    last = steps[-1].state
    assert dict(last.received) == {"A": 2, "B": 1, "C": 0, "D": 1}
    assert [(r.seat, r.score) for r in last.result()] == [("A", 2), ("B", 1), ("C", 0), ("D", 1)]
    # Later games do not count for the unit.
    whole = state_after("h5", 23)
    assert [r.score for r in whole.result()] == [4, 0, 0, 0]


def test_unit_full_game() -> None:
    variant = G.variant({"tournament_round": "full_game"})
    steps = G.replay(golden_entries("h1"), variant)
    assert [s.state.unit_over for s in steps] == [False] * 7 + [True]
    result = steps[-1].state.result()
    assert [r.score for r in result] == [1, 0, 0, 0]
    assert dict(result[0].figures) == {"striche": 2, "frame": 1, "hundreds": 0}


def test_unit_rubber() -> None:
    variant = G.variant({"tournament_round": "rubber"})
    steps = G.replay(golden_entries("h5"), variant)
    assert [s.state.unit_over for s in steps] == [False] * 22 + [True]
    state = steps[-1].state
    assert [r.score for r in state.result()] == [1, 0, 1, 2]
    # Vier-Strich halves of all four games: A 4+1, B 2+1+1, C 1+1, D 1+3+1.
    assert dict(state.received) == {"A": 5, "B": 4, "C": 2, "D": 5}
    assert dict(state.hundreds) == {"A": 1, "B": 1, "C": 0, "D": 1}


@pytest.mark.parametrize("auto_new_game", [True, False])
def test_a_rubber_round_goes_on_to_game_2(auto_new_game: bool) -> None:
    # H-5 game 1: A takes the most four times, B C D sit out with clean slates and A is left
    # alone, so A loses game 1 without a Butzen. With tournament_round = rubber the round goes
    # on: the next deal deals all four again and belongs to game 2 (H-V9).
    variant = G.variant({"tournament_round": "rubber", "auto_new_game": auto_new_game})
    state = G.replay(golden_entries("h5")[:4], variant)[-1].state
    assert (state.phase, state.loser, state.active, state.unit_over) == ("done", "A", (), False)
    assert state.next_active == ("A", "B", "C", "D") and state.next_game == 2
    points = {"A": 52, "B": 30, "C": 18, "D": 40}
    step = G.apply({"points": points, "game": state.next_game}, state, variant)
    assert kinds(step) == ["new_game", "strich"] and step.events[1].seats == ("A",)
    assert (step.state.game, dict(step.state.striche)) == (2, {"A": 1, "B": 0, "C": 0, "D": 0})
    assert dict(step.state.frame) == {"A": 1, "B": 0, "C": 0, "D": 0}
    assert step.state.next_active == step.state.active and step.state.next_game == 2


def test_states_are_immutable() -> None:
    state = state_after("h1", 2)
    with pytest.raises(TypeError):
        state.striche["A"] = 5  # type: ignore[index]
    with pytest.raises(AttributeError):
        state.phase = "done"  # type: ignore[misc]
    before = state.as_dict()
    G.apply({"points": {"A": 45, "B": 12, "C": 33, "D": 50}}, state, V)
    assert state.as_dict() == before


def test_as_dict_keys() -> None:
    data = state_after("h1", 1).as_dict()
    for key in (
        "game", "phase", "striche", "active", "finished", "frame", "loser", "games_played",
        "rubber_over", "balance", "unit_over", "deals", "dealer", "received",
    ):  # fmt: skip
        assert key in data
    assert data["deals"] == 1 and data["balance"] is None
