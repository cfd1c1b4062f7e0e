"""The room under load: gunicorn or granian serving ``kreidetafel.wsgi`` on 127.0.0.1 (benchmark
settings, DEBUG off); the phones polling the live standings, paced (``benchmarks/phones.py``),
then the bare view at the same load; the capacity of each, unpaced, with ``wrk``; and the phones
again while deals are being entered. Bounded in seconds and connections; the server is stopped
with all its workers whatever happens."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import client, phones
from tournaments.entries import flatten_entry

WRK_SUMMARY = Path(__file__).resolve().parent / "wrk_summary.lua"
CAPACITY_CONNECTIONS = 50
WORKERS = 3
"""Three processes for two cores (one can wait on SQLite or a socket while two compute; more
would only add memory, and the local-memory cache is per process)."""


def start_server(server: str, port: int, log: Path) -> subprocess.Popen:
    """``server`` (one of :data:`benchmarks.client.SERVERS`) serving ``kreidetafel.wsgi`` on
    127.0.0.1:``port`` in :data:`WORKERS` processes."""
    return client.start(client.server_command(server, port, WORKERS), port, log)


def _workers(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _with_cpu(workers: list[int], measure: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``measure()``'s figures plus the cores the server's workers used meanwhile."""
    cpu, wall = _cpu_seconds(workers), time.monotonic()
    figures = measure()
    figures["server_cpu_cores"] = (_cpu_seconds(workers) - cpu) / (time.monotonic() - wall)
    return figures


def wrk(port: int, path: str, headers: dict[str, str], *, seconds: int) -> dict[str, Any]:
    """Unpaced ``wrk`` (2 threads, :data:`CAPACITY_CONNECTIONS` connections): requests a second,
    p50/p99 in ms, errors."""
    command = [
        "wrk",
        "--threads=2",
        f"--connections={CAPACITY_CONNECTIONS}",
        f"--duration={seconds}s",
        "--timeout=10s",
        f"--script={WRK_SUMMARY}",
        *(f"--header={name}: {value}" for name, value in headers.items()),
        f"http://127.0.0.1:{port}{path}",
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True)
    line = next(x for x in run.stdout.splitlines() if x.startswith("BENCH-JSON "))
    raw = json.loads(line.removeprefix("BENCH-JSON "))
    return {
        "connections": CAPACITY_CONNECTIONS,
        "requests": raw["requests"],
        "rate_per_s": raw["requests"] / (raw["duration_us"] / 1e6),
        "p50_ms": raw["p50_us"] / 1000,
        "p99_ms": raw["p99_us"] / 1000,
        "errors": raw["errors"],
    }


@dataclass(frozen=True)
class Server:
    port: int
    workers: list[int]
    poll: phones.Poll
    """The phones' polls: the page afresh, or the htmx refresh with the ETag it has now."""


def standings_poll(slug: str, followed: tuple[int, ...]) -> phones.Poll:
    """What the phones poll: with ``followed`` players, the standings' glance, each phone with
    its own player's line (``?me=``, as the seat link opens it); without, the whole table
    (``?all=1``, what every phone got before issue 18). Every phone's browser takes gzip, so
    the bytes counted are those on the wire."""
    path = f"/s/{slug}/?me={{me}}" if followed else f"/s/{slug}/?all=1"
    gzipped = {"Accept-Encoding": "gzip"}
    htmx = {**gzipped, "HX-Request": "true"}
    return phones.Poll(fresh=(path, gzipped), revalidating=(path, htmx), followed=followed)


def table_poll(tokens: list[str]) -> phones.Poll:
    """What the tables' phones poll: each its own table's page once (phone *i* the *i*-th
    table), then every period its poll with the ``?since=`` the last page or changed part
    named (htmx, as the page's poll; 204 while the table and the room are unchanged)."""
    return phones.Poll(
        fresh=("/t/{me}/", {"Accept-Encoding": "gzip"}),
        revalidating=("/t/{me}/?since={since}", {"Accept-Encoding": "gzip", "HX-Request": "true"}),
        followed=tuple(tokens),
        since=True,
    )


@contextmanager
def serving(
    slug: str, *, server: str, warm_seconds: int, followed: tuple[int, ...] = ()
) -> Iterator[Server]:
    """``server`` (gunicorn or granian) on a free port, every worker warmed up (unpaced wrk on
    both forms of what the phones poll); stopped with its workers on leaving, whatever
    happened."""
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is missing: run scripts/setup --bench")
    port = client.free_port()
    process = start_server(server, port, client.RESULTS / f"{server}.log")
    poll = standings_poll(slug, followed)
    first = poll.for_phone(0)
    try:
        wrk(port, first.fresh[0], {}, seconds=warm_seconds)
        wrk(port, first.revalidating[0], first.revalidating[1], seconds=warm_seconds)
        if not followed:
            etag = client.fetch(port, *first.revalidating).headers["ETag"]
            poll = phones.Poll(poll.fresh, poll.revalidating, etag)
        yield Server(port, _workers(process.pid), poll)
    finally:
        client.stop(process)


