"""The check of a whole document before anything is written: its shape and types, each value
against its model's field rules, the references between its objects, every deal replayed
through the game's engine. Every problem is collected with its JSON path."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from tournaments.errors import deal_error_message
from tournaments.messages import variant_message
from tournaments.models import (
    AuditEntry,
    Deal,
    DealRevision,
    Player,
    Prize,
    PrizeCategory,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournaments.names import labels
from tournaments.selectors import play_order
from tournaments.standings import table_result

FORMAT = "kreidetafel-tournament"
VERSION = 7
MAX_ERRORS = 50
"""At most this many errors are listed; the rest are counted."""

# Each object's keys and the JSON kind of their values; "?" allows null. "datetime" and "date" are
# ISO 8601 strings (a datetime with its UTC offset).
TOURNAMENT_KEYS = {
    "name": "str",
    "slug": "str",
    "game": "str",
    "variant": "object",
    "tiebreaks": "list",
    "status": "str",
    "date": "date",
    "venue": "str",
    "organiser": "str?",
    "lot_seed": "int",
    "planned_rounds": "int",
    "confirmation_required": "bool",
    "check_in_required": "bool",
    "public": "bool",
    "bye_policy": "str",
    "bye_score": "int",
    "certificate_places": "int",
    "director": "str",
    "standings_hidden_from_round": "int?",
    "standings_revealed": "bool",
    "round_minutes": "int?",
    "next_round_at": "datetime?",
    "announcement": "str",
    "entry_fee": "decimal",
    "prize_sharing": "str",
    "prizes_combine": "bool",
    "partners_drawn": "bool",
    "club_ranking_best": "int?",
    "team_ranking_best": "int",
    "seating_plan": "object",
    "created_at": "datetime",
}
DOCUMENT_KEYS = {
    "format": "str",
    "version": "int",
    "exported_at": "datetime?",
    "tournament": "object",
    "teams": "list",
    "players": "list",
    "rounds": "list",
    "prize_categories": "list",
    "prizes": "list",
    "audit": "list",
}
TEAM_KEYS = {"name": "str"}
PRIZE_CATEGORY_KEYS = {"name": "str", "kind": "str", "players": "list"}
PRIZE_KEYS = {
    "kind": "str",
    "place": "int?",
    "category": "str?",
    "amount": "decimal?",
    "share": "decimal?",
    "goods": "str",
    "position": "int",
}
PLAYER_KEYS = {
    "name": "str",
    "club": "str",
    "start_number": "int?",
    "team": "str?",
    "stechen_rank": "int?",
    "checked_in": "bool",
    "hors_concours": "bool",
    "withdrawn": "bool",
    "fee_paid": "decimal?",
    "birth_year": "int?",
    "village": "str",
}
ROUND_KEYS = {
    "number": "int",
    "seed": "int",
    "method": "str",
    "status": "str",
    "drawn_at": "datetime",
    "clock_ends_at": "datetime?",
    "byes": "list",
    "tables": "list",
}
TABLE_KEYS = {"number": "int", "token": "str", "seats": "list", "deals": "list"}
SEAT_KEYS = {"label": "str", "player": "str", "token": "str"}
DEAL_KEYS = {
    "number": "int",
    "entry": "object",
    "revision": "int",
    "entered_seat": "str?",
    "confirmed_seat": "str?",
    "confirmed_at": "datetime?",
    "created_at": "datetime",
    "updated_at": "datetime",
    "voided": "bool",
    "revisions": "list",
}
REVISION_KEYS = {
    "revision": "int",
    "kind": "str",
    "entry": "object",
    "entered_by": "str?",
    "entered_via": "str",
    "entered_seat": "str?",
    "reason": "str",
    "idempotency_key": "str",
    "created_at": "datetime",
}
AUDIT_KEYS = {
    "created_at": "datetime",
    "actor": "str?",
    "via": "str",
    "action": "str",
    "round_number": "int?",
    "table_number": "int?",
    "subject": "str",
    "before": "any",
    "after": "any",
    "reason": "str",
}


def _kind_text(kind: str) -> str:
    return {
        "str": _("a text"),
        "int": _("a whole number"),
        "bool": _("true or false"),
        "object": _("an object"),
        "list": _("a list"),
        "date": _("a date (YYYY-MM-DD)"),
        "datetime": _("a date and time with its UTC offset (ISO 8601)"),
        "decimal": _('an amount as text, such as "12.50"'),
    }[kind]


def _convert(value: Any, kind: str) -> tuple[bool, Any]:
    """Whether ``value`` is of JSON ``kind``, and the value as Python (dates parsed)."""
    if kind.endswith("?"):
        if value is None:
            return True, None
        kind = kind[:-1]
    if kind == "any":
        return True, value
    if kind in ("date", "datetime"):
        if not isinstance(value, str):
            return False, None
        try:
            parsed = parse_date(value) if kind == "date" else parse_datetime(value)
        except ValueError:
            return False, None
        if parsed is None or (kind == "datetime" and timezone.is_naive(parsed)):
            return False, None
        return True, parsed
    if kind == "decimal":
        try:
            amount = Decimal(value) if isinstance(value, str) else None
        except InvalidOperation:
            amount = None
        return (amount is not None and amount.is_finite()), amount
    types = {"str": str, "int": int, "bool": bool, "object": dict, "list": list}[kind]
    ok = isinstance(value, types) and not (kind == "int" and isinstance(value, bool))
    return ok, value


class Problems:
    """The errors found in a document, each with its JSON path."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, path: str, message: str) -> None:
        self.items.append((path, message))

    def fields(self, value: Any, path: str, keys: Mapping[str, str]) -> dict[str, Any] | None:
        """``value`` checked to be an object with exactly ``keys`` of their kinds: its values as
        Python, or None (the errors added) when any is wrong."""
        if not isinstance(value, dict):
            self.add(path, _("expected %(kind)s") % {"kind": _kind_text("object")})
            return None
        cleaned: dict[str, Any] = {}
        wrong = False
        for key in value.keys() - keys.keys():
            self.add(f"{path}.{key}", _("unknown field"))
            wrong = True
        for key, kind in keys.items():
            if key not in value:
                self.add(f"{path}.{key}", _("missing"))
                wrong = True
                continue
            ok, cleaned[key] = _convert(value[key], kind)
            if not ok:
                expected = _kind_text(kind.rstrip("?"))
                if kind.endswith("?"):
                    expected = _("%(kind)s or null") % {"kind": expected}
                self.add(
                    f"{path}.{key}",
                    _("expected %(kind)s, found %(value)s")
                    % {"kind": expected, "value": _shown(value[key])},
                )
                wrong = True
        return None if wrong else cleaned

    def model(self, instance: models.Model, path: str, exclude: Iterable[str] = ()) -> None:
        """Check ``instance`` against its model's field rules (lengths, choices, ranges)."""
        try:
            instance.full_clean(
                exclude=list(exclude), validate_unique=False, validate_constraints=False
            )
        except ValidationError as exc:
            for name, messages in exc.message_dict.items():
                for message in messages:
                    self.add(f"{path}.{name}", message)

    def items_of(
        self, value: Any, path: str, keys: Mapping[str, str]
    ) -> Iterable[tuple[str, dict[str, Any]]]:
        """The well-formed objects of the list ``value`` with their paths (errors added for the
        others)."""
        for index, item in enumerate(value):
            cleaned = self.fields(item, f"{path}[{index}]", keys)
            if cleaned is not None:
                yield f"{path}[{index}]", cleaned

    def unique(self, values: Iterable[tuple[str, Any]], what: str) -> None:
        """Add an error at each path whose value repeats an earlier one."""
        seen: set[Any] = set()
        for path, value in values:
            if value in seen:
                self.add(
                    path,
                    _("%(what)s %(value)s appears twice") % {"what": what, "value": _shown(value)},
                )
            seen.add(value)

    def error(self) -> ValidationError:
        """All problems as one ``ValidationError``: one message per problem, ``"path: text"``,
        at most :data:`MAX_ERRORS` of them and a count of the rest."""
        shown = [f"{path}: {message}" for path, message in self.items[:MAX_ERRORS]]
        rest = len(self.items) - MAX_ERRORS
        if rest > 0:
            shown.append(
                ngettext("… and %(count)s more error.", "… and %(count)s more errors.", rest)
                % {"count": rest}
            )
        return ValidationError(shown, code="INVALID_FILE")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


