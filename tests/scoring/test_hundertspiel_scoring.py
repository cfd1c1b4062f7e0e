"""Hundertspiel scoring (Scoring specification §3.2, §3.7, §3.8(b), §3.9, §3.10): the deal points,
every option, the three-player variant, the session's close and the tournament figures.

Every expected figure is worked out by hand from the rules in the comment beside it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.base import InvalidDeal
from scoring.hundertspiel import HUNDERTSPIEL as G
from scoring.hundertspiel import DoTrick, deal_points, table_of

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "hundertspiel"
T4 = table_of(("A", "B", "C", "D"))


def golden(example: str) -> list[dict[str, Any]]:
    data = json.loads((GOLDEN / f"{example}.json").read_text(encoding="utf-8"))
    return [deal["entry"] for deal in data["deals"]]


def play(entries, options=None, seats=None):
    variant = G.variant(options or {})
    return G.replay(entries, variant, seats)


def marks(step) -> dict[str, int]:
    return dict(step.state.marks)


def kinds(step) -> list[str]:
    return [e.kind for e in step.events]


class TestDealPoints:
    """§3.2 / §3.7 deal_points."""

    def dos(self, *tricks) -> list[DoTrick]:
        return [DoTrick(t, p, trump) for t, p, trump in tricks]

    def test_plain(self) -> None:
        # 40 + 0 | 32 + last trick 6
        assert deal_points({"AC": 40, "BD": 32}, "BD", [], [], T4) == {"AC": 40, "BD": 38}

    def test_declarations(self) -> None:
        decl = [("A", "aces4"), ("C", "dos3"), ("B", "kings4"), ("D", "cavalls3"), ("B", "bubes4")]
        # AC: 40 + 40 + 10 = 90; BD: 32 + 6 + 12 + 6 + 12 = 68
        assert deal_points({"AC": 40, "BD": 32}, "BD", decl, [], T4) == {"AC": 90, "BD": 68}

    def test_sechsundzwanziger(self) -> None:
        # B wins trick 9 with a Do: 20 + the 6 = the 26
        got = deal_points({"AC": 40, "BD": 32}, "BD", [], self.dos((9, "B", False)), T4)
        assert got == {"AC": 40, "BD": 32 + 26}

    def test_zweiundfuenfziger_by_one_player(self) -> None:
        # B wins 8 and 9 with Do's: 46 + 6 = 52 (not 10 + 26)
        got = deal_points(
            {"AC": 40, "BD": 32}, "BD", [], self.dos((8, "B", False), (9, "B", False)), T4
        )
        assert got == {"AC": 40, "BD": 32 + 52}

    def test_partner_breaks_the_run(self) -> None:
        # D wins 8, B wins 9: D's Do trick 10, B's 26 -> 32 + 10 + 26
        got = deal_points(
            {"AC": 40, "BD": 32}, "BD", [], self.dos((8, "D", False), (9, "B", False)), T4
        )
        assert got == {"AC": 40, "BD": 32 + 36}

    def test_seventy_two_and_first_trick_trump_do(self) -> None:
        # A: trick 1 with the trump Do 52; C: 7, 8, 9 with Do's 66 + 6 = 72 -> 124 + 30 cards
        dos = self.dos((1, "A", True), (7, "C", False), (8, "C", False), (9, "C", False))
        assert deal_points({"AC": 30, "BD": 42}, "AC", [], dos, T4) == {"AC": 154, "BD": 42}

    def test_trump_do_after_the_first_trick_is_an_ordinary_do(self) -> None:
        got = deal_points({"AC": 30, "BD": 42}, "AC", [], self.dos((2, "B", True)), T4)
        assert got == {"AC": 36, "BD": 52}

    def test_maximum_is_292(self) -> None:
        decl = [("A", k) for k in ("aces4", "dos4", "kings4", "cavalls4", "bubes4")]
        dos = self.dos((1, "A", True), (7, "A", False), (8, "A", False), (9, "A", False))
        assert deal_points({"AC": 72, "BD": 0}, "AC", decl, dos, T4) == {"AC": 292, "BD": 0}
        step = play([{"dealer": "A", "points": {"AC": 292, "BD": 0}}])[0]
        assert kinds(step)[:2] == ["deal_points", "partie_won"]


class TestPartie:
    def test_hs1_events(self) -> None:
        step = play(golden("hs1"))[-1]
        assert kinds(step) == ["deal_points", "claim", "partie_won", "alt_und_neu"]
        claim = step.events[1]
        assert claim.figures["at"] == {"AC": 95, "BD": 108}  # 86 + 9, 92 + 16
        assert claim.figures["new"] == {"AC": 42, "BD": 27}  # 51 - 9, 43 - 16
        won = step.events[2]
        assert won.seats == ("B", "D") and won.figures["matsch"] is False
        assert won.source == "Hundertspiel 1829, §25"

    def test_hs2_matsch_event(self) -> None:
        step = play(golden("hs2"))[-1]
        matsch = [e for e in step.events if e.kind == "matsch"]
        assert matsch[0].seats == ("A", "C")  # AC had 10 < 50
        assert matsch[0].source == "Hundertspiel 1829, §26"

    def test_exactly_100_wins(self) -> None:
        # C1: >= 100. 60 + 40 = 100 at the end of the deal; BD at 40 + 38 = 78: single.
        steps = play(
            [
                {"dealer": "A", "points": {"AC": 60, "BD": 40}},
                {"dealer": "B", "points": {"AC": 40, "BD": 38}},
            ]
        )
        assert marks(steps[-1]) == {"A": 1, "B": -1, "C": 1, "D": -1}
        assert steps[-1].state.run == {"AC": 0, "BD": 0}

    def test_matsch_at_the_end_of_a_deal(self) -> None:
        steps = play(
            [
                {"dealer": "A", "points": {"AC": 80, "BD": 22}},
                {"dealer": "B", "points": {"AC": 30, "BD": 48}},
            ]
        )
        # AC 110, BD 22 + 48 = 70 >= 50: single Marke.
        assert marks(steps[-1]) == {"A": 1, "B": -1, "C": 1, "D": -1}
        steps = play(
            [
                {"dealer": "A", "points": {"AC": 84, "BD": 0}},
                {"dealer": "B", "points": {"AC": 30, "BD": 48}},
            ]
        )
        # AC 114, BD 48 < 50: Matsch, two Marken each.
        assert marks(steps[-1]) == {"A": 2, "B": -2, "C": 2, "D": -2}
        assert steps[-1].state.matsch_wins == {"AC": 1, "BD": 0}

    def test_carried_points_that_reach_the_target_decide_the_new_partie(self) -> None:
        # 90 : 0, then AC claims after 10 with 0 : 0 ... the rest 150 : 0 goes to the new partie,
        # where AC already has 150 >= 100 at the end of the deal and BD 0 < 50: another Matsch.
        steps = play(
            [
                {"dealer": "A", "points": {"AC": 90, "BD": 0}},
                {
                    "dealer": "B",
                    "points": {"AC": 160, "BD": 0},
                    "end": {"claimant": "AC", "old": {"AC": 10, "BD": 0}},
                },
            ]
        )
        assert marks(steps[-1]) == {"A": 4, "B": -4, "C": 4, "D": -4}
        assert steps[-1].state.parties_decided == 2 and steps[-1].state.run == {"AC": 0, "BD": 0}

    def test_announcements_as_a_list_both_settled(self) -> None:
        # §7: one per party. C's 26 made (+2 each to AC), B's 52 failed (+4 each to AC).
        entry = {
            "dealer": "A",
            "card_points": {"AC": 30, "BD": 42},
            "last_trick": "AC",
            "do_tricks": [{"trick": 9, "player": "C"}],
            "announcement": [
                {"player": "C", "type": 26, "made": True},
                {"player": "B", "type": 52, "made": False},
            ],
        }
        step = play([entry])[0]
        assert marks(step) == {"A": 6, "B": -6, "C": 6, "D": -6}
        assert [e.figures["marks"] for e in step.events if e.kind == "announcement"] == [2, 4]

    def test_made_is_taken_from_the_do_tricks(self) -> None:
        entry = {
            "dealer": "A",
            "card_points": {"AC": 30, "BD": 42},
            "last_trick": "AC",
            "do_tricks": [{"trick": 9, "player": "C"}],
            "announcement": {"player": "C", "type": 26, "contra": 1},
        }
        # Contra doubles: 2 * 2 = 4 per player (§32).
        assert marks(play([entry])[0]) == {"A": 4, "B": -4, "C": 4, "D": -4}


class TestOptions:
    def test_contra_levels_3_supracontra(self) -> None:
        # 26 at Supracontra: 2 * 2^3 = 16 per player; failed -> paid to BD.
        entry = {
            "dealer": "A",
            "points": {"AC": 40, "BD": 38},
            "announcement": {"player": "A", "type": 26, "contra": 3, "made": False},
        }
        step = play([entry], {"contra_levels": 3})[0]
        assert marks(step) == {"A": -16, "B": 16, "C": -16, "D": 16}

    def test_alt_und_neu_off(self) -> None:
        # HS-1 deal 3 without alt und neu: the rest (42 : 27) is discarded, new game 0 : 0.
        steps = play(golden("hs1"), {"alt_und_neu": False})
        assert steps[-1].state.run == {"AC": 0, "BD": 0}
        assert marks(steps[-1]) == {"A": -1, "B": 1, "C": -1, "D": 1}
        event = [e for e in steps[-1].events if e.kind == "alt_und_neu"][0]
        assert event.figures["discarded"] == {"AC": 42, "BD": 27}

    def test_silent_26_pays_marks(self) -> None:
        entry = {
            "dealer": "A",
            "card_points": {"AC": 30, "BD": 42},
            "last_trick": "AC",
            "do_tricks": [{"trick": 9, "player": "C"}],
        }
        assert marks(play([entry])[0]) == dict.fromkeys("ABCD", 0)  # default off (C6)
        # On: an unannounced 26 pays like an announced one, 2 per player.
        assert marks(play([entry], {"silent_26_pays_marks": True})[0]) == {
            "A": 2,
            "B": -2,
            "C": 2,
            "D": -2,
        }
        # An unannounced 52 (tricks 8 and 9 by C): 4 per player.
        entry52 = {**entry, "do_tricks": [{"trick": 8, "player": "C"}, {"trick": 9, "player": "C"}]}
        assert marks(play([entry52], {"silent_26_pays_marks": True})[0]) == {
            "A": 4,
            "B": -4,
            "C": 4,
            "D": -4,
        }
        # Announced by C: paid once, as announced.
        announced = {**entry, "announcement": {"player": "C", "type": 26, "made": True}}
        assert marks(play([announced], {"silent_26_pays_marks": True})[0]) == {
            "A": 2,
            "B": -2,
            "C": 2,
            "D": -2,
        }

    def test_matsch_threshold(self) -> None:
        # HS-1 deal 3: AC had 95 at the claim; with a threshold of 96 that is a Matsch.
        steps = play(golden("hs1"), {"matsch_threshold": 96})
        assert marks(steps[-1]) == {"A": -2, "B": 2, "C": -2, "D": 2}

    def test_target(self) -> None:
        # HS-1 deal 3: BD's 108 is below a target of 110 -> the claim is false.
        variant = G.variant({"target": 110})
        entries = golden("hs1")
        state = G.replay(entries[:2], variant)[-1].state
        with pytest.raises(InvalidDeal) as error:
            G.apply(entries[2], state, variant)
        assert (error.value.code, error.value.params["target"]) == ("CLAIM_BELOW_100", 110)
        # HS-5 deal 2 with target 111: only AC (112) is over; BD has 110 >= 50, single, no
        # Vorhand rule.
        steps = play(golden("hs5")[:2], {"target": 111})
        assert steps[-1].warnings == ()
        assert marks(steps[-1]) == {"A": 1, "B": -1, "C": 1, "D": -1}

    def test_false_claim_payment(self) -> None:
        # HS-5 deal 3: BD claimed at 24 < 50 -> with as_matsch_if_below_50 it pays two.
        steps = play(golden("hs5"), {"false_claim_payment": "as_matsch_if_below_50"})
        assert marks(steps[-1]) == {"A": 3, "B": -3, "C": 3, "D": -3}
        assert steps[-1].state.run == {"AC": 0, "BD": 0}

    def test_unfinished_partie(self) -> None:
        # HS-1 deal 1 leaves 46 : 48, then the session closes.
        entries = [golden("hs1")[0], {"close": True}]
        abandoned = play(entries)
        assert marks(abandoned[-1]) == dict.fromkeys("ABCD", 0)
        assert kinds(abandoned[-1]) == ["partie_abandoned", "session_closed", "unit_over"]
        leader = play(entries, {"unfinished_partie": "leader_wins_single"})
        assert marks(leader[-1]) == {"A": -1, "B": 1, "C": -1, "D": 1}  # BD ahead, 48 > 46
        assert leader[-1].state.closed and leader[-1].state.run == {"AC": 0, "BD": 0}
        # A tie is abandoned either way.
        tie = [{"dealer": "A", "points": {"AC": 44, "BD": 44}}, {"close": True}]
        assert marks(play(tie, {"unfinished_partie": "leader_wins_single"})[-1]) == dict.fromkeys(
            "ABCD", 0
        )

    def test_parties_per_round(self) -> None:
        steps = play(golden("hs5"))
        # Default 2: the round ends with the second partie (HS-5 deal 3).
        assert [s.state.unit_over for s in steps] == [False, False, True]
        assert kinds(steps[-1])[-1] == "unit_over"
        one = play(golden("hs5"), {"parties_per_round": 1})
        assert [s.state.unit_over for s in one] == [False, True, True]
        # The round's figures stay as they were when it ended: +1 / -1, not +2 / -2.
        assert [r.score for r in one[-1].state.result()] == [1, -1, 1, -1]
        assert dict(one[-1].state.marks) == {"A": 2, "B": -2, "C": 2, "D": -2}
        never = play(golden("hs5"), {"parties_per_round": 0})
        assert not never[-1].state.unit_over


class TestResult:
    def test_hs1_figures(self) -> None:
        state = play(golden("hs1"))[-1].state
        # Credited: AC 46 + 40 + 9 + 42 = 137, BD 48 + 44 + 16 + 27 = 135.
        assert state.points_for == {"AC": 137, "BD": 135}
        results = {r.seat: r for r in state.result()}
        assert [r.seat for r in state.result()] == ["A", "B", "C", "D"]
        assert results["B"].score == 1 and results["A"].score == -1
        assert dict(results["B"].figures) == {
            "parties_won": 1,
            "matsch_wins": 0,
            "partie_points_diff": -2,
        }
        assert dict(results["C"].figures) == {
            "parties_won": 0,
            "matsch_wins": 0,
            "partie_points_diff": 2,
        }

    def test_class_facts(self) -> None:
        assert G.key == "hundertspiel" and G.name == "Hundertspiel"
        assert G.metric_ascending is False
        assert G.tiebreaks == ("parties_won", "matsch_wins", "partie_points_diff", "lot")
        assert G.table_sizes == (4, 3)
        names = [o.name for o in G.options()]
        assert names[:6] == [
            "contra_levels",
            "alt_und_neu",
            "silent_26_pays_marks",
            "matsch_threshold",
            "target",
            "false_claim_payment",
        ]
        assert "parties_per_round" in names and "scat" in names and "suit_values" not in names
        variant_option = next(o for o in G.options() if o.name == "variant")
        assert variant_option.default == "basic"
        assert variant_option.choices == ("basic", "three", "scat4")


class TestThreePlayers:
    """§3.8(b): each for himself; 1 Marke from each opponent, 2 from one below 50 (C12)."""

    OPT = {"variant": "three"}

    def test_partie_with_matsch_per_opponent(self) -> None:
        steps = play(
            [
                {"dealer": "A", "points": {"A": 60, "B": 50, "C": 10}},
                {"dealer": "B", "points": {"A": 40, "B": 10, "C": 28}},
            ],
            self.OPT,
            ("A", "B", "C"),
        )
        # A 100, B 60 (single), C 38 (< 50: two): A +3, B -1, C -2.
        assert marks(steps[-1]) == {"A": 3, "B": -1, "C": -2}
        assert steps[-1].state.matsch_wins == {"A": 1, "B": 0, "C": 0}

    def test_priority_vorhand_mittelhand_dealer(self) -> None:
        # Dealer A: Vorhand B, Mittelhand C, then A. A and C reach 100 -> C wins.
        steps = play(
            [
                {"dealer": "C", "points": {"A": 60, "B": 10, "C": 60}},
                {"dealer": "A", "points": {"A": 40, "B": 8, "C": 40}},
            ],
            self.OPT,
            ("A", "B", "C"),
        )
        assert [w.code for w in steps[-1].warnings] == ["VORHAND_RULE_APPLIED"]
        # C: +1 from A (100 >= 50), +2 from B (18 < 50).
        assert marks(steps[-1]) == {"A": -1, "B": -2, "C": 3}

    def test_false_claim_pays_each_opponent(self) -> None:
        steps = play(
            [
                {
                    "dealer": "A",
                    "points": {"A": 30, "B": 30, "C": 18},
                    "end": {"claimant": "B", "old": {"A": 0, "B": 20, "C": 0}},
                    "confirm_false_claim": True,
                }
            ],
            self.OPT,
            ("A", "B", "C"),
        )
        assert marks(steps[-1]) == {"A": 1, "B": -2, "C": 1}
        assert steps[-1].state.run == {"A": 0, "B": 0, "C": 0}

    def test_claim_with_alt_und_neu(self) -> None:
        steps = play(
            [
                {"dealer": "A", "points": {"A": 90, "B": 50, "C": 10}},
                {
                    "dealer": "B",
                    "points": {"A": 30, "B": 20, "C": 28},
                    "end": {"claimant": "A", "old": {"A": 12, "B": 0, "C": 4}},
                },
            ],
            self.OPT,
            ("A", "B", "C"),
        )
        # At the claim A 102, B 50 (single), C 14 (Matsch): A +3; new game 18 : 20 : 24.
        assert marks(steps[-1]) == {"A": 3, "B": -1, "C": -2}
        assert steps[-1].state.run == {"A": 18, "B": 20, "C": 24}
        figures = {r.seat: r.figures["partie_points_diff"] for r in steps[-1].state.result()}
        # Credited: A 90 + 12 + 18 = 120, B 50 + 0 + 20 = 70, C 10 + 4 + 24 = 38;
        # diff = 2 * own - the others.
        assert figures == {"A": 240 - 108, "B": 140 - 158, "C": 76 - 190}


def test_a_remainder_that_reaches_100_decides_the_new_partie_in_the_same_deal() -> None:
    # Scoring specification §7 (alt und neu). Deal 1: AC 90 (cards 54 + last trick 6 + three
    # Aces 30), BD 18. Deal 2: AC declare three Do's (10) and declare out at 100 : 18; BD are
    # below 50, a Matsch: two Marken from each opposite number. The rest of the deal, the first
    # trick with the trump Do (52) and more, gives AC 108 and BD 22 in the new partie: 108
    # reaches 100, so AC win that partie too at the end of the deal, again a Matsch (22 < 50);
    # the run starts again at 0 : 0. Marken: A and C +4, B and D −4.
    steps = play(
        [
            {"dealer": "A", "points": {"AC": 90, "BD": 18}},
            {
                "dealer": "B",
                "points": {"AC": 118, "BD": 22},
                "end": {"claimant": "AC", "old": {"AC": 10, "BD": 0}},
            },
        ]
    )
    last = steps[-1]
    won = [e.figures for e in last.events if e.kind == "partie_won"]
    assert [(w["partie"], w["by"], w["at"], w["matsch"]) for w in won] == [
        (1, "claim", {"AC": 100, "BD": 18}, True),
        (2, "count", {"AC": 108, "BD": 22}, True),
    ]
    assert marks(last) == {"A": 4, "B": -4, "C": 4, "D": -4}
    assert dict(last.state.run) == {"AC": 0, "BD": 0}
    assert dict(last.state.parties_won) == {"AC": 2, "BD": 0}
