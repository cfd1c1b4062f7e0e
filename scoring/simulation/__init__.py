"""Simulated real card play, one module per game (``scoring.simulation.<game key>``): real
decks dealt, legal tricks or cards played, each deal's full entry as a scorer would type it. The
demo tournament, the benchmarks and the property tests play with it. It builds on the engines;
no engine imports it (Kreidetafel's import rule: ``scoring.<game>`` never imports this package).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from scoring.base import Game


def simulate_deal(game: Game, state: Any, variant: Any, rng: random.Random) -> dict[str, Any]:
    """A full entry for the next deal at ``state`` of ``game`` from simulated real card play
    (the game's module here, by its registry key)."""
    module = import_module(f"{__name__}.{game.key}")
    entry: dict[str, Any] = module.simulate_deal(state, variant, rng)
    return entry


MAX_SIMULATED_DEALS = 5000
"""Safety bound on the deals of one simulated unit; a real one needs a few dozen at most."""


def simulate_until(
    game: Game,
    seats: Sequence[str],
    variant: Any,
    rng: random.Random,
    done: str = "unit_over",
) -> list[dict[str, Any]]:
    """Full entries from simulated play (:func:`simulate_deal`), deal by deal from the
    initial state until the state's flag ``done`` is true (``"unit_over"``: the tournament unit;
    Hintersche's ``"rubber_over"``: the rubber).

    Raises:
        RuntimeError: no end after :data:`MAX_SIMULATED_DEALS` deals (a bug in the simulation).
    """
    state = game.initial(seats, variant)
    entries: list[dict[str, Any]] = []
    while not getattr(state, done):
        if len(entries) >= MAX_SIMULATED_DEALS:
            raise RuntimeError(f"no end after {MAX_SIMULATED_DEALS} simulated deals")
        entry = simulate_deal(game, state, variant, rng)
        state = game.apply(entry, state, variant).state
        entries.append(entry)
    return entries
