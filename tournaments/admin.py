from django.contrib import admin

from tournaments.models import Bye, Deal, DealRevision, Player, Round, Seat, Table, Tournament


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "date", "status", "organiser"]
    list_filter = ["game", "status"]
    search_fields = ["name", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [PlayerInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "seed", "drawn_at"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round"]
    inlines = [SeatInline]
    readonly_fields = ["token"]


class RevisionInline(admin.TabularInline):
    model = DealRevision
    extra = 0
    readonly_fields = ["revision", "entry", "entered_by", "entered_via", "reason", "created_at"]
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


admin.site.register(Player)
admin.site.register(Bye)
