"""Deals at the table: entry, correction, undo, void and confirmation.

Every write names the place it is for: a new deal its number (it must be the table's next), a
correction, undo, void or confirmation the deal's number and the revision it was shown. The
check runs with the table's row locked, and the database's ``deal_unique_number`` constraint
keeps two servers from both storing a deal at one place. A write for a place that moved on is
refused with a :class:`DealConflict` that carries what is stored there, so the phone can show
both. A deal once entered is never overwritten silently or deleted: every version is a
:class:`DealRevision` with who, how, when and why; undo and void are revisions too
(Scoring specification §0.1: "undo means deleting the last deal record and replaying"; here the
record stays, marked ``voided``, and is left out of the replay).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments import permissions
from tournaments.errors import deal_error_message
from tournaments.messages import deal_message
from tournaments.models import KEYED, AuditEntry, Deal, DealRevision, Seat, Table
from tournaments.services.audit import check_not_finished, reason_required, record_change
from tournaments.services.rounds import refresh_round
from tournaments.services.stechen import stechen_tables_result
from tournaments.standings import table_result
from tournaments.tables import table_seats

Kind = DealRevision.Kind


class Recorded(NamedTuple):
    """A stored deal and the engine's remarks on it that did not block it (e.g. the dealer is
    not the one the rotation expects), in the user's language. ``replayed`` is True when the
    submission was a retry of one already stored (same form key, same values): nothing new was
    saved.

    ``table`` and ``deals`` are the table as the write left it (its version, result and
    completeness, its round's status) and all its deals by number, undone and voided ones too,
    as saved: the page shown after the write needs not read them again. None for a retry."""

    deal: Deal
    warnings: tuple[str, ...]
    replayed: bool = False
    table: Table | None = None
    deals: list[Deal] | None = None


class DealConflict(ValidationError):
    """A write for a place at the table that has moved on; nothing was saved.

    ``code`` is one of:

    * ``DEAL_ALREADY_ENTERED`` – a new deal for a number the table already has (two phones sent
      the same deal, or a stale page sent it later), or a resend of a stored form with other
      values: ``stored`` is the deal at that place;
    * ``DEAL_NUMBER_MOVED`` – a new deal for a number past the next one (deals were undone
      meanwhile): ``stored`` is the table's last deal, if any;
    * ``REVISION_STALE`` – a correction, undo, void or confirmation of a version that is no
      longer the deal's current one: ``stored`` is the deal as it stands now.

    ``next_number`` is the number the table's next deal would take."""

    def __init__(self, message: str, *, code: str, stored: Deal | None, next_number: int) -> None:
        super().__init__(message, code=code)
        self.stored = stored
        self.next_number = next_number


class _Write(NamedTuple):
    """What every write checks first, with the table's row locked: the table, whether the
    organiser's word counts at once, the table's deals that stand, in order, those taken out
    (undone or voided) by number, and the seat labels in playing order (what the engine's
    initial state is made of)."""

    table: Table
    official: bool
    deals: list[Deal]
    taken_out: dict[int, Deal]
    labels: tuple[str, ...]


class _Checked(NamedTuple):
    """What :func:`_check_replay` found: the new entry's step (``None`` when a deal was taken
    out) and the engine's state before each deal that stands after the write and after the
    last (one more state than deals)."""

    step: scoring.Step | None
    states: list[Any]


def _same(entry: Mapping[str, Any], stored: Any) -> bool:
    """Whether a posted entry says what a stored one says (as JSON: tuples are lists)."""
    return json.loads(json.dumps(entry)) == stored


def _organiser(table: Table, by: AbstractBaseUser | None) -> bool:
    """Whether ``by`` organises the table's tournament (``tournaments.permissions`` decides)."""
    return permissions.may(by, permissions.Action.WRITE, table.round.tournament)


def _check_open(table: Table, by: AbstractBaseUser | None, reason: str, *, locked_ok: bool) -> None:
    """A table's deals change while its round is open. Once it is locked, the organiser alone
    changes them (``locked_ok``: corrections, undo and void), with a reason; a finished
    tournament is read-only for everybody.

    Raises ``ValidationError``: ``ROUND_LOCKED``; ``FINISHED``; ``REASON_REQUIRED`` on
    ``reason`` for the organiser without one."""
    if table.round.open:
        return
    if not (locked_ok and _organiser(table, by)):
        raise ValidationError(
            _("%(round)s is closed: its deals can no longer be entered or changed.")
            % {"round": table.round.title},
            code="ROUND_LOCKED",
        )
    check_not_finished(table.round.tournament)
    if not reason.strip():
        raise reason_required(
            _("%(round)s is closed: give a reason for changing its deals.")
            % {"round": table.round.title}
        )


def _check_seat(table: Table, seat: Seat | None, by: AbstractBaseUser | None) -> bool:
    """Check who writes: a seat of this table, or (where deals need a confirmation) the
    organiser without a seat. Returns True when the organiser's word counts at once (a deal he
    enters, corrects or confirms himself needs no other player's confirmation)."""
    if seat is not None and seat.table_id != table.pk:
        raise ValidationError(_("This link belongs to another table."), code="WRONG_TABLE")
    if not permissions.link_may_enter(by, table, seat):
        raise ValidationError(
            _(
                "Deals at this tournament are entered and confirmed by the players: open the "
                "link of your own seat (the code at your place)."
            ),
            code="NEEDS_SEAT_LINK",
        )
    return seat is None and _organiser(table, by)


def _begin(
    table: Table,
    seat: Seat | None,
    by: AbstractBaseUser | None,
    *,
    reason: str = "",
    locked_ok: bool = False,
) -> _Write:
    """Lock the table's row and check the round (``locked_ok``: the organiser may change a
    locked round's deals, with a reason) and the writer's seat; read the table's deals (one
    query, those taken out too). The seat labels come from ``table``'s seats as the caller
    fetched them (a table link prefetches them; else one query): a table's set of labels is
    fixed when its round is drawn (a swap trades labels, a replacement keeps the seat)."""
    labels = tuple(seat.label for seat in table_seats(table))
    table = Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)
    _check_open(table, by, reason, locked_ok=locked_ok)
    official = _check_seat(table, seat, by)
    deals: list[Deal] = []
    taken_out: dict[int, Deal] = {}
    for deal in Deal.all_objects.filter(table=table).order_by("number"):
        if deal.voided:
            taken_out[deal.number] = deal
        else:
            deals.append(deal)
    return _Write(table, official, deals, taken_out, labels)


