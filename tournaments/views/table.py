"""The table's pages, behind a private link (the table's own, or a seat's): the slate, the
entry of the next deal, the correction of any deal, undo of the last, the confirmation by
another player, and the table's whole history. Every form names the deal (and version) it is
for; a write whose place moved on shows the stored deal beside what was typed
(:class:`tournaments.services.DealConflict`). The link writes only while its round is open; the
organiser also corrects and voids in a locked round, with a reason."""

from __future__ import annotations

import re
import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

import scoring
from tournaments import permissions, services
from tournaments.entries import entry_from_post, flatten_entry
from tournaments.forms import CorrectionForm
from tournaments.models import Deal, Table
from tournaments.room import table_poll_since, table_room, table_since
from tournaments.tables import (
    TableLink,
    TableView,
    table_deals,
    table_history,
    table_link,
    table_view,
)
from tournaments.views.common import error_fields, partial

KEY_FIELD = "_key"
"""The form's one-time idempotency key (a retried submission finds the deal it stored). The
leading ``_`` keeps it out of the deal's entry."""
DEAL_FIELD = "_deal"
"""The deal number a form is for (the table's next deal, or the deal it corrects)."""
REVISION_FIELD = "_revision"
"""The version of the deal a correction, undo, void or confirmation was shown."""
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
VIA_LENGTH = 120
"""The columns that keep how a deal was entered (``DealRevision.entered_via``,
``AuditEntry.via``) hold this many characters."""


def _form_key(request: HttpRequest) -> str:
    """The posted form key if it is one a page could have made (up to 64 letters, digits, ``-``
    and ``_``; the page makes 32 hex digits). Anything else is no key: it could not be stored."""
    key = request.POST.get(KEY_FIELD, "")
    return key if _KEY.fullmatch(key) else ""


def _posted_number(request: HttpRequest, field: str) -> int | None:
    """A posted deal or revision number; None when absent (a page from before numbered forms)
    or not a number a page could have made."""
    value = request.POST.get(field, "")
    return int(value) if value.isdigit() and len(value) <= 5 else None


def _via(link: TableLink) -> str:
    if link.seat is None:
        return _("table link")
    via = _("link of seat %(seat)s (%(name)s)") % {
        "seat": link.seat.label,
        "name": link.seat.player.name,
    }
    return via if len(via) <= VIA_LENGTH else via[: VIA_LENGTH - 2] + "…)"


def _fits_next(view: TableView, entry: dict[str, Any] | None) -> bool:
    """Whether ``entry`` is a legal next deal of the table (the engine's own check). The
    conflict view offers "enter it as the next deal" only then: a Kein Stich deal names its
    contract and a Hintersche deal the players still in, so a deal typed for a place that was
    taken often belongs to that place and to no other."""
    if entry is None or view.state.unit_over:
        return False
    the_round = view.table.round
    try:
        the_round.scoring_game.apply(entry, view.state, the_round.scoring_variant)
    except scoring.InvalidDeal:
        return False
    return True


def _conflict_context(view: TableView, conflict: services.DealConflict, typed: Any) -> dict:
    """What the conflict view shows: the stored deal (with what it did, if it stands) beside
    what the phone typed, and the number the typed deal would take as the next one (offered
    only where it is a legal next deal)."""
    stored = conflict.stored
    step = None
    if stored is not None and not stored.voided and stored in view.deals:
        step = view.steps[view.deals.index(stored)]
    entry = entry_from_post(typed) if typed is not None else None
    return {
        "code": conflict.code,
        "message": conflict.messages[0],
        "stored": stored,
        "stored_step": step,
        "typed": entry,
        "typed_values": [
            (name, value)
            for name, values in (typed.lists() if typed is not None else [])
            for value in values
            if not name.startswith("_") and name != "csrfmiddlewaretoken"
        ],
        "same": entry is not None and stored is not None and entry == stored.entry,
        "next_number": conflict.next_number,
        "fits_next": conflict.code != "REVISION_STALE" and _fits_next(view, entry),
    }


def _error_lines(errors: dict[str, list[str]], players: dict[str, Any]) -> list[str]:
    """The refusal's messages for the summary above the form, a seat's field with its player's
    name ("Anna Kech: …"): a deal queued offline may be refused on a field the form no longer
    shows (a player who has since dropped out)."""
    lines = []
    for field, refusals in errors.items():
        player = players.get(field.rpartition(".")[2]) if "." in field else None
        lines += [f"{player.name}: {m}" if player else m for m in refusals]
    return lines


