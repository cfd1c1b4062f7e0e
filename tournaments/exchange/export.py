"""A tournament as the JSON document of docs/backups.md."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from tournaments.exchange.check import FORMAT, VERSION
from tournaments.models import Bye, Deal, DealRevision, PrizeCategory, Seat, Table, Tournament
from tournaments.names import labels


def _when(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def _plan_by_name(plan: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """The plan of all rounds drawn in advance (:attr:`Tournament.seating_plan`) with each
    player id replaced by the player's name in the file (``{}`` for none); a player deleted since
    is left out (the next planned draw then plans anew)."""
    if not plan:
        return {}

    def named(ids: list[int]) -> list[str]:
        return [names[p] for p in ids if p in names]

    return {
        "seed": plan["seed"],
        "from_round": plan["from_round"],
        "rounds": {
            number: {"tables": [named(t) for t in r["tables"]], "byes": named(r["byes"])}
            for number, r in plan["rounds"].items()
        },
    }


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    """``tournament`` as the JSON-ready document of docs/backups.md (format version 7), from a
    fixed number of queries however large it is. Datetimes are ISO 8601 with their UTC offset;
    users are named by their username."""
    username = get_user_model().USERNAME_FIELD
    teams = dict(tournament.teams.values_list("pk", "name"))
    players = list(
        tournament.players.order_by("name", "club", "start_number").values(
            "pk",
            "name",
            "club",
            "start_number",
            "stechen_rank",
            "team_id",
            "checked_in",
            "hors_concours",
            "withdrawn",
            "fee_paid",
            "birth_year",
            "village",
        )
    )
    names = labels((p["pk"], p["name"], p["club"], p["start_number"]) for p in players)
    byes: dict[int, list[str]] = {}
    for round_id, player_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "round_id", "player_id"
    ):
        byes.setdefault(round_id, []).append(names[player_id])
    seat_labels = dict(
        Seat.objects.filter(table__round__tournament=tournament).values_list("pk", "label")
    )
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in Seat.objects.filter(table__round__tournament=tournament).values(
        "table_id", "label", "player_id", "token"
    ):
        seats.setdefault(seat["table_id"], []).append(
            {"label": seat["label"], "player": names[seat["player_id"]], "token": seat["token"]}
        )
    revisions: dict[int, list[dict[str, Any]]] = {}
    for r in DealRevision.objects.filter(deal__table__round__tournament=tournament).values(
        "deal_id",
        "revision",
        "kind",
        "entry",
        "entered_via",
        "entered_seat_id",
        "reason",
        "idempotency_key",
        "created_at",
        by=models.F(f"entered_by__{username}"),
    ):
        revisions.setdefault(r["deal_id"], []).append(
            {
                "revision": r["revision"],
                "kind": r["kind"],
                "entry": r["entry"],
                "entered_by": r["by"],
                "entered_via": r["entered_via"],
                "entered_seat": seat_labels.get(r["entered_seat_id"]),
                "reason": r["reason"],
                "idempotency_key": r["idempotency_key"],
                "created_at": _when(r["created_at"]),
            }
        )
    deals: dict[int, list[dict[str, Any]]] = {}
    for d in Deal.all_objects.filter(table__round__tournament=tournament).values():
        deals.setdefault(d["table_id"], []).append(
            {
                "number": d["number"],
                "entry": d["entry"],
                "revision": d["revision"],
                "entered_seat": seat_labels.get(d["entered_seat_id"]),
                "confirmed_seat": seat_labels.get(d["confirmed_seat_id"]),
                "confirmed_at": _when(d["confirmed_at"]),
                "created_at": _when(d["created_at"]),
                "updated_at": _when(d["updated_at"]),
                "voided": d["voided"],
                "revisions": revisions.get(d["id"], []),
            }
        )
    tables: dict[int, list[dict[str, Any]]] = {}
    for t in Table.objects.filter(round__tournament=tournament).values(
        "pk", "round_id", "number", "token"
    ):
        tables.setdefault(t["round_id"], []).append(
            {
                "number": t["number"],
                "token": t["token"],
                "seats": seats.get(t["pk"], []),
                "deals": deals.get(t["pk"], []),
            }
        )
    members: dict[int, list[str]] = {}
    for category_id, player_id in PrizeCategory.players.through.objects.filter(
        prizecategory__tournament=tournament
    ).values_list("prizecategory_id", "player_id"):
        members.setdefault(category_id, []).append(names[player_id])
    organiser = getattr(tournament.organiser, username)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(timezone.now()),
        "tournament": {
            "name": tournament.name,
            "slug": tournament.slug,
            "game": tournament.game,
            "variant": tournament.variant,
            "tiebreaks": tournament.tiebreaks,
            "status": tournament.status,
            "date": tournament.date.isoformat(),
            "venue": tournament.venue,
            "organiser": organiser,
            "lot_seed": tournament.lot_seed,
            "planned_rounds": tournament.planned_rounds,
            "confirmation_required": tournament.confirmation_required,
            "check_in_required": tournament.check_in_required,
            "public": tournament.public,
            "bye_policy": tournament.bye_policy,
            "bye_score": tournament.bye_score,
            "certificate_places": tournament.certificate_places,
            "director": tournament.director,
            "standings_hidden_from_round": tournament.standings_hidden_from_round,
            "standings_revealed": tournament.standings_revealed,
            "round_minutes": tournament.round_minutes,
            "next_round_at": _when(tournament.next_round_at),
            "announcement": tournament.announcement,
            "entry_fee": str(tournament.entry_fee),
            "prize_sharing": tournament.prize_sharing,
            "prizes_combine": tournament.prizes_combine,
            "partners_drawn": tournament.partners_drawn,
            "club_ranking_best": tournament.club_ranking_best,
            "team_ranking_best": tournament.team_ranking_best,
            "seating_plan": _plan_by_name(tournament.seating_plan, names),
            "created_at": _when(tournament.created_at),
        },
        "teams": [{"name": name} for name in sorted(teams.values())],
        "players": [
            {
                "name": p["name"],
                "club": p["club"],
                "start_number": p["start_number"],
                "team": teams.get(p["team_id"]),
                "stechen_rank": p["stechen_rank"],
                "checked_in": p["checked_in"],
                "hors_concours": p["hors_concours"],
                "withdrawn": p["withdrawn"],
                "fee_paid": None if p["fee_paid"] is None else str(p["fee_paid"]),
                "birth_year": p["birth_year"],
                "village": p["village"],
            }
            for p in players
        ],
        "rounds": [
            {
                "number": r["number"],
                "seed": r["seed"],
                "method": r["method"],
                "status": r["status"],
                "drawn_at": _when(r["drawn_at"]),
                "clock_ends_at": _when(r["clock_ends_at"]),
                "byes": sorted(byes.get(r["pk"], [])),
                "tables": tables.get(r["pk"], []),
            }
            for r in tournament.rounds.order_by("number").values(
                "pk", "number", "seed", "method", "status", "drawn_at", "clock_ends_at"
            )
        ],
        "prize_categories": [
            {"name": name, "kind": kind, "players": sorted(members.get(pk, []))}
            for pk, name, kind in tournament.prize_categories.order_by("name").values_list(
                "pk", "name", "kind"
            )
        ],
        "prizes": [
            {
                "kind": p["kind"],
                "place": p["place"],
                "category": p["category__name"],
                "amount": None if p["amount"] is None else str(p["amount"]),
                "share": None if p["share"] is None else str(p["share"]),
                "goods": p["goods"],
                "position": p["position"],
            }
            for p in tournament.prizes.order_by("kind", "place", "position", "pk").values(
                "kind", "place", "category__name", "amount", "share", "goods", "position"
            )
        ],
        "audit": [
            {
                "created_at": _when(a["created_at"]),
                "actor": a["by"],
                "via": a["via"],
                "action": a["action"],
                "round_number": a["round_number"],
                "table_number": a["table_number"],
                "subject": a["subject"],
                "before": a["before"],
                "after": a["after"],
                "reason": a["reason"],
            }
            for a in tournament.audit_entries.order_by("created_at", "id").values(
                "created_at",
                "via",
                "action",
                "round_number",
                "table_number",
                "subject",
                "before",
                "after",
                "reason",
                by=models.F(f"actor__{username}"),
            )
        ],
    }
