"""Every house rule of Scoring specification §2.8 changes what it should; figures derived by hand
in the comments."""

from __future__ import annotations

import dataclasses

import pytest

import scoring
from scoring import InvalidVariant

G = scoring.get("bauerchen")


def start(variant):
    return G.initial(G.seats(4), variant)


def play(variant, *entries, state=None):
    state = state or start(variant)
    steps = []
    for entry in entries:
        step = G.apply(entry, state, variant)
        steps.append(step)
        state = step.state
    return state, steps


def test_defaults_of_section_2_8() -> None:
    assert G.variant().as_dict() == {
        "preset": "none",
        "target": 31,
        "meld_cap": True,
        "forty_rule": False,
        "forty_threshold": 10,
        "weiterschreiben": False,
        "die_letzte": False,
        "ledig_no_solo_in_gehampelter": False,
        "solo_success": "round",
        "solo_failure": "round_to_opponents",
        "spritz_applies_to_away_bonus": True,
        "melds_doubled_by_spritz": False,
        "max_spritz": None,
        "steins_per_match": 3,
        "tournament_round": "match",
    }


def test_options_offer_every_rule() -> None:
    options = {o.name: o for o in G.options()}
    defaults = G.variant().as_dict()
    assert set(options) == set(defaults)
    for name, option in options.items():
        expected = "" if name == "max_spritz" else defaults[name]
        assert option.default == expected, name
    assert options["solo_success"].choices == ("round", "plus12")
    assert options["solo_failure"].choices == ("round_to_opponents", "score_normally")
    assert options["tournament_round"].choices == ("match", "stein")
    assert options["preset"].choices == ("none", "classic-12")
    assert options["target"].minimum == 1
    for option in G.options():
        for choice in option.choices:
            assert getattr(G.variant({option.name: choice}), option.name) == choice
    # An empty max_spritz field is "no limit".
    assert G.variant({"max_spritz": ""}).max_spritz is None


def test_preset_classic_12_and_explicit_options_win() -> None:
    classic = G.variant({"preset": "classic-12"})
    assert (classic.target, classic.forty_rule, classic.forty_threshold) == (12, True, 10)
    assert classic.ledig_no_solo_in_gehampelter is False  # §7: its own option
    mixed = G.variant({"preset": "classic-12", "forty_threshold": 9, "target": 15})
    assert (mixed.target, mixed.forty_rule, mixed.forty_threshold) == (15, True, 9)


@pytest.mark.parametrize(
    ("options", "option", "code"),
    [
        ({"target": 0}, "target", "INVALID_OPTION_VALUE"),
        ({"target": "31"}, "target", "INVALID_OPTION_VALUE"),
        ({"meld_cap": "yes"}, "meld_cap", "INVALID_OPTION_VALUE"),
        ({"solo_success": "plus31"}, "solo_success", "INVALID_OPTION_VALUE"),
        ({"max_spritz": -1}, "max_spritz", "INVALID_OPTION_VALUE"),
        ({"steins_per_match": -1}, "steins_per_match", "INVALID_OPTION_VALUE"),
        ({"preset": "classic-31"}, "preset", "INVALID_OPTION_VALUE"),
        ({"stake": 5}, "stake", "UNKNOWN_OPTION"),
    ],
)
def test_bad_options_are_refused(options, option, code) -> None:
    with pytest.raises(InvalidVariant) as error:
        G.variant(options)
    assert (error.value.option, error.value.code) == (option, code)


def test_target() -> None:
    # Target 5: dealer S → home EW, away NS wins 100:30 → (2+1) = 3; then dealer W → home NS,
    # NS wins 80:50 → 1 → 4; dealer N → home EW, NS (away) wins 80:50 → (1+1) = 2 → 6 ≥ 5.
    variant = G.variant({"target": 5})
    state, _ = play(
        variant,
        {"dealer": "S", "cp_NS": 100},
        {"dealer": "W", "cp_NS": 80},
    )
    assert dict(state.score) == {"NS": 4, "EW": 0}
    state, _ = play(variant, {"dealer": "N", "cp_NS": 80}, state=state)
    assert dict(state.knoddel) == {"NS": 0, "EW": 1} and dict(state.score) == {"NS": 0, "EW": 0}


