"""The organiser's data pages: the tournament as a JSON file, the standings as CSV for a
spreadsheet, the backups (back up now, restore after a confirmation), and the import of an
exported tournament as a new one. Everything under ``o/<slug>/data/`` is gated by
:func:`tournaments.views.desk.organiser_tournament` (404 for a stranger; restoring is the
owner's); the import needs a login only."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods
from openpyxl import Workbook
from openpyxl.styles import Font

from tournaments import backups, permissions, services
from tournaments.exchange import export_tournament
from tournaments.messages import score_column, tiebreak_label
from tournaments.models import Tournament
from tournaments.standings import Standings, tournament_standings
from tournaments.views.desk import organiser_tournament

MAX_UPLOAD_BYTES = 50 * 1024 * 1024
"""An uploaded tournament may be this large (a 1,000-player championship is a few MB)."""


def _attachment(content: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def tournament_export(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole tournament as one JSON file (docs/backups.md)."""
    tournament = organiser_tournament(request, slug)
    text = json.dumps(export_tournament(tournament), ensure_ascii=False, indent=1)
    return _attachment(
        text, "application/json; charset=utf-8", f"{tournament.slug}-{tournament.date}.json"
    )


def standings_csv_rows(tournament: Tournament, standings: Standings) -> list[list[Any]]:
    """The standings as spreadsheet rows, a heading row first: rank ("3=" where shared),
    player, club, team, the score of each round (empty where the player did not play; a bye
    at its score), the total, the rounds sat out with a bye ("2, 4"), then each tie-break
    figure shown in the standings. Numbers stay plain numbers."""
    clubs = dict(tournament.players.values_list("pk", "club"))
    teams = dict(tournament.teams.values_list("pk", "name"))
    columns = standings.figure_columns
    rows: list[list[Any]] = [
        [
            _("Rank"),
            _("Player"),
            _("Club or village"),
            _("Team"),
            *(_("R%(number)s") % {"number": n} for n in standings.rounds),
            score_column(tournament.game),
            _("Byes in rounds"),
            *(str(tiebreak_label(tournament.game, key)) for key in columns),
        ]
    ]
    for row in standings.rows:
        rows.append(
            [
                f"{row.rank}{'=' if row.tied else ''}",
                row.player.name,
                clubs.get(row.player.pk, ""),
                teams.get(row.player.team_id, ""),
                *("" if cell is None else cell.score for cell in row.cells),
                row.total,
                ", ".join(str(r.round) for r in row.rounds if r.bye),
                *(row.figure(key) for key in columns),
            ]
        )
    return rows


def _standings_file_name(tournament: Tournament, suffix: str) -> str:
    return "-".join([tournament.slug, _("standings")]) + suffix


@login_required
@require_GET
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as CSV in the dialect German Excel opens with a double click: fields
    separated by ``;``, UTF-8 with a byte order mark so that it reads the umlauts."""
    tournament = organiser_tournament(request, slug)
    buffer = io.StringIO()
    rows = standings_csv_rows(tournament, tournament_standings(tournament))
    csv.writer(buffer, delimiter=";").writerows(rows)
    return _attachment(
        "\ufeff" + buffer.getvalue(),
        "text/csv; charset=utf-8",
        _standings_file_name(tournament, ".csv"),
    )


@login_required
@require_GET
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings as an Excel workbook (openpyxl): the rows of the CSV, the heading row
    bold and frozen, numbers as numbers."""
    tournament = organiser_tournament(request, slug)
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = str(_("Standings"))[:31]
    for row in standings_csv_rows(tournament, tournament_standings(tournament)):
        sheet.append(row)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    sheet.column_dimensions["B"].width = 28
    sheet.column_dimensions["C"].width = 20
    buffer = io.BytesIO()
    workbook.save(buffer)
    return _attachment(
        buffer.getvalue(),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        _standings_file_name(tournament, ".xlsx"),
    )


def _backups_page(
    request: HttpRequest, tournament: Tournament, *, status: int = 200
) -> HttpResponse:
    context = {
        "tournament": tournament,
        "backups": backups.backups(tournament),
        "kept": backups.settings.BACKUPS_KEPT,
        "may_restore": permissions.may(request.user, permissions.Action.RESTORE, tournament),
    }
    return render(request, "tournaments/data/backups.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def backup_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's backups, the newest first, with date, reason and size; a POST backs it
    up now."""
    tournament = organiser_tournament(request, slug)
    if request.method == "POST":
        try:
            path_ = backups.backup(tournament, "manual")
        except OSError as exc:
            messages.error(request, _("The backup failed: %(error)s") % {"error": exc})
            return _backups_page(request, tournament, status=500)
        messages.success(request, _("Backed up as %(name)s.") % {"name": path_.name})
        return redirect("backup-list", slug=tournament.slug)
    return _backups_page(request, tournament)


class RestoreForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=300,
        help_text=gettext_lazy("Why the tournament goes back to this backup (for the audit log)."),
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def backup_restore(request: HttpRequest, slug: str, name: str) -> HttpResponse:
    """The confirmation page of a restore (what the backup holds, a reason); its POST restores.
    The file is checked completely first: an error lists what is wrong (status 400) and changes
    nothing. Only the tournament's owner may restore."""
    tournament = organiser_tournament(request, slug, permissions.Action.RESTORE)
    chosen = backups.find(tournament, name)
    if chosen is None:
        raise Http404
    form = RestoreForm(request.POST or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_restore(
                tournament=tournament,
                path=chosen.path,
                by=request.user,
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as exc:
            problems = exc.messages
        except OSError as exc:
            problems = [
                _("The current state could not be backed up first: %(error)s") % {"error": exc}
            ]
        else:
            messages.success(
                request, _("The tournament is restored from %(name)s.") % {"name": chosen.name}
            )
            return redirect(tournament)
    context = {"tournament": tournament, "backup": chosen, "form": form, "problems": problems}
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/data/restore.html", context, status=status)


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Tournament file (JSON)"),
        help_text=gettext_lazy("A file exported from Kreidetafel (Export → JSON) or a backup."),
    )
    slug = forms.SlugField(
        label=gettext_lazy("Public address"),
        required=False,
        max_length=80,
        help_text=gettext_lazy("Leave empty to keep the file's address."),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise ValidationError(_("The file is larger than 50 MB."))
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValidationError(
                _("The file cannot be read as JSON: %(error)s") % {"error": exc}
            ) from exc


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_import(request: HttpRequest) -> HttpResponse:
    """Upload an exported tournament: it becomes a new tournament of the logged-in user. The
    whole file is checked first; its errors are listed with their places in the file (status
    400) and nothing is saved."""
    form = ImportForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_import(
                data=form.cleaned_data["file"],
                organiser=request.user,
                slug=form.cleaned_data["slug"] or None,
            )
        except ValidationError as exc:
            problems = exc.messages
        else:
            messages.success(request, _("The tournament is imported."))
            return redirect(tournament)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/data/import.html",
        {"form": form, "problems": problems},
        status=status,
    )