# --- the checked plan --------------------------------------------------------------------------


@dataclass
class DealPlan:
    """A checked deal, its seats by label and its revisions."""

    deal: Deal
    entered_seat: str | None
    confirmed_seat: str | None
    revisions: list[tuple[DealRevision, str | None, str | None]]
    """Each revision with its user's name and its seat's label."""


@dataclass
class TablePlan:
    """A checked table (its result and completeness replayed) with its seats and deals."""

    table: Table
    seats: list[tuple[Seat, str]]
    """Each seat with its player's name."""
    deals: list[DealPlan] = field(default_factory=list)


@dataclass
class RoundPlan:
    """A checked round with its byes (players' names) and tables."""

    round: Round
    byes: list[str]
    tables: list[TablePlan]


@dataclass
class Plan:
    """A checked document as unsaved model instances: what :func:`write_plan` stores."""

    tournament: Tournament
    organiser: str | None
    teams: list[Team]
    players: list[tuple[Player, str | None]]
    """Each player with his team's name."""
    rounds: list[RoundPlan]
    audit: list[tuple[AuditEntry, str | None]]
    """Each audit entry with its user's name."""
    prize_categories: list[tuple[PrizeCategory, list[str]]] = field(default_factory=list)
    """Each category of the special prizes with its players' names."""
    prizes: list[tuple[Prize, str | None]] = field(default_factory=list)
    """Each prize with its category's name."""


