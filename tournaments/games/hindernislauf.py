"""Hindernislauf: everything the web layer knows of the game.

The engine (``scoring.hindernislauf``) decides the rules; this module says them to people and on
paper, under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §5.4, §5.7).

Placeholders are the ``InvalidDeal.params`` of ``scoring.hindernislauf``; a sentence whose
placeholder is missing falls back to the engine's English message.

Its paper grid: the dealer and every player's points of the deal (hits − skips; Göring 1977;
Scoring specification §5.3, minimal entry).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
    extreme,
    per_seat,
)

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "INVALID_ENTRY": _("This is not a deal entry."),
    "UNKNOWN_FIELD": _("This field does not belong to a Hindernislauf deal."),
    "MISSING_PLAYER": _("Enter the cards played, or the points of every player."),
    "OUT_OF_RANGE": _(
        "The points must lie between %(minimum)s and %(maximum)s: at most one hit or skip per card."
    ),
    "FACEUP_MISSING": _(
        "With %(players)s players the two undealt cards lie face up: enter both of them first."
    ),
    "FACEUP_NOT_ALLOWED": _(
        "With %(players)s players there are %(expected)s face-up cards, not more."
    ),
    "FACEUP_QUEEN_SIGN": _("A face-up Queen always counts +3: enter it without a sign."),
    "UNKNOWN_CARD": _(
        "“%(card)s” is not a card of the Skat pack: a suit (♣ ♠ ♥ ♦ or c s h d), then "
        "A K Q J 10 9 8 7."
    ),
    "DUPLICATE_CARD": _("%(card)s is entered twice; every card is played once."),
    "CARD_COUNT": _("%(total)s cards entered, but %(expected)s are played in this deal."),
    "DECK_INCOMPLETE": _("The cards are not the whole pack: %(card)s is missing."),
    "QUEEN_SIGN_MISSING": _("Say whether %(card)s counted +3 or −3: %(card)s+ or %(card)s-."),
    "SIGN_NOT_ALLOWED": _("Only a Queen carries + or −: enter %(card)s without the sign."),
    "NEGATIVE_TOTAL": _(
        "%(card)s would take the total below 0 (to %(total)s), which this tournament forbids."
    ),
    "MINIMAL_FULL_MISMATCH": _("The cards played give %(expected)s points here, not %(value)s."),
    "DEALER_ROTATION": _("This is not the dealer the rotation expects (clockwise)."),
}

VARIANT_MESSAGES = {
    "PLAYER_COUNT": _("Hindernislauf is played by 2 to 6 players."),
}

OPTION_LABELS = {
    "ace_value": _("An Ace counts (11, or 1 as on labbe.de)"),
    "reach_120_bonus": _("Bonus points for the card that reaches 120"),
    "on_120": _("When the total reaches 120"),
    "faceup_queen": _("A face-up Queen counts"),
    "allow_negative_total": _("A Queen −3 may take the total below 0"),
    "deals_per_round": _("Deals per tournament round (0 = one deal per player at the table)"),
}

CHOICE_LABELS = {
    "reset": _("a new series starts at 0"),
    "end_deal": _("the deal ends"),
    "plus3": _("always +3"),
    "dealer_choice": _("+3 or −3, as the dealer chooses"),
}

TIEBREAK_LABELS = {
    "hits": _("Hits"),
    "skips": _("Skips"),
    "deal_wins": _("Deals won"),
}

SCORE_WORDS = ngettext_lazy("%(count)s point", "%(count)s points", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Points")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------


def columns(seats: tuple[str, ...]) -> list[Column]:
    """The dealer, then one column of points per seat."""
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(Column(f"points.{seat}", _("points"), seat=seat) for seat in seats),
    ]


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Points"), "score"),
    Figure(_("Hits"), "hits"),
    Figure(_("Skips"), "skips"),
    Figure(_("Deals won"), "deal_wins"),
)
"""The figures of the result table after the player (or team) column, in print."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Hits, skips, new series, best and worst deal (Hindernislauf after Göring 1977)."""
    points = per_seat("points")
    return [
        Statistic(gettext("Hits (landed on a Hindernis)"), count(tables, "hit")),
        Statistic(gettext("Skips (jumped over a Hindernis)"), count(tables, "skip")),
        Statistic(gettext("New series at 120"), count(tables, "reset")),
        Statistic(gettext("Reach bonuses"), count(tables, "reach_bonus"), optional=True),
        extreme(gettext("Best deal (points)"), tables, "deal_points", points),
        extreme(gettext("Worst deal (points)"), tables, "deal_points", points, highest=False),
    ]
