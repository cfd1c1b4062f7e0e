"""Public pages kept whole in the web process, as an anonymous visitor gets them: the phones
opening the standings at the start of a round, and the projector's whole table, get the bytes
the first of them made (gzipped where the browser takes it) instead of a rendering each.

A page is kept under everything it is made of: its ETag (the version shown, the rounds shown,
the language, the address with its query, htmx or not: ``tournaments.views.public``), what the
room is told (the clock, the next round, the announcement: :attr:`tournaments.room.Room.key`),
whether it is gzipped, and the player the phone remembers following. Only a page that holds
nothing of one visitor is kept: no login, no message waiting, no CSRF token (the public pages
post nothing; the language switch takes no token). Bounded in bytes and in time
(:data:`KEPT_BYTES`, :data:`KEPT_SECONDS`): a new version shown is a new ETag, so a page that
is not asked again goes by itself."""

from __future__ import annotations

import threading
from collections.abc import Hashable
from dataclasses import dataclass
from http.cookies import Morsel

from cachetools import TTLCache
from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse

KEPT_BYTES = 32 * 1024 * 1024
"""At most this many bytes of pages are kept per web process (the whole table of 1,000
players is 350 KiB, 30 KiB gzipped; a phone's glance page 6 KiB, 2 KiB gzipped); the page
used least recently goes first."""
KEPT_SECONDS = 60
"""A page is kept at most this long after it was made."""
_HEADROOM = 512
"""What a kept page costs besides its bytes (its headers), for :data:`KEPT_BYTES`."""


@dataclass(frozen=True)
class KeptPage:
    """A public page's answer (status 200) as it left the view (headers and cookies of its own,
    before the middleware's)."""

    content: bytes
    headers: tuple[tuple[str, str], ...]
    cookies: tuple[Morsel, ...]


Key = Hashable
"""What a page is kept under: a tuple of everything it is made of."""

_pages: TTLCache[Key, KeptPage] = TTLCache(
    maxsize=KEPT_BYTES, ttl=KEPT_SECONDS, getsizeof=lambda page: len(page.content) + _HEADROOM
)
_lock = threading.Lock()


def keeps(request: HttpRequest) -> bool:
    """Whether ``request`` may get a kept page and leave its own: a GET without a session (no
    login) and without a message waiting in its cookie."""
    cookies = request.COOKIES
    return (
        request.method == "GET"
        and settings.SESSION_COOKIE_NAME not in cookies
        and CookieStorage.cookie_name not in cookies
    )


def kept(key: Key) -> HttpResponse | None:
    """A new answer with the page kept under ``key``, None when none is."""
    with _lock:
        page = _pages.get(key)
    if page is None:
        return None
    response = HttpResponse(page.content)
    for header, value in page.headers:
        response.headers[header] = value
    for morsel in page.cookies:
        response.cookies[morsel.key] = morsel.copy()
    return response


def keep(key: Key, response: HttpResponse) -> None:
    """Keep ``response`` (a whole, not streaming answer of status 200) under ``key``. A page
    setting a cookie of the session or of the CSRF token holds something of one visitor and is
    not kept."""
    if response.status_code != 200 or response.streaming:
        return
    own = {settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME, CookieStorage.cookie_name}
    if own & set(response.cookies):
        return
    page = KeptPage(
        content=response.content,
        headers=tuple(response.items()),
        cookies=tuple(morsel.copy() for morsel in response.cookies.values()),
    )
    with _lock:
        _pages[key] = page


def forget() -> None:
    """Drop every kept page of this process (as ``cache.clear()`` empties the cache)."""
    with _lock:
        _pages.clear()
