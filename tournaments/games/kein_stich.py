"""Kein Stich: everything the web layer knows of the game.

The engine (``scoring.kein_stich``) decides the rules; this module says them to people and on
paper, under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §4.5, §4.8, §7).

Its paper grid: the dealer and, per player, what the sheet's contract row holds: the tricks, Hearts
or Obers taken, a cross for the player who took the Max or the last trick, the Domino's finishing
place (Scoring specification §4.4, minimal entry). The contract is not typed: the contracts come in
their fixed order, so the row's place says which it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import InvalidDeal
from tournaments.paper import Column, default_entry
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
    extreme,
    per_seat,
    total,
)

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "INVALID_ENTRY": _("This is not a deal the table can enter."),
    "CONTRACT_ORDER": lambda params: (
        _("“%(contract)s” is due now; reload the page.")
        % {"contract": CONTRACT_LABELS[params["contract"]]}
    ),
    "UNKNOWN_FIELD": _("This does not belong to the deal that is due."),
    "OPTION_DISABLED": _("The Letzter Stich is not played in this tournament."),
    "MISSING_PLAYER": _("Enter a number for every player, 0 where none."),
    "OUT_OF_RANGE": _("A count cannot be negative."),
    "SUM_MISMATCH": _("The numbers add up to %(total)s, but the deal has %(expected)s."),
    "SINGLE_HOLDER_REQUIRED": _("Choose the one player who took it."),
    "TRICK_COUNT_MISMATCH": _("The tricks add up to %(total)s, but the deal has %(expected)s."),
    "CARDS_WITHOUT_TRICKS": _(
        "%(tricks)s trick(s) cannot hold that many cards: at most %(maximum)s."
    ),
    "DUPLICATE_PLAYER": _("A player can finish only once."),
    "INCOMPLETE_ORDER": _("Give every place; only the last one may stay empty."),
    "NOT_A_PLACE": _("A place is a number from 1 to %(players)s."),
    "PLACE_TWICE": _("Place %(place)s is written for two players."),
    "POT_MISMATCH": _("The pot does not hold what the Domino pays out; check the deals."),
    "MATCH_OVER": _("The match is over; no more deals can be entered."),
    "DEALER_ROTATION": _("This is not the dealer the clockwise rotation expects."),
}

VARIANT_MESSAGES = {
    "CONFIG_PAYOUT_MISMATCH": _(
        "The Domino payouts must be one per player and add up exactly to the pot; this "
        "set-up has no default payouts, or the ones given do not fit."
    ),
}

OPTION_LABELS = {
    "players": _("Players at a table"),
    "deck": _("Cards in the pack"),
    "stakes": _("Stakes per contract"),
    "extra_contract": _("Extra contract"),
    "payouts": _("Domino payouts"),
    "domino_start": _("The Domino starts with"),
    "games_per_round": _("Games (cycles of the contracts) in one tournament round"),
    "games_per_match": _("Games in a match (0 = no limit)"),
}

CHOICE_LABELS = {
    "32": _("32 cards (German or Piquet pack)"),
    "24": _("24 cards (Ace to Nine)"),
    "52": _("52 cards (French pack)"),
    "none": _("none (five deals)"),
    "letzter_stich": _("Letzter Stich: the last trick pays 40 (six deals)"),
    "eichel_unter": _("the Eichel-Unter (Jack of Clubs)"),
    "herz_unter": _("the Herz-Unter (Jack of Hearts)"),
}

CONTRACT_LABELS = {
    "kein_stich": _("Kein Stich"),
    "kein_herz": _("Kein Herz"),
    "kein_ober": _("Kein Ober"),
    "kein_max": _("Kein Max"),
    "letzter_stich": _("Letzter Stich"),
    "domino": _("Domino"),
}
"""The contracts' own names (German terms, kept in every language)."""

TIEBREAK_LABELS = {
    "domino_firsts": _("Domino wins"),
    "paid_in": _("Paid into the pot"),
    "domino_seconds": _("Domino second places"),
}

SCORE_WORDS = ngettext_lazy("%(count)s Pfennig", "%(count)s Pfennig", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Pfennig")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------

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


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Net"), "score", signed=True),
    Figure(_("Domino wins"), "domino_firsts"),
    Figure(_("Paid in"), "paid_in"),
)
"""The figures of the result table after the player (or team) column, in print."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Games, the pot and the biggest payouts and penalties (Scoring specification §4.2)."""
    return [
        Statistic(gettext("Games played"), count(tables, "game_over")),
        Statistic(
            gettext("Paid into the pot"), total(tables, "paid_in", lambda e: e.figures["total"])
        ),
        extreme(gettext("Biggest pot"), tables, "paid_in", lambda e: [((), e.figures["pot"])]),
        extreme(gettext("Biggest Domino payout"), tables, "domino", per_seat("payouts")),
        extreme(gettext("Biggest penalty in one deal"), tables, "paid_in", per_seat("paid")),
    ]
