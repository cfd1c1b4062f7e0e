"""Hindernislauf's paper grid: the dealer and every player's points of the deal (hits − skips;
Göring 1977; Scoring specification §5.3, minimal entry)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column


def columns(seats: tuple[str, ...]) -> list[Column]:
    """The dealer, then one column of points per seat."""
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(Column(f"points.{seat}", _("points"), seat=seat) for seat in seats),
    ]
