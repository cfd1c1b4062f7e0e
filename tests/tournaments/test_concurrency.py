"""Concurrency and faults (issue 7): no acknowledged deal is lost or stored twice, with many
tables at once, the same form sent twice at once, the server killed mid-load, and (PostgreSQL)
two servers sharing the database and Redis. Every deal in its place: two phones sending the
same deal number with forms of their own store one deal, two phones correcting the same version
of a deal store one correction, and the losers see the conflict (409), never a 500. A phone
that lost the network sends the deals it kept in order once it is back: each stored once at the
number it was typed for, or (another phone entered that place meanwhile) shown the conflict;
none lost silently, and a resent one is "already saved".

The scenarios are ``benchmarks/faults.py``'s, with small bounds: real servers (gunicorn on SQLite,
granian on PostgreSQL) on the loopback, each on a fresh database of its own (a SQLite file; a
``kreide_faults_*`` PostgreSQL database, dropped afterwards), never the test database. SQLite
always; PostgreSQL when ``DATABASE_URL`` names a PostgreSQL server (CI's second run). The last
tests are in-process, on the test database: two threads record one form, two threads record deal 1
with forms of their own (both PostgreSQL only: SQLite's test database lives in memory, where a
second writer cannot wait), and the database refuses a second deal row at one place (both
databases).

These tests catch a broken guard: with ``_replayed`` in ``tournaments/services/deals.py`` made to
return None (the retry not looked up), the double submits and the in-process test failed (the
second writer hit the unique form key: a 500 over HTTP, ``IntegrityError`` in-process); with the
unique constraint on ``DealRevision.idempotency_key`` dropped as well, they failed with two deals
stored per form. Checked once on a copy of the tree, not here.
"""

from __future__ import annotations

import os
import threading

import pytest
from django.db import IntegrityError, connection

from benchmarks import faults
from tests.helpers import points_post
from tournaments import services
from tournaments.entries import entry_from_post
from tournaments.models import Deal, DealRevision

TABLES = 8
SECONDS = 5
DOUBLES = 10
RACE_TABLES = 3
RACES = 3
OFFLINE_TABLES = 3
OFFLINE_SECONDS = 2
OFFLINE_DEALS = 4


def _postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("DATABASE_URL is not a PostgreSQL URL (the suite's PostgreSQL run sets it)")
    reason = faults.postgres_unavailable(url) or faults.redis_unavailable(faults.REDIS_URL)
    if reason:
        pytest.skip(reason)
    return url


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(request, tmp_path_factory):
    """Tournaments of ``2 × TABLES + 1 + 2 × RACE_TABLES + 2 × OFFLINE_TABLES`` load tables on a
    fresh database, served by one gunicorn (SQLite) or by two granians sharing PostgreSQL and
    Redis (as docs/deploy.md deploys each); two workers each."""
    work = tmp_path_factory.mktemp(f"faults-{request.param}")
    tables = faults.tables_needed(TABLES, RACE_TABLES, OFFLINE_TABLES)
    setup = {"tables": tables, "workers": 2}
    if request.param == "postgresql":
        setup.update(servers=2, redis_url=faults.REDIS_URL)
        database = faults.postgres_database(_postgres_url())
    else:
        database = faults.sqlite_database()
    with database as url, faults.deploy(url, work, **setup) as deployment:
        yield deployment


def _assert_kept(figures: faults.Figures) -> None:
    assert figures.lost == 0
    assert figures.duplicates == 0
    assert figures.out_of_order == 0
    assert figures.server_errors == 0
    assert figures.refused == 0, figures.notes
    assert figures.broken == []


def test_tables_entering_at_once_store_every_deal_once(room):
    figures = faults.load(room, room.site["tokens"][:TABLES], seconds=SECONDS)
    _assert_kept(figures)
    # Nothing went wrong: every deal sent was answered, and stored exactly once.
    assert figures.in_doubt == 0
    assert figures.connection_errors == 0
    assert figures.stored == figures.acknowledged == figures.sent
    assert figures.sent > TABLES  # every table entered more than one deal


