"""Writing a checked document (``tournaments.exchange``): as a new tournament (import) or over
an existing one (a backup restored), each in one transaction with its audit entry."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments import backups
from tournaments.exchange import (
    TOURNAMENT_KEYS,
    Plan,
    check_document,
    check_replacement,
    player_labels,
)
from tournaments.models import (
    AuditEntry,
    Bye,
    Deal,
    DealRevision,
    Player,
    Prize,
    PrizeCategory,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.services.audit import record_change
from tournaments.services.register import persons_link

BATCH = 500
"""Rows per query when creating or looking up many."""

STAMPS: dict[type[models.Model], tuple[str, ...]] = {
    Round: ("drawn_at",),
    Deal: ("created_at", "updated_at"),
    DealRevision: ("created_at",),
    AuditEntry: ("created_at",),
}
"""The timestamps Django sets itself on saving (``auto_now``, ``auto_now_add``): written again
from the document after the rows are created."""


def _create(model: type[models.Model], objects: list[models.Model]) -> None:
    """Create ``objects`` in batches, keeping the document's timestamps."""
    stamps = STAMPS.get(model, ())
    kept = [[getattr(obj, name) for name in stamps] for obj in objects]
    model.objects.bulk_create(objects, batch_size=BATCH)
    if stamps and objects:
        for obj, values in zip(objects, kept, strict=True):
            for name, value in zip(stamps, values, strict=True):
                setattr(obj, name, value)
        model.objects.bulk_update(objects, stamps, batch_size=BATCH)


def _taken(model: type[models.Model], field_name: str, values: list[str]) -> set[str]:
    """The ``values`` some row of ``model`` already holds in its unique ``field_name``."""
    taken: set[str] = set()
    for start in range(0, len(values), BATCH):
        chunk = values[start : start + BATCH]
        taken.update(
            model.objects.filter(**{f"{field_name}__in": chunk}).values_list(field_name, flat=True)
        )
    return taken


def _users(plan: Plan) -> dict[str, AbstractBaseUser]:
    """The users the document names that this database knows, by username."""
    names = {name for _entry, name in plan.audit if name}
    names.update(
        name
        for r in plan.rounds
        for t in r.tables
        for d in t.deals
        for _revision, name, _seat in d.revisions
        if name
    )
    user_model = get_user_model()
    field_name = user_model.USERNAME_FIELD
    return {
        getattr(user, field_name): user
        for user in user_model.objects.filter(**{f"{field_name}__in": names})
    }


def _unknown_user(via: str, name: str | None, users: Mapping[str, Any]) -> str:
    """``via`` with the username appended when this database has no such user (the rows keep
    who it was as text: "desk [anna]")."""
    if name is None or name in users:
        return via
    return f"{via} [{name}]".strip()[:120]


