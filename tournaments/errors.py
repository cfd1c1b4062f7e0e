"""The engine's stable error codes in the user's language.

The rules engine speaks no language: it raises ``InvalidDeal(field, code, message, **params)``.
Here each code gets a sentence for the person at the table (from ``tournaments.messages``), filled
from the params; a code without a sentence falls back to the engine's English message.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.draw import DrawUserError
from tournaments.messages import deal_message

DRAW_MESSAGES = {
    "TOO_FEW_PLAYERS": _("%(players)s players cannot fill a table of %(table_size)s."),
    "BYES_NEEDED": _(
        "%(players)s players do not fill tables of %(table_size)s: %(byes)s must sit out "
        "this round with a bye."
    ),
    "TEAM_INCOMPLETE": _(
        "%(player)s has no partner: register a team for every player, or withdraw the player."
    ),
}


def _fill(template: str, params: dict, fallback: str) -> str:
    try:
        return template % params
    except (KeyError, TypeError, ValueError):
        return fallback


def deal_error_message(game: str, error: scoring.InvalidDeal) -> str:
    """The sentence shown next to the field ``error.field`` names, in ``game``'s words."""
    template = deal_message(game, error.code)
    if template is None:
        return error.message
    return _fill(str(template), error.params, error.message)


def draw_error_message(error: DrawUserError) -> str:
    """The sentence the organiser sees when a draw cannot be made as asked."""
    return _fill(str(DRAW_MESSAGES[error.code]), error.params, str(error))
