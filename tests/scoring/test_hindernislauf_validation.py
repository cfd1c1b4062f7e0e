"""Hindernislauf validation (Scoring specification §5.4 with the check order of §7): every error
code with its field, the order of the checks, malformed input, card identifiers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.base import InvalidDeal, InvalidVariant
from scoring.hindernislauf import (
    DECK,
    HindernislaufState,
    missing_cards,
    parse_card,
)
from scoring.hindernislauf import (
    HINDERNISLAUF as G,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hindernislauf"


def golden(example: str) -> dict[str, Any]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return data["deals"][0]["entry"]


HL1 = golden("hl1")  # 4 players, dealer D
HL2 = golden("hl2")  # 2 players, face up ♠9 ♠Q
HL3 = golden("hl3")  # 3 players, face up ♠A ♠K
HL4 = golden("hl4")  # 6 players, face up ♣Q ♠J


def start(players: int, options: dict | None = None) -> tuple[HindernislaufState, Any]:
    variant = G.variant(options or {})
    return G.initial(G.seats(players), variant), variant


def refuse(entry: Any, players: int = 4, options: dict | None = None) -> InvalidDeal:
    state, variant = start(players, options)
    with pytest.raises(InvalidDeal) as raised:
        G.validate(entry, state, variant)
    with pytest.raises(InvalidDeal) as again:
        G.apply(entry, state, variant)
    assert (raised.value.code, raised.value.field) == (again.value.code, again.value.field)
    return raised.value


def changed(entry: dict, **plays: str) -> dict:
    """A copy of ``entry`` with ``plays`` positions replaced: ``changed(HL1, p3="♦6")``."""
    copy = json.loads(json.dumps(entry))
    for key, card in plays.items():
        copy["plays"][int(key[1:])] = card
    return copy


def zero(players: int) -> dict[str, int]:
    return dict.fromkeys(G.seats(players), 0)


# -- card identifiers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("♥A", "♥A"),
        ("c7", "♣7"),
        ("S10", "♠10"),
        ("hQ+", "♥Q+"),
        ("♥Q−", "♥Q-"),  # the typographic minus of the spec's tables
        ("dq-", "♦Q-"),
        ("10♦", "♦10"),
        ("♥\ufe0fK", "♥K"),  # emoji variation selector
        (" ♠J ", "♠J"),
        ("♠K+", "♠K+"),  # read, refused later as SIGN_NOT_ALLOWED
    ],
)
def test_card_identifiers(text: str, expected: str) -> None:
    card = parse_card(text)
    assert card is not None and str(card) == expected


@pytest.mark.parametrize("text", ["♦6", "xQ", "", "♥1", "♥Q+-", "♥", "Q", 7, None, ["♥A"]])
def test_not_card_identifiers(text: Any) -> None:
    assert parse_card(text) is None


# -- the entry's shape ----------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [None, [], "♥A ♣Q+", 3])
def test_entry_must_be_an_object(entry: Any) -> None:
    error = refuse(entry)
    assert (error.code, error.field) == ("INVALID_ENTRY", "deal")


def test_unknown_field() -> None:
    error = refuse({**HL1, "trump": "♥"})
    assert (error.code, error.field) == ("UNKNOWN_FIELD", "trump")


def test_empty_entry_asks_for_points() -> None:
    error = refuse({"dealer": "D"})
    assert (error.code, error.field) == ("MISSING_PLAYER", "points")
    assert error.params["seats"] == ["A", "B", "C", "D"]


# -- L-V1 -----------------------------------------------------------------------------------------


def test_player_count_is_a_configuration_error() -> None:
    """§5.10 row 9 ("session setup: 7 players") and §7 (all games): a configuration error belongs
    to no deal and is refused when the session is set up, with its code. So ``PLAYER_COUNT`` is an
    ``InvalidVariant`` on ``seats`` (a ``ValueError``), never an ``InvalidDeal``: ``replay``'s
    ``InvalidDeal`` always names the deal (``params["index"]``)."""
    for count in (0, 1, 7, 8):
        with pytest.raises(InvalidVariant) as raised:
            G.seats(count)
        assert (raised.value.code, raised.value.option) == ("PLAYER_COUNT", "seats")
        assert not isinstance(raised.value, InvalidDeal)
    for seats in (["A"], list("ABCDEFG")):
        with pytest.raises(InvalidVariant) as raised:
            G.initial(seats, G.variant())
        assert raised.value.code == "PLAYER_COUNT"
        assert not isinstance(raised.value, InvalidDeal)
        with pytest.raises(InvalidVariant):
            G.replay([{"points": dict.fromkeys(seats, 0)}], G.variant(), seats)
        # No state of such a table exists, so no deal can be validated against one.
        with pytest.raises(InvalidVariant):
            HindernislaufState(seats=tuple(seats), points=dict.fromkeys(seats, 0))


def test_seats_are_letters_in_turn_order() -> None:
    assert G.seats(2) == ("A", "B")
    assert G.seats(6) == ("A", "B", "C", "D", "E", "F")
    with pytest.raises(ValueError):
        G.initial(["A", "A", "B"], G.variant())


def test_unknown_player_in_points() -> None:
    # The most specific field: the first key that is no seat.
    error = refuse({"points": {**zero(4), "E": 0, "F": 0}})
    assert (error.code, error.field) == ("UNKNOWN_PLAYER", "points.E")
    assert error.params["seats"] == ["E", "F"]


def test_missing_player_in_points() -> None:
    # The most specific field: the first seat without points.
    error = refuse({"points": {"A": 0, "C": 0}})
    assert (error.code, error.field) == ("MISSING_PLAYER", "points.B")
    assert error.params["seats"] == ["B", "D"]


@pytest.mark.parametrize("points", [[0, 0, 0, 0], "0 0 0 0", 0])
def test_points_must_be_a_mapping(points: Any) -> None:
    error = refuse({"points": points})
    assert (error.code, error.field) == ("MISSING_PLAYER", "points")


@pytest.mark.parametrize("dealer", ["E", "a", 4, True])
def test_unknown_dealer(dealer: Any) -> None:
    error = refuse({**HL1, "dealer": dealer})
    assert (error.code, error.field) == ("UNKNOWN_PLAYER", "dealer")


# -- L-V6 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["1", 1.0, True, None, [1]])
def test_points_must_be_whole_numbers(value: Any) -> None:
    error = refuse({"points": {**zero(4), "B": value}})
    assert (error.code, error.field) == ("NOT_AN_INTEGER", "points.B")


@pytest.mark.parametrize(
    ("players", "value", "ok"),
    # c = 15, 10, 8, 6, 5 cards each: at most one event per card, so −c … +c.
    [(2, 15, True), (2, 16, False), (3, -10, True), (3, -11, False), (4, 8, True), (4, 9, False)]
    + [(5, 6, True), (5, -7, False), (6, -5, True), (6, 6, False)],
)
def test_points_range(players: int, value: int, ok: bool) -> None:
    entry = {"points": {**zero(players), "A": value}}
    state, variant = start(players)
    if ok:
        assert G.validate(entry, state, variant) == ()
    else:
        error = refuse(entry, players)
        assert (error.code, error.field) == ("OUT_OF_RANGE", "points.A")
        c = {2: 15, 3: 10, 4: 8, 5: 6, 6: 5}[players]
        assert (error.params["minimum"], error.params["maximum"]) == (-c, c)


def test_points_range_with_reach_bonus() -> None:
    # §7: exactly one reset per deal, so with bonus b the bound is c + b: 8 + 5 = 13 for four.
    state, variant = start(4, {"preset": "labbe"})
    assert G.validate({"points": {**zero(4), "A": 13}}, state, variant) == ()
    error = refuse({"points": {**zero(4), "A": 14}}, 4, {"preset": "labbe"})
    assert (error.code, error.params["maximum"], error.params["minimum"]) == (
        "OUT_OF_RANGE",
        13,
        -8,
    )
    error = refuse({"points": {**zero(4), "A": -9}}, 4, {"preset": "labbe"})
    assert error.code == "OUT_OF_RANGE"


# -- L-V2 -----------------------------------------------------------------------------------------


def test_faceup_not_allowed_with_four() -> None:
    error = refuse({**HL1, "face_up": ["♠9", "♠Q"]})
    assert (error.code, error.field) == ("FACEUP_NOT_ALLOWED", "face_up")
    # An empty list means none.
    state, variant = start(4)
    assert G.validate({**HL1, "face_up": []}, state, variant) == ()


def test_faceup_not_allowed_comes_first() -> None:
    # §7: with n = 4 and face-up cards, FACEUP_NOT_ALLOWED before the points and the cards.
    entry = {"points": {**zero(4), "A": 99}, "face_up": ["♠6"], "plays": ["x"]}
    assert refuse(entry).code == "FACEUP_NOT_ALLOWED"


def test_faceup_missing() -> None:
    entry = dict(HL3)
    del entry["face_up"]
    error = refuse(entry, 3)
    assert (error.code, error.field) == ("FACEUP_MISSING", "face_up")
    error = refuse({**HL3, "face_up": ["♠A"]}, 3)
    assert (error.code, error.params["expected"], error.params["total"]) == ("FACEUP_MISSING", 2, 1)


def test_three_faceup_cards_are_too_many() -> None:
    error = refuse({**HL3, "face_up": ["♠A", "♠K", "♠Q"]}, 3)
    assert (error.code, error.field) == ("FACEUP_NOT_ALLOWED", "face_up")


def test_faceup_queen_sign() -> None:
    error = refuse({**HL2, "face_up": ["♠9", "♠Q-"]}, 2)
    assert (error.code, error.field) == ("FACEUP_QUEEN_SIGN", "face_up.1")
    # "+" or no sign are both +3.
    state, variant = start(2)
    assert G.validate({**HL2, "face_up": ["♠9", "♠Q+"]}, state, variant) == ()


def test_minimal_entry_needs_no_faceup_cards() -> None:
    state, variant = start(3)
    assert G.validate({"points": zero(3)}, state, variant) == ()


# -- L-V3, L-V4 -----------------------------------------------------------------------------------


def test_unknown_card_in_plays_and_face_up() -> None:
    error = refuse(changed(HL1, p2="♦6"))
    assert (error.code, error.field, error.params["card"]) == ("UNKNOWN_CARD", "plays.2", "♦6")
    error = refuse({**HL3, "face_up": ["♠A", "♠6"]}, 3)
    assert (error.code, error.field) == ("UNKNOWN_CARD", "face_up.1")
    error = refuse(changed(HL1, p5=11))
    assert (error.code, error.field) == ("UNKNOWN_CARD", "plays.5")
    error = refuse({**HL1, "plays": {"0": "♥A"}})
    assert (error.code, error.field) == ("UNKNOWN_CARD", "plays")


def test_duplicate_card() -> None:
    error = refuse(changed(HL1, p31="♥A"))
    assert (error.code, error.field, error.params["card"]) == ("DUPLICATE_CARD", "plays.31", "♥A")
    # A Queen twice with different signs is still the same card.
    error = refuse(changed(HL1, p31="♣Q-"))
    assert (error.code, error.field, error.params["card"]) == ("DUPLICATE_CARD", "plays.31", "♣Q")
    # A face-up card played again.
    error = refuse(changed(HL2, p0="♠9"), 2)
    assert (error.code, error.field) == ("DUPLICATE_CARD", "plays.0")


def test_card_count() -> None:
    error = refuse({**HL1, "plays": HL1["plays"][:31]})
    assert (error.code, error.field) == ("CARD_COUNT", "plays")
    assert (error.params["total"], error.params["expected"]) == (31, 32)
    error = refuse({**HL2, "plays": HL2["plays"][:29]}, 2)
    assert (error.params["total"], error.params["expected"]) == (29, 30)
    # The two face-up cards cannot be played as well (33 and 31 cards).
    error = refuse({**HL3, "plays": HL3["plays"][:-1]}, 3)
    assert (error.code, error.params["expected"]) == ("CARD_COUNT", 30)


def test_deck_incomplete_is_the_deck_rule() -> None:
    # Face-up cards + plays = the 32-card deck. After the face-up count, DUPLICATE_CARD and
    # CARD_COUNT (§7 order) the cards are 32 different ones, so the rule can only be seen here.
    assert missing_cards(DECK) == []
    assert missing_cards([c for c in DECK if c != "♥7"]) == ["♥7"]
    assert len(DECK) == 32 and len(set(DECK)) == 32


def test_plays_as_one_string() -> None:
    state, variant = start(4)
    entry = {"dealer": "D", "plays": " ".join(HL1["plays"])}
    step = G.apply(entry, state, variant)
    assert dict(step.state.points) == {"A": -3, "B": -1, "C": 0, "D": -1}
    entry = {"dealer": "D", "plays": ", ".join(HL1["plays"])}
    assert G.apply(entry, state, variant).state.points == step.state.points


# -- L-V5 -----------------------------------------------------------------------------------------


def test_queen_sign_missing() -> None:
    error = refuse(changed(HL1, p1="♣Q"))
    assert (error.code, error.field, error.params["card"]) == (
        "QUEEN_SIGN_MISSING",
        "plays.1",
        "♣Q",
    )


def test_sign_not_allowed() -> None:
    error = refuse(changed(HL1, p14="♠K+"))
    assert (error.code, error.field) == ("SIGN_NOT_ALLOWED", "plays.14")
    error = refuse({**HL3, "face_up": ["♠A-", "♠K"]}, 3)
    assert (error.code, error.field) == ("SIGN_NOT_ALLOWED", "face_up.0")


# -- L-V8, L-V7, L-V9 -----------------------------------------------------------------------------


def test_negative_total() -> None:
    # HL-4 starts at 5 (♣Q +3, ♠J 2); A's ♠Q− makes 2; B's ♥Q− would make −1.
    entry = changed(HL4, p1="♥Q-", p12="♦J")
    options = {"allow_negative_total": False}
    error = refuse(entry, 6, options)
    assert (error.code, error.field, error.params["total"]) == ("NEGATIVE_TOTAL", "plays.1", -1)
    # Allowed by default (ambiguity L3): 5 → 2 → −1 → 1 (♣10 10 … see the replay).
    state, variant = start(6)
    run = G.apply(entry, state, variant).state.run
    assert [p.after for p in run[:3]] == [2, -1, 9]


def test_negative_total_checks_each_queen() -> None:
    # Face up ♠Q (+3) and ♠J (2): 5; A's ♥Q− makes 2 (allowed), B's ♦Q− would make −1.
    plays = [p if p != "♠J" else "♠9" for p in HL2["plays"] if p[:2] not in ("♥Q", "♦Q")]
    entry = {"dealer": "B", "face_up": ["♠Q", "♠J"], "plays": ["♥Q-", "♦Q-", *plays]}
    error = refuse(entry, 2, {"allow_negative_total": False})
    assert (error.code, error.field) == ("NEGATIVE_TOTAL", "plays.1")


def test_negative_total_allows_zero() -> None:
    # 0 + 3 (♣Q+) − 3 (♦Q−) = 0: not below 0.
    rest = [p for p in HL1["plays"] if p not in ("♣Q+", "♦Q-")]
    entry = {"dealer": "D", "plays": ["♣Q+", "♦Q-", *rest]}
    state, variant = start(4, {"allow_negative_total": False})
    run = G.apply(entry, state, variant).state.run
    assert [p.after for p in run[:2]] == [3, 0]


def test_minimal_full_mismatch() -> None:
    error = refuse({**HL1, "points": {"A": -3, "B": -1, "C": 0, "D": 0}})
    assert (error.code, error.field) == ("MINIMAL_FULL_MISMATCH", "points.D")
    assert (error.params["value"], error.params["expected"]) == (0, -1)


def test_dealer_rotation_warning() -> None:
    state, variant = start(4)
    # Any seat may deal first; the next deal passes clockwise: D → A.
    assert G.validate({"dealer": "D", "points": zero(4)}, state, variant) == ()
    state = G.apply({"dealer": "D", "points": zero(4)}, state, variant).state
    warnings = G.validate({"dealer": "B", "points": zero(4)}, state, variant)
    assert [(w.code, w.field) for w in warnings] == [("DEALER_ROTATION", "dealer")]
    assert G.validate({"dealer": "A", "points": zero(4)}, state, variant) == ()
    step = G.apply({"dealer": "B", "points": zero(4)}, state, variant)
    assert step.warnings[0].code == "DEALER_ROTATION" and step.state.dealer == "B"


# -- the order of the checks (§7) -----------------------------------------------------------------


def test_order_players_before_points_range() -> None:
    # L-V1 before L-V6: Z is no seat, and A's 99 is out of range too.
    error = refuse({"points": {**zero(4), "A": 99, "Z": 0}})
    assert (error.code, error.field) == ("UNKNOWN_PLAYER", "points.Z")
    error = refuse({"points": {"A": 99, "B": 0, "C": 0}})
    assert (error.code, error.field) == ("MISSING_PLAYER", "points.D")


def test_order_points_before_face_up() -> None:
    entry = {"points": {**zero(3), "A": 11}, "plays": HL3["plays"]}
    assert refuse(entry, 3).code == "OUT_OF_RANGE"


def test_order_face_up_count_before_cards() -> None:
    entry = {"plays": changed(HL3, p0="♦6")["plays"]}
    assert refuse(entry, 3).code == "FACEUP_MISSING"


def test_order_unknown_card_before_faceup_queen_sign() -> None:
    entry = {**changed(HL2, p3="♥6"), "face_up": ["♠9", "♠Q-"]}
    error = refuse(entry, 2)
    assert (error.code, error.field) == ("UNKNOWN_CARD", "plays.3")


def test_order_faceup_queen_sign_before_duplicate() -> None:
    entry = {**changed(HL2, p0="♥10"), "face_up": ["♠9", "♠Q-"]}
    assert refuse(entry, 2).code == "FACEUP_QUEEN_SIGN"


def test_order_duplicate_before_card_count() -> None:
    entry = {**HL1, "plays": [*HL1["plays"], "♥A"]}
    assert refuse(entry).code == "DUPLICATE_CARD"


def test_order_card_count_before_queen_sign() -> None:
    entry = changed(HL1, p1="♣Q")
    entry["plays"] = entry["plays"][:30]
    assert refuse(entry).code == "CARD_COUNT"


def test_order_queen_sign_before_negative_total() -> None:
    entry = changed(HL4, p1="♥Q-", p12="♦J", p20="♦8+")
    assert refuse(entry, 6, {"allow_negative_total": False}).code == "SIGN_NOT_ALLOWED"


def test_order_negative_total_before_mismatch() -> None:
    entry = {**changed(HL4, p1="♥Q-", p12="♦J"), "points": {**zero(6), "A": 5}}
    assert refuse(entry, 6, {"allow_negative_total": False}).code == "NEGATIVE_TOTAL"


def test_rejected_entry_changes_nothing() -> None:
    state, variant = start(4)
    state = G.apply(HL1, state, variant).state
    before = state.as_dict()
    with pytest.raises(InvalidDeal):
        G.apply(changed(HL1, p0="♦6"), state, variant)
    assert state.as_dict() == before
