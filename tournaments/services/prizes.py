"""The prize list's writes (the read is :mod:`tournaments.prizes`): a prize added, changed or
deleted; the categories of the special prizes (Damen, Jugend, a club) and their players; the
rules for shared places and for a special prize on top of a place prize. Each write locks the
tournament, is logged with before and after (``PRIZE_LIST``, ``PRIZE_CATEGORY``; the rules as
``SETTINGS``) and raises the tournament's version. A refusal is a ``ValidationError`` on the
form's field; nothing is written then.

A cash prize list that pays out more than the entry fees collected is *not* refused: organisers
often add sponsor money, and the fees come in during the evening; the prize page warns."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Player, Prize, PrizeCategory, Tournament
from tournaments.prizes import HUNDRED, percent, prize_title
from tournaments.services.audit import check_not_finished, record_change
from tournaments.services.cash import check_amount
from tournaments.services.registration import settings_save

MAX_PLACE = 1000
"""No tournament pays a prize for a place beyond this: a larger number is a typo."""
NAME_LENGTH = PrizeCategory._meta.get_field("name").max_length
GOODS_LENGTH = Prize._meta.get_field("goods").max_length


def _locked(tournament: Tournament) -> Tournament:
    """The tournament's row, locked for the write (two desks never both take the last per cent
    of the shares); refused once it is finished."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    return tournament


def _logged(prize: Prize) -> dict[str, Any]:
    """A prize for the audit log's JSON: amounts and shares as text ("75.00", "40.00")."""
    return {
        "kind": prize.kind,
        "place": prize.place,
        "category": prize.category.name if prize.category is not None else None,
        "amount": None if prize.amount is None else f"{prize.amount:.2f}",
        "share": None if prize.share is None else f"{prize.share:.2f}",
        "goods": prize.goods,
        "position": prize.position,
    }


def _title(tournament: Tournament, prize: Prize) -> str:
    return prize_title(prize, tournament.scoring_game.last_place_title)


