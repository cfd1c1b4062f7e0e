"""The Stechen stage on the desk (``o/<slug>/stechen/``): after the last round the tie groups on
the places the organiser wants decided, each group's lot where it does not fill whole tables,
and the Stechen's result as the tables played it (:mod:`tournaments.stechen`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.models import Player, Tournament
from tournaments.stechen import PODIUM, TieGroup, tournament_tie_groups
from tournaments.views.desk import _write, organiser_tournament

SCOPES = ("podium", "prizes", "all")
"""Which places the page looks at: the podium, the certificate places, every tie."""


class LotForm(forms.Form):
    first_place = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
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
    for group in _groups(tournament, scope):
        mine = bound is not None and str(place) == str(group.first_place)
        initial = {"first_place": group.first_place}
        playing = _playing(group)
        lot = bound if mine and not isinstance(bound, ResultForm) else LotForm(initial=initial)
        result = bound if mine and isinstance(bound, ResultForm) else None
        result = result or ResultForm(group=group, players=playing, initial=initial)
        outcomes = [(player, *group.outcome(player)) for player in group.players]
        shown.append({"group": group, "outcomes": outcomes, "lot": lot, "result": result})
    context = {"tournament": tournament, "scope": scope, "scopes": SCOPES, "groups": shown}
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
