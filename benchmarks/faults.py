"""Concurrency and faults (issue 7): no acknowledged deal is ever lost or stored twice.

``benchmarks/faults`` builds a fresh database (a SQLite file in a temporary directory, WAL with
its busy timeout as the app sets it; then a ``kreide_faults_*`` PostgreSQL database, dropped
afterwards), starts gunicorn on 127.0.0.1 (for the PostgreSQL runs granian, two instances
sharing PostgreSQL and Redis) and plays these scenarios through the table links, as phones do:

1. **load**: every table's phone enters deals one after another for ``--seconds``;
2. **double submit**: the same form (same one-time key) posted by two phones at once, to two
   different servers when there are two, ``--doubles`` times: one deal each time;
3. **standings on the other server** (two servers): a deal entered on one, the public standings
   asked of the other in the very next request show it;
4. **SIGKILL**: the load again, the servers killed (master and workers, ``SIGKILL``) a third of
   the way through and restarted on the same ports; the phones retry with the same key;
5. **two phones, one deal** (:func:`two_phones_one_deal`): at ``--race-tables`` tables at once,
   ``--races`` times, two phones post the table's next deal (same ``_deal``, each its own form
   key) at the same moment, to two servers when there are two, and a third phone whose page was
   opened with theirs posts it later: one deal stored at that place, the others shown the
   conflict (409);
6. **correction race** (:func:`correction_race`): at ``--race-tables`` other tables, deal 1
   entered, then ``--races`` times two phones post different corrections of the same shown
   version (``_revision``) at the same moment: one correction stored, the other shown the
   conflict (409);
7. **a phone offline** (:func:`offline_phone`, both variants at once by :func:`offline_phones`):
   at ``--offline-tables`` tables the phone enters two deals, then loses the network for
   ``--offline-seconds`` while its table plays on, keeping ``--offline-deals`` deals in its
   queue as ``static/js/table-offline.js`` does (each its form's body: a one-time key and the
   number it was typed for, the page's next and one more each); back online it sends them in
   order (htmx), stopping at a conflict until the player has seen it. Variant A: nobody else
   enters; variant B, at as many other tables: a second phone stays online and enters the
   queue's first deal during the outage, so that deal must be shown the conflict (409) and the
   rest stored. Every stored deal is then sent once more (its answer lost): "already saved".

A phone GETs its table page (the CSRF cookie and token, the form's one-time key), POSTs the next
deal as the form does (htmx), and retries the same POST, same key, after a connection error or a
5xx until it gets an answer (at most :data:`GRACE_S` seconds past the scenario's end).

The figures, per scenario over its tables:

- *sent*: deals sent, i.e. distinct form keys posted (a retry is the same deal, not counted again);
- *acknowledged*: deals whose POST was answered 200 with the table page showing that deal as the
  table's latest (its number); *replayed*: of those, answers to a retry (or the second phone) that
  found the deal already stored ("already saved");
- *in doubt*: sent, never answered (the phone gave up); stored or not, both are right;
- *stored*: the tables' deals in the database afterwards;
- *lost*: acknowledged deals not stored;
- *duplicates*: stored deals beyond one per sent key (a key stored twice, a deal without a key or
  with one never sent);
- *out of order*: tables whose stored deals are not the sent keys in the order sent;
- *5xx*: answers with a status of 500 or more; *refused*: any other answer that is not an
  acknowledgement (e.g. 422);
- *connection errors*: requests without a whole answer (refused, reset, cut short), retried.

The races have figures of their own (:class:`RaceFigures`): *sent*, *acknowledged*, *stored*
(deals; corrections in the correction race), *doubled*, *overwritten*, *refused (409)* (the
conflict view), *5xx*, *refused otherwise*, *in doubt*, *connection errors*; so has the
offline phone (:class:`OfflineFigures`): *queued*, *stored*, *conflicts shown*, *silently lost*
(queued, not stored, and no 409 or 422 showing why), *lost* (answered 200, not stored),
*doubled*, *out of order* (stored at another number than it was typed for), *replayed* (resent,
"already saved").

The promises: lost, duplicates, out of order, 5xx and refused are 0 in every scenario, the
standings on the other server are never stale, and after the SIGKILL deals are acknowledged
again; in the races doubled, overwritten, 5xx, in doubt and refused otherwise are 0, one deal or
correction is stored per race and each race's loser got the 409; the offline phones lose
nothing silently, double nothing, store every queued deal at the number it was typed for but
the one of each variant B table, which is shown the conflict. ``main`` prints the figures as
Markdown tables and exits 1 if a promise is broken.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from benchmarks import client

RETRY_PAUSE_S = 0.2
"""A phone's pause before it retries a request that got no answer or a 5xx."""
GRACE_S = 30.0
"""How long past the scenario's end a phone goes on retrying a deal it sent."""
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"
REDIS_URL = "redis://127.0.0.1:6379/5"
"""Every deployment keeps its keys there under a prefix of its own, deleted afterwards."""

_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_KEY_INPUT = re.compile(r'name="_key" value="([^"]+)"')
_CSRF_COOKIE = re.compile(r"csrftoken=([^;]+)")
_LAST_DEAL = re.compile(r'<section class="last-deal"[^>]*>\s*<h2>\D*(\d+)\D*</h2>')
_REPLAYED = re.compile(r'<li class="info">')
_ERROR = re.compile(r'class="error"[^>]*>(?:\s*<p>)?([^<]+)<')
_STANDINGS_ROW = re.compile(
    r"<tr[^>]*><td>.*?</td><td>(?:<a [^>]*>)?([^<]+?)(?:</a>)?(?:\s*<span.*?)?</td>"
    r'.*?<td class="num total">([^<]*)</td>'
)
_ENTRY_FORM = re.compile(r'<form [^>]*class="entry card[^"]*".*?</form>', re.DOTALL)
_HIDDEN = re.compile(
    r'<input type="hidden" name="(csrfmiddlewaretoken|_key|_deal|_revision)" value="([^"]*)"'
)
_CONFLICT = re.compile(r'<section class="card conflict".*?</section>', re.DOTALL)
_CONFLICT_MESSAGE = re.compile(r"</h2>\s*<p>([^<]*)</p>")
_SHOWN_ERROR = re.compile(r'role="alert"|aria-invalid="true"')
"""A refusal the table's page shows: an error message or a field marked invalid."""
_DATABASES = itertools.count(1)


# --- the database and the servers ---------------------------------------------------------------


