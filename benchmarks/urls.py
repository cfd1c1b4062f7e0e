"""The app's URLs plus the floors a page's latency is compared with, behind the same middleware
stack: ``/bench/bare/`` (a tiny GET), ``/bench/bare-page/`` (the site's base template around
``?bytes=`` bytes: what any whole page of that size costs), ``/bench/bare-post/<tournament>/`` (a
CSRF-checked POST that writes one row), and ``/bench/cache-clear/`` (empties this process's
cache, for the cold standings). Only in ``benchmarks.settings``, never in the app's URLconf."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments import glance, standings
from tournaments.models import AuditEntry
from tournaments.views import public


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


_PAGE = engines["django"].from_string(
    '{% extends "_base.html" %}{% block content %}{{ filler }}{% endblock %}'
)


def bare_page(request: HttpRequest) -> HttpResponse:
    """The base template of every page (the language switch, the CSRF token for htmx, the
    policy's nonce) around ``?bytes=`` bytes of text: the floor of a whole page that size."""
    size = int(request.GET.get("bytes", "0"))
    return HttpResponse(_PAGE.render({"filler": "x" * size}, request))


@require_POST
def bare_post(request: HttpRequest, tournament: int) -> HttpResponse:
    """The floor of a deal entry: the CSRF check and one inserted row, nothing else."""
    AuditEntry.objects.create(
        tournament_id=tournament, action=AuditEntry.Action.SETTINGS, subject="benchmark"
    )
    return HttpResponse("ok", content_type="text/plain")


@csrf_exempt
@require_POST
def cache_clear(request: HttpRequest) -> HttpResponse:
    cache.clear()
    glance.forget()
    standings.forget()
    public.forget()
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare/", bare, name="bench-bare"),
    path("bench/bare-page/", bare_page, name="bench-bare-page"),
    path("bench/bare-post/<int:tournament>/", bare_post, name="bench-bare-post"),
    path("bench/cache-clear/", cache_clear, name="bench-cache-clear"),
    path("", include("tournaments.urls")),
]
