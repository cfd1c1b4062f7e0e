"""The public installation's door for the hall's pushes (docs/deploy.md, "The hall feeds the
public site"; :mod:`tournaments.services.push`)."""

from __future__ import annotations

import gzip
import hmac
import zlib

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments import services

MAX_BYTES = 256 * 1024 * 1024
"""The largest push taken, unpacked (a 1,000-player championship's export is about 10 MiB)."""
CONFLICTS = {"NOT_A_COPY", "SLUG_TAKEN"}


def _body(request: HttpRequest) -> bytes:
    """The request's body, unpacked where it came gzipped, at most :data:`MAX_BYTES`;
    ``ValueError`` for a broken or larger one."""
    packed = request.read(MAX_BYTES + 1)
    if request.headers.get("Content-Encoding", "").lower() == "gzip":
        unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            body = unpacker.decompress(packed, MAX_BYTES + 1)
        except zlib.error as exc:
            raise ValueError from exc
    else:
        body = packed
    if len(body) > MAX_BYTES:
        raise ValueError
    return body


@csrf_exempt  # no session: the hall proves itself with the key
@require_POST
def push_receive(request: HttpRequest, slug: str) -> JsonResponse:
    """A hall's push of the tournament at ``slug`` (:func:`services.push_receive`), with
    ``Authorization: Bearer <KREIDETAFEL_PUSH_KEY>``. Answers JSON: 200 ``{"status": "created" |
    "replaced" | "unchanged"}``; 403 for a wrong key; 400 with ``problems`` for a body that is
    not a push or a document that does not check; 409 where a tournament of this installation
    has the address. 404 while this installation takes no pushes (no key or no owner set)."""
    if not settings.PUSH_KEY or not settings.PUSH_OWNER:
        raise Http404
    given = request.headers.get("Authorization", "").encode()
    if not hmac.compare_digest(given, f"Bearer {settings.PUSH_KEY}".encode()):
        return JsonResponse({"problems": [_("Wrong key.")]}, status=403)
    try:
        body = _body(request)
    except (ValueError, EOFError, gzip.BadGzipFile):
        refused = _("This is not a push of a Kreidetafel hall.")
        return JsonResponse({"problems": [refused]}, status=400)
    try:
        status, _tournament = services.push_receive(
            slug=slug, body=body, owner_name=settings.PUSH_OWNER
        )
    except ValidationError as exc:
        code = getattr(exc, "code", None) or "INVALID_FILE"  # a list of the document's problems
        return JsonResponse(
            {"code": code, "problems": exc.messages}, status=409 if code in CONFLICTS else 400
        )
    return JsonResponse({"status": status})