def test_the_same_form_sent_twice_at_once_is_one_deal(room):
    figures = faults.double_submit(room, room.site["tokens"][2 * TABLES], times=DOUBLES)
    _assert_kept(figures)
    assert (figures.sent, figures.acknowledged, figures.stored) == (DOUBLES, DOUBLES, DOUBLES)
    assert figures.replayed == DOUBLES  # the second answer each time: "already saved"
    assert figures.notes["servers"] == len(room.servers)


def test_server_killed_mid_load_keeps_every_answered_deal(room):
    tokens = room.site["tokens"][TABLES : 2 * TABLES]
    # Long enough after the restart for the phones to come back: two servers of two workers each
    # may take seconds to start on a busy machine.
    figures = faults.sigkill(room, tokens, seconds=SECONDS + 4, kill_after=2)
    _assert_kept(figures)
    assert figures.notes["acknowledged_before_kill"] > 0
    assert figures.notes["acknowledged_after_restart"] > 0
    # Stored: every acknowledged deal, perhaps one more per table whose answer never came.
    assert figures.acknowledged <= figures.stored <= figures.sent


def test_a_deal_entered_on_one_server_is_in_the_standings_of_the_other_at_once(room):
    if len(room.servers) < 2:
        pytest.skip("two servers share PostgreSQL and Redis only")
    figures = faults.live_standings(room)
    _assert_kept(figures)
    assert figures.notes["stale"] == 0
    assert figures.notes["standings_checks"] == figures.sent > 0


def _race_tokens(room, scenario: int) -> list[str]:
    """The tables of race scenario 0 (two phones, one deal) or 1 (the correction race)."""
    first = 2 * TABLES + 1 + scenario * RACE_TABLES
    return room.site["tokens"][first : first + RACE_TABLES]


def _assert_one_per_race(figures: faults.RaceFigures) -> None:
    assert figures.broken == [], figures.notes
    assert figures.races == RACE_TABLES * RACES
    assert figures.doubled == 0
    assert figures.overwritten == 0
    assert figures.stored == figures.acknowledged == figures.races  # one per place
    assert figures.server_errors == 0
    assert figures.refused == 0, figures.notes
    assert figures.in_doubt == 0


def test_two_phones_sending_the_same_deal_store_it_once(room):
    figures = faults.two_phones_one_deal(room, _race_tokens(room, 0), races=RACES)
    _assert_one_per_race(figures)
    # Each race: three forms of their own (two at once, one later), one deal stored; the other
    # two phones were shown the conflict with a 409.
    assert figures.sent == 3 * figures.races
    assert figures.conflicts == 2 * figures.races
    assert figures.notes["servers"] == len(room.servers)


def test_two_phones_correcting_the_same_version_store_one_correction(room):
    figures = faults.correction_race(room, _race_tokens(room, 1), races=RACES)
    _assert_one_per_race(figures)
    # Each race: two corrections of the same shown version at once, one stored as the deal's
    # next version; the other phone was shown the conflict (stale version) with a 409.
    assert figures.sent == 2 * figures.races
    assert figures.conflicts == figures.races
    assert figures.notes["servers"] == len(room.servers)


def _offline_tokens(room, variant: int) -> list[str]:
    """The tables of the offline phone's variant 0 (alone) or 1 (another phone enters)."""
    first = 2 * TABLES + 1 + 2 * RACE_TABLES + variant * OFFLINE_TABLES
    return room.site["tokens"][first : first + OFFLINE_TABLES]


def _assert_nothing_lost(figures: faults.OfflineFigures) -> None:
    assert figures.broken == [], figures.notes
    assert figures.queued == OFFLINE_TABLES * OFFLINE_DEALS
    assert figures.silently_lost == 0
    assert figures.lost == 0
    assert figures.doubled == 0
    assert figures.out_of_order == 0
    assert figures.server_errors == 0
    assert figures.refused == 0, figures.notes
    assert figures.in_doubt == 0
    # Every stored deal sent once more (its answer lost) was found already saved.
    assert figures.resent == figures.replayed == figures.stored


