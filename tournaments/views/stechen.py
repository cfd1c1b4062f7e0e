"""The Stechen stage on the desk (``o/<slug>/stechen/``): after the last round the tie groups on
the places the organiser wants decided, each group's lot where it does not fill whole tables,
its Stechen tables (drawn, their cards with the links, their progress; their result takes the
group's places) or the result of a Stechen played on paper (:mod:`tournaments.stechen`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from tournaments import services
from tournaments.models import Player, Round, Tournament
from tournaments.stechen import PODIUM, TieGroup, tournament_tie_groups
from tournaments.views.desk import _write, cards_page, organiser_tournament, round_progress

SCOPES = ("podium", "prizes", "all")
"""Which places the page looks at: the podium, the certificate places, every tie."""


class GroupForm(forms.Form):
    """Which tie group an action is for: its first place."""

    first_place = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class LotForm(GroupForm):
    reason = forms.CharField(
        label=gettext_lazy("Reason for drawing again"), max_length=300, required=False
    )


class ResultForm(LotForm):
    """The players who played a group's Stechen, best first: one choice per place."""

    def __init__(self, *args: Any, group: TieGroup, players: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = gettext_lazy("Reason for changing the result")
        choices = [("", "–"), *((p.pk, p.name) for p in players)]
        for offset in range(len(players)):
            self.fields[f"place_{offset}"] = forms.TypedChoiceField(
                label=_("Place %(place)s") % {"place": group.first_place + offset},
                choices=choices,
                coerce=int,
            )
        self.players = {p.pk: p for p in players}

    def order(self) -> list[Player]:
        """The chosen players, best first."""
        return [
            self.players[value] for key, value in self.cleaned_data.items() if key[:6] == "place_"
        ]


def _groups(tournament: Tournament, scope: str) -> list[TieGroup]:
    up_to = {"podium": PODIUM, "prizes": tournament.certificate_places}.get(scope)
    return tournament_tie_groups(tournament, up_to)


def _playing(group: TieGroup) -> list[Player]:
    """The group's players who play (or played) its Stechen, as the standings order them."""
    ids = [p.pk for p in group.in_stechen]
    players = Player.objects.in_bulk(ids)
    return [players[pk] for pk in ids]


def _scope(request: HttpRequest) -> str:
    scope = request.GET.get("scope")
    return scope if scope in SCOPES else "prizes"


def _page(
    request: HttpRequest, tournament: Tournament, bound: forms.Form | None = None
) -> HttpResponse:
    """The page; ``bound`` (a lot or result form with errors) replaces its group's fresh form."""
    scope = _scope(request)
    place = bound["first_place"].value() if bound is not None else None
    shown = []
    stechen_rounds = {
        r.stechen_first_place: r
        for r in Round.all_objects.filter(tournament=tournament, stechen_first_place__isnull=False)
    }
    for group in _groups(tournament, scope):
        mine = bound is not None and str(place) == str(group.first_place)
        initial = {"first_place": group.first_place}
        playing = _playing(group)
        kind = type(bound) if mine else None
        lot = bound if kind is LotForm else LotForm(initial=initial)
        tables_form = bound if kind is GroupForm else GroupForm(initial=initial)
        result = bound if kind is ResultForm else None
        result = result or ResultForm(group=group, players=playing, initial=initial)
        outcomes = [(player, *group.outcome(player)) for player in group.players]
        the_round = stechen_rounds.get(group.first_place)
        tables = round_progress(tournament, the_round) if the_round else []
        shown.append(
            {
                "group": group,
                "outcomes": outcomes,
                "lot": lot,
                "result": result,
                "tables_form": tables_form,
                "round": the_round,
                "tables": tables,
                "started": any(t.deal_count for t in tables),
            }
        )
    context = {
        "tournament": tournament,
        "scope": scope,
        "scopes": SCOPES,
        "groups": shown,
        "plays": Tournament.StechenUnit(tournament.stechen_play).label,
        "lot_only": tournament.stechen_play == Tournament.StechenUnit.LOT,
    }
    return render(
        request, "tournaments/desk/stechen.html", context, status=400 if bound is not None else 200
    )


def _back(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return redirect(reverse("stechen", args=[tournament.slug]) + f"?scope={_scope(request)}")


@login_required
def stechen(request: HttpRequest, slug: str) -> HttpResponse:
    """The tie groups of the chosen places (``?scope=podium|prizes|all``, default the
    certificate places), each with its lot and its result form."""
    return _page(request, organiser_tournament(request, slug))


@login_required
@require_POST
def stechen_lot(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw (or, with a reason, draw again) a tie group's lot."""
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.stechen_lot_draw(
            tournament=tournament,
            first_place=data["first_place"],
            by=request.user,
            reason=data["reason"],
        )
        messages.success(request, _("The lot is drawn; it is in the log."))
        return _back(request, tournament)

    form = LotForm(request.POST)
    return _write(request, tournament, form, act, lambda f: _page(request, tournament, f))


@login_required
@require_POST
def stechen_result(request: HttpRequest, slug: str) -> HttpResponse:
    """Record (or, with a reason, change) a tie group's Stechen."""
    tournament = organiser_tournament(request, slug)
    place = LotForm(request.POST)
    group = None
    if place.is_valid():
        groups = _groups(tournament, "all")
        group = next(
            (g for g in groups if g.first_place == place.cleaned_data["first_place"]), None
        )
    if group is None:
        messages.error(request, _("Nobody is level on that place any more; see the page again."))
        return _back(request, tournament)

    def act(data: dict[str, Any]) -> HttpResponse:
        services.stechen_record(
            tournament=tournament,
            first_place=data["first_place"],
            order=form.order(),
            by=request.user,
            reason=data["reason"],
        )
        messages.success(request, _("The Stechen's result is recorded."))
        return _back(request, tournament)

    form = ResultForm(request.POST, group=group, players=_playing(group))
    return _write(request, tournament, form, act, lambda f: _page(request, tournament, f))


def _group_write(request: HttpRequest, slug: str, write: Any, done: str) -> HttpResponse:
    """A POST naming a tie group (``first_place``): ``write`` (a service taking
    ``tournament``, ``first_place`` and ``by``), then back to the page with ``done``."""
    tournament = organiser_tournament(request, slug)

    def act(data: dict[str, Any]) -> HttpResponse:
        write(tournament=tournament, first_place=data["first_place"], by=request.user)
        messages.success(request, done)
        return _back(request, tournament)

    form = GroupForm(request.POST)
    return _write(request, tournament, form, act, lambda f: _page(request, tournament, f))


@login_required
@require_POST
def stechen_tables_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw a tie group's Stechen tables."""
    return _group_write(
        request,
        slug,
        services.stechen_tables_draw,
        _("The Stechen tables are drawn: print their cards or show the codes to the players."),
    )


@login_required
@require_POST
def stechen_tables_withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    """Take back a tie group's Stechen tables (only before their first deal)."""
    return _group_write(
        request, slug, services.stechen_tables_withdraw, _("The Stechen tables are taken back.")
    )


@login_required
@require_safe
def stechen_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The printable cards of the Stechen tables for the places from ``number``."""
    tournament = organiser_tournament(request, slug)
    the_round = get_object_or_404(
        Round.all_objects.select_related("tournament"),
        tournament=tournament,
        stechen_first_place=number,
    )
    back = reverse("stechen", args=[slug]) + f"?scope=all#places-{number}"
    return cards_page(request, the_round, back)
