"""Forms of the organiser's pages and the table's deal entry."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.messages import choice_label, option_label, variant_message
from tournaments.models import game_choices


def _option_field(game: str, option: scoring.Option) -> forms.Field:
    label = option_label(game, option.name)
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, required=False, initial=option.default)
    if option.choices:
        return forms.ChoiceField(
            label=label,
            initial=option.default,
            required=False,
            choices=[(c, choice_label(game, c)) for c in option.choices],
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
                self.fields[f"{key}-{option.name}"] = _option_field(key, option)

    def house_rules(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Per game, its key, its name and the bound fields of its house rules (for the
        template; a script shows only the chosen game's)."""
        return [
            (key, game.name, [self[f"{key}-{option.name}"] for option in game.options()])
            for key, game in scoring.games.items()
        ]

    def clean(self) -> dict[str, Any]:
        """The chosen game must accept the house rules as a whole (e.g. Kein Stich payouts
        that add up to the pot); a refused option's error goes beside its field."""
        cleaned = super().clean()
        key = cleaned.get("game")
        if key in scoring.games and not self.errors:
            try:
                scoring.games[key].variant(self.variant())
            except scoring.InvalidVariant as exc:
                field = f"{key}-{exc.option}"
                message = variant_message(key, exc.code) or exc.message
                self.add_error(field if field in self.fields else None, message)
        return cleaned

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