def _replayed(table: Table, key: str, entry: Mapping[str, Any] | None) -> Deal | None:
    """The deal a retried submission (same form key) already stored, if any. A resend with
    other values is refused (``DEAL_ALREADY_ENTERED``, the stored deal shown); a key used at
    another table is ``WRONG_TABLE``."""
    if not key:
        return None
    # The key is unique: no ordering (the versions' default one joins the table and its round),
    # and only the two columns (every write asks, a retry alone finds one: 0.5 ms less a write).
    found = (
        DealRevision.objects.filter(KEYED, idempotency_key=key)
        .order_by()
        .values_list("deal_id", "entry")[:1]
    )
    if not found:
        return None
    deal_id, stored_entry = found[0]
    deal = Deal.all_objects.get(pk=deal_id)
    if deal.table_id != table.pk:
        raise ValidationError(_("This form was sent for another table."), code="WRONG_TABLE")
    if entry is not None and not _same(entry, stored_entry):
        raise DealConflict(
            _(
                "This form was already saved as deal %(number)s, with other values than you "
                "sent now. Nothing more was saved."
            )
            % {"number": deal.number},
            code="DEAL_ALREADY_ENTERED",
            stored=deal,
            next_number=_next_number(list(Deal.objects.filter(table=table))),
        )
    return deal


def _next_number(deals: Sequence[Deal]) -> int:
    return deals[-1].number + 1 if deals else 1


def _engine_error(table: Table, exc: scoring.InvalidDeal) -> ValidationError:
    return ValidationError(
        {exc.field: deal_error_message(table.round.tournament.game, exc)}, code=exc.code
    )


