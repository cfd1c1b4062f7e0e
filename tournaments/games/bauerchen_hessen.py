"""Hessian Bauerchen: everything the web layer knows of the game.

The engine (``scoring.bauerchen_hessen``) decides the rules; this module says them to people and on
paper, under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §2.10).

Placeholders are the ``InvalidDeal.params`` of ``scoring.bauerchen_hessen``; a sentence whose
placeholder is missing falls back to the engine's English message.

Its paper grid: the dealer and the team that took each of the five tricks, or only the team that
won the deal (Löber 1965; Scoring specification §2.10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import Event
from tournaments.paper import Column
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
)

NAME = _("Bauerchen (Hessian variant)")

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "INVALID_ENTRY": _(
        "This is not a Bauerchen deal entry: say which team won, or who took the tricks."
    ),
    "UNKNOWN_FIELD": _("This field does not belong to a Hessian Bauerchen deal."),
    "UNKNOWN_PLAYER": _("Choose a team (NS, EW) or a seat (N, E, S, W)."),
    "UNKNOWN_PLAYER@dealer": _("Choose the dealer."),
    "OUT_OF_RANGE": _("Trumps must be a suit: ♣ ♠ ♥ ♦."),
    "MISSING_PLAYER": _("Say which team won the deal, or enter who took each of the five tricks."),
    "TRICK_COUNT_MISMATCH": _(
        "%(total)s trick winners entered, but a deal has %(expected)s tricks: enter all five "
        "or none."
    ),
    "MINIMAL_FULL_MISMATCH": _(
        "The tricks entered do not give this team the deal (both of the first two tricks, or "
        "all of the last three, win it)."
    ),
    "MATCH_OVER": _("The match is over; no more deals can be entered."),
    "DEALER_ROTATION": _("This is not the dealer the rotation expects (clockwise, to the left)."),
    "NO_RESULT": _(
        "Tricks 1–2 and 3–5 are both split: the deal has no result and changes nothing."
    ),
}

VARIANT_MESSAGES: dict[str, str] = {}

OPTION_LABELS = {
    "games_per_match": _("Games (Nullchen) in a match (0: a time limit)"),
}

CHOICE_LABELS: dict[str, str] = {}

TIEBREAK_LABELS = {
    "games_won": _("Nullchen won"),
    "deal_diff": _("Deal difference"),
}

SCORE_WORDS = ngettext_lazy("%(count)s Stauzeweck", "%(count)s Stauzewecke", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Stauzewecke")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------

TEAMS = (("NS", "NS"), ("EW", "EW"))


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer, trick 1 to 5 (the team that took it), and the deal's winning team."""
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(
            Column(
                f"trick_winners.{i}",
                _("Trick %(number)s") % {"number": i + 1},
                "choice",
                None,
                TEAMS,
            )
            for i in range(5)
        ),
        Column("winner_team", _("Won by"), kind="choice", choices=TEAMS),
    ]


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Stauzewecke"), "score"),
    Figure(_("Nullchen"), "games_won"),
    Figure(_("Deal diff."), "deal_diff"),
)
"""The figures of the result table after the player (or team) column, in print."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Deals won and how, deals without a result, Nullchen (Löber 1965, Scoring specification
    §2.10)."""

    def how(name: str) -> Callable[[Event], bool]:
        return lambda event: event.figures["how"] == name

    return [
        Statistic(gettext("Nullchen"), count(tables, "nullchen")),
        Statistic(gettext("Deals won"), count(tables, "deal_won")),
        Statistic(
            gettext("… with the first two tricks"), count(tables, "deal_won", how("first_two"))
        ),
        Statistic(
            gettext("… with the last three tricks"), count(tables, "deal_won", how("last_three"))
        ),
        Statistic(gettext("Deals without a result"), count(tables, "no_result")),
    ]
