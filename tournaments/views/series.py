"""Series and the player register (issue 19, part 3): the organiser's pages (his series, a
series' rule and tournaments, the register with its merge) and the public series page with its
PDF (the roll of winners and the series standings)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Count, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import names, permissions, services
from tournaments.forms import MergeForm, SeriesForm
from tournaments.models import Person, Series, Tournament
from tournaments.printing.series import series_pdf
from tournaments.series import series_standings
from tournaments.views.common import apply_errors

REGISTER_PAGE = 300
"""At most this many entries of the register on one page (a search narrows them)."""


def _organised(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` organises (owner or co-organiser; a superuser: all)."""
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(organiser=user) | Q(co_organisers=user)).distinct()


def _own_series(request: HttpRequest, slug: str) -> Series:
    """The series at ``slug`` if the user may edit it; 404 for everybody else."""
    series = get_object_or_404(Series, slug=slug)
    if not permissions.may_edit_series(request.user, series):
        raise Http404
    return series


@login_required
@require_safe
def series_list(request: HttpRequest) -> HttpResponse:
    """The user's series (a superuser: all), each with its tournaments counted."""
    series = Series.objects.annotate(tournament_count=Count("tournaments")).order_by("name")
    if not request.user.is_superuser:
        series = series.filter(organiser=request.user)
    return render(request, "tournaments/series/list.html", {"series_list": series})


@login_required
def series_create(request: HttpRequest) -> HttpResponse:
    form = SeriesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            series = services.series_create(organiser=request.user, **form.rule())
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Series created. Now choose its tournaments."))
            return redirect("series-edit", series.slug)
    return render(request, "tournaments/series/form.html", {"form": form, "series": None})


def _choices(request: HttpRequest, series: Series) -> tuple[list[tuple[int, str]], set[int]]:
    """The tournaments offered on the series' page (those the user may put in, and those in
    the series already, newest first) and the ids of those he may change."""
    mine = set(_organised(request.user).values_list("pk", flat=True))
    offered = (
        Tournament.objects.filter(Q(pk__in=mine) | Q(series=series))
        .filter(Q(series__isnull=True) | Q(series=series))
        .order_by("-date", "name")
    )
    choices = [(t.pk, f"{t.name} · {t.date:%d.%m.%Y}") for t in offered]
    return choices, mine


@login_required
def series_edit(request: HttpRequest, series: str) -> HttpResponse:
    """A series' rule and its tournaments (a tournament the user does not organise stays as it
    is, whatever the form says), with its roll of winners and standings as the desk sees them:
    every tournament, hidden standings included."""
    the_series = _own_series(request, series)
    choices, mine = _choices(request, the_series)
    current = set(the_series.tournaments.values_list("pk", flat=True))
    initial = {
        "name": the_series.name,
        "scoring": the_series.scoring,
        "place_points": ", ".join(map(str, the_series.place_points)),
        "best_of": the_series.best_of,
        "drop_worst": the_series.drop_worst,
        "tournaments": sorted(current),
    }
    form = SeriesForm(request.POST or None, initial=initial, choices=choices)
    if request.method == "POST" and form.is_valid():
        chosen = set(form.cleaned_data.get("tournaments", []))
        wanted = (chosen & mine) | (current - mine)
        try:
            services.series_edit(series=the_series, by=request.user, **form.rule())
            services.series_assign(
                series=the_series,
                tournaments=Tournament.objects.filter(pk__in=wanted),
                by=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Series saved."))
            return redirect("series-edit", the_series.slug)
    # The desk sees every tournament of the series, hidden standings included.
    standings = series_standings(the_series, public=False)
    context = {"form": form, "series": the_series, "standings": standings}
    return render(request, "tournaments/series/form.html", context)


def _register(user) -> QuerySet[Person]:
    """The register as ``user`` sees it: the people who played in a tournament he organises
    (a superuser: everybody), each with his number of tournaments."""
    persons = Person.objects.annotate(tournament_count=Count("players"))
    if not user.is_superuser:
        persons = persons.filter(players__tournament__in=_organised(user)).distinct()
    return persons


@login_required
@require_safe
def register(request: HttpRequest) -> HttpResponse:
    """The player register: name, club or village, year of birth, tournaments played; searched
    by name or club (umlauts and case ignored); two entries chosen are merged."""
    query = request.GET.get("q", "").strip()[:120]
    persons = sorted(_register(request.user), key=lambda p: names.sort_key(p.name))
    if query:
        persons = [p for p in persons if names.matches(query, f"{p.name} {p.club}")]
    return render(
        request,
        "tournaments/series/register.html",
        {
            "persons": persons[:REGISTER_PAGE],
            "more": max(0, len(persons) - REGISTER_PAGE),
            "query": query,
            "form": MergeForm(),
        },
    )


@login_required
@require_POST
def person_merge(request: HttpRequest) -> HttpResponse:
    """Merge the register's entry ``merged`` into ``keep`` (the service's rules), for whoever
    may write in every tournament the two played (:func:`permissions.may_merge`)."""
    form = MergeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the entry to keep and the one to merge into it."))
        return redirect("register")
    visible = _register(request.user)
    keep = get_object_or_404(visible, pk=form.cleaned_data["keep"])
    merged = get_object_or_404(visible, pk=form.cleaned_data["merged"])
    played = Tournament.objects.filter(players__person__in=[keep, merged]).distinct()
    if not permissions.may_merge(request.user, played):
        raise Http404
    try:
        services.person_merge(keep=keep, merged=merged, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("“%(merged)s” merged into “%(keep)s”.") % {"merged": merged, "keep": keep},
        )
    return redirect("register")


@require_safe
def series_public(request: HttpRequest, series: str) -> HttpResponse:
    """The public series page: the roll of winners and the series standings, from the
    tournaments whose public pages are on and whose final standings are shown
    (:func:`tournaments.series.series_standings`)."""
    the_series = get_object_or_404(Series, slug=series)
    standings = series_standings(the_series, public=True)
    context = {"series": the_series, "standings": standings}
    return render(request, "tournaments/series/public.html", context)


@require_safe
def series_document(request: HttpRequest, series: str) -> HttpResponse:
    """The public page's roll and standings as an A4 PDF."""
    the_series = get_object_or_404(Series, slug=series)
    pdf = series_pdf(series_standings(the_series, public=True))
    response = HttpResponse(pdf, content_type="application/pdf")
    label = _("series standings")  # as a file name: "schapbach-gesamtwertung.pdf"
    filename = names.file_slug(f"{the_series.slug} {label}")
    response["Content-Disposition"] = f'inline; filename="{filename}.pdf"'
    return response
