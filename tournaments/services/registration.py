"""Tournaments, their settings, players and teams: registration before and on the day."""

from __future__ import annotations

import datetime
import re
import secrets
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tournaments.models import AuditEntry, Deal, Player, Team, Tournament, plays_in_partnerships
from tournaments.services.audit import check_not_finished, record_change
from tournaments.services.cash import check_amount
from tournaments.services.public import shown_forget
from tournaments.services.register import person_relink, persons_link
from tournaments.services.room import check_round_minutes

SETTINGS = (
    "planned_rounds",
    "confirmation_required",
    "check_in_required",
    "public",
    "bye_policy",
    "bye_score",
    "certificate_places",
    "director",
    "tiebreaks",
    "entry_fee",
    "round_minutes",
    "standings_hidden_from_round",
    "stechen_unit",
    "partners_drawn",
    "club_ranking_best",
    "team_ranking_best",
)
"""The tournament's settings the organiser may change after creating it."""

RANKING_BEST = (1, 50)
"""The least and the most members whose totals a club or team ranking may add up."""
DETAILS = ("name", "date", "venue")
"""What the settings page may correct besides :data:`SETTINGS` (the public address stays)."""


def _unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "turnier"
    slug = base
    while Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{secrets.token_hex(2)}"
    return slug


@transaction.atomic
def tournament_create(
    *,
    organiser: AbstractBaseUser,
    name: str,
    game: str,
    date: datetime.date,
    venue: str = "",
    variant: Mapping[str, Any] | None = None,
    lot_seed: int | None = None,
    **settings: Any,
) -> Tournament:
    """Create a tournament of ``game`` with the given house rules (missing options take the game's
    defaults) and any of :data:`SETTINGS`. Raises ``ValidationError`` on the ``variant`` field for
    options the game refuses, on ``tiebreaks`` for a key the game does not know, on
    ``partners_drawn`` for a game without partnerships (``NO_PARTNERSHIPS``)."""
    try:
        scoring.games[game].variant(variant or {})
    except scoring.InvalidVariant as exc:
        raise ValidationError({"variant": f"{exc.option}: {exc.message}"}) from exc
    _check_tiebreaks(scoring.games[game], settings.get("tiebreaks", ()))
    if "entry_fee" in settings:
        settings["entry_fee"] = check_amount(settings["entry_fee"], "entry_fee")
    _check_ranking_best(settings)
    if settings.get("stechen_unit"):
        _check_stechen_unit(scoring.games[game], settings["stechen_unit"])
    if settings.get("partners_drawn"):
        _check_partners_drawn(game, variant)
    tournament = Tournament.objects.create(
        organiser=organiser,
        name=name,
        slug=_unique_slug(name),
        game=game,
        date=date,
        venue=venue,
        variant=dict(variant or {}),
        lot_seed=lot_seed if lot_seed is not None else secrets.randbits(48),
        **{key: value for key, value in settings.items() if key in SETTINGS},
    )
    record_change(tournament, AuditEntry.Action.SETTINGS, by=organiser, subject=tournament.name)
    return tournament


def _check_tiebreaks(game: scoring.Game, order: Sequence[str]) -> None:
    unknown = [key for key in order if key not in game.tiebreaks]
    if unknown or len(set(order)) != len(order):
        raise ValidationError(
            {"tiebreaks": _("Choose each tie-break once, from the game's list.")},
            code="TIEBREAK_UNKNOWN",
        )


def _check_partners_drawn(game: str, variant: Mapping[str, Any] | None) -> None:
    """Raises ``ValidationError`` on ``partners_drawn`` (``NO_PARTNERSHIPS``) for a game not
    played by two partnerships at a table of four (:func:`~tournaments.models.
    plays_in_partnerships`): Hintersche, Kein Stich, Hindernislauf and the three-handed
    Hundertspiel have no partners to draw."""
    if not plays_in_partnerships(game, variant):
        message = _(
            "%(game)s is not played in partnerships of two: there are no partners to draw. "
            "Partners drawn anew each round are for Bauerchen and the four-handed Hundertspiel."
        )
        raise ValidationError(
            {
                "partners_drawn": ValidationError(
                    message % {"game": scoring.games[game].name}, code="NO_PARTNERSHIPS"
                )
            }
        )


