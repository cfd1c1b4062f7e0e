"""Forms of the organiser's pages and the table's deal entry."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.renderers import TemplatesSetting
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.messages import (
    choice_label,
    option_help,
    option_label,
    option_suggested,
    tiebreak_label,
    variant_message,
)
from tournaments.models import (
    AuditEntry,
    Player,
    Prize,
    PrizeCategory,
    Round,
    Series,
    Tournament,
    game_choices,
)
from tournaments.names import sort_key
from tournaments.services.registration import DETAILS, SETTINGS, parse_player_list
from tournaments.services.series import parse_place_points

SETTINGS_FIELDS = tuple(name for name in SETTINGS if name != "tiebreaks")
"""The settings asked for on the new-tournament form and changed on the settings page (the
tie-break order has a field per place, on the settings page only)."""


AMOUNT = {"localize": True, "widget": forms.TextInput(attrs={"inputmode": "decimal"})}
"""An amount in euros typed as the language writes it ("2,50" in German, "2.50" in English)."""

DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
"""A date picker: the browser's ``<input type=date>`` reads only ISO dates, whatever the
language (a German "21.11.2026" would leave it empty and the form refused unchanged)."""


class FieldRenderer(TemplatesSetting):
    """The project's templates render forms: each field as ``templates/forms/field.html``."""

    field_template_name = "forms/field.html"


MAX_OPTION_VALUE = 1_000_000
"""No house rule counts this high (targets, stakes, deals a round); a larger number is a typo."""


def _option_field(game: str, option: scoring.Option) -> forms.Field:
    common = {
        "label": option_label(game, option.name),
        "help_text": option_help(game, option.name),
        "initial": option_suggested(game, option.name, option.default),
        "required": False,
    }
    if isinstance(option.default, bool):
        return forms.BooleanField(**common)
    if option.choices:
        return forms.ChoiceField(
            choices=[(c, choice_label(game, c)) for c in option.choices], **common
        )
    return forms.IntegerField(min_value=option.minimum, max_value=MAX_OPTION_VALUE, **common)


def _setting_field(name: str, **kwargs: Any) -> forms.Field:
    return Tournament._meta.get_field(name).formfield(**kwargs)


CLEARED_WHEN_EMPTY = (
    "director",
    "round_minutes",
    "standings_hidden_from_round",
    "stechen_unit",
    "club_ranking_best",
)
"""Settings that an empty field clears (no director's name, no round length, live standings
never hidden, no club ranking)."""


class SettingsFields(forms.Form):
    """The tournament's settings (:data:`SETTINGS_FIELDS`), worded as on the model."""

    planned_rounds = _setting_field("planned_rounds", min_value=1, max_value=99)
    confirmation_required = _setting_field("confirmation_required")
    check_in_required = _setting_field("check_in_required")
    partners_drawn = _setting_field("partners_drawn")
    public = _setting_field("public")
    bye_policy = _setting_field("bye_policy", widget=forms.RadioSelect, required=False)
    bye_score = _setting_field("bye_score", required=False)
    certificate_places = _setting_field(
        "certificate_places", min_value=1, max_value=100, required=False
    )
    director = _setting_field("director")
    # The limits are the service's, with its words (tournaments.services.cash.check_amount).
    entry_fee = _setting_field("entry_fee", required=False, **AMOUNT)
    # The limits are the service's, with its words (tournaments.services.room).
    round_minutes = _setting_field("round_minutes", required=False, min_value=None)
    standings_hidden_from_round = _setting_field(
        "standings_hidden_from_round", required=False, max_value=99
    )
    club_ranking_best = _setting_field("club_ranking_best", required=False)
    team_ranking_best = _setting_field("team_ranking_best", required=False)
    stechen_unit = forms.ChoiceField(
        label=Tournament._meta.get_field("stechen_unit").verbose_name,
        help_text=Tournament._meta.get_field("stechen_unit").help_text,
        choices=[("", _("as the game has it")), *Tournament.StechenUnit.choices],
        required=False,
    )

    def settings(self) -> dict[str, Any]:
        """The settings as keyword arguments of ``services.tournament_create`` and
        ``services.tournament_settings``; a number or choice left empty keeps its value (the
        model's default for a new tournament), but for :data:`CLEARED_WHEN_EMPTY`."""
        found = {name: self.cleaned_data[name] for name in SETTINGS_FIELDS}
        return {
            name: value
            for name, value in found.items()
            if name in CLEARED_WHEN_EMPTY or value not in (None, "")
        }


