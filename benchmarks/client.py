"""The benchmarks' HTTP side: the environment the servers run in, a ``runserver`` process, and a
sequential ``http.client`` client (a new connection per request, as a phone after a pause)."""

from __future__ import annotations

import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DB_PATH = RESULTS / "bench.sqlite3"

_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_KEY_INPUT = re.compile(r'name="_key" value="([^"]+)"')
_CSRF_COOKIE = re.compile(r"csrftoken=([^;]+)")


DATABASES = {"url": f"sqlite:///{DB_PATH}", "redis": ""}
"""The benchmark's database and shared cache (:func:`use`): the SQLite file and the
local-memory cache by default."""


def use(database_url: str, redis_url: str = "") -> None:
    """Run the servers and the benchmark process on ``database_url`` (and Redis as the cache
    when ``redis_url`` is given) instead of the SQLite file."""
    DATABASES.update(url=database_url, redis=redis_url)


def environment() -> dict[str, str]:
    """The environment of every server and of the benchmark process: the benchmark settings and
    database, DEBUG off, the local-memory cache (as on the organiser's laptop) unless
    :func:`use` named Redis."""
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.settings",
        DATABASE_URL=DATABASES["url"],
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",  # plain HTTP on the loopback, as on a laptop in the pub
        DJANGO_SECRET_KEY="benchmark-only-secret-key-not-for-production-use-0123456789",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_LOG_LEVEL="WARNING",
    )
    env.pop("REDIS_URL", None)
    if DATABASES["redis"]:
        env["REDIS_URL"] = DATABASES["redis"]
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass(frozen=True)
class Response:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    seconds: float
    """From sending the request until the whole body is read."""


def fetch(
    port: int,
    path: str,
    headers: Mapping[str, str] | None = None,
    *,
    method: str = "GET",
    body: bytes | None = None,
) -> Response:
    """One request on a fresh connection to 127.0.0.1:``port``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    start = time.perf_counter()
    try:
        conn.request(method, path, body=body, headers=dict(headers or {}))
        response = conn.getresponse()
        data = response.read()
    finally:
        conn.close()
    return Response(response.status, response.headers, data, time.perf_counter() - start)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, Any]:
    """Count, median, p95, min and max of latencies in ms."""
    return {
        "requests": len(ms),
        "median_ms": statistics.median(ms),
        "p95_ms": percentile(ms, 0.95),
        "min_ms": min(ms),
        "max_ms": max(ms),
    }


def await_shown(tournament: int, *, seconds: float = 30.0) -> None:
    """Wait until the public pages of the tournament with id ``tournament`` show its newest
    version: the first request after a change moves them on in a thread of the server
    (``services.shown_version_advance``) and still answers with the version before."""
    from django.db.models import F

    from tournaments.models import Tournament

    until = time.monotonic() + seconds
    shown = Tournament.objects.filter(pk=tournament, shown_version=F("version"))
    while not shown.exists():
        if time.monotonic() > until:
            raise RuntimeError(f"the public pages did not move on within {seconds:g} s")
        time.sleep(0.05)


def measure(
    port: int,
    path: str,
    *,
    requests: int,
    budget_s: float,
    warmup: int = 3,
    headers: Mapping[str, str] | None = None,
    expect: int = 200,
    before: Callable[[], None] | None = None,
    alongside: str | None = None,
) -> dict[str, Any]:
    """Sequential GETs: ``warmup`` untimed, then up to ``requests`` timed ones or until
    ``budget_s`` seconds have passed (at least 5). ``before`` runs untimed before each request
    (e.g. emptying the server's cache). ``alongside``: after each timed request one timed GET of
    this path (the bare view), its median ``alongside_ms``: the page and its floor measured turn
    about, so that the machine's drift (other guests of a shared host) is in both. Raises
    ``RuntimeError`` for an answer other than ``expect``."""

    def one() -> Response:
        if before is not None:
            before()
        response = fetch(port, path, headers)
        if response.status != expect:
            raise RuntimeError(f"GET {path} {dict(headers or {})} answered {response.status}")
        return response

    for _ in range(warmup):
        one()
    times: list[float] = []
    floor: list[float] = []
    size = 0
    started = time.perf_counter()
    while len(times) < requests and (len(times) < 5 or time.perf_counter() - started < budget_s):
        response = one()
        size = len(response.body)
        times.append(response.seconds * 1000)
        if alongside is not None:
            floor.append(fetch(port, alongside).seconds * 1000)
    figures = {"path": path, "headers": dict(headers or {}), "bytes": size, **summary(times)}
    if floor:
        figures["alongside_ms"] = statistics.median(floor)
    return figures


class Phone:
    """A table's phone: keeps the CSRF cookie, reads the form's token and one-time key from the
    table page and posts deals as the page's form does."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""

    def open(self, path: str) -> tuple[str, str]:
        """GET the table page (untimed): the form's CSRF token and one-time ``_key``."""
        headers = {"Cookie": f"csrftoken={self.cookie}"} if self.cookie else {}
        response = fetch(self.port, path, headers)
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}")
        for value in response.headers.get_all("Set-Cookie") or []:
            if found := _CSRF_COOKIE.search(value):
                self.cookie = found.group(1)
        html = response.body.decode()
        token, key = _CSRF_INPUT.search(html), _KEY_INPUT.search(html)
        if token is None or key is None:
            raise RuntimeError(f"GET {path}: no entry form on the page")
        return token.group(1), key.group(1)

    def post(
        self, path: str, fields: Mapping[str, str], *, token: str, htmx: bool, expect: int
    ) -> float:
        """POST ``fields`` with the CSRF token; the seconds until the answer is read."""
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        if htmx:
            headers["HX-Request"] = "true"
        body = urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        response = fetch(self.port, path, headers, method="POST", body=body)
        if response.status != expect:
            raise RuntimeError(
                f"POST {path} answered {response.status}: {response.body[:300].decode()!r}"
            )
        return response.seconds


