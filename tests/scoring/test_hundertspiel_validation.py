"""Every rejection of a Hundertspiel entry (Scoring specification §3.6, §3.13 and §7) names its
field and its code, in the order of the HS-V table, and leaves the state as it was."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.base import InvalidDeal, InvalidVariant
from scoring.hundertspiel import HUNDERTSPIEL as G
from scoring.hundertspiel import HundertspielState, Variant

V = G.variant({})
BASE = {"dealer": "A", "card_points": {"AC": 40, "BD": 32}, "last_trick": "BD"}


def fresh(variant: Variant = V) -> HundertspielState:
    return G.initial(G.seats(variant.players), variant)


def after(entries: list[dict[str, Any]], variant: Variant = V) -> HundertspielState:
    state = fresh(variant)
    for entry in entries:
        state = G.apply(entry, state, variant).state
    return state


def entry(**changes: Any) -> dict[str, Any]:
    made = dict(BASE)
    made.update(changes)
    return {k: v for k, v in made.items() if v is not ...}


def rejects(value: Any, state: HundertspielState | None = None, variant: Variant = V):
    """The entry is refused by validate and apply alike, the state unchanged; the error."""
    state = state or fresh(variant)
    before = state.as_dict()
    with pytest.raises(InvalidDeal) as validated:
        G.validate(value, state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(value, state, variant)
    assert (applied.value.field, applied.value.code) == (
        validated.value.field,
        validated.value.code,
    )
    assert state.as_dict() == before
    return applied.value


def accepts(value: Any, state: HundertspielState | None = None, variant: Variant = V):
    state = state or fresh(variant)
    G.validate(value, state, variant)
    return G.apply(value, state, variant)


# (entry, field, code): one per rule and branch, in the order of the HS-V table.
CASES = [
    # Shape of the entry.
    (["not", "a", "dict"], "deal", "INVALID_ENTRY"),
    (entry(comment="hi"), "comment", "UNKNOWN_FIELD"),
    (entry(close="yes"), "close", "NOT_A_BOOLEAN"),
    # HS-V1: dealer and party keys.
    (entry(dealer=...), "dealer", "MISSING_PLAYER"),
    (entry(dealer="E"), "dealer", "UNKNOWN_PLAYER"),
    (entry(dealer=1), "dealer", "UNKNOWN_PLAYER"),
    ({"dealer": "A"}, "points", "MISSING_PLAYER"),
    ({"dealer": "A", "points": [46, 48]}, "points", "MISSING_PLAYER"),
    ({"dealer": "A", "points": {"AC": 46}}, "points", "MISSING_PLAYER"),
    ({"dealer": "A", "points": {"AC": 46, "BD": 48, "XY": 0}}, "points", "UNKNOWN_PLAYER"),
    (entry(card_points={"AB": 40, "CD": 32}), "card_points", "UNKNOWN_PLAYER"),
    # HS-V2: card points.
    (entry(card_points={"AC": "40", "BD": 32}), "card_points.AC", "NOT_AN_INTEGER"),
    (entry(card_points={"AC": True, "BD": 32}), "card_points.AC", "NOT_AN_INTEGER"),
    (entry(card_points={"AC": 40.0, "BD": 32}), "card_points.AC", "NOT_AN_INTEGER"),
    (entry(card_points={"AC": None, "BD": 32}), "card_points.AC", "NOT_AN_INTEGER"),
    (entry(card_points={"AC": 73, "BD": -1}), "card_points.AC", "OUT_OF_RANGE"),
    (entry(card_points={"AC": 40, "BD": -1}), "card_points.BD", "OUT_OF_RANGE"),
    (entry(card_points={"AC": 40, "BD": 30}), "card_points", "SUM_MISMATCH"),
    # HS-V3: card totals no pile has (1, 2, 70, 71).
    (entry(card_points={"AC": 70, "BD": 2}), "card_points.AC", "UNREACHABLE_VALUE"),
    (entry(card_points={"AC": 1, "BD": 71}), "card_points.AC", "UNREACHABLE_VALUE"),
    # HS-V4: the last trick.
    (entry(last_trick=...), "last_trick", "LAST_TRICK_INVALID"),
    (entry(last_trick="ACBD"), "last_trick", "LAST_TRICK_INVALID"),
    (entry(last_trick=["AC"]), "last_trick", "LAST_TRICK_INVALID"),
    (
        {"dealer": "A", "points": {"AC": 46, "BD": 32}, "last_trick": None},
        "last_trick",
        "LAST_TRICK_INVALID",
    ),
    # HS-V5: declarations.
    (entry(declarations={"player": "A"}), "declarations", "UNKNOWN_DECLARATION"),
    (entry(declarations=["aces3"]), "declarations.0", "UNKNOWN_DECLARATION"),
    (entry(declarations=[{"kind": "aces3"}]), "declarations.0.player", "MISSING_PLAYER"),
    (
        entry(declarations=[{"player": "E", "kind": "aces3"}]),
        "declarations.0.player",
        "UNKNOWN_PLAYER",
    ),
    (
        entry(declarations=[{"player": "A", "kind": ["aces3"]}]),
        "declarations.0.kind",
        "UNKNOWN_DECLARATION",
    ),
    (
        entry(declarations=[{"player": "A", "kind": "queens3"}]),
        "declarations.0.kind",
        "UNKNOWN_DECLARATION",
    ),
    (
        entry(declarations=[{"player": "A", "kind": "aces3"}, {"player": "B", "kind": "aces4"}]),
        "declarations.1",
        "DUPLICATE_DECLARATION",
    ),
    (
        entry(declarations=[{"player": "A", "kind": "dos3"}, {"player": "A", "kind": "dos4"}]),
        "declarations.1",
        "DUPLICATE_DECLARATION",
    ),
    # HS-V6: Do tricks.
    (entry(do_tricks={"trick": 1}), "do_tricks", "TOO_MANY_DO_TRICKS"),
    (
        entry(do_tricks=[{"trick": t, "player": "A"} for t in (1, 2, 3, 4, 5)]),
        "do_tricks",
        "TOO_MANY_DO_TRICKS",
    ),
    (entry(do_tricks=[3]), "do_tricks.0", "TOO_MANY_DO_TRICKS"),
    (entry(do_tricks=[{"trick": "4", "player": "A"}]), "do_tricks.0.trick", "NOT_AN_INTEGER"),
    (entry(do_tricks=[{"trick": 10, "player": "A"}]), "do_tricks.0.trick", "OUT_OF_RANGE"),
    (entry(do_tricks=[{"trick": 0, "player": "A"}]), "do_tricks.0.trick", "OUT_OF_RANGE"),
    (
        entry(do_tricks=[{"trick": 4, "player": "A"}, {"trick": 4, "player": "B"}]),
        "do_tricks.1.trick",
        "TOO_MANY_DO_TRICKS",
    ),
    (entry(do_tricks=[{"trick": 4, "player": "Q"}]), "do_tricks.0.player", "UNKNOWN_PLAYER"),
    (
        entry(do_tricks=[{"trick": 4, "player": "A", "trump_do": "no"}]),
        "do_tricks.0.trump_do",
        "NOT_A_BOOLEAN",
    ),
    (
        entry(
            do_tricks=[
                {"trick": 1, "player": "A", "trump_do": True},
                {"trick": 4, "player": "B", "trump_do": True},
            ]
        ),
        "do_tricks.1.trump_do",
        "TOO_MANY_DO_TRICKS",
    ),
    (
        entry(
            declarations=[{"player": "C", "kind": "dos4"}], do_tricks=[{"trick": 9, "player": "B"}]
        ),
        "do_tricks.0.player",
        "DECLARATION_CONFLICT",
    ),
    # dos3 by A: one Do trick by somebody else is fine, the second is not.
    (
        entry(
            declarations=[{"player": "A", "kind": "dos3"}],
            do_tricks=[
                {"trick": 2, "player": "B"},
                {"trick": 3, "player": "A"},
                {"trick": 5, "player": "D"},
            ],
        ),
        "do_tricks.2.player",
        "DECLARATION_CONFLICT",
    ),
    (
        entry(do_tricks=[{"trick": 9, "player": "A"}], last_trick="BD"),
        "last_trick",
        "LAST_TRICK_INVALID",
    ),
    # HS-V7: announcements.
    (entry(announcement="26"), "announcement", "ANNOUNCEMENT_INCONSISTENT"),
    (entry(announcement=[7]), "announcement.0", "ANNOUNCEMENT_INCONSISTENT"),
    (entry(announcement={"type": 26, "made": True}), "announcement.player", "MISSING_PLAYER"),
    (
        entry(announcement={"player": "E", "type": 26, "made": True}),
        "announcement.player",
        "UNKNOWN_PLAYER",
    ),
    (
        entry(announcement={"player": "C", "type": "26", "made": True}),
        "announcement.type",
        "NOT_AN_INTEGER",
    ),
    (
        entry(announcement={"player": "C", "type": 72, "made": True}),
        "announcement.type",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(announcement={"player": "C", "type": 26, "contra": True, "made": True}),
        "announcement.contra",
        "NOT_AN_INTEGER",
    ),
    (
        entry(announcement={"player": "C", "type": 26, "contra": 4, "made": True}),
        "announcement.contra",
        "OUT_OF_RANGE",
    ),
    (
        entry(announcement={"player": "C", "type": 26, "contra": -1, "made": True}),
        "announcement.contra",
        "OUT_OF_RANGE",
    ),
    (
        entry(announcement={"player": "D", "type": 52, "contra": 2}),
        "announcement.contra",
        "OPTION_DISABLED",
    ),
    (
        entry(announcement={"player": "D", "type": 52, "contra": 3, "made": False}),
        "announcement.contra",
        "OPTION_DISABLED",
    ),
    (
        entry(announcement={"player": "C", "type": 26}),
        "announcement.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(announcement={"player": "C", "type": 26, "made": "yes"}),
        "announcement.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(
            announcement={"player": "C", "type": 26, "made": True},
            do_tricks=[{"trick": 9, "player": "B"}],
        ),
        "announcement.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    # 52 needs tricks 8 and 9; trick 9 alone does not make it.
    (
        entry(
            announcement={"player": "B", "type": 52, "made": True},
            do_tricks=[{"trick": 9, "player": "B"}],
        ),
        "announcement.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    # ... and the Do tricks show a made 26 that is entered as failed.
    (
        entry(
            announcement={"player": "B", "type": 26, "made": False},
            do_tricks=[{"trick": 9, "player": "B"}],
        ),
        "announcement.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(
            announcement=[
                {"player": "A", "type": 26, "made": False},
                {"player": "C", "type": 52, "made": False},
            ]
        ),
        "announcement.1",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(
            announcement=[
                {"player": "A", "type": 26, "made": True},
                {"player": "B", "type": 52, "made": True},
            ]
        ),
        "announcement.1.made",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    # HS-V8: minimal points.
    ({"dealer": "A", "points": {"AC": "46", "BD": 48}}, "points.AC", "NOT_AN_INTEGER"),
    ({"dealer": "A", "points": {"AC": 100, "BD": -2}}, "points.BD", "OUT_OF_RANGE"),
    # HS-V8 bounds the sum, not each party: Σ = 294 is even, ≥ 78, but > 292.
    ({"dealer": "A", "points": {"AC": 294, "BD": 0}}, "points", "SUM_MISMATCH"),
    ({"dealer": "A", "points": {"AC": 10**40, "BD": 0}}, "points", "SUM_MISMATCH"),
    # ... and parity comes before it: Σ = 295, Σ − 78 = 217 is odd.
    ({"dealer": "A", "points": {"AC": 295, "BD": 0}}, "points", "PARITY"),
    ({"dealer": "A", "points": {"AC": 40, "BD": 30}}, "points", "SUM_MISMATCH"),
    ({"dealer": "A", "points": {"AC": 45, "BD": 36}}, "points", "PARITY"),
    # Σ − 78 ∈ {2, 4, 8, 14} (§3.2) and {200, 206, 210, 212} (§7) cannot occur.
    ({"dealer": "A", "points": {"AC": 40, "BD": 40}}, "points", "UNREACHABLE_VALUE"),
    ({"dealer": "A", "points": {"AC": 46, "BD": 46}}, "points", "UNREACHABLE_VALUE"),
    ({"dealer": "A", "points": {"AC": 200, "BD": 78}}, "points", "UNREACHABLE_VALUE"),
    ({"dealer": "A", "points": {"AC": 212, "BD": 78}}, "points", "UNREACHABLE_VALUE"),
    ({"dealer": "A", "points": {"AC": 200, "BD": 94}}, "points", "SUM_MISMATCH"),
    # Minimal and full entry at once must agree: 40 + 0 and 32 + 6 = 38.
    (entry(points={"AC": 50, "BD": 38}), "points", "MINIMAL_FULL_MISMATCH"),
    # HS-V9: the claim.
    (entry(end="BD"), "end", "SPLIT_INVALID"),
    (
        entry(end={"claimant": "BD", "old": {"AC": 0, "BD": 0}, "when": 3}),
        "end.when",
        "UNKNOWN_FIELD",
    ),
    (entry(end={"old": {"AC": 0, "BD": 0}}), "end.claimant", "MISSING_PLAYER"),
    (entry(end={"claimant": "AB", "old": {"AC": 0, "BD": 0}}), "end.claimant", "UNKNOWN_PLAYER"),
    (entry(end={"claimant": "BD"}), "end.old", "SPLIT_INVALID"),
    (entry(end={"claimant": "BD", "old": {"BD": 0}}), "end.old", "MISSING_PLAYER"),
    (entry(end={"claimant": "BD", "old": {"AC": 0, "BD": "x"}}), "end.old.BD", "NOT_AN_INTEGER"),
    (entry(end={"claimant": "BD", "old": {"AC": -1, "BD": 0}}), "end.old.AC", "SPLIT_INVALID"),
    (entry(end={"claimant": "BD", "old": {"AC": 0, "BD": 39}}), "end.old.BD", "SPLIT_INVALID"),
    (entry(end={"claimant": "BD", "old": {"AC": 10, "BD": 20}}), "end.claimant", "CLAIM_BELOW_100"),
    (
        entry(end={"claimant": "BD", "old": {"AC": 10, "BD": 20}}, confirm_false_claim=1),
        "confirm_false_claim",
        "NOT_A_BOOLEAN",
    ),
]


@pytest.mark.parametrize(
    "value,field,code", CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_rejected(value, field, code) -> None:
    error = rejects(value)
    assert (error.field, error.code) == (field, code), error.message


def test_error_params_for_translated_messages() -> None:
    assert rejects(entry(card_points={"AC": 40, "BD": 30})).params == {
        "total": 70,
        "expected": 72,
    }
    error = rejects(entry(card_points={"AC": 73, "BD": -1}))
    assert error.params == {"value": 73, "minimum": 0, "maximum": 72}
    assert rejects(entry(card_points={"AC": 71, "BD": 1})).params == {"value": 71}
    error = rejects({"dealer": "A", "points": {"AC": 45, "BD": 36}})
    assert error.params["total"] == 81 and error.params["extra"] == 3


def test_validation_order_follows_the_table() -> None:
    # HS-V1 before HS-V2; HS-V2 before HS-V4; HS-V4 before HS-V5; HS-V5 before HS-V6 ...
    assert rejects(entry(dealer="X", card_points={"AC": 1, "BD": 1})).code == "UNKNOWN_PLAYER"
    assert rejects(entry(card_points={"AC": 1, "BD": 1}, last_trick=None)).code == "SUM_MISMATCH"
    bad_decl = [{"player": "A", "kind": "aces3"}, {"player": "C", "kind": "aces3"}]
    assert rejects(entry(last_trick=None, declarations=bad_decl)).code == "LAST_TRICK_INVALID"
    five = [{"trick": t, "player": "A"} for t in range(1, 6)]
    assert rejects(entry(declarations=bad_decl, do_tricks=five)).code == "DUPLICATE_DECLARATION"
    bad_ann = {"player": "D", "type": 52, "contra": 2}
    assert rejects(entry(do_tricks=five, announcement=bad_ann)).code == "TOO_MANY_DO_TRICKS"
    assert (
        rejects(entry(announcement=bad_ann, points={"AC": 45, "BD": 36})).code == "OPTION_DISABLED"
    )
    claim = {"claimant": "AC", "old": {"AC": 99, "BD": 0}}
    assert rejects(entry(points={"AC": 45, "BD": 36}, end=claim)).code == "PARITY"
    # HS-V11 comes last: a closed session still reports the entry's own faults first.
    closed = after([{"close": True}])
    assert rejects(entry(card_points={"AC": 40, "BD": 30}), closed).code == "SUM_MISMATCH"
    assert rejects(entry(), closed).code == "MATCH_OVER"


def test_match_over_after_the_session_is_closed() -> None:
    state = after([entry(close=True)])
    assert state.closed and state.unit_over
    error = rejects(entry(dealer="B"), state)
    assert (error.field, error.code) == ("deal", "MATCH_OVER")
    assert rejects({"close": True}, state).code == "MATCH_OVER"


def test_split_new_must_be_the_rest_of_the_deal() -> None:
    # HS-1 before deal 3 (86 : 92); the deal gives 51 : 43, 9 : 16 before BD's claim.
    state = after(
        [
            {"dealer": "A", "points": {"AC": 46, "BD": 48}},
            {"dealer": "B", "points": {"AC": 40, "BD": 44}},
        ]
    )
    claim = {"dealer": "C", "points": {"AC": 51, "BD": 43}}
    good = {
        **claim,
        "end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}, "new": {"AC": 42, "BD": 27}},
    }
    assert accepts(good, state).state.run == {"AC": 42, "BD": 27}
    bad = {
        **claim,
        "end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}, "new": {"AC": 42, "BD": 28}},
    }
    error = rejects(bad, state)
    assert (error.field, error.code) == ("end.new.BD", "SPLIT_INVALID")
    assert error.params == {"value": 28, "expected": 27}
    zero = {
        **claim,
        "end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}, "new": {"AC": 0, "BD": 0}},
    }
    assert rejects(zero, state).field == "end.new.AC"
    wrong_keys = {**claim, "end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}, "new": {"AC": 42}}}
    assert rejects(wrong_keys, state).code == "MISSING_PLAYER"


def test_announced_deal_may_give_new_as_zeros() -> None:
    # HS-4 before deal 2, end.new all 0 is what §34 wants (nothing carried).
    state = after([{"dealer": "A", "points": {"AC": 91, "BD": 17}}])
    deal = {
        "dealer": "B",
        "points": {"AC": 36, "BD": 68},
        "announcement": {"player": "B", "type": 26, "contra": 1, "made": True},
        "end": {"claimant": "AC", "old": {"AC": 10, "BD": 0}, "new": {"AC": 0, "BD": 0}},
    }
    step = accepts(deal, state)
    assert step.state.run == {"AC": 0, "BD": 0}
    assert dict(step.state.marks) == {"A": -2, "B": 2, "C": -2, "D": 2}
    deal["end"]["new"] = {"AC": 0, "BD": 68}
    assert rejects(deal, state).code == "ALT_UND_NEU_FORBIDDEN"


def test_claimant_may_be_named_by_a_seat_and_last_trick_too() -> None:
    state = after(
        [
            {"dealer": "A", "points": {"AC": 46, "BD": 48}},
            {"dealer": "B", "points": {"AC": 40, "BD": 44}},
        ]
    )
    step = accepts(
        {
            "dealer": "C",
            "card_points": {"AC": 45, "BD": 27},
            "last_trick": "A",
            "declarations": [{"player": "B", "kind": "cavalls3"}],
            "do_tricks": [{"trick": 2, "player": "D"}],
            "end": {"claimant": "D", "old": {"AC": 9, "BD": 16}},
        },
        state,
    )
    assert step.state.run == {"AC": 42, "BD": 27}


def test_dealer_rotation_warning() -> None:
    state = after([{"dealer": "A", "points": {"AC": 40, "BD": 38}}])
    assert G.validate({"dealer": "B", "points": {"AC": 40, "BD": 38}}, state, V) == ()
    warnings = G.validate({"dealer": "D", "points": {"AC": 40, "BD": 38}}, state, V)
    assert [(w.field, w.code) for w in warnings] == [("dealer", "DEALER_ROTATION")]
    step = G.apply({"dealer": "D", "points": {"AC": 40, "BD": 38}}, state, V, trusted=True)
    assert step.warnings == ()


def test_vorhand_rule_warning_only_without_claim() -> None:
    state = after([{"dealer": "A", "points": {"AC": 76, "BD": 52}}])
    deal = {"dealer": "B", "points": {"AC": 36, "BD": 58}}
    assert [w.code for w in G.validate(deal, state, V)] == ["VORHAND_RULE_APPLIED"]
    claimed = {**deal, "end": {"claimant": "BD", "old": {"AC": 0, "BD": 50}}}
    assert G.validate(claimed, state, V) == ()


def test_web_form_values_are_accepted() -> None:
    """Numbers arrive as ints and yes/no as real bools from the form; empty fields are left out."""
    step = accepts(
        {
            "dealer": "A",
            "card_points": {"AC": 40, "BD": 32},
            "last_trick": "BD",
            "do_tricks": [{"trick": 4, "player": "B", "trump_do": False}],
            "declarations": [{"player": "C", "kind": "kings3"}],
            "confirm_false_claim": False,
            "trump": "♦",
        }
    )
    assert step.state.run == {"AC": 46, "BD": 48}


class TestThreePlayers:
    """§3.8(b) and §7: each player for himself, seats A B C, trick 12 is the last trick."""

    V3 = G.variant({"variant": "three"})

    def test_keys_are_seats(self) -> None:
        error = rejects({"dealer": "A", "points": {"AC": 46, "BD": 48}}, variant=self.V3)
        assert error.code == "UNKNOWN_PLAYER"
        error = rejects({"dealer": "D", "points": {"A": 46, "B": 32, "C": 0}}, variant=self.V3)
        assert (error.field, error.code) == ("dealer", "UNKNOWN_PLAYER")

    def test_card_points_per_player(self) -> None:
        base = {"dealer": "A", "last_trick": "B"}
        error = rejects({**base, "card_points": {"A": 30, "B": 40, "C": 1}}, variant=self.V3)
        assert (error.field, error.code) == ("card_points", "SUM_MISMATCH")
        error = rejects({**base, "card_points": {"A": 30, "B": 40, "C": 2}}, variant=self.V3)
        assert (error.field, error.code) == ("card_points.C", "UNREACHABLE_VALUE")

    def test_trick_12_is_the_last_trick(self) -> None:
        base = {"dealer": "A", "card_points": {"A": 30, "B": 30, "C": 12}, "last_trick": "B"}
        error = rejects({**base, "do_tricks": [{"trick": 12, "player": "C"}]}, variant=self.V3)
        assert (error.field, error.code) == ("last_trick", "LAST_TRICK_INVALID")
        error = rejects({**base, "do_tricks": [{"trick": 13, "player": "B"}]}, variant=self.V3)
        assert (error.field, error.code, error.params["maximum"]) == (
            "do_tricks.0.trick",
            "OUT_OF_RANGE",
            12,
        )
        # A Do in trick 9 is an ordinary Do trick with three players (10, no 26).
        step = accepts({**base, "do_tricks": [{"trick": 9, "player": "C"}]}, variant=self.V3)
        assert step.state.run == {"A": 30, "B": 36, "C": 22}
        made = {
            **base,
            "do_tricks": [{"trick": 12, "player": "B"}],
            "announcement": {"player": "B", "type": 26, "made": True},
        }
        # B: 30 + 6 + 20 = 56; each opponent pays 2 Marken.
        step = accepts(made, variant=self.V3)
        assert step.state.run == {"A": 30, "B": 56, "C": 12}
        assert dict(step.state.marks) == {"A": -2, "B": 4, "C": -2}
        made["do_tricks"] = [{"trick": 9, "player": "B"}]
        assert rejects(made, variant=self.V3).code == "ANNOUNCEMENT_INCONSISTENT"


class TestVariants:
    def test_unknown_option(self) -> None:
        with pytest.raises(InvalidVariant) as error:
            G.variant({"contra": 3})
        assert (error.value.option, error.value.code) == ("contra", "UNKNOWN_OPTION")

    @pytest.mark.parametrize(
        "options,option",
        [
            ({"contra_levels": 2}, "contra_levels"),
            ({"contra_levels": True}, "contra_levels"),
            ({"alt_und_neu": "yes"}, "alt_und_neu"),
            ({"silent_26_pays_marks": 1}, "silent_26_pays_marks"),
            ({"matsch_threshold": -1}, "matsch_threshold"),
            ({"target": 0}, "target"),
            ({"target": "100"}, "target"),
            ({"false_claim_payment": "double"}, "false_claim_payment"),
            ({"variant": "five"}, "variant"),
            ({"unfinished_partie": "replay"}, "unfinished_partie"),
            ({"parties_per_round": -1}, "parties_per_round"),
            ({"suit_values": [1, 2, 3, 4]}, "suit_values"),
            ({"suit_values": {"spadi": 0}}, "suit_values.spadi"),
            ({"scat": True}, "scat"),
        ],
    )
    def test_bad_values(self, options, option) -> None:
        with pytest.raises(InvalidVariant) as error:
            G.variant(options)
        assert (error.value.option, error.value.code) == (option, "INVALID_OPTION_VALUE")

    def test_on_off_as_the_spec_spells_them(self) -> None:
        # §3.10: alt_und_neu "on / off", silent_26_pays_marks "off / on".
        variant = G.variant({"alt_und_neu": "off", "silent_26_pays_marks": "on"})
        assert variant.alt_und_neu is False and variant.silent_26_pays_marks is True
        assert G.variant({"alt_und_neu": "on"}) == G.variant({})

    def test_unknown_suit(self) -> None:
        with pytest.raises(InvalidVariant) as error:
            G.variant({"suit_values": {"herz": 2}})
        assert error.value.code == "UNKNOWN_OPTION"

    def test_table_size(self) -> None:
        assert G.table_size(V) == 4 and G.seats(4) == ("A", "B", "C", "D")
        three = G.variant({"variant": "three"})
        assert G.table_size(three) == 3 and G.seats(3) == ("A", "B", "C")
        with pytest.raises(ValueError):
            G.seats(5)
        with pytest.raises(InvalidVariant):
            G.initial(G.seats(3), V)
        with pytest.raises(InvalidVariant):
            G.initial(G.seats(4), three)
        with pytest.raises(ValueError):
            G.initial(("A", "A", "B", "C"), V)


# Any JSON-like value at any place of an entry is refused with InvalidDeal (or accepted), never
# another exception: the web form and the API pass on whatever was typed.
FUZZ_ENTRY = {
    "dealer": "A",
    "card_points": {"AC": 40, "BD": 32},
    "points": {"AC": 46, "BD": 68},
    "last_trick": "BD",
    "declarations": [{"player": "C", "kind": "kings3"}],
    "do_tricks": [{"trick": 9, "player": "B", "trump_do": False}],
    "announcement": {"player": "B", "type": 26, "contra": 1, "made": True},
    "end": {"claimant": "BD", "old": {"AC": 0, "BD": 0}, "new": {"AC": 46, "BD": 68}},
    "confirm_false_claim": True,
    "contract": {"player": "B", "suit": "coppi", "from_hand": False},
    "scat_points": 4,
}


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(node, dict | list):
        children = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in children:
            found += _paths(child, (*prefix, key))
    return found


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)


@settings(max_examples=300, deadline=None)
@given(
    path=st.sampled_from(_paths(FUZZ_ENTRY)),
    value=JSON_VALUES,
    options=st.sampled_from(
        [{}, {"variant": "three"}, {"variant": "scat4"}, {"variant": "three", "scat": True}]
    ),
)
def test_malformed_entries_raise_invalid_deal_only(path: tuple, value: Any, options: dict) -> None:
    variant = G.variant(options)
    made = copy.deepcopy(FUZZ_ENTRY)
    if path:
        node = made
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    else:
        made = value
    with contextlib.suppress(InvalidDeal):
        G.apply(made, fresh(variant), variant)