def check_document(data: Any, *, slug: str | None = None) -> Plan:
    """Check a whole document (see the module docstring) and return it as a :class:`Plan`.
    ``slug`` replaces the document's tournament address. The database is only read.

    Raises ``ValidationError`` (code ``INVALID_FILE``) listing every problem as
    ``"path: text"``."""
    problems = Problems()
    if (
        isinstance(data, dict)
        and data.get("format") == FORMAT
        and isinstance(data.get("version"), int)
        and data["version"] < 6  # noqa: PLR2004
    ):
        # Files before the prize list have none (the rest of their upgrade is below).
        data = {"prize_categories": [], "prizes": [], **data}
    document = problems.fields(data, "$", DOCUMENT_KEYS) if isinstance(data, dict) else None
    if document is None:
        if not isinstance(data, dict):
            problems.add("$", _("expected %(kind)s") % {"kind": _kind_text("object")})
        raise problems.error()
    if document["format"] == FORMAT and document["version"] == 1:
        _upgrade_from_version_1(document)
    if document["format"] == FORMAT and document["version"] == 2:  # noqa: PLR2004
        _upgrade_from_version_2(document)
    if document["format"] == FORMAT and document["version"] == 3:  # noqa: PLR2004
        _upgrade_from_version_3(document)
    if document["format"] == FORMAT and document["version"] == 4:  # noqa: PLR2004
        _upgrade_from_version_4(document)
    if document["format"] == FORMAT and document["version"] == 5:  # noqa: PLR2004
        _upgrade_from_version_5(document)
    if document["format"] == FORMAT and document["version"] == 6:  # noqa: PLR2004
        _upgrade_from_version_6(document)
    if document["format"] != FORMAT or document["version"] != VERSION:
        problems.add(
            "format",
            _("this is not a Kreidetafel tournament of format version %(version)s")
            % {"version": VERSION},
        )
        raise problems.error()
    plan = _Checker(problems).document(document, slug)
    if problems.items or plan is None:
        raise problems.error()
    return plan