def _check_partners_drawn_change(tournament: Tournament, on: bool) -> None:
    """Refuse switching :attr:`~tournaments.models.Tournament.partners_drawn` once a round is
    drawn (``ROUNDS_DRAWN``: the rounds played would change their meaning), switching it on for
    a game without partnerships (``NO_PARTNERSHIPS``) or while teams are registered
    (``TEAMS_REGISTERED``); all on the field ``partners_drawn``."""
    if tournament.rounds.exists():
        message = _(
            "Rounds are drawn already: whether partners are drawn anew each round can only be "
            "switched before the first draw."
        )
        raise ValidationError({"partners_drawn": ValidationError(message, code="ROUNDS_DRAWN")})
    if not on:
        return
    _check_partners_drawn(tournament.game, tournament.variant)
    teams = tournament.teams.count()
    if teams:
        message = ngettext(
            "%(count)s team is registered: with partners drawn anew each round there are no "
            "teams. Register the players without teams.",
            "%(count)s teams are registered: with partners drawn anew each round there are no "
            "teams. Register the players without teams.",
            teams,
        )
        raise ValidationError(
            {"partners_drawn": ValidationError(message % {"count": teams}, code="TEAMS_REGISTERED")}
        )


def _check_stechen_unit(game: scoring.Game, unit: str) -> None:
    """Raises ``ValidationError`` on ``stechen_unit`` (``NO_OWN_STECHEN``) for the game's own
    Stechen where the game has none."""
    if unit == Tournament.StechenUnit.OWN and not game.stechen_options:
        message = _("%(game)s has no Stechen of its own: choose one deal, one game or the lot.")
        raise ValidationError(
            {"stechen_unit": ValidationError(message % {"game": game.name}, code="NO_OWN_STECHEN")}
        )


@transaction.atomic
def tournament_settings(
    *, tournament: Tournament, by: AbstractBaseUser | None, **changes: Any
) -> Tournament:
    """Change any of :data:`SETTINGS`; the change is logged with before and after.

    Raises ``ValidationError``: on ``planned_rounds`` below the rounds already drawn; on
    ``confirmation_required`` once a deal was entered (deals would change their meaning); on
    ``tiebreaks`` as :func:`tournament_create`; on ``entry_fee`` (euros) when it is negative or
    above 1000; on ``round_minutes`` outside 1–600 minutes; on ``standings_hidden_from_round``
    beyond the planned rounds; on ``stechen_unit`` for the game's own Stechen where it has
    none; on ``partners_drawn`` as :func:`_check_partners_drawn_change`; ``FINISHED`` when the
    tournament is finished. A new round to hide the live standings from hides them again where
    they were shown again."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    changes = {
        k: v
        for k, v in changes.items()
        if k in (*SETTINGS, *DETAILS) and getattr(tournament, k) != v
    }
    if "tiebreaks" in changes:
        _check_tiebreaks(tournament.scoring_game, changes["tiebreaks"])
    if "entry_fee" in changes:
        changes["entry_fee"] = check_amount(changes["entry_fee"], "entry_fee")
    if changes.get("round_minutes") is not None:
        check_round_minutes(changes["round_minutes"], "round_minutes")
    if "standings_hidden_from_round" in changes:
        _check_hidden_from(tournament, changes)
    if "stechen_unit" in changes:
        _check_stechen_unit(tournament.scoring_game, changes["stechen_unit"])
    if "partners_drawn" in changes:
        _check_partners_drawn_change(tournament, changes["partners_drawn"])
    _check_ranking_best(changes)
    drawn = tournament.rounds.count()
    if changes.get("planned_rounds", drawn) < drawn:
        raise ValidationError(
            {"planned_rounds": _("%(drawn)s rounds are drawn already.") % {"drawn": drawn}},
            code="ROUNDS_DRAWN",
        )
    if (
        "confirmation_required" in changes
        and Deal.objects.filter(table__round__tournament=tournament).exists()
    ):
        raise ValidationError(
            {
                "confirmation_required": _(
                    "Deals are entered already: confirmation can only be switched before the "
                    "first deal."
                )
            },
            code="DEALS_ENTERED",
        )
    return settings_save(tournament, changes, by=by)


def _check_ranking_best(changes: Mapping[str, Any]) -> None:
    """The club and team rankings add up 1 to 50 members' totals (the club ranking may be
    off: None). Raises ``ValidationError`` (``RANKING_BEST``) on the field."""
    low, high = RANKING_BEST
    for name in ("club_ranking_best", "team_ranking_best"):
        value = changes.get(name)
        if value is not None and not low <= value <= high:
            raise ValidationError(
                {name: _("From %(low)s to %(high)s players.") % {"low": low, "high": high}},
                code="RANKING_BEST",
            )


def settings_save(
    tournament: Tournament, changes: Mapping[str, Any], *, by: AbstractBaseUser | None
) -> Tournament:
    """Store ``changes`` (field name → new value) of the locked ``tournament`` and log them as a
    change of the settings (``SETTINGS``) with before and after; no change, nothing logged.
    Returns the tournament with its raised ``version``."""
    if changes:
        before = {key: getattr(tournament, key) for key in changes}
        for key, value in changes.items():
            setattr(tournament, key, value)
        tournament.save(update_fields=list(changes))
        record_change(
            tournament,
            AuditEntry.Action.SETTINGS,
            by=by,
            subject=tournament.name,
            before=_logged(before),
            after=_logged(changes),
        )
        # Now, and once committed (a page read meanwhile may have noted the old state).
        shown_forget(tournament=tournament)
        transaction.on_commit(lambda: shown_forget(tournament=tournament))
    tournament.refresh_from_db(fields=["version"])
    return tournament


def _check_hidden_from(tournament: Tournament, changes: dict[str, Any]) -> None:
    """Refuse, on ``standings_hidden_from_round``, a round beyond the planned rounds (as
    ``changes`` leave them); a new round to hide from hides the standings again
    (``standings_revealed`` off, in ``changes``)."""
    start = changes["standings_hidden_from_round"]
    planned = changes.get("planned_rounds", tournament.planned_rounds)
    if start is not None and start > planned:
        raise ValidationError(
            {
                "standings_hidden_from_round": ngettext(
                    "Only %(count)s round is planned.",
                    "Only %(count)s rounds are planned.",
                    planned,
                )
                % {"count": planned}
            },
            code="BEYOND_PLANNED",
        )
    if tournament.standings_revealed:
        changes["standings_revealed"] = False


def _logged(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` for the audit log's JSON: a date as ``YYYY-MM-DD``, an amount in euros as
    text with its decimals (``"5.00"``)."""
    return {k: _json_value(v) for k, v in values.items()}


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value) if isinstance(value, Decimal) else value


