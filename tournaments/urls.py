from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.views import desk, public, table

urlpatterns = [
    # The organiser's desk (login required).
    path("", desk.tournament_list, name="tournament-list"),
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
    path("o/<slug:slug>/players/<int:pk>/edit/", desk.player_edit, name="player-edit"),
    path("o/<slug:slug>/players/<int:pk>/withdraw/", desk.player_withdraw, name="player-withdraw"),
    path("o/<slug:slug>/rounds/<int:number>/swap/", desk.seats_swap, name="seats-swap"),
    path("o/<slug:slug>/rounds/<int:number>/lock/", desk.round_lock, name="round-lock"),
    path("o/<slug:slug>/rounds/<int:number>/cards/", desk.round_cards, name="round-cards"),
    path("", include("tournaments.views.printed")),  # printed documents, downloads
    path("", include("tournaments.views.data")),  # export, import, backups
    path("", include("tournaments.views.organisers")),  # co-organisers, table links
    path("", include("tournaments.views.paper")),  # paper table sheets typed in
    path("", include("tournaments.views.draws")),  # a drawn round fixed before play
    # desk: end
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
    path("s/<slug:slug>/", public.standings, name="standings"),
    path("s/<slug:slug>/seat/", public.seat_search, name="seat-search"),
    path("s/<slug:slug>/p/<int:pk>/", public.player_detail, name="player-detail"),
    path("s/<slug:slug>/projector/", public.projector, name="projector"),
    # public: end
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
