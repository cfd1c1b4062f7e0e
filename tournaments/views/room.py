"""The room's clock (issue 17, part 4): from the desk, a round's countdown started and stopped
on its dashboard, the next round's time and the announcement on the tournament's desk; for the
room, the strip the projector and the public standings refresh (the table pages bring theirs
with the table, :mod:`tournaments.views.table`). The writes are ``tournaments.services.room``;
what the room is told is read by ``tournaments.room``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from tournaments import services
from tournaments.forms import AnnouncementForm, NextRoundForm, RoundClockForm
from tournaments.room import tournament_room
from tournaments.views.desk import (
    _at,
    _desk_write,
    _organiser_round,
    _round_page,
    _write,
    organiser_tournament,
)
from tournaments.views.public import public_tournament


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Start the round's clock for the posted minutes (empty: the round length of the
    settings), or stop it (``stop`` posted)."""
    the_round = _organiser_round(request, slug, number)

    def act(data: dict[str, Any]) -> HttpResponse:
        words = {"number": number}
        if "stop" in request.POST:
            services.round_clock_stop(round=the_round, by=request.user)
            messages.success(request, _("The clock of round %(number)s is stopped.") % words)
        else:
            started = services.round_clock_start(
                round=the_round, by=request.user, minutes=data["minutes"]
            )
            ends = timezone.localtime(started.clock_ends_at)
            messages.success(
                request,
                _("The clock of round %(number)s runs until %(time)s.")
                % {**words, "time": f"{ends:%H:%M}"},
            )
        return redirect(reverse("round-detail", args=[slug, number]) + "#clock")

    return _write(
        request,
        the_round.tournament,
        RoundClockForm(request.POST),
        act,
        lambda bound: _round_page(request, the_round, status=400, clock_form=bound),
        shown=the_round.open,
    )


@login_required
@require_POST
def announcement(request: HttpRequest, slug: str) -> HttpResponse:
    """Set the announcement line (empty, or ``clear`` posted: none)."""
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        text = "" if "clear" in request.POST else data["text"]
        changed = services.announcement_set(tournament=tournament, text=text, by=request.user)
        if changed.announcement:
            words = {"text": changed.announcement}
            messages.success(request, _("The room now reads: %(text)s") % words)
        else:
            messages.success(request, _("No announcement is shown."))
        return _at(tournament, "room")

    form = AnnouncementForm(request.POST)
    return _desk_write(request, tournament, form, act, "announcement_form")


@login_required
@require_POST
def next_round(request: HttpRequest, slug: str) -> HttpResponse:
    """Set when the next round starts (a time today, or on the posted date); an empty time,
    or ``clear`` posted, takes it away."""
    tournament = organiser_tournament(request, slug)
    form = NextRoundForm(request.POST)

    def act(data: dict[str, Any]) -> HttpResponse:
        at = None if "clear" in request.POST else form.moment()
        services.next_round_set(tournament=tournament, at=at, by=request.user)
        if at is None:
            messages.success(request, _("No time for the next round is shown."))
        else:
            messages.success(
                request,
                _("The room now reads: next round at %(time)s.")
                % {"time": f"{timezone.localtime(at):%H:%M}"},
            )
        return _at(tournament, "room")

    return _desk_write(request, tournament, form, act, "next_round_form")


@require_safe
@never_cache
def room_strip(request: HttpRequest, slug: str) -> HttpResponse:
    """The room's strip alone (the clock of the latest round, the next round, the
    announcement), for the projector's and the public standings' refresh. Never a 304 nor
    kept by a cache: it carries the server's time, by which the browser sets its countdown.
    Two queries."""
    tournament = public_tournament(request, slug)
    return render(request, "tournaments/room/_strip.html", {"room": tournament_room(tournament)})
