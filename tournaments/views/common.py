"""What the pages share: htmx partials and service errors onto forms."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpRequest


def partial(request: HttpRequest, template: str, name: str) -> str:
    """``template`` for a plain request, its partial ``name`` for an htmx one."""
    return f"{template}#{name}" if getattr(request, "htmx", False) else template


def apply_errors(form: Any, error: ValidationError) -> None:
    """Engine and service errors onto the form: a named field's error goes beside that field."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            for item in errors:
                form.add_error(field if field in form.fields else None, item)
    else:
        form.add_error(None, error)


def error_fields(error: ValidationError) -> dict[str, list[str]]:
    """A service's ``ValidationError`` as field → messages (``"__all__"`` for the rest)."""
    if hasattr(error, "error_dict"):
        return {
            field: [m for e in errs for m in e.messages] for field, errs in error.error_dict.items()
        }
    return {"__all__": error.messages}
