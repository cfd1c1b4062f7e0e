"""Login throttling with django-axes: the client's address behind our own proxies, and the page
a locked-out login gets.

django-axes counts failed logins per user name and address (``AXES_LOCKOUT_PARAMETERS`` in the
settings) and, after ``AXES_FAILURE_LIMIT`` of them, refuses that pair for
``AXES_COOLOFF_TIME``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

LOCKED_OUT_STATUS = 429


def client_ip(request: HttpRequest) -> str | None:
    """The address of the client, for counting its failed logins.

    Without proxies (``settings.TRUSTED_PROXIES`` = 0) that is ``REMOTE_ADDR``: a client can put
    anything in ``X-Forwarded-For``. Behind ``n`` proxies of our own, each appends the address it
    saw, so the ``n``-th entry from the right is the one the outermost proxy saw; entries further
    left came from the client and are not trusted. A header shorter than that falls back to
    ``REMOTE_ADDR``."""
    proxies = settings.TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if proxies > 0 and len(forwarded) >= proxies and forwarded[-proxies]:
        return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


USERNAME_LENGTH = 150
"""Django's user names are at most this long; longer ones cannot be anybody's."""


def client_username(request: HttpRequest, credentials: dict | None = None) -> str:
    """The user name a login tried, as django-axes counts and stores it: without NUL characters
    (PostgreSQL refuses them in text) and cut to a user name's length (its column is 255)."""
    source = credentials if credentials else getattr(request, "POST", {})
    username = str(source.get("username") or "")
    return username.replace("\x00", "")[:USERNAME_LENGTH]


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """The translated page a locked-out login gets (status 429), saying how long to wait."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request, "registration/locked_out.html", {"minutes": minutes}, status=LOCKED_OUT_STATUS
    )
