"""A player at the desk (``o/<slug>/players/<pk>/``): his own page with what the desk's player
list does not carry in each row, the forms with fields: correcting him, his entry fee at
another amount or paid back, and the withdrawal with its reason. The list stays light at a
championship's 1,000 players (each row its facts and one-tap buttons; a thousand forms with
fields made a browser take 7–11 s for the desk, docs/benchmarks.md). A write here goes back
to the desk at the player's row; a refused one shows this page again, the error beside its
field and nothing changed."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import services
from tournaments.forms import FeeForm, PlayerForm, RefundForm, WithdrawForm
from tournaments.models import Player, Tournament
from tournaments.views.desk import _at_player, _organiser_player, _write

REFUND_ID = "id_refund_%s"
WITHDRAW_ID = "id_withdraw_%s"
"""The ids of the refund's and the withdrawal's fields (both have a ``reason``): one page
shows both forms."""


def player_page(
    request: HttpRequest,
    tournament: Tournament,
    player: Player,
    *,
    status: int = 200,
    **bound: forms.Form,
) -> HttpResponse:
    """The player's page at the desk; a form in ``bound`` (``edit_form``, ``fee_form``,
    ``refund_form``, ``withdraw_form``: one refused, with its errors) replaces the fresh one."""
    context: dict[str, Any] = {
        "tournament": tournament,
        "p": player,
        "fee_shown": tournament.entry_fee > 0 or player.fee_paid is not None,
        "edit_form": PlayerForm(initial={f: getattr(player, f) for f in PlayerForm.base_fields}),
        "fee_form": FeeForm(initial={"amount": tournament.entry_fee}),
        "refund_form": RefundForm(auto_id=REFUND_ID),
        "withdraw_form": WithdrawForm(auto_id=WITHDRAW_ID),
        **bound,
    }
    return render(request, "tournaments/desk/player.html", context, status=status)


@login_required
@require_safe
def player_desk(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The player's page at the desk (404 for a player of another tournament)."""
    tournament, player = _organiser_player(request, slug, pk)
    return player_page(request, tournament, player)


@login_required
@require_POST
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Correct a player's name and club or village, start number, außer Konkurrenz, home
    village and year of birth."""
    tournament, player = _organiser_player(request, slug, pk)

    def act(data: dict[str, Any]) -> HttpResponse:
        old = player.name
        services.player_edit(player=player, by=request.user, **data)
        messages.success(
            request,
            _("%(old)s is now %(name)s (%(club)s).")
            % {"old": old, "name": player.name, "club": player.club or "–"},
        )
        return _at_player(tournament, player)

    def page(form: forms.Form) -> HttpResponse:
        return player_page(request, tournament, player, status=400, edit_form=form)

    return _write(request, tournament, PlayerForm(request.POST), act, page)


@login_required
@require_POST
def player_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Withdraw a player (``withdrawn`` posted) or take it back, with an optional reason."""
    tournament, player = _organiser_player(request, slug, pk)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.player_withdraw(player=player, by=request.user, **data)
        if data["withdrawn"]:
            text = _("%(name)s is withdrawn: no longer drawn, results kept.")
        else:
            text = _("%(name)s is back in the draw.")
        messages.success(request, text % {"name": player.name})
        return _at_player(tournament, player)

    def page(form: forms.Form) -> HttpResponse:
        return player_page(request, tournament, player, status=400, withdraw_form=form)

    form = WithdrawForm(request.POST, auto_id=WITHDRAW_ID)
    return _write(request, tournament, form, act, page)
