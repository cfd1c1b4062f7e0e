"""``benchmarks/run``: every benchmark in one go, a results table on stdout and
``benchmarks/results/latest.json``. See docs/benchmarks.md for what each figure means.

1. Engine: replay of 50,000 simulated Hintersche deals (median of a few repeats).
2. Web: a 1,000-player tournament in its own SQLite file under ``benchmarks/results/``; a real
   ``manage.py runserver --noreload --nothreading`` process on 127.0.0.1 (DEBUG off) measured by a
   bounded sequential client: a bare Django view, the public standings page (whole page and htmx
   partial), the table page of a table still playing in the last round and of a finished one.
3. Peak memory (``VmHWM``) of the server process after the load.
4. In-process breakdown and cProfile of the standings and the table page.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import http.client
import io
import json
import os
import platform
import pstats
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DB_PATH = RESULTS / "bench.sqlite3"
SEED = 2026
GOAL_STANDINGS_MS = 150.0
GOAL_TABLE_RATIO = 2.0


def _environment(port: int | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.settings",
        DATABASE_URL=f"sqlite:///{DB_PATH}",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="benchmark-only-secret-key-not-for-production-use-0123456789",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_LOG_LEVEL="WARNING",
    )
    env.pop("REDIS_URL", None)  # the local-memory cache, as on the organiser's laptop
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, int, float]:
    """One request on a fresh connection: (status, body bytes, seconds until the body is read)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        body = response.read()
    finally:
        conn.close()
    return response.status, len(body), time.perf_counter() - start


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(
    port: int,
    path: str,
    *,
    requests: int,
    budget_s: float,
    warmup: int = 3,
    headers: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Sequential GETs: ``warmup`` untimed, then up to ``requests`` timed ones or until
    ``budget_s`` seconds have passed (at least 10). Every answer must be 200."""
    for _ in range(warmup):
        status, _size, _s = _get(port, path, headers)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}")
    times = []
    size = 0
    started = time.perf_counter()
    while len(times) < requests and (len(times) < 10 or time.perf_counter() - started < budget_s):
        status, size, seconds = _get(port, path, headers)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}")
        times.append(seconds)
    ms = [t * 1000 for t in times]
    return {
        "path": path,
        "headers": headers or {},
        "requests": len(ms),
        "bytes": size,
        "median_ms": statistics.median(ms),
        "p95_ms": _percentile(ms, 0.95),
        "min_ms": min(ms),
        "max_ms": max(ms),
    }


def _vm(pid: int) -> dict[str, float]:
    figures = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _sep, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            figures[key] = int(value.split()[0]) / 1024  # kB → MiB
    return figures


def start_server(port: int, log: Path) -> subprocess.Popen:
    command = [
        sys.executable,
        "manage.py",
        "runserver",
        "--noreload",
        "--nothreading",
        f"127.0.0.1:{port}",
    ]
    with log.open("w") as out:
        server = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
            command, cwd=ROOT, env=_environment(port), stdout=out, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped; see {log}")
        try:
            if _get(port, "/bench/bare/")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise RuntimeError(f"the server did not answer within 60 s; see {log}")


def _profile(label: str, call, out: Path) -> list[str]:
    """cProfile one call (after two untimed ones, so caches are warm as in the server); the whole
    report goes to ``out``, the top lines are returned."""
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


def breakdown(info: dict[str, Any], repeats: int = 5) -> dict[str, Any]:
    """In the benchmark process (same database, no HTTP): where the standings' time goes, and
    cProfile reports of the standings and the open table page."""
    import warnings

    from django.test import Client

    warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)

    import scoring
    from tournaments.models import Deal, Seat, Tournament
    from tournaments.standings import tournament_standings
    from tournaments.tables import table_for_token, table_view

    def median_ms(call, repeats: int = repeats) -> float:
        call()
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    slug = info["slug"]
    client = Client(HTTP_HOST="127.0.0.1")
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
    labels = {}
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

    def load_rows() -> None:
        list(
            Seat.objects.filter(table__round__tournament=tournament).select_related(
                "table__round", "player"
            )
        )
        list(
            Deal.objects.filter(table__round__tournament=tournament)
            .order_by("table_id", "number")
            .values_list("table_id", "entry")
        )

    def view() -> None:
        assert client.get(f"/s/{slug}/").status_code == 200

    def table_page() -> None:
        assert client.get(f"/t/{info['open_table']}/").status_code == 200

    figures = {
        "standings_view_inprocess_ms": median_ms(view),
        "tournament_standings_ms": median_ms(standings),
        "replay_all_tables_ms": median_ms(replay_all),
        "queries_rows_ms": median_ms(load_rows),
        "replayed_deals": sum(len(e) for e in entries.values()),
        "tables": len(seats),
    }
    figures["render_and_request_ms"] = (
        figures["standings_view_inprocess_ms"] - figures["tournament_standings_ms"]
    )
    figures["table_view_inprocess_ms"] = median_ms(table_page, 50)
    figures["table_for_token_and_replay_ms"] = median_ms(
        lambda: table_view(table_for_token(info["open_table"])), 50
    )
    figures["bare_view_inprocess_ms"] = median_ms(
        lambda: client.get("/bench/bare/").status_code, 50
    )
    figures["profile_standings_top"] = _profile(
        "GET /s/<slug>/ (in-process, cProfile)", view, RESULTS / "profile-standings.txt"
    )
    figures["profile_table_top"] = _profile(
        "GET /t/<token>/ (in-process, cProfile)", table_page, RESULTS / "profile-table.txt"
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/run", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50_000, help="engine: deals replayed")
    parser.add_argument("--repeats", type=int, default=3, help="engine: timed replays")
    parser.add_argument("--players", type=int, default=1000, help="web: players (multiple of 4)")
    parser.add_argument("--rounds", type=int, default=4, help="web: rounds played")
    parser.add_argument("--requests", type=int, default=100, help="web: timed requests per page")
    parser.add_argument(
        "--budget", type=float, default=20.0, help="web: seconds at most per page (≥ 10 requests)"
    )
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)

    RESULTS.mkdir(parents=True, exist_ok=True)
    os.environ.update(_environment())
    sys.path.insert(0, str(ROOT))
    began = time.perf_counter()
    results: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
    }

    from benchmarks import engine

    print(
        f"engine: replaying {args.deals:,} Hintersche deals ({args.repeats} repeats) …", flush=True
    )
    results["engine"] = engine.run(
        deals=args.deals, repeats=args.repeats, seed=SEED, cache_dir=RESULTS, workers=args.workers
    )

    import django

    results["machine"]["django"] = django.get_version()
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(f"{DB_PATH}{suffix}").unlink(missing_ok=True)
    django.setup()
    from benchmarks.build_db import build

    print(
        f"web: building a {args.players}-player tournament, {args.rounds} rounds, "
        f"in {DB_PATH.relative_to(ROOT)} …",
        flush=True,
    )
    start = time.perf_counter()
    info = build(players=args.players, rounds=args.rounds, seed=SEED, workers=args.workers)
    info["build_s"] = time.perf_counter() - start
    results["tournament"] = info
    from django.db import connections

    connections.close_all()

    port = _free_port()
    print(f"web: runserver on 127.0.0.1:{port}, sequential client …", flush=True)
    server = start_server(port, RESULTS / "server.log")
    try:
        startup = _vm(server.pid)
        pages = {}
        plan = [
            ("bare", "/bench/bare/", {}, max(args.requests, 200)),
            ("standings", f"/s/{info['slug']}/", {}, args.requests),
            ("standings_htmx", f"/s/{info['slug']}/", {"HX-Request": "true"}, args.requests),
            ("table_open", f"/t/{info['open_table']}/", {}, max(args.requests, 200)),
            ("table_finished", f"/t/{info['finished_table']}/", {}, max(args.requests, 200)),
            ("bare_again", "/bench/bare/", {}, max(args.requests, 200)),
        ]
        for name, path, headers, count in plan:
            pages[name] = measure(port, path, requests=count, budget_s=args.budget, headers=headers)
            print(f"  {name:15} {pages[name]['median_ms']:8.1f} ms median", flush=True)
        after = _vm(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=15)
    results["web"] = pages
    results["server_memory_mib"] = {
        "rss_after_start": startup["VmRSS"],
        "peak_after_load": after["VmHWM"],
        "rss_after_load": after["VmRSS"],
    }

    print("profile: in-process breakdown and cProfile …", flush=True)
    results["breakdown"] = breakdown(info)

    bare = statistics.median([pages["bare"]["median_ms"], pages["bare_again"]["median_ms"]])
    results["goals"] = {
        "standings_le_150ms": pages["standings"]["median_ms"] <= GOAL_STANDINGS_MS,
        "standings_htmx_le_150ms": pages["standings_htmx"]["median_ms"] <= GOAL_STANDINGS_MS,
        "table_page_le_2x_bare": pages["table_open"]["median_ms"] <= GOAL_TABLE_RATIO * bare,
        "bare_median_ms": bare,
    }
    results["total_s"] = time.perf_counter() - began
    (RESULTS / "latest.json").write_text(json.dumps(results, indent=2, ensure_ascii=False))
    report(results)
    return 0


def report(results: dict[str, Any]) -> None:
    e = results["engine"]
    w = results["web"]
    m = results["server_memory_mib"]
    b = results["breakdown"]
    g = results["goals"]
    bare = g["bare_median_ms"]
    t = results["tournament"]

    def verdict(ok: bool) -> str:
        return "pass" if ok else "MISS"

    print()
    print(
        f"Kreidetafel benchmarks — {results['date']} — {results['machine']['cpus']} CPUs, "
        f"Python {results['machine']['python']}, Django {results['machine']['django']}"
    )
    print()
    print(
        f"Engine: replay of {e['deals']:,} Hintersche deals ({e['rubbers']} rubbers), "
        f"median of {e['repeats']}"
    )
    print(
        f"  {e['median_s']:.2f} s   {e['deals_per_s']:,.0f} deals/s   "
        f"(runs: {', '.join(f'{s:.2f}' for s in e['seconds'])} s)"
    )
    print()
    print(
        f"Web: {t['players']} players, {t['rounds']} rounds × {t['tables'] // t['rounds']} "
        f"tables, {t['deals']:,} deals; runserver --nothreading, DEBUG off, sequential client"
    )
    print(f"  {'page':34} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'× bare':>7} {'KiB':>7}  goal")
    rows = [
        ("bare Django view", "bare", ""),
        ("standings /s/<slug>/", "standings", f"≤ 150 ms: {verdict(g['standings_le_150ms'])}"),
        (
            "standings, htmx partial",
            "standings_htmx",
            f"≤ 150 ms: {verdict(g['standings_htmx_le_150ms'])}",
        ),
        (
            "table page /t/<token>/ (playing)",
            "table_open",
            f"≤ 2× bare: {verdict(g['table_page_le_2x_bare'])}",
        ),
        ("table page (unit finished)", "table_finished", ""),
        ("bare Django view, again", "bare_again", ""),
    ]
    for label, key, goal in rows:
        p = w[key]
        print(
            f"  {label:34} {p['requests']:>4} {p['median_ms']:>10.1f} {p['p95_ms']:>8.1f} "
            f"{p['median_ms'] / bare:>7.1f} {p['bytes'] / 1024:>7.1f}  {goal}"
        )
    print()
    print(
        f"Server process memory: peak (VmHWM) {m['peak_after_load']:.1f} MiB after the load "
        f"(RSS {m['rss_after_start']:.1f} MiB after start)"
    )
    print()
    print(
        f"Standings, in-process (median of 5): view {b['standings_view_inprocess_ms']:.0f} ms = "
        f"tournament_standings {b['tournament_standings_ms']:.0f} ms "
        f"(of which replaying {b['tables']} tables / {b['replayed_deals']:,} deals "
        f"{b['replay_all_tables_ms']:.0f} ms, loading the rows {b['queries_rows_ms']:.0f} ms) "
        f"+ template and request {b['render_and_request_ms']:.0f} ms"
    )
    print(
        f"Table page, in-process (median of 50): view {b['table_view_inprocess_ms']:.1f} ms, "
        f"of which loading and replaying the table {b['table_for_token_and_replay_ms']:.1f} ms; "
        f"bare view {b['bare_view_inprocess_ms']:.1f} ms"
    )
    print("  cProfile, top by own time (benchmarks/results/profile-standings.txt):")
    for line in b["profile_standings_top"]:
        print(f"    {line}")
    print("  table page, top by own time (benchmarks/results/profile-table.txt):")
    for line in b["profile_table_top"]:
        print(f"    {line}")
    print()
    print(f"Whole run {results['total_s']:.0f} s; figures in benchmarks/results/latest.json")


if __name__ == "__main__":
    sys.exit(main())
