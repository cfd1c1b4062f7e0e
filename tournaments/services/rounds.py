"""Rounds: the draw, seat swaps before play, completion, locking, and the end of the
tournament."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tournaments import backups, draw
from tournaments.errors import draw_error_message
from tournaments.models import AuditEntry, Bye, Deal, Player, Round, Seat, Table, Tournament
from tournaments.services.audit import check_not_finished, record_change
from tournaments.standings import table_result, tournament_standings


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


def drawable_players(tournament: Tournament) -> list[int]:
    """The ids of the players the next draw seats: not withdrawn and, where check-in is
    required, checked in."""
    players = tournament.players.filter(withdrawn=False)
    if tournament.check_in_required:
        players = players.filter(checked_in=True)
    return list(players.values_list("id", flat=True))


def _met(tournament: Tournament) -> Counter[frozenset[int]]:
    """How often each pair of players sat at one table so far (the repeat-avoiding draw's
    history)."""
    tables: dict[int, list[int]] = {}
    for table_id, player_id in Seat.objects.filter(table__round__tournament=tournament).values_list(
        "table_id", "player_id"
    ):
        tables.setdefault(table_id, []).append(player_id)
    return Counter(
        frozenset(pair) for seated in tables.values() for pair in combinations(seated, 2)
    )


def partner_history(
    tournament: Tournament,
) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]]]:
    """How often each pair of players were partners, and how often opponents, at the tables of
    ``tournament``'s rounds so far (partners opposite: seat positions 0/2 and 1/3 of the game's
    seats, Bauerchen's NS/EW, the Hundertspiel's AC/BD): the history
    :func:`tournaments.draw.draw_partners` draws against. Tables of other sizes (none in a
    partnership game) count nothing. One query."""
    game = tournament.scoring_game
    position = {label: i for i, label in enumerate(game.seats(draw.TEAM_TABLE_SIZE))}
    tables: dict[int, dict[int, int]] = {}
    for table_id, label, player_id in Seat.objects.filter(
        table__round__tournament=tournament
    ).values_list("table_id", "label", "player_id"):
        if label in position:
            tables.setdefault(table_id, {})[position[label]] = player_id
    partnered: Counter[frozenset[int]] = Counter()
    opposed: Counter[frozenset[int]] = Counter()
    for seated in tables.values():
        if len(seated) != draw.TEAM_TABLE_SIZE:
            continue
        for i in (0, 1):
            partnered[frozenset((seated[i], seated[i + 2]))] += 1
        for a in (seated[0], seated[2]):
            for b in (seated[1], seated[3]):
                opposed[frozenset((a, b))] += 1
    return partnered, opposed


def drawn_teams(tournament: Tournament, players: list[int]) -> list[tuple[int, int]] | None:
    """The registered partnerships among ``players`` (None when the tournament has no teams)."""
    if not tournament.teams_allowed or not tournament.teams.exists():
        return None
    members: dict[int, list[int]] = {}
    for team_id, player_id in Player.objects.filter(pk__in=players).values_list("team_id", "id"):
        members.setdefault(team_id or -player_id, []).append(player_id)
    return [tuple(sorted(ids)) for ids in members.values()]  # a lone player: a team of one


def _with_partners(tournament: Tournament, chosen: set[int]) -> set[int]:
    """The players chosen to sit out, with their registered partners (a team sits out
    whole)."""
    if not chosen or not tournament.teams_allowed:
        return chosen
    partners = Player.objects.filter(
        tournament=tournament, team__members__in=chosen, team__isnull=False
    ).values_list("pk", flat=True)
    return chosen | set(partners)


def _check_partners(tournament: Tournament, players: list[int]) -> None:
    """Refuse a draw of ``players`` where a registered team has one partner among them and the
    other not (not checked in, or withdrawn), naming the one missing and why."""
    if not tournament.teams_allowed:
        return
    here = set(players)
    for team in tournament.teams.prefetch_related("members"):
        members = list(team.members.all())
        missing = [m for m in members if m.pk not in here]
        if missing and len(missing) < len(members):
            absent = missing[0]
            partner = next(m for m in members if m.pk in here)
            if absent.withdrawn:
                message = _(
                    "%(player)s has withdrawn and %(partner)s cannot play alone: tick "
                    "%(partner)s to sit out, or withdraw him too."
                )
            else:
                message = _(
                    "%(player)s, the partner of %(partner)s, is not checked in: check him in, "
                    "or tick %(partner)s to sit out."
                )
            raise ValidationError(
                message % {"player": absent.name, "partner": partner.name},
                code="PARTNER_MISSING",
            )


def _with_substitutes(
    tournament: Tournament, players: list[int], table_sizes: Sequence[int]
) -> list[int]:
    """``players`` to draw under the tournament's bye rule: with the substitute rule, the
    players außer Konkurrenz are drawn only as far as they fill the tables (the fewest that
    leave no bye, else the fewest byes), those who sat at fewest tables first; whole teams in
    the partnership games. Other rules draw everybody."""
    if tournament.bye_policy != Tournament.ByePolicy.SUBSTITUTE:
        return players
    hosts = set(
        Player.objects.filter(pk__in=players, hors_concours=True).values_list("pk", flat=True)
    )
    ranked = [p for p in players if p not in hosts]
    teams = drawn_teams(tournament, players)
    if teams is None:
        units, sizes = [(p,) for p in ranked], table_sizes
        spare = [(p,) for p in sorted(hosts)]
    else:
        units = [t for t in teams if not hosts & set(t)]
        spare = sorted(t for t in teams if hosts & set(t))
        sizes = [draw.TEAM_TABLE_SIZE // 2]
    seated = Counter(Seat.objects.filter(player__in=hosts).values_list("player_id", flat=True))
    spare.sort(key=lambda unit: sum(seated[p] for p in unit))
    byes = [draw.table_plan(len(units) + k, sizes)[1] for k in range(len(spare) + 1)]
    needed = byes.index(min(byes))
    return ranked + [p for unit in spare[:needed] for p in unit]


def _check_previous_round(tournament: Tournament, override_reason: str) -> tuple[int, bool]:
    """The number of the last round drawn (0 before the first) and whether drawing the next now
    overrides its being incomplete."""
    previous = tournament.rounds.order_by("-number").first()
    if previous is None or previous.status in (Round.Status.COMPLETE, Round.Status.LOCKED):
        return (previous.number if previous else 0), False
    if not override_reason:
        playing = previous.tables.filter(complete=False).count()
        message = ngettext(
            "Round %(number)s is not complete: %(tables)s table is still playing. "
            "Wait for it, or give a reason to draw anyway.",
            "Round %(number)s is not complete: %(tables)s tables are still playing. "
            "Wait for them, or give a reason to draw anyway.",
            playing,
        ) % {"number": previous.number, "tables": playing}
        raise ValidationError({"override_reason": message}, code="ROUND_NOT_COMPLETE")
    return previous.number, True


@transaction.atomic
def round_draw(
    *,
    tournament: Tournament,
    method: str = Round.Method.AVOID_REPEATS,
    allow_byes: bool = False,
    seed: int | None = None,
    override_reason: str = "",
    sitting_out: Collection[int] = (),
    by: AbstractBaseUser | None = None,
) -> Round:
    """Draw the next round with ``method`` (random; random avoiding repeat table-mates; by
    standings; or a seating scheme: club-mates apart, :func:`tournaments.draw.draw_clubs_apart`,
    with ``club_mates_together`` in the audit entry; movement by placing,
    :func:`_draw_by_placing`; all rounds drawn in advance, :func:`_planned_round`, with
    ``plan_seed`` and ``plan_made`` in the audit entry and the plan's seed as the round's),
    seeded (the seed is stored with the round), into tables of the sizes the game allows under
    the house rules, the usual size preferred; registered teams sit opposite each other. Where
    the partners are drawn anew each round (``tournament.partners_drawn``) the draw also pairs
    the players (:func:`tournaments.draw.draw_partners` against :func:`partner_history`): no
    partner twice while avoidable; the audit entry records the seed and how many partnerships
    repeat one of an earlier round (``repeat_partners``). Byes, if no split seats everybody and
    byes are allowed, go to the players with the fewest byes so far.

    The previous round must be complete (or locked) unless ``override_reason`` says why not; the
    override is logged. Raises ``ValidationError`` with code ``ROUND_NOT_COMPLETE`` (on
    ``override_reason``), ``ALL_ROUNDS_DRAWN``, ``FINISHED``, the schemes' (``MOVEMENT_TEAMS``,
    ``MOVEMENT_NO_ROUND``, ``MOVEMENT_FIELD``, ``MOVEMENT_SIZES``, ``PLAN_TEAMS``), or the draw's
    own (``TOO_FEW_PLAYERS``, ``BYES_NEEDED``, ``TEAM_INCOMPLETE``); nothing is saved then."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    if Round.all_objects.filter(tournament=tournament, stechen_first_place__isnull=False).exists():
        raise ValidationError(
            _(
                "The Stechen has begun: the rounds are over. Take its tables back on the Stechen "
                "page first if it was begun too early."
            ),
            code="STECHEN_BEGUN",
        )
    previous, overridden = _check_previous_round(tournament, override_reason)
    number = previous + 1
    if number > tournament.planned_rounds:
        raise ValidationError(
            ngettext(
                "The %(count)s planned round is drawn. Raise the planned rounds to draw more.",
                "All %(count)s planned rounds are drawn. Raise the planned rounds to draw more.",
                tournament.planned_rounds,
            )
            % {"count": tournament.planned_rounds},
            code="ALL_ROUNDS_DRAWN",
        )
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    sizes = playable_table_sizes(game, variant)
    seed = seed if seed is not None else secrets.randbits(48)
    drawable = drawable_players(tournament)
    chosen = _with_partners(tournament, set(sitting_out) & set(drawable)) & set(drawable)
    players = [p for p in drawable if p not in chosen]
    _check_partners(tournament, players)
    players = _with_substitutes(tournament, players, sizes)
    if method == Round.Method.STANDINGS:
        rows = tournament_standings(tournament).rows
        rank = {row.player.pk: index for index, row in enumerate(rows)}
        players.sort(key=lambda p: rank.get(p, len(rank)))  # außer Konkurrenz: unranked
    byes_so_far = Counter(
        Bye.objects.filter(round__tournament=tournament).values_list("player_id", flat=True)
    )
    partners: dict[str, Any] = {}
    planned: dict[str, Any] = {}
    clubs: dict[frozenset[int], int] = {}
    try:
        if method == Round.Method.BY_PLACING:
            result = _draw_by_placing(tournament, players, seed=seed, table_sizes=sizes)
        elif method == Round.Method.PLANNED:
            result, planned = _planned_round(
                tournament,
                players,
                number=number,
                seed=seed,
                table_sizes=sizes,
                allow_byes=allow_byes,
                byes_so_far=byes_so_far,
            )
            seed = planned["plan_seed"]
        elif tournament.partners_drawn:
            partnered, opposed = partner_history(tournament)
            partner_cost = partnered
            if method == Round.Method.CLUBS_APART:
                # The partner draw knows two costs between players of a table: club-mates count
                # as opponents met once more, and as partners like a repeat partnership (so the
                # draw avoids a club-mate as partner first, then as opponent).
                clubs = draw.club_pairs(_clubs(players))
                opposed = opposed + Counter(clubs)
                partner_cost = partnered + Counter(clubs)
            result = draw.draw_partners(
                Round.Method.AVOID_REPEATS if method == Round.Method.CLUBS_APART else method,
                players,
                seed=seed,
                allow_byes=allow_byes,
                byes_so_far=byes_so_far,
                partnered=partner_cost,
                opposed=opposed,
            )
            partners = {
                "partners_drawn": True,
                "repeat_partners": draw.repeat_partners(result.tables, partnered),
            }
        elif method == Round.Method.CLUBS_APART:
            player_clubs = _clubs(players)
            clubs = draw.club_pairs(player_clubs)
            result = draw.draw_clubs_apart(
                players,
                seed=seed,
                table_sizes=sizes,
                allow_byes=allow_byes,
                clubs=player_clubs,
                byes_so_far=byes_so_far,
                met=_met(tournament),
                teams=drawn_teams(tournament, players),
            )
        else:
            result = draw.draw(
                method,
                players,
                seed=seed,
                table_sizes=sizes,
                allow_byes=allow_byes,
                byes_so_far=byes_so_far,
                met=_met(tournament) if method == Round.Method.AVOID_REPEATS else None,
                teams=drawn_teams(tournament, players),
            )
    except draw.DrawUserError as exc:
        if "player" in exc.params:
            exc.params["player"] = Player.objects.get(pk=exc.params["player"]).name
        raise ValidationError(draw_error_message(exc), code=exc.code, params=exc.params) from exc
    backups.backup_before(tournament, f"draw-{number}")
    if planned.get("plan_made"):
        tournament.seating_plan = planned["plan_made"]
        tournament.save(update_fields=["seating_plan"])
        planned["plan_made"] = True
    new_round = Round.objects.create(tournament=tournament, number=number, seed=seed, method=method)
    tables_create(new_round, result.tables)
    Bye.objects.bulk_create(Bye(round=new_round, player_id=p) for p in [*chosen, *result.byes])
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    record_change(
        tournament,
        AuditEntry.Action.ROUND_DRAW,
        by=by,
        subject=_("Round %(number)s") % {"number": number},
        after={
            "method": method,
            "seed": seed,
            "tables": len(result.tables),
            **partners,
            **planned,
            **(
                {"club_mates_together": draw.pairs_together(result.tables, clubs)}
                if method == Round.Method.CLUBS_APART
                else {}
            ),
            **({"sitting_out": _names(chosen)} if chosen else {}),
        },
        reason=override_reason if overridden else "",
        round_number=number,
    )
    return new_round


