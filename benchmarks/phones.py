"""Phones polling one page, paced: a small ``asyncio`` client (standard library only).

Each phone arrives at a random moment of the first period, opens its connection when it sends its
first request (as a browser does), keeps it alive, and starts a request every ``period`` seconds
(constant pacing: 500 phones every 5 s are 100 requests a second). The first period (the
arrival: every phone's first request, on a new connection) is tallied apart from the ``seconds``
of polling after it: a room's phones do not all arrive in the same five seconds, except when
they come back together (the Wi-Fi back after a drop), which the arrival's figures show.
``revalidate`` percent of the requests are the page's htmx refresh with ``If-None-Match`` (the
phone's browser sends the ETag of the last refresh it got); the rest open the page afresh. Where
the poll names players to follow, phone *i* follows the *i*-th of them (``{me}`` in its paths: the
standings' glance with that player's own line). Latency is from sending (connecting, for a phone's
first request) until the whole answer is read. The client's own CPU (this process, all its threads)
is measured beside it: on two cores the load generator takes its share from the server. Why not
``wrk`` here: wrk connects all its connections at once and lets them idle until its Lua ``delay()``
is over; gunicorn's gthread worker gives every new connection a thread that waits up to 5 s for its
first bytes, so hundreds of idle fresh connections block every thread and the figures measure that
artefact (see docs/benchmarks.md). wrk measures the capacity instead (``benchmarks/load.py``).
"""

from __future__ import annotations

import asyncio
import gzip
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from benchmarks.client import percentile

TIMEOUT_S = 10.0


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    """Requests without an answer (refused, reset, timed out), by exception."""
    bytes: int = 0
    refresh_bytes: list[int] = field(default_factory=list)
    """Body sizes of the refreshes answered 200 (what a phone downloads when the page changed)."""


@dataclass(frozen=True)
class Poll:
    """What the phones ask for: the fresh request and the revalidating one (the htmx refresh),
    which sends ``If-None-Match`` with the ETag of the phone's last 200, ``etag`` at first (the
    phones have the page already)."""

    fresh: tuple[str, dict[str, str]]
    revalidating: tuple[str, dict[str, str]] | None = None
    etag: str | None = None
    followed: tuple[int | str, ...] = ()
    """Players (or tables' tokens) the phones follow, ``{me}`` in the paths (phone *i*: the
    *i*-th, round robin); each phone's first refresh then has no ETag (each follows its own
    line)."""
    since: bool = False
    """The refresh names what the phone shows, ``{since}`` in its path, as a table's page polls
    (``?since=``): the value the phone's last 200 named; a 200 is what changed, not a 304."""

    def for_phone(self, index: int) -> Poll:
        """This poll as phone ``index`` sends it."""
        if not self.followed:
            return self
        me = self.followed[index % len(self.followed)]
        fresh = (self.fresh[0].replace("{me}", str(me)), self.fresh[1])
        revalidating = self.revalidating and (
            self.revalidating[0].replace("{me}", str(me)),
            self.revalidating[1],
        )
        return Poll(fresh, revalidating, None, since=self.since)


SINCE = re.compile(rb"\?since=([\w.]+)")
"""The table page's poll in its HTML (``?since=``: the table's version and the room's clock)."""