class _Checker:
    """Checks one document's parts in order; each method adds its problems."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems

    def document(self, document: dict[str, Any], slug: str | None) -> Plan | None:
        tournament = self.tournament(document["tournament"], slug)
        if tournament is None:
            return None
        game = tournament.scoring_game
        self.game, self.variant = game, game.variant(tournament.variant)
        self.confirmation = tournament.confirmation_required
        teams = self.teams(document["teams"], tournament)
        team_names = {team.name for team in teams}
        players = self.players(document["players"], team_names)
        self.player_names = set(player_labels([player for player, _team in players]))
        self.check_team_sizes(teams, players)
        self.check_seating_plan(tournament.seating_plan)
        rounds = [
            self.round(path, cleaned)
            for path, cleaned in self.problems.items_of(document["rounds"], "rounds", ROUND_KEYS)
        ]
        self.check_rounds(rounds, tournament)
        categories = self.prize_categories(document["prize_categories"])
        prizes = self.prizes(document["prizes"], {c.name for c, _players in categories})
        audit = [
            self.audit(path, cleaned)
            for path, cleaned in self.problems.items_of(document["audit"], "audit", AUDIT_KEYS)
        ]
        return Plan(
            tournament=tournament,
            organiser=document["tournament"]["organiser"],
            teams=teams,
            players=players,
            rounds=[r for r in rounds if r is not None],
            audit=audit,
            prize_categories=categories,
            prizes=prizes,
        )

    def tournament(self, value: Any, slug: str | None) -> Tournament | None:
        path = "tournament"
        cleaned = self.problems.fields(value, path, TOURNAMENT_KEYS)
        if cleaned is None:
            return None
        created_at = cleaned.pop("created_at")
        cleaned.pop("organiser")
        if slug is not None:
            cleaned["slug"] = slug
        tournament = Tournament(**cleaned)
        tournament.created_at = created_at
        before = len(self.problems.items)
        self.problems.model(tournament, path, exclude=["organiser"])
        if len(self.problems.items) > before:
            return None
        game = tournament.scoring_game
        try:
            game.variant(tournament.variant)
        except scoring.InvalidVariant as exc:
            message = variant_message(tournament.game, exc.code) or exc.message
            self.problems.add(f"{path}.variant.{exc.option}", str(message))
            return None
        order = tournament.tiebreaks
        if not all(isinstance(key, str) and key in game.tiebreaks for key in order) or len(
            set(map(str, order))
        ) != len(order):
            self.problems.add(
                f"{path}.tiebreaks",
                _("each tie-break once, from the game's list: %(keys)s")
                % {"keys": ", ".join(game.tiebreaks)},
            )
        if tournament.partners_drawn and not tournament.partnership_game:
            self.problems.add(
                f"{path}.partners_drawn",
                _("%(game)s is not played in partnerships of two: there are no partners to draw.")
                % {"game": game.name},
            )
        return tournament

    def teams(self, value: list, tournament: Tournament) -> list[Team]:
        found = [
            (path, Team(name=cleaned["name"]))
            for path, cleaned in self.problems.items_of(value, "teams", TEAM_KEYS)
        ]
        for path, team in found:
            self.problems.model(team, path, exclude=["tournament"])
        self.problems.unique(((f"{p}.name", t.name) for p, t in found), _("the team"))
        if found and not tournament.teams_allowed:
            self.problems.add(
                "teams",
                _("%(game)s is not played in fixed partnerships.")
                % {"game": tournament.get_game_display()},
            )
        return [team for _path, team in found]

    def players(self, value: list, team_names: set[str]) -> list[tuple[Player, str | None]]:
        found = []
        for path, cleaned in self.problems.items_of(value, "players", PLAYER_KEYS):
            team = cleaned.pop("team")
            player = Player(**cleaned)
            self.problems.model(player, path, exclude=["tournament", "team"])
            if team is not None and team not in team_names:
                self.problems.add(f"{path}.team", _("no team of this name"))
            found.append((path, player, team))
        shown = player_labels([player for _path, player, _team in found])
        self.problems.unique(
            ((f"{path}.name", label) for (path, _p, _t), label in zip(found, shown, strict=True)),
            _("the player"),
        )
        return [(player, team) for _path, player, team in found]

    def check_team_sizes(self, teams: list[Team], players: list[tuple[Player, str | None]]) -> None:
        sizes = Counter(team for _player, team in players if team is not None)
        for index, team in enumerate(teams):
            if sizes[team.name] != 2:
                self.problems.add(
                    f"teams[{index}]",
                    _("a team is two players; %(count)s name it") % {"count": sizes[team.name]},
                )

    def check_seating_plan(self, plan: dict[str, Any]) -> None:
        """The plan of all rounds drawn in advance, if any: its seed, first round and per round
        (number as text) the tables and byes as players' names of the file."""
        path = "tournament.seating_plan"
        if not plan:
            return
        rounds = plan.get("rounds")
        if (
            not isinstance(plan.get("seed"), int)
            or not isinstance(plan.get("from_round"), int)
            or not isinstance(rounds, dict)
            or not all(
                isinstance(r, dict)
                and isinstance(r.get("tables"), list)
                and isinstance(r.get("byes"), list)
                and all(isinstance(t, list) for t in r["tables"])
                and str(number).isdigit()
                for number, r in rounds.items()
            )
        ):
            self.problems.add(
                path,
                _("expected a seed, a first round and per round its tables and byes"),
            )
            return
        for number, r in rounds.items():
            for i, table in enumerate(r["tables"]):
                for name in table:
                    self.player(f"{path}.rounds.{number}.tables[{i}]", name)
            for name in r["byes"]:
                self.player(f"{path}.rounds.{number}.byes", name)

    def player(self, path: str, name: Any) -> bool:
        if name not in self.player_names:
            self.problems.add(path, _("no player of this name: %(name)s") % {"name": _shown(name)})
            return False
        return True

    def prize_categories(self, value: list) -> list[tuple[PrizeCategory, list[str]]]:
        found = []
        for path, cleaned in self.problems.items_of(value, "prize_categories", PRIZE_CATEGORY_KEYS):
            category = PrizeCategory(name=cleaned["name"], kind=cleaned["kind"])
            self.problems.model(category, path, exclude=["tournament"])
            names = cleaned["players"]
            for index, name in enumerate(names):
                self.player(f"{path}.players[{index}]", name)
            self.problems.unique(
                ((f"{path}.players[{i}]", name) for i, name in enumerate(names)), _("the player")
            )
            found.append((path, category, names))
        self.problems.unique(
            ((f"{path}.name", c.name.casefold()) for path, c, _names in found), _("the category")
        )
        return [(category, names) for _path, category, names in found]

    def prizes(self, value: list, categories: set[str]) -> list[tuple[Prize, str | None]]:
        """The prize list, checked as the services check a prize (a place for a place prize, a
        category for a category's, not both an amount and a share, shares at most 100 %, each
        place, category and special prize once)."""
        found = []
        for path, cleaned in self.problems.items_of(value, "prizes", PRIZE_KEYS):
            category = cleaned.pop("category")
            prize = Prize(**cleaned)
            self.problems.model(prize, path, exclude=["tournament", "category"])
            if (prize.kind == Prize.Kind.PLACE) != (prize.place is not None):
                self.problems.add(f"{path}.place", _("a place prize has a place, no other"))
            if (prize.kind == Prize.Kind.CATEGORY) != (category is not None):
                self.problems.add(
                    f"{path}.category", _("a category's prize has a category, no other")
                )
            elif category is not None and category not in categories:
                self.problems.add(f"{path}.category", _("no category of this name"))
            if prize.amount is not None and prize.share is not None:
                self.problems.add(f"{path}.share", _("an amount or a share, not both"))
            found.append((path, prize, category))
        shares = sum((p.share for _path, p, _c in found if p.share is not None), Decimal("0"))
        if shares > Decimal(100):
            self.problems.add(
                "prizes", _("the shares add up to more than %(max)s %%") % {"max": 100}
            )
        self.problems.unique(
            (
                (path, (p.kind, p.place if p.kind != Prize.Kind.CATEGORY else category))
                for path, p, category in found
            ),
            _("the prize"),
        )
        return [(prize, category) for _path, prize, category in found]

    def round(self, path: str, cleaned: dict[str, Any]) -> RoundPlan | None:
        byes, tables = cleaned.pop("byes"), cleaned.pop("tables")
        drawn_at = cleaned.pop("drawn_at")
        the_round = Round(**cleaned)
        the_round.drawn_at = drawn_at
        self.problems.model(the_round, path, exclude=["tournament"])
        for index, name in enumerate(byes):
            self.player(f"{path}.byes[{index}]", name)
        plans = [
            self.table(table_path, table)
            for table_path, table in self.problems.items_of(tables, f"{path}.tables", TABLE_KEYS)
        ]
        self.problems.unique(
            (
                (f"{path}.tables[{i}].number", t["number"])
                for i, t in enumerate(tables)
                if isinstance(t, dict)
            ),
            _("the table number"),
        )
        seated = [
            (f"{path}.tables[{t}].seats[{s}].player", name)
            for t, plan in enumerate(plans)
            if plan is not None
            for s, (_seat, name) in enumerate(plan.seats)
        ]
        seated += [(f"{path}.byes[{i}]", name) for i, name in enumerate(byes)]
        self.problems.unique(seated, _("the player"))
        found = [plan for plan in plans if plan is not None]
        if the_round.status != Round.Status.LOCKED and len(found) == len(plans):
            expected = _round_status([plan.table for plan in found], any(p.deals for p in found))
            if the_round.status != expected:
                self.problems.add(
                    f"{path}.status",
                    _("the tables say %(expected)s") % {"expected": expected},
                )
        return RoundPlan(round=the_round, byes=byes, tables=found)

    def check_rounds(self, rounds: list[RoundPlan | None], tournament: Tournament) -> None:
        for index, plan in enumerate(rounds):
            if plan is not None and plan.round.number != index + 1:
                self.problems.add(
                    f"rounds[{index}].number",
                    _("rounds are numbered 1, 2, 3, … in order; expected %(number)s")
                    % {"number": index + 1},
                )
        if len(rounds) > tournament.planned_rounds:
            self.problems.add("tournament.planned_rounds", _("fewer than the rounds drawn"))
        if (tournament.status == Tournament.Status.DRAFT) != (not rounds):
            self.problems.add(
                "tournament.status", _("a tournament is in registration until its first draw")
            )
        if tournament.finished and any(
            plan is not None and plan.round.status != Round.Status.LOCKED for plan in rounds
        ):
            self.problems.add(
                "tournament.status", _("a finished tournament has every round locked")
            )

    def table(self, path: str, cleaned: dict[str, Any]) -> TablePlan | None:
        table = Table(number=cleaned["number"], token=cleaned["token"])
        self.problems.model(table, path, exclude=["round", "result"])
        seats = []
        for seat_path, seat in self.problems.items_of(cleaned["seats"], f"{path}.seats", SEAT_KEYS):
            instance = Seat(label=seat["label"], token=seat["token"])
            self.problems.model(instance, seat_path, exclude=["table", "player"])
            if self.player(f"{seat_path}.player", seat["player"]):
                seats.append((instance, seat["player"]))
        if len(seats) != len(cleaned["seats"]):
            return None
        labels = [seat.label for seat, _name in seats]
        try:
            expected = self.game.seats(len(labels))
        except ValueError as exc:  # InvalidVariant is one too
            self.problems.add(f"{path}.seats", str(exc))
            return None
        if sorted(labels) != sorted(expected):
            self.problems.add(
                f"{path}.seats",
                _("the seats of a table of %(count)s are %(labels)s")
                % {"count": len(labels), "labels": ", ".join(expected)},
            )
            return None
        plan = TablePlan(table=table, seats=seats)
        deals = list(self.problems.items_of(cleaned["deals"], f"{path}.deals", DEAL_KEYS))
        if len(deals) != len(cleaned["deals"]):
            return None
        for deal_path, deal in deals:
            plan.deals.append(self.deal(deal_path, deal, set(labels)))
        if self.replay(path, plan):
            return plan
        return None

    def deal(self, path: str, cleaned: dict[str, Any], labels: set[str]) -> DealPlan:
        revisions = []
        for rev_path, rev in self.problems.items_of(
            cleaned.pop("revisions"), f"{path}.revisions", REVISION_KEYS
        ):
            by, seat = rev.pop("entered_by"), rev.pop("entered_seat")
            created_at = rev.pop("created_at")
            revision = DealRevision(**rev)
            revision.created_at = created_at
            self.problems.model(revision, rev_path, exclude=["deal", "entered_by", "entered_seat"])
            self.seat_label(f"{rev_path}.entered_seat", seat, labels)
            revisions.append((revision, by, seat))
        entered, confirmed = cleaned.pop("entered_seat"), cleaned.pop("confirmed_seat")
        stamps = {key: cleaned.pop(key) for key in ("created_at", "updated_at")}
        deal = Deal(**cleaned)
        for key, value in stamps.items():
            setattr(deal, key, value)
        self.problems.model(deal, path, exclude=["table", "entered_seat", "confirmed_seat"])
        self.seat_label(f"{path}.entered_seat", entered, labels)
        self.seat_label(f"{path}.confirmed_seat", confirmed, labels)
        if confirmed is not None and confirmed == entered:
            self.problems.add(
                f"{path}.confirmed_seat", _("the player who entered a deal does not confirm it")
            )
        numbers = [revision.revision for revision, _by, _seat in revisions]
        if numbers != list(range(1, deal.revision + 1)):
            self.problems.add(
                f"{path}.revisions",
                _("revisions 1 to %(count)s, in order") % {"count": deal.revision},
            )
        elif revisions[-1][0].entry != deal.entry:
            self.problems.add(f"{path}.entry", _("differs from the last revision's entry"))
        return DealPlan(deal, entered, confirmed, revisions)

    def seat_label(self, path: str, label: str | None, labels: set[str]) -> None:
        if label is not None and label not in labels:
            self.problems.add(path, _("no seat %(label)s at this table") % {"label": _shown(label)})

    def replay(self, path: str, plan: TablePlan) -> bool:
        """Replay the table's deals through the engine with every check, numbered 1, 2, … in
        order; store its result and completeness on ``plan.table``. False on a problem."""
        game, variant = self.game, self.variant
        labels = play_order(game, [seat.label for seat, _name in plan.seats])
        try:
            state = game.initial(labels, variant)
        except ValueError as exc:
            self.problems.add(f"{path}.seats", str(exc))
            return False
        counted, waiting = state, False
        for index, deal_plan in enumerate(plan.deals):
            deal, deal_path = deal_plan.deal, f"{path}.deals[{index}]"
            if deal.number != index + 1:
                self.problems.add(
                    f"{deal_path}.number",
                    _("deals are numbered 1, 2, 3, … in order; expected %(number)s")
                    % {"number": index + 1},
                )
                return False
            if deal.voided:  # undone or voided: kept for the history, out of play
                continue
            if state.unit_over:
                self.problems.add(deal_path, _("the table had finished its round before this deal"))
                return False
            try:
                state = game.apply(deal.entry, state, variant).state
            except scoring.InvalidDeal as exc:
                self.problems.add(
                    f"{deal_path}.entry.{exc.field}", deal_error_message(game.key, exc)
                )
                return False
            except (TypeError, KeyError, ValueError, AttributeError) as exc:
                self.problems.add(
                    f"{deal_path}.entry",
                    _("the game cannot read this entry (%(error)s)") % {"error": exc},
                )
                return False
            # Where deals need a confirmation, those before the first one waiting count.
            waiting = waiting or (self.confirmation and deal.confirmed_at is None)
            if not waiting:
                counted = state
        plan.table.complete = state.unit_over and not waiting
        plan.table.result = table_result(counted)
        return True

    def audit(self, path: str, cleaned: dict[str, Any]) -> tuple[AuditEntry, str | None]:
        actor = cleaned.pop("actor")
        created_at = cleaned.pop("created_at")
        entry = AuditEntry(**cleaned)
        entry.created_at = created_at
        self.problems.model(entry, path, exclude=["tournament", "actor"])
        return entry, actor


