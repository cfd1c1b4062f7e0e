"""Hintersche's paper grid: the card points (Augen) of every player dealt in, per deal; a player
out of the game leaves his cell empty (Hintersche after Schoch 2014; Scoring specification
§1.3, full entry)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column, default_entry


def columns(seats: tuple[str, ...]) -> list[Column]:
    """One column of card points per seat."""
    return [Column(f"points.{seat}", _("card points"), seat=seat) for seat in seats]


def entry(cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """The row's points; the number of the game it belongs to when it opens the next game of a
    rubber (H-V9, Scoring specification §1.4), as the phone's form adds it."""
    found = default_entry(cells, state)
    if state.next_game != state.game:
        found["game"] = state.next_game
    return found