def _checked(
    tournament: Tournament,
    *,
    kind: str,
    place: int | None,
    category: PrizeCategory | None,
    amount: Decimal | None,
    share: Decimal | None,
    goods: str,
    changing: Prize | None = None,
) -> dict[str, Any]:
    """The prize's fields checked and cleaned (the module's refusals, every field at once):
    amounts to the cent, a zero amount or share as none, goods' white space collapsed, the place
    or category of another kind dropped."""
    errors: dict[str, ValidationError] = {}
    others = tournament.prizes.exclude(pk=changing.pk) if changing else tournament.prizes.all()
    goods = " ".join((goods or "").split())
    if kind not in Prize.Kind.values:
        errors["kind"] = ValidationError(_("Choose what the prize is for."), code="KIND_INVALID")
    if kind != Prize.Kind.PLACE:
        place = None
    elif place is None:
        errors["place"] = ValidationError(_("Which place is the prize for?"), code="PLACE_MISSING")
    elif not 1 <= place <= MAX_PLACE:
        errors["place"] = ValidationError(
            _("A place from 1 to %(max)s.") % {"max": MAX_PLACE}, code="PLACE_RANGE"
        )
    elif others.filter(kind=kind, place=place).exists():
        errors["place"] = ValidationError(
            _("The %(place)s has a prize already: change that one.")
            % {"place": _title(tournament, Prize(kind=kind, place=place))},
            code="PLACE_TAKEN",
        )
    if kind != Prize.Kind.CATEGORY:
        category = None
    elif category is None or category.tournament_id != tournament.pk:
        errors["category"] = ValidationError(
            _("Choose the category (add it first, under Categories)."), code="CATEGORY_MISSING"
        )
    elif category.kind != PrizeCategory.Kind.CATEGORY:
        errors["category"] = ValidationError(
            _(
                "%(name)s is a team: its ranking is a side ranking. A special prize goes to the "
                "best of a category."
            )
            % {"name": category.name},
            code="CATEGORY_IS_TEAM",
        )
    elif others.filter(kind=kind, category=category).exists():
        errors["category"] = ValidationError(
            _("The category %(name)s has a prize already: change that one.")
            % {"name": category.name},
            code="CATEGORY_TAKEN",
        )
    if kind in (Prize.Kind.LAST, Prize.Kind.OLDEST) and others.filter(kind=kind).exists():
        errors["kind"] = ValidationError(
            _("%(prize)s: there is a prize for it already; change that one.")
            % {"prize": _title(tournament, Prize(kind=kind))},
            code="SPECIAL_TAKEN",
        )
    if amount is not None:
        try:
            amount = check_amount(amount, "amount") or None
        except ValidationError as exc:
            errors.update({field: item[0] for field, item in exc.error_dict.items()})
    if share is not None:
        share = Decimal(share).quantize(Decimal("0.01")) or None
    if share is not None and not Decimal("0") < share <= HUNDRED:
        errors["share"] = ValidationError(
            _("A share is more than 0 %% and at most %(max)s %% of the entry fees.") % {"max": 100},
            code="SHARE_RANGE",
        )
    elif amount is not None and share is not None:
        errors["share"] = ValidationError(
            _("Either a fixed amount or a share of the entry fees, not both."),
            code="AMOUNT_AND_SHARE",
        )
    elif share is not None:
        taken = sum((p.share for p in others.filter(share__isnull=False)), Decimal("0"))
        if taken + share > HUNDRED:
            errors["share"] = ValidationError(
                _(
                    "With this share the prizes would take %(total)s %% of the entry fees; at "
                    "most 100 %% can be paid out (the other prizes take %(taken)s %%)."
                )
                % {"total": percent(taken + share), "taken": percent(taken)},
                code="SHARES_OVER_100",
            )
    if len(goods) > GOODS_LENGTH:
        errors["goods"] = ValidationError(
            _("At most %(max)s characters.") % {"max": GOODS_LENGTH}, code="TOO_LONG"
        )
    if (
        "amount" not in errors
        and "share" not in errors
        and amount is None
        and share is None
        and not goods
        and kind != Prize.Kind.LAST
    ):
        errors["amount"] = ValidationError(
            _("Give the prize cash (an amount or a share of the entry fees) or goods."),
            code="EMPTY_PRIZE",
        )
    if errors:
        raise ValidationError(errors)
    return {
        "kind": kind,
        "place": place,
        "category": category,
        "amount": amount,
        "share": share,
        "goods": goods,
    }


def _next_position(tournament: Tournament) -> int:
    """After the last special prize of the list."""
    last = tournament.prizes.aggregate(last=Max("position"))["last"]
    return 0 if last is None else last + 1


@transaction.atomic
def prize_add(
    *,
    tournament: Tournament,
    kind: str,
    place: int | None = None,
    category: PrizeCategory | None = None,
    amount: Decimal | None = None,
    share: Decimal | None = None,
    goods: str = "",
    position: int | None = None,
    by: AbstractBaseUser | None,
) -> Prize:
    """Add a prize to ``tournament``'s list: for a ``place``, the last place, the oldest player
    or the best of a ``category``; its cash a fixed ``amount`` in euros or a ``share`` in percent
    of the entry fees collected (or neither), its ``goods``; special prizes are handed in their
    ``position`` (default: after the others). Logged (``PRIZE_LIST``).

    Raises ``ValidationError`` with the field's key: ``kind`` (``KIND_INVALID``,
    ``SPECIAL_TAKEN``), ``place`` (``PLACE_MISSING``, ``PLACE_RANGE``, ``PLACE_TAKEN``),
    ``category`` (``CATEGORY_MISSING``, ``CATEGORY_TAKEN``), ``amount`` (``NEGATIVE``,
    ``TOO_MUCH``, ``EMPTY_PRIZE``: neither cash nor goods, but for the last place's title),
    ``share`` (``SHARE_RANGE``, ``AMOUNT_AND_SHARE``, ``SHARES_OVER_100``: the list's shares
    would add up to more than 100 %), ``goods`` (``TOO_LONG``); ``FINISHED``."""
    tournament = _locked(tournament)
    fields = _checked(
        tournament,
        kind=kind,
        place=place,
        category=category,
        amount=amount,
        share=share,
        goods=goods,
    )
    if position is None:
        position = _next_position(tournament)
    prize = Prize.objects.create(tournament=tournament, position=position, **fields)
    record_change(
        tournament,
        AuditEntry.Action.PRIZE_LIST,
        by=by,
        subject=_title(tournament, prize),
        after=_logged(prize),
    )
    return prize


