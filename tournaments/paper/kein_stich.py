"""Kein Stich's paper grid: the dealer and, per player, what the sheet's contract row holds: the
tricks, Hearts or Obers taken, a cross for the player who took the Max or the last trick, the
Domino's finishing place (Scoring specification §4.4, minimal entry). The contract is not typed:
the contracts come in their fixed order, so the row's place says which it is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring import InvalidDeal
from tournaments.paper import Column, default_entry

COUNTED = {"kein_stich": "tricks", "kein_herz": "hearts", "kein_ober": "obers"}
"""Contracts whose row holds a count per player → the entry field of that count."""
HELD = {"kein_max": "max", "letzter_stich": "last_trick"}
"""Contracts whose row holds a cross for one player → the entry field naming him."""


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer, then one cell per player (a number, or a cross ``x``)."""
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(
            Column(f"count.{seat}", _("count, x or place"), kind="text", seat=seat)
            for seat in seats
        ),
    ]


def entry(cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """The row read for the contract due (``state.contract_due``): counts become
    ``{"hearts": {"A": 1, …}}``, a crossed player ``{"max": "D"}``, places ``{"order": [...]}``
    (a place typed twice or a gap is left for the engine to name)."""
    contract = state.contract_due
    found = default_entry({k: v for k, v in cells.items() if not k.startswith("count.")}, state)
    found["contract"] = state.next_contract
    typed = {k.split(".", 1)[1]: v for k, v in cells.items() if k.startswith("count.")}
    if contract in COUNTED:
        counts = default_entry({f"{COUNTED[contract]}.{s}": v for s, v in typed.items()}, state)
        found.update(counts)
    elif contract in HELD:
        crossed = [s for s, v in typed.items() if v.lower() in ("x", "1", "✗", "✕")]
        if crossed:
            found[HELD[contract]] = crossed[0] if len(crossed) == 1 else crossed
    else:
        found["order"] = _order(typed, state.seats)
    return found


def _order(typed: Mapping[str, str], seats: tuple[str, ...]) -> list[str | None]:
    """The finishing order from a place per player; an empty place stays ``None`` for the
    engine to name (only the last may be left out, K-V9).

    Raises ``InvalidDeal``: ``NOT_A_PLACE`` (not a number from 1 to the players), ``PLACE_TWICE``
    (two players on one place)."""
    order: list[str | None] = [None] * len(seats)
    for seat in seats:
        value = typed.get(seat, "")
        if not value:
            continue
        if not value.isdigit() or not 1 <= int(value) <= len(seats):
            raise InvalidDeal(
                f"count.{seat}", "NOT_A_PLACE", f"not a place: {value!r}", players=len(seats)
            )
        if order[int(value) - 1] is not None:
            raise InvalidDeal(
                f"count.{seat}", "PLACE_TWICE", f"place {value} given twice", place=int(value)
            )
        order[int(value) - 1] = seat
    while order and order[-1] is None:
        order.pop()
    return order
