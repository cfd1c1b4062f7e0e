"""Kein Stich house rules (Scoring specification §4.3, §4.8, §7): deck trimming, pots and default
payouts for every table size and deck, the six-deal version, stakes, payouts, the Domino start,
the tournament round and the match. Every expected figure is worked out in the comments."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.base import InvalidVariant
from scoring.kein_stich import KEIN_STICH_GAME as G
from scoring.kein_stich import Variant

# (players, deck) → (removed, cards each c, Hearts h, pot 5c + 5h + 80, default payouts) — §4.3.
TABLE = {
    (3, 24): ([], 8, 6, 150, [100, 50, 0]),  # 40 + 30 + 80
    (3, 32): (["7♣", "7♠"], 10, 8, 170, [110, 60, 0]),  # 50 + 40 + 80
    (4, 24): ([], 6, 6, 140, [90, 40, 10, 0]),  # 30 + 30 + 80
    (4, 32): ([], 8, 8, 160, [100, 50, 10, 0]),  # 40 + 40 + 80
    (4, 52): ([], 13, 13, 210, [130, 60, 20, 0]),  # 65 + 65 + 80
    (5, 32): (["7♣", "7♠"], 6, 8, 150, [80, 40, 20, 10, 0]),  # 30 + 40 + 80
    (5, 52): (["2♣", "2♠"], 10, 13, 195, [110, 50, 25, 10, 0]),  # 50 + 65 + 80
    (6, 24): ([], 4, 6, 130, [60, 35, 20, 10, 5, 0]),  # 20 + 30 + 80
    (6, 32): (["7♣", "7♠"], 5, 8, 145, [65, 40, 20, 15, 5, 0]),  # 25 + 40 + 80
    (6, 52): (["2♣", "2♠", "2♦", "3♣"], 8, 13, 185, [85, 50, 25, 15, 10, 0]),  # 40 + 65 + 80
}


@pytest.mark.parametrize(("players", "deck"), sorted(TABLE))
def test_default_set_ups(players: int, deck: int) -> None:
    removed, each, hearts, pot, payouts = TABLE[(players, deck)]
    variant = G.variant({"players": players, "deck": deck})
    setup = G.initial(G.seats(players), variant).setup
    assert [str(c) for c in setup.removed] == removed
    assert (setup.cards_each, setup.hearts, setup.pot) == (each, hearts, pot)
    assert list(setup.payouts) == payouts and sum(payouts) == pot
    assert len(setup.cards) == deck - len(removed) == players * each
    assert G.table_size(variant) == players


@pytest.mark.parametrize(
    ("players", "deck", "pot", "removed"),
    [
        (3, 52, 230, ["2♣"]),  # 51 cards: c 17, h 13: 85 + 65 + 80
        (5, 24, 130, ["9♣", "9♠", "9♦", "10♣"]),  # 20 cards: c 4, h 6: 20 + 30 + 80
    ],
)
def test_set_ups_without_default_payouts(players: int, deck: int, pot: int, removed) -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"players": players, "deck": deck})
    assert caught.value.code == "CONFIG_PAYOUT_MISMATCH"
    payouts = [pot - 10] + [10] + [0] * (players - 2)
    variant = G.variant({"players": players, "deck": deck, "payouts": payouts})
    setup = variant.setup(players)
    assert setup.pot == pot and [str(c) for c in setup.removed] == removed


@pytest.mark.parametrize(
    "payouts",
    [
        [100, 50, 10],  # three for four players
        [100, 50, 10, 0, 0],
        [100, 50, 20, 0],  # 170 ≠ 160
        [100, 50, 0, 0],  # 150 ≠ 160
    ],
)
def test_payouts_must_fit(payouts: list[int]) -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"payouts": payouts})
    assert (caught.value.code, caught.value.option) == ("CONFIG_PAYOUT_MISMATCH", "payouts")


@pytest.mark.parametrize("payouts", [[100, 50, "x", 0], [100, 50, -10, 20], "100/50/10/0", []])
def test_payouts_must_be_numbers(payouts: Any) -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"payouts": payouts})
    assert caught.value.code == "INVALID_OPTION_VALUE"


def test_own_payouts_change_the_domino() -> None:
    variant = G.variant({"payouts": [80, 60, 20, 0]})  # Σ 160
    state = G.initial(G.seats(4), variant)
    for entry in (
        {"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}},
        {"contract": 2, "hearts": {"A": 2, "B": 2, "C": 2, "D": 2}},
        {"contract": 3, "obers": {"A": 1, "B": 1, "C": 1, "D": 1}},
        {"contract": 4, "max": "A"},
        {"contract": 5, "order": ["B", "C", "D", "A"]},
    ):
        state = G.apply(entry, state, variant).state
    # Paid in: A 10+10+10+40 = 70, the others 30; won B 80, C 60, D 20, A 0.
    assert dict(state.balance) == {"A": -70, "B": 50, "C": 30, "D": -10}


def test_six_deal_version() -> None:
    variant = G.variant({"extra_contract": "letzter_stich"})
    setup = variant.setup(4)
    # Pot 160 + 40 for the last trick; default payout 120/60/20/0 (§4.3, K3).
    assert setup.pot == 200 and setup.payouts == (120, 60, 20, 0)
    assert setup.contracts == (
        "kein_stich",
        "kein_herz",
        "kein_ober",
        "kein_max",
        "letzter_stich",
        "domino",
    )


@pytest.mark.parametrize(("players", "deck"), [(3, 24), (4, 24), (5, 32), (4, 52), (6, 32)])
def test_six_deal_defaults_only_for_4_32(players: int, deck: int) -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"players": players, "deck": deck, "extra_contract": "letzter_stich"})
    assert caught.value.code == "CONFIG_PAYOUT_MISMATCH"


def test_six_deal_with_own_payouts() -> None:
    # 3 players, 24 cards: 150 + 40 = 190.
    variant = G.variant(
        {"players": 3, "deck": 24, "extra_contract": "letzter_stich", "payouts": [120, 70, 0]}
    )
    assert variant.setup(3).pot == 190


def test_stakes() -> None:
    # Kein Herz at 10 a Heart: pot 5·8 + 10·8 + 40 + 40 = 200; default payouts no longer fit.
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"stakes": {"kein_herz": 10}})
    assert caught.value.code == "CONFIG_PAYOUT_MISMATCH"
    variant = G.variant({"stakes": {"kein_herz": 10}, "payouts": [120, 60, 20, 0]})
    assert variant.setup(4).pot == 200
    assert dict(variant.stakes)["kein_stich"] == 5  # missing contracts keep their default
    state = G.initial(G.seats(4), variant)
    state = G.apply({"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}}, state, variant)
    step = G.apply(
        {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}}, state.state, variant
    )
    # Hearts at 10: A 10, B 40, C 30, D 0 on top of 10 each for two tricks.
    assert dict(step.state.balance) == {"A": -20, "B": -50, "C": -40, "D": -10}
    assert step.state.pot == 120


def test_stakes_as_a_list_and_errors() -> None:
    # [5, 5, 10, 20]: Max at 20 → pot 140, payouts must follow.
    variant = G.variant({"stakes": [5, 5, 10, 20], "payouts": [90, 40, 10, 0]})
    assert variant.setup(4).pot == 140
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"stakes": {"kein_bube": 5}})
    assert (caught.value.code, caught.value.option) == ("UNKNOWN_OPTION", "stakes.kein_bube")
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"stakes": {"kein_max": -40}})
    assert caught.value.code == "INVALID_OPTION_VALUE"
    with pytest.raises(InvalidVariant):
        G.variant({"stakes": "5/5/10/40"})


def test_letzter_stich_stake() -> None:
    # Letzter Stich at 20: pot 180 (§4.3 "pot + the extra stake").
    variant = G.variant(
        {
            "extra_contract": "letzter_stich",
            "stakes": {"letzter_stich": 20},
            "payouts": [110, 50, 20, 0],
        }
    )
    assert variant.setup(4).pot == 180


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"players": 2}, "players"),
        ({"players": 7}, "players"),
        ({"players": "vier"}, "players"),
        ({"deck": 36}, "deck"),
        ({"extra_contract": "sechs"}, "extra_contract"),
        ({"domino_start": "schellen_unter"}, "domino_start"),
        ({"games_per_round": 0}, "games_per_round"),
        ({"games_per_match": -1}, "games_per_match"),
        ({"games_per_round": True}, "games_per_round"),
    ],
)
def test_bad_values(options: dict[str, Any], option: str) -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant(options)
    assert (caught.value.code, caught.value.option) == ("INVALID_OPTION_VALUE", option)


def test_unknown_option() -> None:
    with pytest.raises(InvalidVariant) as caught:
        G.variant({"tournament_round": "vierstrich"})
    assert caught.value.code == "UNKNOWN_OPTION"


def test_form_values_as_text() -> None:
    # A form's choice gives "24"; the variant keeps the number.
    variant = G.variant({"deck": "24", "players": "3", "games_per_round": "2"})
    assert (variant.deck, variant.players, variant.games_per_round) == (24, 3, 2)


def test_defaults_and_options() -> None:
    v = Variant()
    assert (v.players, v.deck, v.extra_contract, v.domino_start) == (4, 32, "none", "eichel_unter")
    assert dict(v.stakes) == {
        "kein_stich": 5,
        "kein_herz": 5,
        "kein_ober": 10,
        "kein_max": 40,
        "letzter_stich": 40,
    }
    assert (v.games_per_round, v.games_per_match, v.payouts) == (1, 0, None)
    names = [o.name for o in G.options()]
    assert names == [
        "players",
        "deck",
        "extra_contract",
        "domino_start",
        "games_per_round",
        "games_per_match",
    ]
    for option in G.options():
        if option.choices:
            assert option.choices[0] == str(option.default)
        # Every option's default builds the default variant.
        assert G.variant({option.name: option.default}) == v
    assert G.variant(v.as_dict()) == v
    assert hash(G.variant({})) == hash(v)


def test_initial_other_table_sizes() -> None:
    # A tournament of 4-player tables where one table seats 5: that size's default payouts.
    variant = G.variant({})
    state = G.initial(G.seats(5), variant)
    assert state.setup.payouts == (80, 40, 20, 10, 0) and state.setup.pot == 150
    # Own payouts for 4 do not apply to 5: the default for 5 players, 32 cards.
    own = G.variant({"payouts": [80, 60, 20, 0]})
    assert G.initial(G.seats(5), own).setup.payouts == (80, 40, 20, 10, 0)
    # Payouts by table size.
    by_size = G.variant({"payouts": {"4": [80, 60, 20, 0], "5": [70, 50, 20, 10, 0]}})
    assert G.initial(G.seats(5), by_size).setup.payouts == (70, 50, 20, 10, 0)
    assert G.initial(G.seats(4), by_size).setup.payouts == (80, 60, 20, 0)
    with pytest.raises(InvalidVariant):
        G.variant({"payouts": {"5": [70, 50, 20, 10]}})
    # No defaults for 5 players with 24 cards (§7): refused when the table is set up.
    deck24 = G.variant({"deck": 24})
    with pytest.raises(InvalidVariant) as caught:
        G.initial(G.seats(5), deck24)
    assert caught.value.code == "CONFIG_PAYOUT_MISMATCH"
    # The six-deal version has defaults for 4 players with 32 cards only.
    six = G.variant({"extra_contract": "letzter_stich"})
    with pytest.raises(InvalidVariant):
        G.initial(G.seats(3), six)


def test_seats() -> None:
    assert G.seats(3) == ("A", "B", "C")
    assert G.seats(6) == ("A", "B", "C", "D", "E", "F")
    for bad in (2, 7):
        with pytest.raises(ValueError):
            G.seats(bad)
    with pytest.raises(ValueError):
        G.initial(("A", "A", "B"), G.variant({}))
    assert G.table_sizes[0] == 4 and set(G.table_sizes) == {3, 4, 5, 6}


def test_herz_unter_start_has_no_scoring_effect() -> None:
    entries = [
        {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
        {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}},
        {"contract": 3, "obers": {"A": 0, "B": 1, "C": 2, "D": 1}},
        {"contract": 4, "max": "D"},
        {"contract": 5, "order": ["C", "A", "D", "B"], "start": "B"},
    ]
    a = G.replay(entries, G.variant({}))[-1].state
    b = G.replay(entries, G.variant({"domino_start": "herz_unter"}))[-1].state
    assert dict(a.balance) == dict(b.balance) == {"A": 35, "B": -45, "C": 65, "D": -55}


def _game(first: str, second: str, max_holder: str) -> list[dict[str, Any]]:
    others = [s for s in "ABCD" if s not in (first, second)]
    return [
        {"contract": 1, "tricks": {"A": 2, "B": 2, "C": 2, "D": 2}},
        {"contract": 2, "hearts": {"A": 2, "B": 2, "C": 2, "D": 2}},
        {"contract": 3, "obers": {"A": 1, "B": 1, "C": 1, "D": 1}},
        {"contract": 4, "max": max_holder},
        {"contract": 5, "order": [first, second, *others]},
    ]


def test_games_per_round_and_result() -> None:
    variant = G.variant({"games_per_round": 2})
    entries = _game("A", "B", "D") + _game("A", "C", "B")
    steps = G.replay(entries, variant)
    assert not any(s.state.unit_over for s in steps[:-1]) and steps[-1].state.unit_over
    assert [e.kind for e in steps[-1].events][-1] == "unit_over"
    # Each game: 30 paid in by everyone, +40 for the Max holder.
    # Game 1: A +100, B +50, C +10, D 0 → A 70, B 20, C −20, D −70.
    # Game 2 (order A C B D): A +70, B −60, C +20, D −30.
    # Totals: A 140, B −40, C 0, D −100 (Σ 0).
    result = steps[-1].state.result()
    assert [r.score for r in result] == [140, -40, 0, -100]
    assert [dict(r.figures) for r in result] == [
        {"domino_firsts": 2, "paid_in": 60, "domino_seconds": 0},
        {"domino_firsts": 0, "paid_in": 100, "domino_seconds": 1},
        {"domino_firsts": 0, "paid_in": 60, "domino_seconds": 1},
        {"domino_firsts": 0, "paid_in": 100, "domino_seconds": 0},
    ]
    # Deals after the round do not change the round's result.
    more = G.apply(_game("D", "C", "A")[0], steps[-1].state, variant).state
    assert more.result() == result and more.balance != steps[-1].state.balance


def test_metric_and_tiebreaks() -> None:
    assert G.metric_ascending is False
    assert G.tiebreaks == ("domino_firsts", "paid_in", "domino_seconds", "lot")
    assert G.tiebreak_order(G.variant({})) == G.tiebreaks
    assert G.fewest_first == frozenset({"paid_in"})
    assert G.bye_score == 0 and G.last_place_title is None


def test_changed_stakes_that_keep_the_pot_keep_the_default_payouts() -> None:
    # Stakes 10 a trick, 5 a Heart, 5 an Ober, 20 the Max: pot = 10·8 + 5·8 + 5·4 + 20 = 160,
    # so the default 100/50/10/0 still sums to it (K-V11 holds).
    variant = G.variant({"stakes": {"kein_stich": 10, "kein_ober": 5, "kein_max": 20}})
    assert variant.setup(4).pot == 160 and variant.setup(4).payouts == (100, 50, 10, 0)
    entries = [
        {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
        {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}},
        {"contract": 3, "obers": {"A": 0, "B": 1, "C": 2, "D": 1}},
        {"contract": 4, "max": "D"},
        {"contract": 5, "order": ["C", "A", "D", "B"]},
    ]
    steps = G.replay(entries, variant)
    # Paid: A 20+5+0 = 25, B 30+20+5 = 55, C 0+15+10 = 25, D 30+0+5+20 = 55 (Σ 160).
    assert [s.state.pot for s in steps] == [80, 120, 140, 160, 0]
    assert dict(steps[3].state.paid_in) == {"A": 25, "B": 55, "C": 25, "D": 55}
    # Domino C +100, A +50, D +10: A 25, B −55, C 75, D −45.
    assert dict(steps[-1].state.balance) == {"A": 25, "B": -55, "C": 75, "D": -45}
