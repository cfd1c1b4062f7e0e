"""``benchmarks/run``: every benchmark in one go, a results table on stdout and
``benchmarks/results/latest.json``. See docs/benchmarks.md for what each figure means.

1. Engine: replay of 50,000 simulated Hintersche deals (median of a few repeats).
2. Draw: 1,000 players avoiding repeat table-mates after 10 rounds (``benchmarks/draw.py``).
3. Pages: a 1,000-player tournament of 10 rounds in its own SQLite file under
   ``benchmarks/results/``; ``manage.py runserver --noreload --nothreading`` on 127.0.0.1 (DEBUG
   off) measured by a bounded sequential client: a bare Django view, the public standings (cold,
   cached, 304, htmx), the table pages and their phones' poll; peak memory of the server.
4. The room: granian (``--server gunicorn``: gunicorn) on 127.0.0.1 with 2,000 phones polling
   the standings every 5 s, each the glance with its own player's line (``--view whole``: the
   whole table, as before issue 18; ``benchmarks/phones.py``), the bare view at the same load,
   the capacity with ``wrk`` (``benchmarks/load.py``).
5. In-process breakdown and cProfile of the standings (``benchmarks/inprocess.py``).
6. Deal entry: the next round drawn in the app, then deals posted through the table links
   against a bare POST that writes one row (``benchmarks/entry.py``).
7. The phones again while deals are entered at two a second.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks import client, phones, report
from benchmarks.client import DB_PATH, RESULTS, ROOT, fetch, measure

SEED = 2026
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"
BENCH_REDIS_URL = "redis://127.0.0.1:6379/11"
"""A Redis database of the benchmark's own: ``/bench/cache-clear/`` empties it."""

FULL = {
    "deals": 50_000,
    "repeats": 3,
    "draw_repeats": 5,
    "players": 1000,
    "rounds": 10,
    "requests": 100,
    "budget": 20.0,
    "cold_requests": 10,
    "phones": 2000,
    "load_seconds": 30,
    "posts": 200,
    "post_tables": 100,
    "record_calls": 20,
    "writes_per_s": 2.0,
    "desk_repeats": 5,
}
QUICK = {
    "deals": 5_000,
    "repeats": 1,
    "draw_repeats": 1,
    "players": 200,
    "rounds": 4,
    "requests": 20,
    "budget": 5.0,
    "cold_requests": 3,
    "phones": 400,
    "load_seconds": 10,
    "posts": 20,
    "post_tables": 20,
    "record_calls": 5,
    "writes_per_s": 2.0,
    "desk_repeats": 2,
}


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run",
        description="Every Kreidetafel benchmark in one go; see docs/benchmarks.md.",
    )
    parser.add_argument("--quick", action="store_true", help="a small run of everything (~2 min)")
    helps = {
        "deals": "engine: deals replayed",
        "repeats": "engine: timed replays",
        "draw_repeats": "draw: timed draws of the next round",
        "players": "players (multiple of 4)",
        "rounds": "rounds played before the measurements",
        "requests": "pages: timed requests per page",
        "budget": "pages: seconds at most per page (≥ 5 requests)",
        "cold_requests": "pages: timed cold standings requests",
        "phones": "load: phones polling the standings",
        "load_seconds": "load: seconds per run",
        "posts": "deal entry: deals posted",
        "post_tables": "deal entry: tables they are spread over",
        "record_calls": "deal entry: deal_record calls timed in-process",
        "writes_per_s": "load during play: deals entered a second",
        "desk_repeats": "desk: times the desk is opened and a player checked in, in Chromium",
    }
    for name, text in helps.items():
        kind = type(FULL[name])
        option = "--" + name.replace("_", "-")
        parser.add_argument(option, type=kind, help=f"{text} (default {FULL[name]})")
    parser.add_argument(
        "--period", type=int, default=5000, help="load: ms between a phone's polls (default 5000)"
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="sqlite (a file, the local-memory cache; default) or postgresql (a new database on "
        f"{POSTGRES_URL}, dropped afterwards, with Redis {BENCH_REDIS_URL} as the shared cache)",
    )
    parser.add_argument(
        "--view",
        choices=("glance", "whole"),
        default="glance",
        help="load: what the phones poll: the glance with each phone's own player (default), or "
        "the whole table (?all=1, as before issue 18)",
    )
    parser.add_argument(
        "--server",
        choices=client.SERVERS,
        default="granian",
        help="load: the server of the room: granian, as docs/deploy.md runs a championship "
        "(default), or gunicorn, as it runs a pub's laptop",
    )
    parser.add_argument(
        "--revalidate",
        type=int,
        default=90,
        help="load: %% of polls that are the htmx refresh with If-None-Match (default 90)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="processes simulating the deals' entries (default: up to 2)",
    )
    args = parser.parse_args(argv)
    for name, value in (QUICK if args.quick else FULL).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    return args


