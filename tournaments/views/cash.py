"""The cash box at the desk (``o/<slug>/…``): a player's entry fee paid with one tap in the
player list (htmx swaps the player's fee cell; without JavaScript the desk reloads), or at
another amount or paid back on his page (:mod:`tournaments.views.players`), and the
cash report. The writes are ``services.player_fee_pay`` and ``services.player_fee_refund``; the
report is :func:`tournaments.cash.cash_report`, also printed (the documents' ``cash``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import services
from tournaments.cash import cash_report
from tournaments.forms import FeeForm, RefundForm
from tournaments.models import Player, Tournament
from tournaments.printing.documents import DIRECT_PLAYERS
from tournaments.templatetags.money import euros
from tournaments.views.desk import _at_player, _organiser_player, _write, organiser_tournament
from tournaments.views.players import REFUND_ID, player_page

FEE_CELL = "tournaments/desk/_fee.html"
"""A player's fee cell of the desk's player list: paid or due, and the form to change it."""


def _cell(
    request: HttpRequest,
    tournament: Tournament,
    player: Player,
    *,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The player's fee cell; ``extra``: a write's form that was refused (``refused``), or after
    a write the cash report (``cash``) and ``oob`` for the desk's cash line beside it."""
    context = {"tournament": tournament, "p": player, **extra}
    return render(request, FEE_CELL, context, status=status)


def _fee_write(
    request: HttpRequest,
    slug: str,
    pk: int,
    form: forms.Form,
    write: Callable[[Player, dict[str, Any]], str],
    form_key: str,
) -> HttpResponse:
    """A post from a player's fee cell or his page: ``write(player, data)`` writes and says
    what it did. htmx (the cell's one tap) gets the cell back (refused: with the error in it,
    status 422); a plain request goes back to the desk at the player's row with the message
    (refused: the player's page with the error beside the field, status 400)."""
    tournament, player = _organiser_player(request, slug, pk)

    def act(data: dict[str, Any]) -> HttpResponse:
        done = write(player, data)
        if request.htmx:
            player.refresh_from_db(fields=["fee_paid"])
            return _cell(request, tournament, player, cash=cash_report(tournament), oob=True)
        messages.success(request, done)
        return _at_player(tournament, player)

    def page(bound: forms.Form) -> HttpResponse:
        if request.htmx:
            return _cell(request, tournament, player, status=422, refused=bound)
        return player_page(request, tournament, player, status=400, **{form_key: bound})

    return _write(request, tournament, form, act, page)


@login_required
@require_POST
def player_fee_pay(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The player paid: ``amount`` in euros, empty for the tournament's entry fee."""

    def write(player: Player, data: dict[str, Any]) -> str:
        paid = services.player_fee_pay(player=player, amount=data["amount"], by=request.user)
        return _("%(name)s paid %(amount)s.") % {
            "name": paid.name,
            "amount": euros(paid.fee_paid),
        }

    return _fee_write(request, slug, pk, FeeForm(request.POST), write, "fee_form")


@login_required
@require_POST
def player_fee_refund(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The player's fee is paid back, with a reason: he is due again."""

    def write(player: Player, data: dict[str, Any]) -> str:
        services.player_fee_refund(player=player, reason=data["reason"], by=request.user)
        return _("%(name)s got the entry fee back and is due again.") % {"name": player.name}

    form = RefundForm(request.POST, auto_id=REFUND_ID)
    return _fee_write(request, slug, pk, form, write, "refund_form")


@login_required
@require_safe
def cash(request: HttpRequest, slug: str) -> HttpResponse:
    """The cash report: fees in, still due, prizes out, the balance; with its PDF (made at once
    for a tournament small enough, else from the documents panel)."""
    tournament = organiser_tournament(request, slug)
    report = cash_report(tournament)
    if report.players <= DIRECT_PLAYERS:
        pdf_url = reverse("document-now", args=[tournament.slug, "cash"])
    else:
        pdf_url = reverse("documents", args=[tournament.slug])
    context = {"tournament": tournament, "report": report, "pdf_url": pdf_url}
    return render(request, "tournaments/desk/cash.html", context)
