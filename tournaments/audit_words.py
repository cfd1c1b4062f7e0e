"""The audit log's before → after in words, as the organiser reads them: a deal's entry as the
table typed it, a status by its name, a setting by its label, yes and no for true and false."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.utils.translation import gettext as _

from tournaments.models import AuditEntry, Player, Prize, PrizeCategory, Round, Tournament
from tournaments.templatetags.kreide import entry_lines

_DEAL_ACTIONS = frozenset(
    {
        AuditEntry.Action.DEAL_RECORD,
        AuditEntry.Action.DEAL_CORRECT,
        AuditEntry.Action.DEAL_UNDO,
        AuditEntry.Action.DEAL_VOID,
    }
)
_STATUSES = {
    **dict(Round.Status.choices),
    **dict(Tournament.Status.choices),
    **dict(Tournament.ByePolicy.choices),
    **dict(Tournament.PrizeSharing.choices),
    **dict(Prize.Kind.choices),
}
_METHODS = dict(Round.Method.choices)


_MODELS = (Tournament, Player, Round, Prize, PrizeCategory)


def _ordered(value: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The items of a change's mapping in one order on every database: shorter keys first,
    then by name, the order PostgreSQL's jsonb keeps them in (SQLite keeps the order they were
    written in)."""
    return sorted(value.items(), key=lambda kv: (len(kv[0]), kv[0]))


def _label(key: str) -> str:
    """A key of a change's mapping in words: a model field's label, else a few known ones."""
    for model in _MODELS:
        try:
            field = model._meta.get_field(key)
        except FieldDoesNotExist:
            continue
        if hasattr(field, "verbose_name"):  # not a relation's reverse side
            return str(field.verbose_name)
    known = {
        "seat": _("seat"),
        "organiser": _("organiser"),
        "method": _("draw"),
        "seed": _("seed of the draw"),
        "tables": _("tables"),
        "seats": _("seats"),
        "sitting_out": _("sits out"),
        "repeat_partners": _("partnerships repeated from an earlier round"),
        "club_mates_together": _("pairs of club-mates at one table"),
        "plan_seed": _("seed of the plan of all rounds"),
        "plan_made": _("plan of all rounds made with this draw"),
        "first_deal": _("first deal"),
        "rows": _("rows as typed"),
    }
    return str(known.get(key, key.replace("_", " ")))


def _value(value: Any) -> str:
    if value is None:  # a field emptied: a start number taken away, an entry fee paid back
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Mapping):  # a row of the paper sheet: cell → text
        return " ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        separator = " | " if any(isinstance(v, Mapping) for v in value) else ", "
        return separator.join(_value(v) for v in value)
    if isinstance(value, str):
        return str(_STATUSES.get(value) or _METHODS.get(value) or value)
    return str(value)


def change_words(entry: AuditEntry, value: Any, game: str) -> str:
    """``value`` (an audit entry's ``before`` or ``after``) in words; "" for nothing."""
    if value is None or value == "":
        return ""
    if entry.action in _DEAL_ACTIONS and isinstance(value, Mapping):
        return "; ".join(f"{label}: {text}" for label, text in entry_lines(game, value, {}))
    if isinstance(value, Mapping):
        return "; ".join(f"{_label(str(k))}: {_value(v)}" for k, v in _ordered(value))
    return _value(value)