def _commit() -> str:
    run = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=ROOT, capture_output=True, text=True
    )
    dirty = subprocess.run(
        ["git", "--no-optional-locks", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout
    return run.stdout.strip() + (" (working tree with changes)" if dirty.strip() else "")


def pages(info: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The GET measurements against one ``runserver`` process; its memory."""
    port = client.free_port()
    print(f"pages: runserver on 127.0.0.1:{port}, sequential client …")
    server = client.start_runserver(port, RESULTS / "server.log")
    standings = f"/s/{info['slug']}/?all=1"  # the whole table (the projector's, one tap away)
    glance = f"/s/{info['slug']}/?me={info['followed'][len(info['followed']) // 2]}"
    htmx = {"HX-Request": "true"}

    def clear_cache() -> None:
        if fetch(port, "/bench/cache-clear/", method="POST").status != 200:
            raise RuntimeError("POST /bench/cache-clear/ failed")

    try:
        startup = client.vm(server.pid)
        fetch(port, standings)  # moves the version shown on (in a thread: the answer is older)
        client.await_shown(info["tournament"])
        first = fetch(port, standings)
        first_htmx = fetch(port, standings, htmx)
        glance_htmx = fetch(port, glance, htmx)
        if {first.status, first_htmx.status, glance_htmx.status} != {200}:
            raise RuntimeError(f"GET {standings} answered {first.status}/{first_htmx.status}")
        results: dict[str, Any] = {
            "standings_first_ms": first.seconds * 1000,
            # What a phone would download per refresh if the answers were compressed.
            "standings_htmx_gzip_kib": len(gzip.compress(first_htmx.body)) / 1024,
            "glance_htmx_gzip_kib": len(gzip.compress(glance_htmx.body)) / 1024,
        }
        many = max(args.requests, 200)
        table = f"/t/{info['open_table']}/"
        since = phones.SINCE.search(fetch(port, table).body).group(1).decode()
        plan = [
            ("bare", "/bench/bare/", {}, 200, many, None),
            ("bare_page", "/bench/bare-page/", {}, 200, many, None),
            ("bare_page_whole", f"/bench/bare-page/?bytes={len(first.body)}", {}, 200, many, None),
            ("standings_cold", standings, {}, 200, args.cold_requests, clear_cache),
            ("standings", standings, {}, 200, args.requests, None),
            ("standings_304", standings, {"If-None-Match": first.headers["ETag"]}, 304, many, None),
            ("standings_htmx", standings, htmx, 200, args.requests, None),
            (
                "standings_htmx_304",
                standings,
                {**htmx, "If-None-Match": first_htmx.headers["ETag"]},
                304,
                many,
                None,
            ),
            ("glance", glance, {}, 200, args.requests, None),
            ("glance_htmx", glance, htmx, 200, args.requests, None),
            (
                "glance_htmx_304",
                glance,
                {**htmx, "If-None-Match": glance_htmx.headers["ETag"]},
                304,
                many,
                None,
            ),
            ("table_open", table, {}, 200, many, None),
            ("table_poll", f"{table}?since={since}", htmx, 204, many, None),
            ("table_finished", f"/t/{info['finished_table']}/", {}, 200, many, None),
            ("bare_again", "/bench/bare/", {}, 200, many, None),
        ]
        for name, path, headers, expect, count, before in plan:
            results[name] = measure(
                port,
                path,
                requests=count,
                budget_s=args.budget,
                headers=headers,
                expect=expect,
                before=before,
                warmup=1 if before else 3,
                alongside=None if name.startswith("bare") else "/bench/bare/",
            )
            print(f"  {name:20} {results[name]['median_ms']:8.1f} ms median")
        after = client.vm(server.pid)
    finally:
        client.stop(server)
    results["memory_mib"] = {
        "rss_after_start": startup["VmRSS"],
        "peak_after_load": after["VmHWM"],
        "rss_after_load": after["VmRSS"],
    }
    return results


def deal_entry(
    info: dict[str, Any], args: argparse.Namespace
) -> tuple[dict[str, Any], list[str], list[str]]:
    """The next round drawn in-process; the POSTs against one ``runserver`` on its first
    ``--post-tables`` tables, ``deal_record`` in-process on the next ones. Returns the figures,
    the round's tables (their tokens) and those of them left untouched."""
    from benchmarks import entry

    drawn = entry.draw_next_round(info["slug"], seed=SEED * 100 + info["rounds"] + 1)
    tokens = drawn["tokens"]
    print(
        f"deal entry: round {drawn['round']} drawn in {drawn['seconds']:.2f} s; posting "
        f"{args.posts} deals over {args.post_tables} tables …"
    )
    port = client.free_port()
    server = client.start_runserver(port, RESULTS / "server-entry.log")
    try:
        figures = entry.run(
            port,
            tournament=info["tournament"],
            tokens=tokens,
            deals=args.posts,
            tables=args.post_tables,
            seed=SEED,
        )
    finally:
        client.stop(server)
    used = args.post_tables + args.record_calls + 3
    figures["in_process"] = entry.in_process(
        tokens[args.post_tables : used], deals=args.record_calls, seed=SEED
    )
    drawn_round = {"draw_in_app_s": drawn["seconds"], "round": drawn["round"]}
    return {**drawn_round, **figures}, tokens, tokens[used:]


def during_play(
    info: dict[str, Any], args: argparse.Namespace, spare: list, tables: list[str]
) -> dict[str, Any]:
    """The phones again under the same server while deals are entered at ``--writes-per-s``
    into ``spare`` tables, with a phone at each of ``tables`` (the round's) polling its table."""
    from benchmarks import entry, load

    writes = math.ceil(args.writes_per_s * (args.load_seconds + args.period / 1000)) + 2
    print(
        f"load during play: {args.phones} phones and one at each of {len(tables)} tables while "
        f"{args.writes_per_s:g} deal/s is entered ({args.load_seconds} s) …"
    )
    return load.during_play(
        info["slug"],
        entry.deal_plan(spare, deals=writes, seed=SEED + 1),
        server=args.server,
        writes_per_s=args.writes_per_s,
        phones_count=args.phones,
        seconds=args.load_seconds,
        period=args.period / 1000,
        revalidate=args.revalidate,
        followed=followed(info, args),
        tables=tables,
    )


def followed(info: dict[str, Any], args: argparse.Namespace) -> tuple[int, ...]:
    """The players the phones follow (each phone its own, round robin), none for ``--view
    whole``."""
    if args.view == "whole":
        return ()
    return tuple(info["followed"])


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if args.database == "sqlite":
        return run(args)
    from benchmarks.faults import postgres_database, postgres_unavailable, redis_unavailable

    reason = postgres_unavailable(POSTGRES_URL) or redis_unavailable(BENCH_REDIS_URL)
    if reason:
        raise SystemExit(reason)
    import redis

    # A new database: its tournament has the id and the version of the last run's, whose cached
    # standings and glances would answer for it (if the draw changed since, wrongly).
    redis.Redis.from_url(BENCH_REDIS_URL).flushdb()
    with postgres_database(POSTGRES_URL) as url:
        client.use(url, BENCH_REDIS_URL)
        return run(args)


def run(args: argparse.Namespace) -> int:
    """Every benchmark of :func:`main` on the database ``client.environment()`` names."""
    sys.stdout.reconfigure(line_buffering=True)  # progress lines show up at once in a pipe too
    RESULTS.mkdir(parents=True, exist_ok=True)
    os.environ.update(client.environment())
    sys.path.insert(0, str(ROOT))
    began = time.perf_counter()
    results: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "options": vars(args),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
    }

    from benchmarks import draw, engine

    print(f"engine: replaying {args.deals:,} Hintersche deals ({args.repeats} repeats) …")
    results["engine"] = engine.run(
        deals=args.deals, repeats=args.repeats, seed=SEED, cache_dir=RESULTS, workers=args.workers
    )
    print(f"draw: {args.players} players after 10 rounds ({args.draw_repeats} repeats) …")
    results["draw"] = draw.run(
        players=args.players, rounds=10, repeats=args.draw_repeats, seed=SEED
    )

    import django

    results["machine"]["django"] = django.get_version()
    results["machine"]["database"] = args.database
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(f"{DB_PATH}{suffix}").unlink(missing_ok=True)
    django.setup()
    from benchmarks.build_db import build

    print(
        f"building a {args.players}-player tournament, {args.rounds} rounds, "
        f"in {DB_PATH.relative_to(ROOT) if args.database == 'sqlite' else 'PostgreSQL'} …",
    )
    start = time.perf_counter()
    info = build(players=args.players, rounds=args.rounds, seed=SEED, workers=args.workers)
    info["build_s"] = time.perf_counter() - start
    results["tournament"] = info
    from tournaments.models import Player

    players = Player.objects.filter(tournament_id=info["tournament"]).order_by("pk")
    info["followed"] = list(players.values_list("pk", flat=True))
    from django.db import connections

    connections.close_all()

    results["web"] = pages(info, args)

    from benchmarks import desk

    print(f"desk: the organiser's desk of {args.players} players in Chromium …")
    results["desk"] = desk.run(info, repeats=args.desk_repeats)

    from benchmarks import load

    print(
        f"load: {args.server}, {args.phones} phones polling the {args.view} every "
        f"{args.period / 1000:g} s, {args.load_seconds} s per run …",
    )
    results["load"] = load.run(
        info["slug"],
        server=args.server,
        phones_count=args.phones,
        seconds=args.load_seconds,
        period=args.period / 1000,
        revalidate=args.revalidate,
        followed=followed(info, args),
    )

    print("profile: in-process breakdown and cProfile …")
    from benchmarks.inprocess import breakdown

    results["breakdown"] = breakdown(info)
    connections.close_all()

    results["entry"], tables, spare = deal_entry(info, args)
    results["play"] = during_play(info, args, spare, tables)
    results["tournament"] = {k: v for k, v in info.items() if k != "followed"}
    results["goals"] = report.goals(results)
    results["total_s"] = time.perf_counter() - began
    name = "latest.json" if args.database == "sqlite" else f"latest-{args.database}.json"
    (RESULTS / name).write_text(json.dumps(results, indent=2, ensure_ascii=False))
    report.report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