def _write_plan(plan: Plan, tournament: Tournament) -> None:
    """Store a checked document's teams, players, rounds (tables, seats, byes, deals with their
    revisions) and audit entries into the saved, empty ``tournament``. Tokens and form keys held
    by another tournament's rows get fresh ones (a copy beside its original). Call inside a
    transaction."""
    users = _users(plan)
    for team in plan.teams:
        team.tournament = tournament
    _create(Team, plan.teams)
    teams = {team.name: team for team in plan.teams}
    for player, team_name in plan.players:
        player.tournament = tournament
        player.team = teams.get(team_name) if team_name else None
    _create(Player, [player for player, _team in plan.players])
    listed = [player for player, _team in plan.players]
    players = dict(zip(player_labels(listed), listed, strict=True))
    _write_seating_plan(plan, tournament, players)
    _write_prizes(plan, tournament, players)
    for r in plan.rounds:
        r.round.tournament = tournament
    _create(Round, [r.round for r in plan.rounds])
    tables = [(r, t) for r in plan.rounds for t in r.tables]
    _fresh_tokens(Table, [t.table for _r, t in tables])
    for r, t in tables:
        t.table.round = r.round
    _create(Table, [t.table for _r, t in tables])
    seats = [(t, seat, name) for _r, t in tables for seat, name in t.seats]
    _fresh_tokens(Seat, [seat for _t, seat, _name in seats])
    for t, seat, name in seats:
        seat.table, seat.player = t.table, players[name]
    _create(Seat, [seat for _t, seat, _name in seats])
    _create(Bye, [Bye(round=r.round, player=players[name]) for r in plan.rounds for name in r.byes])
    deals = []
    for _r, t in tables:
        by_label = {seat.label: seat for seat, _name in t.seats}
        for d in t.deals:
            d.deal.table = t.table
            d.deal.entered_seat = by_label.get(d.entered_seat)
            d.deal.confirmed_seat = by_label.get(d.confirmed_seat)
            for revision, name, label in d.revisions:
                revision.deal = d.deal
                revision.entered_seat = by_label.get(label)
                revision.entered_by = users.get(name) if name else None
                revision.entered_via = _unknown_user(revision.entered_via, name, users)
            deals.append(d)
    _create(Deal, [d.deal for d in deals])
    revisions = [revision for d in deals for revision, _name, _label in d.revisions]
    keys = [r.idempotency_key for r in revisions if r.idempotency_key]
    taken = _taken(DealRevision, "idempotency_key", keys)
    for revision in revisions:
        if revision.idempotency_key in taken:
            revision.idempotency_key = ""  # a retry's key: only the original needs it
    _create(DealRevision, revisions)
    for entry, name in plan.audit:
        entry.tournament = tournament
        entry.actor = users.get(name) if name else None
        entry.via = _unknown_user(entry.via, name, users)
    _create(AuditEntry, [entry for entry, _name in plan.audit])
    persons_link(tournament)  # the register is not in the document: found by name and club


def _write_seating_plan(plan: Plan, tournament: Tournament, players: Mapping[str, Player]) -> None:
    """The document's plan of all rounds drawn in advance with its players' names (checked)
    turned into the new players' ids."""
    named = plan.tournament.seating_plan
    if not named:
        return
    tournament.seating_plan = {
        "seed": named["seed"],
        "from_round": named["from_round"],
        "rounds": {
            str(number): {
                "tables": [[players[name].pk for name in t] for t in r["tables"]],
                "byes": [players[name].pk for name in r["byes"]],
            }
            for number, r in named["rounds"].items()
        },
    }
    Tournament.objects.filter(pk=tournament.pk).update(seating_plan=tournament.seating_plan)


def _write_prizes(plan: Plan, tournament: Tournament, players: Mapping[str, Player]) -> None:
    """Store the document's prize categories (with their players) and prize list."""
    categories = [category for category, _names in plan.prize_categories]
    for category in categories:
        category.tournament = tournament
    _create(PrizeCategory, categories)
    through = PrizeCategory.players.through
    through.objects.bulk_create(
        [
            through(prizecategory=category, player=players[name])
            for category, names in plan.prize_categories
            for name in names
        ],
        batch_size=BATCH,
    )
    by_name = {category.name: category for category in categories}
    for prize, category in plan.prizes:
        prize.tournament = tournament
        prize.category = by_name[category] if category is not None else None
    _create(Prize, [prize for prize, _category in plan.prizes])


def _fresh_tokens(model: type[Table] | type[Seat], objects: list[Table] | list[Seat]) -> None:
    """Give a fresh token to each object whose token another table or seat holds already."""
    tokens = [obj.token for obj in objects]
    taken = _taken(Table, "token", tokens) | _taken(Seat, "token", tokens)
    for obj in objects:
        if obj.token in taken:
            obj.token = model._meta.get_field("token").get_default()


def _tournament_fields(plan: Plan) -> dict[str, Any]:
    """The tournament's own fields from the document, for an existing row to take over."""
    return {name: getattr(plan.tournament, name) for name in TOURNAMENT_KEYS if name != "organiser"}


