"""Small template filters for the game templates: looking up a seat in the engine's mappings
and drawing chalk marks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def get(mapping: Mapping[str, Any] | None, key: str) -> Any:
    """``state.striche|get:"B"`` → B's Striche; missing keys give None."""
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def times(count: int | None) -> range:
    """``{% for _ in 3|times %}`` draws three chalk marks."""
    return range(count or 0)


@register.filter
def other_errors(errors: Mapping[str, Iterable[str]], shown_prefixes: str) -> list[str]:
    """The error messages whose field is not shown beside an input: every key that starts with
    none of the comma-separated ``shown_prefixes`` (``"points.,tricks."``)."""
    prefixes = tuple(p for p in shown_prefixes.split(",") if p)
    return [
        message
        for key, messages in errors.items()
        if not key.startswith(prefixes)
        for message in messages
    ]


@register.filter
def names(seats: Iterable[str], players: Mapping[str, Any]) -> str:
    """``event.seats|names:players`` → "Anna and Bernd": the players in those seats, by name."""
    found = [str(players.get(seat, seat)) for seat in seats]
    if len(found) < 2:
        return "".join(found)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(found[:-1]), "last": found[-1]}
