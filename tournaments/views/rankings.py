"""The side rankings at the desk (``o/<slug>/rankings/``, the tournament's organisers): the club
ranking, the organiser's teams and the categories (:mod:`tournaments.side_rankings`), always from
the live standings (the desk sees what the hidden public standings hide), with the printed
document one click away."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.side_rankings import side_rankings as read_side_rankings
from tournaments.standings import tournament_standings
from tournaments.views.desk import organiser_tournament


@login_required
@require_safe
def side_rankings(request: HttpRequest, slug: str) -> HttpResponse:
    """Every side ranking of the tournament now, with the rule each one follows and where the
    organiser sets it up (the settings' club ranking, the categories and teams under Prizes)."""
    tournament = organiser_tournament(request, slug)
    context = {
        "tournament": tournament,
        "side": read_side_rankings(tournament, tournament_standings(tournament)),
    }
    return render(request, "tournaments/desk/side_rankings.html", context)
