"""The Hessian Bauerchen's paper grid: the dealer and the team that took each of the five
tricks, or only the team that won the deal (Löber 1965; Scoring specification §2.10)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column

TEAMS = (("NS", "NS"), ("EW", "EW"))


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer, trick 1 to 5 (the team that took it), and the deal's winning team."""
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(
            Column(
                f"trick_winners.{i}",
                _("Trick %(number)s") % {"number": i + 1},
                "choice",
                None,
                TEAMS,
            )
            for i in range(5)
        ),
        Column("winner_team", _("Won by"), kind="choice", choices=TEAMS),
    ]