def test_meld_cap_off() -> None:
    # Without the cap NS may meld a 40 at 30 → 32; dealer E (home NS) loses 60:70 → EW (away)
    # 1 + 1 = 2. NS stands at 32 ≥ 31 and wins the round although EW won the deal.
    variant = G.variant({"meld_cap": False})
    state = dataclasses.replace(start(variant), score={"NS": 30, "EW": 0})
    state, steps = play(
        variant, {"dealer": "E", "cp_NS": 60, "melds": [{"team": "NS", "kind": 40}]}, state=state
    )
    assert dict(state.knoddel) == {"NS": 0, "EW": 1}
    assert [e.kind for e in steps[0].events] == ["meld", "deal_won", "round_won", "knoddel"]


def test_forty_rule_threshold() -> None:
    # forty_rule on, threshold 5: NS at 5 melds a 40 → +1 (not 2); dealer N, NS (away) wins
    # 80:50 → 2: NS 5 + 1 + 2 = 8.
    variant = G.variant({"forty_rule": True, "forty_threshold": 5})
    state = dataclasses.replace(start(variant), score={"NS": 5, "EW": 0})
    state, _ = play(
        variant, {"dealer": "N", "cp_NS": 80, "melds": [{"team": "NS", "kind": 40}]}, state=state
    )
    assert state.score["NS"] == 8
    # At 4 it still counts 2: 4 + 2 + 2 = 8.
    state = dataclasses.replace(start(variant), score={"NS": 4, "EW": 0})
    state, _ = play(
        variant, {"dealer": "N", "cp_NS": 80, "melds": [{"team": "NS", "kind": 40}]}, state=state
    )
    assert state.score["NS"] == 8
    # Without the rule a 40 at 10 counts 2: 10 + 2 + 2 = 14.
    plain = G.variant()
    state = dataclasses.replace(start(plain), score={"NS": 10, "EW": 0})
    state, _ = play(
        plain, {"dealer": "N", "cp_NS": 80, "melds": [{"team": "NS", "kind": 40}]}, state=state
    )
    assert state.score["NS"] == 14


def test_weiterschreiben_solo_carries_nothing() -> None:
    # NS at 29 wins a Kart' ab: the round ends, a solo carries 0 (§2.3).
    variant = G.variant({"weiterschreiben": True})
    state = dataclasses.replace(start(variant), score={"NS": 29, "EW": 3})
    state, _ = play(variant, {"dealer": "N", "solo": {"player": "S", "won": True}}, state=state)
    assert dict(state.score) == {"NS": 0, "EW": 0}
    # Without Weiterschreiben an ordinary win carries nothing either: 29 + (2+1)·1 = 32 → 0 : 0;
    # with it the carry is 32 − 31 = 1.
    for options, carry in (({}, 0), ({"weiterschreiben": True}, 1)):
        variant = G.variant(options)
        state = dataclasses.replace(start(variant), score={"NS": 29, "EW": 3})
        state, steps = play(variant, {"dealer": "S", "cp_NS": 100}, state=state)
        assert dict(state.score) == {"NS": carry, "EW": 0}
        assert steps[0].events[-2].figures["carry"] == carry


def test_weiterschreiben_carries_across_a_stein() -> None:
    # EW holds one knoddel; NS at 29 wins 100:30 away (dealer S): 29 + (2+1) = 32 ≥ 31, EW's
    # second knoddel → stein to NS, and 32 − 31 = 1 carries into the new stein (B11).
    variant = G.variant({"weiterschreiben": True})
    state = dataclasses.replace(
        start(variant), score={"NS": 29, "EW": 0}, knoddel={"NS": 0, "EW": 1}
    )
    state, _ = play(variant, {"dealer": "S", "cp_NS": 100}, state=state)
    assert dict(state.steins) == {"NS": 1, "EW": 0}
    assert dict(state.knoddel) == {"NS": 0, "EW": 0}
    assert dict(state.score) == {"NS": 1, "EW": 0}


