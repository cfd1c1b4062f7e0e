"""Bauerchen scoring beyond the examples: events, the tournament figures of Scoring specification
§2.7, round and stein numbering (§7), seats and the registry contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scoring
from scoring.bauerchen import deal_points

G = scoring.get("bauerchen")
V = G.variant({})
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "bauerchen"


def accepted(example: str) -> list[dict]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return [d["entry"] for d in data["deals"] if "reject" not in d]


def test_registry_contract() -> None:
    assert G.key == "bauerchen" and G.name == "Bauerchen"
    assert G.table_sizes == (4,) and G.table_size(V) == 4
    assert G.seats(4) == ("N", "E", "S", "W")
    with pytest.raises(ValueError):
        G.seats(3)
    with pytest.raises(ValueError):
        G.initial(("A", "B", "C", "D"), V)
    assert G.metric_ascending is False
    assert G.tiebreaks == ("knoddel_diff", "game_point_diff", "gehampelter_steins", "lot")
    assert G.tiebreak_order(V) == G.tiebreaks
    assert G.fewest_first == frozenset()


@pytest.mark.parametrize(
    ("ns", "home", "spritz", "team", "band", "points"),
    [
        # loser 0 → schwarz 3; home wins: 3·1
        (130, "NS", 0, "NS", "schwarz", 3),
        # loser 1–30 → schneider 2; away wins +1: (2+1)·2
        (100, "EW", 1, "NS", "schneider", 6),
        # loser 31 → schneider frei 1; home: 1
        (99, "NS", 0, "NS", "schneider_frei", 1),
        # 65:65 → away EW wins, loser 65 → frei 1 + 1 = 2
        (65, "NS", 0, "EW", "schneider_frei", 2),
        # 65:65, home EW → away NS wins 2; ×8 = 16
        (65, "EW", 3, "NS", "schneider_frei", 16),
    ],
)
def test_deal_points(ns, home, spritz, team, band, points) -> None:
    result = deal_points({"NS": ns, "EW": 130 - ns}, home, spritz, V)
    assert (result["team"], result["band"], result["points"]) == (team, band, points)


def test_b1_events_and_numbering() -> None:
    steps = G.replay(accepted("b1"), V)
    first = steps[0].events
    assert [e.kind for e in first] == ["deal_won"]
    assert first[0].seats == ("E", "W")
    assert first[0].figures["band"] == "schneider_frei" and first[0].figures["points"] == 1
    assert first[0].source.startswith("Bauerchen")
    last = steps[-1]
    assert [e.kind for e in last.events] == ["deal_won", "round_won", "knoddel"]
    assert last.events[1].figures == {
        "team": "NS",
        "round": 1,
        "score": 31,
        "target": 31,
        "carry": 0,
        "solo": False,
        "by_carry": False,
    }
    assert last.events[2].seats == ("E", "W")
    # §7: round_no starts at 1 and goes up whenever a round ends.
    assert steps[-2].state.round_no == 1 and last.state.round_no == 2
    assert last.state.dealer == "W" and last.state.home == "NS"


def test_b3_gehampelter_and_stein_events() -> None:
    variant = G.variant({"preset": "classic-12", "ledig_no_solo_in_gehampelter": True})
    steps = G.replay(accepted("b3"), variant)
    # Deal 10 ends round 2 with 1:1 knoddels: the Gehampelter is announced.
    assert "gehampelter" in [e.kind for e in steps[9].events]
    assert steps[9].state.gehampelter and steps[10].state.gehampelter
    stein = [e for e in steps[-1].events if e.kind == "stein"]
    assert stein[0].figures == {"team": "NS", "steins": 1, "gehampelter": True}
    last = steps[-1].state
    assert last.round_no == 4 and last.stein_no == 2 and not last.gehampelter
    assert dict(last.gehampelter_steins) == {"NS": 1, "EW": 0}
    # The unit is the match (§7): one stein of the default three is not the end of it.
    assert not last.unit_over and not last.match_over


def test_b3_tournament_figures() -> None:
    # B-3: NS wins the stein (2 knoddels to EW, 1 to NS): knoddel_diff NS +1, EW −1.
    # Game points NS: 2+3 (deal 2: 40 + schwarz) … summed by hand over the table:
    #   NS: d2 5, d3 2, d4 1, d5 2, d6 1 (40 at 10), d7 3, d11 2, d12 6, d14 2, d15 2 = 26
    #   EW: d1 2, d6 2, d8 4, d9 2, d10 8, d13 1 = 19
    variant = G.variant({"preset": "classic-12", "ledig_no_solo_in_gehampelter": True})
    state = G.replay(accepted("b3"), variant)[-1].state
    assert dict(state.game_points) == {"NS": 26, "EW": 19}
    results = {r.seat: r for r in state.result()}
    assert [r.seat for r in state.result()] == ["N", "E", "S", "W"]
    assert results["N"].score == results["S"].score == 1
    assert results["E"].score == results["W"].score == 0
    assert dict(results["N"].figures) == {
        "knoddel_diff": 1,
        "game_point_diff": 7,
        "gehampelter_steins": 1,
    }
    assert dict(results["W"].figures) == {
        "knoddel_diff": -1,
        "game_point_diff": -7,
        "gehampelter_steins": 0,
    }


def test_unfinished_stein_counts_knoddels_and_points_but_no_stein() -> None:
    # B-1: after the round NS has won the stein is unfinished: 0 steins each, but EW's knoddel
    # and the game points count. NS: 3+12+2+4+4+4+1+1 = 31; EW: 1+4+6+1 = 12.
    state = G.replay(accepted("b1"), V)[-1].state
    results = {r.seat: r for r in state.result()}
    assert results["N"].score == 0 and results["E"].score == 0
    assert dict(results["N"].figures) == {
        "knoddel_diff": 1,
        "game_point_diff": 19,
        "gehampelter_steins": 0,
    }
    assert dict(results["E"].figures)["knoddel_diff"] == -1


def test_the_tournament_unit_is_the_match_by_default() -> None:
    # §7: a match of steins_per_match (3) steins closes by itself; a tournament round that wants
    # one stein sets steins_per_match = 1. §2.7: game-point difference "over all deals".
    # B-4: stein 1 to EW after deal 3; deal 4 (EW +6) opens stein 2 and still counts:
    #   steins EW 1, NS 0; knoddels NS received 2, EW 0 → EW +2;
    #   game points NS 1 (deal 2), EW 6 (deal 4) → EW +5.
    steps = G.replay(accepted("b4"), V)
    assert not any(s.state.unit_over for s in steps)
    assert steps[-1].state.as_dict()["standing"]["EW"] == {
        "steins": 1,
        "knoddel_diff": 2,
        "game_point_diff": 5,
        "gehampelter_steins": 0,
    }
    one = G.variant({"steins_per_match": 1})
    steps = G.replay(accepted("b4")[:3], one)
    assert steps[-1].state.unit_over and steps[-1].state.match_over


def test_unit_tallies_stop_when_a_one_stein_unit_is_over() -> None:
    # tournament_round = stein: B-4's stein ends after deal 3 (EW); deal 4 (EW +6) is after the
    # unit and is not counted.
    steps = G.replay(accepted("b4"), G.variant({"tournament_round": "stein"}))
    assert [s.state.unit_over for s in steps] == [False, False, True, True]
    assert "unit_over" in [e.kind for e in steps[2].events]
    last = steps[-1].state
    assert dict(last.game_points) == {"NS": 1, "EW": 6}
    assert last.as_dict()["standing"]["EW"] == {
        "steins": 1,
        "knoddel_diff": 2,
        "game_point_diff": -1,
        "gehampelter_steins": 0,
    }


def test_solo_events() -> None:
    steps = G.replay(accepted("b4"), G.variant({"tournament_round": "stein"}))
    kinds = [e.kind for e in steps[0].events]
    assert kinds == ["solo", "round_won", "knoddel"]
    assert steps[0].events[0].seats == ("W",)
    assert steps[0].events[1].figures["solo"] is True
    assert [e.kind for e in steps[2].events] == [
        "solo",
        "round_won",
        "knoddel",
        "stein",
        "unit_over",
    ]


def test_meld_events() -> None:
    step = G.replay(accepted("b2"), V)[0]
    melds = [e for e in step.events if e.kind == "meld"]
    assert [(m.seats, m.figures["kind"], m.figures["value"], m.figures["suit"]) for m in melds] == [
        (("E",), 20, 1, "♣"),
        (("S",), 40, 2, "♥"),
    ]
    minimal = G.apply(
        {"dealer": "N", "cp_NS": 45, "melds": [{"team": "NS", "kind": 20}]},
        G.initial(G.seats(4), V),
        V,
    )
    assert minimal.events[0].seats == ("N", "S")


def test_melds_in_a_solo_deal_are_ignored() -> None:
    # B13: the round ends anyway and the partner cannot meld.
    step = G.apply(
        {
            "dealer": "N",
            "solo": {"player": "W", "won": True},
            "melds": [{"team": "EW", "kind": 40}],
        },
        G.initial(G.seats(4), V),
        V,
    )
    assert "meld" not in [e.kind for e in step.events]
    assert dict(step.state.game_points) == {"NS": 0, "EW": 0}


def test_state_is_read_only_and_json_ready() -> None:
    state = G.replay(accepted("b2"), V)[-1].state
    with pytest.raises(TypeError):
        state.score["NS"] = 5  # type: ignore[index]
    json.dumps(state.as_dict())


def test_engine_modules_import_no_django() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import scoring.bauerchen, scoring.simulation.bauerchen; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
