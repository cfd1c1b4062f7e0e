from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments import views

urlpatterns = [
    path("", views.tournament_list, name="tournament-list"),
    path("new/", views.tournament_create, name="tournament-create"),
    path("o/<slug:slug>/", views.tournament_detail, name="tournament-detail"),
    path("o/<slug:slug>/players/", views.player_create, name="player-create"),
    path("o/<slug:slug>/players/list/", views.player_list_create, name="player-list-create"),
    path("o/<slug:slug>/rounds/", views.round_create, name="round-create"),
    path("o/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round-detail"),
    path("o/<slug:slug>/results.pdf", views.result_sheet, name="result-sheet"),
    path("t/<str:token>/", views.table_detail, name="table-detail"),
    path("t/<str:token>/correct/", views.table_correct, name="table-correct"),
    path("s/<slug:slug>/", views.standings, name="standings"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
