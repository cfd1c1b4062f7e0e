"""The table's pages, behind a private link (the table's own, or a seat's): the slate, the
entry of the next deal, the correction of the last one and its confirmation by another player.
The link accepts deals only while its round is open; it is read-only afterwards."""

from __future__ import annotations

import re
import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from tournaments import permissions, services
from tournaments.entries import entry_from_post, flatten_entry
from tournaments.forms import CorrectionForm
from tournaments.tables import TableLink, table_link, table_view
from tournaments.views.common import error_fields, partial

KEY_FIELD = "_key"
"""The form's one-time idempotency key (a retried submission finds the deal it stored). The
leading ``_`` keeps it out of the deal's entry."""
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
VIA_LENGTH = 120
"""The columns that keep how a deal was entered (``DealRevision.entered_via``,
``AuditEntry.via``) hold this many characters."""


def _form_key(request: HttpRequest) -> str:
    """The posted form key if it is one a page could have made (up to 64 letters, digits, ``-``
    and ``_``; the page makes 32 hex digits). Anything else is no key: it could not be stored."""
    key = request.POST.get(KEY_FIELD, "")
    return key if _KEY.fullmatch(key) else ""


def _via(link: TableLink) -> str:
    if link.seat is None:
        return _("table link")
    via = _("link of seat %(seat)s (%(name)s)") % {
        "seat": link.seat.label,
        "name": link.seat.player.name,
    }
    return via if len(via) <= VIA_LENGTH else via[: VIA_LENGTH - 2] + "…)"


def _table_page(
    request: HttpRequest,
    link: TableLink,
    *,
    errors: dict | None = None,
    values: Any = None,
    status: int = 200,
    correcting: bool = False,
) -> HttpResponse:
    view = table_view(link.table)
    tournament = link.table.round.tournament
    if correcting and values is None and view.last_deal is not None:
        values = flatten_entry(view.last_deal.entry)
    last = view.last_deal
    awaiting = tournament.confirmation_required and last is not None and not last.confirmed
    organiser = tournament.organised_by(request.user)
    may_enter = link.seat is not None or not tournament.confirmation_required or organiser
    is_open = permissions.captain_may(link.table, permissions.Action.ENTER_DEAL)
    state = view.state_before_last if correcting else view.state
    context = {
        "tournament": tournament,
        "link": link,
        "view": view,
        "state": state,
        "game_templates": f"scoring/{tournament.game}/",
        "variant": tournament.scoring_game.variant(tournament.variant),
        "errors": errors or {},
        "values": values or {},
        "correcting": correcting,
        "open": is_open,
        "awaiting_confirmation": awaiting,
        "may_confirm": awaiting
        and (organiser if link.seat is None else last.entered_seat_id != link.seat.pk),
        "may_enter": may_enter,
        "form_shown": is_open
        and (correcting or (may_enter and not awaiting and not state.unit_over)),
        "form_key": uuid.uuid4().hex,
    }
    template = partial(request, "tournaments/table_detail.html", "table-main")
    return render(request, template, context, status=status)


def _after_write(request: HttpRequest, link: TableLink, recorded: services.Recorded) -> None:
    if recorded.replayed:
        messages.info(request, _("This deal was already saved; it is not entered twice."))
    for warning in recorded.warnings:
        messages.warning(request, warning)


def table_detail(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page: the slate, the last deal in words and the form for the next deal.
    A POST enters the next deal; errors come back beside their fields and nothing is saved."""
    link = table_link(token)
    if request.method != "POST":
        return _table_page(request, link)
    try:
        recorded = services.deal_record(
            table=link.table,
            entry=entry_from_post(request.POST),
            by=request.user,
            via=_via(link),
            seat=link.seat,
            key=_form_key(request),
        )
    except ValidationError as exc:
        return _table_page(request, link, errors=error_fields(exc), values=request.POST, status=422)
    _after_write(request, link, recorded)
    if request.htmx:
        return _table_page(request, link)
    return redirect(link.url)


def table_correct(request: HttpRequest, token: str) -> HttpResponse:
    """Correct the table's last deal: the corrected entry becomes a new revision, with a reason;
    the earlier version is kept."""
    link = table_link(token)
    if request.method != "POST":
        return _table_page(request, link, correcting=True)
    form = CorrectionForm(request.POST)
    errors: dict[str, list[str]] = {}
    if not form.is_valid():
        errors = {field: list(errs) for field, errs in form.errors.items()}
    else:
        try:
            recorded = services.deal_correct(
                table=link.table,
                entry=entry_from_post(request.POST),
                by=request.user,
                via=_via(link),
                reason=form.cleaned_data["reason"],
                seat=link.seat,
                key=_form_key(request),
            )
        except ValidationError as exc:
            errors = error_fields(exc)
    if errors:
        return _table_page(
            request, link, errors=errors, values=request.POST, status=422, correcting=True
        )
    if not recorded.replayed:
        messages.success(request, _("The last deal is corrected."))
    _after_write(request, link, recorded)
    if request.htmx:
        return HttpResponseClientRedirect(link.url)
    return redirect(link.url)


@require_POST
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Confirm the table's last deal from a seat's link (another player than the one who
    entered it), or from the table's link as the organiser."""
    link = table_link(token)
    try:
        deal = services.deal_confirm(
            table=link.table, seat=link.seat, by=request.user, via=_via(link)
        )
    except ValidationError as exc:
        return _table_page(request, link, errors=error_fields(exc), status=422)
    messages.success(request, _("Deal %(number)s is confirmed.") % {"number": deal.number})
    if request.htmx:
        return _table_page(request, link)
    return redirect(link.url)