def environment(
    database_url: str, work: Path, redis_url: str | None = None, cache_prefix: str = ""
) -> dict[str, str]:
    """The servers' environment: the benchmark settings (DEBUG off, plain http), ``database_url``,
    the public standings showing every new version at once
    (``KREIDETAFEL_PUBLIC_REFRESH_SECONDS=0``), the cache in ``redis_url`` (local memory
    without) with its keys under ``cache_prefix`` (``benchmarks.faults_settings``), backups and
    printed documents under ``work``."""
    env = client.environment()
    env.update(
        DJANGO_SETTINGS_MODULE="benchmarks.faults_settings",
        KREIDETAFEL_FAULTS_CACHE_PREFIX=cache_prefix,
        DATABASE_URL=database_url,
        DJANGO_HTTPS="0",  # plain http on the loopback, as on the organiser's laptop
        KREIDETAFEL_PUBLIC_REFRESH_SECONDS="0",
        KREIDETAFEL_BACKUP_DIR=str(work / "backups"),
        KREIDETAFEL_PRINT_DIR=str(work / "printed"),
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


@contextmanager
def sqlite_database() -> Iterator[str]:
    """The URL of a SQLite file in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="kreide-faults-") as folder:
        yield f"sqlite:///{Path(folder) / 'faults.sqlite3'}"


def postgres_unavailable(admin_url: str) -> str | None:
    """Why the PostgreSQL server of ``admin_url`` cannot be used, or None when it answers."""
    import psycopg

    try:
        psycopg.connect(admin_url, connect_timeout=3).close()
    except psycopg.Error as exc:
        return f"no PostgreSQL server answers at {admin_url}: {str(exc).strip()[:200]}"
    return None


@contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A new empty database ``kreide_faults_<pid>_<n>`` on the server of ``admin_url`` (a URL
    of any database there), dropped afterwards: its URL. Raises ``psycopg.Error`` when the
    server does not answer."""
    import psycopg
    from psycopg import sql

    name = f"kreide_faults_{os.getpid()}_{next(_DATABASES)}"
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def redis_unavailable(url: str) -> str | None:
    """Why the Redis server of ``url`` cannot be used, or None when it answers."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        return f"no Redis server answers at {url}: {exc}"
    return None


def _database_side(args: list[str], env: dict[str, str], stdin: str | None = None) -> Any:
    """Run ``python -m benchmarks.faults_db ARGS`` against ``env``'s database: its JSON."""
    run = subprocess.run(  # noqa: S603 - our own interpreter and module
        [sys.executable, "-m", "benchmarks.faults_db", *args],
        cwd=client.ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if run.returncode != 0:
        raise RuntimeError(f"benchmarks.faults_db {args[0]} failed:\n{run.stderr[-3000:]}")
    return json.loads(run.stdout)


class Server:
    """One server (gunicorn or granian: ``kind``), in a process group of its own, on a fixed
    loopback port."""

    def __init__(self, env: dict[str, str], log: Path, workers: int, kind: str) -> None:
        self.port = client.free_port()
        self.env, self.log, self.workers, self.kind = env, log, workers, kind
        self.process: subprocess.Popen | None = None

    def launch(self) -> None:
        """Start it (again, after a kill: same port) without waiting for it."""
        command = client.server_command(self.kind, self.port, self.workers)
        with self.log.open("a") as out:
            self.process = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
                command,
                cwd=client.ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def wait(self) -> None:
        """Return once it answers; stopped, with ``RuntimeError``, if not within 60 s."""
        client.wait_until_up(self.process, self.port, self.log)

    def kill(self) -> None:
        """``SIGKILL`` to the master and every worker at once: no request is finished."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None:
            client.stop(self.process)


def _start(servers: list[Server]) -> None:
    """Start ``servers`` side by side; return once every one answers."""
    for server in servers:
        server.launch()
    for server in servers:
        server.wait()


@dataclass(frozen=True)
class Deployment:
    """A built database and the servers that serve it."""

    database: str
    """``SQLite`` or ``PostgreSQL``."""
    env: dict[str, str]
    site: dict[str, Any]
    """What ``benchmarks.faults_db build`` returned: ``tokens``, ``deals``, ``live``."""
    servers: list[Server]

    def stored(self, tokens: list[str]) -> dict[str, list[list[Any]]]:
        """Per table token its stored deals: ``[number, form key]`` by number."""
        return _database_side(["stored"], self.env, json.dumps(tokens))

    def history(self, tokens: list[str]) -> dict[str, list[list[Any]]]:
        """Per table token every deal row with its versions: ``[number, revision, voided,
        [[revision, kind, form key], …]]`` by number (``benchmarks.faults_db.history``)."""
        return _database_side(["history"], self.env, json.dumps(tokens))


@contextmanager
def deploy(
    database_url: str,
    work: Path,
    *,
    tables: int,
    servers: int = 1,
    workers: int = 3,
    redis_url: str | None = None,
) -> Iterator[Deployment]:
    """Build the tournaments (``tables`` load tables) in the empty database of
    ``database_url`` and start ``servers`` servers on it (``workers`` processes each), sharing
    ``redis_url``'s cache if given (keys under a prefix of their own, deleted afterwards), as
    docs/deploy.md deploys them: gunicorn on SQLite (the pub's laptop), granian on PostgreSQL
    (the championship's room). Every server is stopped on leaving. Logs go to ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    prefix = f"kreide-faults-{uuid.uuid4().hex}"
    env = environment(database_url, work, redis_url, prefix)
    site = _database_side(["build", str(tables)], env)
    database = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    kind = "granian" if database == "PostgreSQL" else "gunicorn"
    running = [Server(env, work / f"{kind}-{n}.log", workers, kind) for n in range(1, servers + 1)]
    try:
        _start(running)
        yield Deployment(database, env, site, running)
    finally:
        for server in running:
            server.stop()
        if redis_url:
            _forget(redis_url, prefix)


def _forget(redis_url: str, prefix: str) -> None:
    """Delete the cache keys under ``prefix`` (Django's keys start ``<prefix>:``)."""
    import redis

    with redis.Redis.from_url(redis_url) as server:
        for key in server.scan_iter(match=f"{prefix}:*"):
            server.delete(key)


# --- the phones -----------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the phones of one scenario sent and got (thread-safe)."""

    sent: dict[str, list[str]] = field(default_factory=dict)
    """Per table token, the form keys sent, in order."""
    acknowledged: dict[str, float] = field(default_factory=dict)
    """Form key → when (``time.monotonic()``) it was first acknowledged."""
    replayed: int = 0
    posts: int = 0
    server_errors: int = 0
    refused: list[str] = field(default_factory=list)
    connection_errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def send(self, token: str, key: str) -> None:
        with self.lock:
            self.sent.setdefault(token, []).append(key)

    def acknowledge(self, token: str, key: str, number: int, answer: client.Response) -> bool:
        """Count ``answer`` to the POST of deal ``number`` with ``key``: True if it acknowledges
        it, else it is counted as refused."""
        html = answer.body.decode(errors="replace")
        shown = _LAST_DEAL.search(html)
        with self.lock:
            if answer.status == 200 and shown is not None and int(shown.group(1)) == number:
                self.acknowledged.setdefault(key, time.monotonic())
                self.replayed += bool(_REPLAYED.search(html))
                return True
            error = _ERROR.search(html)
            why = error.group(1).strip() if error else html[:120]
            self.refused.append(f"{answer.status} at /t/{token}/, deal {number}: {why}")
        return False


def _answered(
    send: Callable[[], client.Response], tally: Tally, give_up: float, *, post: bool
) -> client.Response | None:
    """``send()`` until it gets an answer below 500 (connection errors and 5xx are counted and
    retried after :data:`RETRY_PAUSE_S`); None once ``give_up`` (monotonic) has passed."""
    while True:
        try:
            answer = send()
        except (OSError, http.client.HTTPException):
            with tally.lock:
                tally.connection_errors += 1
        else:
            with tally.lock:
                tally.posts += post
                tally.server_errors += answer.status >= 500
            if answer.status < 500:
                return answer
        if time.monotonic() >= give_up:
            return None
        time.sleep(RETRY_PAUSE_S)


@dataclass
class Phone:
    """A table's phone on one server: keeps its CSRF cookie."""

    port: int
    token: str
    cookie: str = ""

    @property
    def path(self) -> str:
        return f"/t/{self.token}/"

    def page(self, tally: Tally, give_up: float, path: str | None = None) -> str | None:
        """GET ``path`` (the table page by default), keeping the CSRF cookie: its HTML; None
        when no answer came, or not a 200 (refused)."""
        path = path or self.path
        headers = {"Cookie": f"csrftoken={self.cookie}"} if self.cookie else {}
        page = _answered(lambda: client.fetch(self.port, path, headers), tally, give_up, post=False)
        if page is None:
            return None
        if page.status != 200:
            with tally.lock:
                tally.refused.append(f"GET {path} answered {page.status}")
            return None
        for value in page.headers.get_all("Set-Cookie") or []:
            if found := _CSRF_COOKIE.search(value):
                self.cookie = found.group(1)
        return page.body.decode()

    def open(self, tally: Tally, give_up: float) -> tuple[str, str] | None:
        """GET the table page: the CSRF token and the form's one-time key; None when the page
        has no entry form (the table finished), or no answer came, or not a 200 (refused)."""
        html = self.page(tally, give_up)
        if html is None:
            return None
        csrf, key = _CSRF_INPUT.search(html), _KEY_INPUT.search(html)
        return None if csrf is None or key is None else (csrf.group(1), key.group(1))

    def form(self, tally: Tally, give_up: float, path: str | None = None) -> dict[str, str] | None:
        """GET ``path`` (the table page by default; a deal's ``…/correct/`` page): the hidden
        fields of its entry form, i.e. the CSRF token, ``_key``, ``_deal`` and, on a correction
        form, ``_revision``. None when the page has no entry form, or no answer came, or not a
        200 (refused)."""
        html = self.page(tally, give_up, path)
        form = _ENTRY_FORM.search(html or "")
        if form is None:
            return None
        fields = dict(_HIDDEN.findall(form.group(0)))
        return fields if {"csrfmiddlewaretoken", "_key", "_deal"} <= fields.keys() else None

    def post(
        self,
        port: int,
        data: dict[str, str],
        tally: Tally,
        give_up: float,
        path: str | None = None,
    ) -> client.Response | None:
        """POST the form's ``data`` as its htmx request does, to ``path`` (the table page by
        default) on ``port``, retried until answered: the answer, or None (in doubt)."""
        path = path or self.path
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        }
        body = urlencode(data).encode()
        return _answered(
            lambda: client.fetch(port, path, headers, method="POST", body=body),
            tally,
            give_up,
            post=True,
        )

    def enter(
        self,
        number: int,
        fields: dict[str, str],
        tally: Tally,
        give_up: float,
        ports: tuple[int, ...] = (),
    ) -> bool:
        """Open the page and send deal ``number`` (its ``fields``) with the form's key, to the
        phone's own server or, with ``ports``, to each of them at the same moment (threads
        behind a barrier). True when every answer acknowledges it."""
        form = self.open(tally, give_up)
        if form is None:
            return False
        csrf, key = form
        tally.send(self.token, key)
        data = {"csrfmiddlewaretoken": csrf, "_key": key, **fields}
        targets = ports or (self.port,)
        together = threading.Barrier(len(targets))
        answers: list[client.Response | None] = [None] * len(targets)

        def post(index: int) -> None:
            together.wait()
            answers[index] = self.post(targets[index], data, tally, give_up)

        threads = [threading.Thread(target=post, args=(n,)) for n in range(len(targets))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        acknowledged = [
            answer is not None and tally.acknowledge(self.token, key, number, answer)
            for answer in answers
        ]
        return all(acknowledged)


def _enter(phone: Phone, deals: list[dict[str, str]], tally: Tally, until: float) -> None:
    """One table's phone: deal after deal until ``until`` (monotonic), the table's unit ends, or
    a deal stays unanswered or is refused."""
    for number, fields in enumerate(deals, start=1):
        if time.monotonic() >= until or not phone.enter(number, fields, tally, until + GRACE_S):
            return


def _phones(
    deployment: Deployment, tokens: list[str], seconds: float, during: Callable[[], None] | None
) -> Tally:
    """One phone per table of ``tokens`` (spread over the servers) entering deals for
    ``seconds``; ``during()`` runs meanwhile. Returns once every phone has stopped."""
    tally = Tally()
    until = time.monotonic() + seconds
    ports = [server.port for server in deployment.servers]
    threads = [
        threading.Thread(
            target=_enter,
            args=(Phone(ports[n % len(ports)], token), deployment.site["deals"], tally, until),
        )
        for n, token in enumerate(tokens)
    ]
    for thread in threads:
        thread.start()
    if during is not None:
        during()
    for thread in threads:
        thread.join()
    return tally


# --- the figures ----------------------------------------------------------------------------------


@dataclass
class Figures:
    """One scenario's figures (see the module's docstring) and the promises it broke."""

    scenario: str
    database: str
    tables: int
    seconds: float
    sent: int
    acknowledged: int
    replayed: int
    in_doubt: int
    stored: int
    lost: int
    duplicates: int
    out_of_order: int
    server_errors: int
    refused: int
    connection_errors: int
    notes: dict[str, Any] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)


def _figures(
    scenario: str, deployment: Deployment, tokens: list[str], tally: Tally, seconds: float
) -> Figures:
    """Compare what the phones sent and got with what the database holds."""
    rows = deployment.stored(tokens)
    stored = lost = duplicates = out_of_order = 0
    for token in tokens:
        sent = tally.sent.get(token, [])
        keys = [key for _number, key in rows[token]]
        found = set(keys) & set(sent)
        stored += len(keys)
        duplicates += len(keys) - len(found)
        lost += sum(1 for key in sent if key in tally.acknowledged and key not in found)
        out_of_order += keys != [key for key in sent if key in found]
    sent_count = sum(len(keys) for keys in tally.sent.values())
    figures = Figures(
        scenario=scenario,
        database=deployment.database,
        tables=len(tokens),
        seconds=round(seconds, 1),
        sent=sent_count,
        acknowledged=len(tally.acknowledged),
        replayed=tally.replayed,
        in_doubt=sent_count - len(tally.acknowledged),
        stored=stored,
        lost=lost,
        duplicates=duplicates,
        out_of_order=out_of_order,
        server_errors=tally.server_errors,
        refused=len(tally.refused),
        connection_errors=tally.connection_errors,
    )
    for name in ("lost", "duplicates", "out_of_order", "server_errors", "refused"):
        if getattr(figures, name):
            figures.broken.append(f"{name}: {getattr(figures, name)}")
    if tally.refused:
        figures.notes["refused_first"] = tally.refused[:3]
    if not tally.acknowledged:
        figures.broken.append("no deal was acknowledged")
    return figures


# --- the scenarios --------------------------------------------------------------------------------


def load(deployment: Deployment, tokens: list[str], *, seconds: float) -> Figures:
    """Every table of ``tokens`` enters deals for ``seconds``, all at once."""
    start = time.monotonic()
    tally = _phones(deployment, tokens, seconds, None)
    figures = _figures("load", deployment, tokens, tally, time.monotonic() - start)
    figures.notes["acknowledged_per_s"] = round(figures.acknowledged / seconds, 1)
    return figures


def sigkill(
    deployment: Deployment, tokens: list[str], *, seconds: float, kill_after: float
) -> Figures:
    """:func:`load`, with every server killed (``SIGKILL``) after ``kill_after`` seconds and
    started again at once on its port. Broken also when no deal is acknowledged before the kill
    or after the restart (nothing was tested)."""
    moments: dict[str, float] = {}

    def kill_and_restart() -> None:
        time.sleep(kill_after)
        moments["killed"] = time.monotonic()
        for server in deployment.servers:
            server.kill()
        _start(deployment.servers)
        moments["up"] = time.monotonic()

    start = time.monotonic()
    tally = _phones(deployment, tokens, seconds, kill_and_restart)
    figures = _figures("SIGKILL", deployment, tokens, tally, time.monotonic() - start)
    before = sum(1 for t in tally.acknowledged.values() if t < moments["killed"])
    after = sum(1 for t in tally.acknowledged.values() if t > moments["up"])
    figures.notes.update(
        killed_after_s=kill_after,
        down_s=round(moments["up"] - moments["killed"], 1),
        acknowledged_before_kill=before,
        acknowledged_after_restart=after,
    )
    if not before or not after:
        figures.broken.append("no deal acknowledged before the kill or after the restart")
    return figures


def double_submit(deployment: Deployment, token: str, *, times: int) -> Figures:
    """``times`` deals at table ``token``, each posted by two phones at once with the same form
    (same key), to the first and the last server: both answers must acknowledge it and exactly
    one deal be stored."""
    tally = Tally()
    ports = (deployment.servers[0].port, deployment.servers[-1].port)
    phone = Phone(ports[0], token)
    start = time.monotonic()
    for number, fields in enumerate(deployment.site["deals"][:times], start=1):
        if not phone.enter(number, fields, tally, time.monotonic() + GRACE_S, ports):
            break
    figures = _figures("double submit", deployment, [token], tally, time.monotonic() - start)
    figures.notes["servers"] = len(set(ports))
    if figures.stored != times or figures.replayed != times:
        figures.broken.append(
            f"{times} double submits: {figures.stored} deals stored, {figures.replayed} replayed"
        )
    return figures


def _standings_totals(html: str, names: list[str]) -> dict[str, int | None]:
    rows = {name.strip(): total for name, total in _STANDINGS_ROW.findall(html)}
    return {
        name: int(rows[name]) if rows.get(name, "").strip().isdigit() else None for name in names
    }


def live_standings(deployment: Deployment) -> Figures:
    """The live tournament's deals, entered alternately on the first and the second server; after
    each, the public standings asked of the *other* server in the next request must show every
    player of that table with the total the engine computes for the deals so far."""
    ports = [server.port for server in deployment.servers[:2]]
    live = deployment.site["live"]
    tally = Tally()
    stale: list[str] = []
    start = time.monotonic()
    for table in live["tables"]:
        plan = zip(table["deals"], table["totals"], strict=True)
        for number, (fields, totals) in enumerate(plan, start=1):
            writer, reader = ports[number % 2], ports[(number + 1) % 2]
            phone = Phone(writer, table["token"])
            if not phone.enter(number, fields, tally, time.monotonic() + GRACE_S):
                break
            page = client.fetch(reader, f"/s/{live['slug']}/")
            shown = _standings_totals(page.body.decode(), list(totals))
            if page.status != 200 or shown != totals:
                stale.append(f"deal {number}: {page.status}, shows {shown}, not {totals}")
    tokens = [table["token"] for table in live["tables"]]
    seconds = time.monotonic() - start
    figures = _figures("standings on the other server", deployment, tokens, tally, seconds)
    figures.notes.update(standings_checks=figures.acknowledged, stale=len(stale))
    if stale:
        figures.broken.append(f"standings stale on the other server: {stale[:3]}")
    return figures


# --- two phones for one place ---------------------------------------------------------------------

RACE_SECONDS = 120.0
"""How long a race scenario goes on starting races (the phones then retry for :data:`GRACE_S`)."""


@dataclass
class Post:
    """What one phone of a race posted and got."""

    key: str
    outcome: str
    """``acknowledged`` (200, the table page showing the deal), ``conflict`` (409 with the
    conflict view), ``refused`` (any other answer) or ``in doubt`` (no answer)."""
    note: str = ""
    """Of a conflict: its message (numbers as N); of a refusal: the status and the error."""


@dataclass
class Race:
    """One race at a table: the phones' posts for deal ``number`` (shown at ``revision``)."""

    token: str
    number: int
    revision: int | None
    posts: list[Post]
    """The two racing phones' posts, then the late phone's (two phones, one deal)."""

    @property
    def keys(self) -> set[str]:
        return {post.key for post in self.posts}


def _outcome(key: str, number: int, answer: client.Response | None) -> Post:
    """Classify the answer to a post for deal ``number`` with ``key``."""
    if answer is None:
        return Post(key, "in doubt")
    html = answer.body.decode(errors="replace")
    conflict = _CONFLICT.search(html)
    if answer.status == 409 and conflict is not None:
        said = _CONFLICT_MESSAGE.search(conflict.group(0))
        message = re.sub(r"\d+", "N", said.group(1).strip()) if said else ""
        return Post(key, "conflict", message)
    shown = _LAST_DEAL.search(html)
    if answer.status == 200 and conflict is None and shown and int(shown.group(1)) == number:
        return Post(key, "acknowledged")
    error = _ERROR.search(html)
    why = error.group(1).strip() if error else html[:120]
    return Post(key, "refused", note=f"{answer.status}: {why}")


def _together(
    posts: list[tuple[Phone, int, dict[str, str], str | None]], tally: Tally, give_up: float
) -> list[client.Response | None]:
    """Each ``(phone, port, data, path)`` posted at the same moment (threads behind a
    barrier): the answers, in order."""
    together = threading.Barrier(len(posts))
    answers: list[client.Response | None] = [None] * len(posts)

    def post(index: int) -> None:
        phone, port, data, path = posts[index]
        together.wait()
        answers[index] = phone.post(port, data, tally, give_up, path)

    threads = [threading.Thread(target=post, args=(n,)) for n in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@dataclass
class RaceFigures:
    """One race scenario's figures (see :func:`two_phones_one_deal`, :func:`correction_race`)
    and the promises it broke."""

    scenario: str
    database: str
    tables: int
    races: int
    """Races run (every table's, together)."""
    seconds: float
    sent: int
    """Posts sent (distinct form keys; a retry is the same post)."""
    acknowledged: int
    stored: int
    """Two phones: the deals stored at the tables; correction race: the corrections stored."""
    doubled: int
    """Two phones: deals stored beyond one per race (both phones' deal, or a deal nobody sent);
    correction race: deal rows beyond the one corrected (a correction stored as a deal)."""
    overwritten: int
    """Two phones: a race's deal stored at another place than the one named, or changed after
    it was stored (a version past the first); correction race: corrections stored beyond one
    per race (both accepted from one shown version), at another deal than named or as another
    version than the next one, or an acknowledged correction not the one stored."""
    conflicts: int
    """Answers 409 with the conflict view."""
    refused: int
    """Any other answer that is not an acknowledgement (e.g. 422)."""
    server_errors: int
    in_doubt: int
    connection_errors: int
    notes: dict[str, Any] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)


def _race_figures(
    scenario: str,
    deployment: Deployment,
    tokens: list[str],
    tally: Tally,
    races: list[Race],
    seconds: float,
    *,
    stored: int,
    doubled: int,
    overwritten: int,
    planned: int,
) -> RaceFigures:
    """The figures of ``races`` and the promises: every planned race run, one correction or
    deal stored per race, none doubled or overwritten, no 5xx, no other refusal, every post
    answered; of each race's two racing phones one acknowledged and one shown the conflict
    (409), and a late phone shown it too. The notes count the conflicts' messages (in the
    servers' language, numbers as N)."""
    posts = [post for race in races for post in race.posts]
    count = {name: sum(p.outcome == name for p in posts) for name in ("acknowledged", "conflict")}
    figures = RaceFigures(
        scenario=scenario,
        database=deployment.database,
        tables=len(tokens),
        races=len(races),
        seconds=round(seconds, 1),
        sent=len({post.key for post in posts}),
        acknowledged=count["acknowledged"],
        stored=stored,
        doubled=doubled,
        overwritten=overwritten,
        conflicts=count["conflict"],
        refused=sum(p.outcome == "refused" for p in posts) + len(tally.refused),
        server_errors=tally.server_errors,
        in_doubt=sum(p.outcome == "in doubt" for p in posts),
        connection_errors=tally.connection_errors,
    )
    for name in ("doubled", "overwritten", "server_errors", "refused", "in_doubt"):
        if getattr(figures, name):
            figures.broken.append(f"{name}: {getattr(figures, name)}")
    if len(races) != planned:
        figures.broken.append(f"{len(races)} of {planned} races run")
    if stored != len(races):
        figures.broken.append(f"{stored} stored for {len(races)} races")
    winners = [sorted(p.outcome for p in race.posts[:2]) for race in races]
    uneven = sum(outcomes != ["acknowledged", "conflict"] for outcomes in winners)
    if uneven:
        figures.broken.append(f"{uneven} races without one acknowledgement and one conflict")
    late = [race.posts[2] for race in races if len(race.posts) > 2]
    if any(post.outcome != "conflict" for post in late):
        figures.broken.append("a late phone was not shown the conflict")
    messages = Counter(p.note for p in posts if p.outcome == "conflict")
    figures.notes["conflict_messages"] = dict(messages.most_common())
    refused = tally.refused + [p.note for p in posts if p.outcome == "refused"]
    if refused:
        figures.notes["refused_first"] = refused[:3]
    return figures


def _race_tables(
    deployment: Deployment,
    tokens: list[str],
    play: Callable[[str, list[int], Tally, list[Race], float], None],
) -> tuple[Tally, list[Race], float]:
    """``play(token, ports, tally, races, until)`` at every table of ``tokens`` at once (one
    thread a table), until each returns: the tally, the races run and the seconds taken."""
    tally, races = Tally(), []
    ports = [server.port for server in deployment.servers]
    start = time.monotonic()
    until = start + RACE_SECONDS
    threads = [
        threading.Thread(target=play, args=(token, ports, tally, races, until)) for token in tokens
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, races, time.monotonic() - start


def two_phones_one_deal(deployment: Deployment, tokens: list[str], *, races: int) -> RaceFigures:
    """Two phones, one deal. At every table of ``tokens`` at once, ``races`` deals in turn:
    three phones (each its own CSRF cookie) open the table page, which names the next deal
    (``_deal``) and gives each its own form key; two post that deal (the same values, as two
    players at the table typing the same deal) at the same moment, to the first and the last
    server, and once both are answered the third posts it too (a stale page, later). One deal
    must be stored at that place, once: one phone acknowledged, the other two shown the
    conflict (409, "already entered")."""
    deals = deployment.site["deals"][:races]

    def play(token: str, ports: list[int], tally: Tally, found: list[Race], until: float) -> None:
        phones = [Phone(ports[0], token), Phone(ports[-1], token), Phone(ports[0], token)]
        for number, fields in enumerate(deals, start=1):
            if time.monotonic() >= until:
                return
            give_up = until + GRACE_S
            phones[2].port = ports[number % len(ports)]
            forms = [phone.form(tally, give_up) for phone in phones]
            if any(form is None or form["_deal"] != str(number) for form in forms):
                with tally.lock:
                    tally.refused.append(f"/t/{token}/ offered no form for deal {number}")
                return
            data = [{**form, **fields} for form in forms]
            answers = _together(
                [(phone, phone.port, data[n], None) for n, phone in enumerate(phones[:2])],
                tally,
                give_up,
            )
            answers.append(phones[2].post(phones[2].port, data[2], tally, give_up))
            posts = zip(forms, answers, strict=True)
            race = Race(token, number, None, [_outcome(f["_key"], number, a) for f, a in posts])
            with tally.lock:
                found.append(race)
            if not any(post.outcome == "acknowledged" for post in race.posts):
                return

    tally, found, seconds = _race_tables(deployment, tokens, play)
    history = deployment.history(tokens)
    stored = doubled = overwritten = mismatched = 0
    for token in tokens:
        rows = history[token]
        stored += len(rows)
        mine = [race for race in found if race.token == token]
        first_key = {row[3][0][2] if row[3] else None: row for row in rows}
        doubled += sum(1 for key in first_key if not any(key in race.keys for race in mine))
        doubled += len(rows) - len(first_key)  # two rows of one key (cannot happen: unique)
        for race in mine:
            placed = [first_key[key] for key in race.keys if key in first_key]
            doubled += max(0, len(placed) - 1)
            overwritten += sum(row[0] != race.number for row in placed)
            overwritten += sum(row[1] != 1 or len(row[3]) != 1 for row in placed)
            won = [post.key for post in race.posts if post.outcome == "acknowledged"]
            mismatched += sum(key not in first_key for key in won)
    figures = _race_figures(
        "two phones, one deal",
        deployment,
        tokens,
        tally,
        found,
        seconds,
        stored=stored,
        doubled=doubled,
        overwritten=overwritten,
        planned=len(tokens) * len(deals),
    )
    figures.notes["servers"] = len(deployment.servers)
    if mismatched:
        figures.broken.append(f"{mismatched} acknowledged deals not stored")
    return figures


def correction_race(deployment: Deployment, tokens: list[str], *, races: int) -> RaceFigures:
    """The correction race. At every table of ``tokens`` at once: a phone enters deal 1, then
    ``races`` times two phones open deal 1's correction form (both shown its current version,
    ``_revision``) and post different corrections (each its own key and reason) at the same
    moment, to the first and the last server. One correction must be stored per race, as deal
    1's next version: one phone acknowledged, the other shown the conflict (409, "changed on
    another phone")."""
    first, other = deployment.site["deals"][0], deployment.site["first_deals"]
    path = "/t/{token}/deals/1/correct/"

    def play(token: str, ports: list[int], tally: Tally, found: list[Race], until: float) -> None:
        give_up = until + GRACE_S
        opener = Phone(ports[0], token)
        form = opener.form(tally, give_up)
        if form is None or form["_deal"] != "1":
            with tally.lock:
                tally.refused.append(f"/t/{token}/ offered no form for deal 1")
            return
        answer = opener.post(opener.port, {**form, **first}, tally, give_up)
        entered = _outcome(form["_key"], 1, answer)
        if entered.outcome != "acknowledged":
            with tally.lock:
                tally.refused.append(f"/t/{token}/: deal 1 not entered: {entered}")
            return
        phones = [Phone(ports[0], token), Phone(ports[-1], token)]
        for number in range(1, races + 1):
            if time.monotonic() >= until:
                return
            forms = [phone.form(tally, give_up, path.format(token=token)) for phone in phones]
            if any(form is None or form["_deal"] != "1" for form in forms):
                with tally.lock:
                    tally.refused.append(f"/t/{token}/: no correction form for deal 1")
                return
            values = [other[(2 * number + n) % len(other)] for n in range(2)]
            data = [
                {**form, **value, "reason": f"race {number}, phone {n + 1}"}
                for n, (form, value) in enumerate(zip(forms, values, strict=True))
            ]
            answers = _together(
                [
                    (phone, phone.port, data[n], path.format(token=token))
                    for n, phone in enumerate(phones)
                ],
                tally,
                give_up,
            )
            shown = {form.get("_revision") for form in forms}
            revision = int(shown.pop()) if len(shown) == 1 and None not in shown else None
            posts = zip(forms, answers, strict=True)
            race = Race(token, 1, revision, [_outcome(f["_key"], 1, a) for f, a in posts])
            with tally.lock:
                found.append(race)
            if not any(post.outcome == "acknowledged" for post in race.posts):
                return

    tally, found, seconds = _race_tables(deployment, tokens, play)
    history = deployment.history(tokens)
    stored = doubled = overwritten = 0
    for token in tokens:
        rows = history[token]
        doubled += max(0, len(rows) - 1)
        versions = {
            key: (row[0], revision, kind) for row in rows for revision, kind, key in row[3] if key
        }
        for race in (race for race in found if race.token == token):
            placed = [versions[key] for key in race.keys if key in versions]
            stored += len(placed)
            overwritten += max(0, len(placed) - 1)
            overwritten += sum(
                number != race.number
                or kind != "correction"
                or (race.revision is not None and revision != race.revision + 1)
                for number, revision, kind in placed
            )
            won = [post.key for post in race.posts if post.outcome == "acknowledged"]
            overwritten += sum(key not in versions for key in won)
    figures = _race_figures(
        "correction race",
        deployment,
        tokens,
        tally,
        found,
        seconds,
        stored=stored,
        doubled=doubled,
        overwritten=overwritten,
        planned=len(tokens) * races,
    )
    figures.notes["servers"] = len(deployment.servers)
    if any(race.revision is None for race in found):
        figures.broken.append("the two phones were shown different versions")
    return figures


# --- a phone offline while its table plays on -----------------------------------------------------

OFFLINE_DEALS = 10
"""Deals a phone keeps in its queue during an outage (spread evenly over it), per table."""
DEALS_BEFORE = 2
"""Deals each table enters online before its phone loses the network."""


@dataclass
class Queued:
    """A deal kept on an offline phone (``static/js/table-offline.js``): its form's body, with
    the one-time key and the number it was typed for, and what the phone got when it sent it."""

    key: str
    number: int
    """The deal it was typed for (``_deal``): the page's next, then one more each."""
    data: dict[str, str]
    outcome: str = "waiting"
    """``stored`` (200: the phone drops it from its queue), ``conflict`` (409 with the
    conflict view), ``refused`` (any other answer), ``in doubt`` (no answer) or ``waiting``
    (never sent)."""
    status: int | None = None
    shown: bool = False
    """Answered 409 or 422 with the table's page showing why (the conflict view, an error or
    a field marked invalid): the phone shows it (and drops the deal from its queue)."""
    note: str = ""
    resent: str = ""
    """A stored deal sent once more (its answer lost): ``replayed`` (200, "already saved") or
    what came instead."""


@dataclass
class OfflineTable:
    """One table of the offline scenario: every deal sent there and the offline phone's queue."""

    token: str
    typed: dict[str, int] = field(default_factory=dict)
    """Every form key sent at the table (online, by either phone, or queued) → the deal number
    it was typed for."""
    queue: list[Queued] = field(default_factory=list)
    other: str = ""
    """The key of the deal the other phone entered during the outage (variant B)."""
    shown_other: int = 0
    """200 answers to a queued deal whose page showed another deal as the table's latest."""
    sending: float = 0.0
    """Seconds from the network's return until the queue was sent (the player's decision
    after a conflict included)."""


@dataclass
class OfflineFigures:
    """The offline scenario's figures (:func:`offline_phone`) and the promises it broke."""

    scenario: str
    database: str
    tables: int
    offline_seconds: float
    seconds: float
    """From the tables' first deals (entered online before the outage) until every queue was
    sent and every stored deal resent."""
    queued: int
    """Deals kept on the offline phones."""
    stored: int
    """Queued deals stored (a row with their key)."""
    conflicts: int
    """Queued deals answered 409 with the conflict view (the phone shows it)."""
    refused: int
    """Queued deals given any other answer that is not 200 (a 422 is shown too)."""
    silently_lost: int
    """Queued deals with no stored row and no 409 or 422 answer that shows why (a 422 page
    without an error in sight counts as silent)."""
    lost: int
    """Queued deals answered 200 (the phone dropped them as stored) without a stored row."""
    doubled: int
    """Stored rows beyond one per key, with a key nobody sent, or a second row for one deal
    (the other phone's and the queued deal typed for the same number, both stored)."""
    out_of_order: int
    """Queued deals stored at another number than the one they were typed for."""
    resent: int
    """Stored queued deals sent once more (their answer lost)."""
    replayed: int
    """Of those, answered 200 "already saved"."""
    server_errors: int
    in_doubt: int
    connection_errors: int
    notes: dict[str, Any] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)


def _queued_answer(item: Queued, answer: client.Response | None) -> bool:
    """Note ``answer`` to the queued ``item`` as ``table-offline.js`` takes it: True when the
    phone goes on with the next deal (200: stored, dropped from the queue), False when it stops
    (409 or 422 shown and dropped, the player decides; no answer, a 403 or a page not the
    table's: kept, sent again at the next try)."""
    if answer is None:
        item.outcome = "in doubt"
        return False
    html = answer.body.decode(errors="replace")
    item.status = answer.status
    ours = 'id="table-main"' in html
    if ours and answer.status == 200:
        item.outcome = "stored"
        return True
    conflict = _CONFLICT.search(html)
    visible = conflict is not None or _SHOWN_ERROR.search(html) is not None
    item.shown = ours and answer.status in (409, 422) and visible
    if answer.status == 409 and conflict is not None:
        said = _CONFLICT_MESSAGE.search(conflict.group(0))
        item.outcome = "conflict"
        item.note = re.sub(r"\d+", "N", said.group(1).strip()) if said else ""
        return False
    error = _ERROR.search(html)
    why = error.group(1).strip() if error else "no error in sight" if ours else html[:120]
    item.outcome, item.note = "refused", f"{answer.status}: {why}"
    return False


def _send_queue(phone: Phone, port: int, table: OfflineTable, tally: Tally) -> None:
    """The network is back: send the waiting deals in order, as ``table-offline.js`` does,
    stopping at the first that is not stored. After a conflict or refusal (shown) the player
    decides, "That is the same deal" (the table's page, a GET), and the phone sends the rest;
    after no answer, or one it does not show, the scenario stops there (the deal would wait on
    the phone: counted, never stored)."""
    for _attempt in range(len(table.queue)):
        for item in table.queue:
            if item.outcome != "waiting":
                continue
            answer = phone.post(port, item.data, tally, time.monotonic() + GRACE_S)
            if not _queued_answer(item, answer):
                break
            shown = _LAST_DEAL.search(answer.body.decode(errors="replace"))
            table.shown_other += shown is None or int(shown.group(1)) != item.number
        else:
            return
        if not item.shown:
            return
        phone.page(tally, time.monotonic() + GRACE_S)  # "That is the same deal"


def _resend_stored(phone: Phone, table: OfflineTable, tally: Tally) -> None:
    """Every stored queued deal sent once more, same body (its answer was lost): it must be
    answered 200 "already saved" and not stored again."""
    for item in table.queue:
        if item.outcome != "stored":
            continue
        answer = phone.post(phone.port, item.data, tally, time.monotonic() + GRACE_S)
        if answer is None:
            item.resent = "in doubt"
        elif answer.status == 200 and _REPLAYED.search(answer.body.decode(errors="replace")):
            item.resent = "replayed"
        else:
            item.resent = f"{answer.status}, not 'already saved'"


def _offline_table(
    deployment: Deployment,
    table: OfflineTable,
    ports: tuple[int, int],
    tally: Tally,
    *,
    seconds: float,
    deals: int,
    other_phone: bool,
) -> None:
    """One table: its phone (on ``ports[0]``) enters :data:`DEALS_BEFORE` deals, opens the page
    for the next and loses the network for ``seconds``, keeping ``deals`` deals in its queue
    (one every ``seconds / deals``; the first with the page's key and number, each next with a
    key of its own and the number after, as the page does). With ``other_phone`` a second phone
    (on ``ports[1]``) opens the page halfway through the outage and enters the table's next
    deal, the same deal as the queue's first. Back online, the queue is sent to ``ports[1]``
    (:func:`_send_queue`) and every stored deal once more to ``ports[0]``
    (:func:`_resend_stored`)."""
    plan = deployment.site["deals"]
    phone = Phone(ports[0], table.token)

    def entered(who: Phone, number: int) -> str | None:
        form = who.form(tally, time.monotonic() + GRACE_S)
        if form is None or form["_deal"] != str(number):
            shown = None if form is None else form["_deal"]
            with tally.lock:
                tally.refused.append(f"/t/{table.token}/ offered deal {shown}, not {number}")
            return None
        table.typed[form["_key"]] = number
        answer = who.post(who.port, {**form, **plan[number - 1]}, tally, time.monotonic() + GRACE_S)
        if _outcome(form["_key"], number, answer).outcome != "acknowledged":
            with tally.lock:
                tally.refused.append(f"/t/{table.token}/: deal {number} not acknowledged")
            return None
        return form["_key"]

    for number in range(1, DEALS_BEFORE + 1):
        if entered(phone, number) is None:
            return
    form = phone.form(tally, time.monotonic() + GRACE_S)
    if form is None or int(form["_deal"]) + deals - 1 > len(plan):
        with tally.lock:
            tally.refused.append(f"/t/{table.token}/: no form for the outage's deals")
        return
    first = int(form["_deal"])
    offline = time.monotonic()
    moments = [(offline + n * seconds / deals, n) for n in range(deals)]
    if other_phone:
        moments.append((offline + seconds / 2, -1))
    for moment, n in sorted(moments):
        time.sleep(max(0.0, moment - time.monotonic()))
        if n < 0:
            table.other = entered(Phone(ports[1], table.token), first) or ""
            continue
        key = form["_key"] if n == 0 else uuid.uuid4().hex
        number = first + n
        data = {
            "csrfmiddlewaretoken": form["csrfmiddlewaretoken"],
            **plan[number - 1],
            "_key": key,
            "_deal": str(number),
        }
        table.typed[key] = number
        table.queue.append(Queued(key, number, data))
    time.sleep(max(0.0, offline + seconds - time.monotonic()))
    back = time.monotonic()
    _send_queue(phone, ports[1], table, tally)
    table.sending = time.monotonic() - back
    _resend_stored(phone, table, tally)


def offline_phone(
    deployment: Deployment,
    tokens: list[str],
    *,
    seconds: float,
    deals: int = OFFLINE_DEALS,
    other_phone: bool = False,
) -> OfflineFigures:
    """A phone offline for ``seconds`` while its table plays on, at every table of ``tokens``
    at once (:func:`_offline_table`): variant A (nobody else enters) or, with ``other_phone``,
    variant B (a second phone stays online and enters the queue's first deal during the
    outage). On PostgreSQL the queue goes to the other server than the phone's page came from,
    the second phone's deal and the resends to that server too and back. Every queued deal must
    be stored once, in order, at the number it was typed for, or (variant B, the first queued
    deal only) answered with the conflict; none lost silently, none doubled; each resent stored
    deal answered "already saved"."""
    tally = Tally()
    ports = [server.port for server in deployment.servers]
    tables = [OfflineTable(token) for token in tokens]
    start = time.monotonic()
    threads = [
        threading.Thread(
            target=_offline_table,
            args=(deployment, table, (ports[n % len(ports)], ports[(n + 1) % len(ports)]), tally),
            kwargs={"seconds": seconds, "deals": deals, "other_phone": other_phone},
        )
        for n, table in enumerate(tables)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    history = deployment.history(tokens)
    doubled = out_of_order = 0
    stored_at: dict[str, int] = {}
    for table in tables:
        places: dict[str, list[int]] = {}
        for row in history[table.token]:
            key = row[3][0][2] if row[3] else None
            if key not in table.typed:
                doubled += 1
                continue
            places.setdefault(key, []).append(row[0])
        doubled += sum(len(numbers) - 1 for numbers in places.values())
        typed_for = Counter(table.typed[key] for key in places)
        doubled += sum(count - 1 for count in typed_for.values())
        for item in table.queue:
            if item.key in places:
                stored_at[item.key] = places[item.key][0]
                out_of_order += places[item.key][0] != item.number
    queue = [item for table in tables for item in table.queue]
    kept = [item for item in queue if item.key in stored_at]
    outcomes = Counter(item.outcome for item in queue)
    resent = [item for item in queue if item.resent]
    figures = OfflineFigures(
        scenario="phone offline, " + ("another phone enters" if other_phone else "alone"),
        database=deployment.database,
        tables=len(tokens),
        offline_seconds=seconds,
        seconds=round(elapsed, 1),
        queued=len(queue),
        stored=len(kept),
        conflicts=outcomes["conflict"],
        refused=outcomes["refused"],
        silently_lost=sum(item.key not in stored_at and not item.shown for item in queue),
        lost=sum(item.outcome == "stored" and item.key not in stored_at for item in queue),
        doubled=doubled,
        out_of_order=out_of_order,
        resent=len(resent),
        replayed=sum(item.resent == "replayed" for item in resent),
        server_errors=tally.server_errors,
        in_doubt=outcomes["in doubt"],
        connection_errors=tally.connection_errors,
    )
    figures.notes["servers"] = len(deployment.servers)
    figures.notes["queued_per_table"] = deals
    figures.notes["queue_sent_s_max"] = round(max((t.sending for t in tables), default=0), 1)
    figures.notes["conflict_messages"] = dict(
        Counter(item.note for item in queue if item.outcome == "conflict").most_common()
    )
    refusals = tally.refused + [item.note for item in queue if item.outcome == "refused"]
    refusals += [item.resent for item in resent if item.resent != "replayed"]
    if refusals:
        figures.notes["refused_first"] = refusals[:3]
    names = ("silently_lost", "lost", "doubled", "out_of_order", "server_errors", "in_doubt")
    for name in names + ("refused",):
        if getattr(figures, name):
            figures.broken.append(f"{name}: {getattr(figures, name)}")
    if tally.refused:
        figures.broken.append(f"{len(tally.refused)} online entries failed")
    if figures.queued != len(tokens) * deals:
        figures.broken.append(f"{figures.queued} of {len(tokens) * deals} deals queued")
    if figures.replayed != figures.resent:
        figures.broken.append(f"{figures.resent - figures.replayed} resends not 'already saved'")
    shown_other = sum(table.shown_other for table in tables)
    if shown_other:
        figures.broken.append(f"{shown_other} answers 200 not showing the deal sent")
    conflicted = [table.queue[0].outcome == "conflict" for table in tables if table.queue]
    expected = len(tokens) if other_phone else 0
    if figures.conflicts != expected or (other_phone and not all(conflicted)):
        figures.broken.append(f"{figures.conflicts} conflicts, not {expected} (each queue's first)")
    if figures.stored != figures.queued - expected:
        figures.broken.append(
            f"{figures.stored} of {figures.queued - expected} queued deals stored"
        )
    if other_phone and not all(table.other for table in tables):
        figures.broken.append("the other phone's deal was not entered at every table")
    return figures


# --- the script -----------------------------------------------------------------------------------

COLUMNS = (
    ("scenario", "scenario"),
    ("database", "database"),
    ("tables", "tables"),
    ("seconds", "s"),
    ("sent", "sent"),
    ("acknowledged", "acknowledged"),
    ("replayed", "replayed"),
    ("in_doubt", "in doubt"),
    ("stored", "stored"),
    ("lost", "lost"),
    ("duplicates", "duplicates"),
    ("out_of_order", "out of order"),
    ("server_errors", "5xx"),
    ("refused", "refused"),
    ("connection_errors", "connection errors (retried)"),
)


RACE_COLUMNS = (
    ("scenario", "scenario"),
    ("database", "database"),
    ("tables", "tables"),
    ("races", "races"),
    ("seconds", "s"),
    ("sent", "sent"),
    ("acknowledged", "acknowledged"),
    ("stored", "stored"),
    ("doubled", "doubled"),
    ("overwritten", "overwritten"),
    ("conflicts", "refused (409)"),
    ("server_errors", "5xx"),
    ("refused", "refused otherwise"),
    ("in_doubt", "in doubt"),
    ("connection_errors", "connection errors (retried)"),
)


OFFLINE_COLUMNS = (
    ("scenario", "scenario"),
    ("database", "database"),
    ("tables", "tables"),
    ("offline_seconds", "offline s"),
    ("seconds", "s"),
    ("queued", "queued"),
    ("stored", "stored"),
    ("conflicts", "conflicts shown (409)"),
    ("refused", "refused otherwise"),
    ("silently_lost", "silently lost"),
    ("lost", "lost"),
    ("doubled", "doubled"),
    ("out_of_order", "out of order"),
    ("replayed", "resent: replayed"),
    ("server_errors", "5xx"),
    ("in_doubt", "in doubt"),
    ("connection_errors", "connection errors (retried)"),
)


def _markdown(columns: tuple[tuple[str, str], ...], rows: list[Any]) -> list[str]:
    lines = [
        "| " + " | ".join(title for _name, title in columns) + " |",
        "|" + "|".join("---" for _column in columns) + "|",
    ]
    lines += ["| " + " | ".join(str(getattr(f, name)) for name, _t in columns) + " |" for f in rows]
    return [*lines, ""]


Results = list[Figures | RaceFigures | OfflineFigures]


def table(results: Results) -> str:
    """The figures as Markdown tables (the races and the offline phones in tables of their
    own), with each scenario's notes below them."""
    lines: list[str] = []
    kinds = ((Figures, COLUMNS), (RaceFigures, RACE_COLUMNS), (OfflineFigures, OFFLINE_COLUMNS))
    for kind, columns in kinds:
        rows = [f for f in results if isinstance(f, kind)]
        if rows:
            lines += _markdown(columns, rows)
    for f in results:
        notes = ", ".join(f"{key} {value}" for key, value in f.notes.items())
        lines.append(f"- {f.scenario} ({f.database}): {notes or '-'}; broken: {f.broken or 'none'}")
    return "\n".join(lines)


SCENARIOS = ("load", "double", "standings", "races", "offline", "sigkill")
"""What ``--scenarios`` names: load; double submit; the standings on the other server; both
races; both variants of the offline phone; SIGKILL."""


def offline_phones(
    deployment: Deployment, tokens: list[str], *, seconds: float, deals: int = OFFLINE_DEALS
) -> list[OfflineFigures]:
    """:func:`offline_phone`'s variant A on the first half of ``tokens`` and variant B on the
    second half, at the same time (their outages overlap)."""
    half = len(tokens) // 2
    with ThreadPoolExecutor(max_workers=2) as pool:
        variants = [
            pool.submit(
                offline_phone, deployment, part, seconds=seconds, deals=deals, other_phone=other
            )
            for part, other in ((tokens[:half], False), (tokens[half:], True))
        ]
        return [variant.result() for variant in variants]


def run(
    deployment: Deployment,
    *,
    tables: int,
    seconds: float,
    kill_seconds: float,
    doubles: int,
    race_tables: int = 0,
    races: int = 0,
    offline_tables: int = 0,
    offline_seconds: float = 60,
    offline_deals: int = OFFLINE_DEALS,
    scenarios: tuple[str, ...] = SCENARIOS,
) -> Results:
    """The ``scenarios`` on one deployment, on disjoint tables: load on the first ``tables``,
    double submit on table ``2 × tables + 1``, the standings check (two servers), two phones,
    one deal and the correction race (``races`` each) on the next ``race_tables`` tables each
    (none without), the offline phone (``offline_seconds``, ``offline_deals`` queued) alone on
    the next ``offline_tables`` and with another phone entering on as many more (none
    without), SIGKILL on tables ``tables + 1`` to ``2 × tables``. The deployment needs
    :func:`tables_needed` tables."""
    tokens = deployment.site["tokens"]
    results: Results = []
    if "load" in scenarios:
        results.append(load(deployment, tokens[:tables], seconds=seconds))
    if "double" in scenarios:
        results.append(double_submit(deployment, tokens[2 * tables], times=doubles))
    if "standings" in scenarios and len(deployment.servers) > 1:
        results.append(live_standings(deployment))
    first = 2 * tables + 1
    if "races" in scenarios and race_tables and races:
        racing = tokens[first : first + race_tables]
        correcting = tokens[first + race_tables : first + 2 * race_tables]
        results.append(two_phones_one_deal(deployment, racing, races=races))
        results.append(correction_race(deployment, correcting, races=races))
    first += 2 * race_tables
    if "offline" in scenarios and offline_tables:
        offline = tokens[first : first + 2 * offline_tables]
        results += offline_phones(deployment, offline, seconds=offline_seconds, deals=offline_deals)
    if "sigkill" in scenarios:
        kill = tokens[tables : 2 * tables]
        results.append(sigkill(deployment, kill, seconds=kill_seconds, kill_after=kill_seconds / 3))
    return results


def tables_needed(tables: int, race_tables: int, offline_tables: int = 0) -> int:
    """The load tables :func:`run` plays on."""
    return 2 * tables + 1 + 2 * race_tables + 2 * offline_tables


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="benchmarks/faults",
        description="Deals under concurrency and faults: none lost, none doubled (issue 7).",
    )
    parser.add_argument("--tables", type=int, default=50, help="tables entering at once (50)")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of load (60)")
    parser.add_argument(
        "--kill-seconds",
        type=float,
        default=30,
        help="seconds of the SIGKILL run; the kill comes after a third (30)",
    )
    parser.add_argument("--doubles", type=int, default=20, help="double submits (20)")
    parser.add_argument(
        "--race-tables",
        type=int,
        default=20,
        help="tables of each race scenario (two phones, one deal; the correction race) (20)",
    )
    parser.add_argument("--races", type=int, default=10, help="races at each of them (10)")
    parser.add_argument(
        "--offline-tables",
        type=int,
        default=10,
        help="tables of each offline variant (a phone alone; another phone entering) (10)",
    )
    parser.add_argument(
        "--offline-seconds", type=float, default=60, help="seconds a phone is offline (60)"
    )
    parser.add_argument(
        "--offline-deals",
        type=int,
        default=OFFLINE_DEALS,
        help=f"deals a phone keeps in its queue while offline ({OFFLINE_DEALS})",
    )
    parser.add_argument(
        "--scenarios",
        default=",".join(SCENARIOS),
        help=f"which scenarios, comma-separated ({','.join(SCENARIOS)})",
    )
    parser.add_argument("--workers", type=int, default=3, help="worker processes per server (3)")
    parser.add_argument(
        "--databases",
        default="sqlite,postgresql",
        help="which databases, comma-separated (sqlite,postgresql)",
    )
    parser.add_argument(
        "--postgres",
        default=POSTGRES_URL,
        help=f"a database of the PostgreSQL server ({POSTGRES_URL})",
    )
    parser.add_argument(
        "--redis", default=REDIS_URL, help=f"the Redis database the two servers share ({REDIS_URL})"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    work = client.RESULTS / "faults"
    options = {
        "tables": args.tables,
        "seconds": args.seconds,
        "kill_seconds": args.kill_seconds,
        "doubles": args.doubles,
        "race_tables": args.race_tables,
        "races": args.races,
        "offline_tables": args.offline_tables,
        "offline_seconds": args.offline_seconds,
        "offline_deals": args.offline_deals,
        "scenarios": tuple(args.scenarios.split(",")),
    }
    unknown = set(options["scenarios"]) - set(SCENARIOS)
    if unknown:
        raise SystemExit(f"unknown scenarios {sorted(unknown)}: {', '.join(SCENARIOS)}")
    built = tables_needed(args.tables, args.race_tables, args.offline_tables)
    results: Results = []
    skipped: list[str] = []
    for name in args.databases.split(","):
        with ExitStack() as stack:
            if name == "sqlite":
                url = stack.enter_context(sqlite_database())
                setup = {"servers": 1}
            elif name == "postgresql":
                reason = postgres_unavailable(args.postgres) or redis_unavailable(args.redis)
                if reason:
                    skipped.append(reason)
                    continue
                url = stack.enter_context(postgres_database(args.postgres))
                setup = {"servers": 2, "redis_url": args.redis}
            else:
                raise SystemExit(f"unknown database {name!r}: sqlite or postgresql")
            print(f"{name}: building {built} tables, starting the servers …", flush=True)
            deployment = stack.enter_context(
                deploy(url, work / name, tables=built, workers=args.workers, **setup)
            )
            results += run(deployment, **options)
    print(table(results))
    for reason in skipped:
        print(f"skipped: {reason}")
    (work / "faults.json").write_text(json.dumps([asdict(f) for f in results], indent=2))
    return 1 if any(f.broken for f in results) else 0


if __name__ == "__main__":
    sys.exit(main())
