"""Forms of the organiser's pages and the table's deal entry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import game_choices

# Entry fields arrive named as the engine names them: "points.B", "tricks.B", "dealer".
_ENTRY_FIELD = re.compile(r"^([a-z_]+)(?:\.([A-Za-z0-9_]+))?$")
_CONTROL_FIELDS = frozenset({"csrfmiddlewaretoken", "reason"})


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club or village"), max_length=120, required=False)


class PlayerListForm(forms.Form):
    names = forms.CharField(
        label=_("Paste a list"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("One player a line; a club may follow after a comma, semicolon or tab."),
    )


class DrawForm(forms.Form):
    allow_byes = forms.BooleanField(
        label=_("Give byes to the players who do not fill a table"),
        required=False,
    )


class CorrectionForm(forms.Form):
    reason = forms.CharField(label=_("Reason for the correction"), max_length=300)


def entry_from_post(data: Mapping[str, str]) -> dict[str, Any]:
    """The raw deal entry from a posted form: ``points.B=52`` becomes ``{"points": {"B": 52}}``.

    Empty fields are left out; a value that is not a whole number is passed on as typed, so that
    the engine refuses it with ``NOT_AN_INTEGER`` next to its field."""
    entry: dict[str, Any] = {}
    for key, raw in data.items():
        match = _ENTRY_FIELD.match(key)
        value = raw.strip()
        if not match or not value or key in _CONTROL_FIELDS:
            continue
        group, member = match.groups()
        number: int | str
        try:
            number = int(value)
        except ValueError:
            number = value
        if member is None:
            entry[group] = number
        else:
            entry.setdefault(group, {})[member] = number
    return entry


def flatten_entry(entry: Mapping[str, Any]) -> dict[str, str]:
    """The inverse of :func:`entry_from_post`, to fill the form with a stored entry:
    ``{"points": {"B": 52}}`` becomes ``{"points.B": "52"}``."""
    flat: dict[str, str] = {}
    for key, value in entry.items():
        if isinstance(value, Mapping):
            flat.update({f"{key}.{member}": str(v) for member, v in value.items()})
        else:
            flat[key] = str(value)
    return flat