def _prize_of(prize: Prize) -> tuple[Tournament, Prize]:
    tournament = _locked(prize.tournament)
    return tournament, Prize.objects.select_related("category").get(pk=prize.pk)


@transaction.atomic
def prize_change(
    *,
    prize: Prize,
    kind: str,
    place: int | None = None,
    category: PrizeCategory | None = None,
    amount: Decimal | None = None,
    share: Decimal | None = None,
    goods: str = "",
    position: int | None = None,
    by: AbstractBaseUser | None,
) -> Prize:
    """Change ``prize`` to what the arguments say (as :func:`prize_add`; ``position`` None keeps
    its place in the order). Logged (``PRIZE_LIST``) with what changed, before and after;
    nothing changed, nothing logged. Raises as :func:`prize_add`."""
    tournament, prize = _prize_of(prize)
    fields = _checked(
        tournament,
        kind=kind,
        place=place,
        category=category,
        amount=amount,
        share=share,
        goods=goods,
        changing=prize,
    )
    if position is not None:
        fields["position"] = position
    before = _logged(prize)
    for name, value in fields.items():
        setattr(prize, name, value)
    after = _logged(prize)
    changed = [key for key in after if after[key] != before[key]]
    if changed:
        prize.save()
        record_change(
            tournament,
            AuditEntry.Action.PRIZE_LIST,
            by=by,
            subject=_title(tournament, prize),
            before={key: before[key] for key in changed},
            after={key: after[key] for key in changed},
        )
    return prize


@transaction.atomic
def prize_delete(*, prize: Prize, by: AbstractBaseUser | None) -> None:
    """Take ``prize`` off the list. Logged (``PRIZE_LIST``) with what it was. Raises
    ``FINISHED``."""
    tournament, prize = _prize_of(prize)
    before, subject = _logged(prize), _title(tournament, prize)
    prize.delete()
    record_change(tournament, AuditEntry.Action.PRIZE_LIST, by=by, subject=subject, before=before)


@transaction.atomic
def prize_rules_set(
    *, tournament: Tournament, sharing: str, combine: bool, by: AbstractBaseUser | None
) -> Tournament:
    """Set how shared places are paid (``sharing``: :class:`Tournament.PrizeSharing`) and
    whether a special prize may go on top of a place prize (``combine``). Logged as a change of
    the settings (``SETTINGS``) with before and after; nothing changed, nothing logged.

    Raises ``ValidationError`` on ``sharing`` (``SHARING_INVALID``); ``FINISHED``."""
    tournament = _locked(tournament)
    if sharing not in Tournament.PrizeSharing.values:
        raise ValidationError(
            {
                "sharing": ValidationError(
                    _("Choose how shared places are paid."), code="SHARING_INVALID"
                )
            }
        )
    changes = {
        key: value
        for key, value in (("prize_sharing", sharing), ("prizes_combine", bool(combine)))
        if getattr(tournament, key) != value
    }
    return settings_save(tournament, changes, by=by)