class TournamentForm(SettingsFields):
    """A new tournament, its settings and its house rules: for every game, one field per option
    the engine offers (named ``<game>-<option>``); only the chosen game's apply."""

    name = forms.CharField(label=_("Name"), max_length=200)
    game = forms.ChoiceField(label=_("Game"), choices=game_choices)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key, game in scoring.games.items():
            for option in game.options():
                self.fields[f"{key}-{option.name}"] = _option_field(key, option)

    @property
    def partnership_games(self) -> list[str]:
        """The keys of the games played by partnerships (Bauerchen, Hessian Bauerchen,
        Hundertspiel), for which the page offers "partners drawn anew each round" (the service
        refuses it for the three-handed Hundertspiel)."""
        return [key for key, game in scoring.games.items() if game.partnerships]

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
        return {**fields, **self.settings(), "variant": self.variant()}


class SettingsForm(SettingsFields):
    """The settings page: :data:`SETTINGS_FIELDS` and the tie-break order, one select per place
    (``tiebreak_1``, ``tiebreak_2``, …) offering the game's tie-breaks; the order ends at the
    first empty place, and all empty means the game's own order."""

    name = forms.CharField(label=_("Name"), max_length=200, required=False)
    date = forms.DateField(label=_("Date"), widget=DATE_INPUT, required=False)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)

    def _detail(self, name: str) -> Any:
        """A detail of the tournament: required once the page sends it (a form of an older
        page does not, and keeps the tournament's)."""
        value = self.cleaned_data.get(name)
        if name in self.data and value in (None, ""):
            raise ValidationError(_("This field is required."), code="required")
        return value

    def clean_name(self) -> Any:
        return self._detail("name")

    def clean_date(self) -> Any:
        return self._detail("date")

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        initial = {name: getattr(tournament, name) for name in (*DETAILS, *SETTINGS_FIELDS)}
        initial.update(
            (f"tiebreak_{place}", key) for place, key in enumerate(tournament.tiebreaks, 1)
        )
        super().__init__(*args, initial=initial, **kwargs)
        game = tournament.scoring_game
        choices = [
            ("", "—"),
            *((key, tiebreak_label(tournament.game, key)) for key in game.tiebreaks),
        ]
        # What an empty order means: the game's own order under the house rules.
        self.game_order = [
            tiebreak_label(tournament.game, key)
            for key in game.tiebreak_order(game.variant(tournament.variant))
        ]
        for place in range(1, len(game.tiebreaks) + 1):
            self.fields[f"tiebreak_{place}"] = forms.ChoiceField(
                label=_("Tie-break %(place)s") % {"place": place}, choices=choices, required=False
            )

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("tiebreak_")]

    def clean(self) -> dict[str, Any]:
        """Each tie-break once, the places filled from the first without a gap; the error goes
        beside the place at fault."""
        cleaned = super().clean()
        order: list[str] = []
        gap = False
        for field in self.tiebreak_fields():
            key = cleaned.get(field.name)
            if field.name in self.errors:  # not one of the game's tie-breaks
                continue
            if not key:
                gap = True
            elif gap:
                self.add_error(field.name, _("Fill the places in order, without a gap."))
            elif key in order:
                self.add_error(field.name, _("Each tie-break only once."))
            else:
                order.append(key)
        cleaned["tiebreaks"] = order
        return cleaned

    def settings(self) -> dict[str, Any]:
        details = {name: self.cleaned_data[name] for name in DETAILS if name in self.data}
        return {**details, **super().settings(), "tiebreaks": self.cleaned_data["tiebreaks"]}


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    club = forms.CharField(label=_("Club or village"), max_length=120, required=False)
    start_number = forms.IntegerField(
        label=_("Start number"), required=False, min_value=1, max_value=999_999
    )
    hors_concours = forms.BooleanField(
        label=_("außer Konkurrenz"),
        required=False,
        help_text=_("Only fills a table where the bye rule is a substitute; never ranked."),
    )
    # Both optional, for the article for the paper; the years are the service's, with its words
    # (tournaments.services.registration).
    village = forms.CharField(label=_("Home village"), max_length=120, required=False)
    birth_year = forms.IntegerField(
        label=_("Year of birth"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class TeamNameForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=120)


class PlayerListForm(forms.Form):
    names = forms.CharField(
        label=_("Paste a list"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "One player a line; a start number may come first, a club or village after a "
            "comma, semicolon or tab."
        ),
    )

    def clean_names(self) -> str:
        """Every name and club must fit its column: the first line too long is quoted (its
        first 30 characters)."""
        text = self.cleaned_data["names"]
        limits = {field: Player._meta.get_field(field).max_length for field in ("name", "club")}
        for player in parse_player_list(text):
            name = player.name
            if len(name) > limits["name"] or len(player.club) > limits["club"]:
                raise ValidationError(
                    _(
                        "“%(start)s…” is too long: at most %(name)s characters for a name and "
                        "%(club)s for a club."
                    )
                    % {"start": name[:30], "name": limits["name"], "club": limits["club"]},
                    code="TOO_LONG",
                )
        return text


class DrawForm(forms.Form):
    """The next round's draw: the keyword arguments of ``services.round_draw``."""

    method = forms.ChoiceField(
        label=_("Draw"),
        choices=Round.Method.choices,
        initial=Round.Method.AVOID_REPEATS,
        help_text=_(
            "Club-mates apart: no two players of one club at a table while that is possible. "
            "Movement by placing: each table's winner stays, second moves one table up, third "
            "two, fourth three. In advance: all rounds planned at once, for the Laufzettel."
        ),
    )
    allow_byes = forms.BooleanField(
        label=_("Give byes to the players who do not fill a table"),
        required=False,
    )
    override_reason = forms.CharField(
        label=_("Reason to draw before the last round is complete"),
        max_length=300,
        required=False,
    )
    sitting_out = forms.TypedMultipleChoiceField(
        label=_("Who sits out this round"),
        help_text=_(
            "Ticked players are not drawn and get a bye (a break, a late arrival still on the "
            "way); the draw gives any further byes it needs."
        ),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, players: Iterable[Player] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["sitting_out"].choices = [(p.pk, p.name) for p in players]


class CheckInForm(forms.Form):
    checked_in = forms.BooleanField(label=_("checked in"), required=False)


class WithdrawForm(forms.Form):
    """Withdraw a player (``withdrawn`` set) or take the withdrawal back, with an optional
    reason for the audit log."""

    withdrawn = forms.BooleanField(label=_("withdrawn"), required=False)
    reason = forms.CharField(label=_("Reason (optional)"), max_length=300, required=False)


class FeeForm(forms.Form):
    """An entry fee paid at the door: the amount in euros (empty: the tournament's fee)."""

    amount = forms.DecimalField(
        label=_("Amount (€)"), max_digits=7, decimal_places=2, required=False, **AMOUNT
    )


class RefundForm(forms.Form):
    """An entry fee paid back, with the reason the audit log keeps."""

    reason = forms.CharField(label=_("Reason"), max_length=300)


class _PairWidget(forms.MultiWidget):
    def __init__(self, choices: Sequence[tuple[str, str]]) -> None:
        super().__init__([forms.Select(choices=choices), forms.Select(choices=choices)])

    def decompress(self, value: Any) -> list[Any]:
        return [getattr(p, "pk", p) for p in value] if value else [None, None]


class PlayerPairField(forms.MultiValueField):
    """Two different players, each picked from a select of ``options`` (player, label); cleans
    to the two :class:`Player` instances. Named ``players`` on a form, it takes the services'
    errors on ``players`` beside it."""

    def __init__(self, options: Iterable[tuple[Player, str]], **kwargs: Any) -> None:
        options = list(options)
        self.players = {str(player.pk): player for player, _label in options}
        choices = [("", "—"), *((str(player.pk), label) for player, label in options)]
        super().__init__(
            (forms.ChoiceField(choices=choices), forms.ChoiceField(choices=choices)),
            widget=_PairWidget(choices),
            **kwargs,
        )

    def compress(self, data_list: list[str]) -> tuple[Player, ...]:
        if not data_list:
            return ()
        if data_list[0] == data_list[1]:
            raise ValidationError(_("Choose two different players."), code="SAME_PLAYER")
        return tuple(self.players[pk] for pk in data_list)


class TeamForm(forms.Form):
    """A partnership: a name and two players who have no team yet."""

    name = forms.CharField(label=_("Team name"), max_length=120)

    def __init__(self, *args: Any, players: Iterable[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"] = PlayerPairField(((p, p.name) for p in players), label=_("Players"))


class ReplaceForm(forms.Form):
    """A seated player of a table that has not started, and who takes his seat instead."""

    seated = forms.TypedChoiceField(label=_("The seat of"), coerce=int)
    newcomer = forms.TypedChoiceField(label=_("goes to"), coerce=int)

    def __init__(
        self, *args: Any, seats: Iterable[Any], newcomers: Iterable[Player], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seated"].choices = [
            (
                seat.player.pk,
                _("%(name)s (table %(table)s, seat %(seat)s)")
                % {"name": seat.player.name, "table": seat.table.number, "seat": seat.label},
            )
            for seat in seats
        ]
        self.fields["newcomer"].choices = [(p.pk, p.name) for p in newcomers]

    @classmethod
    def for_round(
        cls, the_round: Round, seats: Iterable[Any], started: set[int], **kwargs: Any
    ) -> ReplaceForm:
        """The form for ``the_round``: the seats of its tables without a deal (``started``:
        the ids of those with one) and the players, not withdrawn, without a seat in it."""
        seated = {seat.player_id for seat in seats}
        newcomers = sorted(
            (p for p in the_round.tournament.players.filter(withdrawn=False) if p.pk not in seated),
            key=lambda p: sort_key(p.name),
        )
        open_seats = [seat for seat in seats if seat.table_id not in started]
        return cls(seats=open_seats, newcomers=newcomers, **kwargs)


class UndrawForm(forms.Form):
    reason = forms.CharField(label=_("Reason (optional)"), max_length=300, required=False)


UNDRAW_IDS = "id_undraw_%s"
"""The undo form's field ids: the lock form beside it on the dashboard has a reason too."""


class SwapForm(forms.Form):
    """Two seated players of a round who trade seats (before its first deal)."""

    def __init__(self, *args: Any, seats: Iterable[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        options = (
            (
                seat.player,
                _("%(name)s (table %(table)s, seat %(seat)s)")
                % {"name": seat.player.name, "table": seat.table.number, "seat": seat.label},
            )
            for seat in seats
        )
        self.fields["players"] = PlayerPairField(options, label=_("Swap the seats of"))


class LockForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason (needed while the round is not complete)"),
        max_length=300,
        required=False,
    )


class AuditFilterForm(forms.Form):
    """The audit log's filter (GET); every field may stay empty."""

    action = forms.ChoiceField(
        label=_("What"), choices=[("", _("everything")), *AuditEntry.Action.choices], required=False
    )
    round = forms.IntegerField(label=_("Round"), min_value=1, required=False)
    q = forms.CharField(label=_("Subject or via contains"), max_length=100, required=False)


class CorrectionForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for the correction"),
        max_length=300,
        error_messages={"required": _("Give a reason for the correction.")},
    )


# --- the room's clock (issue 17, part 4) -------------------------------------------------------


class RoundClockForm(forms.Form):
    """A round's clock on its dashboard: start it for ``minutes`` (empty: the round length of
    the settings), or stop it (the ``stop`` button). The limits are the service's, with its
    words (``services.round_clock_start``)."""

    minutes = forms.IntegerField(
        label=_("Minutes"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 1, "max": 600, "inputmode": "numeric"}),
    )


class AnnouncementForm(forms.Form):
    """The announcement line for the projector and the table pages; empty clears it."""

    text = forms.CharField(
        label=_("Announcement"),
        required=False,
        strip=False,  # the service strips and tells a line too long in its own words
        widget=forms.TextInput(attrs={"maxlength": 200}),
        help_text=_(
            "One short line on the projector and every table page, e.g. “Siegerehrung um "
            "18 Uhr”. Empty: none."
        ),
    )


class NextRoundForm(forms.Form):
    """When the next round starts: a time today, or a time on another day (``on``); an empty
    time clears it."""

    at = forms.TimeField(
        label=_("Next round at"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    on = forms.DateField(label=_("On (empty: today)"), required=False, widget=DATE_INPUT)

    def clean(self) -> dict[str, Any]:
        """A date needs a time."""
        cleaned = super().clean()
        if cleaned.get("on") and cleaned.get("at") is None and "at" not in self.errors:
            self.add_error("at", _("Enter the time the next round starts."))
        return cleaned

    def moment(self) -> datetime.datetime | None:
        """The time asked for, on its day (today in the server's time zone when no date was
        given), time-zone aware; None to clear it."""
        at = self.cleaned_data["at"]
        if at is None:
            return None
        day = self.cleaned_data["on"] or timezone.localdate()
        return timezone.make_aware(datetime.datetime.combine(day, at))


def room_forms(tournament: Tournament) -> dict[str, forms.Form]:
    """The desk's forms for the room, filled with what the room is told now:
    ``announcement_form`` and ``next_round_form`` (the date only when not today)."""
    at = on = None
    if tournament.next_round_at is not None:
        moment = timezone.localtime(tournament.next_round_at)
        at = moment.time()
        on = moment.date() if moment.date() != timezone.localdate() else None
    return {
        "announcement_form": AnnouncementForm(initial={"text": tournament.announcement}),
        "next_round_form": NextRoundForm(initial={"at": at, "on": on}),
    }


# --- the prize list (tournaments.services.prizes) ----------------------------------------------


class PrizeForm(forms.Form):
    """A prize of the prize list: what it is for, its cash (a fixed amount or a share of the
    entry fees) and its goods. The limits and refusals are the service's, with its words."""

    kind = forms.ChoiceField(label=_("Prize for"), choices=Prize.Kind.choices)
    place = forms.IntegerField(label=_("Place"), required=False)
    category = forms.TypedChoiceField(
        label=_("Category"), required=False, coerce=int, empty_value=None
    )
    amount = forms.DecimalField(
        label=_("Cash (€)"), max_digits=7, decimal_places=2, required=False, **AMOUNT
    )
    share = forms.DecimalField(
        label=_("or a share of the entry fees (%)"),
        max_digits=5,
        decimal_places=2,
        required=False,
        **AMOUNT,
    )
    goods = forms.CharField(
        label=_("Goods"),
        max_length=200,
        required=False,
        help_text=_("A trophy, the Wanderpokal, a ham …"),
    )
    position = forms.IntegerField(
        label=_("Order"),
        required=False,
        min_value=0,
        max_value=999,
        help_text=_("Special prizes are handed in this order (empty: after the others)."),
    )

    def __init__(self, *args: Any, categories: Iterable[PrizeCategory] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.categories = {category.pk: category for category in categories}
        self.fields["category"].choices = [
            ("", "—"),
            *(
                (pk, category.name)
                for pk, category in self.categories.items()
                if category.kind == PrizeCategory.Kind.CATEGORY
            ),
        ]

    def prize_fields(self) -> dict[str, Any]:
        """The keyword arguments of ``services.prize_add`` and ``services.prize_change``."""
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "place": data["place"],
            "category": self.categories.get(data["category"]),
            "amount": data["amount"],
            "share": data["share"],
            "goods": data["goods"],
            "position": data["position"],
        }


class PrizeChangeForm(PrizeForm):
    """A prize of the list changed: which one (``prize``), and its fields."""

    prize = forms.IntegerField(widget=forms.HiddenInput)


class PrizeDeleteForm(forms.Form):
    prize = forms.IntegerField(widget=forms.HiddenInput)


class PrizeRulesForm(forms.Form):
    """How shared places are paid, and whether a special prize goes on top of a place prize."""

    sharing = forms.ChoiceField(
        label=_("Shared places"),
        choices=Tournament.PrizeSharing.choices,
        widget=forms.RadioSelect,
        help_text=Tournament._meta.get_field("prize_sharing").help_text,
    )
    combine = forms.BooleanField(
        label=Tournament._meta.get_field("prizes_combine").verbose_name,
        help_text=Tournament._meta.get_field("prizes_combine").help_text,
        required=False,
    )


class PrizeCategoryForm(forms.Form):
    """A new category of the special prizes."""

    name = forms.CharField(
        label=_("New category or team"),
        max_length=60,
        help_text=_("Damen, Jugend, Senioren … or a team's name"),
    )
    category_kind = forms.ChoiceField(
        label=_("Kind"),
        choices=PrizeCategory.Kind.choices,
        initial=PrizeCategory.Kind.CATEGORY,
        widget=forms.RadioSelect,
        required=False,
    )


class PrizeCategoryDeleteForm(forms.Form):
    category = forms.IntegerField(widget=forms.HiddenInput)


class PrizeCategoryPlayersForm(forms.Form):
    """Who is in a category: a box for each player."""

    category = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, players: Iterable[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        self.fields["players"] = forms.TypedMultipleChoiceField(
            label=_("Players in the category"),
            choices=[(pk, player.name) for pk, player in self.players.items()],
            coerce=int,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )

    def chosen(self) -> list[Player]:
        return [self.players[pk] for pk in self.cleaned_data["players"]]


class SeriesForm(forms.Form):
    """A series' name and scoring rule, and (when editing) its tournaments: ``tournaments``
    offers those the organiser may put in (``choices`` given by the view)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    scoring = forms.ChoiceField(label=_("Series scoring"), choices=Series.Scoring.choices)
    place_points = forms.CharField(
        label=_("Points per place"),
        required=False,
        initial="25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1",
        help_text=_(
            "For place 1, 2, 3 …, separated by commas; places beyond the list score 0. Players "
            "sharing a place each get that place's points."
        ),
    )
    best_of = forms.IntegerField(
        label=_("Best results counted"),
        required=False,
        min_value=1,
        max_value=99,
        help_text=_("Count only each player's best N tournaments; empty: all."),
    )
    drop_worst = forms.IntegerField(
        label=_("Worst results dropped"),
        required=False,
        min_value=0,
        max_value=99,
        initial=0,
        help_text=_("Each player's worst tournaments not counted (a missed one is the worst)."),
    )
    tournaments = forms.TypedMultipleChoiceField(
        label=_("Tournaments of the series"),
        required=False,
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("A tournament belongs to at most one series."),
    )

    def __init__(self, *args: Any, choices: Sequence[tuple[int, str]] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["tournaments"].choices = list(choices)
        if not choices:
            del self.fields["tournaments"]

    def rule(self) -> dict[str, Any]:
        """The cleaned rule as the services take it (``place_points`` parsed by
        ``services.parse_place_points``, an error there goes beside the field)."""
        from_text = self.cleaned_data["place_points"] or ""
        points = []
        if self.cleaned_data["scoring"] == Series.Scoring.PLACES or from_text.strip():
            points = parse_place_points(from_text)
        return {
            "name": self.cleaned_data["name"],
            "scoring": self.cleaned_data["scoring"],
            "place_points": points,
            "best_of": self.cleaned_data["best_of"],
            "drop_worst": self.cleaned_data["drop_worst"] or 0,
        }


class MergeForm(forms.Form):
    """Two entries of the register: the one kept and the one merged into it (their ids)."""

    keep = forms.IntegerField(label=_("Keep"), widget=forms.HiddenInput)
    merged = forms.IntegerField(label=_("Merge into it"), widget=forms.HiddenInput)
