"""What a table's phones ask of the database many times a minute finds its rows by an index,
never by reading a whole table of the database: a championship's tables, seats, deals and deal
versions grow with every round (after ten rounds of 250 tables: 2,500 tables, 10,000 seats),
and a read of all of them costs every poll and every deal entry milliseconds more each round.
SQLite's own query plans are read (``EXPLAIN QUERY PLAN``); PostgreSQL's depend on its
statistics and a small test table is read whole there on purpose."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.db import connection

from tests.tournaments.test_services import H1_VIERSTRICH
from tests.tournaments.test_table_links import post_of, seat

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="SQLite's query plans (EXPLAIN QUERY PLAN)"
)

GROWING = ("tournaments_table", "tournaments_seat", "tournaments_deal", "tournaments_dealrevision")
"""The tables that grow with every round of every tournament."""
HTMX = {"HX-Request": "true"}


@contextmanager
def read_whole() -> Iterator[list[str]]:
    """The steps of the plans of the SELECTs run inside the block that read one of
    :data:`GROWING` whole (``SCAN tournaments_table``), filled in when the block ends."""
    selects: list[tuple[str, object]] = []

    def record(execute: Callable, sql: str, params: object, many: bool, context: dict) -> object:
        if sql.lstrip().upper().startswith("SELECT"):
            selects.append((sql, params))
        return execute(sql, params, many, context)

    scans: list[str] = []
    with connection.execute_wrapper(record):
        yield scans
    whole = re.compile(rf"^SCAN ({'|'.join(GROWING)})\b")
    with connection.cursor() as cursor:
        for sql, params in selects:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
            scans += [step for *_, step in cursor.fetchall() if whole.match(step)]


@pytest.mark.parametrize("link", ["table", "seat"])
def test_a_phones_poll_of_its_table_reads_no_whole_table(client, table, link):
    url = (table if link == "table" else seat(table, "A")).get_absolute_url()
    with read_whole() as scans:
        assert client.get(url, {"since": "0.0"}, headers=HTMX).status_code == 200
    assert scans == []


def test_entering_a_deal_and_its_retry_read_no_whole_table(client, table):
    url = seat(table, "A").get_absolute_url()
    form = post_of(H1_VIERSTRICH[0], key="a-form-key-of-the-page")
    with read_whole() as scans:
        assert client.post(url, form, headers=HTMX).status_code == 200
        retried = client.post(url, form, headers=HTMX)  # the answer was lost: sent again
    assert retried.status_code == 200
    assert "already saved" in retried.text
    assert table.deals.count() == 1
    assert scans == []
