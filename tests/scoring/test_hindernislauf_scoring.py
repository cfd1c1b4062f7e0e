"""Hindernislauf scoring over a session (Scoring specification §5.5, §5.6, §7): running totals,
the dealer from the rotation, deal wins shared, events, the tournament result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import scoring
from scoring.hindernislauf import HINDERNISLAUF as G
from scoring.hindernislauf import player_order

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hindernislauf"


def golden(example: str) -> dict[str, Any]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return data["deals"][0]["entry"]


HL1 = golden("hl1")
V = G.variant({})


def test_registered() -> None:
    assert scoring.get("hindernislauf") is G
    assert G.name == "Hindernislauf"
    assert G.table_sizes[0] == 4 and sorted(G.table_sizes) == [2, 3, 4, 5, 6]
    assert G.table_size(V) == 4
    assert G.metric_ascending is False
    assert G.tiebreaks == ("hits", "skips", "deal_wins", "lot") == G.tiebreak_order(V)
    assert G.fewest_first == frozenset({"skips"})
    assert G.bye_score == 0 and G.last_place_title is None


def test_dealer_inferred_from_rotation() -> None:
    # §7: the first deal's dealer is the last seat (D), so A plays first: HL-1 as given.
    state = G.initial(G.seats(4), V)
    assert state.expected_dealer == "D"
    plays = {"plays": HL1["plays"]}
    state = G.apply(plays, state, V).state
    assert state.dealer == "D"
    assert dict(state.points) == {"A": -3, "B": -1, "C": 0, "D": -1}
    # The second deal is A's: B plays first, so every figure moves one seat on:
    # B −3, C −1, D 0, A −1; the session totals add: A −4, B −4, C −1, D −1.
    assert player_order(state.seats, "A") == ("B", "C", "D", "A")
    step = G.apply(plays, state, V)
    state = step.state
    assert state.dealer == "A" and step.warnings == ()
    assert dict(state.deal_points) == {"A": -1, "B": -3, "C": -1, "D": 0}
    assert dict(state.points) == {"A": -4, "B": -4, "C": -1, "D": -1}
    # Hits 0/1/1/1 then 1/0/1/1 (moved on one seat); skips 3/2/1/2 then 2/3/2/1.
    assert dict(state.hits) == {"A": 1, "B": 1, "C": 2, "D": 2}
    assert dict(state.skips) == {"A": 5, "B": 5, "C": 3, "D": 3}
    # Deal wins: C, then D.
    assert dict(state.deal_wins) == {"A": 0, "B": 0, "C": 1, "D": 1}
    assert state.deals == 2 and state.minimal_deals == 0


def test_minimal_entries_add_points_and_shared_wins() -> None:
    state = G.initial(G.seats(4), V)
    step = G.apply({"dealer": "D", "points": {"A": -3, "B": -1, "C": 0, "D": -1}}, state, V)
    state = step.state
    assert state.deal_hits is None and state.deal_skips is None and state.run == ()
    # A tie for the most: both win (ambiguity L6).
    step = G.apply({"points": {"A": 2, "B": 2, "C": -1, "D": 0}}, state, V)
    state = step.state
    assert state.dealer == "A"
    assert state.winners == ("A", "B")
    assert dict(state.deal_wins) == {"A": 1, "B": 1, "C": 1, "D": 0}
    assert dict(state.points) == {"A": -1, "B": 1, "C": -1, "D": -1}
    assert state.minimal_deals == 2
    won = [e for e in step.events if e.kind == "deal_won"]
    assert won[0].seats == ("A", "B") and won[0].figures["points"] == 2


def test_all_negative_the_least_negative_wins() -> None:
    state = G.initial(G.seats(3), V)
    state = G.apply({"points": {"A": -2, "B": -1, "C": -3}}, state, V).state
    assert state.winners == ("B",)


def test_result_is_points_hits_skips_deal_wins() -> None:
    state = G.initial(G.seats(4), V)
    state = G.apply(HL1, state, V).state
    # A minimal deal adds points and a deal win but no hits or skips (unknown, §7).
    state = G.apply({"points": {"A": 1, "B": 0, "C": 0, "D": 0}}, state, V).state
    result = state.result()
    assert [r.seat for r in result] == ["A", "B", "C", "D"]
    assert [r.score for r in result] == [-2, -1, 0, -1]
    assert [dict(r.figures) for r in result] == [
        {"hits": 0, "skips": 3, "deal_wins": 1},
        {"hits": 1, "skips": 2, "deal_wins": 0},
        {"hits": 1, "skips": 1, "deal_wins": 1},
        {"hits": 1, "skips": 2, "deal_wins": 0},
    ]


def test_events_of_hl1() -> None:
    step = G.apply(HL1, G.initial(G.seats(4), V), V)
    kinds = [e.kind for e in step.events]
    # Per the table: skips at cards 10, 13, 15, 20, 21, 28, 29, 30; hits at 11, 16, 18;
    # the reset after card 21.
    assert kinds.count("hit") == 3 and kinds.count("skip") == 8 and kinds.count("reset") == 1
    first = step.events[0]
    assert (first.kind, first.seats, first.figures["obstacle"], first.figures["play"]) == (
        "skip",
        ("B",),
        55,
        10,
    )
    assert (first.figures["before"], first.figures["after"], first.figures["card"]) == (
        46,
        57,
        "♣A",
    )
    reset = next(e for e in step.events if e.kind == "reset")
    assert reset.seats == ("A",) and reset.figures == {
        "total": 121,
        "card": "♠A",
        "play": 21,
        "series": 2,
    }
    summary = next(e for e in step.events if e.kind == "deal_points")
    assert summary.figures["points"] == {"A": -3, "B": -1, "C": 0, "D": -1}
    assert summary.figures["totals"][-1] == 83 and len(summary.figures["totals"]) == 32
    assert kinds[-1] == "deal_won" and step.events[-1].seats == ("C",)
    assert all(e.source for e in step.events)


def test_running_total_row_by_row() -> None:
    state = G.apply(HL1, G.initial(G.seats(4), V), V).state
    row = state.run[19]  # HL-1 card 20: D's ♥Q− 113 → 110 skips 111 downwards
    assert (row.seat, row.card, row.value, row.before, row.after) == ("D", "♥Q-", -3, 113, 110)
    assert (row.event, row.obstacle, row.reset) == ("skip", 111, False)
    assert dict(row.points) == {"A": -1, "B": 0, "C": 0, "D": 0}
    assert state.run[21].before == 0  # the new series after the reset
    assert state.totals[20] == 121


def test_state_is_read_only_and_json_ready() -> None:
    state = G.apply(HL1, G.initial(G.seats(4), V), V).state
    try:
        state.points["A"] = 5  # type: ignore[index]
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("points must be read-only")
    assert json.loads(json.dumps(state.as_dict(), ensure_ascii=False)) == state.as_dict()