@transaction.atomic
def prize_category_add(
    *,
    tournament: Tournament,
    name: str,
    by: AbstractBaseUser | None,
    kind: str = PrizeCategory.Kind.CATEGORY,
) -> PrizeCategory:
    """Add a category for special prizes and a side ranking (Damen, Jugend), or with ``kind``
    ``"team"`` a team the organiser puts together for the team ranking
    (:mod:`tournaments.side_rankings`); its players are assigned with
    :func:`prize_category_assign`. Logged (``PRIZE_CATEGORY``).

    Raises ``ValidationError`` on ``name``: ``NAME_MISSING``, ``TOO_LONG``, ``NAME_TAKEN`` (the
    same name, whatever the case, categories and teams alike); on ``kind``: ``KIND_INVALID``;
    ``FINISHED``."""
    if kind not in PrizeCategory.Kind.values:
        raise ValidationError(
            {"kind": ValidationError(_("Category or team?"), code="KIND_INVALID")}
        )
    tournament = _locked(tournament)
    name = " ".join((name or "").split())
    if not name:
        message, code = _("Give the category a name (Damen, Jugend, a club)."), "NAME_MISSING"
    elif len(name) > NAME_LENGTH:
        message, code = _("At most %(max)s characters.") % {"max": NAME_LENGTH}, "TOO_LONG"
    elif tournament.prize_categories.filter(name__iexact=name).exists():
        message, code = _("There is a category %(name)s already.") % {"name": name}, "NAME_TAKEN"
    else:
        message = code = ""
    if code:
        raise ValidationError({"name": ValidationError(message, code=code)})
    category = PrizeCategory.objects.create(tournament=tournament, name=name, kind=kind)
    record_change(
        tournament,
        AuditEntry.Action.PRIZE_CATEGORY,
        by=by,
        subject=name,
        # A category is logged as before side rankings; a team says so.
        after={"name": name, **({"kind": kind} if kind == PrizeCategory.Kind.TEAM else {})},
    )
    return category


def _members(category: PrizeCategory) -> list[str]:
    return sorted(category.players.values_list("name", flat=True))


@transaction.atomic
def prize_category_delete(*, category: PrizeCategory, by: AbstractBaseUser | None) -> None:
    """Delete a category and its assignments. Logged (``PRIZE_CATEGORY``) with its players.

    Raises ``ValidationError`` ``CATEGORY_IN_USE`` while a prize is for it (the prize is not
    silently deleted with it); ``FINISHED``."""
    tournament = _locked(category.tournament)
    category = PrizeCategory.objects.get(pk=category.pk)
    if category.prizes.exists():
        raise ValidationError(
            _("A prize is for the category %(name)s: change or delete that prize first.")
            % {"name": category.name},
            code="CATEGORY_IN_USE",
        )
    before = {"name": category.name, "players": _members(category)}
    category.delete()
    record_change(
        tournament,
        AuditEntry.Action.PRIZE_CATEGORY,
        by=by,
        subject=before["name"],
        before=before,
    )


@transaction.atomic
def prize_category_assign(
    *, category: PrizeCategory, players: Iterable[Player], by: AbstractBaseUser | None
) -> PrizeCategory:
    """Make ``players`` the players of ``category`` (those not named leave it). Logged
    (``PRIZE_CATEGORY``) with the players before and after; nothing changed, nothing logged.

    Raises ``ValidationError`` on ``players`` (``PLAYER_UNKNOWN``: a player of another
    tournament); ``FINISHED``."""
    tournament = _locked(category.tournament)
    category = PrizeCategory.objects.get(pk=category.pk)
    players = list(players)
    if any(player.tournament_id != tournament.pk for player in players):
        raise ValidationError(
            {
                "players": ValidationError(
                    _("Only players of this tournament can be in its categories."),
                    code="PLAYER_UNKNOWN",
                )
            }
        )
    before = _members(category)
    category.players.set(players)
    after = _members(category)
    if after != before:
        record_change(
            tournament,
            AuditEntry.Action.PRIZE_CATEGORY,
            by=by,
            subject=category.name,
            before={"players": before},
            after={"players": after},
        )
    return category
