"""The language of a request: German unless the visitor chose English with the switch at the top
of every page (remembered in Django's language cookie).

Django's own ``LocaleMiddleware`` would follow the browser's ``Accept-Language`` header; a phone
set to English in a Black Forest pub would then open in English. Kreidetafel is German first, so
only the visitor's explicit choice counts."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
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