class PlayerLine(NamedTuple):
    """One player of a pasted list: its line in the list (from 1), name, club or village, start
    number (or ``None``)."""

    line: int
    name: str
    club: str
    start_number: int | None


_START_NUMBER = re.compile(r"(\d{1,6})(?:[.\t;,]|\s)\s*(.*)")
"""A line that starts with a start number: "7 Hans Faller", "7. Hans Faller", "7;Hans Faller"."""


def parse_player_list(text: str) -> list[PlayerLine]:
    """Split a pasted list into players: one a line, an optional start number first, an optional
    club or village after a comma, semicolon or tab (as copied from a spreadsheet). Blank lines
    are skipped (but counted)."""
    players = []
    for number, line in enumerate(text.splitlines(), start=1):
        start = _START_NUMBER.fullmatch(line.strip())
        start_number = int(start.group(1)) if start else None
        line = start.group(2) if start else line
        for separator in ("\t", ";", ","):
            if separator in line:
                name, club = line.split(separator, 1)
                break
        else:
            name, club = line, ""
        name = " ".join(name.split())
        if name:
            players.append(PlayerLine(number, name, " ".join(club.split()), start_number))
    return players


def _told_apart(one: tuple[str, str, int | None], other: tuple[str, str, int | None]) -> bool:
    """Whether two players ``(name, club, start number)`` can be told apart: by name, by club
    or village, or by two different start numbers."""
    (name, club, number), (other_name, other_club, other_number) = one, other
    if name != other_name or club != other_club:
        return True
    return number is not None and other_number is not None and number != other_number


def _check_players(
    tournament: Tournament, lines: list[PlayerLine], field: str, *, editing: int | None = None
) -> None:
    """Refuse, on ``field``, players who cannot be told apart from each other or from a player
    already registered (``editing``: the player being corrected, left out), and start numbers
    given twice. Every clash is named, with its lines for a pasted list."""
    others = tournament.players.exclude(pk=editing)
    registered = list(
        others.filter(name__in=[p.name for p in lines]).values_list("name", "club", "start_number")
    )
    numbers = dict(
        others.filter(start_number__in=[p.start_number for p in lines]).values_list(
            "start_number", "name"
        )
    )
    problems: list[str] = []
    for index, player in enumerate(lines):
        key = (player.name, player.club, player.start_number)
        twins = [p for p in lines[:index] if not _told_apart(key, p[1:])]
        if twins:
            problems.append(
                _("“%(name)s” appears twice in the list (lines %(first)s and %(second)s).")
                % {"name": player.name, "first": twins[0].line, "second": player.line}
            )
        elif any(not _told_apart(key, other) for other in registered):
            problems.append(
                _(
                    "“%(name)s” is registered already (two players of the same name need a "
                    "club or village or start numbers that tell them apart)."
                )
                % {"name": player.name}
            )
        if player.start_number in numbers:
            problems.append(
                _("Start number %(number)s is taken by %(name)s.")
                % {"number": player.start_number, "name": numbers[player.start_number]}
            )
        elif player.start_number is not None:
            numbers[player.start_number] = player.name
    if problems:
        raise ValidationError({field: " ".join(problems)})