def _check_replay(write: _Write, index: int, entry: Mapping[str, Any] | None) -> _Checked:
    """Check the table's deals with ``entry`` at position ``index`` (``None``: that deal taken
    out) against the rules: the deals before it are trusted, the new entry and every later deal
    are validated in full. Returns the new entry's step (``None`` when it was taken out) and the
    states of the deals as they will stand, for :func:`_finish`.

    Raises ``ValidationError``: the entry's own field error; ``UNIT_OVER`` when the table's unit
    is over before it; ``LATER_DEAL_INVALID`` naming the first later deal that no longer fits,
    and its field."""
    table, deals = write.table, write.deals
    game, variant = table.round.scoring_game, table.round.scoring_variant
    states = _states(write, deals[:index])
    state = states[-1]
    later = deals[index + 1 :]
    step = None
    if entry is not None:
        empty = deal_message(table.round.tournament.game, "EMPTY", shared=False)
        if not entry and empty is not None:
            raise ValidationError(empty, code="EMPTY")
        if state.unit_over:
            raise ValidationError(
                _("This table has finished its round; no more deals can be entered."),
                code="UNIT_OVER",
            )
        try:
            step = game.apply(entry, state, variant)
        except scoring.InvalidDeal as exc:
            raise _engine_error(table, exc) from exc
        state = step.state
        states.append(state)
    for deal in later:
        try:
            if state.unit_over:
                raise scoring.InvalidDeal("deal", "UNIT_OVER", "the unit is over")
            state = game.apply(deal.entry, state, variant).state
            states.append(state)
        except scoring.InvalidDeal as exc:
            problem = (
                _("the table's round would already be over before it")
                if exc.code == "UNIT_OVER"
                else deal_error_message(table.round.tournament.game, exc)
            )
            raise ValidationError(
                _("Deal %(number)s no longer fits after this change: %(problem)s")
                % {"number": deal.number, "problem": problem},
                code="LATER_DEAL_INVALID",
                params={"number": deal.number, "field": exc.field},
            ) from exc
    return _Checked(step, states)


def _states(write: _Write, deals: Sequence[Deal]) -> list[Any]:
    """The engine's state before each of ``deals`` (stored deals of ``write``'s table, in
    order) and after the last: a trusted replay (they passed validation when entered)."""
    table = write.table
    game, variant = table.round.scoring_game, table.round.scoring_variant
    states = [game.initial(write.labels, variant)]
    states += [
        step.state
        for step in game.replay([d.entry for d in deals], variant, write.labels, trusted=True)
    ]
    return states


def _warning_texts(table: Table, step: scoring.Step | None) -> tuple[str, ...]:
    if step is None:
        return ()
    game = table.round.tournament.game
    return tuple(str(deal_message(game, w.code) or w.message) for w in step.warnings)


def _finish(write: _Write, deals: Sequence[Deal], states: Sequence[Any] | None = None) -> None:
    """After a write: store the result of the table's deals that count (where deals need a
    confirmation, those before the first one still waiting for it) and whether the table is
    complete (its unit over and nothing waiting), raise the table's version for the phones
    polling it, and move the round on. ``deals`` are the table's deals that stand after the
    write, in order, as saved (nothing is read again); ``states`` their states from
    :func:`_check_replay` when the write checked them (else they are replayed here)."""
    table = write.table
    tournament = table.round.tournament
    if states is None:
        states = _states(write, deals)
    pending = (
        next((i for i, d in enumerate(deals) if not d.confirmed), None)
        if tournament.confirmation_required
        else None
    )
    counted = states[-1] if pending is None else states[pending]
    table.complete = states[-1].unit_over and pending is None
    table.result = table_result(counted)
    Table.objects.filter(pk=table.pk).update(
        complete=table.complete, result=table.result, version=F("version") + 1
    )
    table.version += 1  # as stored: the row is locked since _begin read it
    refresh_round(table.round, written=table, standing=bool(deals))
    if table.round.is_stechen:
        stechen_tables_result(table.round)


def _written(write: _Write, deal: Deal) -> list[Deal]:
    """All the table's deals by number after ``deal`` (new, or one of ``write``'s) was saved."""
    by_number = {d.number: d for d in [*write.deals, *write.taken_out.values()]}
    by_number[deal.number] = deal
    return [by_number[number] for number in sorted(by_number)]


