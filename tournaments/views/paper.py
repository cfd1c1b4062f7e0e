"""The desk types in a table's paper sheet (``o/<slug>/rounds/<n>/tables/<t>/paper/``): one
grid for every deal the sheet holds, checked deal by deal, an optional photo of the sheet and an
optional second typing that must agree (``tournaments.services.paper``)."""

from __future__ import annotations

from functools import partial as bound
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from tournaments import paper
from tournaments.models import PaperSheet, Table
from tournaments.services.paper import (
    PaperProblem,
    paper_sheet_discard,
    paper_sheet_type,
    waiting_sheet,
)
from tournaments.tables import TableView, table_seats, table_view
from tournaments.views.common import partial
from tournaments.views.desk import organiser_tournament

BLANK_ROWS = 4
"""Empty rows the grid shows below the last filled one."""
FIRST_ROWS = 12
"""Rows a fresh grid shows (a Vier-Strich rarely has more deals; "More rows" adds some)."""
IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp", "image/heic", "image/heif")


def _table(request: HttpRequest, slug: str, number: int, table: int) -> Table:
    tournament = organiser_tournament(request, slug)
    the_round = get_object_or_404(tournament.rounds, number=number)
    return get_object_or_404(
        Table.objects.select_related("round__tournament"), round=the_round, number=table
    )


def _headings(columns: list[paper.Column], players: dict[str, Any]) -> list[dict[str, Any]]:
    """Each column with the player (or partners: an account's seats, "AC") its heading names."""
    return [
        {"column": c, "who": " / ".join(players[s].name for s in c.seat or "" if s in players)}
        for c in columns
    ]


