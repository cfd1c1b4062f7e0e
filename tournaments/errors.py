"""The engine's stable error codes in the user's language.

The rules engine speaks no language: it raises ``InvalidDeal(field, code, message, **params)``.
Here each code gets a sentence for the person at the table (from ``tournaments.messages``), filled
from the params (tests/tournaments/test_engine_words.py spoils simulated deals to hold every game
to it).
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
    """The sentence shown next to the field ``error.field`` names, in ``game``'s words: the
    game's sentence for the code at that kind of field (``OUT_OF_RANGE@trump``), else for the
    code, filled with the error's figures; where they do not fit the sentence, a plain one
    quoting the value. The engine's English only for a code without any sentence (the tests
    hold every code of every game to having one)."""
    kind = error.field.rsplit(".", 1)[-1]
    for key in (f"{error.code}@{kind}", error.code):
        template = deal_message(game, key)
        if template is not None:
            filled = _fill(str(template), error.params, "")
            if filled:
                return filled
    if "value" in error.params:
        return str(_("“%(value)s” is not possible here.") % {"value": error.params["value"]})
    return error.message if template is None else str(_("This is not possible here."))


def draw_error_message(error: DrawUserError) -> str:
    """The sentence the organiser sees when a draw cannot be made as asked."""
    return _fill(str(DRAW_MESSAGES[error.code]), error.params, str(error))