def _objects(value: Any, key: str) -> list[dict[str, Any]]:
    """The objects in ``value[key]`` if ``value`` is an object holding a list there."""
    items = value.get(key) if isinstance(value, dict) else None
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def player_labels(players: list[Player]) -> list[str]:
    """How a document names each of ``players`` in its seats and byes: the name, or for players
    who share a name the name with their club or village and start number
    (:func:`tournaments.names.labels`), in the order given."""
    shown = labels((i, p.name, p.club, p.start_number) for i, p in enumerate(players))
    return [shown[i] for i in range(len(players))]


def _upgrade_from_version_6(document: dict[str, Any]) -> None:
    """A version 6 file (before partners drawn anew each round, the side rankings and the
    seating plan) in version 7's shape: registered teams, or none, as before; no club ranking,
    teams of the team ranking counting their best 4, every category a category (no team); no
    rounds planned in advance."""
    document["version"] = VERSION
    tournament = document.get("tournament")
    if isinstance(tournament, dict):
        tournament.setdefault("partners_drawn", False)
        tournament.setdefault("club_ranking_best", None)
        tournament.setdefault("team_ranking_best", 4)
        tournament.setdefault("seating_plan", {})
    for category in _objects(document, "prize_categories"):
        category.setdefault("kind", PrizeCategory.Kind.CATEGORY.value)