def test_a_phone_back_online_sends_what_it_kept_in_order(room):
    figures = faults.offline_phone(
        room, _offline_tokens(room, 0), seconds=OFFLINE_SECONDS, deals=OFFLINE_DEALS
    )
    _assert_nothing_lost(figures)
    # Nobody else entered: every queued deal stored once, at the number it was typed for.
    assert figures.stored == figures.queued
    assert figures.conflicts == 0
    assert figures.notes["servers"] == len(room.servers)


def test_a_deal_entered_on_another_phone_meanwhile_is_shown_as_a_conflict(room):
    figures = faults.offline_phone(
        room,
        _offline_tokens(room, 1),
        seconds=OFFLINE_SECONDS,
        deals=OFFLINE_DEALS,
        other_phone=True,
    )
    _assert_nothing_lost(figures)
    # The other phone entered the first queued deal's place: that deal is shown the conflict
    # (409) at every table, the rest stored after it, at the numbers they were typed for.
    assert figures.conflicts == OFFLINE_TABLES
    assert figures.stored == figures.queued - OFFLINE_TABLES
    assert figures.notes["servers"] == len(room.servers)


def _skip_in_memory_sqlite() -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        # Its shared cache refuses a second writer ("database table is locked") where the app's
        # SQLite file waits for the lock; the scenarios above cover SQLite, on a file.
        pytest.skip("the test database is SQLite in memory: no second writer can wait")


def _at_once(*calls) -> tuple[list, list[Exception]]:
    """Run ``calls`` in threads of their own behind a barrier: their results and exceptions."""
    together = threading.Barrier(len(calls))
    results: list = []
    errors: list[Exception] = []

    def run(call) -> None:
        try:
            together.wait()
            results.append(call())
        except Exception as exc:  # noqa: BLE001 - reported by the callers' assertions
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors


@pytest.mark.django_db(transaction=True)
def test_two_threads_recording_deal_one_with_forms_of_their_own_store_one_deal(table):
    _skip_in_memory_sqlite()
    entries = {
        "a" * 32: entry_from_post(points_post(A=70, B=30, C=25, D=15)),
        "b" * 32: entry_from_post(points_post(A=30, B=70, C=25, D=15)),
    }

    def record(key: str):
        return lambda: services.deal_record(
            table=table, entry=entries[key], by=None, via="test", key=key, number=1
        )

    recorded, errors = _at_once(*(record(key) for key in entries))
    assert [type(exc) for exc in errors] == [services.DealConflict], errors
    assert errors[0].code == "DEAL_ALREADY_ENTERED"
    assert not any(isinstance(exc, IntegrityError) for exc in errors)
    assert len(recorded) == 1
    deal = Deal.all_objects.get(table=table)
    assert (deal.pk, deal.number, deal.revision) == (recorded[0].deal.pk, 1, 1)
    (revision,) = DealRevision.objects.filter(deal__table=table)
    assert deal.entry == entries[revision.idempotency_key]  # the winner's deal, as it sent it
    assert errors[0].stored.pk == deal.pk  # the loser is shown the deal stored at its place


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_a_second_deal_at_one_place(table):
    # No skip on SQLite in memory: one writer, nothing waits. The service checks the place with
    # the table locked; this constraint (deal_unique_number) is what backs it.
    entry = entry_from_post(points_post(A=70, B=30, C=25, D=15))
    Deal.all_objects.create(table=table, number=1, entry=entry)
    with pytest.raises(IntegrityError):
        Deal.all_objects.create(table=table, number=1, entry=entry)
    assert Deal.all_objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_threads_recording_one_form_store_one_deal(table):
    _skip_in_memory_sqlite()
    entry = entry_from_post(points_post(A=70, B=30, C=25, D=15))
    key = "f" * 32
    together = threading.Barrier(2)
    recorded: list[services.Recorded] = []
    errors: list[Exception] = []

    def record() -> None:
        try:
            together.wait()
            recorded.append(
                services.deal_record(table=table, entry=entry, by=None, via="test", key=key)
            )
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=record) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert Deal.objects.filter(table=table).count() == 1
    assert DealRevision.objects.filter(idempotency_key=key).count() == 1
    assert recorded[0].deal.pk == recorded[1].deal.pk
    assert sorted(r.replayed for r in recorded) == [False, True]