def _revision(
    deal: Deal,
    kind: DealRevision.Kind,
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
        kind=kind,
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


def _current(write: _Write, number: int, revision: int | None) -> Deal:
    """The standing deal ``number`` of the table, if ``revision`` (when given) is still its
    current one. Raises ``DealConflict`` (``REVISION_STALE``) or ``ValidationError``
    (``NO_DEAL``)."""
    deal = next((d for d in write.deals if d.number == number), None)
    if deal is None:
        stored = write.taken_out.get(number)
        if stored is None:
            raise ValidationError(
                _("There is no deal %(number)s at this table.") % {"number": number},
                code="NO_DEAL",
            )
        raise DealConflict(
            _("Deal %(number)s was taken out meanwhile (undone or voided).") % {"number": number},
            code="REVISION_STALE",
            stored=stored,
            next_number=_next_number(write.deals),
        )
    if revision is not None and deal.revision != revision:
        raise DealConflict(
            _(
                "Deal %(number)s was changed on another phone meanwhile (now version "
                "%(revision)s). Check it as it stands now."
            )
            % {"number": number, "revision": deal.revision},
            code="REVISION_STALE",
            stored=deal,
            next_number=_next_number(write.deals),
        )
    return deal


def _check_place(write: _Write, number: int | None) -> int:
    """The place a new deal takes: the table's next one. ``number`` is the place the phone
    entered it for (None: wherever is next, for the command line and old pages).

    Raises ``DealConflict``: ``DEAL_ALREADY_ENTERED``, ``DEAL_NUMBER_MOVED``."""
    next_number = _next_number(write.deals)
    if number is None or number == next_number:
        return next_number
    if number < next_number:
        stored = next((d for d in write.deals if d.number == number), None)
        stored = stored or write.taken_out.get(number)
        raise DealConflict(
            _(
                "Deal %(number)s is already entered at this table (perhaps from another phone). "
                "Nothing was saved."
            )
            % {"number": number},
            code="DEAL_ALREADY_ENTERED",
            stored=stored,
            next_number=next_number,
        )
    raise DealConflict(
        _(
            "Deals were taken back at this table meanwhile: the next deal is %(next)s, not "
            "%(number)s. Nothing was saved."
        )
        % {"next": next_number, "number": number},
        code="DEAL_NUMBER_MOVED",
        stored=write.deals[-1] if write.deals else None,
        next_number=next_number,
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
    number: int | None = None,
) -> Recorded:
    """Validate ``entry`` (a raw deal entry of the table's game) after the table's deals and
    store it as deal ``number``, revision 1 (or the next revision of an undone deal at that
    place), with who entered it, how, and at which ``seat`` (the seat link used, if any).
    ``number`` must be the table's next deal (``None``: whatever is next). ``key`` is the
    form's one-time key: a retry with the same values returns the stored deal with
    ``replayed`` set and saves nothing.

    Raises :class:`DealConflict` (``DEAL_ALREADY_ENTERED``, ``DEAL_NUMBER_MOVED``), or
    ``ValidationError`` keyed by the entry field the engine names (``"points.B"``), or with code
    ``UNIT_OVER`` (the table has finished), ``ROUND_LOCKED``, ``WRONG_TABLE``,
    ``NEEDS_SEAT_LINK`` or ``AWAITING_CONFIRMATION`` (a deal waits for another player's
    confirmation); nothing is saved then."""
    write = _begin(table, seat, by)
    table = write.table
    replayed = _replayed(table, key, entry)
    if replayed is not None:
        return Recorded(replayed, (), replayed=True)
    place = _check_place(write, number)
    waiting = next((d for d in write.deals if not d.confirmed), None)
    if waiting is not None and table.round.tournament.confirmation_required:
        raise ValidationError(
            _("Deal %(number)s waits for another player at the table to confirm it.")
            % {"number": waiting.number},
            code="AWAITING_CONFIRMATION",
        )
    checked = _check_replay(write, len(write.deals), entry)
    confirmed_at = timezone.now() if write.official else None
    deal = write.taken_out.get(place)
    if deal is None:
        deal = Deal(table=table, number=place, revision=1)
    else:  # the place of an undone deal: its next version
        deal.revision += 1
    deal.entry, deal.voided, deal.entered_seat = dict(entry), False, seat
    deal.confirmed_seat, deal.confirmed_at = None, confirmed_at
    try:
        with transaction.atomic():
            deal.save()
    except IntegrityError as exc:  # another server stored this place first
        raise DealConflict(
            _("Deal %(number)s was just entered on another phone. Nothing was saved.")
            % {"number": place},
            code="DEAL_ALREADY_ENTERED",
            stored=Deal.all_objects.filter(table=table, number=place).first(),
            next_number=place + 1,
        ) from exc
    _revision(deal, Kind.ENTRY, by=by, via=via, seat=seat, key=key)
    _finish(write, [*write.deals, deal], checked.states)
    _log(table, AuditEntry.Action.DEAL_RECORD, deal, by, via, after=deal.entry)
    return Recorded(
        deal, _warning_texts(table, checked.step), table=table, deals=_written(write, deal)
    )


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
    number: int | None = None,
    revision: int | None = None,
) -> Recorded:
    """Replace deal ``number`` (``None``: the last) by a corrected ``entry`` as its next
    revision, if ``revision`` (the version the phone showed; ``None``: whatever is current) is
    still the current one. The later deals are replayed after it and must all still fit. The
    previous versions stay in the deal's revisions and the audit log. A confirmation of the old
    version lapses: another player confirms the corrected one (the organiser's correction counts
    at once). While the round is open the table's links and the organiser may correct; once it
    is locked, the organiser with a ``reason``.

    Raises :class:`DealConflict` (``REVISION_STALE``) or ``ValidationError`` as
    :func:`deal_record`, ``NO_DEAL``, ``LATER_DEAL_INVALID`` (the message names the later deal),
    ``REASON_REQUIRED``."""
    write = _begin(table, seat, by, reason=reason, locked_ok=True)
    table = write.table
    replayed = _replayed(table, key, entry)
    if replayed is not None:
        return Recorded(replayed, (), replayed=True)
    if not write.deals:
        raise ValidationError(_("There is no deal to correct yet."), code="NO_DEAL")
    deal = _current(write, write.deals[-1].number if number is None else number, revision)
    checked = _check_replay(write, write.deals.index(deal), entry)
    before = deal.entry
    deal.entry = dict(entry)
    deal.revision += 1
    deal.entered_seat = seat
    deal.confirmed_seat = None
    deal.confirmed_at = timezone.now() if write.official else None
    deal.save()
    _revision(deal, Kind.CORRECTION, by=by, via=via, seat=seat, key=key, reason=reason)
    _finish(write, write.deals, checked.states)
    _log(
        table,
        AuditEntry.Action.DEAL_CORRECT,
        deal,
        by,
        via,
        before=before,
        after=deal.entry,
        reason=reason,
    )
    return Recorded(
        deal, _warning_texts(table, checked.step), table=table, deals=_written(write, deal)
    )


