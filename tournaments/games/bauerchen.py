"""Bauerchen: everything the web layer knows of the game.

The engine (``scoring.bauerchen``) decides the rules; this module says them to people and on paper,
under the names :mod:`tournaments.games` documents.

Its sentences and house-rule labels (Scoring specification §2.5, §2.8).

Placeholders are the ``InvalidDeal.params`` of ``scoring.bauerchen``; a sentence whose placeholder
is missing falls back to the engine's English message.

Its paper grid: the dealer, the first team's card points, the Spritzen, each team's melds and a
Kart' ab (Scoring specification §2.4, minimal entry; NS is the first team).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import Event
from tournaments.paper import Column, default_entry
from tournaments.printing.results import Figure
from tournaments.printing.statistics import (
    PlayedTable,
    Statistic,
    count,
    extreme,
    per_event,
)

# -- words ----------------------------------------------------------------------------------------

DEAL_MESSAGES = {
    "OUT_OF_RANGE@trump": _("Trumps must be a suit: ♣ ♠ ♥ ♦ (or C S H D)."),
    "OUT_OF_RANGE@suit": _("A suit is one of ♣ ♠ ♥ ♦ (or C S H D)."),
    "INVALID_ENTRY": _("This is not a Bauerchen deal entry."),
    "UNKNOWN_FIELD": _("This field does not belong to a Bauerchen deal."),
    "MISSING_PLAYER": _("Say which team (or player) melded."),
    "UNKNOWN_PLAYER": _("Choose a seat (N, E, S, W) or a team (NS, EW)."),
    "UNKNOWN_PLAYER@dealer": _("Choose the dealer."),
    "TOO_LARGE@spritz": _("Spritzed at most %(maximum)s times."),
    "MELD_SUIT_MISMATCH@kind": lambda params: (
        _("King and Queen of trumps make a 40, of another suit a 20: check the meld and the trump.")
        if params  # a kind that does not fit its suit; none given has no figures
        else _("Choose 20 or 40.")
    ),
    "HOME_TEAM_MISMATCH": _(
        "Dealer %(dealer)s makes the forehand's team %(expected)s the home team."
    ),
    "SUM_MISMATCH": _(
        "The card points add up to %(total)s, but a deal has %(expected)s (the last trick "
        "counts 10)."
    ),
    "UNREACHABLE_VALUE": _(
        "No team can take exactly %(value)s card points: a team with a trick has at least 8, "
        "and at most 122 unless it takes all 130."
    ),
    "TRICK_COUNT_MISMATCH": _("The tricks add up to %(total)s, but a deal has 5."),
    "POINTS_WITHOUT_TRICKS": _("A team without a trick cannot have card points."),
    "TRICKS_WITHOUT_POINTS": _(
        "A team with a trick has card points: every card is worth at least 2."
    ),
    "INFEASIBLE_FOR_TRICKS": _(
        "%(points)s card points are not possible with these tricks; please recount."
    ),
    "SPRITZ_ORDER": _(
        "The away team (%(away)s) spritzes first, then the teams take turns: call %(call)s "
        "must be by %(expected)s."
    ),
    "SPRITZ_HIGH": _("More than four spritzes: please check the count."),
    "DUPLICATE_MELD": _("This meld is not possible: one per suit, one 40, at most two per player."),
    "MELD_SUIT_MISMATCH": _(
        "King and Queen of trumps make a 40, of another suit a 20: check the meld and the trump."
    ),
    "MELD_CAP": _(
        "This meld would bring %(team)s from %(score)s to %(total)s; a meld may not reach "
        "%(target)s."
    ),
    "SOLO_INCONSISTENT": _(
        "Say who played the Kart' ab and whether he won: a won Kart' ab takes all five tricks, "
        "a lost one leaves the opponents a trick."
    ),
    "SOLO_FORBIDDEN": _("No Kart' ab in a Gehampelter under the Ledig rule."),
    "OPTION_DISABLED": _("This house rule is not in use in this tournament."),
    "WINNER_MISMATCH": _(
        "By the card points %(expected)s won this deal (at 65:65 the away team wins)."
    ),
    "MATCH_OVER": _("The match is over; no more deals can be entered."),
    "MINIMAL_FULL_MISMATCH": _("The short entry does not match the details entered."),
    "DEALER_ROTATION": _("This is not the dealer the rotation expects (forehand deals next)."),
}

OPTION_LABELS = {
    "preset": _("Preset"),
    "target": _("Game points that win a round"),
    "meld_cap": _("A meld may not reach the round target"),
    "forty_rule": _("40er-Regel: a 40 counts only 1 from the threshold on"),
    "forty_threshold": _("Threshold of the 40er-Regel (game points)"),
    "weiterschreiben": _("Weiterschreiben (Siegelbach rule): carry the excess into the next round"),
    "die_letzte": _("Die Letzte is played"),
    "ledig_no_solo_in_gehampelter": _("Ledig: no Kart' ab in a Gehampelter"),
    "solo_success": _("A won Kart' ab"),
    "solo_failure": _("A lost Kart' ab"),
    "spritz_applies_to_away_bonus": _("Spritzen doubles the away bonus too"),
    "melds_doubled_by_spritz": _("Spritzen doubles the melds too"),
    "max_spritz": _("Most spritzes in one deal (empty: no limit)"),
    "steins_per_match": _("Steins in a match (0: a time limit)"),
    "tournament_round": _("One tournament round at a table is"),
}

OPTION_HELP = {
    "tournament_round": _(
        "Measured from simulated play: one stein takes about 30 deals (17–60), some 35–45 "
        "minutes at a table; the whole match of three steins about 100 deals (60–140), two "
        "hours. With the classic 12 about half as many."
    ),
    "steins_per_match": _("Only counts when a tournament round is the whole match."),
}

OPTION_SUGGESTED = {"tournament_round": "stein"}
"""A new evening's tournament round: one stein, as Preisbauer evenings draw new tables several
times a night; the rules' own default, the whole match, is two hours at a table."""