def run(
    slug: str,
    *,
    server: str,
    phones_count: int,
    seconds: int,
    period: float,
    revalidate: int,
    followed: tuple[int, ...] = (),
) -> dict[str, Any]:
    """Against one warmed-up server: the phones on the standings, again with every request the
    htmx refresh (no page opened afresh), the phones on the bare view, and wrk's capacity of the
    304 refresh and of the bare view."""
    pacing = {
        "phones": phones_count,
        "seconds": seconds,
        "period": period,
        "revalidate": revalidate,
    }
    warm = max(3, seconds // 5)
    with serving(slug, server=server, warm_seconds=warm, followed=followed) as served:
        port, workers = served.port, served.workers
        figures: dict[str, Any] = {
            "workers": len(workers),
            "server": server,
            "options": [f"--workers={WORKERS}", *client.SERVER_OPTIONS[server]],
            "view": "glance" if followed else "whole table",
        }
        figures["standings"] = _with_cpu(workers, lambda: phones.run(port, served.poll, **pacing))
        refreshing = {**pacing, "revalidate": 100}
        figures["standings_refresh_only"] = _with_cpu(
            workers, lambda: phones.run(port, served.poll, **refreshing)
        )
        bare = phones.Poll(fresh=("/bench/bare/", {}))
        figures["bare"] = _with_cpu(workers, lambda: phones.run(port, bare, **pacing))
        path, headers = served.poll.for_phone(0).revalidating
        etag = client.fetch(port, path, headers).headers["ETag"]
        refresh = {**headers, "If-None-Match": etag}
        capacity = max(3, seconds // 3)
        figures["capacity_304"] = _with_cpu(
            workers, lambda: wrk(port, path, refresh, seconds=capacity)
        )
        figures["capacity_bare"] = _with_cpu(
            workers, lambda: wrk(port, "/bench/bare/", {}, seconds=capacity)
        )
        figures["peak_mib_per_worker"] = max(client.vm(pid)["VmHWM"] for pid in workers)
    return figures


def _enter_deals(
    port: int, plan: list[tuple[str, dict[str, Any]]], *, rate: float, until: float, out: dict
) -> None:
    """Post ``plan``'s deals through their table links (htmx, as the form), ``rate`` a second,
    until ``until``: their latencies in ``out["ms"]``, failures in ``out["failures"]``."""
    tables: dict[str, client.Phone] = {}
    due = time.monotonic()
    for token, entry in plan:
        time.sleep(max(0.0, due - time.monotonic()))
        if time.monotonic() >= until:
            break
        due += 1 / rate
        phone = tables.setdefault(token, client.Phone(port))
        path = f"/t/{token}/"
        try:
            csrf, key = phone.open(path)
            fields = {**flatten_entry(entry), "_key": key}
            out["ms"].append(phone.post(path, fields, token=csrf, htmx=True, expect=200) * 1000)
        except (OSError, RuntimeError) as exc:
            out["failures"].append(str(exc)[:200])


def during_play(
    slug: str,
    plan: list[tuple[str, dict[str, Any]]],
    *,
    server: str,
    writes_per_s: float,
    phones_count: int,
    seconds: int,
    period: float,
    revalidate: int,
    followed: tuple[int, ...] = (),
    tables: list[str] | None = None,
) -> dict[str, Any]:
    """The phones on the standings while deals are entered through table links at
    ``writes_per_s`` (each raises the tournament's version: the next refresh of every phone is
    a 200 with the new standings), and a phone at each of ``tables`` (their tokens) polling its
    table (:func:`table_poll`): the phones' figures (the tables' under ``tables``) and the deal
    POSTs' latencies."""
    warm = max(3, seconds // 5)
    with serving(slug, server=server, warm_seconds=warm, followed=followed) as served:
        posts: dict[str, list] = {"ms": [], "failures": []}
        writer = threading.Thread(
            target=_enter_deals,
            args=(served.port, plan),
            kwargs={
                "rate": writes_per_s,
                "until": time.monotonic() + period + seconds,
                "out": posts,
            },
        )
        writer.start()
        try:
            figures = _with_cpu(
                served.workers,
                lambda: phones.run(
                    served.port,
                    served.poll,
                    phones=phones_count,
                    seconds=seconds,
                    period=period,
                    revalidate=revalidate,
                    tables=(table_poll(tables), len(tables)) if tables else None,
                ),
            )
        finally:
            writer.join()
    return {
        "view": "glance" if followed else "whole table",
        "writes_per_s": writes_per_s,
        "phones": figures,
        "posts": client.summary(posts["ms"]) if posts["ms"] else {"requests": 0},
        "post_failures": posts["failures"],
    }