def _take_out(
    *,
    kind: DealRevision.Kind,
    table: Table,
    number: int,
    revision: int | None,
    by: AbstractBaseUser | None,
    via: str,
    reason: str,
    seat: Seat | None,
    key: str,
) -> Recorded:
    """Take deal ``number`` out of play as a new revision of ``kind`` (undo: only the last
    deal; void: any)."""
    via = via or _("organiser's desk")
    write = _begin(table, seat, by, reason=reason, locked_ok=True)
    table = write.table
    replayed = _replayed(table, key, None)
    if replayed is not None:
        return Recorded(replayed, (), replayed=True)
    deal = _current(write, number, revision)
    if kind == Kind.UNDO and deal is not write.deals[-1]:
        raise ValidationError(
            _("Only the last deal (%(last)s) can be undone. Correct deal %(number)s instead.")
            % {"last": write.deals[-1].number, "number": number},
            code="NOT_LAST",
        )
    checked = _check_replay(write, write.deals.index(deal), None)
    deal.revision += 1
    deal.voided = True
    deal.save()
    _revision(deal, kind, by=by, via=via, seat=seat, key=key, reason=reason)
    _finish(write, [d for d in write.deals if d is not deal], checked.states)
    action = AuditEntry.Action.DEAL_UNDO if kind == Kind.UNDO else AuditEntry.Action.DEAL_VOID
    _log(table, action, deal, by, via, before=deal.entry, reason=reason)
    return Recorded(deal, (), table=table, deals=_written(write, deal))


