"""The language of a request: German unless the visitor chose English with the switch at the top
of every page (remembered in Django's language cookie).

Django's own ``LocaleMiddleware`` would follow the browser's ``Accept-Language`` header; a phone
set to English in a Black Forest pub would then open in English. Kreidetafel is German first, so
only the visitor's explicit choice counts."""

from __future__ import annotations

from collections.abc import Callable

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import translation
from django.utils.cache import patch_vary_headers


class ChosenLanguageMiddleware:
    """Activates the language of the language cookie (set by ``set_language``), or
    ``settings.LANGUAGE_CODE``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, except that two answers go out without the policy, which only a
    document's (or worker's) own answer sets (Content Security Policy Level 3): a 304, which has
    no body, and whose page the browser keeps with its headers, nonce and policy included (RFC
    9111, 4.3.4); and the part of a page that htmx fetched (``HX-Request``) where the answer
    says it differs by that header (``Vary: HX-Request``): htmx swaps it into the page, which
    keeps its own policy, and no cache hands it out as the page. Building the policy (twice:
    enforced and report-only) was about a tenth of a phone's poll (issue 18)."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.status_code == 304 or _part_of_a_page(request, response):
            return response
        return super().process_response(request, response)


def _part_of_a_page(request: HttpRequest, response: HttpResponseBase) -> bool:
    """``response`` is htmx's part of a page, kept apart from the page by caches (see
    :class:`ContentSecurityPolicyMiddleware`)."""
    if request.headers.get("HX-Request") != "true":
        return False
    varies = {name.strip().lower() for name in response.get("Vary", "").split(",")}
    return "hx-request" in varies