def _table_page(
    request: HttpRequest,
    link: TableLink,
    *,
    errors: dict | None = None,
    values: Any = None,
    status: int = 200,
    correcting: int | None = None,
    conflict: services.DealConflict | None = None,
    written: list[Deal] | None = None,
) -> HttpResponse:
    """The table's page (its main part for htmx): the slate, the history, and the form the
    table needs now. ``correcting`` is the number of the deal whose correction form is shown.
    With a ``conflict`` the posted ``values`` are shown in the conflict view, beside the stored
    deal and with its own buttons; the form below it starts empty (filled with them, a refused
    correction of deal 1 would read as the next deal, one tap from being entered as that).
    ``written``: the table's deals as a write just left them (:attr:`services.Recorded.deals`),
    not read again."""
    typed = values if conflict is not None else None
    if conflict is not None:
        values = None
    deals = table_deals(link.table, written)
    view = table_view(link.table, [d for d in deals if not d.voided])
    tournament = link.table.round.tournament
    organiser = permissions.may(request.user, permissions.Action.WRITE, tournament)
    corrected = view.deal(correcting) if correcting is not None else None
    if correcting is not None and corrected is None:
        raise Http404("no such deal")
    if corrected is not None and values is None:
        values = flatten_entry(corrected.entry)
    waiting = next((d for d in view.deals if not d.confirmed), None)
    awaiting = tournament.confirmation_required and waiting is not None
    may_enter = permissions.link_may_enter(request.user, link.table, link.seat)
    is_open = permissions.captain_may(link.table, permissions.Action.ENTER_DEAL)
    may_change = may_enter and (is_open or (organiser and not tournament.finished))
    state = view.state_before(corrected) if corrected is not None else view.state
    history = table_history(link.table, view.steps, deals)
    room = table_room(link.table)
    context = {
        "room": room,
        "since": table_since(link.table.version, room),
        "tournament": tournament,
        "link": link,
        "view": view,
        "state": state,
        "game_templates": f"scoring/{tournament.game}/",
        "variant": link.table.round.scoring_variant,
        "errors": errors or {},
        "error_lines": _error_lines(errors or {}, view.players),
        "values": values or {},
        "correcting": corrected is not None,
        "corrected": corrected,
        "deal_number": corrected.number if corrected is not None else view.next_number,
        "open": is_open,
        "organiser": organiser,
        "awaiting_confirmation": awaiting,
        "waiting": waiting if awaiting else None,
        "may_confirm": awaiting
        and permissions.link_may_confirm(
            request.user, link.table, link.seat, waiting.entered_seat_id
        ),
        "may_enter": may_enter,
        "may_change": may_change,
        "form_shown": (is_open or (corrected is not None and may_change))
        and (corrected is not None or (may_enter and not awaiting and not state.unit_over)),
        "form_key": uuid.uuid4().hex,
        "history": history,
        "last_kind": next((i.revisions[0].kind for i in history if i.deal == view.last_deal), None),
        "conflict": _conflict_context(view, conflict, typed) if conflict else None,
    }
    template = partial(request, "tournaments/table_detail.html", "table-main")
    return render(request, template, context, status=status)


def _after_write(request: HttpRequest, recorded: services.Recorded) -> None:
    if recorded.replayed:
        messages.info(request, _("This deal was already saved; it is not entered twice."))
    for warning in recorded.warnings:
        messages.warning(request, warning)


def _done(
    request: HttpRequest, link: TableLink, recorded: services.Recorded | None = None
) -> HttpResponse:
    """After a write, the table's page. htmx swaps it in where the form was, so the address
    bar is set back to the table's link as well: a correction's page (``/deals/2/correct/``)
    reloaded would otherwise open the correction form again. With what the write left
    (``recorded``), the page shows the table as that write left it, and its version: the
    phone's next poll then finds it unchanged."""
    if request.htmx:
        written = None
        if recorded is not None and recorded.table is not None:
            _as_written(link.table, recorded.table)
            written = recorded.deals
        response = _table_page(request, link, written=written)
        response["HX-Replace-Url"] = link.url
        return response
    return redirect(link.url)


def _as_written(table: Table, written: Table) -> None:
    """Give ``table`` (the link's, with its seats and players) what a write of it changed:
    its version, result and completeness, and its round (whose status the write moved on, read
    with its tournament under the write's lock)."""
    table.version, table.result, table.complete = written.version, written.result, written.complete
    table.round = written.round


def _unchanged(request: HttpRequest, token: str) -> bool:
    """Whether the phones' poll (``?since=``, the table's version and the room's clock:
    :func:`tournaments.room.table_since`) finds the table and the room as they were: one
    query, no replay. An unknown token (a renewed link) is a 404."""
    since = table_poll_since(token)
    if since is None:
        raise Http404("no such table")
    return request.GET["since"] == since


