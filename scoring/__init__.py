"""Kreidetafel's rules engine: validation and scoring of German card games, in plain Python.

The web layer looks a game up in :data:`games` (or with :func:`get`) and codes against the
:class:`scoring.base.Game` protocol: ``variant(options)``, ``initial(seats, variant)``,
``validate(entry, state, variant)``, ``apply(entry, state, variant)`` and
``replay(entries, variant, seats, *, trusted=False)``. No Django, no database, no I/O.
"""

from __future__ import annotations

from scoring.base import (
    Event,
    Game,
    InvalidDeal,
    InvalidVariant,
    Option,
    SeatResult,
    Step,
    Warning,
)
from scoring.bauerchen import BAUERCHEN
from scoring.bauerchen_hessen import BAUERCHEN_HESSEN
from scoring.hindernislauf import HINDERNISLAUF
from scoring.hintersche import HINTERSCHE
from scoring.hundertspiel import HUNDERTSPIEL
from scoring.kein_stich import KEIN_STICH_GAME

games: dict[str, Game] = {
    game.key: game
    for game in (
        HINTERSCHE,
        BAUERCHEN,
        BAUERCHEN_HESSEN,
        HUNDERTSPIEL,
        KEIN_STICH_GAME,
        HINDERNISLAUF,
    )
}
"""Every game the engine knows, by registry key (``"hintersche"``), in the order of the Scoring
specification's chapters."""


def get(key: str) -> Game:
    """The game registered under ``key``.

    Raises:
        KeyError: no game has that key; the message lists the known keys.
    """
    try:
        return games[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(sorted(games))}") from None


__all__ = [
    "Event",
    "Game",
    "InvalidDeal",
    "InvalidVariant",
    "Option",
    "SeatResult",
    "Step",
    "Warning",
    "games",
    "get",
]
