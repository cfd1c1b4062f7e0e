"""The cash box: entry fees paid at the door and paid back (the report is
:mod:`tournaments.cash`)."""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Player
from tournaments.services.audit import check_not_finished, reason_required, record_change

MAX_FEE = Decimal("1000.00")
"""No entry fee at a card evening is this high: a larger amount is a typo (an extra zero)."""


def check_amount(amount: Decimal, field: str) -> Decimal:
    """``amount`` in euros rounded to the cent. Raises ``ValidationError`` on ``field`` for a
    negative amount or one above :data:`MAX_FEE`."""
    amount = Decimal(amount).quantize(Decimal("0.01"))
    if amount < 0:
        raise ValidationError(
            {field: ValidationError(_("The amount cannot be negative."), code="NEGATIVE")}
        )
    if amount > MAX_FEE:
        message = _("At most %(max)s euros: is there a zero too many?") % {"max": int(MAX_FEE)}
        raise ValidationError({field: ValidationError(message, code="TOO_MUCH")})
    return amount


def _locked(player: Player) -> Player:
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
    check_not_finished(player.tournament)
    return player


def _logged(amount: Decimal | None) -> dict[str, str | None]:
    """The fee for the audit log's JSON: euros as text with two decimals ("5.00"), ``None`` for
    still due."""
    return {"fee_paid": None if amount is None else f"{amount:.2f}"}


@transaction.atomic
def player_fee_pay(
    *, player: Player, amount: Decimal | None = None, by: AbstractBaseUser | None
) -> Player:
    """Record that ``player`` paid ``amount`` euros at the door (``None``: the tournament's
    entry fee; another amount is allowed, e.g. 0.00 for a youth who plays free). Paying again
    corrects the amount. Logged (``ENTRY_FEE``) with before and after; raises the tournament's
    version.

    Raises ``ValidationError`` on ``amount`` for a negative amount or one above
    :data:`MAX_FEE` euros, ``FINISHED`` when the tournament is finished."""
    player = _locked(player)
    amount = check_amount(player.tournament.entry_fee if amount is None else amount, "amount")
    if player.fee_paid != amount:
        _set_fee(player, amount, by)
    return player


def _set_fee(
    player: Player, amount: Decimal | None, by: AbstractBaseUser | None, reason: str = ""
) -> None:
    """Store what ``player`` paid (None: due) and log it (``ENTRY_FEE``, before and after)."""
    before, player.fee_paid = player.fee_paid, amount
    player.save(update_fields=["fee_paid"])
    record_change(
        player.tournament,
        AuditEntry.Action.ENTRY_FEE,
        by=by,
        subject=player.name,
        before=_logged(before),
        after=_logged(amount),
        reason=reason,
    )


@transaction.atomic
def player_fee_refund(*, player: Player, by: AbstractBaseUser | None, reason: str) -> Player:
    """Pay ``player``'s fee back (taken by mistake, the player left before the first round): he
    is due again. Logged (``ENTRY_FEE``) with before, after and the reason; raises the
    tournament's version.

    Raises ``ValidationError`` on ``reason`` when it is empty, ``NOT_PAID`` when the player has
    not paid, ``FINISHED`` when the tournament is finished."""
    reason = " ".join(reason.split())
    if not reason:
        raise reason_required(_("Say why the fee is paid back (it goes into the audit log)."))
    player = _locked(player)
    if player.fee_paid is None:
        raise ValidationError(
            _("%(name)s has not paid: there is nothing to pay back.") % {"name": player.name},
            code="NOT_PAID",
        )
    _set_fee(player, None, by, reason)
    return player
