"""The admin, for what the desk does not offer (a Stechen place, a name's spelling). Every change
made here is logged in the tournament's audit log and refreshes the public pages, like any
other write."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import (
    AuditEntry,
    Bye,
    Deal,
    DealRevision,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.services.audit import record_change


def _log_admin_change(request: HttpRequest, tournament: Tournament, obj: Any, form: Any) -> None:
    if form.changed_data:
        record_change(
            tournament,
            AuditEntry.Action.ADMIN,
            by=request.user,
            via="admin",
            subject=str(obj),
            after={field: str(form.cleaned_data.get(field)) for field in form.changed_data},
        )


class AuditedAdmin(admin.ModelAdmin):
    """Logs every saved change (the model's own form and its inlines) against the tournament
    the object belongs to (``tournament_of``)."""

    def tournament_of(self, obj: Any) -> Tournament:
        return obj.tournament

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        _log_admin_change(request, self.tournament_of(obj), obj, form)

    def save_formset(self, request, form, formset, change) -> None:
        super().save_formset(request, form, formset, change)
        for inline_form in formset.forms:
            if inline_form.instance.pk is not None:
                _log_admin_change(
                    request, self.tournament_of(form.instance), inline_form.instance, inline_form
                )


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["name", "club", "team", "checked_in", "withdrawn", "stechen_rank"]


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin):
    list_display = ["name", "game", "date", "status", "organiser"]
    list_filter = ["game", "status"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["game", "variant", "lot_seed", "status"]
    inlines = [PlayerInline]

    def tournament_of(self, obj: Tournament) -> Tournament:
        return obj


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Read-only: rounds change through the desk (draw, swap, lock), which keeps the log."""

    list_display = ["tournament", "number", "status", "method", "seed", "drawn_at"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    """Read-only: seats change through the desk's swap."""

    list_display = ["__str__", "round", "complete"]
    inlines = [SeatInline]
    readonly_fields = ["token"]

    def has_change_permission(self, request, obj=None):
        return False


class RevisionInline(admin.TabularInline):
    model = DealRevision
    extra = 0
    readonly_fields = [
        "revision",
        "entry",
        "entered_by",
        "entered_via",
        "entered_seat",
        "reason",
        "created_at",
    ]
    can_delete = False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    """Read-only: deals change only through the table page's correction, which keeps history."""

    list_display = ["__str__", "revision", "updated_at"]
    readonly_fields = ["table", "number", "entry", "revision"]
    inlines = [RevisionInline]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ["name", "tournament", "club", "team", "withdrawn", "stechen_rank"]
    list_filter = ["tournament"]
    search_fields = ["name"]


@admin.register(Team)
class TeamAdmin(AuditedAdmin):
    list_display = ["name", "tournament"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The log is written by the app, never edited."""

    list_display = ["created_at", "tournament", "action", "subject", "actor", "via"]
    list_filter = ["action"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    """Read-only: byes are given by the draw."""

    list_display = ["round", "player"]

    def has_change_permission(self, request, obj=None):
        return False
