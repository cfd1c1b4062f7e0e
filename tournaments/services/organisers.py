"""Who runs a tournament and who holds its table links: co-organisers invited and removed by the
owner, and table links renewed (the old ones stop working). Who may call these is decided by
``tournaments.permissions``; the services check the data."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Round, Seat, Table, Tournament, new_token
from tournaments.services.audit import check_not_finished, record_change


def _locked_tournament(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(locked)
    return locked


@transaction.atomic
def organiser_invite(
    *, tournament: Tournament, username: str, by: AbstractBaseUser | None
) -> AbstractBaseUser:
    """Make the existing account ``username`` (exact, case-insensitive) a co-organiser of
    ``tournament``. Raises ``ValidationError`` on ``username``: ``UNKNOWN_USER`` (no such
    account), ``IS_OWNER`` (the owner organises already), ``ALREADY_ORGANISER``; ``FINISHED``."""
    tournament = _locked_tournament(tournament)
    user_model = get_user_model()
    username = username.strip()
    lookup = {f"{user_model.USERNAME_FIELD}__iexact": username}
    user = user_model.objects.filter(**lookup, is_active=True).first()
    if user is None:
        raise ValidationError(
            {"username": _("There is no account named “%(name)s”.") % {"name": username}},
            code="UNKNOWN_USER",
        )
    if user.pk == tournament.organiser_id:
        raise ValidationError(
            {"username": _("%(name)s is the tournament's owner.") % {"name": user}},
            code="IS_OWNER",
        )
    if tournament.co_organisers.filter(pk=user.pk).exists():
        raise ValidationError(
            {"username": _("%(name)s is a co-organiser already.") % {"name": user}},
            code="ALREADY_ORGANISER",
        )
    tournament.co_organisers.add(user)
    record_change(
        tournament, AuditEntry.Action.ORGANISER_ADD, by=by, subject=str(user), after=str(user)
    )
    return user


@transaction.atomic
def organiser_remove(
    *, tournament: Tournament, user: AbstractBaseUser, by: AbstractBaseUser | None
) -> None:
    """Remove ``user`` from ``tournament``'s co-organisers: the desk is closed to him at once.
    Raises ``ValidationError``: ``NOT_ORGANISER`` when he is none, ``FINISHED``."""
    tournament = _locked_tournament(tournament)
    if not tournament.co_organisers.filter(pk=user.pk).exists():
        raise ValidationError(
            _("%(name)s is not a co-organiser.") % {"name": user}, code="NOT_ORGANISER"
        )
    tournament.co_organisers.remove(user)
    record_change(
        tournament, AuditEntry.Action.ORGANISER_REMOVE, by=by, subject=str(user), before=str(user)
    )


@transaction.atomic
def table_links_renew(
    round_or_table: Round | Table, *, by: AbstractBaseUser | None, reason: str = ""
) -> list[Table]:
    """Give a table (or every table of a round) and its seats new private links, e.g. after a
    table card was photographed or lost: the old links answer 404 from now on, the new ones are
    on the table cards. Returns the renewed tables. The tokens themselves are never logged.
    Raises ``ValidationError`` (``FINISHED``)."""
    if isinstance(round_or_table, Table):
        the_round, tables = round_or_table.round, [round_or_table]
        subject = str(round_or_table)
        table_number: int | None = round_or_table.number
    else:
        the_round, tables = round_or_table, list(round_or_table.tables.all())
        subject = _("Round %(number)s, all tables") % {"number": round_or_table.number}
        table_number = None
    tournament = _locked_tournament(the_round.tournament)
    seats = list(Seat.objects.select_for_update().filter(table__in=tables))
    for table in tables:
        table.token = new_token()
    for seat in seats:
        seat.token = new_token()
    Table.objects.bulk_update(tables, ["token"])
    Seat.objects.bulk_update(seats, ["token"])
    record_change(
        tournament,
        AuditEntry.Action.LINKS_RENEW,
        by=by,
        subject=subject,
        after={"tables": [table.number for table in tables], "seats": len(seats)},
        reason=reason,
        round_number=the_round.number,
        table_number=table_number,
    )
    return tables