def _planned_round(
    tournament: Tournament,
    players: list[int],
    *,
    number: int,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Counter[int],
) -> tuple[draw.Draw, dict[str, Any]]:
    """Round ``number`` from the tournament's plan of all rounds drawn in advance
    (:attr:`Tournament.seating_plan`, :func:`tournaments.draw.plan_rounds`). The stored plan is
    kept while it has this round and seats exactly ``players``; otherwise (no plan yet, a player
    withdrew, sits out or came late, more rounds planned) this round and every later planned
    round are planned anew from ``seed`` against the rounds played so far, and stored: the
    Laufzettel must then be printed again. Returns the round's draw and the audit entry's words
    (``plan_seed``; ``plan_made``: the new plan, for the caller to store after the draw's
    backup, or False when the stored plan was kept). The plan is stored as
    ``{"seed": s, "from_round": n, "rounds": {"n": {"tables": [[id, ...], ...], "byes": [...]}}}``
    (round numbers as text: JSON keys)."""
    if tournament.partners_drawn or drawn_teams(tournament, players) is not None:
        raise ValidationError(
            _("Rounds drawn in advance seat single players: choose another draw for partners."),
            code="PLAN_TEAMS",
        )
    plan = tournament.seating_plan or {}
    stored = (plan.get("rounds") or {}).get(str(number))
    if stored is not None:
        seated = [p for table in stored["tables"] for p in table] + list(stored["byes"])
        if sorted(seated) == sorted(players):
            kept = draw.Draw(seed=plan["seed"], tables=stored["tables"], byes=stored["byes"])
            return kept, {"plan_seed": plan["seed"], "plan_made": False}
    count = tournament.planned_rounds - number + 1
    rounds = draw.plan_rounds(
        players,
        seed=seed,
        rounds=count,
        table_sizes=table_sizes,
        allow_byes=allow_byes,
        met=_met(tournament),
        byes_so_far=byes_so_far,
    )
    made = {
        "seed": seed,
        "from_round": number,
        "rounds": {
            str(number + k): {"tables": r.tables, "byes": r.byes} for k, r in enumerate(rounds)
        },
    }
    first = rounds[0]
    return draw.Draw(seed=seed, tables=first.tables, byes=first.byes), {
        "plan_seed": seed,
        "plan_made": made,
    }


