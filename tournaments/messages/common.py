"""Sentences for the error codes all games share (Scoring specification §0.2)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

DEAL_MESSAGES = {
    "UNKNOWN_PLAYER": _("There is no such seat at this table."),
    "MISSING_PLAYER": _("Enter a value for every player at the table."),
    "PLAYER_NOT_ACTIVE": _("This player sits out now; leave the field empty."),
    "NOT_AN_INTEGER": _("Enter a whole number."),
    "OUT_OF_RANGE": _("The value must lie between %(minimum)s and %(maximum)s."),
    "TOO_LARGE": _("The number is too large (at most %(maximum)s)."),
    "TOO_SMALL": _("The number is too small (at least %(minimum)s)."),
    "SUM_MISMATCH": _("The values add up to %(total)s, but a deal has %(expected)s."),
    "UNREACHABLE_VALUE": _("No pile of cards is worth exactly %(value)s."),
    "INFEASIBLE_DISTRIBUTION": _("No deal of the cards gives these card points; please recount."),
    "TRICK_COUNT_MISMATCH": _("The tricks add up to %(total)s, but a deal has %(expected)s."),
    "POINTS_WITHOUT_TRICKS": _("A player without a trick cannot have card points."),
    "OPTION_DISABLED": _("This house rule is not in use in this tournament."),
    "GAME_OVER": _("This game is over; the next deal starts a new game."),
    "MATCH_OVER": _("The match is over; no more deals can be entered."),
    "MINIMAL_FULL_MISMATCH": _("The short entry does not match the details entered."),
    "DEALER_ROTATION": _("This is not the dealer the rotation expects."),
}

VARIANT_MESSAGES: dict[str, str] = {}

OPTION_LABELS: dict[str, str] = {}

CHOICE_LABELS: dict[str, str] = {}

CONTRACT_LABELS: dict[str, str] = {}

TIEBREAK_LABELS = {
    "stechen": _("Stechen (play-off)"),
    "countback": _("Countback (last round first)"),
    "lot": _("Lot"),
    "zero_rounds": _("Clean rounds"),
    "knoddel_diff": _("Knoddel difference"),
    "game_point_diff": _("Game-point difference"),
    "gehampelter_steins": _("Steins in the Gehampelter"),
    "parties_won": _("Parties won"),
    "matsch_wins": _("Matsch wins"),
    "partie_points_diff": _("Partie-point difference"),
    "domino_firsts": _("Domino wins"),
    "paid_in": _("Paid into the pot"),
    "domino_seconds": _("Domino second places"),
    "hits": _("Hits"),
    "skips": _("Skips"),
    "deal_wins": _("Deals won"),
}

ENTRY_LABELS = {
    "points": _("points"),
    "card_points": _("card points"),
    "tricks": _("tricks"),
    "trick_winners": _("tricks won by"),
    "dealer": _("dealer"),
    "trump": _("trump"),
    "contract": _("contract"),
    "hearts": _("hearts"),
    "obers": _("Obers"),
    "max": _("the Max"),
    "order": _("finishing order"),
    "start": _("first to play"),
    "plays": _("cards laid"),
    "melds": _("melds"),
    "declarations": _("declarations"),
    "announcement": _("announcement"),
    "do_tricks": _("Do tricks"),
    "last_trick": _("last trick"),
    "winner": _("winner"),
    "home": _("home"),
    "spritz": _("Spritzen"),
    "spritz_log": _("Spritzen in turn"),
    "solo": _("Kart' ab"),
    "end": _("end of the partie"),
    "player": _("player"),
    "suit": _("suit"),
    "kind": _("kind"),
    "team": _("team"),
    "won": _("won"),
    "trick": _("trick"),
    "trump_do": _("trump Do"),
    "type": _("type"),
    "made": _("made"),
    "contra": _("contra"),
    "claimant": _("claimant"),
    "old": _("old account"),
}
"""An entry field's words in the table's history (a game's module may say it otherwise)."""
