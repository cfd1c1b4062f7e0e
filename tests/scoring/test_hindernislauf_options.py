"""Hindernislauf house rules (Scoring specification §5.7): every option and the ``labbe`` preset
change a figure; the expected figures are derived by hand from the worked examples' tables."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.base import InvalidDeal, InvalidVariant
from scoring.hindernislauf import HINDERNISLAUF as G
from scoring.hindernislauf import Variant

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hindernislauf"


def golden(example: str) -> dict[str, Any]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return data["deals"][0]["entry"]


HL1, HL2, HL5 = golden("hl1"), golden("hl2"), golden("hl5")


def play(entry: dict, players: int, options: dict) -> Any:
    variant = G.variant(options)
    return G.apply(entry, G.initial(G.seats(players), variant), variant)


def test_options_and_defaults() -> None:
    options = {o.name: o for o in G.options()}
    assert list(options) == [
        "ace_value",
        "reach_120_bonus",
        "on_120",
        "faceup_queen",
        "allow_negative_total",
        "deals_per_round",
    ]
    assert options["ace_value"].default == 11
    assert options["reach_120_bonus"].default == 0
    assert options["on_120"].choices == ("reset", "end_deal")
    assert options["faceup_queen"].choices == ("plus3", "dealer_choice")
    assert options["allow_negative_total"].default is True
    assert (options["deals_per_round"].default, options["deals_per_round"].minimum) == (0, 0)
    assert G.variant({}) == Variant()


def test_ace_value_one() -> None:
    # HL-5 is played with Ace = 1 and the +5 bonus; with Ace = 1 alone D's +5 goes:
    # A −1, B 0, C −1, D 5 − 5 = 0, E 0.
    step = play(HL5, 5, {"ace_value": 1})
    assert dict(step.state.points) == {"A": -1, "B": 0, "C": -1, "D": 0, "E": 0}
    assert step.state.start_total == 4  # ♥Q +3, ♠A 1
    # With Ace = 11 the same cards run differently: 3 + 11 = 14 to start.
    assert play(HL5, 5, {}).state.start_total == 14


def test_reach_120_bonus() -> None:
    # HL-1, card 21: A's ♠A takes 110 to 121 (−1 for skipping 111) and earns the bonus 5:
    # A −3 + 5 = 2; B −1, C 0, D −1 unchanged; A now wins the deal.
    step = play(HL1, 4, {"reach_120_bonus": 5})
    assert dict(step.state.points) == {"A": 2, "B": -1, "C": 0, "D": -1}
    assert step.state.winners == ("A",)
    bonus = [e for e in step.events if e.kind == "reach_bonus"]
    assert [(e.seats, e.figures["points"], e.figures["play"]) for e in bonus] == [(("A",), 5, 21)]
    assert step.state.run[20].bonus == 5 and step.state.run[20].event == "skip"


def test_on_120_end_deal() -> None:
    # HL-1 stops with card 21 (110 → 121): points after it −2/0/0/0 (the table's row 21);
    # hits B (111), C (66), D (99); skips A 77 and 111, B 55, C 88, D 111 (card 20).
    options = {"on_120": "end_deal"}
    for plays in (HL1["plays"], HL1["plays"][:21]):
        step = play({"dealer": "D", "plays": plays}, 4, options)
        state = step.state
        assert dict(state.points) == {"A": -2, "B": 0, "C": 0, "D": 0}
        assert dict(state.hits) == {"A": 0, "B": 1, "C": 1, "D": 1}
        assert dict(state.skips) == {"A": 2, "B": 1, "C": 1, "D": 1}
        assert state.winners == ("B", "C", "D")
        assert len(state.run) == 21 and state.run[-1].reset and state.series == 1
        assert [e.kind for e in step.events if e.kind in ("reset", "deal_end")] == ["deal_end"]
    for cut in (20, 22):
        with pytest.raises(InvalidDeal) as raised:
            play({"dealer": "D", "plays": HL1["plays"][:cut]}, 4, options)
        assert (raised.value.code, raised.value.field) == ("CARD_COUNT", "plays")
    # Under the default (reset) the short sequence is CARD_COUNT too.
    with pytest.raises(InvalidDeal) as raised:
        play({"dealer": "D", "plays": HL1["plays"][:21]}, 4, {})
    assert raised.value.code == "CARD_COUNT"


def test_faceup_queen_dealer_choice() -> None:
    # HL-2 with the dealer turning the face-up ♠Q to −3: start 9 − 3 = 6 instead of 12. Cards:
    # ♠10 16, ♣9 25, ♥Q− 22, ♥8 30, ♦10 40, ♥9 49, ♠A 60 (A skips 55), ♣A 71 (B skips 66),
    # ♦A 82 (A skips 77): A −2, B −1 after nine cards.
    step = play({**HL2, "face_up": ["♠9", "♠Q-"]}, 2, {"faceup_queen": "dealer_choice"})
    state = step.state
    assert state.start_total == 6 and list(state.face_up) == ["♠9", "♠Q-"]
    assert [p.after for p in state.run[:9]] == [16, 25, 22, 30, 40, 49, 60, 71, 82]
    assert dict(state.run[8].points) == {"A": -2, "B": -1}
    # No sign is still +3.
    assert play(HL2, 2, {"faceup_queen": "dealer_choice"}).state.start_total == 12


def test_allow_negative_total() -> None:
    # HL-4 with B's ♦J (card 2) and A's later ♥Q− (card 13) swapped: 5 → 2 → −1.
    entry = json.loads(json.dumps(golden("hl4")))
    entry["plays"][1], entry["plays"][12] = entry["plays"][12], entry["plays"][1]
    assert play(entry, 6, {}).state.run[1].after == -1
    with pytest.raises(InvalidDeal) as raised:
        play(entry, 6, {"allow_negative_total": False})
    assert raised.value.code == "NEGATIVE_TOTAL"


@pytest.mark.parametrize(("players", "options", "deals"), [(4, {}, 4), (3, {}, 3), (6, {}, 6)])
def test_deals_per_round_default_is_one_deal_per_player(
    players: int, options: dict, deals: int
) -> None:
    variant = G.variant(options)
    state = G.initial(G.seats(players), variant)
    zero = dict.fromkeys(G.seats(players), 0)
    for number in range(1, deals + 2):
        step = G.apply({"points": zero}, state, variant)
        state = step.state
        assert state.unit_over == (number >= deals)
        assert any(e.kind == "unit_over" for e in step.events) == (number == deals)


def test_deals_per_round_set() -> None:
    variant = G.variant({"deals_per_round": 2})
    state = G.initial(G.seats(4), variant)
    zero = dict.fromkeys("ABCD", 0)
    state = G.apply({"points": zero}, state, variant).state
    assert not state.unit_over
    state = G.apply({"points": zero}, state, variant).state
    assert state.unit_over


def test_labbe_preset() -> None:
    assert G.variant({"preset": "labbe"}) == Variant(ace_value=1, reach_120_bonus=5, on_120="reset")
    # Options given alongside override the preset.
    assert G.variant({"preset": "labbe", "reach_120_bonus": 0}) == Variant(ace_value=1)
    assert G.variant({"preset": "none"}) == Variant()


@pytest.mark.parametrize(
    ("options", "option", "code"),
    [
        ({"preset": "göring"}, "preset", "INVALID_OPTION_VALUE"),
        ({"trumps": True}, "trumps", "UNKNOWN_OPTION"),
        ({"ace_value": 5}, "ace_value", "INVALID_OPTION_VALUE"),
        ({"ace_value": True}, "ace_value", "INVALID_OPTION_VALUE"),
        ({"reach_120_bonus": -1}, "reach_120_bonus", "INVALID_OPTION_VALUE"),
        ({"reach_120_bonus": "5x"}, "reach_120_bonus", "INVALID_OPTION_VALUE"),
        ({"on_120": "stop"}, "on_120", "INVALID_OPTION_VALUE"),
        ({"faceup_queen": "minus3"}, "faceup_queen", "INVALID_OPTION_VALUE"),
        ({"allow_negative_total": "yes"}, "allow_negative_total", "INVALID_OPTION_VALUE"),
        ({"deals_per_round": -1}, "deals_per_round", "INVALID_OPTION_VALUE"),
        ({"deals_per_round": True}, "deals_per_round", "INVALID_OPTION_VALUE"),
    ],
)
def test_invalid_variant(options: dict, option: str, code: str) -> None:
    with pytest.raises(InvalidVariant) as raised:
        G.variant(options)
    assert (raised.value.option, raised.value.code) == (option, code)
