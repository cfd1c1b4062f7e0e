"""Hintersche: everything the web layer knows of the game.

The engine (``scoring.hintersche``) decides the rules; this module says them to people and on
paper, under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §1.4, §1.7).

Its paper grid: the card points (Augen) of every player dealt in, per deal; a player out of the
game leaves his cell empty (Hintersche after Schoch 2014; Scoring specification §1.3, full entry).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column, default_entry
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
    extreme,
    per_event,
)

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "EMPTY": _("Enter the card points."),
    "MISSING_PLAYER": _("Enter the card points of every player still in the game."),
    "SUM_MISMATCH": _("The card points add up to %(total)s, but a deal has %(expected)s."),
    "INVALID_OUTCOME": _("This outcome is not possible now."),
    "MINIMAL_FULL_MISMATCH": _("The outcome does not match the card points."),
    "HUNDRED_MISMATCH": _("A hundred needs at least the hundred threshold in card points."),
    "MATCH_OVER": _("The rubber is over; no more deals can be entered."),
    "TIE_RESOLUTION_REQUIRED": _("There is a tie: say who takes the mark."),
}

OPTION_LABELS = {
    "hundred_threshold": _("A hundred is"),
    "vierstrich_marks": _("Striche that end the Vier-Strich"),
    "tie_policy": _("A tie for most (or fewest) card points"),
    "butzen_two_player_hundred_adds": _(
        "A hundred with two players left in the Butzen gives the other a Strich"
    ),
    "deal_mode": _("Dealing when players sit out the Butzen"),
    "games_per_rubber": _("Games in a rubber"),
    "settlement": _("Paying for the rubber"),
    "stake": _("Stake (euros)"),
    "tournament_round": _("One tournament round at a table is"),
    "auto_new_game": _("The deal after a finished game starts the next game"),
    "auto_tiebreak": _("Break ties by clean rounds, then by countback"),
}

CHOICE_LABELS = {
    "gte_100": _("100 card points or more"),
    "gt_100": _("more than 100 card points"),
    "share": _("every tied player takes (or erases) a Strich"),
    "manual": _("the table says who"),
    "all_cards": _("all 36 cards among the players still in"),
    "nine_each": _("nine cards each, the rest lie dead"),
    "per_winner": _("each loser pays the stake to each winner"),
    "per_mark": _("each frame mark costs the stake to each winner"),
    "pool": _("the losers pay into a pool for the winners"),
    "vierstrich": _("one Vier-Strich half (as at the world championship)"),
    "full_game": _("one full game (Vier-Strich and Butzen)"),
    "rubber": _("a whole rubber"),
}

ENTRY_LABELS = {"points": _("card points")}
"""Hintersche's ``points`` are the card points each player took (Augen)."""

SCORE_WORDS = ngettext_lazy("%(count)s Strich", "%(count)s Striche", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Striche")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------


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


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Striche"), "striche"),
    Figure(_("Frame"), "frame", shown=lambda state: bool(state.games_played)),
)
"""The figures of the result table after the player (or team) column, in print."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Striche, clean slates, hundreds (Hintersche after Schoch 2014) and the Butzen where the
    tournament round reaches it."""
    most = per_event("points")
    return [
        Statistic(gettext("Striche chalked"), count(tables, "strich", per_seat=True)),
        Statistic(
            gettext("Clean slates at the end of the Vier-Strich"),
            count(tables, "sits_out", per_seat=True),
        ),
        Statistic(gettext("Hundreds made"), count(tables, "hundred")),
        extreme(gettext("Best hundred (card points)"), tables, "hundred", most),
        extreme(
            gettext("Most card points that still took a Strich"),
            tables,
            "strich",
            lambda event: most(event) if event.figures["reason"] == "most" else [],
        ),
        Statistic(gettext("Deals in the Butzen"), count(tables, "butzen"), optional=True),
        Statistic(gettext("Games lost (frame marks)"), count(tables, "game_lost"), optional=True),
    ]
