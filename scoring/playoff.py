"""A game played as a Stechen: the play-off of players level on the places that matter.

The Schapbach Hintersche world championship plays its Stechen "mit je einem Strich": each player
starts with one Strich and the table plays a Butzen (Hintersche's ``stechen_options``). A game
without a play-off of its own plays one deal or one game (its tournament unit) among the tied
players, as the organiser picks (Scoring specification §1.6: "ties for prize places are played
off in a Stechen ... or drawn by lot"). A :class:`Playoff` is the engine a Stechen table plays
with; the places come from the seats' ``result()`` as in any round, best first by the game's
metric.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scoring.base import Game, Step, replay_steps

UNITS = ("stechen", "deal", "game")
"""What a Stechen table plays: the game's own Stechen (its ``stechen_options``), one deal, or
one game (the game's tournament unit, as a round at the table)."""


class Playoff:
    """``game`` as a Stechen table plays it (``unit`` one of :data:`UNITS`). Everything but the
    house rules and the end of the unit is the game's own: the same entries, checks and scoring.

    * ``"stechen"``: the variant takes the game's ``stechen_options`` over the tournament's;
    * ``"deal"``: the unit is over after the first deal (``state.unit_over`` is set);
    * ``"game"``: the game's own unit.
    """

    def __init__(self, game: Game, unit: str) -> None:
        """Raises ``ValueError``: an unknown unit, or ``"stechen"`` for a game without a
        Stechen of its own."""
        if unit not in UNITS or (unit == "stechen" and not game.stechen_options):
            raise ValueError(f"{game.key} has no Stechen played as {unit!r}")
        self.game = game
        self.unit = unit

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def variant(self, options: Mapping[str, Any] | None = None) -> Any:
        """The house rules of the tournament (``options``), with the game's own Stechen's
        options over them for ``unit = "stechen"``.

        Raises:
            InvalidVariant: as the game's ``variant``.
        """
        if self.unit == "stechen":
            options = {**(options or {}), **self.game.stechen_options}
        return self.game.variant(options)

    def apply(
        self, entry: Mapping[str, Any], state: Any, variant: Any, *, trusted: bool = False
    ) -> Step:
        """The game's step; with ``unit = "deal"`` its state has the unit over.

        Raises:
            InvalidDeal: as the game's ``apply``.
        """
        return self._ended(self.game.apply(entry, state, variant, trusted=trusted))

    def push(self, deal: Any, state: Any, variant: Any) -> Step:
        """The game's scoring of a legal deal, the unit over after it for ``unit = "deal"``."""
        return self._ended(self.game.push(deal, state, variant))

    def _ended(self, step: Step) -> Step:
        if self.unit != "deal" or step.state.unit_over:
            return step
        return replace(step, state=replace(step.state, unit_over=True))

    def replay(
        self,
        entries: Sequence[Mapping[str, Any]],
        variant: Any,
        seats: Sequence[str] | None = None,
        *,
        trusted: bool = False,
    ) -> tuple[Step, ...]:
        """Every entry applied in order from the initial state (:func:`replay_steps`).

        Raises:
            InvalidDeal: for the first invalid entry, its position in ``params["index"]``.
        """
        return replay_steps(self, entries, variant, seats, trusted=trusted)  # type: ignore[arg-type]
