"""What a tournament stores: the people, the draw and the deals exactly as they were entered.

Everything derived (Striche, standings) is recomputed by replaying the deals through `scoring`.
Models hold data and constraints only; writes go through `tournaments.services`.
"""

from __future__ import annotations

import secrets
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.expressions import RawSQL
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.playoff import Playoff


def game_choices() -> list[tuple[str, str]]:
    """Every registered game: its key and its name, translated where the game's web module
    gives it as words (``NAME`` in ``tournaments.games.<key>``), else the engine's
    ``Game.name`` (a proper name, the same in every language)."""
    from tournaments.games import module  # its modules import the printing, which import this

    return [(key, getattr(module(key), "NAME", game.name)) for key, game in scoring.games.items()]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Series(models.Model):
    """Tournaments that belong together: a yearly championship (the Schapbach Hintersche
    championship, a Wanderpokal passed on each year), a season, a qualifier series to a final.
    Its standings are read by :mod:`tournaments.series` from the members' final standings; how
    they are scored is the organiser's choice (:attr:`scoring`, :attr:`place_points`,
    :attr:`best_of`, :attr:`drop_worst`). Written by ``tournaments.services.series``."""

    class Scoring(models.TextChoices):
        PLACES = "places", _("points per place")
        SCORES = "scores", _("the tournaments' scores added up (one game only)")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("public address"), max_length=80, unique=True)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="series",
        verbose_name=_("organiser"),
    )
    scoring = models.CharField(
        _("series scoring"), max_length=10, choices=Scoring, default=Scoring.PLACES
    )
    place_points = models.JSONField(
        _("points per place"),
        default=list,
        blank=True,
        help_text=_("Points for place 1, 2, 3 …; places beyond the list score 0."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best results counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_("Count only each player's best N tournaments; empty: all."),
    )
    drop_worst = models.PositiveSmallIntegerField(
        _("worst results dropped"),
        default=0,
        validators=[MaxValueValidator(99)],
        help_text=_("Each player's worst tournaments not counted (a missed one is the worst)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("series-public", args=[self.slug])


class Person(models.Model):
    """One person of the player register: the same man or woman across tournaments (the
    tournament's :class:`Player` rows point here). Found or made at registration by the name and
    club or village, both compared :func:`tournaments.names.folded` (``name_key``,
    ``club_key``); duplicates are merged at the desk (``services.person_merge``)."""

    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club or village"), max_length=120, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
    )
    name_key = models.CharField(max_length=120, editable=False)
    """``name`` folded (:func:`tournaments.names.folded`): "Hans Müller" → "hans muller"."""
    club_key = models.CharField(max_length=120, editable=False, blank=True)
    """``club`` folded likewise; empty when no club or village is known."""
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "club", "pk"]
        indexes = [models.Index(fields=["name_key", "club_key"])]
        verbose_name = _("person")
        verbose_name_plural = _("player register")

    def __str__(self) -> str:
        return f"{self.name} ({self.club})" if self.club else self.name


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
    director = models.CharField(
        _("tournament director"),
        max_length=120,
        blank=True,
        help_text=_("The name printed on the report and the certificates (else the account's)."),
    )
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournaments",
        verbose_name=_("organiser"),
    )
    co_organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="co_organised_tournaments",
        verbose_name=_("co-organisers"),
        help_text=_("Invited by the organiser; they run the evening with him."),
    )
    lot_seed = models.BigIntegerField(
        _("seed of the lot"),
        help_text=_("Decides the last tie-break reproducibly."),
    )
    planned_rounds = models.PositiveSmallIntegerField(
        _("planned rounds"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_("Hintersche world championship: four rounds of one Vier-Strich each."),
    )
    confirmation_required = models.BooleanField(
        _("a second player confirms each deal"),
        default=False,
        help_text=_(
            "A deal counts once another player at the table has confirmed it on his phone "
            "(each player then uses his own seat's link)."
        ),
    )
    check_in_required = models.BooleanField(
        _("check-in before the draw"),
        default=False,
        help_text=_("Only players checked in at the desk are drawn."),
    )

    class ByePolicy(models.TextChoices):
        AVERAGE = "average", _("the round's average score")
        FIXED = "fixed", _("a fixed score")
        SUBSTITUTE = "substitute", _("no bye: a substitute außer Konkurrenz fills the table")

    bye_policy = models.CharField(
        _("a bye scores"),
        max_length=12,
        choices=ByePolicy,
        default=ByePolicy.AVERAGE,
        help_text=_(
            "The round's average: what the players who played that round scored on average, "
            "rounded to the worse side, so that sitting out never beats playing. A substitute: "
            "players registered außer Konkurrenz (the host, a helper) play the empty seats and "
            "are never ranked; a bye, only where there are too few of them, scores the "
            "average. A bye never counts in a tie-break."
        ),
    )
    bye_score = models.SmallIntegerField(
        _("fixed score of a bye"),
        default=0,
        validators=[MinValueValidator(-1000), MaxValueValidator(1000)],
        help_text=_("Only with a fixed score: in the game's unit (Hintersche: Striche)."),
    )
    certificate_places = models.PositiveSmallIntegerField(
        _("certificates for the first places"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_(
            "How many places get a certificate (shared places all get one; in team games each "
            "partner of a placed team)."
        ),
    )

    class StechenUnit(models.TextChoices):
        OWN = "stechen", _("the game's own Stechen (Hintersche: one Strich each, as a Butzen)")
        DEAL = "deal", _("one deal")
        GAME = "game", _("one game (as a round at the table)")
        LOT = "lot", _("the lot alone")

    stechen_unit = models.CharField(
        _("a Stechen is played as"),
        max_length=10,
        choices=StechenUnit,
        blank=True,
        help_text=_(
            "What the tied players play at a Stechen table. Empty: the game's own Stechen where "
            "it has one (Hintersche), else one deal."
        ),
    )
    partners_drawn = models.BooleanField(
        _("partners drawn anew each round"),
        default=False,
        help_text=_(
            "Only for the partnership games (Bauerchen, the four-handed Hundertspiel): everybody "
            "plays for himself, the partners are drawn for each round (nobody gets the same "
            "partner twice while it can be avoided), each player scores his partnership's result "
            "and the standings rank players, not teams. No teams are registered."
        ),
    )
    public = models.BooleanField(
        _("public pages"),
        default=True,
        help_text=_("Standings, projector and the seat search for everybody with the address."),
    )
    standings_hidden_from_round = models.PositiveSmallIntegerField(
        _("hide the live standings from round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "From this round on the public standings and the projector show only the rounds "
            "before it, to keep the tournament exciting; empty: always live."
        ),
    )
    standings_revealed = models.BooleanField(
        _("standings shown again"),
        default=False,
        help_text=_("Set at the prize-giving: the public pages show the full standings again."),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("round length (minutes)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_("The room's clock counts it down once the organiser starts a round's clock."),
    )
    next_round_at = models.DateTimeField(
        _("next round at"),
        null=True,
        blank=True,
        help_text=_("Shown on the projector and the table pages between rounds."),
    )
    announcement = models.CharField(
        _("announcement"),
        max_length=200,
        blank=True,
        help_text=_(
            "A short line for the projector and every table page ('Siegerehrung um 18 Uhr')."
        ),
    )
    entry_fee = models.DecimalField(
        _("entry fee (€)"),
        max_digits=7,
        decimal_places=2,
        default=Decimal("0.00"),
        validators=[MinValueValidator(Decimal("0.00"))],
        help_text=_("What each player pays at the door; 0: no fee."),
    )

    class PrizeSharing(models.TextChoices):
        SPLIT = "split", _("split equally")
        STECHEN_WINNER = "stechen_winner", _("the higher prize to the Stechen winner")

    prize_sharing = models.CharField(
        _("shared places"),
        max_length=20,
        choices=PrizeSharing,
        default=PrizeSharing.SPLIT,
        help_text=_(
            "Split equally: players sharing a place share the cash of the places they occupy. "
            "The higher prize to the Stechen winner: a shared place with different prizes is "
            "paid once a Stechen has decided it."
        ),
    )
    series = models.ForeignKey(
        Series,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("series"),
        help_text=_("The championship, season or qualifier series it counts for (at most one)."),
    )
    prizes_combine = models.BooleanField(
        _("a special prize on top of a place prize"),
        default=False,
        help_text=_(
            "Off: a special prize goes to the best of its category who has no other prize. "
            "The last place's prize goes to the last place in any case."
        ),
    )
    seating_plan = models.JSONField(
        _("seating plan of all rounds"),
        default=dict,
        blank=True,
        help_text=_(
            "All rounds drawn in advance: the plan's seed and the rounds it covers "
            "(tables of player ids in seat order, byes)."
        ),
    )
    club_ranking_best = models.PositiveSmallIntegerField(
        _("club ranking: members who count"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text=_(
            "The club (or village) ranking adds up the totals of each club's best N players "
            "(3 is usual); a club with fewer ranked players is listed after the others, without "
            "a place. Empty: no club ranking."
        ),
    )
    team_ranking_best = models.PositiveSmallIntegerField(
        _("team ranking: members who count"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text=_(
            "A team the organiser names (under Prizes, categories and teams) is ranked by the "
            "totals of its best N players added up; a team with fewer ranked players is listed "
            "after the others, without a place."
        ),
    )
    version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Raised by every write; the public pages' ETag and cache key.",
    )
    shown_version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="The version the public pages show (see tournaments.services.public).",
    )
    shown_at = models.DateTimeField(null=True, blank=True, editable=False)
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

    @property
    def finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def stechen_play(self) -> str:
        """What a Stechen table plays (:class:`StechenUnit`): :attr:`stechen_unit`, or when it
        is empty the game's own Stechen where the game has one, else one deal."""
        if self.stechen_unit:
            return self.stechen_unit
        own = bool(self.scoring_game.stechen_options)
        return self.StechenUnit.OWN if own else self.StechenUnit.DEAL

    @property
    def stechen_table_size(self) -> int | None:
        """How many play at one Stechen table: the game's usual table, or None when the ties
        are decided by the lot alone (:attr:`stechen_play`)."""
        if self.stechen_play == self.StechenUnit.LOT:
            return None
        game = self.scoring_game
        return game.table_size(game.variant(self.variant))

    @property
    def partnership_game(self) -> bool:
        """Whether the game is played by two partnerships at tables of four (Bauerchen; the
        four-handed Hundertspiel): :func:`plays_in_partnerships`."""
        return plays_in_partnerships(self.game, self.variant)

    @property
    def teams_allowed(self) -> bool:
        """Registered teams exist for the partnership games at tables of four (Bauerchen; the
        four-handed Hundertspiel), unless the partners are drawn anew each round
        (:attr:`partners_drawn`: individuals, no teams)."""
        return self.partnership_game and not self.partners_drawn


def plays_in_partnerships(game_key: str, variant: Any) -> bool:
    """Whether ``game_key`` under the house rules ``variant`` (the tournament's JSON) is played
    by two partnerships of two at a table of four, partners opposite each other (seat positions
    0/2 and 1/3: Bauerchen's NS/EW, Scoring specification §2; the four-handed Hundertspiel's
    AC/BD, Hundertspiel 1829 §§ 1–2 and 27). False for an unknown game or refused house rules."""
    game = scoring.games.get(game_key)
    if game is None or not game.partnerships:
        return False
    try:
        return game.table_size(game.variant(variant or {})) == 4
    except scoring.InvalidVariant:
        return False


class Team(models.Model):
    """A registered partnership of two players (Bauerchen, Hundertspiel): drawn to sit opposite
    each other, ranked together in the team standings."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=120)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=120)
    club = models.CharField(_("club or village"), max_length=120, blank=True)
    start_number = models.PositiveIntegerField(
        _("start number"),
        null=True,
        blank=True,
        help_text=_("Optional; tells apart two players of the same name and club."),
    )
    stechen_rank = models.PositiveSmallIntegerField(
        _("Stechen place"),
        null=True,
        blank=True,
        help_text=_("Place in the play-off among tied players (1 = best), if one was played."),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )
    checked_in = models.BooleanField(_("checked in"), default=False)
    fee_paid = models.DecimalField(
        _("entry fee paid (€)"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.00"))],
        help_text=_("What the player paid at the door; empty: still due."),
    )
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
        help_text=_("Optional; names the oldest player in the article for the paper."),
    )
    village = models.CharField(
        _("home village"),
        max_length=120,
        blank=True,
        help_text=_("Optional; the article for the paper says from which villages they came."),
    )
    hors_concours = models.BooleanField(
        _("außer Konkurrenz"),
        default=False,
        help_text=_(
            "Plays only to fill a table (the host, a helper), where the bye rule is a "
            "substitute; never ranked."
        ),
    )
    withdrawn = models.BooleanField(
        _("withdrawn"),
        default=False,
        help_text=_("Results so far are kept; no longer drawn."),
    )
    person = models.ForeignKey(
        Person,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("person in the register"),
        help_text=_("The same person in other tournaments (set at registration)."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            # Two players may share a name when their club or village or their start numbers
            # tell them apart (father and son, two villages).
            models.UniqueConstraint(
                fields=["tournament", "name", "club"],
                condition=models.Q(start_number__isnull=True),
                name="player_unique_name",
            ),
            models.UniqueConstraint(
                fields=["tournament", "start_number"], name="player_unique_start_number"
            ),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class RegularRounds(models.Manager["Round"]):
    """The tournament's rounds proper: a Stechen's play-off round is left out (it scores
    nothing in the standings; ``Round.all_objects`` has it)."""

    def get_queryset(self) -> models.QuerySet[Round]:
        return super().get_queryset().filter(stechen_first_place__isnull=True)


class Round(models.Model):
    """One round of the tournament: drawn → playing (the first deal) → complete (every table has
    finished its unit) → locked by the organiser (read-only).

    A **Stechen round** (:attr:`stechen_first_place` set) holds the play-off tables of one tie
    group after the last round (:mod:`tournaments.stechen`); it is played at the tables like any
    round, but counts for nothing but the group's places. ``Round.objects`` and
    ``tournament.rounds`` leave it out; ``Round.all_objects`` has every round."""

    class Status(models.TextChoices):
        DRAWN = "drawn", _("drawn")
        PLAYING = "playing", _("playing")
        COMPLETE = "complete", _("complete")
        LOCKED = "locked", _("locked")

    class Method(models.TextChoices):
        RANDOM = "random", _("random")
        AVOID_REPEATS = "avoid_repeats", _("random, avoiding repeat table-mates")
        STANDINGS = "standings", _("by standings (leaders together)")
        CLUBS_APART = "clubs_apart", _("random, club-mates apart (round 1)")
        BY_PLACING = "by_placing", _("movement by placing (the winner stays)")
        PLANNED = "planned", _("all rounds drawn in advance (Laufzettel)")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.BigIntegerField(_("seed of the draw"))
    method = models.CharField(
        _("draw"), max_length=20, choices=Method, default=Method.AVOID_REPEATS
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.DRAWN)
    drawn_at = models.DateTimeField(auto_now_add=True)
    clock_ends_at = models.DateTimeField(
        _("round ends at"),
        null=True,
        blank=True,
        help_text=_("Set when the organiser starts the round's clock (now + the round length)."),
    )
    stechen_first_place = models.PositiveSmallIntegerField(
        _("Stechen for the places from"),
        null=True,
        blank=True,
        help_text=_(
            "Set for a Stechen's play-off round: the first place of the tie group it decides "
            "(its number is the round after the last)."
        ),
    )
    stechen_unit = models.CharField(
        _("the Stechen is played as"),
        max_length=10,
        blank=True,
        help_text=_("A Stechen round's play at its tables, fixed when they were drawn."),
    )

    all_objects = models.Manager()
    objects = RegularRounds()

    class Meta:
        ordering = ["number"]
        default_manager_name = "objects"
        base_manager_name = "all_objects"
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                condition=models.Q(stechen_first_place__isnull=True),
                name="round_unique_number",
            ),
            models.UniqueConstraint(
                fields=["tournament", "stechen_first_place"], name="round_unique_stechen"
            ),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return _("%(tournament)s – %(round)s") % {
            "tournament": self.tournament,
            "round": self.title,
        }

    @property
    def open(self) -> bool:
        """True while deals may be entered or corrected (not locked, tournament not finished)."""
        return self.status != self.Status.LOCKED and not self.tournament.finished

    @property
    def is_stechen(self) -> bool:
        return self.stechen_first_place is not None

    @property
    def title(self) -> str:
        """ "Round 3", or "Stechen for place 1" (the tie group's first place) for a Stechen
        round."""
        if self.is_stechen:
            return _("Stechen for place %(place)s") % {"place": self.stechen_first_place}
        return _("Round %(number)s") % {"number": self.number}

    @property
    def scoring_game(self) -> scoring.Game:
        """The engine the round's tables play with: the tournament's game, or for a Stechen
        round that game played as its Stechen (:class:`scoring.playoff.Playoff`)."""
        game = self.tournament.scoring_game
        return Playoff(game, self.stechen_unit) if self.is_stechen else game  # type: ignore[return-value]

    @property
    def scoring_variant(self) -> Any:
        """The house rules the round's tables play under (:attr:`scoring_game`'s variant of
        the tournament's options)."""
        return self.scoring_game.variant(self.tournament.variant)


class TableQuerySet(models.QuerySet["Table"]):
    def linked(self, token: str) -> TableQuerySet:
        """The table behind a private link, its own token or one of its seats' (at most one
        table): the table whose id the two unique tokens' indexes give. Either condition
        joined by OR (``token = %s OR seat.token = %s``, or ``OR id IN (…)``) reads every table
        of the database instead, on SQLite and on PostgreSQL (2 ms a table phone's poll after
        ten rounds of 250 tables). The ids' UNION is written out: built by the ORM
        (``QuerySet.union``) it costs 0.55 ms of the worker's CPU a poll, three times the
        query itself."""
        table, seat = Table._meta, Seat._meta
        ids = RawSQL(
            f"SELECT {table.pk.column} FROM {table.db_table} WHERE token = %s UNION ALL "
            f"SELECT {seat.get_field('table').column} FROM {seat.db_table} WHERE token = %s",
            (token, token),
        )
        return self.filter(pk__in=ids)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)
    complete = models.BooleanField(
        _("complete"),
        default=False,
        help_text="The unit of play is over (and, where required, every deal confirmed).",
    )
    result = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="Derived, never entered: each seat's score and tie-break figures and whether "
        "the unit is over, after the deals that count. Written with every deal; recomputed from "
        "the deals when empty.",
    )
    version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Raised by every write to the table's deals (and its round's lock): what the "
        "phones at the table poll for.",
    )

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return _("Round %(round)s, table %(number)s") % {
            "round": self.round.number,
            "number": self.number,
        }

    def get_absolute_url(self) -> str:
        return reverse("table-detail", args=[self.token])