def _photo(request: HttpRequest) -> Any:
    """The uploaded photo of the sheet, or None. Raises ``ValidationError`` for a file that is
    no picture or too big."""
    photo = request.FILES.get("photo")
    if photo is None:
        return None
    if photo.content_type not in IMAGE_TYPES:
        raise ValidationError(
            _("The photo must be a picture (JPEG, PNG, WebP or HEIC), not “%(name)s”.")
            % {"name": photo.name}
        )
    if photo.size > settings.PAPER_PHOTO_MAX_BYTES:
        raise ValidationError(
            _("The photo is larger than %(mb)s MB; take it again with less resolution.")
            % {"mb": settings.PAPER_PHOTO_MAX_BYTES // (1024 * 1024)}
        )
    return photo


def _page(
    request: HttpRequest,
    table: Table,
    *,
    rows: list[paper.Row] | None = None,
    status: int = 200,
    view: TableView | None = None,
    **extra: Any,
) -> HttpResponse:
    view = view or table_view(table)
    tournament = table.round.tournament
    columns = paper.columns(tournament.game, tuple(view.players))
    rows = rows or []
    count = max(FIRST_ROWS, len(rows) + BLANK_ROWS, extra.pop("row_count", 0))
    problem: paper.Problem | None = extra.get("problem")
    checked: paper.Checked | None = extra.get("checked")
    differing = {(d["row"], d["column"].key) for d in extra.get("differences", ()) if d["column"]}
    grid = [
        {
            "index": i,
            "number": view.next_number + i - 1,
            "cells": [
                {
                    "column": c,
                    "name": f"r{i}-{c.key}",
                    "value": (rows[i - 1] if i <= len(rows) else {}).get(c.key, ""),
                    "wrong": (i, c.key) in differing
                    or (
                        problem is not None and problem.row == i and problem.column in (c.key, None)
                    ),
                }
                for c in columns
            ],
            "wrong": problem is not None and problem.row == i,
        }
        for i in range(1, min(count, paper.MAX_ROWS) + 1)
    ]
    sheet = waiting_sheet(table)
    headings = _headings(columns, view.players)
    context = {
        "tournament": tournament,
        "round": table.round,
        "table": table,
        "view": view,
        "state": checked.state if checked else view.state,
        "game_templates": f"scoring/{tournament.game}/",
        "headings": headings,
        "problem_heading": next(
            (h for h in headings if problem and h["column"].key == problem.column), None
        ),
        "grid": grid,
        "waiting": sheet,
        "typings": sheet.typings.select_related("typed_by") if sheet else [],
        "sheets": table.paper_sheets.exclude(photo="").order_by("-created_at"),
        **extra,
    }
    template = partial(request, "tournaments/desk/paper.html", "paper-main")
    return render(request, template, context, status=status)


@login_required
def paper_sheet(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The grid (GET); "Check" replays it without saving and shows the slate it gives, "Save"
    keeps the typing and stores its deals when the sheet counts, "More rows" adds rows."""
    the_table = _table(request, slug, number, table)
    if request.method != "POST":
        return _page(request, the_table)
    columns = paper.columns(the_table.round.tournament.game, _seats(the_table))
    rows = paper.rows_from_post(request.POST, [c.key for c in columns])
    action = request.POST.get("_action", "save")
    shown = (
        min(int(request.POST["_rows"]), paper.MAX_ROWS)
        if request.POST.get("_rows", "").isdigit()
        else 0
    )
    if action == "more":
        return _page(request, the_table, rows=rows, row_count=shown + 8)
    if action == "check":
        return _check(request, the_table, rows, shown)
    double_entry = request.POST.get("double_entry") == "on"
    refused = bound(
        _page, request, the_table, rows=rows, status=400, row_count=shown, double_entry=double_entry
    )
    try:
        photo = _photo(request)
        typed = paper_sheet_type(
            table=the_table, rows=rows, by=request.user, double_entry=double_entry, photo=photo
        )
    except PaperProblem as exc:
        return refused(problem=exc.problem)
    except ValidationError as exc:
        return refused(refused=exc.messages)
    if typed.deals:
        messages.success(
            request,
            ngettext(
                "Table %(table)s: %(count)s deal from the paper sheet is stored.",
                "Table %(table)s: %(count)s deals from the paper sheet are stored.",
                len(typed.deals),
            )
            % {"table": the_table.number, "count": len(typed.deals)},
        )
        return redirect("round-detail", slug=slug, number=number)
    if typed.differences:
        return _page(
            request,
            the_table,
            rows=rows,
            status=409,
            differences=_differences(typed, columns),
            row_count=shown,
        )
    messages.success(
        request,
        _(
            "First typing kept. Now a second person types the same sheet in again; its deals "
            "count once both typings agree."
        ),
    )
    return redirect("paper-sheet", slug=slug, number=number, table=table)


def _seats(table: Table) -> tuple[str, ...]:
    return tuple(seat.label for seat in table_seats(table))


def _check(request: HttpRequest, table: Table, rows: list[paper.Row], shown: int) -> HttpResponse:
    view = table_view(table)
    the_round = table.round
    checked = paper.check(
        the_round.tournament.game,
        the_round.scoring_game,
        the_round.scoring_variant,
        view.state,
        rows,
        view.next_number,
    )
    return _page(
        request,
        table,
        rows=rows,
        status=200 if checked.problem is None else 400,
        checked=checked,
        problem=checked.problem,
        row_count=shown,
        double_entry=request.POST.get("double_entry") == "on",
        view=view,
    )


def _differences(typed: Any, columns: list[paper.Column]) -> list[dict[str, Any]]:
    labels = {c.key: c for c in columns}
    first = typed.sheet.first_number
    return [
        {"number": first + row - 1, "row": row, "column": labels.get(key), "a": a, "b": b}
        for row, key, a, b in typed.differences
    ]


@login_required
@require_POST
def paper_sheet_drop(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """Set aside the typing that waits for its second (the typings and photo stay)."""
    the_table = _table(request, slug, number, table)
    sheet = waiting_sheet(the_table)
    if sheet is None:
        messages.info(request, _("No typing waits for this table."))
    else:
        paper_sheet_discard(sheet=sheet, by=request.user)
        messages.success(request, _("The waiting typing was set aside; no deal was stored."))
    return redirect("paper-sheet", slug=slug, number=number, table=table)


@login_required
@require_safe
def paper_sheet_photo(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The photo of a paper sheet, to the tournament's organisers only."""
    tournament = organiser_tournament(request, slug)
    sheet = get_object_or_404(PaperSheet, pk=pk, table__round__tournament=tournament)
    if not sheet.photo:
        raise Http404("no photo")
    return FileResponse(sheet.photo.open("rb"))
