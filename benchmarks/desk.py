"""The organiser's desk of the benchmark tournament (1,000 players) in a browser: Chromium driven
by Playwright, as the browser tests drive it, against one ``runserver`` (DEBUG off, the static
files collected first as a deployment does). Measured: the desk opened (the request until the
page's load event: the server, the transfer, parsing and laying out the page), and a check-in
(the tap until the desk is back, at the player's row), each the median of ``repeats``; the
desk's size, its elements and its fields. Import only after ``django.setup()``."""

from __future__ import annotations

import os
import shutil
import statistics
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connections

from benchmarks import client
from benchmarks.client import RESULTS

PASSWORD = "benchmark-organiser-password"  # noqa: S105 - a throwaway benchmark database
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"


def run(info: dict[str, Any], *, repeats: int) -> dict[str, Any]:
    """Open the desk of ``info``'s tournament ``repeats`` times, then check in ``repeats``
    players not checked in yet, as its organiser; milliseconds, KiB and counts."""
    from playwright.sync_api import sync_playwright

    call_command("collectstatic", interactive=False, verbosity=0)
    organiser = get_user_model().objects.get(username="bench-organiser")
    organiser.set_password(PASSWORD)
    organiser.save(update_fields=["password"])
    connections.close_all()
    port = client.free_port()
    server = client.start_runserver(port, RESULTS / "server-desk.log")
    base = f"http://127.0.0.1:{port}"
    desk = f"{base}/o/{info['slug']}/"
    opened: list[float] = []
    checked_in: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1366, "height": 800})
            page.goto(f"{base}/login/")
            page.fill("input[name=username]", organiser.username)
            page.fill("input[name=password]", PASSWORD)
            with page.expect_navigation():
                page.press("input[name=password]", "Enter")
            for _ in range(repeats):
                start = time.perf_counter()
                page.goto(desk, wait_until="load")
                opened.append((time.perf_counter() - start) * 1000)
            size = len(page.content().encode())
            elements = page.evaluate("document.getElementsByTagName('*').length")
            fields = page.evaluate(
                "document.querySelectorAll('input:not([type=hidden]), select, textarea').length"
            )
            buttons = page.locator("td.check-in button[name=checked_in]")
            for _ in range(repeats):
                start = time.perf_counter()
                with page.expect_navigation(wait_until="load"):
                    buttons.first.click()
                checked_in.append((time.perf_counter() - start) * 1000)
            browser.close()
    finally:
        client.stop(server)
    return {
        "repeats": repeats,
        "open_ms": statistics.median(opened),
        "open_all_ms": opened,
        "check_in_ms": statistics.median(checked_in),
        "check_in_all_ms": checked_in,
        "kib": size / 1024,
        "elements": elements,
        "fields": fields,
    }
