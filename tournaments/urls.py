"""Every route of Kreidetafel in one place: the desk, the table, the public pages."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from tournaments.views import (
    cash,
    data,
    desk,
    draws,
    front,
    organisers,
    paper,
    players,
    press,
    printed,
    prizes,
    public,
    push,
    rankings,
    room,
    series,
    stechen,
    table,
)


def _document_routes(route: str, view, name: str) -> list:
    """``route`` for a printed document of the whole tournament and for one of a round."""
    return [
        path(f"o/<slug:slug>/print/<slug:kind>/{route}", view, name=name),
        path(f"o/<slug:slug>/print/<slug:kind>/<int:number>/{route}", view, name=f"{name}-round"),
    ]


urlpatterns = [
    # The phones' pages come first: Django tries the routes in order, and these are asked
    # hundreds of times a second while a big room plays (issue 18).
    # The table (a private link: the table's own or a seat's).
    path("t/sw.js", table.service_worker, name="table-sw"),
    path("t/<str:token>/", table.table_detail, name="table-detail"),
    path("t/<str:token>/manifest.webmanifest", table.table_manifest, name="table-manifest"),
    path("t/<str:token>/correct/", table.table_correct, name="table-correct"),
    path("t/<str:token>/deals/<int:number>/correct/", table.deal_correct, name="deal-correct"),
    path("t/<str:token>/deals/<int:number>/undo/", table.deal_undo, name="deal-undo"),
    path("t/<str:token>/deals/<int:number>/void/", table.deal_void, name="deal-void"),
    path("t/<str:token>/confirm/", table.table_confirm, name="table-confirm"),
    # The public pages.
    path("s/", front.front_door, name="front-door"),
    path("s/<slug:slug>/", public.standings, name="standings"),
    path("s/<slug:slug>/room/", room.room_strip, name="room-strip"),
    path("s/<slug:slug>/seat/", public.seat_search, name="seat-search"),
    path("s/<slug:slug>/p/<int:pk>/", public.player_detail, name="player-detail"),
    path("s/<slug:slug>/projector/", public.projector, name="projector"),
    path("s/<slug:slug>/rankings/", public.side_rankings, name="side-rankings"),
    path("s/<slug:slug>/print/<slug:kind>/", printed.final_document, name="final-document"),
    path("series/<slug:series>/", series.series_public, name="series-public"),
    path("series/<slug:series>/standings.pdf", series.series_document, name="series-document"),
    # The organiser's desk (login required).
    path("", front.home, name="tournament-list"),
    path("new/", desk.tournament_create, name="tournament-create"),
    path("o/<slug:slug>/", desk.tournament_detail, name="tournament-detail"),
    path("o/<slug:slug>/players/", desk.player_create, name="player-create"),
    path("o/<slug:slug>/players/list/", desk.player_list_create, name="player-list-create"),
    path("o/<slug:slug>/rounds/", desk.round_create, name="round-create"),
    path("o/<slug:slug>/rounds/<int:number>/", desk.round_detail, name="round-detail"),
    path("o/<slug:slug>/results.pdf", desk.result_sheet, name="result-sheet"),
    path("o/<slug:slug>/settings/", desk.tournament_settings, name="tournament-settings"),
    path("o/<slug:slug>/log/", desk.audit_log, name="audit-log"),
    path("o/<slug:slug>/finish/", desk.tournament_finish, name="tournament-finish"),
    path("o/<slug:slug>/teams/", desk.team_create, name="team-create"),
    path("o/<slug:slug>/teams/<int:pk>/rename/", desk.team_rename, name="team-rename"),
    path("o/<slug:slug>/players/<int:pk>/check-in/", desk.player_check_in, name="player-check-in"),
    path("o/<slug:slug>/players/<int:pk>/", players.player_desk, name="desk-player"),
    path("o/<slug:slug>/players/<int:pk>/edit/", players.player_edit, name="player-edit"),
    path(
        "o/<slug:slug>/players/<int:pk>/withdraw/", players.player_withdraw, name="player-withdraw"
    ),
    path("o/<slug:slug>/rounds/<int:number>/swap/", desk.seats_swap, name="seats-swap"),
    path("o/<slug:slug>/rounds/<int:number>/lock/", desk.round_lock, name="round-lock"),
    path("o/<slug:slug>/rounds/<int:number>/cards/", desk.round_cards, name="round-cards"),
    # A drawn round fixed before play.
    path("o/<slug:slug>/rounds/<int:number>/replace/", draws.seat_replace, name="seat-replace"),
    path("o/<slug:slug>/rounds/<int:number>/undraw/", draws.round_undraw, name="round-undraw"),
    # Paper table sheets typed in.
    path(
        "o/<slug:slug>/rounds/<int:number>/tables/<int:table>/paper/",
        paper.paper_sheet,
        name="paper-sheet",
    ),
    path(
        "o/<slug:slug>/rounds/<int:number>/tables/<int:table>/paper/discard/",
        paper.paper_sheet_drop,
        name="paper-sheet-discard",
    ),
    path("o/<slug:slug>/paper/<int:pk>/photo/", paper.paper_sheet_photo, name="paper-sheet-photo"),
    # Printed documents and their downloads.
    path("o/<slug:slug>/print/", printed.documents, name="documents"),
    *_document_routes("", printed.document_detail, "document"),
    *_document_routes("download/", printed.document_download, "document-download"),
    *_document_routes("now/", printed.document_now, "document-now"),
    # Export, import, backups.
    path("new/import/", data.tournament_import, name="tournament-import"),
    path("o/<slug:slug>/data/export.json", data.tournament_export, name="tournament-export"),
    path("o/<slug:slug>/data/standings.csv", data.standings_csv, name="standings-csv"),
    path("o/<slug:slug>/data/standings.xlsx", data.standings_xlsx, name="standings-xlsx"),
    path("o/<slug:slug>/data/backups/", data.backup_list, name="backup-list"),
    path(
        "o/<slug:slug>/data/backups/<str:name>/restore/",
        data.backup_restore,
        name="backup-restore",
    ),
    # The Stechen stage after the last round (issue 17).
    path("o/<slug:slug>/stechen/", stechen.stechen, name="stechen"),
    path("o/<slug:slug>/stechen/lot/", stechen.stechen_lot, name="stechen-lot"),
    path("o/<slug:slug>/stechen/result/", stechen.stechen_result, name="stechen-result"),
    path("o/<slug:slug>/stechen/tables/", stechen.stechen_tables_draw, name="stechen-tables"),
    path(
        "o/<slug:slug>/stechen/tables/withdraw/",
        stechen.stechen_tables_withdraw,
        name="stechen-tables-withdraw",
    ),
    path("o/<slug:slug>/stechen/<int:number>/cards/", stechen.stechen_cards, name="stechen-cards"),
    # The cash box: entry fees at the desk and the cash report (issue 17, entry fees).
    path("o/<slug:slug>/cash/", cash.cash, name="cash"),
    path("o/<slug:slug>/players/<int:pk>/fee/", cash.player_fee_pay, name="player-fee-pay"),
    path(
        "o/<slug:slug>/players/<int:pk>/fee/refund/",
        cash.player_fee_refund,
        name="player-fee-refund",
    ),
    # The prize list, the winners and the payout sheet (issue 17, part 2).
    path("o/<slug:slug>/prizes/", prizes.prizes, name="prizes"),
    path("o/<slug:slug>/prizes/add/", prizes.prize_add, name="prize-add"),
    path("o/<slug:slug>/prizes/change/", prizes.prize_change, name="prize-change"),
    path("o/<slug:slug>/prizes/delete/", prizes.prize_delete, name="prize-delete"),
    path("o/<slug:slug>/prizes/rules/", prizes.prize_rules, name="prize-rules"),
    path(
        "o/<slug:slug>/prizes/categories/add/",
        prizes.prize_category_add,
        name="prize-category-add",
    ),
    path(
        "o/<slug:slug>/prizes/categories/delete/",
        prizes.prize_category_delete,
        name="prize-category-delete",
    ),
    path(
        "o/<slug:slug>/prizes/categories/players/",
        prizes.prize_category_players,
        name="prize-category-players",
    ),
    # Co-organisers and the tables' links.
    path("o/<slug:slug>/organisers/", organisers.organisers, name="organisers"),
    path("o/<slug:slug>/organisers/invite/", organisers.organiser_invite, name="organiser-invite"),
    path(
        "o/<slug:slug>/organisers/<int:pk>/remove/",
        organisers.organiser_remove,
        name="organiser-remove",
    ),
    path(
        "o/<slug:slug>/rounds/<int:number>/links/renew/",
        organisers.round_links_renew,
        name="round-links-renew",
    ),
    path(
        "o/<slug:slug>/rounds/<int:number>/tables/<int:table>/links/renew/",
        organisers.table_links_renew,
        name="table-links-renew",
    ),
    # The room's clock (issue 17, part 4): a round's countdown, the next round, the announcement.
    path("o/<slug:slug>/rounds/<int:number>/clock/", room.round_clock, name="round-clock"),
    path("o/<slug:slug>/announcement/", room.announcement, name="announcement"),
    path("o/<slug:slug>/next-round/", room.next_round, name="next-round"),
    # The text for the paper and the hidden live standings (issue 17, part 5).
    path("o/<slug:slug>/press/", press.press_text, name="press-text"),
    path("o/<slug:slug>/press/download/", press.press_download, name="press-download"),
    path("o/<slug:slug>/standings/reveal/", desk.standings_reveal, name="standings-reveal"),
    # Side rankings from the same scores (issue 19, part 4): clubs, teams, categories.
    path("o/<slug:slug>/rankings/", rankings.side_rankings, name="desk-side-rankings"),
    # Series and the player register (issue 19, part 3): across tournaments.
    path("desk/series/", series.series_list, name="series-list"),
    path("desk/series/new/", series.series_create, name="series-create"),
    path("desk/series/<slug:series>/", series.series_edit, name="series-edit"),
    path("desk/register/", series.register, name="register"),
    path("desk/register/merge/", series.person_merge, name="person-merge"),
    # The public installation takes the hall's pushes (docs/deploy.md).
    path("push/<slug:slug>/", push.push_receive, name="push-receive"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The language switch of every page's top bar takes no CSRF token: a forged switch can only
    # change a visitor's language, and a public page without a token can be kept whole and
    # shared by every phone (tournaments.kept_pages).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("admin/", admin.site.urls),
]
