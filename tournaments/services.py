"""Every write of the app: keyword-only functions named ``<entity>_<action>``, each inside one
transaction. Views, the demo command and the tests all write through these."""

from __future__ import annotations

import datetime
import secrets
from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments import draw
from tournaments.errors import deal_error_message, draw_error_message
from tournaments.messages import deal_message
from tournaments.models import Bye, Deal, DealRevision, Player, Round, Seat, Table, Tournament
from tournaments.tables import table_state


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
) -> Tournament:
    """Create a tournament of ``game`` with the given house rules (missing options take the game's
    defaults). Raises ``ValidationError`` on the ``variant`` field for options the game refuses."""
    try:
        scoring.games[game].variant(variant or {})
    except scoring.InvalidVariant as exc:
        raise ValidationError({"variant": f"{exc.option}: {exc.message}"}) from exc
    return Tournament.objects.create(
        organiser=organiser,
        name=name,
        slug=_unique_slug(name),
        game=game,
        date=date,
        venue=venue,
        variant=dict(variant or {}),
        lot_seed=lot_seed if lot_seed is not None else secrets.randbits(48),
    )


def _check_names(tournament: Tournament, names: list[str], field: str) -> None:
    taken = set(tournament.players.filter(name__in=names).values_list("name", flat=True))
    repeated = {name for name, count in Counter(names).items() if count > 1}
    clashes = sorted(taken | repeated)
    if clashes:
        raise ValidationError(
            {field: _("Already on the list: %(names)s.") % {"names": ", ".join(clashes)}}
        )