def _late(tournament: Tournament) -> bool:
    """Players registered once the tournament runs are there: checked in at once."""
    return tournament.status != Tournament.Status.DRAFT


FIRST_BIRTH_YEAR = 1900


def _check_birth_year(year: int | None) -> None:
    """Refuse, on ``birth_year``, a year of birth before :data:`FIRST_BIRTH_YEAR` or after this
    year (None: not given)."""
    this_year = timezone.localdate().year
    if year is not None and not FIRST_BIRTH_YEAR <= year <= this_year:
        raise ValidationError(
            {
                "birth_year": _("Enter a year between %(first)s and %(last)s.")
                % {"first": FIRST_BIRTH_YEAR, "last": this_year}
            },
            code="BIRTH_YEAR",
        )


@transaction.atomic
def player_add(
    *,
    tournament: Tournament,
    name: str,
    club: str = "",
    start_number: int | None = None,
    hors_concours: bool = False,
    birth_year: int | None = None,
    village: str = "",
    by: AbstractBaseUser | None = None,
) -> Player:
    """Register one player (``hors_concours``: a substitute who only fills tables, never
    ranked; a late registration once the tournament runs: checked in, drawn from the next round
    on), with his optional year of birth and home village (for the article for the paper).
    Raises ``ValidationError`` on ``name`` if a player of that name cannot be told apart from him
    (:func:`_check_players`) or his start number is taken, on ``birth_year`` as
    :func:`_check_birth_year`."""
    check_not_finished(tournament)
    name, club = " ".join(name.split()), " ".join(club.split())
    if not name:
        raise ValidationError({"name": _("Enter the player's name.")})
    _check_players(tournament, [PlayerLine(1, name, club, start_number)], "name")
    _check_birth_year(birth_year)
    player = Player.objects.create(
        tournament=tournament,
        name=name,
        club=club,
        start_number=start_number,
        hors_concours=hors_concours,
        birth_year=birth_year,
        village=" ".join(village.split()),
        checked_in=_late(tournament),
    )
    persons_link(tournament, [player])
    record_change(tournament, AuditEntry.Action.PLAYER_ADD, by=by, subject=name)
    return player


@transaction.atomic
def players_add_list(
    *, tournament: Tournament, text: str, by: AbstractBaseUser | None = None
) -> list[Player]:
    """Register every player of a pasted list (:func:`parse_player_list`) at once, or none: a
    player who cannot be told apart from another of the list or one registered, or a start
    number given twice, raises ``ValidationError`` on ``names`` and nothing is saved."""
    check_not_finished(tournament)
    parsed = parse_player_list(text)
    if not parsed:
        raise ValidationError({"names": _("The list is empty: one name a line.")})
    _check_players(tournament, parsed, "names")
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=p.name,
            club=p.club,
            start_number=p.start_number,
            checked_in=_late(tournament),
        )
        for p in parsed
    )
    persons_link(tournament, players)
    record_change(
        tournament,
        AuditEntry.Action.PLAYER_ADD,
        by=by,
        subject=_("%(count)s players") % {"count": len(players)},
        after=[p.name for p in parsed],
    )
    return players


def _player_flag(
    player: Player, field: str, value: bool, action: AuditEntry.Action, by, reason: str = ""
) -> Player:
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
    check_not_finished(player.tournament)
    if getattr(player, field) != value:
        setattr(player, field, value)
        player.save(update_fields=[field])
        record_change(
            player.tournament,
            action,
            by=by,
            subject=player.name,
            before={field: not value},
            after={field: value},
            reason=reason,
        )
    return player