def test_die_letzte_has_no_scoring_effect() -> None:
    plain, letzte = G.variant(), G.variant({"die_letzte": True})
    a, _ = play(plain, {"dealer": "W", "cp_NS": 70})
    b, _ = play(letzte, {"dealer": "W", "cp_NS": 70, "die_letzte": True})
    assert a.as_dict()["score"] == b.as_dict()["score"] == {"NS": 1, "EW": 0}


def test_solo_success_plus12() -> None:
    # §7: plus12 credits 12 game points (counted in the game-point difference) and ends the
    # round; the next round starts at 0 : 0.
    variant = G.variant({"solo_success": "plus12"})
    state, steps = play(variant, {"dealer": "N", "solo": {"player": "W", "won": True}})
    assert dict(state.score) == {"NS": 0, "EW": 0}
    assert dict(state.knoddel) == {"NS": 1, "EW": 0}
    assert dict(state.game_points) == {"NS": 0, "EW": 12}
    assert state.as_dict()["standing"]["EW"]["game_point_diff"] == 12
    assert steps[0].events[0].figures == {"team": "EW", "won": True, "points": 12}
    # Under "round" nothing is credited: game points stay 0 : 0.
    state, _ = play(G.variant(), {"dealer": "N", "solo": {"player": "W", "won": True}})
    assert dict(state.game_points) == {"NS": 0, "EW": 0}


def test_solo_failure_score_normally() -> None:
    # N's solo fails; scored normally: dealer N → home EW, EW wins 70:60 → 1 (no round end).
    variant = G.variant({"solo_failure": "score_normally"})
    state, _ = play(variant, {"dealer": "N", "solo": {"player": "N", "won": False}, "cp_NS": 60})
    assert dict(state.score) == {"NS": 0, "EW": 1}
    assert dict(state.knoddel) == {"NS": 0, "EW": 0}
    # By default the failed solo gives the round to EW: a knoddel for NS.
    state, _ = play(G.variant(), {"dealer": "N", "solo": {"player": "N", "won": False}})
    assert dict(state.knoddel) == {"NS": 1, "EW": 0}


def test_spritz_applies_to_away_bonus() -> None:
    # Dealer N → home EW; NS (away) wins 80:50 with 2 spritzes: default (1+1)·4 = 8;
    # with the bonus outside the doubling 1·4 + 1 = 5.
    for options, points in (({}, 8), ({"spritz_applies_to_away_bonus": False}, 5)):
        state, _ = play(G.variant(options), {"dealer": "N", "cp_NS": 80, "spritz": 2})
        assert state.score["NS"] == points


def test_melds_doubled_by_spritz() -> None:
    # A 20 for EW with one spritz: default +1, doubled +2. EW (home, dealer N) wins 45:85 →
    # 1·2 = 2. Totals: 3 and 4.
    for options, total in (({}, 3), ({"melds_doubled_by_spritz": True}, 4)):
        state, _ = play(
            G.variant(options),
            {"dealer": "N", "cp_NS": 45, "spritz": 1, "melds": [{"team": "EW", "kind": 20}]},
        )
        assert state.score["EW"] == total