def _clubs(players: Collection[int]) -> dict[int, str]:
    """Each of ``players`` with his club or village as entered (empty: none)."""
    return dict(Player.objects.filter(pk__in=players).values_list("pk", "club"))


def table_placings(the_round: Round) -> list[list[int]]:
    """``the_round``'s tables in table order, each its player ids by their place at that table:
    by the round's score as the table's stored result has it (the fewest first where the game
    ranks so, Hintersche's Striche), a tie in the order of the seats (A before B). Two queries."""
    game = the_round.scoring_game
    seated: dict[int, dict[str, int]] = {}
    for table_id, label, player_id in Seat.objects.filter(table__round=the_round).values_list(
        "table_id", "label", "player_id"
    ):
        seated.setdefault(table_id, {})[label] = player_id
    sign = 1 if game.metric_ascending else -1
    placings = []
    for table_id, result in the_round.tables.order_by("number").values_list("pk", "result"):
        labels = seated.get(table_id, {})
        order = list(game.seats(len(labels)))
        scores = (result or {}).get("seats", {})

        def key(label: str, scores: dict = scores, order: list = order) -> tuple[int, int]:
            score = scores.get(label, [0])[0]
            return (sign * score, order.index(label) if label in order else len(order))

        placings.append([labels[label] for label in sorted(labels, key=key)])
    return placings


