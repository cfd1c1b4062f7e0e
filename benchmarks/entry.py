"""Deal entry: the next round is drawn in the benchmark process (``round_draw``, timed), then
phones enter its first deals through the table links over HTTP as the entry form does (GET the
page for the CSRF cookie, token and one-time key, then POST), each POST followed by a POST to the
bare view that writes one row; then ``deal_record`` alone in-process, and a cProfile of one
POST. Import only after ``django.setup()``."""

from __future__ import annotations

import time
import uuid
from typing import Any

from django.db import connections
from django.test import Client

from benchmarks.build_db import simulated_unit
from benchmarks.client import RESULTS, Phone, summary
from benchmarks.inprocess import profile
from tournaments import services
from tournaments.entries import flatten_entry
from tournaments.models import Deal, Table, Tournament
from tournaments.tables import table_link


def draw_next_round(slug: str, seed: int) -> dict[str, Any]:
    """Draw the next round through ``services.round_draw`` (avoiding repeats; with an override,
    since one table of the last round is still playing): its seconds, number and table links."""
    tournament = Tournament.objects.get(slug=slug)
    start = time.perf_counter()
    drawn = services.round_draw(tournament=tournament, seed=seed, override_reason="benchmark")
    seconds = time.perf_counter() - start
    tables = Table.objects.filter(round=drawn).order_by("number")
    tokens = list(tables.values_list("token", flat=True))
    connections.close_all()  # the server writes to the same SQLite file next
    return {"round": drawn.number, "seconds": seconds, "tokens": tokens}


def deal_plan(tokens: list[str], *, deals: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """``deals`` (table link, entry) pairs, round-robin over the tables as in a room: every
    table's first deal, then every table's second, …, each table's entries from its own
    simulated unit."""
    units = [simulated_unit(f"{seed}:entry:{number}") for number in range(len(tokens))]
    plan: list[tuple[str, dict[str, Any]]] = []
    for index in range(max(len(u) for u in units)):
        plan.extend(
            (token, unit[index])
            for token, unit in zip(tokens, units, strict=True)
            if index < len(unit)
        )
    if len(plan) < deals:
        raise ValueError(f"{len(tokens)} tables hold only {len(plan)} deals, not {deals}")
    return plan[:deals]


def run(
    port: int, *, tournament: int, tokens: list[str], deals: int, tables: int, seed: int
) -> dict[str, Any]:
    """POST ``deals`` deals over the first ``tables`` table links, alternately as htmx (the form's
    own way: 200 with the table's partial) and as a plain form (302 to the table page), each
    followed by a POST to the bare view. Checks that every deal was stored."""
    plan = deal_plan(tokens[:tables], deals=deals, seed=seed)
    phones = {token: Phone(port) for token in tokens[:tables]}
    htmx_ms: list[float] = []
    plain_ms: list[float] = []
    bare_ms: list[float] = []
    bare_path = f"/bench/bare-post/{tournament}/"
    for index, (token, entry) in enumerate(plan):
        phone, path = phones[token], f"/t/{token}/"
        csrf, key = phone.open(path)
        htmx = index % 2 == 0
        seconds = phone.post(
            path,
            {**flatten_entry(entry), "_key": key},
            token=csrf,
            htmx=htmx,
            expect=200 if htmx else 302,
        )
        (htmx_ms if htmx else plain_ms).append(seconds * 1000)
        bare_ms.append(phone.post(bare_path, {}, token=csrf, htmx=False, expect=200) * 1000)
    stored = Deal.objects.filter(table__token__in=phones).count()
    connections.close_all()
    if stored != deals:
        raise RuntimeError(f"{deals} deals posted, {stored} stored")
    return {
        "deals": deals,
        "tables": len(phones),
        "htmx": summary(htmx_ms),
        "plain": summary(plain_ms),
        "all": summary(htmx_ms + plain_ms),
        "bare_post": summary(bare_ms),
    }


def in_process(tokens: list[str], *, deals: int, seed: int) -> dict[str, Any]:
    """In the benchmark process, on tables no phone used: ``deals`` calls of
    ``services.deal_record`` alone (median/p95 ms), then a cProfile of one htmx POST through
    Django's test client (``benchmarks/results/profile-deal-entry.txt``)."""
    plan = iter(deal_plan(tokens, deals=deals + 3, seed=seed))
    times = []
    for token, entry in (next(plan) for _ in range(deals)):
        table = table_link(token).table
        start = time.perf_counter()
        services.deal_record(table=table, entry=entry, by=None, via="benchmark")
        times.append((time.perf_counter() - start) * 1000)
    browser = Client(HTTP_HOST="127.0.0.1")

    def post() -> None:
        token, entry = next(plan)
        data = {**flatten_entry(entry), "_key": uuid.uuid4().hex}
        response = browser.post(f"/t/{token}/", data, headers={"HX-Request": "true"})
        assert response.status_code == 200, response.status_code

    top = profile(
        "POST /t/<token>/ htmx (in-process, cProfile)", post, RESULTS / "profile-deal-entry.txt"
    )
    connections.close_all()
    return {"deal_record": summary(times), "profile_top": top}