class Seat(models.Model):
    """A player's place at a table; ``label`` is the game's seat (A, B, C, D in playing order)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: a player who has sat at a table cannot be deleted on his own, but deleting the
    # whole tournament takes him with it (PROTECT would refuse even that).
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")
    label = models.CharField(_("seat"), max_length=2)
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)

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

    def get_absolute_url(self) -> str:
        return reverse("table-detail", args=[self.token])


class Bye(models.Model):
    """A round a player sits out because no legal table could take him; scored as the game's bye
    score and flagged in the standings."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_unique_player"),
        ]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")

    def __str__(self) -> str:
        return _("%(round)s: bye for %(player)s") % {"round": self.round, "player": self.player}


class LiveDeals(models.Manager["Deal"]):
    """The deals that stand: without the ones undone or voided (their rows and revisions stay,
    for the table's history)."""

    def get_queryset(self) -> models.QuerySet[Deal]:
        return super().get_queryset().filter(voided=False)


class Deal(models.Model):
    """One deal as the table entered it, at its place (``number``) in the table's play.
    ``entry`` is the current revision's raw entry; every version, the first included, is kept
    in :class:`DealRevision`. An undone or voided deal keeps its row (``voided``) and is left
    out of every replay; ``Deal.objects`` sees only the deals that stand, ``Deal.all_objects``
    every row. A later entry at the same place is a new revision of the same row."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("deal"))
    entry = models.JSONField(_("entry"))
    revision = models.PositiveSmallIntegerField(_("revision"), default=1)
    entered_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered at seat"),
    )
    confirmed_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by seat"),
    )
    confirmed_at = models.DateTimeField(
        _("confirmed at"),
        null=True,
        blank=True,
        help_text="When the deal began to count: confirmed by another player's seat, or entered or "
        "confirmed by the organiser (then without a seat).",
    )
    voided = models.BooleanField(
        _("undone or voided"),
        default=False,
        help_text="The current revision takes the deal out of play (undo, or a void by the "
        "organiser); the entry is what was taken out.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    all_objects = models.Manager()
    objects = LiveDeals()

    class Meta:
        ordering = ["table", "number"]
        default_manager_name = "objects"
        base_manager_name = "all_objects"
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_unique_number"),
            # The player who entered a deal never confirms it himself (enforced by the
            # database, not only by the service and the page).
            models.CheckConstraint(
                condition=~models.Q(confirmed_seat=models.F("entered_seat")),
                name="deal_confirmed_by_another_player",
            ),
        ]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return _("%(table)s, deal %(number)s") % {"table": self.table, "number": self.number}

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


KEYED = ~models.Q(idempotency_key="")
"""The deal versions entered with a form key (:attr:`DealRevision.idempotency_key`): the
condition of its unique index. A lookup by key names it too, else SQLite cannot use that
partial index and reads every version of the database."""


class DealRevision(models.Model):
    """One version of a deal: what was entered, by whom, when and why (corrections, undo,
    void)."""

    class Kind(models.TextChoices):
        ENTRY = "entry", _("entered")
        CORRECTION = "correction", _("corrected")
        UNDO = "undo", _("undone")
        VOID = "void", _("voided")

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    revision = models.PositiveSmallIntegerField(_("revision"))
    kind = models.CharField(_("what"), max_length=12, choices=Kind, default=Kind.ENTRY)
    entry = models.JSONField(_("entry"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("entered by"),
    )
    entered_via = models.CharField(_("entered via"), max_length=120)
    entered_seat = models.ForeignKey(
        Seat,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered at seat"),
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    idempotency_key = models.CharField(
        max_length=64,
        blank=True,
        help_text="The form's one-time key: a retried submission finds this revision.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "revision"]
        constraints = [
            models.UniqueConstraint(fields=["deal", "revision"], name="revision_unique_number"),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=KEYED,
                name="revision_unique_idempotency_key",
            ),
        ]
        verbose_name = _("deal revision")
        verbose_name_plural = _("deal revisions")

    def __str__(self) -> str:
        return f"{self.deal} r{self.revision}"


def _paper_photo_path(sheet: PaperSheet, filename: str) -> str:
    suffix = Path(filename).suffix.lower()[:8]
    return f"paper/{sheet.table.round.tournament_id}/{sheet.table_id}-{new_token()[:12]}{suffix}"


class PaperSheet(models.Model):
    """A table's paper sheet typed in at the desk (the phones failed): its typings, a photo of
    the sheet kept as evidence, and whether two typings must agree before its deals count. Its
    deals are stored from deal ``first_number`` on, once it counts (``stored_at``)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting for the second typing")
        STORED = "stored", _("deals stored")
        DISCARDED = "discarded", _("discarded")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="paper_sheets")
    status = models.CharField(_("status"), max_length=12, choices=Status, default=Status.WAITING)
    double_entry = models.BooleanField(_("typed in twice"), default=False)
    first_number = models.PositiveSmallIntegerField(_("first deal"))
    photo = models.ImageField(_("photo of the sheet"), upload_to=_paper_photo_path, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    stored_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("paper table sheet")
        verbose_name_plural = _("paper table sheets")

    def __str__(self) -> str:
        return f"{self.table}: {self.get_status_display()}"


class PaperTyping(models.Model):
    """One typing of a paper sheet: the grid's rows as typed (column key → text), by whom."""

    sheet = models.ForeignKey(PaperSheet, on_delete=models.CASCADE, related_name="typings")
    rows = models.JSONField(_("rows"))
    typed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("typed by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "created_at", "id"]
        verbose_name = _("typing of a paper sheet")
        verbose_name_plural = _("typings of paper sheets")

    def __str__(self) -> str:
        return f"{self.sheet} ({self.created_at:%H:%M})"


class AuditEntry(models.Model):
    """One write to a tournament: who (user or table link), when, what, before → after, why.
    Written by ``tournaments.services`` in the same transaction as the change."""

    class Action(models.TextChoices):
        PLAYER_ADD = "player_add", _("player registered")
        PLAYER_CHECK_IN = "player_check_in", _("check-in")
        PLAYER_WITHDRAW = "player_withdraw", _("withdrawal")
        PLAYER_EDIT = "player_edit", _("player corrected")
        TEAM_ADD = "team_add", _("team registered")
        TEAM_RENAME = "team_rename", _("team renamed")
        SETTINGS = "settings", _("settings changed")
        ROUND_DRAW = "round_draw", _("round drawn")
        SEATS_SWAP = "seats_swap", _("seats swapped")
        SEAT_REPLACE = "seat_replace", _("seat given to another player")
        ROUND_UNDRAW = "round_undraw", _("draw undone")
        ROUND_LOCK = "round_lock", _("round locked")
        DEAL_RECORD = "deal_record", _("deal entered")
        DEAL_CORRECT = "deal_correct", _("deal corrected")
        DEAL_CONFIRM = "deal_confirm", _("deal confirmed")
        DEAL_UNDO = "deal_undo", _("deal undone")
        DEAL_VOID = "deal_void", _("deal voided")
        TOURNAMENT_FINISH = "tournament_finish", _("tournament finished")
        ORGANISER_ADD = "organiser_add", _("co-organiser invited")
        ORGANISER_REMOVE = "organiser_remove", _("co-organiser removed")
        LINKS_RENEW = "links_renew", _("table links renewed")
        PAPER_SHEET = "paper_sheet", _("paper table sheet typed in")
        ROUND_CLOCK = "round_clock", _("round clock set")
        ANNOUNCEMENT = "announcement", _("announcement")
        ENTRY_FEE = "entry_fee", _("entry fee paid")
        STANDINGS_REVEAL = "standings_reveal", _("standings shown again")
        STECHEN_LOT = "stechen_lot", _("lot drawn for a Stechen")
        STECHEN_RECORD = "stechen_record", _("Stechen result recorded")
        PRIZE_LIST = "prize_list", _("prize list changed")
        PRIZE_CATEGORY = "prize_category", _("prize category changed")
        SERIES = "series", _("series changed")
        PERSON_MERGE = "person_merge", _("register: persons merged")
        ADMIN = "admin", _("changed in the admin")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_entries"
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("who"),
    )
    via = models.CharField(_("via"), max_length=120, blank=True)
    action = models.CharField(_("what"), max_length=30, choices=Action)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    subject = models.CharField(_("subject"), max_length=200, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "-created_at"])]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.created_at:%H:%M} {self.get_action_display()} {self.subject}"


