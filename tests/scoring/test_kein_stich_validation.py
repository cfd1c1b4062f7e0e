"""Kein Stich validation (Scoring specification §4.5 with §7): every error code, its field and
the order of the K-V table; malformed input always gives an InvalidDeal, never a crash."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import InvalidDeal
from scoring.kein_stich import KEIN_STICH_GAME as G
from scoring.kein_stich import KeinStichState, Variant

V = G.variant({})
SEATS = G.seats(4)
KS1 = [
    {"contract": 1, "dealer": "A", "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
    {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}},
    {"contract": 3, "obers": {"A": 0, "B": 1, "C": 2, "D": 1}},
    {"contract": 4, "max": "D"},
    {"contract": 5, "order": ["C", "A", "D", "B"]},
]


def after(deals: int, variant: Variant = V, entries: list[dict[str, Any]] | None = None):
    state = G.initial(SEATS, variant)
    for entry in (entries or KS1)[:deals]:
        state = G.apply(entry, state, variant).state
    return state


def reject(entry: Any, state: KeinStichState, variant: Variant = V) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as caught:
        G.validate(entry, state, variant)
    return caught.value


# -- K-V1 CONTRACT_ORDER -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "contract", [None, 2, 0, 7, "kein_herz", "domino", "skat", True, 1.0, [1], {"x": 1}]
)
def test_contract_must_be_the_next(contract: Any) -> None:
    entry = {"tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}
    if contract is not None:
        entry["contract"] = contract
    error = reject(entry, after(0))
    assert (error.code, error.field) == ("CONTRACT_ORDER", "contract")
    assert error.params["expected"] == 1 and error.params["contract"] == "kein_stich"


@pytest.mark.parametrize("contract", [1, "1", "kein_stich", "Kein Stich", "KEIN-STICH"])
def test_contract_by_number_or_name(contract: Any) -> None:
    entry = {"contract": contract, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}
    assert G.validate(entry, after(0), V) == ()


def test_names_follow_the_configured_sequence() -> None:
    six = G.variant({"extra_contract": "letzter_stich"})
    entries = KS1[:4]
    state = after(4, six, entries)
    assert G.validate({"contract": "letzter_stich", "last_trick": "B"}, state, six) == ()
    # In the six-deal version the Domino is contract 6 (§7); 5 is the Letzter Stich.
    error = reject({"contract": "domino", "order": ["A", "B", "C", "D"]}, state, six)
    assert error.code == "CONTRACT_ORDER" and error.params["expected"] == 5
    # Without the extra contract, naming the Letzter Stich enters a switched-off option (§0.2
    # OPTION_DISABLED), wherever in the game it is named.
    for deals in (0, 4):
        error = reject({"contract": "letzter_stich", "last_trick": "B"}, after(deals), V)
        assert (error.code, error.field) == ("OPTION_DISABLED", "contract")
        assert error.params["option"] == "extra_contract"


def test_after_the_domino_the_next_game_starts_with_contract_1() -> None:
    state = after(5)
    error = reject({"contract": 6, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}, state)
    assert error.code == "CONTRACT_ORDER" and error.params["expected"] == 1


# -- fields the contract does not have ------------------------------------------------------------


def test_unknown_field() -> None:
    entry = {"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}, "hearts": {"A": 8}}
    error = reject(entry, after(0))
    assert (error.code, error.field) == ("UNKNOWN_FIELD", "hearts")
    error = reject({"contract": 5, "order": ["A", "B", "C", "D"], "tricks": {}}, after(4))
    assert (error.code, error.field) == ("UNKNOWN_FIELD", "tricks")


def test_the_spec_rules_come_before_an_unknown_field() -> None:
    # UNKNOWN_FIELD is no rule of the K-V table: a broken K-V rule is reported first (§7).
    # Hearts entered on the Kein Stich deal: the tricks are missing (K-V2).
    error = reject({"contract": 1, "hearts": {"A": 2, "B": 2, "C": 2, "D": 2}}, after(0))
    assert (error.code, error.field) == ("MISSING_PLAYER", "tricks")
    # Six-deal version, contract 5 is the Letzter Stich: a finishing order names no taker (K-V7).
    six = G.variant({"extra_contract": "letzter_stich"})
    error = reject({"contract": 5, "order": ["A", "B", "C", "D"]}, after(4, six), six)
    assert (error.code, error.field) == ("SINGLE_HOLDER_REQUIRED", "last_trick")
    # Tricks on the Domino are not read, so they cannot fail K-V2; the order is checked first.
    error = reject({"contract": 5, "order": ["C"], "tricks": {"E": 1}}, after(4))
    assert (error.code, error.field) == ("INCOMPLETE_ORDER", "order")


def test_last_trick_needs_the_six_deal_version() -> None:
    entry = {"contract": 5, "order": ["A", "B", "C", "D"], "last_trick": "B"}
    error = reject(entry, after(4))
    assert (error.code, error.field) == ("OPTION_DISABLED", "last_trick")
    assert error.params["option"] == "extra_contract"


# -- K-V2 UNKNOWN_PLAYER / MISSING_PLAYER ---------------------------------------------------------


@pytest.mark.parametrize(
    ("deals", "entry", "field"),
    [
        # A name that is no seat: the field is its dotted path (the most specific wrong field).
        (0, {"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "X": 2}}, "tricks.X"),
        (1, {"contract": 2, "hearts": {"A": 2, "B": 2, "C": 2, "D": 2, "E": 0}}, "hearts.E"),
        (
            1,
            {"contract": 2, "hearts": {"A": 2, "B": 2, "C": 2, "D": 2}, "tricks": {"E": 8}},
            "tricks.E",
        ),
        (3, {"contract": 4, "max": "E"}, "max"),
        (3, {"contract": 4, "max": 4}, "max"),
        (3, {"contract": 4, "max": ["C", "E"]}, "max"),
        (4, {"contract": 5, "order": ["C", "A", "E", "B"]}, "order"),
        (4, {"contract": 5, "order": ["C", "A", "D", "B"], "start": "Z"}, "start"),
        (0, {"contract": 1, "dealer": "Q", "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}, "dealer"),
    ],
)
def test_unknown_player(deals: int, entry: dict[str, Any], field: str) -> None:
    error = reject(entry, after(deals))
    assert (error.code, error.field) == ("UNKNOWN_PLAYER", field)


@pytest.mark.parametrize(
    ("deals", "entry", "field", "missing"),
    [
        (0, {"contract": 1}, "tricks", ["A", "B", "C", "D"]),
        (0, {"contract": 1, "tricks": [2, 2, 2, 2]}, "tricks", ["A", "B", "C", "D"]),
        (0, {"contract": 1, "tricks": "2 2 2 2"}, "tricks", ["A", "B", "C", "D"]),
        # A seat left out of a map: the field is the first missing seat's box (§4.11 #12).
        (2, {"contract": 3, "obers": {"A": 4}}, "obers.B", ["B", "C", "D"]),
        (
            2,
            {"contract": 3, "obers": {"A": 1, "B": 1, "C": 1, "D": 1}, "tricks": {"A": 8}},
            "tricks.B",
            ["B", "C", "D"],
        ),
        (1, {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3}}, "hearts.D", ["D"]),
    ],
)
def test_missing_player(deals: int, entry: dict[str, Any], field: str, missing: list) -> None:
    error = reject(entry, after(deals))
    assert (error.code, error.field) == ("MISSING_PLAYER", field)
    assert error.params["seats"] == missing


# -- K-V3 NOT_AN_INTEGER / OUT_OF_RANGE -----------------------------------------------------------


@pytest.mark.parametrize("value", ["2", 2.0, None, True, [2], "zwei"])
def test_counts_must_be_whole_numbers(value: Any) -> None:
    entry = {"contract": 1, "tricks": {"A": 2, "B": value, "C": 2, "D": 2}}
    error = reject(entry, after(0))
    assert (error.code, error.field) == ("NOT_AN_INTEGER", "tricks.B")


def test_tricks_of_a_full_entry_are_counts_too() -> None:
    entry = {
        "contract": 2,
        "hearts": {"A": 1, "B": 4, "C": 3, "D": 0},
        "tricks": {"A": 1, "B": 3, "C": -3, "D": 7},
    }
    error = reject(entry, after(1))
    assert (error.code, error.field) == ("OUT_OF_RANGE", "tricks.C")
    assert error.params["minimum"] == 0


def test_k_v2_comes_before_k_v3() -> None:
    entry = {"contract": 1, "tricks": {"A": -1, "B": 4, "C": 3, "D": 2, "E": 0}}
    assert reject(entry, after(0)).code == "UNKNOWN_PLAYER"


# -- K-V4 … K-V6 SUM_MISMATCH ---------------------------------------------------------------------


def test_a_single_count_above_the_total_is_a_sum_mismatch() -> None:
    # K-V3 asks only for ≥ 0; 9 tricks of 8 fail the sum (9 ≠ 8).
    error = reject({"contract": 1, "tricks": {"A": 9, "B": 0, "C": 0, "D": 0}}, after(0))
    assert (error.code, error.field) == ("SUM_MISMATCH", "tricks")
    assert error.params == {"total": 9, "expected": 8}


def test_sum_uses_the_deck_of_the_table() -> None:
    # 3 players, 24 cards: 8 tricks each deal, 6 Hearts (KS-3); 8 Hearts would be wrong here.
    v = G.variant({"players": 3, "deck": 24})
    state = G.apply({"contract": 1, "tricks": {"A": 3, "B": 4, "C": 1}}, G.initial("ABC", v), v)
    error = reject({"contract": 2, "hearts": {"A": 4, "B": 2, "C": 2}}, state.state, v)
    assert error.code == "SUM_MISMATCH" and error.params == {"total": 8, "expected": 6}


# -- K-V7 SINGLE_HOLDER_REQUIRED ------------------------------------------------------------------


@pytest.mark.parametrize("holder", [[], None, ["C", "D"], ["D", "D"]])
def test_exactly_one_holder(holder: Any) -> None:
    entry = {"contract": 4} if holder is None else {"contract": 4, "max": holder}
    error = reject(entry, after(3))
    assert (error.code, error.field) == ("SINGLE_HOLDER_REQUIRED", "max")


def test_a_list_of_one_is_one_holder() -> None:
    step = G.apply({"contract": 4, "max": ["D"]}, after(3), V)
    assert step.state.balance["D"] == -65


def test_letzter_stich_needs_one_holder() -> None:
    six = G.variant({"extra_contract": "letzter_stich"})
    state = after(4, six)
    error = reject({"contract": 5, "last_trick": ["A", "B"]}, state, six)
    assert (error.code, error.field) == ("SINGLE_HOLDER_REQUIRED", "last_trick")
    error = reject({"contract": 5}, state, six)
    assert (error.code, error.field) == ("SINGLE_HOLDER_REQUIRED", "last_trick")


# -- K-V8 TRICK_COUNT_MISMATCH / CARDS_WITHOUT_TRICKS ---------------------------------------------


def test_full_entry_tricks_must_add_up() -> None:
    entry = {
        "contract": 3,
        "obers": {"A": 0, "B": 1, "C": 2, "D": 1},
        "tricks": {"A": 1, "B": 3, "C": 3, "D": 0},
    }
    error = reject(entry, after(2))
    assert (error.code, error.field) == ("TRICK_COUNT_MISMATCH", "tricks")
    assert error.params == {"total": 7, "expected": 8}


def test_more_cards_than_the_tricks_hold() -> None:
    # One trick of four cards holds at most 4 Hearts; B is entered with 5.
    entry = {
        "contract": 2,
        "hearts": {"A": 0, "B": 5, "C": 3, "D": 0},
        "tricks": {"A": 2, "B": 1, "C": 3, "D": 2},
    }
    error = reject(entry, after(1))
    assert (error.code, error.field) == ("CARDS_WITHOUT_TRICKS", "hearts.B")
    assert error.params["maximum"] == 4


def test_the_max_needs_a_trick() -> None:
    entry = {"contract": 4, "max": "D", "tricks": {"A": 2, "B": 3, "C": 3, "D": 0}}
    error = reject(entry, after(3))
    assert (error.code, error.field) == ("CARDS_WITHOUT_TRICKS", "max")


def test_the_last_trick_needs_a_trick() -> None:
    six = G.variant({"extra_contract": "letzter_stich"})
    entry = {"contract": 5, "last_trick": "A", "tricks": {"A": 0, "B": 3, "C": 3, "D": 2}}
    error = reject(entry, after(4, six), six)
    assert (error.code, error.field) == ("CARDS_WITHOUT_TRICKS", "last_trick")


def test_obers_without_tricks() -> None:
    entry = {
        "contract": 3,
        "obers": {"A": 0, "B": 1, "C": 2, "D": 1},
        "tricks": {"A": 4, "B": 4, "C": 0, "D": 0},
    }
    error = reject(entry, after(2))
    assert (error.code, error.field) == ("CARDS_WITHOUT_TRICKS", "obers.C")


def test_sum_comes_before_the_tricks() -> None:
    # K-V5 before K-V8: both broken, the sum is reported.
    entry = {
        "contract": 2,
        "hearts": {"A": 2, "B": 3, "C": 3, "D": 1},
        "tricks": {"A": 0, "B": 4, "C": 3, "D": 0},
    }
    assert reject(entry, after(1)).code == "SUM_MISMATCH"


def test_null_tricks_are_a_minimal_entry() -> None:
    # A JSON null for the optional tricks is the same as leaving them out.
    entry = {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}, "tricks": None}
    assert G.apply(entry, after(1), V).state.balance == after(2).balance


def test_full_entry_accepted() -> None:
    entry = {
        "contract": 2,
        "dealer": "B",
        "hearts": {"A": 1, "B": 4, "C": 3, "D": 0},
        "tricks": {"A": 1, "B": 3, "C": 3, "D": 1},
    }
    assert G.validate(entry, after(1), V) == ()


# -- K-V9 DUPLICATE_PLAYER / INCOMPLETE_ORDER -----------------------------------------------------


@pytest.mark.parametrize(
    ("order", "code"),
    [
        (["C", "A", "C"], "DUPLICATE_PLAYER"),
        (["C", "A", "D", "B", "A"], "DUPLICATE_PLAYER"),
        (["C"], "INCOMPLETE_ORDER"),
        ([], "INCOMPLETE_ORDER"),
        ("CADB", "UNKNOWN_PLAYER"),
        (5, "INCOMPLETE_ORDER"),
        ({"C": 1}, "INCOMPLETE_ORDER"),
        (None, "INCOMPLETE_ORDER"),
    ],
)
def test_domino_order(order: Any, code: str) -> None:
    error = reject({"contract": 5, "order": order}, after(4))
    assert (error.code, error.field) == (code, "order")


@pytest.mark.parametrize(
    "order", [["C", None, "A", "B"], ["C", "", "A", "B"], [None, "C", "A", "B"], ["C", None, "A"]]
)
def test_a_gap_before_a_filled_place_is_refused(order: list[Any]) -> None:
    # K-V9: only the last place may be left out. Closing the gap would move A and B up a place
    # and pay them 50 and 10 instead of 10 and 0 (§4.2 payouts 100 / 50 / 10 / 0).
    error = reject({"contract": 5, "order": order}, after(4))
    assert (error.code, error.field) == ("INCOMPLETE_ORDER", "order")


@pytest.mark.parametrize("empty", [None, ""])
def test_an_empty_last_place_is_inferred(empty: Any) -> None:
    # The form posts an empty last place as a gap at the end: still the inferred last place.
    step = G.apply({"contract": 5, "order": ["C", "A", "D", empty]}, after(4), V)
    domino = next(e for e in step.events if e.kind == "domino")
    assert domino.seats == ("C", "A", "D", "B") and domino.figures["inferred_last"] is True


def test_last_place_is_inferred() -> None:
    step = G.apply({"contract": 5, "order": ["C", "A", "D"]}, after(4), V)
    assert dict(step.state.balance) == {"A": 35, "B": -45, "C": 65, "D": -55}
    domino = next(e for e in step.events if e.kind == "domino")
    assert domino.seats == ("C", "A", "D", "B") and domino.figures["inferred_last"] is True


@pytest.mark.parametrize("start", ["A", "eichel_unter"])
@pytest.mark.parametrize("key", ["start", "start_unter"])
def test_domino_start_unter(key: str, start: str) -> None:
    # Full Domino entry (§4.4): who held the starting Unter, or which Unter started; no effect
    # on the score (§4.8 domino_start).
    entry = {"contract": 5, "order": ["C", "A", "D", "B"], key: start}
    assert G.apply(entry, after(4), V).state.balance["C"] == 65


@pytest.mark.parametrize("start", ["herz_unter", "schellen_unter", 3])
def test_domino_start_must_fit(start: Any) -> None:
    # The Herz-Unter does not start under the default domino_start = eichel_unter.
    error = reject({"contract": 5, "order": ["C", "A", "D", "B"], "start": start}, after(4))
    assert (error.code, error.field) == ("UNKNOWN_PLAYER", "start")


def test_order_as_text() -> None:
    step = G.apply({"contract": 5, "order": "C, A D", "start": "A"}, after(4), V)
    assert step.state.balance["C"] == 65


# -- K-V10 POT_MISMATCH ---------------------------------------------------------------------------


def test_pot_mismatch_is_rechecked() -> None:
    # Cannot happen through valid deals (K-V4 … K-V7 guarantee 160); a tampered state shows it.
    state = replace(after(4), pot=150)
    error = reject({"contract": 5, "order": ["C", "A", "D", "B"]}, state)
    assert (error.code, error.field) == ("POT_MISMATCH", "deal")
    assert error.params == {"pot": 150, "expected": 160}


# -- K-V12 DEALER_ROTATION (warning) -------------------------------------------------------------


def test_dealer_rotation_warning() -> None:
    state = after(1)  # A dealt deal 1; B deals next
    entry = {"contract": 2, "dealer": "C", "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}}
    warnings = G.validate(entry, state, V)
    assert [(w.code, w.field) for w in warnings] == [("DEALER_ROTATION", "dealer")]
    step = G.apply(entry, state, V)
    assert step.warnings == warnings and step.state.dealer == "C"
    assert G.apply(entry, state, V, trusted=True).warnings == ()
    # The rotation runs across games: deal 5 (the Domino) inferred A, so deal 6 is B's.
    assert after(5).dealer == "A"
    entry = {"contract": 1, "dealer": "B", "tricks": {"A": 0, "B": 4, "C": 2, "D": 2}}
    assert G.validate(entry, after(5), V) == ()


def test_no_warning_without_a_known_dealer() -> None:
    state = G.initial(SEATS, V)
    entry = {"contract": 1, "dealer": "C", "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}
    assert G.validate(entry, state, V) == ()


# -- whole-deal problems --------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [None, [], "contract 1", 5])
def test_entry_must_be_an_object(entry: Any) -> None:
    error = reject(entry, after(0))
    assert (error.code, error.field) == ("INVALID_ENTRY", "deal")


def test_match_over() -> None:
    v = G.variant({"games_per_match": 1})
    state = after(5, v)
    assert state.match_over
    error = reject({"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}, state, v)
    assert (error.code, error.field) == ("MATCH_OVER", "deal")


def test_unit_over_does_not_refuse() -> None:
    state = after(5)
    assert state.unit_over
    step = G.apply({"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}, state, V)
    assert step.state.game == 2 and step.state.pot == 40


# -- anything a form or a file may send gives an InvalidDeal, never a crash ------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["A", "B", "C", "D", "E", "", "kein_max", "domino", "2"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.sampled_from(["A", "B", "C", "D", "E", "x"]), inner, max_size=5),
    ),
    max_leaves=12,
)
_ENTRIES = st.dictionaries(
    st.sampled_from(
        ["contract", "tricks", "hearts", "obers", "max", "last_trick", "order", "dealer", "start"]
    ),
    _VALUES,
    max_size=5,
)


@settings(max_examples=300, deadline=None)
@given(entry=_ENTRIES, deals=st.integers(min_value=0, max_value=5), six=st.booleans())
def test_malformed_entries_are_invalid_deals(entry: dict[str, Any], deals: int, six: bool) -> None:
    variant = G.variant({"extra_contract": "letzter_stich"} if six else {})
    entries = KS1[:4] + [{"contract": 5, "last_trick": "B"}] if six else KS1
    state = after(deals, variant, entries)
    try:
        G.apply(entry, state, variant)
    except InvalidDeal as error:
        assert error.code and isinstance(error.field, str)


def test_cards_per_trick_bound_is_inclusive_and_uses_n() -> None:
    # K-V8 with 3 players, 24 cards (c = 8, h = 6): a trick holds n = 3 cards, so A's single
    # trick holds at most 3 Hearts. A 3 ≤ 3·1 is fine; A 4 > 3·1 is not.
    v = G.variant({"players": 3, "deck": 24})
    state = G.apply({"contract": 1, "tricks": {"A": 1, "B": 4, "C": 3}}, G.initial("ABC", v), v)
    tricks = {"A": 1, "B": 4, "C": 3}
    ok = {"contract": 2, "hearts": {"A": 3, "B": 2, "C": 1}, "tricks": tricks}
    assert G.validate(ok, state.state, v) == ()
    bad = {"contract": 2, "hearts": {"A": 4, "B": 1, "C": 1}, "tricks": tricks}
    error = reject(bad, state.state, v)
    assert (error.code, error.field) == ("CARDS_WITHOUT_TRICKS", "hearts.A")
    assert error.params == {"count": 4, "tricks": 1, "maximum": 3}
