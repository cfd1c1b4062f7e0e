"""Deals at the table: entry, correction and confirmation. A deal once entered is never
overwritten silently: every version is a :class:`DealRevision` with who, how and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.errors import deal_error_message
from tournaments.messages import deal_message
from tournaments.models import AuditEntry, Deal, DealRevision, Seat, Table
from tournaments.services.audit import record_change
from tournaments.services.rounds import refresh_round
from tournaments.standings import table_result
from tournaments.tables import table_state


class Recorded(NamedTuple):
    """A stored deal and the engine's remarks on it that did not block it (e.g. the dealer is
    not the one the rotation expects), in the user's language. ``replayed`` is True when the
    submission was a retry of one already stored (same form key): nothing new was saved."""

    deal: Deal
    warnings: tuple[str, ...]
    replayed: bool = False


def _locked_table(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


def _check_open(table: Table) -> None:
    """Raises ``ValidationError`` (``ROUND_LOCKED``) once the table's round is locked or the
    tournament finished: its link is read-only then."""
    if not table.round.open:
        raise ValidationError(
            _("Round %(number)s is closed: its deals can no longer be entered or changed.")
            % {"number": table.round.number},
            code="ROUND_LOCKED",
        )


def _check_seat(table: Table, seat: Seat | None, by: AbstractBaseUser | None) -> bool:
    """Check who writes: a seat of this table, or (where deals need a confirmation) the
    organiser without a seat. Returns True when the organiser's word counts at once (a deal he
    enters, corrects or confirms himself needs no other player's confirmation)."""
    if seat is not None and seat.table_id != table.pk:
        raise ValidationError(_("This link belongs to another table."), code="WRONG_TABLE")
    tournament = table.round.tournament
    if seat is None and tournament.confirmation_required:
        if tournament.organised_by(by):
            return True
        raise ValidationError(
            _(
                "Deals at this tournament are entered and confirmed by the players: open the "
                "link of your own seat (the code at your place)."
            ),
            code="NEEDS_SEAT_LINK",
        )
    return False


def _replayed(table: Table, key: str) -> Deal | None:
    """The deal a retried submission (same form key) already stored, if any. Raises
    ``ValidationError`` for a key used at another table."""
    if not key:
        return None
    revision = DealRevision.objects.select_related("deal").filter(idempotency_key=key).first()
    if revision is None:
        return None
    if revision.deal.table_id != table.pk:
        raise ValidationError(_("This form was sent for another table."), code="WRONG_TABLE")
    return revision.deal


def _apply(
    table: Table, deals: list[Deal], entry: Mapping[str, Any]
) -> tuple[scoring.State, scoring.Step]:
    """Validate ``entry`` after the table's ``deals`` and apply it: the state before it and the
    step it makes. Engine errors become errors of the field the engine names."""
    tournament = table.round.tournament
    game = tournament.scoring_game
    state = table_state(table, deals)
    if state.unit_over:
        raise ValidationError(
            _("This table has finished its round; no more deals can be entered."),
            code="UNIT_OVER",
        )
    try:
        return state, game.apply(entry, state, game.variant(tournament.variant))
    except scoring.InvalidDeal as exc:
        raise ValidationError(
            {exc.field: deal_error_message(tournament.game, exc)}, code=exc.code
        ) from exc


def _begin_write(
    table: Table, seat: Seat | None, by: AbstractBaseUser | None, key: str
) -> Recorded | tuple[Table, bool, list[Deal]]:
    """What an entry and a correction check first, with the table locked: a retried form (its
    stored deal is returned as ``Recorded(..., replayed=True)``), an open round, the writer's
    seat. Returns the locked table, whether the organiser's word counts at once (see
    :func:`_check_seat`) and the table's deals in order."""
    table = _locked_table(table)
    replayed = _replayed(table, key)
    if replayed is not None:
        return Recorded(replayed, (), replayed=True)
    _check_open(table)
    official = _check_seat(table, seat, by)
    return table, official, list(table.deals.order_by("number"))


def _warning_texts(table: Table, warnings: tuple[scoring.Warning, ...]) -> tuple[str, ...]:
    game = table.round.tournament.game
    return tuple(str(deal_message(game, w.code) or w.message) for w in warnings)


def _finish(table: Table, state: scoring.State, counted: scoring.State, confirmed: bool) -> None:
    """After a write: store whether the table is complete (the unit over in ``state``, the
    state after every deal, and, where required, the last deal confirmed) and the result of the
    deals that count (``counted``: without a last deal still waiting for its confirmation), then
    move the round on."""
    table.complete = state.unit_over and (
        confirmed or not table.round.tournament.confirmation_required
    )
    table.result = table_result(counted)
    table.save(update_fields=["complete", "result"])
    refresh_round(table.round)


def _revision(
    deal: Deal,
    *,
    by: AbstractBaseUser | None,
    via: str,
    seat: Seat | None,
    key: str,
    reason: str = "",
) -> DealRevision:
    return DealRevision.objects.create(
        deal=deal,
        revision=deal.revision,
        entry=deal.entry,
        entered_by=by if by is not None and by.is_authenticated else None,
        entered_via=via,
        entered_seat=seat,
        idempotency_key=key,
        reason=reason,
    )