def tournament_import(
    *, data: Any, organiser: AbstractBaseUser, slug: str | None = None
) -> Tournament:
    """Load a document (see :func:`~tournaments.exchange.export_tournament`) as a new tournament
    of ``organiser`` at the document's address or at ``slug``. The whole document is checked
    first (:func:`~tournaments.exchange.check_document`); then everything is written in one
    transaction and the import logged by ``organiser`` (action "admin", after the document's own
    log). A user the document names but this database lacks is kept as text
    (:func:`_unknown_user`).

    Raises ``ValidationError`` (code ``INVALID_FILE``) listing every problem as
    ``"path: text"``, or code ``SLUG_TAKEN`` when a tournament already has the address; nothing
    is written then."""
    plan = check_document(data, slug=slug)
    with transaction.atomic():
        if Tournament.objects.filter(slug=plan.tournament.slug).exists():
            raise ValidationError(
                "tournament.slug: "
                + _(
                    "a tournament at the address %(slug)s exists already: import the file under "
                    "another address"
                )
                % {"slug": plan.tournament.slug},
                code="SLUG_TAKEN",
            )
        tournament = plan.tournament
        tournament.organiser = organiser
        created_at = tournament.created_at  # saving sets it to now (auto_now_add)
        tournament.save()
        Tournament.objects.filter(pk=tournament.pk).update(created_at=created_at)
        _write_plan(plan, tournament)
        record_change(
            tournament,
            AuditEntry.Action.ADMIN,
            by=organiser,
            subject=_("Imported from a file"),
            after={"exported_at": data.get("exported_at")},
        )
    tournament.refresh_from_db()
    return tournament


def tournament_replace(
    *,
    tournament: Tournament,
    plan: Plan,
    by: AbstractBaseUser | None,
    subject: str,
    reason: str = "",
) -> Tournament:
    """Replace everything of ``tournament`` (its fields, teams, players, rounds and audit log)
    by a checked document (:func:`tournaments.exchange.check_replacement`) in one transaction;
    the row itself (its id, organiser and whatever else hangs on it) stays. The replacement is
    logged with ``subject`` and ``reason`` (action "admin"). An error while writing rolls
    everything back: the tournament is then as it was."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        # The prizes first (they protect their categories); rounds next: their seats and byes
        # protect the players.
        tournament.prizes.all().delete()
        tournament.prize_categories.all().delete()
        tournament.rounds.all().delete()
        tournament.players.all().delete()
        tournament.teams.all().delete()
        tournament.audit_entries.all().delete()
        fields = _tournament_fields(plan)
        for name, value in fields.items():
            setattr(tournament, name, value)
        tournament.save(update_fields=[name for name in fields if name != "created_at"])
        Tournament.objects.filter(pk=tournament.pk).update(created_at=tournament.created_at)
        _write_plan(plan, tournament)
        record_change(tournament, AuditEntry.Action.ADMIN, by=by, subject=subject, reason=reason)
    tournament.refresh_from_db()
    return tournament


def tournament_restore(
    *, tournament: Tournament, path: Path, by: AbstractBaseUser | None, reason: str = ""
) -> Tournament:
    """Replace ``tournament`` by the backup at ``path``: the file is read and checked
    completely first; then the current state is itself backed up ("before-restore", so a
    restore can be undone) and everything is replaced in one transaction, logged with
    ``reason``. A finished tournament may be restored too (the desk's rescue).

    Raises ``ValidationError`` (the file's problems with their paths, or a backup of another
    tournament); ``OSError`` when the current state cannot be backed up. The current data is
    untouched then, and by any failure while writing (the transaction rolls back)."""
    plan = check_replacement(tournament, backups.read(path))
    backups.backup(tournament, "before-restore")
    return tournament_replace(
        tournament=tournament,
        plan=plan,
        by=by,
        subject=_("Restored from the backup %(name)s") % {"name": Path(path).name},
        reason=reason,
    )
