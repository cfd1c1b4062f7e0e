"""Kein Stich's sentences and house-rule labels (Scoring specification §4.5, §4.8, §7)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

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