def table_detail(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page: the slate, the history and the form for the next deal. A POST enters
    the next deal (the number the form names); errors come back beside their fields, a place
    already taken as the conflict view, and nothing is saved. ``?since=`` is the phones' poll
    (the table's version and the room's clock): 204 while both are unchanged."""
    if request.method != "POST" and "since" in request.GET and _unchanged(request, token):
        return HttpResponse(status=204)
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
            number=_posted_number(request, DEAL_FIELD),
        )
    except services.DealConflict as conflict:
        return _table_page(request, link, values=request.POST, conflict=conflict, status=409)
    except ValidationError as exc:
        return _table_page(request, link, errors=error_fields(exc), values=request.POST, status=422)
    _after_write(request, recorded)
    return _done(request, link, recorded)


def table_correct(request: HttpRequest, token: str) -> HttpResponse:
    """The old "correct the last deal" address: the correction form of the table's last deal,
    or of the deal a posted form names (``_deal``)."""
    link = table_link(token)
    number = _posted_number(request, DEAL_FIELD) if request.method == "POST" else None
    if number is None:
        last = table_view(link.table).last_deal
        if last is None:
            return _table_page(request, link)
        number = last.number
    return deal_correct(request, token, number)


def deal_correct(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Correct deal ``number``: the corrected entry becomes its next version, with a reason;
    the earlier versions are kept and the later deals replayed. A POST with ``_prefill`` only
    opens the form with the posted values (from the conflict view)."""
    link = table_link(token)
    if request.method != "POST" or "_prefill" in request.POST:
        values = request.POST if request.method == "POST" else None
        return _table_page(request, link, correcting=number, values=values)
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
                number=number,
                revision=_posted_number(request, REVISION_FIELD),
            )
        except services.DealConflict as conflict:
            return _table_page(request, link, values=request.POST, conflict=conflict, status=409)
        except ValidationError as exc:
            errors = error_fields(exc)
    if errors:
        return _table_page(
            request, link, errors=errors, values=request.POST, status=422, correcting=number
        )
    if not recorded.replayed:
        messages.success(request, _("Deal %(number)s is corrected.") % {"number": number})
    _after_write(request, recorded)
    return _done(request, link, recorded)


def _take_out(request: HttpRequest, token: str, number: int, *, void: bool) -> HttpResponse:
    link = table_link(token)
    write = services.deal_void if void else services.deal_undo
    extra = {} if void else {"seat": link.seat}
    try:
        recorded = write(
            table=link.table,
            by=request.user,
            via=_via(link),
            number=number,
            revision=_posted_number(request, REVISION_FIELD),
            reason=request.POST.get("reason", "").strip()[:300],
            key=_form_key(request),
            **extra,
        )
    except services.DealConflict as conflict:
        return _table_page(request, link, conflict=conflict, status=409)
    except ValidationError as exc:
        return _table_page(request, link, errors=error_fields(exc), status=422)
    if recorded.replayed:
        messages.info(request, _("This was already done; nothing more changed."))
    elif void:
        messages.success(request, _("Deal %(number)s is voided.") % {"number": number})
    else:
        messages.success(request, _("Deal %(number)s is undone.") % {"number": number})
    return _done(request, link, recorded)


@require_POST
def deal_undo(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Undo the table's last deal, ``number``: kept as an "undone" version, its place the next
    deal again."""
    return _take_out(request, token, number, void=False)


@require_POST
def deal_void(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The organiser voids deal ``number`` (a duplicate), with a reason; the later deals are
    replayed without it."""
    return _take_out(request, token, number, void=True)


@require_POST
def table_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Confirm the deal waiting at the table from a seat's link (another player than the one
    who entered it), or from the table's link as the organiser; the form names the deal and
    the version shown."""
    link = table_link(token)
    try:
        deal = services.deal_confirm(
            table=link.table,
            seat=link.seat,
            by=request.user,
            via=_via(link),
            number=_posted_number(request, DEAL_FIELD),
            revision=_posted_number(request, REVISION_FIELD),
        )
    except services.DealConflict as conflict:
        return _table_page(request, link, conflict=conflict, status=409)
    except ValidationError as exc:
        return _table_page(request, link, errors=error_fields(exc), status=422)
    messages.success(request, _("Deal %(number)s is confirmed.") % {"number": deal.number})
    return _done(request, link)


SERVICE_WORKER = settings.BASE_DIR / "static" / "js" / "sw.js"


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The table pages' service worker (``static/js/sw.js``), served under ``/t/`` so that its
    scope is the table pages: a page once loaded works without network."""
    response = HttpResponse(SERVICE_WORKER.read_text(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/t/"
    return response


def table_manifest(request: HttpRequest, token: str) -> JsonResponse:
    """The web app manifest of one table's page: added to a phone's home screen, it opens this
    table (404 for an unknown link)."""
    link = table_link(token)
    table = link.table
    name = _("Table %(number)s") % {"number": table.number}
    return JsonResponse(
        {
            "name": f"{name} – {table.round.tournament.name}",
            "short_name": name,
            "start_url": link.url,
            "scope": link.url,
            "display": "standalone",
            "background_color": "#faf8f3",
            "theme_color": "#2b3a32",
            "icons": [],
        },
        content_type="application/manifest+json",
    )
