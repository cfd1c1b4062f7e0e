"""The 304 without a database query (issue 18): the public pages note in the cache which version
they show, for the seconds it cannot move on (``services.shown_note``), and a visitor's poll
whose ETag is that page's is answered 304 from the note alone. The note never answers 200, and
the organiser's switches (pages off, standings hidden or shown again) drop it at once."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.urls import reverse

from tests.tournaments.test_public import evening, record, strich_to
from tournaments import services
from tournaments.models import Seat

__all__ = ["evening"]  # the fixture, shared with test_public

HTMX = {"HX-Request": "true"}


@pytest.fixture
def clock(settings, monkeypatch):
    """The pages share a version for 5 s; the time is the test's."""
    from django.utils import timezone

    settings.PUBLIC_REFRESH_SECONDS = 5
    now = [datetime.datetime(2026, 11, 21, 20, 0, tzinfo=datetime.UTC)]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


@pytest.mark.parametrize("query", ["", "?me=1", "?all=1", "?round=1"])
def test_an_unchanged_poll_costs_no_query(client, evening, clock, query, django_assert_num_queries):
    tournament, _roles = evening
    address = reverse("standings", args=[tournament.slug]) + query
    first = client.get(address, headers=HTMX)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]


def test_the_note_never_answers_200_and_lapses_with_the_shared_version(
    client, evening, clock, django_assert_num_queries
):
    tournament, roles = evening
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)["ETag"]
    with django_assert_num_queries(0):  # another ETag: the page, from the tournament held
        assert client.get(address, headers={**HTMX, "If-None-Match": '"x"'}).status_code == 200
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["2A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=4)  # within the shared 5 s: still the version shown
    with django_assert_num_queries(0):
        assert client.get(address, headers={**HTMX, "If-None-Match": first}).status_code == 304
    clock[0] += datetime.timedelta(seconds=2)  # past them: the deal is shown
    fresh = client.get(address, headers={**HTMX, "If-None-Match": first})
    assert fresh.status_code == 200 and fresh["ETag"] != first


def test_a_logged_in_poll_reads_the_database(client, evening, clock, organiser):
    """The page names the user: his session is read, so the note does not answer for him."""
    tournament, _roles = evening
    client.force_login(organiser)
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)["ETag"]
    again = client.get(address, headers={**HTMX, "If-None-Match": first})
    assert again.status_code == 304


def test_the_organisers_switches_drop_the_note_at_once(client, evening, clock, organiser):
    tournament, _roles = evening
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)["ETag"]
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=2)
    hidden = client.get(address, headers={**HTMX, "If-None-Match": first})
    assert hidden.status_code == 200  # not a 304 from the note: the standings after round 1
    services.standings_reveal(tournament=tournament, by=organiser)
    shown = client.get(address, headers={**HTMX, "If-None-Match": hidden["ETag"]})
    assert shown.status_code == 200
    services.tournament_settings(tournament=tournament, by=organiser, public=False)
    assert client.get(address, headers={**HTMX, "If-None-Match": shown["ETag"]}).status_code == 404


