"""What a tournament stores: the people, the draw and the deals exactly as they were entered.

Everything derived (Striche, standings) is recomputed by replaying the deals through `scoring`.
Models hold data and constraints only; writes go through `tournaments.services`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import scoring


def game_choices() -> list[tuple[str, str]]:
    return [(key, game.name) for key, game in scoring.games.items()]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("public address"), max_length=80, unique=True)
    game = models.CharField(_("game"), max_length=40, choices=game_choices)
    variant = models.JSONField(_("house rules"), default=dict, blank=True)
    tiebreaks = models.JSONField(
        _("tie-break order"),
        default=list,
        blank=True,
        help_text=_("Empty: the game's own order."),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.DRAFT)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("organiser"),
    )
    lot_seed = models.BigIntegerField(
        _("seed of the lot"),
        help_text=_("Decides the last tie-break reproducibly."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament-detail", args=[self.slug])

    @property
    def scoring_game(self) -> scoring.Game:
        return scoring.games[self.game]


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club or village"), max_length=120, blank=True)
    stechen_rank = models.PositiveSmallIntegerField(
        _("Stechen place"),
        null=True,
        blank=True,
        help_text=_("Place in the play-off among tied players (1 = best), if one was played."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="player_unique_name"),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("seed of the draw"))
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament} – {_('round')} {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)

    class Meta:
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"{_('Round')} {self.round.number}, {_('table')} {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("table-detail", args=[self.token])


class Seat(models.Model):
    """A player's place at a table; ``label`` is the game's seat (A, B, C, D in playing order)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    label = models.CharField(_("seat"), max_length=2)

    class Meta:
        ordering = ["table", "label"]
        constraints = [
            models.UniqueConstraint(fields=["table", "label"], name="seat_unique_label"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_unique_player"),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.table} {self.label}: {self.player}"


class Bye(models.Model):
    """A round a player sits out because no legal table could take him; scored as the game's bye
    score and flagged in the standings."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_unique_player"),
        ]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")

    def __str__(self) -> str:
        return f"{self.round}: {_('bye')} {self.player}"


class Deal(models.Model):
    """One deal as the table entered it. ``entry`` is the current revision's raw entry; every
    version, the first included, is kept in :class:`DealRevision`."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    entry = models.JSONField(_("entry"))
    revision = models.PositiveSmallIntegerField(_("revision"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_unique_number"),
        ]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return f"{self.table}, {_('deal')} {self.number}"


class DealRevision(models.Model):
    """One version of a deal: what was entered, by whom, when and why (corrections)."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    revision = models.PositiveSmallIntegerField(_("revision"))
    entry = models.JSONField(_("entry"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("entered by"),
    )
    entered_via = models.CharField(_("entered via"), max_length=120)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "revision"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "revision"], name="revision_unique_number"),
        ]
        verbose_name = _("deal revision")
        verbose_name_plural = _("deal revisions")

    def __str__(self) -> str:
        return f"{self.deal} r{self.revision}"