def _draw_by_placing(
    tournament: Tournament, players: list[int], *, seed: int, table_sizes: Sequence[int]
) -> draw.Draw:
    """Movement by placing from the last round's placings (:func:`table_placings`,
    :func:`tournaments.draw.draw_by_placing`). Refused (``ValidationError``) in a partnership
    game (``MOVEMENT_TEAMS``), before round 1 (``MOVEMENT_NO_ROUND``), and when the players to
    draw are not those who sat at the last round's tables (``MOVEMENT_FIELD``: someone withdrew,
    sits out, had the bye or came late): the organiser then draws that round another way."""
    if tournament.teams_allowed or tournament.partners_drawn:
        raise ValidationError(
            _("Movement by placing moves single players: choose another draw for partners."),
            code="MOVEMENT_TEAMS",
        )
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        raise ValidationError(
            _(
                "Movement by placing starts from the last round's places at the tables: draw "
                "round 1 another way."
            ),
            code="MOVEMENT_NO_ROUND",
        )
    placings = table_placings(last)
    seated = {p for table in placings for p in table}
    changed = seated ^ set(players)
    if changed:
        raise ValidationError(
            _(
                "Movement by placing needs the players of round %(number)s at its tables, and "
                "here the field has changed (%(names)s: withdrawn, sitting out, a bye or new). "
                "Draw this round another way; the next can move again."
            )
            % {"number": last.number, "names": ", ".join(_names(changed))},
            code="MOVEMENT_FIELD",
        )
    return draw.draw_by_placing(placings, seed=seed, table_sizes=table_sizes)


