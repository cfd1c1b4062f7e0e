"""The prize list at the desk (``o/<slug>/prizes/``, the tournament's organisers): the prizes
with their cash now, the rules for shared places, the categories of the special prizes and their
players; once a deal counts, who wins what, what waits for a Stechen, and the order at the prize
table; the payout sheet (PDF). The read is :func:`tournaments.prizes.prize_list`, the writes
``services.prize_*``; a refused post shows the page again with the error beside its field
(status 400) and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import services
from tournaments.forms import (
    PrizeCategoryDeleteForm,
    PrizeCategoryForm,
    PrizeCategoryPlayersForm,
    PrizeChangeForm,
    PrizeDeleteForm,
    PrizeForm,
    PrizeRulesForm,
)
from tournaments.models import Prize, PrizeCategory, Tournament
from tournaments.names import sort_key
from tournaments.printing.documents import DIRECT_PLAYERS
from tournaments.prizes import prize_list, prize_title
from tournaments.views.desk import _write, organiser_tournament

PAGE = "tournaments/desk/prizes.html"


def _initial(prize: Prize) -> dict[str, Any]:
    return {
        "prize": prize.pk,
        "kind": prize.kind,
        "place": prize.place,
        "category": prize.category_id,
        "amount": prize.amount,
        "share": prize.share,
        "goods": prize.goods,
        "position": prize.position if prize.kind != Prize.Kind.PLACE else None,
    }


def _page(
    request: HttpRequest, tournament: Tournament, *, status: int = 200, **bound: forms.Form
) -> HttpResponse:
    """The page; a form in ``bound`` (one with errors) replaces its fresh one: ``add_form``,
    ``rules_form``, ``category_form``, ``change_form`` (its prize's), ``players_form`` (its
    category's)."""
    players = sorted(tournament.players.all(), key=lambda p: sort_key(p.name))
    categories = list(tournament.prize_categories.prefetch_related("players"))
    listing = prize_list(tournament, players)
    change = bound.get("change_form")
    changing = change["prize"].value() if change is not None else None
    lines = [
        {
            "line": line,
            "form": change
            if str(changing) == str(line.prize.pk)
            else PrizeChangeForm(
                initial=_initial(line.prize),
                categories=categories,
                auto_id=f"id_prize{line.prize.pk}_%s",
            ),
        }
        for line in listing.lines
    ]
    picking = bound.get("players_form")
    picked = picking["category"].value() if picking is not None else None
    ranked_players = [p for p in players if not p.hors_concours]
    shown_categories = [
        {
            "category": category,
            "members": sorted((p.name for p in category.players.all()), key=sort_key),
            "form": picking
            if str(picked) == str(category.pk)
            else PrizeCategoryPlayersForm(
                initial={
                    "category": category.pk,
                    "players": [p.pk for p in category.players.all()],
                },
                players=ranked_players,
                auto_id=f"id_category{category.pk}_%s",
            ),
        }
        for category in categories
    ]
    if len(players) <= DIRECT_PLAYERS:
        pdf_url = reverse("document-now", args=[tournament.slug, "payouts"])
    else:
        pdf_url = reverse("documents", args=[tournament.slug])
    context = {
        "tournament": tournament,
        "listing": listing,
        "lines": lines,
        "categories": shown_categories,
        "add_form": bound.get("add_form")
        or PrizeForm(categories=categories, initial={"kind": Prize.Kind.PLACE}),
        "rules_form": bound.get("rules_form")
        or PrizeRulesForm(
            initial={"sharing": tournament.prize_sharing, "combine": tournament.prizes_combine}
        ),
        "category_form": bound.get("category_form") or PrizeCategoryForm(),
        "stechen_url": reverse("stechen", args=[tournament.slug]),
        "pdf_url": pdf_url,
        "last_title": tournament.scoring_game.last_place_title,
    }
    return render(request, PAGE, context, status=status)


def _post(
    request: HttpRequest,
    slug: str,
    make: Callable[[Tournament], forms.Form],
    write: Callable[[Tournament, forms.Form], str],
    key: str,
    shown: Callable[[forms.Form], bool] = lambda form: True,
) -> HttpResponse:
    """One post of the page: ``write`` writes through a service and says what it did; the page
    is shown again after it (the message on top). Refused, the page with the form as ``key``
    (errors beside its fields), or the errors on top where the page does not show the form
    (``shown``: a prize or category gone since)."""
    tournament = organiser_tournament(request, slug)
    form = make(tournament)

    def act(data: dict[str, Any]) -> HttpResponse:
        messages.success(request, write(tournament, form))
        return redirect("prizes", tournament.slug)

    def page(bound: forms.Form) -> HttpResponse:
        return _page(request, tournament, status=400, **{key: bound})

    return _write(request, tournament, form, act, page, shown=shown(form))


class _Known:
    """The prize or category a form names, if it belongs to the tournament (else the form
    gets the error: it was deleted since, in another window)."""

    def __init__(self, tournament: Tournament) -> None:
        self.prizes = {p.pk: p for p in tournament.prizes.select_related("category")}
        self.categories = {c.pk: c for c in tournament.prize_categories.all()}

    def prize(self, form: forms.Form) -> Prize | None:
        if form.is_valid() and form.cleaned_data["prize"] in self.prizes:
            return self.prizes[form.cleaned_data["prize"]]
        if "prize" not in form.errors:
            form.add_error(None, _("This prize is no longer on the list; see the page again."))
        return None

    def category(self, form: forms.Form) -> PrizeCategory | None:
        if form.is_valid() and form.cleaned_data["category"] in self.categories:
            return self.categories[form.cleaned_data["category"]]
        if "category" not in form.errors:
            form.add_error(None, _("This category no longer exists; see the page again."))
        return None


@login_required
@require_safe
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize list, the rules, the categories; the winners and the prize table's order once
    a deal counts."""
    return _page(request, organiser_tournament(request, slug))


@login_required
@require_POST
def prize_add(request: HttpRequest, slug: str) -> HttpResponse:
    def make(tournament: Tournament) -> forms.Form:
        return PrizeForm(request.POST, categories=tournament.prize_categories.all())

    def write(tournament: Tournament, form: forms.Form) -> str:
        fields = form.prize_fields()
        prize = services.prize_add(tournament=tournament, by=request.user, **fields)
        return _("On the prize list: %(prize)s.") % {"prize": _title(tournament, prize)}

    return _post(request, slug, make, write, "add_form")


def _title(tournament: Tournament, prize: Prize) -> str:
    return prize_title(prize, tournament.scoring_game.last_place_title)


@login_required
@require_POST
def prize_change(request: HttpRequest, slug: str) -> HttpResponse:
    known: dict[str, _Known] = {}

    def make(tournament: Tournament) -> forms.Form:
        known["it"] = _Known(tournament)
        form = PrizeChangeForm(request.POST, categories=known["it"].categories.values())
        known["prize"] = known["it"].prize(form)
        return form

    def write(tournament: Tournament, form: forms.Form) -> str:
        prize = services.prize_change(prize=known["prize"], by=request.user, **form.prize_fields())
        return _("Prize changed: %(prize)s.") % {"prize": _title(tournament, prize)}

    return _post(
        request, slug, make, write, "change_form", shown=lambda form: known["prize"] is not None
    )


@login_required
@require_POST
def prize_delete(request: HttpRequest, slug: str) -> HttpResponse:
    known: dict[str, Any] = {}

    def make(tournament: Tournament) -> forms.Form:
        form = PrizeDeleteForm(request.POST)
        known["prize"] = _Known(tournament).prize(form)
        return form

    def write(tournament: Tournament, form: forms.Form) -> str:
        title = _title(tournament, known["prize"])
        services.prize_delete(prize=known["prize"], by=request.user)
        return _("Taken off the prize list: %(prize)s.") % {"prize": title}

    return _post(request, slug, make, write, "delete_form", shown=lambda form: False)


@login_required
@require_POST
def prize_rules(request: HttpRequest, slug: str) -> HttpResponse:
    def write(tournament: Tournament, form: forms.Form) -> str:
        data = form.cleaned_data
        services.prize_rules_set(
            tournament=tournament, sharing=data["sharing"], combine=data["combine"], by=request.user
        )
        return _("The rules for the prizes are saved.")

    return _post(request, slug, lambda t: PrizeRulesForm(request.POST), write, "rules_form")


@login_required
@require_POST
def prize_category_add(request: HttpRequest, slug: str) -> HttpResponse:
    def write(tournament: Tournament, form: forms.Form) -> str:
        category = services.prize_category_add(
            tournament=tournament,
            name=form.cleaned_data["name"],
            kind=form.cleaned_data["category_kind"] or PrizeCategory.Kind.CATEGORY,
            by=request.user,
        )
        if category.kind == PrizeCategory.Kind.TEAM:
            return _("The team %(name)s is added; now tick its players.") % {"name": category.name}
        return _("The category %(name)s is added; now tick its players.") % {"name": category.name}

    return _post(request, slug, lambda t: PrizeCategoryForm(request.POST), write, "category_form")


@login_required
@require_POST
def prize_category_delete(request: HttpRequest, slug: str) -> HttpResponse:
    known: dict[str, Any] = {}

    def make(tournament: Tournament) -> forms.Form:
        form = PrizeCategoryDeleteForm(request.POST)
        known["category"] = _Known(tournament).category(form)
        return form

    def write(tournament: Tournament, form: forms.Form) -> str:
        category = known["category"]
        services.prize_category_delete(category=category, by=request.user)
        return _("The category %(name)s is deleted.") % {"name": category.name}

    return _post(request, slug, make, write, "category_delete_form", shown=lambda form: False)


@login_required
@require_POST
def prize_category_players(request: HttpRequest, slug: str) -> HttpResponse:
    known: dict[str, Any] = {}

    def make(tournament: Tournament) -> forms.Form:
        players = [p for p in tournament.players.all() if not p.hors_concours]
        form = PrizeCategoryPlayersForm(request.POST, players=players)
        known["category"] = _Known(tournament).category(form)
        return form

    def write(tournament: Tournament, form: forms.Form) -> str:
        category = services.prize_category_assign(
            category=known["category"], players=form.chosen(), by=request.user
        )
        return _("The players of %(name)s are saved.") % {"name": category.name}

    return _post(
        request,
        slug,
        make,
        write,
        "players_form",
        shown=lambda form: known["category"] is not None,
    )
