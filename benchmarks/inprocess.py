"""In the benchmark process (same database, no HTTP): where the standings' and the table page's
time goes, and cProfile reports of them under ``benchmarks/results/``. Import only after
``django.setup()``."""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db import connection
from django.test import Client

import scoring
from benchmarks.client import RESULTS
from tournaments.models import Deal, Seat, Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import table_link, table_view


def profile(label: str, call: Callable[[], object], out: Path) -> list[str]:
    """cProfile one call (after two untimed ones, so caches are as warm as ``call`` leaves them in
    the server); the whole report goes to ``out``, the top lines by own time are returned."""
    call()
    call()
    profiler = cProfile.Profile()
    profiler.enable()
    call()
    profiler.disable()
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(30)
    out.write_text(f"# {label}\n{text.getvalue()}")
    top = io.StringIO()
    pstats.Stats(profiler, stream=top).sort_stats("tottime").print_stats(8)
    lines = top.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if "ncalls" in line)
    return [line for line in lines[start:] if line.strip()]


def _median_ms(call: Callable[[], object], repeats: int) -> float:
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def breakdown(info: dict[str, Any], repeats: int = 5) -> dict[str, Any]:
    """Medians of ``repeats`` calls: the whole standings page (``?all=1``, its fragment cached),
    the glance's htmx refresh (200) and its 304,
    ``tournament_standings`` with the table results cached and with the cache empty (cold), the
    replay of every table alone (entries preloaded), the row loading alone; the table page
    against ``table_link`` + ``table_view``; the bare view; opening and closing the database
    connection, and the tournament's query (a 304's work). Then one cProfile each of the
    cached page, the cold standings, the 304 and the table page."""
    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
    slug = info["slug"]
    browser = Client(HTTP_HOST="127.0.0.1")
    game = scoring.games["hintersche"]
    tournament = Tournament.objects.get(slug=slug)
    variant = game.variant(tournament.variant)
    entries: dict[int, list] = {}
    for table_id, entry in (
        Deal.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "number")
        .values_list("table_id", "entry")
    ):
        entries.setdefault(table_id, []).append(entry)
    labels: dict[int, list[str]] = {}
    for table_id, label in Seat.objects.filter(table__round__tournament=tournament).values_list(
        "table_id", "label"
    ):
        labels.setdefault(table_id, []).append(label)
    seats = {table_id: tuple(sorted(ls)) for table_id, ls in labels.items()}

    def replay_all() -> None:
        for table_id, table_seats in seats.items():
            game.replay(entries.get(table_id, []), variant, table_seats)

    def standings() -> None:
        tournament_standings(Tournament.objects.get(slug=slug))

    def standings_cold() -> None:
        cache.clear()
        standings()

    def load_rows() -> None:
        list(
            Seat.objects.filter(table__round__tournament=tournament).values_list(
                "table_id", "label", "player_id", "table__number", "table__round__number"
            )
        )
        list(
            Deal.objects.filter(table__round__tournament=tournament)
            .order_by("table_id", "number")
            .values_list("table_id", "entry")
        )

    def view() -> None:
        assert browser.get(f"/s/{slug}/?all=1").status_code == 200

    me = info["followed"][len(info["followed"]) // 2]

    def glance_refresh() -> None:
        page = browser.get(f"/s/{slug}/?me={me}", headers={"HX-Request": "true"})
        assert page.status_code == 200

    etag = browser.get(f"/s/{slug}/?me={me}", headers={"HX-Request": "true"})["ETag"]

    def not_modified() -> None:
        headers = {"HX-Request": "true", "If-None-Match": etag}
        assert browser.get(f"/s/{slug}/?me={me}", headers=headers).status_code == 304

    def connect_and_close() -> None:
        # What every request pays with CONN_MAX_AGE = 0 (the test client keeps its connection).
        connection.ensure_connection()
        connection.close()

    def table_page() -> None:
        assert browser.get(f"/t/{info['open_table']}/").status_code == 200

    figures: dict[str, Any] = {
        "standings_view_inprocess_ms": _median_ms(view, repeats),
        "glance_refresh_inprocess_ms": _median_ms(glance_refresh, 50),
        "standings_304_inprocess_ms": _median_ms(not_modified, 50),
        "tournament_standings_ms": _median_ms(standings, repeats),
        "tournament_standings_cold_ms": _median_ms(standings_cold, repeats),
        "replay_all_tables_ms": _median_ms(replay_all, repeats),
        "queries_rows_ms": _median_ms(load_rows, repeats),
        "replayed_deals": sum(len(e) for e in entries.values()),
        "tables": len(seats),
        "table_view_inprocess_ms": _median_ms(table_page, 50),
        "table_link_and_replay_ms": _median_ms(
            lambda: table_view(table_link(info["open_table"]).table), 50
        ),
        "bare_view_inprocess_ms": _median_ms(lambda: browser.get("/bench/bare/"), 50),
        "db_connect_ms": _median_ms(connect_and_close, 50),
        "tournament_query_ms": _median_ms(lambda: Tournament.objects.get(slug=slug), 50),
    }
    figures["profile_standings_top"] = profile(
        "GET /s/<slug>/?all=1, the whole table, cached fragment (in-process, cProfile)",
        view,
        RESULTS / "profile-standings.txt",
    )
    figures["profile_standings_cold_top"] = profile(
        "tournament_standings with the cache empty (in-process, cProfile)",
        standings_cold,
        RESULTS / "profile-standings-cold.txt",
    )
    figures["profile_standings_304_top"] = profile(
        "GET /s/<slug>/?me= glance refresh with If-None-Match, 304 (in-process, cProfile)",
        not_modified,
        RESULTS / "profile-standings-304.txt",
    )
    figures["profile_glance_top"] = profile(
        "GET /s/<slug>/?me= glance refresh, glance cached (200, in-process, cProfile)",
        glance_refresh,
        RESULTS / "profile-glance.txt",
    )
    figures["profile_table_top"] = profile(
        "GET /t/<token>/ (in-process, cProfile)", table_page, RESULTS / "profile-table.txt"
    )
    return figures