def _log(table: Table, action: AuditEntry.Action, deal: Deal, by, via, **change: Any) -> None:
    record_change(
        table.round.tournament,
        action,
        by=by,
        via=via,
        subject=_("Deal %(number)s") % {"number": deal.number},
        round_number=table.round.number,
        table_number=table.number,
        **change,
    )


@transaction.atomic
def deal_record(
    *,
    table: Table,
    entry: Mapping[str, Any],
    by: AbstractBaseUser | None,
    via: str,
    seat: Seat | None = None,
    key: str = "",
) -> Recorded:
    """Validate ``entry`` (a raw deal entry of the table's game) after the table's deals and
    store it as the next deal, revision 1, with who entered it, how, and at which ``seat`` (the
    seat link used, if any). ``key`` is the form's one-time key: a retry of a stored submission
    returns the stored deal with ``replayed`` set and saves nothing.

    Raises ``ValidationError`` keyed by the entry field the engine names (``"points.B"``), or
    with code ``UNIT_OVER`` (the table has finished), ``ROUND_LOCKED``, ``WRONG_TABLE``,
    ``NEEDS_SEAT_LINK`` or ``AWAITING_CONFIRMATION`` (the previous deal is not yet confirmed by
    another player); nothing is saved then."""
    write = _begin_write(table, seat, by, key)
    if isinstance(write, Recorded):
        return write
    table, official, deals = write
    if deals and table.round.tournament.confirmation_required and not deals[-1].confirmed:
        raise ValidationError(
            _("Deal %(number)s waits for another player at the table to confirm it.")
            % {"number": deals[-1].number},
            code="AWAITING_CONFIRMATION",
        )
    before, step = _apply(table, deals, entry)
    counts = official or not table.round.tournament.confirmation_required
    deal = Deal.objects.create(
        table=table,
        number=len(deals) + 1,
        entry=dict(entry),
        entered_seat=seat,
        confirmed_at=timezone.now() if official else None,
    )
    _revision(deal, by=by, via=via, seat=seat, key=key)
    _finish(table, step.state, step.state if counts else before, confirmed=official)
    _log(table, AuditEntry.Action.DEAL_RECORD, deal, by, via, after=deal.entry)
    return Recorded(deal, _warning_texts(table, step.warnings))


@transaction.atomic
def deal_correct(
    *,
    table: Table,
    entry: Mapping[str, Any],
    by: AbstractBaseUser | None,
    via: str,
    reason: str = "",
    seat: Seat | None = None,
    key: str = "",
) -> Recorded:
    """Replace the table's last deal by a corrected ``entry`` as a new revision; the previous
    versions stay in the deal's revisions and the audit log. A confirmation of the old version
    lapses: another player confirms the corrected one. Raises ``ValidationError`` as
    :func:`deal_record`, or ``NO_DEAL`` when the table has no deal yet."""
    write = _begin_write(table, seat, by, key)
    if isinstance(write, Recorded):
        return write
    table, official, deals = write
    if not deals:
        raise ValidationError(_("There is no deal to correct yet."), code="NO_DEAL")
    last = deals.pop()
    state_before, step = _apply(table, deals, entry)
    counts = official or not table.round.tournament.confirmation_required
    before = last.entry
    last.entry = dict(entry)
    last.revision += 1
    last.entered_seat = seat
    last.confirmed_seat = None
    last.confirmed_at = timezone.now() if official else None
    last.save()
    _revision(last, by=by, via=via, seat=seat, key=key, reason=reason)
    _finish(table, step.state, step.state if counts else state_before, confirmed=official)
    _log(
        table,
        AuditEntry.Action.DEAL_CORRECT,
        last,
        by,
        via,
        before=before,
        after=last.entry,
        reason=reason,
    )
    return Recorded(last, _warning_texts(table, step.warnings))


@transaction.atomic
def deal_confirm(
    *, table: Table, seat: Seat | None, by: AbstractBaseUser | None = None, via: str = ""
) -> Deal:
    """Confirm the table's last deal from ``seat``'s link (or, without a seat, as the
    tournament's organiser): it counts from now on. Confirming a deal already confirmed changes
    nothing.

    Raises ``ValidationError``: ``SAME_PLAYER`` when ``seat`` entered the deal (another player
    must confirm; the database refuses it too), ``NO_DEAL``, ``WRONG_TABLE``,
    ``NEEDS_SEAT_LINK`` (no seat and not the organiser), ``ROUND_LOCKED``."""
    table = _locked_table(table)
    _check_open(table)
    if seat is None and not table.round.tournament.organised_by(by):
        raise ValidationError(_("Confirm from your own seat's link."), code="NEEDS_SEAT_LINK")
    _check_seat(table, seat, by)
    last = table.deals.order_by("-number").first()
    if last is None:
        raise ValidationError(_("There is no deal to confirm yet."), code="NO_DEAL")
    if last.confirmed:
        return last
    if seat is not None and last.entered_seat_id == seat.pk:
        raise ValidationError(
            _("You entered this deal yourself: another player at the table confirms it."),
            code="SAME_PLAYER",
        )
    last.confirmed_seat = seat
    last.confirmed_at = timezone.now()
    last.save(update_fields=["confirmed_seat", "confirmed_at", "updated_at"])
    state = table_state(table)
    _finish(table, state, state, confirmed=True)
    confirmer = {"seat": seat.label} if seat is not None else {"organiser": str(by)}
    _log(table, AuditEntry.Action.DEAL_CONFIRM, last, by, via, after=confirmer)
    return last