def vm(pid: int) -> dict[str, float]:
    """``VmHWM`` and ``VmRSS`` of a process in MiB."""
    figures = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _sep, value = line.partition(":")
        if key in ("VmHWM", "VmRSS"):
            figures[key] = int(value.split()[0]) / 1024  # kB → MiB
    return figures


def wait_until_up(server: subprocess.Popen, port: int, log: Path) -> None:
    """Wait (60 s at most) until the server answers the bare view; stops it and raises
    ``RuntimeError`` otherwise."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped; see {log}")
        try:
            if fetch(port, "/bench/bare/").status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    stop(server)
    raise RuntimeError(f"the server did not answer within 60 s; see {log}")


def stop(server: subprocess.Popen) -> None:
    """Stop a server started in its own session, with every process of its group."""
    if server.poll() is None:
        os.killpg(server.pid, 15)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait(timeout=10)


def start(command: list[str], port: int, log: Path) -> subprocess.Popen:
    """Start ``command`` (a server on 127.0.0.1:``port``) in its own process group with the
    benchmark environment, output to ``log``; return once it answers."""
    with log.open("w") as out:
        server = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
            command,
            cwd=ROOT,
            env=environment(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    wait_until_up(server, port, log)
    return server


SERVER_OPTIONS = {
    "gunicorn": ("--worker-class=gthread", "--threads=4", "--keep-alive=10"),
    "granian": (
        "--interface=wsgi",
        "--blocking-threads=4",
        "--runtime-threads=1",
        "--backlog=8192",
    ),
}
"""The production servers as docs/deploy.md runs them, the worker count apart: gunicorn (the
pub's laptop) with four threads a worker and keep-alive longer than the phones' five-second
pause, so a polling phone keeps its connection; granian (the championship's room) with the same
four threads a worker for the application, its HTTP side in Rust (one thread a process), whose
backlog also bounds the connections a worker holds (a third each: 2,000 phones need more than
the default 1,024)."""
SERVERS = tuple(SERVER_OPTIONS)


def server_command(server: str, port: int, workers: int) -> list[str]:
    """The command that serves ``kreidetafel.wsgi`` with ``server`` (one of :data:`SERVERS`) on
    127.0.0.1:``port`` in ``workers`` processes."""
    command = [sys.executable, "-m", server, "kreidetafel.wsgi:application", f"--workers={workers}"]
    if server == "granian":
        command += ["--host=127.0.0.1", f"--port={port}"]
    else:
        command.append(f"--bind=127.0.0.1:{port}")
    return [*command, *SERVER_OPTIONS[server]]


def start_runserver(port: int, log: Path) -> subprocess.Popen:
    """``manage.py runserver --noreload --nothreading``: one process, one request at a time."""
    command = [sys.executable, "manage.py", "runserver", "--noreload", "--nothreading"]
    return start([*command, f"127.0.0.1:{port}"], port, log)