def _upgrade_from_version_5(document: dict[str, Any]) -> None:
    """A version 5 file (before the prize list) in version 6's shape: no prizes, no categories,
    shared places split equally, one prize a player."""
    document["version"] = 6
    tournament = document.get("tournament")
    if isinstance(tournament, dict):
        tournament.setdefault("prize_sharing", Tournament.PrizeSharing.SPLIT.value)
        tournament.setdefault("prizes_combine", False)
    document.setdefault("prize_categories", [])
    document.setdefault("prizes", [])


def _upgrade_from_version_4(document: dict[str, Any]) -> None:
    """A version 4 file (before the round clock, entry fees and the article's facts) in version
    5's shape: no clock, no fee, nothing hidden, no birth years or villages."""
    document["version"] = 5
    tournament = document.get("tournament")
    if isinstance(tournament, dict):
        tournament.setdefault("standings_hidden_from_round", None)
        tournament.setdefault("standings_revealed", False)
        tournament.setdefault("round_minutes", None)
        tournament.setdefault("next_round_at", None)
        tournament.setdefault("announcement", "")
        tournament.setdefault("entry_fee", "0.00")
    for player in _objects(document, "players"):
        player.setdefault("fee_paid", None)
        player.setdefault("birth_year", None)
        player.setdefault("village", "")
    for the_round in _objects(document, "rounds"):
        the_round.setdefault("clock_ends_at", None)


