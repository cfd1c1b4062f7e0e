"""Hundertspiel: everything the web layer knows of the game.

The engine (``scoring.hundertspiel``) decides the rules; this module says them to people and on
paper, under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §3.6, §3.10, §7).

Its paper grid: the dealer, each account's points of the deal, a party that declared out during the
deal with what each account had counted up to the claim, and an announced 26 or 52 (Vienna 1829,
§25–§27; Scoring specification §3.5, minimal entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import Event
from scoring.hundertspiel import table_of
from tournaments.paper import Column
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
    extreme,
    total,
)

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "INVALID_ENTRY": _("This is not a deal the table can enter."),
    "UNKNOWN_FIELD": _("This does not belong to a Hundertspiel deal."),
    "NOT_A_BOOLEAN": _("Answer yes or no here."),
    "MISSING_PLAYER": _("Enter a value for each party (or choose a player)."),
    "UNKNOWN_PLAYER": _("There is no such seat or party at this table."),
    "SUM_MISMATCH": _(
        "These add up to %(total)s: card points make 72, the deal points of both parties "
        "together at least 78 (at most 292)."
    ),
    "UNREACHABLE_VALUE": _("No deal gives exactly %(value)s here; please recount."),
    "PARITY": _(
        "The deal points add up to %(total)s: less the 78 of the cards and the last trick that "
        "leaves an odd number, but every declaration and Do is even."
    ),
    "LAST_TRICK_INVALID": _("Say which one party took the last trick."),
    "UNKNOWN_DECLARATION": _("Choose a declaration from the list."),
    "DUPLICATE_DECLARATION": _("This rank is declared twice; there are only four of each."),
    "TOO_MANY_DO_TRICKS": _(
        "There are only four Do's, one trump Do, and one winning card per trick."
    ),
    "DECLARATION_CONFLICT": _("This Do trick does not fit the Do's declared."),
    "ANNOUNCEMENT_INCONSISTENT": _(
        "The announcement does not fit: a 26 needs the last trick with a Do, a 52 the last "
        "two, and only one of them can be made."
    ),
    "OPTION_DISABLED": _(
        "This is not played in this tournament (Recontra and Supracontra need three Contra "
        "levels; a contract and the Scat belong to the Scat game)."
    ),
    "UNKNOWN_SUIT": _("Choose one of the four suits: Spadi, Denari, Coppi, Bastoni."),
    "MINIMAL_FULL_MISMATCH": _("The deal points do not match the details entered."),
    "SPLIT_INVALID": _(
        "The points before the claim must lie between 0 and the party's points of this deal."
    ),
    "CLAIM_BELOW_100": _(
        "At the claim they had %(at)s, not %(target)s. If they really declared out too early, "
        "tick “Record a false claim”."
    ),
    "ALT_UND_NEU_FORBIDDEN": _(
        "A 26 or 52 was announced in this deal, so nothing counts for the new partie."
    ),
    "MATCH_OVER": _("The session is closed; no more deals can be entered."),
    "DEALER_ROTATION": _("This is not the dealer the rotation expects (the last Vorhand)."),
    "VORHAND_RULE_APPLIED": _(
        "Both parties reached the target without declaring out: the party in Vorhand wins."
    ),
}

VARIANT_MESSAGES: dict[str, object] = {}
"""No codes of its own: a refused house rule is INVALID_OPTION_VALUE or UNKNOWN_OPTION (common)."""

OPTION_LABELS = {
    "contra_levels": _("Contra levels (1: Contra only; 3: with Recontra and Supracontra)"),
    "alt_und_neu": _("Alt und neu: the rest of the deal counts for the new partie"),
    "silent_26_pays_marks": _("An unannounced 26 or 52 also pays Marken"),
    "matsch_threshold": _("Matsch when the losers have fewer than"),
    "target": _("Points that win the partie"),
    "false_claim_payment": _("A false claim pays"),
    "variant": _("Game"),
    "scat": _("Three players: with a Scat of three cards"),
    "unfinished_partie": _("A partie still open when the session closes"),
    "parties_per_round": _("Parties in one tournament round (0 = until the session closes)"),
}

CHOICE_LABELS = {
    "basic": _("four players, two parties (AC against BD)"),
    "three": _("three players, each for himself"),
    "scat4": _("four players with Scat"),
    "single": _("a single Marke"),
    "as_matsch_if_below_50": _("two Marken when the claimants were in Matsch"),
    "abandon": _("is abandoned without payment"),
    "leader_wins_single": _("is won by the party ahead (a single Marke)"),
}

SCORE_WORDS = ngettext_lazy("%(count)s Marke", "%(count)s Marken", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Marken")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer; points per account (the parties AC and BD, or each of three players); who
    declared out and the points counted up to the claim; the announcement's player, 26 or 52,
    Contra calls and whether it was made."""
    accounts = table_of(seats).accounts
    choices = tuple((a, a) for a in accounts)
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(Column(f"points.{a}", _("points"), seat=a) for a in accounts),
        Column("end.claimant", _("Out by"), kind="choice", choices=choices),
        *(Column(f"end.old.{a}", _("up to the claim"), seat=a) for a in accounts),
        Column("announcement.player", _("26/52 by"), kind="seat"),
        Column(
            "announcement.type", _("26 / 52"), kind="choice", choices=(("26", "26"), ("52", "52"))
        ),
        Column("announcement.contra", _("Contra")),
        Column(
            "announcement.made",
            _("made"),
            kind="choice",
            choices=(("true", _("yes")), ("false", _("no"))),
        ),
    ]


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Marken"), "score", signed=True),
    Figure(_("Parties won"), "parties_won"),
    Figure(_("Matsch"), "matsch_wins"),
    Figure(_("Points ±"), "partie_points_diff", signed=True),
)
"""The figures of the result table after the player (or team) column, in print."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Parties won (a hundred made), Matsch, Marken, announced 26 and 52 (Hundertspiel 1829,
    §25–§33)."""

    def announced(kind: int, made: bool | None = None) -> Callable[[Event], bool]:
        return lambda e: e.figures["type"] == kind and (made is None or e.figures["made"] == made)

    def account_points(event: Event) -> Iterable[tuple[Sequence[str], int]]:
        # An account is named by its players' seat letters ("AC"; "A" when playing alone).
        return ((tuple(account), points) for account, points in event.figures["points"].items())

    return [
        Statistic(gettext("Parties won (a hundred made)"), count(tables, "partie_won")),
        Statistic(gettext("Matsch"), count(tables, "matsch")),
        Statistic(
            gettext("Marken won in parties"),
            total(tables, "partie_won", lambda e: e.figures["marks"] * len(e.seats)),
        ),
        Statistic(
            gettext("Sechsundzwanziger announced"), count(tables, "announcement", announced(26))
        ),
        Statistic(
            gettext("Sechsundzwanziger made"),
            count(tables, "announcement", announced(26, made=True)),
        ),
        Statistic(
            gettext("Zweiundfünfziger announced"),
            count(tables, "announcement", announced(52)),
            optional=True,
        ),
        Statistic(
            gettext("Unannounced Sechsundzwanziger paid"),
            count(tables, "silent_announcement"),
            optional=True,
        ),
        Statistic(gettext("False claims"), count(tables, "false_claim"), optional=True),
        extreme(gettext("Best deal (points of one party)"), tables, "deal_points", account_points),
    ]
