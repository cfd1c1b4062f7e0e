"""Every refusal of the rules engine reads in German on a German page (issue "An organiser's
evening without traps", part 10): deals from simulated card play are spoiled at random (a number
made negative, too large or text, a value swapped for another seat's, a field dropped, a list
shortened) and every refusal that comes back must have the game's own German sentence, filled
with its figures, never the engine's English fallback."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from django.utils import translation

import scoring
from scoring.simulation import simulate_deal
from tournaments.errors import deal_error_message
from tournaments.messages import deal_message

SPOILED = 400
"""Spoiled deals tried per game (seeded: the same ones each run)."""


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in [(*prefix, k), *_paths(v, (*prefix, k))]]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in [(*prefix, i), *_paths(v, (*prefix, i))]]
    return []


def _spoil(entry: dict, rng: random.Random, seats: tuple[str, ...]) -> dict:
    spoiled = copy.deepcopy(entry)
    path = rng.choice(_paths(spoiled))
    parent = spoiled
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    how = rng.choice(["negative", "huge", "text", "seat", "drop", "short", "unknown"])
    if how == "negative" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = -abs(value) - 1
    elif how == "huge" and isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + 997
    elif how == "text":
        parent[key] = "x7"
    elif how == "seat":
        parent[key] = rng.choice([*seats, "Q"])
    elif how == "short" and isinstance(value, list) and value:
        parent[key] = value[:-1]
    elif how == "unknown" and isinstance(parent, dict):
        parent["surplus"] = 1
    elif isinstance(parent, dict):
        del parent[key]
    else:
        parent[key] = None
    return spoiled


@pytest.mark.german
@pytest.mark.parametrize("key", sorted(scoring.games))
def test_every_refusal_has_a_german_sentence_with_its_figures(key):
    game = scoring.games[key]
    variant = game.variant({})
    seats = game.seats(game.table_size(variant))
    rng = random.Random(f"words-{key}")
    refusals: dict[str, int] = {}
    english = []
    with translation.override("de"):
        state = game.initial(seats, variant)
        for _ in range(SPOILED):
            entry = simulate_deal(game, state, variant, rng)
            try:
                game.apply(_spoil(entry, rng, seats), state, variant)
            except scoring.InvalidDeal as exc:
                refusals[exc.code] = refusals.get(exc.code, 0) + 1
                sentence = deal_error_message(key, exc)
                if deal_message(key, exc.code) is None or sentence == exc.message:
                    english.append(f"{exc.code} {exc.params}: {sentence}")
            step = game.apply(entry, state, variant)
            state = step.state if not step.state.unit_over else game.initial(seats, variant)
    assert len(refusals) >= 3, refusals  # the spoiling reaches several of the game's rules
    assert english == [], "\n".join(english)
