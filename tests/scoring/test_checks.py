"""The checks every game shares (``scoring/checks.py``, ``scoring.cards.parse_suit``): one
spelling of a suit, a partnership, a whole number, the seat in turn, for all games."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from scoring.cards import parse_suit
from scoring.checks import (
    entry_object,
    next_seat,
    parse_partnership,
    rotation_warnings,
    whole_number,
    within,
)
from scoring.hindernislauf import parse_card


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("♣", "♣"),
        ("♤", "♠"),
        (" h ", "♥"),
        ("D", "♦"),
        ("Kreuz", "♣"),
        ("PIK", "♠"),
        ("herz", "♥"),
        ("Karo", "♦"),
        ("diamonds", "♦"),
    ],
)
def test_a_suit_is_read_however_a_table_writes_it(text: str, suit: str) -> None:
    assert parse_suit(text) == suit


@pytest.mark.parametrize("text", ["", "x", "Eichel", "♥♥", None, 3, ["♥"]])
def test_anything_else_is_no_suit(text: Any) -> None:
    assert parse_suit(text) is None


@pytest.mark.parametrize(
    ("text", "card"), [("Herz K", "♥K"), ("10 karo", "♦10"), ("PikQ-", "♠Q-"), ("H10", "♥10")]
)
def test_hindernislauf_reads_a_card_with_its_suit_named(text: str, card: str) -> None:
    parsed = parse_card(text)
    assert parsed is not None and str(parsed) == card


@pytest.mark.parametrize(
    ("text", "team"), [("NS", "NS"), ("sn", "NS"), ("S", "NS"), ("OW", "EW"), ("wo", "EW")]
)
def test_a_partnership_by_its_name_or_a_seat(text: str, team: str) -> None:
    assert parse_partnership(text) == team
    assert parse_partnership("NE") is None


def test_both_bauerchen_variants_take_ost_west_for_ew() -> None:
    """Ost/West is how a German table names EW; the Hessian variant used to refuse it."""
    game = scoring.games["bauerchen_hessen"]
    variant = game.variant({})
    state = game.initial(game.seats(4), variant)
    step = game.apply({"winner_team": "OW"}, state, variant)
    assert step.state.striche == {"NS": 6, "EW": 4}  # §2.10: EW erase one, NS add one (of 5)


def test_whole_numbers_in_range() -> None:
    assert within(whole_number(7, "points.A", "card points"), "points.A", "card points", 0, 10)
    with pytest.raises(scoring.InvalidDeal) as wrong:
        whole_number("7", "points.A", "card points")
    assert (wrong.value.code, wrong.value.params) == ("NOT_AN_INTEGER", {"value": "7"})
    with pytest.raises(scoring.InvalidDeal) as wide:
        within(11, "points.A", "card points", 0, 10)
    assert wide.value.params == {"value": 11, "minimum": 0, "maximum": 10}


def test_an_entry_object_names_its_first_unknown_field() -> None:
    with pytest.raises(scoring.InvalidDeal) as error:
        entry_object({"points": {}, "trumpf": "♥"}, {"points"})
    assert (error.value.field, error.value.code) == ("trumpf", "UNKNOWN_FIELD")
    with pytest.raises(scoring.InvalidDeal) as not_object:
        entry_object(["points"], {"points"})
    assert (not_object.value.field, not_object.value.code) == ("deal", "INVALID_ENTRY")


def test_the_next_seat_round_the_table() -> None:
    assert next_seat(("N", "E", "S", "W"), "W") == "N"
    assert next_seat(("A", "B", "C"), "A", -1) == "C"
    assert rotation_warnings("B", "B", "") == ()
    assert rotation_warnings(None, "B", "") == ()
    assert [w.code for w in rotation_warnings("C", "B", "C dealt")] == ["DEALER_ROTATION"]
