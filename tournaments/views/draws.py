"""Fixing a drawn round before play (``o/<slug>/rounds/<n>/…``): give a seat to another player
before that table's first deal (a late arrival for a withdrawn player), and undo the last
round's draw before any deal. The forms sit on the round dashboard
(:func:`tournaments.views.desk._round_page`); the writes are ``services.seat_replace`` and
``services.round_undraw``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.forms import UNDRAW_IDS, ReplaceForm, UndrawForm
from tournaments.models import Seat
from tournaments.views.desk import _organiser_round, _round_page, _write


@login_required
@require_POST
def seat_replace(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Give a seated player's seat to a player without one in the round."""
    the_round = _organiser_round(request, slug, number)
    seats = Seat.objects.filter(table__round=the_round).select_related("player", "table")
    form = ReplaceForm.for_round(the_round, seats, set(), data=request.POST)

    def act(data: dict[str, Any]) -> HttpResponse:
        players = the_round.tournament.players.in_bulk([data["seated"], data["newcomer"]])
        seated, newcomer = players[data["seated"]], players[data["newcomer"]]
        seat = services.seat_replace(
            round=the_round, seated=seated, newcomer=newcomer, by=request.user
        )
        messages.success(
            request,
            _("%(newcomer)s now sits at table %(table)s, seat %(seat)s, instead of %(seated)s.")
            % {
                "newcomer": newcomer.name,
                "table": seat.table.number,
                "seat": seat.label,
                "seated": seated.name,
            },
        )
        return redirect("round-detail", slug=slug, number=number)

    return _write(
        request,
        the_round.tournament,
        form,
        act,
        lambda bound: _round_page(request, the_round, status=400, replace_form=bound),
    )


@login_required
@require_POST
def round_undraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Undo the last round's draw before its first deal (a backup is taken first)."""
    the_round = _organiser_round(request, slug, number)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.round_undraw(round=the_round, by=request.user, reason=data["reason"])
        messages.success(
            request,
            _("The draw of round %(number)s is undone; a backup was taken before.")
            % {"number": number},
        )
        return redirect(the_round.tournament)

    return _write(
        request,
        the_round.tournament,
        UndrawForm(request.POST, auto_id=UNDRAW_IDS),
        act,
        lambda bound: _round_page(request, the_round, status=400, undraw_form=bound),
        shown=False,
    )
