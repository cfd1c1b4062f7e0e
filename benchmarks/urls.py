"""The app's URLs plus ``/bench/bare/``: a tiny view behind the same middleware stack, the floor a
page's latency is compared with."""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare/", bare, name="bench-bare"),
    path("", include("tournaments.urls")),
]
