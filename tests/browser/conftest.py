"""A real Chromium (Debian's package, installed by scripts/setup --browser) driven by
Playwright against pytest-django's live server."""

from __future__ import annotations

import os
import shutil
import threading

import pytest

# Playwright's sync API runs an event loop in the test thread; the database calls the tests
# make from that thread are still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


IN_FLIGHT = threading.Condition()
"""Guards ``_requests``: how many requests the live server is answering right now."""
_requests = 0


@pytest.fixture(scope="session", autouse=True)
def counted_requests():
    """Count the live server's requests in flight (see ``quiet_server``)."""
    from django.core.handlers.wsgi import WSGIHandler

    answer = WSGIHandler.__call__

    def counted(self, environ, start_response):
        global _requests
        with IN_FLIGHT:
            _requests += 1
        try:
            return answer(self, environ, start_response)
        finally:
            with IN_FLIGHT:
                _requests -= 1
                IN_FLIGHT.notify_all()

    WSGIHandler.__call__ = counted
    yield
    WSGIHandler.__call__ = answer


@pytest.fixture(autouse=True)
def quiet_server(counted_requests):
    """After a test, once its pages are closed (their fixtures are torn down before this one),
    wait until the live server has answered its last request: only then may pytest-django empty
    the database for the next test. A request still running during that flush leaves rows
    behind (or fails on a locked table) in the next test, whichever test it was."""
    yield
    with IN_FLIGHT:
        IN_FLIGHT.wait_for(lambda: _requests == 0, timeout=30)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run scripts/setup --browser")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """A phone-sized page (390 × 844, touch)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def new_page(browser):
    """Open pages in fresh browser contexts (each its own cookies), closed after the test:
    ``new_page()`` is a desktop window, ``new_page(phone=True)`` a phone like ``phone``; other
    keywords go to ``browser.new_context`` (``locale="de-DE"``)."""
    contexts = []

    def open_page(*, phone: bool = False, **options):
        if phone:
            options = {"viewport": {"width": 390, "height": 844}, "has_touch": True, **options}
        context = browser.new_context(**options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def desk(new_page, live_server, organiser):
    """A desktop page logged in as the organiser (the session cookie of a forced login)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    page = new_page()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page