@transaction.atomic
def deal_undo(
    *,
    table: Table,
    by: AbstractBaseUser | None,
    via: str,
    number: int,
    revision: int | None = None,
    reason: str = "",
    seat: Seat | None = None,
    key: str = "",
) -> Recorded:
    """Undo the table's last deal, ``number`` (Scoring specification §0.1): it is kept as an
    "undone" revision with who, when and why, left out of every replay, and its place is the
    table's next deal again. Table links undo while the round is open; the organiser also in a
    locked round, with a ``reason``.

    Raises :class:`DealConflict` (``REVISION_STALE``: the deal changed or is gone) or
    ``ValidationError``: ``NOT_LAST`` (only the last deal is undone; an earlier one is
    corrected, or voided by the organiser), ``NO_DEAL``, ``ROUND_LOCKED``, ``REASON_REQUIRED``,
    ``WRONG_TABLE``, ``NEEDS_SEAT_LINK``."""
    return _take_out(
        kind=Kind.UNDO,
        table=table,
        number=number,
        revision=revision,
        by=by,
        via=via,
        reason=reason,
        seat=seat,
        key=key,
    )


@transaction.atomic
def deal_void(
    *,
    table: Table,
    by: AbstractBaseUser | None,
    number: int,
    reason: str,
    revision: int | None = None,
    via: str = "",
    key: str = "",
) -> Recorded:
    """The organiser voids deal ``number`` (e.g. one stored twice): it is kept as a "voided"
    revision with who, when and why, and the later deals are replayed without it; they must
    all still fit. Needs a ``reason``.

    Raises ``ValidationError``: ``NOT_ORGANISER`` for anybody else,
    ``REASON_REQUIRED``, :class:`DealConflict` (``REVISION_STALE``), ``NO_DEAL``,
    ``LATER_DEAL_INVALID``, ``FINISHED``."""
    if not _organiser(table, by):
        raise ValidationError(
            _("Only the tournament's organisers can void a deal."), code="NOT_ORGANISER"
        )
    if not reason.strip():
        raise reason_required(_("Give a reason for voiding the deal."))
    return _take_out(
        kind=Kind.VOID,
        table=table,
        number=number,
        revision=revision,
        by=by,
        via=via,
        reason=reason,
        seat=None,
        key=key,
    )


@transaction.atomic
def deal_confirm(
    *,
    table: Table,
    seat: Seat | None,
    by: AbstractBaseUser | None = None,
    via: str = "",
    number: int | None = None,
    revision: int | None = None,
) -> Deal:
    """Confirm the table's deal waiting for a confirmation (the first unconfirmed one) from
    ``seat``'s link (or, without a seat, as the tournament's organiser): it counts from now
    on. ``number`` and ``revision`` name the version the phone showed (``None``: whatever
    waits); a confirmation of another version is refused. Confirming when nothing waits changes
    nothing and returns the last deal.

    Raises :class:`DealConflict` (``REVISION_STALE``: the deal was corrected, undone or is not
    the one waiting) or ``ValidationError``: ``SAME_PLAYER`` when ``seat`` entered the deal
    (another player must confirm; the database refuses it too), ``NO_DEAL``, ``WRONG_TABLE``,
    ``NEEDS_SEAT_LINK`` (no seat and not the organiser), ``ROUND_LOCKED``."""
    write = _begin(table, seat, by)
    table = write.table
    if seat is None and not permissions.link_may_confirm(by, table, None, None):
        raise ValidationError(_("Confirm from your own seat's link."), code="NEEDS_SEAT_LINK")
    if not write.deals:
        raise ValidationError(_("There is no deal to confirm yet."), code="NO_DEAL")
    waiting = next((d for d in write.deals if not d.confirmed), None)
    if waiting is None:
        return write.deals[-1]
    if number is not None and number != waiting.number:
        # Not the deal waiting: one confirmed already (a double tap) is returned as it is; a
        # changed or undone one is refused.
        return _current(write, number, revision)
    deal = _current(write, waiting.number, revision)
    if not permissions.link_may_confirm(by, table, seat, deal.entered_seat_id):
        raise ValidationError(
            _("You entered this deal yourself: another player at the table confirms it."),
            code="SAME_PLAYER",
        )
    deal.confirmed_seat = seat
    deal.confirmed_at = timezone.now()
    deal.save(update_fields=["confirmed_seat", "confirmed_at", "updated_at"])
    _finish(write, write.deals)
    confirmer = {"seat": seat.label} if seat is not None else {"organiser": str(by)}
    _log(table, AuditEntry.Action.DEAL_CONFIRM, deal, by, via, after=confirmer)
    return deal
