"""The engine's stable error codes in the user's language.

The rules engine speaks no language: it raises ``InvalidDeal(field, code, message, **params)``.
Here each code gets a sentence for the person at the table, filled from the params; a code the
table has no sentence for falls back to the engine's English message.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.draw import DrawUserError

DEAL_MESSAGES = {
    "UNKNOWN_PLAYER": _("There is no such seat at this table."),
    "MISSING_PLAYER": _("Enter the card points of every player still in the game."),
    "PLAYER_NOT_ACTIVE": _("This player sits out now; leave the field empty."),
    "NOT_AN_INTEGER": _("Enter a whole number."),
    "OUT_OF_RANGE": _("The value must lie between %(minimum)s and %(maximum)s."),
    "SUM_MISMATCH": _("The card points add up to %(total)s, but a deal has %(expected)s."),
    "UNREACHABLE_VALUE": _("No pile of cards is worth exactly %(value)s."),
    "INFEASIBLE_DISTRIBUTION": _("No deal of the cards gives these card points; please recount."),
    "TRICK_COUNT_MISMATCH": _("The tricks add up to %(total)s, but a deal has %(expected)s."),
    "POINTS_WITHOUT_TRICKS": _("A player without a trick cannot have card points."),
    "INVALID_OUTCOME": _("This outcome is not possible now."),
    "MINIMAL_FULL_MISMATCH": _("The outcome does not match the card points."),
    "HUNDRED_MISMATCH": _("A hundred needs at least the hundred threshold in card points."),
    "GAME_OVER": _("This game is over; the next deal starts a new game."),
    "MATCH_OVER": _("The rubber is over; no more deals can be entered."),
    "TIE_RESOLUTION_REQUIRED": _("There is a tie: say who takes the mark."),
    "OPTION_DISABLED": _("This house rule is not in use in this tournament."),
}

DRAW_MESSAGES = {
    "TOO_FEW_PLAYERS": _("%(players)s players cannot fill a table of %(table_size)s."),
    "BYES_NEEDED": _(
        "%(players)s players do not fill tables of %(table_size)s: %(byes)s must sit out "
        "this round with a bye."
    ),
}


def _fill(template: str, params: dict, fallback: str) -> str:
    try:
        return template % params
    except (KeyError, TypeError, ValueError):
        return fallback


def deal_error_message(error: scoring.InvalidDeal) -> str:
    """The sentence shown next to the field ``error.field`` names."""
    template = DEAL_MESSAGES.get(error.code)
    if template is None:
        return error.message
    return _fill(str(template), error.params, error.message)


def draw_error_message(error: DrawUserError) -> str:
    """The sentence the organiser sees when a draw cannot be made as asked."""
    return _fill(str(DRAW_MESSAGES[error.code]), error.params, str(error))
