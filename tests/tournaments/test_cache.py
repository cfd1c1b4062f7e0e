"""The computed standings live in Django's cache under the tournament's version: computed once,
served from the cache while nothing changes, recomputed after any write. Every test runs twice:
on the local-memory cache (the laptop in the pub) and on Redis (a championship's several
workers), the latter skipped when no Redis server answers on 127.0.0.1:6379 (CI has one)."""

from __future__ import annotations

import contextlib
import datetime
import os
import pickle
import socket
from collections.abc import Iterator

import pytest
import redis
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services, standings
from tournaments.models import Tournament

REDIS_URL = "redis://127.0.0.1:6379/15"
"""Database 15 of the local server, and a key prefix of our own on top: nothing else is
touched."""


def _redis_answers() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        return False
    return True


def _forget_our_redis_keys(prefix: str) -> None:
    """Delete this worker's keys only: parallel test workers share database 15 (a FLUSHDB would
    pull the cache from under another worker's test)."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        for key in client.scan_iter(match=f"{prefix}:*"):
            client.delete(key)
    finally:
        client.close()


@contextlib.contextmanager
def redis_cache(settings) -> Iterator[None]:
    """Redis as the cache (database 15, a key prefix per test worker), emptied before and after;
    the test is skipped where no Redis server answers."""
    if not _redis_answers():
        pytest.skip("no Redis server answers on 127.0.0.1:6379 (CI starts one)")
    prefix = f"kreidetafel-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    _forget_our_redis_keys(prefix)
    try:
        yield
    finally:
        _forget_our_redis_keys(prefix)


@pytest.fixture(params=["locmem", "redis"])
def cache_backend(request, settings) -> str:
    """The standings' cache on the local-memory backend, then on Redis (:func:`redis_cache`)."""
    if request.param == "redis":
        with redis_cache(settings):
            yield request.param
    else:
        cache.clear()
        yield request.param
        cache.clear()


@pytest.fixture
def computations(monkeypatch) -> list[int | None]:
    """Every computation of the standings (``through_round`` of each) from now on."""
    calls: list[int | None] = []
    compute = standings.tournament_standings

    def counted(tournament: Tournament, *, through_round: int | None = None):
        calls.append(through_round)
        return compute(tournament, through_round=through_round)

    monkeypatch.setattr(standings, "tournament_standings", counted)
    return calls


@pytest.fixture
def played(make_tournament) -> Tournament:
    """Eight players, round 1 drawn, one deal at table 1 (its seat A takes the Strich)."""
    tournament = make_tournament(players=8, name="Zwischenspeicher")
    table = services.round_draw(tournament=tournament, method="random", seed=5).tables.get(number=1)
    services.deal_record(
        table=table, entry={"points": {"A": 52, "B": 30, "C": 18, "D": 40}}, by=None, via="t"
    )
    tournament.refresh_from_db()
    return tournament


def test_the_backend_under_test_is_in_use(cache_backend):
    expected = {"locmem": "LocMemCache", "redis": "RedisCache"}[cache_backend]
    assert type(caches["default"]).__name__ == expected


def test_standings_are_computed_once_per_version(cache_backend, played, computations, client):
    address = reverse("standings", args=[played.slug])
    client.get(address)
    client.get(address)
    client.get(address, headers={"HX-Request": "true"})
    assert computations == [None]
    table = played.rounds.get().tables.get(number=1)
    services.deal_record(
        table=table, entry={"points": {"A": 30, "B": 52, "C": 18, "D": 40}}, by=None, via="t"
    )
    client.get(address)
    assert computations == [None, None]
    # The new version's standings hold the second deal: seat B of table 1 took its Strich.
    rows = standings.cached_standings(Tournament.objects.get(pk=played.pk)).rows
    totals = {row.player.name: row.total for row in rows}
    assert totals[table.seats.get(label="B").player.name] == 1
    assert computations == [None, None]


def test_the_second_request_costs_one_query(cache_backend, played, client):
    """The cached standings cost nothing: only the tournament (its version) is read."""
    address = reverse("standings", args=[played.slug])
    with CaptureQueriesContext(connection) as first:
        client.get(address)
    with CaptureQueriesContext(connection) as second:
        client.get(address)
    assert len(first) >= 6
    assert len(second) == 1


def test_a_write_invalidates_the_cached_standings(cache_backend, played, organiser):
    before = standings.cached_standings(played)
    player = played.players.get(name="Spieler 08")
    services.player_withdraw(player=player, by=organiser)
    played.refresh_from_db()
    after = standings.cached_standings(played)
    assert not next(r for r in before.rows if r.player.pk == player.pk).player.withdrawn
    assert next(r for r in after.rows if r.player.pk == player.pk).player.withdrawn


def test_cached_standings_equal_fresh_ones(cache_backend, played):
    """What comes back from the cache (pickled through Redis) ranks like a fresh computation."""
    standings.cached_standings(played)
    cached = standings.cached_standings(played)
    fresh = standings.tournament_standings(played)

    def lines(table: standings.Standings) -> list[tuple]:
        return [(r.player, r.rank, r.tied, r.total, r.cells) for r in table.rows]

    assert lines(cached) == lines(fresh)
    assert cached.rounds == fresh.rounds == [1]


def test_pickled_standings_come_back_whole(played, organiser):
    """The cache pickles the standings as plain tuples (``Standings.__reduce__``): every row
    comes back equal (a withdrawn player's among them), its round scores, ranks and marks, its
    rounds the cells it has."""
    services.player_withdraw(player=played.players.get(name="Spieler 08"), by=organiser)
    played.refresh_from_db()
    computed = standings.tournament_standings(played)
    back = pickle.loads(pickle.dumps(computed))
    assert back == computed
    assert [r.rounds for r in back.rows] == [[c for c in r.cells if c] for r in back.rows]
    assert all(type(score) is standings.RoundScore for row in back.rows for score in row.rounds)


def test_standings_after_a_round_are_cached_apart(cache_backend, played, computations):
    standings.cached_standings(played)
    standings.cached_standings(played, through_round=1)
    standings.cached_standings(played, through_round=1)
    assert computations == [None, 1]


def test_during_play_the_public_page_changes_at_most_every_few_seconds(
    played, client, settings, monkeypatch
):
    """Deals move the version many times a second; the room's phones share one rendering (and
    304s) until ``PUBLIC_REFRESH_SECONDS`` have passed."""
    from tournaments.services import public

    settings.PUBLIC_REFRESH_SECONDS = 5
    start = datetime.datetime(2026, 11, 21, 20, 0, tzinfo=datetime.UTC)
    clock = [start]
    monkeypatch.setattr(public.timezone, "now", lambda: clock[0])
    address = reverse("standings", args=[played.slug])
    first = client.get(address)["ETag"]
    table = played.rounds.get().tables.get(number=1)
    services.deal_record(
        table=table, entry={"points": {"A": 30, "B": 52, "C": 18, "D": 40}}, by=None, via="t"
    )
    clock[0] += datetime.timedelta(seconds=4)
    assert client.get(address, headers={"If-None-Match": first}).status_code == 304
    clock[0] += datetime.timedelta(seconds=2)  # 6 s after the version was first shown
    fresh = client.get(address, headers={"If-None-Match": first})
    assert fresh.status_code == 200 and fresh["ETag"] != first