@transaction.atomic
def player_edit(
    *,
    player: Player,
    name: str,
    club: str = "",
    start_number: int | None = None,
    hors_concours: bool = False,
    birth_year: int | None = None,
    village: str = "",
    by: AbstractBaseUser | None = None,
) -> Player:
    """Correct a player's name, club or village, start number, whether he plays außer
    Konkurrenz (a typo at the door), his year of birth and home village; his
    seats, deals and results stay his. Logged with before and after. Raises
    ``ValidationError`` on ``name`` when it is empty or cannot be told apart from another
    player's (:func:`_check_players`), on ``birth_year`` as :func:`_check_birth_year`,
    ``FINISHED`` when the tournament is finished. A new name, club or village finds the
    player's person in the register again (:func:`~tournaments.services.register.person_relink`)."""
    tournament = player.tournament
    check_not_finished(tournament)
    name, club = " ".join(name.split()), " ".join(club.split())
    if not name:
        raise ValidationError({"name": _("Enter the player's name.")})
    _check_players(tournament, [PlayerLine(1, name, club, start_number)], "name", editing=player.pk)
    _check_birth_year(birth_year)
    wanted = {
        "name": name,
        "club": club,
        "start_number": start_number,
        "hors_concours": hors_concours,
        "birth_year": birth_year,
        "village": " ".join(village.split()),
    }
    after = {field: value for field, value in wanted.items() if getattr(player, field) != value}
    before = {field: getattr(player, field) for field in after}
    if after:
        for field, value in after.items():
            setattr(player, field, value)
        player.save(update_fields=list(after))
        if {"name", "club", "village"} & set(after):
            person_relink(player)
        record_change(
            tournament,
            AuditEntry.Action.PLAYER_EDIT,
            by=by,
            subject=name,
            before=before,
            after=after,
        )
    return player


@transaction.atomic
def player_check_in(
    *, player: Player, checked_in: bool = True, by: AbstractBaseUser | None = None
) -> Player:
    """Check a player in (or out again) at the desk; with check-in required, only checked-in
    players are drawn."""
    return _player_flag(player, "checked_in", checked_in, AuditEntry.Action.PLAYER_CHECK_IN, by)


@transaction.atomic
def player_withdraw(
    *,
    player: Player,
    withdrawn: bool = True,
    by: AbstractBaseUser | None = None,
    reason: str = "",
) -> Player:
    """Withdraw a player (or take the withdrawal back): his results so far stay in the
    standings, flagged; he is no longer drawn. A round already drawn keeps his seat."""
    return _player_flag(
        player, "withdrawn", withdrawn, AuditEntry.Action.PLAYER_WITHDRAW, by, reason
    )


@transaction.atomic
def team_rename(*, team: Team, name: str, by: AbstractBaseUser | None = None) -> Team:
    """Correct a team's name; its players and results stay. Raises ``ValidationError`` on
    ``name`` (empty or another team's), ``FINISHED``."""
    tournament = team.tournament
    check_not_finished(tournament)
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Enter the team's name.")})
    if tournament.teams.filter(name=name).exclude(pk=team.pk).exists():
        raise ValidationError({"name": _("Already on the list: %(names)s.") % {"names": name}})
    if name != team.name:
        before, team.name = team.name, name
        team.save(update_fields=["name"])
        record_change(
            tournament,
            AuditEntry.Action.TEAM_RENAME,
            by=by,
            subject=name,
            before=before,
            after=name,
        )
    return team


@transaction.atomic
def team_add(
    *,
    tournament: Tournament,
    name: str,
    players: Sequence[Player],
    by: AbstractBaseUser | None = None,
) -> Team:
    """Register a partnership of two players of the tournament, who then sit opposite each other
    in every draw. Raises ``ValidationError`` on ``name`` (empty or taken) or ``players`` (not two
    different players of this tournament, or one already in a team), or when the game has no
    partnerships."""
    check_not_finished(tournament)
    if tournament.partners_drawn:
        raise ValidationError(
            _(
                "The partners are drawn anew each round in this tournament: no teams are "
                "registered."
            ),
            code="PARTNERS_DRAWN",
        )
    if not tournament.teams_allowed:
        raise ValidationError(
            _("%(game)s is not played in fixed partnerships.")
            % {"game": tournament.get_game_display()},
            code="NO_PARTNERSHIPS",
        )
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Enter the team's name.")})
    if tournament.teams.filter(name=name).exists():
        raise ValidationError({"name": _("Already on the list: %(names)s.") % {"names": name}})
    ids = {p.pk for p in players}
    members = list(Player.objects.select_for_update().filter(tournament=tournament, pk__in=ids))
    if len(ids) != 2 or len(members) != 2:
        raise ValidationError({"players": _("A team is two different players.")})
    taken = [p.name for p in members if p.team_id is not None]
    if taken:
        raise ValidationError(
            {"players": _("Already in a team: %(names)s.") % {"names": ", ".join(taken)}}
        )
    team = Team.objects.create(tournament=tournament, name=name)
    Player.objects.filter(pk__in=ids).update(team=team)
    record_change(
        tournament,
        AuditEntry.Action.TEAM_ADD,
        by=by,
        subject=name,
        after=sorted(p.name for p in members),
    )
    return team
