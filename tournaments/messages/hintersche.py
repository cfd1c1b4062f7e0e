"""Hintersche's sentences and house-rule labels (Scoring specification §1.4, §1.7)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

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
