"""The house rules an organiser can pick, with the defaults of Scoring specification §1.7."""

from __future__ import annotations

import scoring


def test_options_offer_every_rule_of_section_1_7_with_its_default():
    options = {o.name: o for o in scoring.games["hintersche"].options()}
    # The variant's defaults are pinned by hand in test_hintersche_validation; the form offers
    # every one of them but the JSON-only card values and total.
    defaults = scoring.games["hintersche"].variant().as_dict()
    assert {name: o.default for name, o in options.items()} == {
        k: v for k, v in defaults.items() if k not in ("card_values", "total")
    }
    assert options["tournament_round"].choices == ("vierstrich", "full_game", "rubber")
    assert options["settlement"].choices == ("per_winner", "per_mark", "pool")
    assert options["vierstrich_marks"].minimum == 1


def test_every_offered_choice_builds_a_variant():
    game = scoring.games["hintersche"]
    for option in game.options():
        for choice in option.choices:
            assert getattr(game.variant({option.name: choice}), option.name) == choice


def test_without_auto_tiebreak_only_the_stechen_and_the_lot_remain():
    game = scoring.games["hintersche"]
    assert game.tiebreak_order(game.variant()) == ("stechen", "zero_rounds", "countback", "lot")
    assert game.tiebreak_order(game.variant({"auto_tiebreak": False})) == ("stechen", "lot")