class PrizeCategory(models.Model):
    """A group of players the organiser names, with the players he assigned to it: a
    *category* (Damen, Jugend, Senioren) for a special prize and a side ranking of its players
    one by one, or a *team* (four players the organiser puts together; not a partnership
    :class:`Team`) ranked by its best members' totals added up (:mod:`tournaments.side_rankings`).
    Written by ``tournaments.services.prizes``."""

    class Kind(models.TextChoices):
        CATEGORY = "category", _("category (its players ranked one by one)")
        TEAM = "team", _("team (its best players' totals added up)")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prize_categories"
    )
    name = models.CharField(_("name"), max_length=60)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind, default=Kind.CATEGORY)
    players = models.ManyToManyField(
        Player, blank=True, related_name="prize_categories", verbose_name=_("players")
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="prize_category_unique_name"
            ),
        ]
        verbose_name = _("prize category")
        verbose_name_plural = _("prize categories")

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    """One prize of a tournament's prize list: what it is for (a place, the last place, the
    oldest player, the best of a category), its cash (a fixed amount in euros or a share in
    percent of the entry fees collected, or none) and its goods. Who wins it is read from the
    standings (``tournaments.prizes``); writes are ``tournaments.services.prizes``."""

    class Kind(models.TextChoices):
        PLACE = "place", _("a place")
        LAST = "last", _("the last place")
        OLDEST = "oldest", _("the oldest player")
        CATEGORY = "category", _("the best of a category")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    kind = models.CharField(_("prize for"), max_length=10, choices=Kind, default=Kind.PLACE)
    place = models.PositiveSmallIntegerField(
        _("place"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text=_("Only for a place prize."),
    )
    category = models.ForeignKey(
        PrizeCategory,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="prizes",
        verbose_name=_("category"),
    )
    amount = models.DecimalField(
        _("cash (€)"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.00"))],
        help_text=_("A fixed amount in euros."),
    )
    share = models.DecimalField(
        _("share of the entry fees (%)"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("100"))],
        help_text=_("Instead of a fixed amount: this share of the entry fees collected."),
    )
    goods = models.CharField(
        _("goods"),
        max_length=200,
        blank=True,
        help_text=_("A trophy, the Wanderpokal, a ham …"),
    )
    position = models.PositiveSmallIntegerField(
        _("order"),
        default=0,
        help_text=_("The special prizes are handed out in this order."),
    )

    class Meta:
        ordering = ["position", "place", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="place", place__isnull=False)
                | (~models.Q(kind="place") & models.Q(place__isnull=True)),
                name="prize_place_for_a_place",
            ),
            models.CheckConstraint(
                condition=models.Q(kind="category", category__isnull=False)
                | (~models.Q(kind="category") & models.Q(category__isnull=True)),
                name="prize_category_for_a_category",
            ),
            models.CheckConstraint(
                condition=models.Q(amount__isnull=True) | models.Q(share__isnull=True),
                name="prize_amount_or_share",
            ),
            models.UniqueConstraint(
                fields=["tournament", "place"],
                condition=models.Q(kind="place"),
                name="prize_unique_place",
            ),
            models.UniqueConstraint(
                fields=["tournament", "kind"],
                condition=models.Q(kind__in=["last", "oldest"]),
                name="prize_unique_special",
            ),
            models.UniqueConstraint(
                fields=["tournament", "category"],
                condition=models.Q(kind="category"),
                name="prize_unique_category",
            ),
        ]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")

    def __str__(self) -> str:
        if self.kind == self.Kind.PLACE:
            return f"{self.get_kind_display()} {self.place}"
        if self.kind == self.Kind.CATEGORY:
            return f"{self.get_kind_display()} {self.category}"
        return str(self.get_kind_display())


