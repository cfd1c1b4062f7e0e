"""The front door (issue 19, part 5): what a visitor who types the site's address sees, the
installation's public tournaments, instead of a login page."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from tournaments.hidden import public_through
from tournaments.models import Series, Tournament
from tournaments.views import desk


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The site's address: an organiser (logged in) gets his desk's tournament list, everybody
    else :func:`front_door`."""
    if request.user.is_authenticated:
        return desk.tournament_list(request)
    return front_door(request)


@require_safe
def front_door(request: HttpRequest) -> HttpResponse:
    """The tournaments whose public pages are on, in three lists: playing now, coming up (not
    started, dated today or later, the nearest first) and finished (the newest first); each
    with its game, date, venue and players, linked to its standings, a finished one with its
    final documents once the standings are shown. A tournament not started whose date has
    passed is left out (it was never played here). One query, and one more for each finished
    tournament whose standings are still hidden, and one for the series that have a public
    tournament (each linked to its page: its roll of winners and standings)."""
    today = timezone.localdate()
    tournaments = list(
        Tournament.objects.filter(public=True)
        .annotate(player_count=Count("players"))
        .order_by("-date", "name")
    )
    Status = Tournament.Status
    finished = [t for t in tournaments if t.status == Status.FINISHED]
    for tournament in finished:
        tournament.documents_shown = public_through(tournament) is None
    coming = [t for t in tournaments if t.status == Status.DRAFT and t.date >= today]
    context = {
        "playing": [t for t in tournaments if t.status == Status.RUNNING],
        "coming": coming[::-1],
        "finished": finished,
        "series_list": Series.objects.filter(tournaments__public=True).distinct().order_by("name"),
    }
    return render(request, "tournaments/public/front_door.html", context)
