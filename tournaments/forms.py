"""Forms of the organiser's pages and the table's deal entry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.models import game_choices

# Entry fields arrive named as the engine names them: "points.B", "tricks.B", "dealer".
_ENTRY_FIELD = re.compile(r"^([a-z_]+)(?:\.([A-Za-z0-9_]+))?$")
_CONTROL_FIELDS = frozenset({"csrfmiddlewaretoken", "reason"})


# Words for the house rules the engine offers (``Game.options()``): the option's label and, for
# a choice, each value's. An option without words here shows its key.
OPTION_LABELS = {
    "hundred_threshold": _("A hundred is"),
    "vierstrich_marks": _("Striche that end the Vier-Strich"),
    "tie_policy": _("A tie for most (or fewest) card points"),
    "butzen_two_player_hundred_adds": _(
        "A hundred with two players left in the Butzen gives the other a Strich"
    ),
    "deal_mode": _("Dealing when players sit out the Butzen"),
    "games_per_rubber": _("Games in a rubber"),
    "settlement": _("Paying for the rubber"),
    "stake": _("Stake (euros)"),
    "tournament_round": _("One tournament round at a table is"),
    "auto_new_game": _("The deal after a finished game starts the next game"),
    "auto_tiebreak": _("Break ties by clean rounds, then by countback"),
}
CHOICE_LABELS = {
    "gte_100": _("100 card points or more"),
    "gt_100": _("more than 100 card points"),
    "share": _("every tied player takes (or erases) a Strich"),
    "manual": _("the table says who"),
    "all_cards": _("all 36 cards among the players still in"),
    "nine_each": _("nine cards each, the rest lie dead"),
    "per_winner": _("each loser pays the stake to each winner"),
    "per_mark": _("each frame mark costs the stake to each winner"),
    "pool": _("the losers pay into a pool for the winners"),
    "vierstrich": _("one Vier-Strich half (as at the world championship)"),
    "full_game": _("one full game (Vier-Strich and Butzen)"),
    "rubber": _("a whole rubber"),
}


def _option_field(option: scoring.Option) -> forms.Field:
    label = OPTION_LABELS.get(option.name, option.name)
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, required=False, initial=option.default)
    if option.choices:
        return forms.ChoiceField(
            label=label,
            initial=option.default,
            required=False,
            choices=[(c, CHOICE_LABELS.get(c, c)) for c in option.choices],
        )
    return forms.IntegerField(
        label=label, initial=option.default, min_value=option.minimum, required=False
    )


class TournamentForm(forms.Form):
    """A new tournament and its house rules: for every game, one field per option the engine
    offers (named ``<game>-<option>``); only the chosen game's apply."""

    name = forms.CharField(label=_("Name"), max_length=200)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, game in scoring.games.items():
            for option in game.options():
                self.fields[f"{key}-{option.name}"] = _option_field(option)

    def house_rules(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Per game, its name and the bound fields of its house rules (for the template)."""
        return [
            (game.name, [self[f"{key}-{option.name}"] for option in game.options()])
            for key, game in scoring.games.items()
        ]

    def variant(self) -> dict[str, Any]:
        """The chosen game's options that differ from their defaults, as the variant's JSON
        (a choice or number left empty keeps its default)."""
        key = self.cleaned_data["game"]
        chosen = {
            option: self.cleaned_data[f"{key}-{option.name}"]
            for option in scoring.games[key].options()
        }
        return {
            option.name: value
            for option, value in chosen.items()
            if value not in (None, "", option.default)
        }

    def tournament_fields(self) -> dict[str, Any]:
        """The keyword arguments of ``services.tournament_create``."""
        fields = {name: self.cleaned_data[name] for name in ("name", "game", "date", "venue")}
        return {**fields, "variant": self.variant()}


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