@transaction.atomic
def player_add(*, tournament: Tournament, name: str, club: str = "") -> Player:
    """Register one player. Raises ``ValidationError`` on ``name`` if the name is taken."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Enter the player's name.")})
    _check_names(tournament, [name], "name")
    return Player.objects.create(tournament=tournament, name=name, club=club.strip())


def parse_player_list(text: str) -> list[tuple[str, str]]:
    """Split a pasted list into ``(name, club)``: one player a line, an optional club after a
    comma, semicolon or tab (as copied from a spreadsheet). Blank lines are skipped."""
    players = []
    for line in text.splitlines():
        for separator in ("\t", ";", ","):
            if separator in line:
                name, club = line.split(separator, 1)
                break
        else:
            name, club = line, ""
        name = " ".join(name.split())
        if name:
            players.append((name, " ".join(club.split())))
    return players


@transaction.atomic
def players_add_list(*, tournament: Tournament, text: str) -> list[Player]:
    """Register every player of a pasted list at once, or none: a name already registered or
    repeated in the list raises ``ValidationError`` on ``names`` and nothing is saved."""
    parsed = parse_player_list(text)
    if not parsed:
        raise ValidationError({"names": _("The list is empty: one name a line.")})
    _check_names(tournament, [name for name, _club in parsed], "names")
    return Player.objects.bulk_create(
        Player(tournament=tournament, name=name, club=club) for name, club in parsed
    )


def playable_table_sizes(game: scoring.Game, variant: Any) -> list[int]:
    """The table sizes a round of ``game`` may use under ``variant``, the usual size first: every
    size of ``game.table_sizes`` that the house rules can score (Kein Stich at five players needs
    payouts for five; the four-handed Hundertspiel seats no three)."""
    usual = game.table_size(variant)
    sizes = [usual]
    for size in game.table_sizes:
        if size == usual:
            continue
        try:
            game.initial(game.seats(size), variant)
        except ValueError:  # InvalidVariant is one too
            continue
        sizes.append(size)
    return sizes


@transaction.atomic
def round_draw(
    *, tournament: Tournament, allow_byes: bool = False, seed: int | None = None
) -> Round:
    """Draw the next round: a seeded random seating into tables of the sizes the game allows
    under the tournament's house rules, the usual size preferred (the seed is stored with the
    round). Byes, if no split seats everybody and byes are allowed, go to the players with the
    fewest byes so far. Raises ``ValidationError`` (code ``TOO_FEW_PLAYERS`` / ``BYES_NEEDED``)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    game = tournament.scoring_game
    sizes = playable_table_sizes(game, game.variant(tournament.variant))
    seed = seed if seed is not None else secrets.randbits(48)
    players = list(tournament.players.values_list("id", flat=True))
    byes_so_far = Counter(
        Bye.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    try:
        result = draw.draw_random(
            players,
            seed=seed,
            table_sizes=sizes,
            allow_byes=allow_byes,
            byes_so_far=byes_so_far,
        )
    except draw.DrawUserError as exc:
        raise ValidationError(draw_error_message(exc), code=exc.code, params=exc.params) from exc
    number = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    new_round = Round.objects.create(tournament=tournament, number=number + 1, seed=seed)
    for table_number, seated in enumerate(result.tables, start=1):
        table = Table.objects.create(round=new_round, number=table_number)
        Seat.objects.bulk_create(
            Seat(table=table, player_id=player_id, label=label)
            for label, player_id in zip(game.seats(len(seated)), seated, strict=True)
        )
    Bye.objects.bulk_create(Bye(round=new_round, player_id=p) for p in result.byes)
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    return new_round


def _locked_table(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


class Recorded(NamedTuple):
    """A stored deal and the engine's remarks on it that did not block it (e.g. the dealer is
    not the one the rotation expects), in the user's language."""

    deal: Deal
    warnings: tuple[str, ...]


def _check_entry(
    table: Table, deals: list[Deal], entry: Mapping[str, Any]
) -> tuple[scoring.Warning, ...]:
    """Replay the table and validate ``entry`` after it; engine errors become field errors.
    Returns the engine's warnings."""
    tournament = table.round.tournament
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    state = table_state(table, deals)
    if state.unit_over:
        raise ValidationError(
            _("This table has finished its round; no more deals can be entered."),
            code="UNIT_OVER",
        )
    try:
        return game.validate(entry, state, variant)
    except scoring.InvalidDeal as exc:
        raise ValidationError(
            {exc.field: deal_error_message(tournament.game, exc)}, code=exc.code
        ) from exc


def _warning_texts(table: Table, warnings: tuple[scoring.Warning, ...]) -> tuple[str, ...]:
    game = table.round.tournament.game
    return tuple(str(deal_message(game, w.code) or w.message) for w in warnings)


def _revision(
    deal: Deal, *, by: AbstractBaseUser | None, via: str, reason: str = ""
) -> DealRevision:
    return DealRevision.objects.create(
        deal=deal,
        revision=deal.revision,
        entry=deal.entry,
        entered_by=by if by is not None and by.is_authenticated else None,
        entered_via=via,
        reason=reason,
    )


@transaction.atomic
def deal_record(
    *, table: Table, entry: Mapping[str, Any], by: AbstractBaseUser | None, via: str
) -> Recorded:
    """Validate ``entry`` (a raw deal entry of the table's game) after the table's deals and
    store it as the next deal, revision 1, with who entered it and how. Returns the deal and the
    engine's warnings on it.

    Raises ``ValidationError`` keyed by the entry field the engine names (``"points.B"``), or a
    plain one when the table's round is finished; nothing is saved then."""
    table = _locked_table(table)
    deals = list(table.deals.order_by("number"))
    warnings = _check_entry(table, deals, entry)
    deal = Deal.objects.create(table=table, number=len(deals) + 1, entry=dict(entry))
    _revision(deal, by=by, via=via)
    return Recorded(deal, _warning_texts(table, warnings))


@transaction.atomic
def deal_correct(
    *,
    table: Table,
    entry: Mapping[str, Any],
    by: AbstractBaseUser | None,
    via: str,
    reason: str = "",
) -> Recorded:
    """Replace the table's last deal by a corrected ``entry`` as a new revision; the previous
    versions stay in the deal's revisions. Returns the deal and the engine's warnings.
    Raises ``ValidationError`` as :func:`deal_record`, or when the table has no deal yet."""
    table = _locked_table(table)
    deals = list(table.deals.order_by("number"))
    if not deals:
        raise ValidationError(_("There is no deal to correct yet."), code="NO_DEAL")
    last = deals.pop()
    warnings = _check_entry(table, deals, entry)
    last.entry = dict(entry)
    last.revision += 1
    last.save(update_fields=["entry", "revision", "updated_at"])
    _revision(last, by=by, via=via, reason=reason)
    return Recorded(last, _warning_texts(table, warnings))