def _upgrade_from_version_3(document: dict[str, Any]) -> None:
    """A version 3 file (before start numbers and substitutes; every name unique, everybody
    ranked) in version 4's shape."""
    document["version"] = 4
    for player in _objects(document, "players"):
        player.setdefault("start_number", None)
        player.setdefault("hors_concours", False)


def _upgrade_from_version_2(document: dict[str, Any]) -> None:
    """A version 2 file (before the bye policy) in version 3's shape: its byes scored the game's
    fixed bye score, and still do; certificates for the first three places."""
    document["version"] = 3
    tournament = document.get("tournament")
    if isinstance(tournament, dict):
        game = scoring.games.get(tournament.get("game"))
        tournament.setdefault("bye_policy", Tournament.ByePolicy.FIXED.value)
        tournament.setdefault("bye_score", game.bye_score if game else 0)
        tournament.setdefault("certificate_places", 3)
        tournament.setdefault("director", "")


def _upgrade_from_version_1(document: dict[str, Any]) -> None:
    """A version 1 file (before undo and void) in version 2's shape: no deal is voided, a
    revision after the first is a correction. Malformed parts are left for the check."""
    document["version"] = 2
    for round_ in _objects(document, "rounds"):
        for table in _objects(round_, "tables"):
            for deal in _objects(table, "deals"):
                deal.setdefault("voided", False)
                for revision in _objects(deal, "revisions"):
                    number = revision.get("revision")
                    later = isinstance(number, int) and number > 1
                    revision.setdefault("kind", "correction" if later else "entry")


def _round_status(tables: list[Table], played: bool) -> str:
    """A round's status short of locked, from its tables (as ``services.rounds.refresh_round``
    moves it): complete once every table is, playing once a deal is entered, else drawn."""
    if all(table.complete for table in tables):
        return Round.Status.COMPLETE
    return Round.Status.PLAYING if played else Round.Status.DRAWN


def check_replacement(tournament: Tournament, data: Any) -> Plan:
    """Check ``data`` completely as a document of ``tournament`` (the same address) to replace
    it with :func:`tournaments.services.tournament_replace`; only reads the database.

    Raises ``ValidationError`` as :func:`check_document`, or code ``OTHER_TOURNAMENT`` on a
    document of the tournament at another address."""
    plan = check_document(data)
    if plan.tournament.slug != tournament.slug:
        raise ValidationError(
            "tournament.slug: "
            + _("this file holds the tournament at %(file)s, not %(slug)s")
            % {"file": plan.tournament.slug, "slug": tournament.slug},
            code="OTHER_TOURNAMENT",
        )
    return plan
