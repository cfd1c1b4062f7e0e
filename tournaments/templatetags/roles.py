"""``{% may "action" tournament as name %}``: whether the page's user may do an action, asked of
``tournaments.permissions`` (so that templates show only the buttons that work)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import permissions
from tournaments.models import Tournament

register = template.Library()


@register.simple_tag(takes_context=True)
def may(context: dict[str, Any], action: str, tournament: Tournament) -> bool:
    """``{% may "manage_organisers" tournament as owner %}`` → True for the owner and
    superusers. Raises ``ValueError`` for an action ``tournaments.permissions`` does not know."""
    return permissions.may(context["request"].user, action, tournament)
