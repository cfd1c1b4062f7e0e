"""Pages: the organiser's (login required), the table's (private link) and the public ones.

Every page answers a plain request with the whole page; an htmx request gets a partial of the
same template (``"page.html#partial"``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Max, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from tournaments import services
from tournaments.entries import entry_from_post, flatten_entry
from tournaments.forms import (
    CorrectionForm,
    DrawForm,
    PlayerForm,
    PlayerListForm,
    TournamentForm,
)
from tournaments.models import Bye, Round, Seat, Table, Tournament
from tournaments.printing import result_sheet_pdf
from tournaments.standings import tournament_standings
from tournaments.tables import table_for_token, table_view


def _partial(request: HttpRequest, template: str, partial: str) -> str:
    return f"{template}#{partial}" if getattr(request, "htmx", False) else template


def _apply_errors(form: Any, error: ValidationError) -> None:
    """Engine and service errors onto the form: a named field's error goes beside that field."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            for item in errors:
                form.add_error(field if field in form.fields else None, item)
    else:
        form.add_error(None, error)


def organiser_tournament(request: HttpRequest, slug: str) -> Tournament:
    """The tournament at ``slug`` if the logged-in user organises it (or is a superuser); 404
    otherwise, so that a stranger learns nothing about it."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if tournament.organiser_id != request.user.pk and not request.user.is_superuser:
        raise Http404
    return tournament


# --- organiser ------------------------------------------------------------------------------


@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(player_count=Count("players"))
    if not request.user.is_superuser:
        tournaments = tournaments.filter(organiser=request.user)
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(
                organiser=request.user, **form.tournament_fields()
            )
        except ValidationError as exc:
            _apply_errors(form, exc)
        else:
            messages.success(request, _("Tournament created. Now register the players."))
            return redirect(tournament)
    return render(request, "tournaments/tournament_form.html", {"form": form})


def _tournament_context(tournament: Tournament, **forms: Any) -> dict[str, Any]:
    rounds = tournament.rounds.prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.annotate(
                deal_count=Count("deals"), last_entry=Max("deals__updated_at")
            ).prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player"))),
        ),
        Prefetch("byes", queryset=Bye.objects.select_related("player")),
    )
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "rounds": rounds,
        "player_form": PlayerForm(),
        "list_form": PlayerListForm(),
        "draw_form": DrawForm(),
    }
    context.update(forms)
    return context


@login_required
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organiser_tournament(request, slug)
    return render(request, "tournaments/tournament_detail.html", _tournament_context(tournament))


def _desk_post(
    request: HttpRequest,
    slug: str,
    form_class: type[Any],
    context_key: str,
    act: Callable[[Tournament, dict[str, Any]], HttpResponse],
) -> HttpResponse:
    """One organiser's form post: ``act`` writes through a service and answers; its
    ``ValidationError`` goes back onto the form, re-shown on the tournament page (status 400)."""
    tournament = organiser_tournament(request, slug)
    form = form_class(request.POST)
    if form.is_valid():
        try:
            return act(tournament, form.cleaned_data)
        except ValidationError as exc:
            _apply_errors(form, exc)
    context = _tournament_context(tournament, **{context_key: form})
    return render(request, "tournaments/tournament_detail.html", context, status=400)


@login_required
@require_POST
def player_create(request: HttpRequest, slug: str) -> HttpResponse:
    def act(tournament: Tournament, data: dict[str, Any]) -> HttpResponse:
        player = services.player_add(tournament=tournament, **data)
        messages.success(request, _("%(name)s is registered.") % {"name": player.name})
        return redirect(tournament)

    return _desk_post(request, slug, PlayerForm, "player_form", act)


@login_required
@require_POST
def player_list_create(request: HttpRequest, slug: str) -> HttpResponse:
    def act(tournament: Tournament, data: dict[str, Any]) -> HttpResponse:
        added = services.players_add_list(tournament=tournament, text=data["names"])
        messages.success(request, _("%(count)s players registered.") % {"count": len(added)})
        return redirect(tournament)

    return _desk_post(request, slug, PlayerListForm, "list_form", act)


@login_required
@require_POST
def round_create(request: HttpRequest, slug: str) -> HttpResponse:
    def act(tournament: Tournament, data: dict[str, Any]) -> HttpResponse:
        new_round = services.round_draw(tournament=tournament, **data)
        messages.success(request, _("Round %(number)s is drawn.") % {"number": new_round.number})
        return redirect("round-detail", slug=tournament.slug, number=new_round.number)

    return _desk_post(request, slug, DrawForm, "draw_form", act)


@login_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = organiser_tournament(request, slug)
    the_round = get_object_or_404(Round, tournament=tournament, number=number)
    tables = [
        table_view(table)
        for table in the_round.tables.select_related("round__tournament").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("label")),
            "deals",
        )
    ]
    context = {
        "tournament": tournament,
        "round": the_round,
        "tables": tables,
        "byes": the_round.byes.select_related("player"),
    }
    return render(request, _partial(request, "tournaments/round_detail.html", "progress"), context)


@login_required
def result_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organiser_tournament(request, slug)
    response = HttpResponse(result_sheet_pdf(tournament), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}-results.pdf"'
    return response


# --- the table ------------------------------------------------------------------------------


def _table_page(
    request: HttpRequest,
    table: Table,
    *,
    errors: dict | None = None,
    values: Any = None,
    status: int = 200,
    correcting: bool = False,
) -> HttpResponse:
    view = table_view(table)
    tournament = table.round.tournament
    if correcting and values is None and view.last_deal is not None:
        values = flatten_entry(view.last_deal.entry)
    context = {
        "tournament": tournament,
        "view": view,
        "state": view.state_before_last if correcting else view.state,
        "game_templates": f"scoring/{tournament.game}/",
        "variant": tournament.scoring_game.variant(tournament.variant),
        "errors": errors or {},
        "values": values or {},
        "correcting": correcting,
        "correction_form": CorrectionForm(request.POST or None) if correcting else None,
    }
    template = _partial(request, "tournaments/table_detail.html", "table-main")
    return render(request, template, context, status=status)


def _error_fields(error: ValidationError) -> dict[str, list[str]]:
    if hasattr(error, "error_dict"):
        return {
            field: [m for e in errs for m in e.messages] for field, errs in error.error_dict.items()
        }
    return {"__all__": error.messages}


def table_detail(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page: the slate, the last deal in words and the form for the next deal.
    A POST enters the next deal; errors come back beside their fields and nothing is saved."""
    table = table_for_token(token)
    if request.method != "POST":
        return _table_page(request, table)
    entry = entry_from_post(request.POST)
    try:
        recorded = services.deal_record(
            table=table, entry=entry, by=request.user, via=_("table link")
        )
    except ValidationError as exc:
        return _table_page(
            request, table, errors=_error_fields(exc), values=request.POST, status=422
        )
    for warning in recorded.warnings:
        messages.warning(request, warning)
    if request.htmx:
        return _table_page(request, table)
    return redirect(table)


def table_correct(request: HttpRequest, token: str) -> HttpResponse:
    """Correct the table's last deal: the corrected entry becomes a new revision, with a reason;
    the earlier version is kept."""
    table = table_for_token(token)
    if request.method != "POST":
        return _table_page(request, table, correcting=True)
    form = CorrectionForm(request.POST)
    entry = entry_from_post(request.POST)
    errors: dict[str, list[str]] = {}
    if not form.is_valid():
        errors = {field: list(errs) for field, errs in form.errors.items()}
    else:
        try:
            recorded = services.deal_correct(
                table=table,
                entry=entry,
                by=request.user,
                via=_("table link"),
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as exc:
            errors = _error_fields(exc)
    if errors:
        return _table_page(
            request, table, errors=errors, values=request.POST, status=422, correcting=True
        )
    messages.success(request, _("The last deal is corrected."))
    for warning in recorded.warnings:
        messages.warning(request, warning)
    if request.htmx:
        return HttpResponseClientRedirect(table.get_absolute_url())
    return redirect(table)


# --- public ---------------------------------------------------------------------------------


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    context = {"tournament": tournament, "standings": tournament_standings(tournament)}
    return render(request, _partial(request, "tournaments/standings.html", "table"), context)