class PushState(models.Model):
    """The hall's side of the feed to a public installation (docs/deploy.md, "The hall feeds
    the public site"): the version of the tournament last taken by the public site, and the last
    failure, so that the desk can say whether the public pages follow the room."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="push_state"
    )
    pushed_version = models.PositiveIntegerField(null=True, blank=True)
    """The tournament's ``version`` the public site holds; None before its first push."""
    pushed_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)
    """When the last attempt failed; None once one succeeded after it."""
    error = models.CharField(max_length=300, blank=True)
    """Why the last attempt failed, in the words of the connection or of the public site."""

    def __str__(self) -> str:
        return f"{self.tournament} → {self.pushed_version}"


class PushedCopy(models.Model):
    """The public installation's side of the feed: a tournament that a hall pushes here, and the
    hall's version of it now shown. A push of that version or an older one changes nothing (a
    push repeated after a lost answer, or overtaken by a newer one)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="pushed_copy"
    )
    hall_version = models.PositiveIntegerField()
    received_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.tournament} ← {self.hall_version}"


class ShownGlance(models.Model):
    """The phones' glance at the standings (:mod:`tournaments.glance`) of the version the public
    pages show, made once, by the request that moves that version on
    (``services.shown_version_advance``), and read by every web worker instead of each computing
    the standings again (issue 18). Derived from the deals, never edited, replaced with each
    version shown; not part of a tournament's export."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveIntegerField()
    """The tournament's ``version`` whose standings these are."""
    through = models.PositiveIntegerField(null=True, blank=True)
    """The last round shown while the live standings are hidden; None: every round."""
    glance = models.JSONField()
    """``glance.glance_json``: every ranked player's line in rank order and the latest round."""

    def __str__(self) -> str:
        return f"{self.tournament_id} @ {self.version}"