def tables_create(the_round: Round, tables: Sequence[Sequence[int]]) -> None:
    """Seat ``tables`` (per table its player ids in seat order, as a draw gives them) at
    ``the_round``'s tables 1, 2, …, each with its initial result stored."""
    game, variant = the_round.scoring_game, the_round.scoring_variant
    for table_number, seated in enumerate(tables, start=1):
        labels = game.seats(len(seated))
        table = Table.objects.create(
            round=the_round,
            number=table_number,
            result=table_result(game.initial(labels, variant)),
        )
        Seat.objects.bulk_create(
            Seat(table=table, player_id=player_id, label=label)
            for label, player_id in zip(labels, seated, strict=True)
        )


def _names(player_ids: Collection[int]) -> list[str]:
    return sorted(Player.objects.filter(pk__in=player_ids).values_list("name", flat=True))


def _locked_round(the_round: Round) -> Round:
    return Round.all_objects.select_for_update().select_related("tournament").get(pk=the_round.pk)


@transaction.atomic
def seats_swap(
    *, round: Round, players: tuple[Player, Player], by: AbstractBaseUser | None = None
) -> None:
    """Swap the seats of two players of ``round`` before it starts (each takes the other's seat
    and its seat link). Raises ``ValidationError``: ``ROUND_STARTED`` once a deal is entered,
    ``NOT_SEATED`` (on ``players``) for a player without a seat in the round."""
    the_round = _locked_round(round)
    check_not_finished(the_round.tournament)
    if the_round.status != Round.Status.DRAWN:
        raise ValidationError(
            _("Round %(number)s has started: seats can only be swapped before the first deal.")
            % {"number": the_round.number},
            code="ROUND_STARTED",
        )
    ids = [p.pk for p in players]
    seats = {
        seat.player_id: seat
        for seat in Seat.objects.select_for_update()
        .select_related("table", "player")
        .filter(table__round=the_round, player_id__in=ids)
    }
    if len(set(ids)) != 2 or len(seats) != 2:
        raise ValidationError(
            {"players": _("Choose two different players who have a seat in this round.")},
            code="NOT_SEATED",
        )
    first, second = seats[ids[0]], seats[ids[1]]
    before = [f"{s.player.name}: {s.table.number}{s.label}" for s in (first, second)]
    if first.table_id == second.table_id:
        # Same table: the two keep their seat rows (links) and trade labels; a free label first,
        # because (table, label) is unique.
        labels = first.label, second.label
        first.label = "~"
        first.save(update_fields=["label"])
        second.label = labels[0]
        second.save(update_fields=["label"])
        first.label = labels[1]
        first.save(update_fields=["label"])
    else:
        first.player_id, second.player_id = second.player_id, first.player_id
        first.save(update_fields=["player"])
        second.save(update_fields=["player"])
    record_change(
        the_round.tournament,
        AuditEntry.Action.SEATS_SWAP,
        by=by,
        subject=" ↔ ".join(p.name for p in players),
        before=before,
        round_number=the_round.number,
    )