CHOICE_LABELS = {
    "none": _("none (target 31)"),
    "classic-12": _("classic 12 (target 12, 40er-Regel at 10)"),
    "round": _("wins the round"),
    "plus12": _("scores 12 game points and wins the round"),
    "round_to_opponents": _("gives the round to the opponents"),
    "score_normally": _("is scored like any deal"),
    "stein": _("one stein (best of three rounds)"),
    "match": _("the whole match"),
}

TIEBREAK_LABELS = {
    "knoddel_diff": _("Knoddel difference"),
    "game_point_diff": _("Game-point difference"),
    "gehampelter_steins": _("Steins in the Gehampelter"),
}

SCORE_WORDS = ngettext_lazy("%(count)s Stein", "%(count)s Steine", "count")
"""The tournament score in the game's unit, for certificates."""
SCORE_COLUMN = _("Steine")
"""The standings' column of the tournament score: its unit."""

# -- paper grid -----------------------------------------------------------------------------------

TEAMS = ("NS", "EW")


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer, card points NS, Spritzen, melds per team (20s and 40s, e.g. ``20 40``), and the
    Kart' ab player with its result."""
    yes_no = (("true", _("won")), ("false", _("lost")))
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        Column("cp_NS", _("Card points NS")),
        Column("spritz", _("Spritzen")),
        *(
            Column(f"_melds_{team}", _("Melds %(team)s") % {"team": team}, kind="text")
            for team in TEAMS
        ),
        Column("solo.player", _("Kart' ab by"), kind="seat"),
        Column("solo.won", _("Kart' ab"), kind="choice", choices=yes_no),
    ]


def entry(cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """The row as the minimal entry; each team's melds cell (``20 40``) becomes one meld per
    number, ``{"team": "NS", "kind": 20}``; anything else typed there stays as typed for the
    engine to refuse."""
    found = default_entry(cells, state)
    melds = []
    for team in TEAMS:
        for kind in re.split(r"[\s,;+]+", cells.get(f"_melds_{team}", "").strip()):
            if kind:
                melds.append({"team": team, "kind": int(kind) if kind.isdigit() else kind})
    if melds:
        found["melds"] = melds
    return found


# -- print ----------------------------------------------------------------------------------------

FIGURES = (
    Figure(_("Steins"), "steins"),
    Figure(_("Knoddel diff."), "knoddel_diff"),
    Figure(_("Game-point diff."), "game_point_diff"),
)
"""The figures of the result table after the player (or team) column, in print."""

RESULT_BY_TEAM = True
"""The result table has a line per team (``state.teams``), not per seat."""


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """Steins, knoddels, Gehampelter, schwarz and schneider deals, melds and Kart' ab
    (Scoring specification §2.2–§2.3)."""

    def band(name: str) -> Callable[[Event], bool]:
        return lambda event: event.figures["band"] == name

    return [
        Statistic(gettext("Steins won"), count(tables, "stein")),
        Statistic(gettext("Knoddels"), count(tables, "knoddel")),
        Statistic(gettext("Gehampelter played"), count(tables, "gehampelter")),
        Statistic(
            gettext("Deals won schwarz (all tricks)"), count(tables, "deal_won", band("schwarz"))
        ),
        Statistic(gettext("Deals won schneider"), count(tables, "deal_won", band("schneider"))),
        Statistic(gettext("20s melded"), count(tables, "meld", lambda e: e.figures["kind"] == 20)),
        Statistic(gettext("40s melded"), count(tables, "meld", lambda e: e.figures["kind"] == 40)),
        Statistic(gettext("Kart' ab played"), count(tables, "solo"), optional=True),
        Statistic(
            gettext("Kart' ab won"),
            count(tables, "solo", lambda e: e.figures["won"]),
            optional=True,
        ),
        extreme(gettext("Best deal (game points)"), tables, "deal_won", per_event("points")),
    ]
