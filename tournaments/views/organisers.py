"""Who runs the tournament (``o/<slug>/organisers/``: the owner invites co-organisers by the
name of their account and removes them; every organiser sees the list) and who holds its table
links (new links for one table or a whole round: the old ones stop working). Who may do what is
decided by ``tournaments.permissions``."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import permissions, services
from tournaments.models import Round, Tournament
from tournaments.views.desk import _round_page, _write, organiser_tournament


class InviteForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Username of the account"), max_length=150)


class RenewForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason (optional)"), max_length=300, required=False
    )


def _organisers_page(
    request: HttpRequest, tournament: Tournament, *, status: int = 200, **bound: forms.Form
) -> HttpResponse:
    """The organisers' page; a form in ``bound`` (e.g. one with errors) replaces the fresh one."""
    context = {"tournament": tournament, "invite_form": InviteForm(), **bound}
    return render(request, "tournaments/organisers/organisers.html", context, status=status)


@login_required
def organisers(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner and the co-organisers; for the owner, the invitation and the removal."""
    return _organisers_page(request, organiser_tournament(request, slug))


@login_required
@require_POST
def organiser_invite(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite an existing account as co-organiser (the owner only)."""
    tournament = organiser_tournament(request, slug, permissions.Action.MANAGE_ORGANISERS)

    def act(data: dict[str, Any]) -> HttpResponse:
        user = services.organiser_invite(
            tournament=tournament, username=data["username"], by=request.user
        )
        messages.success(request, _("%(name)s is now a co-organiser.") % {"name": user})
        return redirect("organisers", slug=slug)

    return _write(
        request,
        tournament,
        InviteForm(request.POST),
        act,
        lambda form: _organisers_page(request, tournament, status=400, invite_form=form),
    )


@login_required
@require_POST
def organiser_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Remove a co-organiser (the owner only): the desk is closed to him at once."""
    tournament = organiser_tournament(request, slug, permissions.Action.MANAGE_ORGANISERS)
    user = get_object_or_404(get_user_model(), pk=pk)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.organiser_remove(tournament=tournament, user=user, by=request.user)
        messages.success(request, _("%(name)s is no longer a co-organiser.") % {"name": user})
        return redirect("organisers", slug=slug)

    return _write(
        request,
        tournament,
        forms.Form(request.POST),
        act,
        lambda form: _organisers_page(request, tournament, status=400),
        shown=False,
    )


def _renew(request: HttpRequest, slug: str, number: int, table: int | None) -> HttpResponse:
    """New links for ``table`` of round ``number``, or for all its tables (``table`` None)."""
    tournament = organiser_tournament(request, slug, permissions.Action.RENEW_LINKS)
    the_round: Round = get_object_or_404(tournament.rounds, number=number)
    target = the_round if table is None else get_object_or_404(the_round.tables, number=table)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.table_links_renew(target, by=request.user, reason=data["reason"])
        if table is None:
            text = _("Every table of this round has new links: print the table cards again.")
        else:
            text = _("Table %(number)s has new links: print its card again.") % {"number": table}
        messages.success(request, text)
        return redirect("round-detail", slug=slug, number=number)

    return _write(
        request,
        tournament,
        RenewForm(request.POST),
        act,
        lambda form: _round_page(request, the_round, status=400),
        shown=False,
    )


@login_required
@require_POST
def round_links_renew(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """New links for every table of the round and its seats; the old ones answer 404."""
    return _renew(request, slug, number, None)


@login_required
@require_POST
def table_links_renew(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """New links for one table and its seats (a lost or photographed card); the old ones
    answer 404."""
    return _renew(request, slug, number, table)