@transaction.atomic
def seat_replace(
    *, round: Round, seated: Player, newcomer: Player, by: AbstractBaseUser | None = None
) -> Seat:
    """Give ``seated``'s seat in ``round`` to ``newcomer`` before that table's first deal (a
    late arrival takes a withdrawn player's place; a player with a bye comes in for one who
    left). The seat keeps its link. ``newcomer`` must not sit at a table of the round; if he had
    the round's bye, ``seated`` takes it over, else ``seated`` sits the round out.

    Raises ``ValidationError``: ``NOT_SEATED`` (on ``seated``), ``TABLE_STARTED`` (a deal was
    entered at that table), ``ALREADY_SEATED`` or ``WITHDRAWN`` (on ``newcomer``),
    ``FINISHED``; nothing is changed then."""
    the_round = _locked_round(round)
    check_not_finished(the_round.tournament)
    seat = (
        Seat.objects.select_for_update()
        .select_related("table")
        .filter(table__round=the_round, player=seated)
        .first()
    )
    if seat is None or the_round.status == Round.Status.LOCKED:
        raise ValidationError(
            {"seated": _("%(name)s has no seat in this round.") % {"name": seated.name}},
            code="NOT_SEATED",
        )
    if Deal.all_objects.filter(table=seat.table).exists():
        raise ValidationError(
            {
                "seated": _(
                    "Table %(number)s has entered a deal: its players can no longer change."
                )
                % {"number": seat.table.number}
            },
            code="TABLE_STARTED",
        )
    if newcomer.withdrawn or newcomer.tournament_id != the_round.tournament_id:
        raise ValidationError(
            {"newcomer": _("%(name)s is withdrawn.") % {"name": newcomer.name}}, code="WITHDRAWN"
        )
    if Seat.objects.filter(table__round=the_round, player=newcomer).exists():
        raise ValidationError(
            {"newcomer": _("%(name)s already has a seat in this round.") % {"name": newcomer.name}},
            code="ALREADY_SEATED",
        )
    bye = Bye.objects.filter(round=the_round, player=newcomer).first()
    if bye is not None:
        bye.player = seated
        bye.save(update_fields=["player"])
    seat.player = newcomer
    seat.save(update_fields=["player"])
    record_change(
        the_round.tournament,
        AuditEntry.Action.SEAT_REPLACE,
        by=by,
        subject=f"{seated.name} → {newcomer.name}",
        before={"seat": f"{seat.table.number}{seat.label}", "player": seated.name},
        after={"player": newcomer.name, "bye": seated.name if bye is not None else None},
        round_number=the_round.number,
        table_number=seat.table.number,
    )
    return seat


@transaction.atomic
def round_undraw(*, round: Round, by: AbstractBaseUser | None = None, reason: str = "") -> None:
    """Undo the draw of the tournament's last round before any deal is entered in it (the wrong
    players checked in, the wrong method): a backup is taken first, then the round, its tables,
    seats, links and byes are deleted; the next draw gets the round's number again. Logged with
    the round's seed and ``reason``.

    Raises ``ValidationError``: ``NOT_LAST_ROUND``, ``ROUND_STARTED`` (a deal was entered, even
    one taken back), ``FINISHED``."""
    the_round = _locked_round(round)
    tournament = the_round.tournament
    check_not_finished(tournament)
    if tournament.rounds.filter(number__gt=the_round.number).exists():
        raise ValidationError(_("Only the last round's draw can be undone."), code="NOT_LAST_ROUND")
    if Deal.all_objects.filter(table__round=the_round).exists():
        raise ValidationError(
            _("Round %(number)s has deals: its draw can no longer be undone.")
            % {"number": the_round.number},
            code="ROUND_STARTED",
        )
    backups.backup_before(tournament, f"undraw-{the_round.number}")
    before = {
        "method": the_round.method,
        "seed": the_round.seed,
        "tables": the_round.tables.count(),
    }
    number = the_round.number
    the_round.delete()
    if not tournament.rounds.exists():
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    record_change(
        tournament,
        AuditEntry.Action.ROUND_UNDRAW,
        by=by,
        subject=_("Round %(number)s") % {"number": number},
        before=before,
        reason=reason,
        round_number=number,
    )