def test_one_request_moves_the_version_shown_on_and_the_others_do_not_wait(
    client, evening, clock, django_assert_num_queries
):
    """While one request writes the new version shown (it may wait for a table's deal), every
    other request that finds it due shows the version before, with no write of its own."""
    from django.core.cache import cache

    from tournaments.models import Tournament
    from tournaments.services.public import _advancing_key

    tournament, roles = evening
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)
    seat = Seat.objects.select_related("table").get(table__round__number=2, player=roles["2A"])
    record(seat.table, strich_to(seat.label))
    clock[0] += datetime.timedelta(seconds=6)  # the new version is due
    shown = Tournament.objects.get(pk=tournament.pk)
    cache.add(_advancing_key(shown), True, timeout=5)  # another request is writing it
    with django_assert_num_queries(1):  # the tournament; no write
        again = client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 304  # the version before, still
    with django_assert_num_queries(0):  # meanwhile the room's polls are answered from the note
        assert (
            client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]}).status_code == 304
        )
    clock[0] += datetime.timedelta(seconds=1)  # for a moment only
    assert Tournament.objects.get(pk=tournament.pk).shown_version == shown.shown_version
    cache.delete(_advancing_key(shown))  # that request ended without writing (it failed)
    moved = client.get(address, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert moved.status_code == 200
    assert Tournament.objects.get(pk=tournament.pk).shown_version == shown.version


def test_a_note_never_replaces_one_of_a_newer_version(evening, clock):
    from django.core.cache import cache

    from tournaments.models import Tournament

    tournament, _roles = evening
    tournament = Tournament.objects.get(pk=tournament.pk)
    services.shown_note(tournament=tournament, version=tournament.version, through=None)
    services.shown_note(tournament=tournament, version=tournament.version - 1, through=None)
    assert cache.get(services.shown_key(tournament.slug)).version == tournament.version


def test_a_phone_opening_the_page_again_costs_no_query(
    client, evening, clock, organiser, django_assert_num_queries
):
    """While the note holds, the tournament this process read at the version shown serves a
    visitor's page anew without a query; the organiser's switch (pages off) ends that at once,
    and a logged-in organiser's page is always read afresh (his session says who he is)."""
    tournament, roles = evening
    address = reverse("standings", args=[tournament.slug])
    assert client.get(address).status_code == 200
    with django_assert_num_queries(0):
        again = client.get(address).content.decode()
    assert tournament.name in again and roles["2B"].name in again
    services.tournament_settings(tournament=tournament, by=organiser, public=False)
    assert client.get(address).status_code == 404
    client.force_login(organiser)
    assert client.get(address).status_code == 200  # his own tournament, pages off


@pytest.fixture
def shared_cache(settings):
    """Redis as the cache, as a championship's several web processes share it."""
    from tests.tournaments.test_cache import redis_cache

    with redis_cache(settings):
        yield


def test_with_a_shared_cache_each_process_holds_the_note_for_a_second(
    client, evening, clock, shared_cache, django_assert_num_queries
):
    """With Redis, a process answers the room's unchanged polls from the note as it read it, for
    ``NOTE_HELD_SECONDS`` (1 s), without asking Redis again: a note dropped from Redis by
    another process (an organiser's switch there) reaches this one within that second."""
    from django.core.cache import cache
    from django.test.utils import CaptureQueriesContext

    tournament, _roles = evening
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)["ETag"]
    revalidate = {**HTMX, "If-None-Match": first}
    assert cache.get(services.shown_key(tournament.slug)) is not None  # noted in Redis
    assert client.get(address, headers=revalidate).status_code == 304  # read it from Redis
    cache.delete(services.shown_key(tournament.slug))  # another process drops it
    clock[0] += datetime.timedelta(seconds=0.9)
    with django_assert_num_queries(0):
        assert client.get(address, headers=revalidate).status_code == 304  # the note held
    clock[0] += datetime.timedelta(seconds=0.2)  # the second is over: Redis has no note
    with CaptureQueriesContext(connection) as read:
        assert client.get(address, headers=revalidate).status_code == 304
    assert read.captured_queries  # the database said it, and noted it again
    with django_assert_num_queries(0):
        assert client.get(address, headers=revalidate).status_code == 304


def test_with_a_shared_cache_the_organisers_switch_in_the_process_is_at_once(
    client, evening, clock, organiser, shared_cache
):
    tournament, _roles = evening
    address = reverse("standings", args=[tournament.slug])
    first = client.get(address, headers=HTMX)["ETag"]
    revalidate = {**HTMX, "If-None-Match": first}
    assert client.get(address, headers=revalidate).status_code == 304  # the note, held
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=2)
    assert client.get(address, headers=revalidate).status_code == 200  # after round 1 only
    services.tournament_settings(tournament=tournament, by=organiser, public=False)
    assert client.get(address, headers=revalidate).status_code == 404
