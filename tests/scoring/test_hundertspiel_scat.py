"""The Scat variants of Hundertspiel (Scoring specification §3.8 (a) and (b), ambiguity C13;
Hundertspiel 1829, §42–§50 and §53): four players with a Scat of four cards (``variant =
"scat4"``), three players with a Scat of three (``variant = "three"``, ``scat = true``).

Every expected figure is worked out by hand from the rules in the comment beside it.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.base import InvalidDeal, InvalidVariant
from scoring.hundertspiel import HUNDERTSPIEL as G
from scoring.hundertspiel import HundertspielState, Variant, scat_values

SCAT4 = G.variant({"variant": "scat4"})
THREE_SCAT = G.variant({"variant": "three", "scat": True})
BASIC = G.variant({})

# C announces a 26 in Bastoni from the hand ("der gute Maxel", 4 Marken) and makes it with the
# Do in trick 8, the last of 8 tricks; the untouched Scat (7 points) counts for AC.
BASTONI = {
    "dealer": "A",
    "card_points": {"AC": 40, "BD": 32},
    "scat_points": 7,
    "last_trick": "AC",
    "do_tricks": [{"trick": 8, "player": "C", "trump_do": False}],
    "contract": {"player": "C", "suit": "bastoni", "from_hand": True},
    "announcement": {"player": "C", "type": 26, "contra": 1, "made": True},
}


def entry(base: dict[str, Any] = BASTONI, **changes: Any) -> dict[str, Any]:
    made = dict(base)
    made.update(changes)
    return {k: v for k, v in made.items() if v is not ...}


def fresh(variant: Variant = SCAT4) -> HundertspielState:
    return G.initial(G.seats(variant.players), variant)


def rejects(value: dict[str, Any], variant: Variant = SCAT4) -> InvalidDeal:
    state = fresh(variant)
    with pytest.raises(InvalidDeal) as validated:
        G.validate(value, state, variant)
    with pytest.raises(InvalidDeal) as applied:
        G.apply(value, state, variant)
    assert (applied.value.field, applied.value.code) == (
        validated.value.field,
        validated.value.code,
    )
    return applied.value


def scored(value: dict[str, Any], variant: Variant = SCAT4) -> HundertspielState:
    state = fresh(variant)
    assert G.validate(value, state, variant) == ()
    return G.apply(value, state, variant).state


class TestVariant:
    def test_cards_and_tricks(self) -> None:
        # §42: 4 cards aside, 8 each (4 + 4), 8 tricks; §53: 3 aside, 11 each (6 + 5), 11 tricks.
        assert (SCAT4.players, SCAT4.scat_cards, SCAT4.tricks) == (4, 4, 8)
        assert (THREE_SCAT.players, THREE_SCAT.scat_cards, THREE_SCAT.tricks) == (3, 3, 11)
        assert (BASIC.scat_cards, BASIC.tricks) == (0, 9)
        assert G.variant({"variant": "three"}).tricks == 12
        assert G.table_size(SCAT4) == 4 and G.table_size(THREE_SCAT) == 3

    def test_scat_option_belongs_to_three(self) -> None:
        with pytest.raises(InvalidVariant) as error:
            G.variant({"scat": True})
        assert (error.value.option, error.value.code) == ("scat", "INVALID_OPTION_VALUE")
        assert G.variant({"variant": "scat4", "scat": True}).tricks == 8

    def test_scat_values(self) -> None:
        # Values 6 (Aß), 5, 4, 3 and 0; an untouched Scat of four: 0 … 24 except 1 and 2.
        assert scat_values(4, False) == frozenset(range(25)) - {1, 2}
        # A buyer lays away no King or Ace (§44): only 4, 3, 0 — 5 cannot be made, 16 at most.
        assert scat_values(4, True) == frozenset(range(17)) - {1, 2, 5}
        # Three cards (§53): untouched 0 … 18 except 1, 2; laid away 0, 3, 4, 6 … 12.
        assert scat_values(3, False) == frozenset(range(19)) - {1, 2}
        assert scat_values(3, True) == frozenset({0, 3, 4, 6, 7, 8, 9, 10, 11, 12})


class TestScoring:
    def test_announced_26_pays_the_suit_value_doubled_by_contra(self) -> None:
        # AC: cards 40 (the Scat's 7 included) + last trick 6 + C's Do in the last trick 20 = 66.
        # Bastoni 4 Marken × 2 (Contra) = 8 per player to AC.
        state = scored(BASTONI)
        assert dict(state.run) == {"AC": 66, "BD": 32}
        assert dict(state.marks) == {"A": 8, "B": -8, "C": 8, "D": -8}

    @pytest.mark.parametrize("suit,marks", [("spadi", 1), ("denari", 2), ("coppi", 3)])
    def test_suit_values(self, suit: str, marks: int) -> None:
        # §46: Spadi 1, Denari 2, Coppi 3 Marken; no Contra.
        contract = {"player": "C", "suit": suit.title(), "from_hand": True}
        announcement = {"player": "C", "type": 26, "made": True}
        state = scored(entry(contract=contract, announcement=announcement))
        assert dict(state.marks) == {"A": marks, "B": -marks, "C": marks, "D": -marks}

    def test_bought_52_failed(self) -> None:
        # B buys the Scat, lays away 4 points, names Denari and announces a 52; he wins only the
        # last trick with a Do, so it fails: Denari 2 × 2 (a 52) = 4 per player to AC.
        # BD: cards 32 + 6 + 20 = 58; AC 40.
        value = {
            "dealer": "A",
            "card_points": {"AC": 40, "BD": 32},
            "scat_points": 4,
            "last_trick": "BD",
            "do_tricks": [{"trick": 8, "player": "B"}],
            "contract": {"player": "B", "suit": "denari", "from_hand": False},
            "announcement": {"player": "B", "type": 52},
        }
        state = scored(value)
        assert dict(state.run) == {"AC": 40, "BD": 58}
        assert dict(state.marks) == {"A": 4, "B": -4, "C": 4, "D": -4}

    def test_52_made_in_tricks_7_and_8(self) -> None:
        # Last-trick Do categories are tricks 8, 7, 6 (§3.8a): D wins 7 and 8 with Do's: the
        # Zweiundfünfziger, 46 + 6. BD: 32 + 6 + 46 = 84. Spadi 1 × 2 = 2 per player to BD.
        value = entry(
            last_trick="BD",
            do_tricks=[{"trick": 7, "player": "D"}, {"trick": 8, "player": "D"}],
            contract={"player": "D", "suit": "spadi", "from_hand": True},
            announcement={"player": "D", "type": 52, "made": True},
            scat_points=...,
        )
        state = scored(value)
        assert dict(state.run) == {"AC": 40, "BD": 84}
        assert dict(state.marks) == {"A": -2, "B": 2, "C": -2, "D": 2}

    def test_contract_alone_is_a_26(self) -> None:
        # A contract without an announcement is its player's 26 without Contra; the Do tricks
        # say whether it was made: C won trick 8 with a Do → Bastoni 4 per player to AC.
        state = scored(entry(announcement=...))
        assert dict(state.marks) == {"A": 4, "B": -4, "C": 4, "D": -4}

    def test_own_suit_values(self) -> None:
        # suit_values (§3.10): Bastoni worth 6 → 6 × 2 (Contra) = 12 per player.
        variant = G.variant({"variant": "scat4", "suit_values": {"Bastoni": 6}})
        state = scored(BASTONI, variant)
        assert dict(state.marks) == {"A": 12, "B": -12, "C": 12, "D": -12}

    def test_no_contract(self) -> None:
        # Nobody announced or bought (C13): no Marken; the Scat (12) goes to the last trick's
        # party BD, inside its 32 card points. BD 32 + 6 = 38, AC 40.
        value = {
            "dealer": "A",
            "card_points": {"AC": 40, "BD": 32},
            "scat_points": 12,
            "last_trick": "BD",
        }
        state = scored(value)
        assert dict(state.run) == {"AC": 40, "BD": 38}
        assert dict(state.marks) == {"A": 0, "B": 0, "C": 0, "D": 0}

    def test_minimal_entry(self) -> None:
        # Minimal: the points as written, the contract and its result. 66 + 32 = 98, Σ − 78 = 20.
        value = {
            "dealer": "A",
            "points": {"AC": 66, "BD": 32},
            "contract": {"player": "C", "suit": "coppi"},
            "announcement": {"player": "C", "type": 26, "made": True},
        }
        state = scored(value)
        assert dict(state.marks) == {"A": 3, "B": -3, "C": 3, "D": -3}

    def test_partie_as_in_the_basic_game(self) -> None:
        # §50: every other rule holds. 66 then 40 + 6 = 46 more → AC 112 ≥ 100; BD 32 + 32 = 64.
        second = {"dealer": "B", "card_points": {"AC": 40, "BD": 32}, "last_trick": "AC"}
        steps = G.replay([BASTONI, second], SCAT4)
        assert dict(steps[-1].state.marks) == {"A": 9, "B": -9, "C": 9, "D": -9}  # 8 + 1
        assert steps[-1].state.parties_won["AC"] == 1


class TestThreeWithScat:
    # B buys the Scat (3 cards), lays away 8 points, names Coppi (3) and makes his 26 with the
    # Do in trick 11, the last. A 20, B 40 + 6 + 20 = 66, C 12.
    BOUGHT = {
        "dealer": "A",
        "card_points": {"A": 20, "B": 40, "C": 12},
        "scat_points": 8,
        "last_trick": "B",
        "do_tricks": [{"trick": 11, "player": "B"}],
        "contract": {"player": "B", "suit": "coppi", "from_hand": False},
        "announcement": {"player": "B", "type": 26, "made": True},
    }

    def test_made_each_opponent_pays(self) -> None:
        # §3.8b: each opponent pays the announcer 3: B +6, A −3, C −3.
        state = scored(self.BOUGHT, THREE_SCAT)
        assert dict(state.run) == {"A": 20, "B": 66, "C": 12}
        assert dict(state.marks) == {"A": -3, "B": 6, "C": -3}

    def test_failed_pays_each_opponent(self) -> None:
        # C wins the last trick with a Do instead: B pays each opponent 3. C: 12 + 6 + 20 = 38.
        value = entry(
            self.BOUGHT,
            last_trick="C",
            do_tricks=[{"trick": 11, "player": "C"}],
            announcement={"player": "B", "type": 26, "made": False},
        )
        state = scored(value, THREE_SCAT)
        assert dict(state.run) == {"A": 20, "B": 40, "C": 38}
        assert dict(state.marks) == {"A": 3, "B": -6, "C": 3}

    def test_eleven_tricks(self) -> None:
        value = entry(self.BOUGHT, do_tricks=[{"trick": 12, "player": "B"}])
        error = rejects(value, THREE_SCAT)
        assert (error.field, error.code) == ("do_tricks.0.trick", "OUT_OF_RANGE")
        # A bought Scat of three holds at most 12 (three Cavalls).
        error = rejects(entry(self.BOUGHT, scat_points=13), THREE_SCAT)
        assert (error.field, error.code) == ("scat_points", "OUT_OF_RANGE")


CASES = [
    # The contract.
    (entry(contract="C"), "contract", "INVALID_ENTRY"),
    (entry(contract={"suit": "bastoni"}), "contract.player", "MISSING_PLAYER"),
    (entry(contract={"player": "E", "suit": "bastoni"}), "contract.player", "UNKNOWN_PLAYER"),
    (entry(contract={"player": "C", "suit": "herz"}), "contract.suit", "UNKNOWN_SUIT"),
    (entry(contract={"player": "C", "suit": ["coppi"]}), "contract.suit", "UNKNOWN_SUIT"),
    (
        entry(contract={"player": "C", "suit": "coppi", "from_hand": "yes"}),
        "contract.from_hand",
        "NOT_A_BOOLEAN",
    ),
    # The Scat's card points.
    (entry(scat_points="7"), "scat_points", "NOT_AN_INTEGER"),
    (entry(scat_points=-3), "scat_points", "OUT_OF_RANGE"),
    (entry(scat_points=25), "scat_points", "OUT_OF_RANGE"),  # four Aces are 24
    (entry(scat_points=2), "scat_points", "UNREACHABLE_VALUE"),
    (
        entry(contract={"player": "C", "suit": "bastoni", "from_hand": False}, scat_points=20),
        "scat_points",
        "OUT_OF_RANGE",  # no King or Ace laid away: four Cavalls, 16, at most
    ),
    (
        entry(contract={"player": "C", "suit": "bastoni", "from_hand": False}, scat_points=5),
        "scat_points",
        "UNREACHABLE_VALUE",  # 5 needs a King
    ),
    # The Scat counts for AC (C's contract) and is part of AC's card points, 10 here.
    (
        entry(card_points={"AC": 10, "BD": 62}, scat_points=12),
        "scat_points",
        "OUT_OF_RANGE",
    ),
    # No contract: the Scat counts for the last trick's party, BD with 3 card points.
    (
        {
            "dealer": "A",
            "card_points": {"AC": 69, "BD": 3},
            "last_trick": "BD",
            "scat_points": 4,
        },
        "scat_points",
        "OUT_OF_RANGE",
    ),
    # Trick 8 is the last: trick 9 does not exist, and a Do in trick 8 takes the last trick.
    (entry(do_tricks=[{"trick": 9, "player": "C"}]), "do_tricks.0.trick", "OUT_OF_RANGE"),
    (entry(do_tricks=[{"trick": 8, "player": "B"}]), "last_trick", "LAST_TRICK_INVALID"),
    # Only the contract's player announces, and without a contract nobody does.
    (
        entry(announcement={"player": "A", "type": 26, "made": True}),
        "announcement.player",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (
        entry(
            announcement=[
                {"player": "C", "type": 26, "made": True},
                {"player": "B", "type": 26, "made": False},
            ]
        ),
        "announcement.1.player",
        "ANNOUNCEMENT_INCONSISTENT",
    ),
    (entry(contract=..., scat_points=...), "announcement", "ANNOUNCEMENT_INCONSISTENT"),
    # A contract alone whose result nothing shows (no Do tricks).
    (entry(announcement=..., do_tricks=...), "announcement.made", "ANNOUNCEMENT_INCONSISTENT"),
    (
        entry(announcement={"player": "C", "type": 26, "contra": 2, "made": True}),
        "announcement.contra",
        "OPTION_DISABLED",
    ),
]


@pytest.mark.parametrize(
    "value,field,code", CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_rejected(value: dict[str, Any], field: str, code: str) -> None:
    error = rejects(value)
    assert (error.field, error.code) == (field, code), error.message


@pytest.mark.parametrize("name", ["contract", "scat_points"])
def test_scat_fields_need_a_scat_variant(name: str) -> None:
    value = {"dealer": "A", "card_points": {"AC": 40, "BD": 32}, "last_trick": "AC"}
    value[name] = BASTONI[name]
    error = rejects(value, BASIC)
    assert (error.field, error.code) == (name, "OPTION_DISABLED")
