"""The Stechen stage's writes: the lot for a tie group that does not fill whole tables, and the
Stechen's result (:mod:`tournaments.stechen` says which players are tied and why)."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Player, Round, Tournament
from tournaments.services.audit import check_not_finished, reason_required, record_change
from tournaments.stechen import TieGroup, lot_order, tournament_tie_groups


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _group(tournament: Tournament, first_place: int) -> TieGroup:
    """The tie group whose places start at ``first_place``, after the last round.

    Raises ``ValidationError``: ``FINISHED``; ``STECHEN_TOO_EARLY`` (no round played, or a round
    still being played); ``NOT_TIED`` (nobody is level on that place)."""
    check_not_finished(tournament)
    rounds = Round.objects.filter(tournament=tournament)
    playing = rounds.filter(status__in=(Round.Status.DRAWN, Round.Status.PLAYING)).first()
    if playing is not None or not rounds.exists():
        raise ValidationError(
            _("A Stechen comes after the last round: round %(number)s is still being played.")
            % {"number": playing.number}
            if playing is not None
            else _("A Stechen comes after the last round: no round has been played yet."),
            code="STECHEN_TOO_EARLY",
        )
    for group in tournament_tie_groups(tournament):
        if group.first_place == first_place:
            return group
    raise ValidationError(
        _("Nobody is level with another player on place %(place)s: there is nothing to decide.")
        % {"place": first_place},
        code="NOT_TIED",
    )


def _places(group: TieGroup) -> str:
    return f"{group.first_place}–{group.last_place}"


@transaction.atomic
def stechen_lot_draw(
    *, tournament: Tournament, first_place: int, by: AbstractBaseUser | None, reason: str = ""
) -> list[Player]:
    """Draw the seeded lot of the tie group on ``first_place`` … (:func:`tournaments.stechen.
    lot_order`): the players who fill whole tables play the Stechen (their Stechen place 1, shared,
    until its result is recorded), the others drop out and take the group's last places in the
    lot's order (all of them when the group is smaller than a table). Drawing again after a lot
    was shown needs a ``reason`` and gives another draw; both are logged. Returns the players in
    the lot's order.

    Raises ``ValidationError``: as the tie group (``FINISHED``, ``STECHEN_TOO_EARLY``,
    ``NOT_TIED``); ``NO_LOT_NEEDED`` (the group fills whole tables); ``REASON_REQUIRED`` on
    ``reason`` for a redraw."""
    tournament = _locked(tournament)
    group = _group(tournament, first_place)
    if not group.needs_lot:
        raise ValidationError(
            _("Places %(places)s: the %(count)s players fill whole tables; all of them play.")
            % {"places": _places(group), "count": len(group.players)},
            code="NO_LOT_NEEDED",
        )
    draws = AuditEntry.objects.filter(
        tournament=tournament,
        action=AuditEntry.Action.STECHEN_LOT,
        after__first_place=first_place,
    ).count()
    if draws and not reason.strip():
        raise reason_required(
            _("The lot was drawn and shown already: give a reason for drawing again.")
        )
    order = lot_order(tournament, group, draws + 1)
    players = {p.pk: p for p in Player.objects.filter(pk__in=[e.pk for e in order])}
    before = {e.name: e.stechen_rank for e in order}
    for index, entrant in enumerate(order):
        player = players[entrant.pk]
        player.stechen_rank = 1 if index < group.playing else index + 1
        player.save(update_fields=["stechen_rank"])
    record_change(
        tournament,
        AuditEntry.Action.STECHEN_LOT,
        by=by,
        subject=_("Lot for places %(places)s") % {"places": _places(group)},
        before=before,
        after={
            "first_place": first_place,
            "draw": draws + 1,
            "playing": [e.name for e in order[: group.playing]],
            "dropped": [e.name for e in order[group.playing :]],
        },
        reason=reason.strip(),
    )
    return [players[e.pk] for e in order]


@transaction.atomic
def stechen_record(
    *,
    tournament: Tournament,
    first_place: int,
    order: Sequence[Player],
    by: AbstractBaseUser | None,
    reason: str = "",
) -> None:
    """Record the Stechen of the tie group on ``first_place`` …: ``order`` is its players who
    played it, best first (all of the group, or those the lot left in). They take the group's
    first places in that order. Changing a recorded result needs a ``reason``; both are logged.

    Raises ``ValidationError``: as the tie group; ``LOT_FIRST`` (the group needs its lot first);
    ``NOBODY_PLAYS`` (the lot decided the whole group); ``ORDER_INVALID`` on ``order`` (not
    exactly the players who played, each once); ``REASON_REQUIRED`` on ``reason``."""
    tournament = _locked(tournament)
    group = _group(tournament, first_place)
    if group.needs_lot and not group.lot_drawn:
        raise ValidationError(
            _("Places %(places)s: draw the lot first; it says who plays the Stechen.")
            % {"places": _places(group)},
            code="LOT_FIRST",
        )
    if group.playing == 0:
        raise ValidationError(
            _("Places %(places)s: the lot has decided them; nobody plays a Stechen.")
            % {"places": _places(group)},
            code="NOBODY_PLAYS",
        )
    expected = {e.pk for e in group.in_stechen}
    given = [p.pk for p in order]
    if len(given) != len(set(given)) or set(given) != expected:
        raise ValidationError(
            {
                "order": ValidationError(
                    _("Name each of the %(count)s players who played the Stechen once.")
                    % {"count": len(expected)},
                    code="ORDER_INVALID",
                )
            }
        )
    recorded = len({e.stechen_rank for e in group.players if e.pk in expected}) == len(expected)
    if recorded and not reason.strip():
        raise reason_required(
            _("The Stechen's result is recorded already: give a reason for changing it.")
        )
    players = {p.pk: p for p in Player.objects.filter(pk__in=given)}
    before = {players[pk].name: players[pk].stechen_rank for pk in given}
    for place, pk in enumerate(given, start=1):
        players[pk].stechen_rank = place
        players[pk].save(update_fields=["stechen_rank"])
    record_change(
        tournament,
        AuditEntry.Action.STECHEN_RECORD,
        by=by,
        subject=_("Stechen for places %(places)s") % {"places": _places(group)},
        before=before,
        after={"first_place": first_place, "order": [players[pk].name for pk in given]},
        reason=reason.strip(),
    )