async def _answer(reader: asyncio.StreamReader) -> tuple[int, bytes, dict[str, str]]:
    """Read one HTTP/1.1 answer: status, body, headers (names in lower case)."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    headers = {
        name.strip().lower(): value.strip()
        for name, _sep, value in (line.partition(":") for line in head[1:] if line)
    }
    body = b""
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while chunk := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            body += (await reader.readexactly(chunk + 2))[:-2]
        await reader.readuntil(b"\r\n")
    elif status != 304 and "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    return status, body, headers


async def _phone(
    port: int,
    poll: Poll,
    *,
    period: float,
    revalidate: int,
    until: float,
    rng: random.Random,
    tally: Tally,
    arrival: Tally,
    steady_from: float,
) -> None:
    await asyncio.sleep(rng.uniform(0, period))
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    etag = poll.etag
    since = None
    while (start := time.monotonic()) < until:
        counted = arrival if start < steady_from else tally
        if poll.since:  # the page once, then its poll, which sends back what the page named
            refresh = since is not None
        else:
            refresh = poll.revalidating is not None and rng.randrange(100) < revalidate
        path, headers = poll.revalidating if refresh else poll.fresh
        path = path.replace("{since}", since or "")
        if refresh and etag:
            headers = {**headers, "If-None-Match": etag}
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        request = ("\r\n".join(lines) + "\r\n\r\n").encode()
        try:
            async with asyncio.timeout(TIMEOUT_S):
                if writer is None:
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(request)
                status, body, answer = await _answer(reader)
        except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as exc:
            counted.failures[type(exc).__name__] += 1
            keep = False
        else:
            counted.latencies_ms.append((time.monotonic() - start) * 1000)
            counted.statuses[status] += 1
            counted.bytes += len(body)
            keep = answer.get("connection", "").lower() != "close"
            if refresh and status == 200:
                etag = answer.get("etag", etag)
                counted.refresh_bytes.append(len(body))
            if poll.since:
                if answer.get("content-encoding") == "gzip":
                    body = gzip.decompress(body)
                if named := SINCE.search(body):
                    since = named.group(1).decode()
        if not keep and writer is not None:
            writer.close()
            reader = writer = None
        await asyncio.sleep(max(0.0, min(start + period, until) - time.monotonic()))
    if writer is not None:
        writer.close()


async def _run(
    port: int, populations: list[tuple[Poll, int]], **pacing: Any
) -> list[tuple[Tally, Tally]]:
    """Every population's phones (``(poll, phones)``) at once: each population's tallies of its
    polling and of its arrival."""
    tallies = [(Tally(), Tally()) for _ in populations]
    seed = random.Random(2026)
    await asyncio.gather(
        *(
            _phone(
                port,
                poll.for_phone(index),
                rng=random.Random(seed.random()),
                tally=tally,
                arrival=arrival,
                **pacing,
            )
            for (poll, phones), (tally, arrival) in zip(populations, tallies, strict=True)
            for index in range(phones)
        )
    )
    return tallies


def _errors(tally: Tally) -> int:
    """Requests without an answer, and answers with a status ≥ 400."""
    refused = sum(n for status, n in tally.statuses.items() if status >= 400)
    return sum(tally.failures.values()) + refused


def _figures(tally: Tally, arrival: Tally, *, seconds: float) -> dict[str, Any]:
    ms = tally.latencies_ms
    sizes = tally.refresh_bytes
    return {
        "seconds": seconds,
        "requests": len(ms) + sum(tally.failures.values()),
        "rate_per_s": len(ms) / seconds,
        "p50_ms": percentile(ms, 0.50),
        "p90_ms": percentile(ms, 0.90),
        "p99_ms": percentile(ms, 0.99),
        "max_ms": max(ms),
        "errors": _errors(tally),
        "failures": dict(tally.failures),
        "statuses": {str(k): v for k, v in sorted(tally.statuses.items())},
        "kib": tally.bytes / 1024,
        "refresh_200": {
            "count": len(sizes),
            "mean_kib": sum(sizes) / len(sizes) / 1024 if sizes else 0.0,
            "max_kib": max(sizes) / 1024 if sizes else 0.0,
        },
        "arrival": {
            "requests": len(arrival.latencies_ms) + sum(arrival.failures.values()),
            "p50_ms": percentile(arrival.latencies_ms, 0.50),
            "p99_ms": percentile(arrival.latencies_ms, 0.99),
            "max_ms": max(arrival.latencies_ms),
            "errors": _errors(arrival),
            "statuses": {str(k): v for k, v in sorted(arrival.statuses.items())},
        },
    }


def run(
    port: int,
    poll: Poll,
    *,
    phones: int,
    seconds: float,
    period: float,
    revalidate: int,
    tables: tuple[Poll, int] | None = None,
) -> dict[str, Any]:
    """``phones`` phones arriving during one ``period``, then polling for ``seconds`` seconds:
    of those seconds the requests, rate, latency percentiles in ms, errors (no answer, or a
    status ≥ 400), the failures by exception, the answers by status, the bytes of the refreshes
    answered 200; of the arrival (``arrival``) its requests, percentiles and errors; and the cores
    this process (the load generator) used over both. ``tables``: the tables' phones (their poll,
    how many) polling meanwhile, each its table's ``?since=``; their figures apart
    (``tables``)."""
    cpu, wall = time.process_time(), time.monotonic()
    steady_from = wall + period
    populations = [(poll, phones), *([tables] if tables else [])]
    tallies = asyncio.run(
        _run(
            port,
            populations,
            period=period,
            revalidate=revalidate,
            until=steady_from + seconds,
            steady_from=steady_from,
        )
    )
    client_cores = (time.process_time() - cpu) / (time.monotonic() - wall)
    figures = {
        "phones": phones,
        "period_s": period,
        "revalidate_percent": revalidate if poll.revalidating else 0,
        **_figures(*tallies[0], seconds=seconds),
        "followed": len(poll.followed),
        "client_cpu_cores": client_cores,
    }
    if tables:
        figures["tables"] = {"phones": tables[1], **_figures(*tallies[1], seconds=seconds)}
    return figures