def refresh_round(
    the_round: Round, *, written: Table | None = None, standing: bool = False
) -> None:
    """Move an open round to *playing* once it has a deal and to *complete* once every table has
    finished its unit (back to *playing* if a correction reopens a table). ``written`` is a
    table of the round just written (its ``complete`` as stored), ``standing`` whether it has
    deals that stand: a table not complete with deals answers both questions (the round is
    *playing*) without a query."""
    if the_round.status == Round.Status.LOCKED:
        return
    tables = Table.objects.filter(round=the_round)
    if written is not None and not written.complete and standing:
        status = Round.Status.PLAYING
    elif not tables.filter(complete=False).exists():
        status = Round.Status.COMPLETE
    elif tables.filter(deals__voided=False).exists():
        status = Round.Status.PLAYING
    else:
        status = Round.Status.DRAWN
    if status != the_round.status:
        Round.all_objects.filter(pk=the_round.pk).update(status=status)
        the_round.status = status


@transaction.atomic
def round_lock(*, round: Round, by: AbstractBaseUser | None = None, reason: str = "") -> Round:
    """Lock a round: its tables' links become read-only and its results final. A round not yet
    complete (a timed round cut short) needs a ``reason``, which is logged. Raises
    ``ValidationError``: ``ROUND_NOT_COMPLETE`` on ``reason``, ``FINISHED``."""
    the_round = _locked_round(round)
    check_not_finished(the_round.tournament)
    if the_round.status == Round.Status.LOCKED:
        return the_round
    if the_round.status != Round.Status.COMPLETE and not reason:
        raise ValidationError(
            {
                "reason": _(
                    "Round %(number)s is not complete. Give a reason to lock it as it stands."
                )
                % {"number": the_round.number}
            },
            code="ROUND_NOT_COMPLETE",
        )
    backups.backup_before(the_round.tournament, f"lock-{the_round.number}")
    before = the_round.status
    the_round.status = Round.Status.LOCKED
    the_round.save(update_fields=["status"])
    record_change(
        the_round.tournament,
        AuditEntry.Action.ROUND_LOCK,
        by=by,
        subject=_("Round %(number)s") % {"number": the_round.number},
        before=before,
        after=Round.Status.LOCKED,
        reason=reason,
        round_number=the_round.number,
    )
    return the_round


@transaction.atomic
def tournament_finish(*, tournament: Tournament, by: AbstractBaseUser | None = None) -> Tournament:
    """Finish the tournament: every round must be complete or locked (complete ones are locked
    now, after a backup, as every lock); everything is read-only afterwards. Raises
    ``ValidationError`` (``ROUND_NOT_COMPLETE`` naming the open rounds, ``FINISHED``)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    check_not_finished(tournament)
    open_rounds = list(
        tournament.rounds.exclude(
            status__in=[Round.Status.COMPLETE, Round.Status.LOCKED]
        ).values_list("number", flat=True)
    )
    if open_rounds:
        raise ValidationError(
            ngettext(
                "Round %(rounds)s is not complete yet. Lock it first (with a reason while "
                "tables are still playing).",
                "Rounds %(rounds)s are not complete yet. Lock them first (with a reason while "
                "tables are still playing).",
                len(open_rounds),
            )
            % {"rounds": ", ".join(map(str, open_rounds))},
            code="ROUND_NOT_COMPLETE",
        )
    stechen = Round.all_objects.filter(tournament=tournament, stechen_first_place__isnull=False)
    playing = stechen.exclude(status__in=[Round.Status.COMPLETE, Round.Status.LOCKED]).first()
    if playing is not None:
        raise ValidationError(
            _("%(stechen)s is still being played. Wait for its tables, or lock them with a reason.")
            % {"stechen": playing.title},
            code="STECHEN_NOT_COMPLETE",
        )
    backups.backup_before(tournament, "finish")
    Round.all_objects.filter(tournament=tournament, status=Round.Status.COMPLETE).update(
        status=Round.Status.LOCKED
    )
    before = tournament.status
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    record_change(
        tournament,
        AuditEntry.Action.TOURNAMENT_FINISH,
        by=by,
        subject=tournament.name,
        before=before,
        after=tournament.status,
    )
    # The public final results are made in the background once the finish is saved (imported
    # here: the printing modules import the services).
    from tournaments.printing.documents import final_results_prepare

    transaction.on_commit(lambda: final_results_prepare(tournament))
    return tournament
