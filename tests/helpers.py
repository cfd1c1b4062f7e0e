"""Small helpers shared by the web-layer tests."""

from __future__ import annotations

from tournaments.models import Table

TABLE_SIZES = {
    "hintersche": 4,
    "bauerchen": 4,
    "bauerchen_hessen": 4,
    "hundertspiel": 4,
    "kein_stich": 4,
    "hindernislauf": 3,
}
"""Per game, the players of one table in the tests' one-table tournaments."""


def seat_players(table: Table) -> dict[str, str]:
    """Seat label → player name."""
    return {seat.label: seat.player.name for seat in table.seats.select_related("player")}


def points_post(**points: int | str) -> dict[str, str]:
    """The table form's POST data for card points: ``points_post(A=52, B=30)``."""
    return {f"points.{seat}": str(value) for seat, value in points.items()}
