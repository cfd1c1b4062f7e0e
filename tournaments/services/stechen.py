"""The Stechen stage's writes: the lot for a tie group that does not fill whole tables, the
Stechen's tables (drawn, taken back, their result taking the group's places) and a Stechen's
result played away from the app (:mod:`tournaments.stechen` says which players are tied and
why)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import draw
from tournaments.models import AuditEntry, Deal, Player, Round, Table, Tournament
from tournaments.services.audit import check_not_finished, reason_required, record_change
from tournaments.services.rounds import drawn_teams, tables_create
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
    _check_plays(group)
    if _stechen_round(tournament, first_place) is not None:
        raise ValidationError(
            _(
                "Places %(places)s are played at the Stechen tables: their deals give the "
                "result. Correct a deal there if it is wrong."
            )
            % {"places": _places(group)},
            code="STECHEN_AT_TABLES",
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


def _stechen_round(tournament: Tournament, first_place: int) -> Round | None:
    return Round.all_objects.filter(tournament=tournament, stechen_first_place=first_place).first()


@transaction.atomic
def stechen_tables_draw(
    *, tournament: Tournament, first_place: int, by: AbstractBaseUser | None
) -> Round:
    """Draw the Stechen tables of the tie group on ``first_place`` …: its players who play the
    Stechen (all of the group, or those the lot let in) seated at random at whole tables of the
    game, in a Stechen round numbered after the last round; they share Stechen place 1 until
    the tables have played. The tables play what ``tournament.stechen_play`` says (fixed with the
    round) through their own links; when the last one finishes, :func:`stechen_tables_result`
    gives the group's places. Logged (``ROUND_DRAW``).

    Raises ``ValidationError``: as the tie group (``FINISHED``, ``STECHEN_TOO_EARLY``,
    ``NOT_TIED``); ``LOT_ONLY`` (the tournament decides ties by lot alone); ``LOT_FIRST``;
    ``NOBODY_PLAYS``; ``STECHEN_DRAWN`` (the group's tables are drawn already);
    ``STECHEN_RECORDED`` (its result was recorded by hand)."""
    tournament = _locked(tournament)
    group = _group(tournament, first_place)
    if tournament.stechen_play == Tournament.StechenUnit.LOT:
        raise ValidationError(
            _("This tournament decides its ties by lot alone (settings): no Stechen is played."),
            code="LOT_ONLY",
        )
    _check_plays(group)
    if _stechen_round(tournament, first_place) is not None:
        raise ValidationError(
            _("Places %(places)s: the Stechen tables are drawn already.")
            % {"places": _places(group)},
            code="STECHEN_DRAWN",
        )
    if group.decided:
        raise ValidationError(
            _("Places %(places)s: the Stechen's result is recorded already.")
            % {"places": _places(group)},
            code="STECHEN_RECORDED",
        )
    seed = secrets.randbits(48)
    players = [e.pk for e in sorted(group.in_stechen, key=lambda e: e.name)]
    seated = draw.draw_random(
        players,
        seed=seed,
        table_sizes=(group.table_size,),
        allow_byes=False,
        teams=drawn_teams(tournament, players),
    ).tables
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    the_round = Round.objects.create(
        tournament=tournament,
        number=last + 1,
        seed=seed,
        method=Round.Method.RANDOM,
        stechen_first_place=first_place,
        stechen_unit=tournament.stechen_play,
    )
    tables_create(the_round, seated)
    Player.objects.filter(pk__in=players).update(stechen_rank=1)
    record_change(
        tournament,
        AuditEntry.Action.ROUND_DRAW,
        by=by,
        subject=the_round.title,
        after={
            "first_place": first_place,
            "play": the_round.stechen_unit,
            "seed": seed,
            "tables": len(seated),
        },
        round_number=the_round.number,
    )
    return the_round


def _check_plays(group: TieGroup) -> None:
    """Raises ``LOT_FIRST`` (the group needs its lot first) or ``NOBODY_PLAYS`` (the lot alone
    decides the group)."""
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


@transaction.atomic
def stechen_tables_withdraw(
    *, tournament: Tournament, first_place: int, by: AbstractBaseUser | None
) -> None:
    """Take back the Stechen tables of the group on ``first_place`` … drawn too early or by
    mistake, while none of them has a deal (a deal once entered is never thrown away). Logged
    (``ROUND_UNDRAW``).

    Raises ``ValidationError``: ``FINISHED``; ``NO_STECHEN_TABLES``; ``STECHEN_HAS_DEALS``."""
    tournament = _locked(tournament)
    check_not_finished(tournament)
    the_round = _stechen_round(tournament, first_place)
    if the_round is None:
        raise ValidationError(
            _("No Stechen tables are drawn for place %(place)s.") % {"place": first_place},
            code="NO_STECHEN_TABLES",
        )
    if Deal.all_objects.filter(table__round=the_round).exists():
        raise ValidationError(
            _("%(stechen)s has deals: its tables can no longer be taken back.")
            % {"stechen": the_round.title},
            code="STECHEN_HAS_DEALS",
        )
    record_change(
        tournament,
        AuditEntry.Action.ROUND_UNDRAW,
        by=by,
        subject=the_round.title,
        before={"first_place": first_place, "seed": the_round.seed},
        round_number=the_round.number,
    )
    if not _group(tournament, first_place).needs_lot:  # else the lot's place 1 stays theirs
        Player.objects.filter(seats__table__round=the_round).update(stechen_rank=None)
    the_round.delete()


def table_places(tables: Sequence[Table], ascending: bool) -> dict[int, int]:
    """Per player id his place at his Stechen table by the table's stored result (the game's
    metric, ``ascending``: fewest first), shared on an equal score: 1 + the players of his table
    ahead of him."""
    places = {}
    for table in tables:
        sign = 1 if ascending else -1
        scores = {label: sign * score for label, (score, _figures) in table.result["seats"].items()}
        for seat in table.seats.all():
            ahead = sum(1 for other in scores.values() if other < scores[seat.label])
            places[seat.player_id] = 1 + ahead
    return places


def stechen_tables_result(the_round: Round) -> None:
    """Once every table of the Stechen round ``the_round`` has finished (and after every later
    correction), its players take the group's first places from the tables' results: by their
    place at their table; players with the same place at different tables (or level at one)
    share a Stechen place, which the standings' next tie-breaks then decide (Scoring
    specification §1.6: "Stechen, then countback, then lot"). While a table plays (again, after
    a correction reopened it) they share place 1. A changed result is logged
    (``STECHEN_RECORD``, via the Stechen tables). Call inside the deal's transaction."""
    tables = list(Table.objects.filter(round=the_round).prefetch_related("seats"))
    at_table = table_places(tables, the_round.scoring_game.metric_ascending)
    complete = the_round.status in (Round.Status.COMPLETE, Round.Status.LOCKED)
    ranks = {
        pk: 1 + sum(1 for other in at_table.values() if other < place) if complete else 1
        for pk, place in at_table.items()
    }
    players = list(Player.objects.filter(pk__in=ranks).order_by("name"))
    changed = [p for p in players if p.stechen_rank != ranks[p.pk]]
    if not changed:
        return
    before = {p.name: p.stechen_rank for p in players}
    for player in changed:
        player.stechen_rank = ranks[player.pk]
        player.save(update_fields=["stechen_rank"])
    record_change(
        the_round.tournament,
        AuditEntry.Action.STECHEN_RECORD,
        by=None,
        via=_("the Stechen tables"),
        subject=the_round.title,
        before=before,
        after={
            "first_place": the_round.stechen_first_place,
            "places": {p.name: ranks[p.pk] for p in players},
        },
        round_number=the_round.number,
    )
