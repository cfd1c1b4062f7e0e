"""A document's HTML template rendered to A4 PDF by weasyprint, in the active language."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from tournaments.printing.pdfparts import write_pdf


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """``template_name`` rendered with ``context`` (plus ``printed_at``) as A4 PDF bytes, in the
    active language (QR codes as :func:`.pdfparts.qr_src` gives them)."""
    html = render_to_string(template_name, {"printed_at": timezone.localtime(), **context})
    return write_pdf(html)
