"""The engine's stable error codes in the user's language.

The rules engine speaks no language: it raises ``InvalidDeal(field, code, message, **params)``.
Here each code gets a sentence for the person at the table (from ``tournaments.messages``), filled
from the params (tests/tournaments/test_engine_words.py spoils simulated deals to hold every game
to it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import scoring
from tournaments.draw import DrawUserError
from tournaments.messages import deal_message

DRAW_MESSAGES = {
    "TOO_FEW_PLAYERS": _("%(players)s players cannot fill a table of %(table_size)s."),
    "BYES_NEEDED": ngettext_lazy(
        "%(players)s players do not divide into tables of %(table_size)s: %(byes)s player must "
        "sit out this round. Tick “Give byes”, or choose who sits out.",
        "%(players)s players do not divide into tables of %(table_size)s: %(byes)s players must "
        "sit out this round. Tick “Give byes”, or choose who sits out.",
        "byes",
    ),
    "MOVEMENT_SIZES": _(
        "Movement by placing would make tables of %(sizes)s players, which this game does not "
        "allow: draw this round another way."
    ),
    "TEAM_INCOMPLETE": _(
        "%(player)s has no partner: register a team for every player, or withdraw the player."
    ),
}


def _fill(template: Any, params: dict, fallback: str) -> str:
    """``template`` (a lazy sentence, a lazy plural keyed by a param, or a function of the
    params) filled with ``params``; ``fallback`` where they do not fit it."""
    try:
        return str(template(params) if callable(template) else template % params)
    except (KeyError, TypeError, ValueError):
        return fallback


def _size(error: scoring.InvalidDeal) -> str | None:
    """``TOO_LARGE`` or ``TOO_SMALL`` for a whole number out of its range, else ``None``."""
    value, params = error.params.get("value"), error.params
    if error.code != "OUT_OF_RANGE" or not isinstance(value, int) or isinstance(value, bool):
        return None
    if "maximum" in params and value > params["maximum"]:
        return "TOO_LARGE"
    if "minimum" in params and value < params["minimum"]:
        return "TOO_SMALL"
    return None


def _templates(game: str, error: scoring.InvalidDeal) -> Iterator[Any]:
    """The sentences for ``error``, most particular first: the code at its kind of field
    (``OUT_OF_RANGE@trump``), then the code. A number out of range is said as too large or too
    small where the figures say which: ``TOO_LARGE@spritz``, ``OUT_OF_RANGE@spritz``, the
    game's own ``OUT_OF_RANGE``, ``TOO_LARGE``, the shared ``OUT_OF_RANGE``."""
    kind = error.field.rsplit(".", 1)[-1]
    size = _size(error)
    if size:
        yield deal_message(game, f"{size}@{kind}")
    yield deal_message(game, f"{error.code}@{kind}")
    if size:
        yield deal_message(game, error.code, shared=False)
        yield deal_message(game, size)
    yield deal_message(game, error.code)


def deal_error_message(game: str, error: scoring.InvalidDeal) -> str:
    """The sentence shown next to the field ``error.field`` names, in ``game``'s words: the
    first of :func:`_templates` there is, filled with the error's figures (a sentence may also
    be a function of them); where they do not fit the sentence, a plain one quoting the value.
    The engine's English only for a code without any sentence (the tests hold every code of
    every game to having one)."""
    template = None
    for template in _templates(game, error):
        if template is not None:
            filled = _fill(template, error.params, "")
            if filled:
                return filled
    if "value" in error.params:
        return str(_("“%(value)s” is not possible here.") % {"value": error.params["value"]})
    return error.message if template is None else str(_("This is not possible here."))


def draw_error_message(error: DrawUserError) -> str:
    """The sentence the organiser sees when a draw cannot be made as asked."""
    return _fill(DRAW_MESSAGES[error.code], error.params, str(error))
