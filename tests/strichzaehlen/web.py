"""What ``tournaments.games.strichzaehlen`` would hold: Strichzählen's words, paper grid, print
figures and statistics (the contract in :mod:`tournaments.games`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from tournaments.paper import Column
from tournaments.printing.results import Figure
from tournaments.printing.statistics import PlayedTable, Statistic, count

DEAL_MESSAGES = {"UNKNOWN_PLAYER": "Say who won the deal (test game)."}
SCORE_WORDS = ngettext_lazy("%(count)s Strich", "%(count)s Striche", "count")
SCORE_COLUMN = "Test-Striche"
FIGURES = (Figure(_("Striche"), "striche"),)


def columns(seats: tuple[str, ...]) -> list[Column]:
    """One cell a row: the winner's seat."""
    return [Column("winner", "Winner", kind="seat")]


def statistics(tables: Sequence[PlayedTable]) -> list[Statistic | None]:
    """How many Striche the test game chalked."""
    return [Statistic("Test-Striche chalked", count(tables, "strich"))]
