"""Hessian Bauerchen's sentences and house-rule labels (Scoring specification §2.10).

Placeholders are the ``InvalidDeal.params`` of ``scoring.bauerchen_hessen``; a sentence whose
placeholder is missing falls back to the engine's English message.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

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
