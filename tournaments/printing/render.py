"""A document's HTML template rendered to A4 PDF by weasyprint, in the active language."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone
from weasyprint import HTML


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """``template_name`` rendered with ``context`` (plus ``printed_at``) as A4 PDF bytes, in the
    active language."""
    html = render_to_string(template_name, {"printed_at": timezone.localtime(), **context})
    return HTML(string=html).write_pdf()
