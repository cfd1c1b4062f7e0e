"""Shared set-up: an organiser, a tournament (Hintersche unless ``game=`` says otherwise) and a
drawn table, all made through the app's own services (never ``.save()`` by hand)."""

from __future__ import annotations

import datetime

import pytest

from tournaments import services
from tournaments.models import Table, Tournament


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user(username="orga", password="pw-orga-123")


@pytest.fixture
def make_tournament(organiser):
    def make(
        players: int = 4,
        variant: dict | None = None,
        name: str = "Vereinsturnier",
        game: str = "hintersche",
    ):
        tournament = services.tournament_create(
            organiser=organiser,
            name=name,
            game=game,
            date=datetime.date(2026, 11, 21),
            venue="Adler, Schapbach",
            variant=variant,
            lot_seed=7,
        )
        names = [f"Spieler {i:02d}" for i in range(1, players + 1)]
        services.players_add_list(tournament=tournament, text="\n".join(names))
        return tournament

    return make


@pytest.fixture
def tournament(make_tournament) -> Tournament:
    return make_tournament()


@pytest.fixture
def table(tournament) -> Table:
    """Round 1's only table; seats A-D hold the four players in drawn order."""
    return services.round_draw(tournament=tournament, seed=1).tables.get()


@pytest.fixture(autouse=True)
def _language(request, settings):
    """The suite reads the English texts; tests marked ``german`` see the app as it starts, in
    German."""
    from django.utils import translation

    language = "de" if request.node.get_closest_marker("german") else "en"
    settings.LANGUAGE_CODE = language
    settings.PUBLIC_REFRESH_SECONDS = 0  # the public pages follow every write at once
    settings.PUBLIC_MOVE_ON_IN_BACKGROUND = False  # where a test sets a refresh: in its request
    with translation.override(language):
        yield


@pytest.fixture(autouse=True)
def _backup_dir(settings, tmp_path):
    """The automatic backups of every draw and lock go to the test's own folder."""
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: table ids are reused after a rollback."""
    from django.core.cache import cache

    from tournaments import glance, standings
    from tournaments.views import public

    cache.clear()
    glance.forget()  # the glances this process keeps beside the cache
    standings.forget()  # and the standings
    public.forget()  # and the tournaments it read