def test_steins_per_match_and_tournament_round() -> None:
    # One stein = two rounds won by the same team; solos end rounds at once. W's solos (EW) win
    # two rounds: stein 1 to EW. steins_per_match 1 closes the match there.
    solo = {"solo": {"player": "W", "won": True}}
    variant = G.variant({"steins_per_match": 1})
    state, steps = play(variant, {"dealer": "N", **solo}, {"dealer": "E", **solo})
    assert state.match_over and state.unit_over
    kinds = [e.kind for e in steps[-1].events]
    assert kinds[-3:] == ["stein", "match_over", "unit_over"]
    # tournament_round = stein: after one stein the unit is over, the match of 3 is not.
    variant = G.variant({"tournament_round": "stein"})
    state, _ = play(variant, {"dealer": "N", **solo}, {"dealer": "E", **solo})
    assert state.unit_over and not state.match_over
    # Default (tournament_round = match): the unit ends with the match (3 steins = 6 rounds).
    variant = G.variant()
    dealers = "NESWNE"
    state, _ = play(variant, *({"dealer": d, **solo} for d in dealers[:4]))
    assert not state.unit_over
    state, _ = play(variant, *({"dealer": d, **solo} for d in dealers[4:]), state=state)
    assert state.match_over and state.unit_over and dict(state.steins) == {"NS": 0, "EW": 3}
    # steins_per_match = 0: a time limit, the engine never closes the match.
    variant = G.variant({"steins_per_match": 0})
    state, _ = play(variant, *({"dealer": d, **solo} for d in dealers))
    assert not state.match_over and not state.unit_over


# Scoring specification §7: a carry already at the target wins the round at the end of the
# round's first deal; the other team's points of that deal are void. Target 12 with
# Weiterschreiben: round 1, dealer N (home EW, NS away), NS win schwarz 130:0 spritzed three
# times: (3 + 1) · 2³ = 32 ≥ 12, so NS carry 32 − 12 = 20 into round 2 and EW hold a knoddel.
CARRY = {"target": 12, "weiterschreiben": True}
ROUND_1 = {"dealer": "N", "cp_NS": 130, "spritz": 3}


@pytest.mark.parametrize(
    ("deal", "winner_points", "ns_carry", "game_points"),
    [
        # EW win 80:50 away (dealer E, home NS): 1 + 1 = 2 game points, void; NS keep 20.
        ({"dealer": "E", "cp_NS": 50}, 2, 20 - 12, {"NS": 32, "EW": 0}),
        # EW win 130:0 away, spritzed twice: (3 + 1) · 4 = 16 ≥ 12, still void: NS win.
        ({"dealer": "E", "cp_NS": 0, "spritz": 2}, 16, 20 - 12, {"NS": 32, "EW": 0}),
        # NS win 80:50 at home: 1 game point counts, 21 − 12 = 9 carried on.
        ({"dealer": "E", "cp_NS": 80}, 1, 21 - 12, {"NS": 33, "EW": 0}),
    ],
)
def test_a_carry_at_the_target_wins_the_next_round_after_one_deal(
    deal, winner_points, ns_carry, game_points
) -> None:
    variant = G.variant(CARRY)
    state, steps = play(variant, ROUND_1)
    assert dict(state.score) == {"NS": 20, "EW": 0}
    state, steps = play(variant, deal, state=state)
    won = next(e for e in steps[0].events if e.kind == "deal_won")
    assert won.figures["points"] == winner_points
    assert won.figures["void"] is (won.figures["team"] == "EW")
    round_won = next(e for e in steps[0].events if e.kind == "round_won")
    assert (round_won.figures["team"], round_won.figures["by_carry"]) == ("NS", True)
    assert "§7" in round_won.source
    # EW's second knoddel: the stein goes to NS; the carry goes on into the new stein.
    assert dict(state.knoddels) == {"NS": 0, "EW": 2}
    assert dict(state.steins) == {"NS": 1, "EW": 0}
    assert dict(state.score) == {"NS": ns_carry, "EW": 0}
    assert dict(state.game_points) == game_points


def test_a_carry_below_the_target_plays_on() -> None:
    # Target 31: NS win 130:0 away spritzed three times, 32 → carry 1; the next deal, EW win
    # 80:50 away for 2, counts (1 : 2), and nobody has won round 2.
    variant = G.variant({"weiterschreiben": True})
    state, _ = play(variant, ROUND_1, {"dealer": "E", "cp_NS": 50})
    assert dict(state.score) == {"NS": 1, "EW": 2}
    assert state.round_no == 2
