"""Export and import of a whole tournament (tournaments.exchange, docs/backups.md)."""

from __future__ import annotations

import copy
import datetime
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from tournaments import services
from tournaments.exchange import export_tournament
from tournaments.models import (
    AuditEntry,
    Deal,
    DealRevision,
    Player,
    Round,
    Seat,
    Table,
    Tournament,
)
from tournaments.standings import tournament_standings
from tournaments.tables import table_state

GAMES = [
    "hintersche",
    "bauerchen",
    "bauerchen_hessen",
    "hundertspiel",
    "kein_stich",
    "hindernislauf",
]

# Example H-1 of the scoring specification: after these four deals the Vier-Strich is over with
# A 2, B 1, C 0, D 1 Striche.
H1 = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
    {"points": {"A": 45, "B": 12, "C": 33, "D": 50}},
    {"points": {"A": 70, "B": 14, "C": 26, "D": 30}},
]


def standings_rows(tournament):
    return [
        (row.player.name, row.rank, row.total, [c and (c.score, c.finished) for c in row.cells])
        for row in tournament_standings(tournament).rows
    ]


def slates(tournament):
    """Per (round, table) the replayed state of the table, and its stored result."""
    return {
        (t.round.number, t.number): (table_state(t).as_dict(), t.result, t.complete)
        for t in Table.objects.filter(round__tournament=tournament).select_related(
            "round__tournament"
        )
    }


def counts():
    return {
        model.__name__: model.objects.count()
        for model in (Tournament, Player, Round, Table, Seat, Deal, DealRevision, AuditEntry)
    }


@pytest.fixture
def played(table, organiser):
    """A Hintersche tournament whose only table played example H-1, the last deal corrected
    once (two revisions)."""
    for entry in H1[:3]:
        services.deal_record(table=table, entry=entry, by=organiser, via="test")
    services.deal_record(table=table, entry=H1[2], by=organiser, via="test")
    services.deal_correct(table=table, entry=H1[3], by=organiser, via="test", reason="typo")
    return table.round.tournament


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_into_an_emptied_database_gives_the_same_tournament(db, game):
    call_command("demo", game=[game], stdout=io.StringIO())
    original = Tournament.objects.get()
    organiser = original.organiser
    document = export_tournament(original)
    rows, tables = standings_rows(original), slates(original)
    before = counts()
    original.rounds.all().delete()  # first: their seats protect the players
    original.delete()
    assert Tournament.objects.count() == Deal.objects.count() == 0

    imported = services.tournament_import(data=copy.deepcopy(document), organiser=organiser)

    assert imported.slug == document["tournament"]["slug"]
    assert standings_rows(imported) == rows
    assert slates(imported) == tables
    # One more audit entry: the import itself.
    assert counts() == {**before, "AuditEntry": before["AuditEntry"] + 1}
    again = export_tournament(imported)
    *kept, last = again.pop("audit")
    assert last["action"] == AuditEntry.Action.ADMIN and last["subject"] == "Imported from a file"
    for key in ("exported_at", "audit"):
        document.pop(key)
        again.pop(key, None)
    assert again == document  # tokens, timestamps, revisions and all
    assert kept == export_tournament(imported)["audit"][:-1]


def test_a_copy_under_a_new_slug_gets_fresh_links_and_leaves_the_original(played, organiser):
    document = export_tournament(played)
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert copy_.slug == "kopie" and copy_.pk != played.pk
    assert standings_rows(copy_) == standings_rows(played)
    old = set(Seat.objects.filter(table__round__tournament=played).values_list("token", flat=True))
    new = set(Seat.objects.filter(table__round__tournament=copy_).values_list("token", flat=True))
    assert len(new) == 4 and not old & new
    revisions = DealRevision.objects.filter(deal__table__round__tournament=copy_)
    assert revisions.count() == 5
    assert [r.reason for r in revisions.filter(revision=2)] == ["typo"]


def test_an_address_in_use_is_refused_and_nothing_is_written(played, organiser):
    before = counts()
    with pytest.raises(ValidationError) as caught:
        services.tournament_import(data=export_tournament(played), organiser=organiser)
    assert caught.value.error_list[0].code == "SLUG_TAKEN"
    assert caught.value.messages[0].startswith("tournament.slug: ")
    assert counts() == before


def test_a_user_this_database_lacks_is_kept_as_text(played, organiser, django_user_model):
    document = export_tournament(played)
    document["rounds"][0]["tables"][0]["deals"][0]["revisions"][0]["entered_by"] = "anna"
    imported = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    first = DealRevision.objects.get(deal__table__round__tournament=imported, deal__number=1)
    assert first.entered_by is None
    assert first.entered_via == "test [anna]"
    second = DealRevision.objects.get(deal__table__round__tournament=imported, deal__number=2)
    assert second.entered_by == organiser


def _deal(document, index=0):
    return document["rounds"][0]["tables"][0]["deals"][index]


def wrong_format(d):
    d["format"] = "something-else"


def missing_key(d):
    del d["players"][1]["name"]


def engine_rejects(d):
    # 45 + 12 + 33 + 41 = 131 card points, but a Hintersche deal has 140.
    _deal(d, 2)["entry"]["points"]["D"] = 41
    _deal(d, 2)["revisions"][0]["entry"]["points"]["D"] = 41


def unknown_player(d):
    d["rounds"][0]["tables"][0]["seats"][2]["player"] = "Niemand"


def wrong_types(d):
    d["rounds"][0]["number"] = "eins"
    d["players"][0]["withdrawn"] = "no"


def deal_after_the_end(d):
    extra = copy.deepcopy(_deal(d, 3))
    extra["number"] = 5
    d["rounds"][0]["tables"][0]["deals"].append(extra)


def seat_of_another_table(d):
    _deal(d, 0)["entered_seat"] = "E"


@pytest.mark.parametrize(
    ("spoil", "path", "words"),
    [
        (wrong_format, "format", "not a Kreidetafel tournament"),
        (missing_key, "players[1].name", "missing"),
        (engine_rejects, "rounds[0].tables[0].deals[2].entry.points", "131"),
        (unknown_player, "rounds[0].tables[0].seats[2].player", "Niemand"),
        (wrong_types, "rounds[0].number", "expected a whole number, found 'eins'"),
        (wrong_types, "players[0].withdrawn", "expected true or false"),
        (deal_after_the_end, "rounds[0].tables[0].deals[4]", "finished its round"),
        (seat_of_another_table, "rounds[0].tables[0].deals[0].entered_seat", "no seat 'E'"),
    ],
)
def test_a_bad_file_is_refused_with_the_place_of_the_error_and_nothing_written(
    played, organiser, spoil, path, words
):
    document = export_tournament(played)
    spoil(document)
    before = counts()
    with pytest.raises(ValidationError) as caught:
        services.tournament_import(data=document, organiser=organiser, slug="kopie")
    found = [m for m in caught.value.messages if m.startswith(f"{path}")]
    assert found, caught.value.messages
    assert any(words in m for m in found), found
    assert counts() == before


def test_every_error_of_a_file_is_listed_at_once(played, organiser):
    document = export_tournament(played)
    unknown_player(document)
    missing_key(document)
    document["players"][0]["withdrawn"] = "no"
    with pytest.raises(ValidationError) as caught:
        services.tournament_import(data=document, organiser=organiser, slug="kopie")
    paths = {m.split(": ", 1)[0] for m in caught.value.messages}
    assert {
        "players[1].name",
        "players[0].withdrawn",
        "rounds[0].tables[0].seats[2].player",
    } <= paths


def test_not_json_object_and_house_rules_the_game_refuses(played, organiser):
    with pytest.raises(ValidationError) as caught:
        services.tournament_import(data=[1, 2], organiser=organiser)
    assert caught.value.messages == ["$: expected an object"]
    document = export_tournament(played)
    document["tournament"]["variant"] = {"no_such_rule": 1}
    with pytest.raises(ValidationError) as caught:
        services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert caught.value.messages[0].startswith("tournament.variant.no_such_rule: ")


def test_export_reads_a_fixed_number_of_queries(played, django_assert_max_num_queries):
    """Guards against a query per round, table or deal in the export (ten, and three for the
    prize list: its categories, their players, its prizes)."""
    with django_assert_max_num_queries(13):
        document = export_tournament(played)
    assert len(_deal(document, 3)["revisions"]) == 2


def test_undone_and_voided_deals_travel_with_their_history(table, organiser):
    """Deal 2 entered twice and voided, deal 4 undone: the copy keeps both as versions and
    counts what the original counts (A: 1 Strich from deal 1, B: 1 from deal 3)."""
    a_most, b_most = {"points": {"A": 70, "B": 30, "C": 25, "D": 15}}, H1[1]
    for number, entry in enumerate([a_most, a_most, b_most, H1[0]], start=1):
        services.deal_record(table=table, entry=entry, by=None, via="seat", number=number)
    services.deal_void(table=table, by=organiser, number=2, reason="entered twice")
    services.deal_undo(table=table, by=None, via="seat", number=4, reason="too early")
    document = export_tournament(table.round.tournament)
    assert [d["voided"] for d in document["rounds"][0]["tables"][0]["deals"]] == [
        False,
        True,
        False,
        True,
    ]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert standings_rows(copy_) == standings_rows(table.round.tournament)
    kinds = DealRevision.objects.filter(deal__table__round__tournament=copy_).order_by(
        "deal__number", "revision"
    )
    assert [(r.deal.number, r.kind, r.reason) for r in kinds] == [
        (1, "entry", ""),
        (2, "entry", ""),
        (2, "void", "entered twice"),
        (3, "entry", ""),
        (4, "entry", ""),
        (4, "undo", "too early"),
    ]


def test_a_file_of_format_version_1_still_imports(played, organiser):
    """Backups written before undo and void (version 1) have no ``voided`` and no ``kind``."""
    document = export_tournament(played)
    document["version"] = 1
    for deal in document["rounds"][0]["tables"][0]["deals"]:
        del deal["voided"]
        for revision in deal["revisions"]:
            del revision["kind"]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert standings_rows(copy_) == standings_rows(played)
    kinds = DealRevision.objects.filter(deal__table__round__tournament=copy_)
    assert sorted(kinds.values_list("revision", "kind")) == [
        (1, "entry"),
        (1, "entry"),
        (1, "entry"),
        (1, "entry"),
        (2, "correction"),
    ]


def test_the_clock_the_fees_and_the_articles_facts_travel_with_the_file(played, organiser):
    """Format 5: a round's clock, the entry fee and what each player paid, birth years and home
    villages, the announcement and the hidden standings come back as they were."""
    ends = datetime.datetime(2026, 11, 21, 15, 30, tzinfo=datetime.UTC)
    Tournament.objects.filter(pk=played.pk).update(
        entry_fee=Decimal("5.00"),
        round_minutes=90,
        announcement="Siegerehrung um 18 Uhr",
        standings_hidden_from_round=3,
    )
    Round.objects.filter(tournament=played, number=1).update(clock_ends_at=ends)
    first = played.players.order_by("name").first()
    Player.objects.filter(pk=first.pk).update(
        fee_paid=Decimal("2.50"), birth_year=1938, village="Schapbach"
    )
    played.refresh_from_db()
    document = export_tournament(played)
    assert document["version"] == 7
    assert document["tournament"]["entry_fee"] == "5.00"
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert (copy_.entry_fee, copy_.round_minutes, copy_.announcement) == (
        Decimal("5.00"),
        90,
        "Siegerehrung um 18 Uhr",
    )
    assert copy_.standings_hidden_from_round == 3 and not copy_.standings_revealed
    assert copy_.rounds.get(number=1).clock_ends_at == ends
    twin = copy_.players.get(name=first.name)
    assert (twin.fee_paid, twin.birth_year, twin.village) == (Decimal("2.50"), 1938, "Schapbach")
    assert copy_.players.filter(fee_paid__isnull=True).count() == played.players.count() - 1


def test_a_file_of_format_version_4_still_imports(played, organiser):
    document = export_tournament(played)
    document["version"] = 4
    for key in ("standings_hidden_from_round", "standings_revealed", "round_minutes"):
        del document["tournament"][key]
    for key in ("next_round_at", "announcement", "entry_fee"):
        del document["tournament"][key]
    for player in document["players"]:
        for key in ("fee_paid", "birth_year", "village"):
            del player[key]
    for the_round in document["rounds"]:
        del the_round["clock_ends_at"]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert copy_.entry_fee == Decimal("0.00") and copy_.round_minutes is None
    assert not copy_.players.filter(fee_paid__isnull=False).exists()
    assert standings_rows(copy_) == standings_rows(played)


def test_the_side_rankings_settings_and_the_teams_travel_with_the_file(played, organiser):
    """Format 7: the club ranking's and the team ranking's N and which groups are teams come
    back as they were; a version 6 file imports with no club ranking and categories only."""
    services.tournament_settings(
        tournament=played, by=organiser, club_ranking_best=3, team_ranking_best=2
    )
    services.prize_category_add(tournament=played, name="Damen", by=organiser)
    services.prize_category_add(tournament=played, name="Stammtisch", kind="team", by=organiser)
    played.refresh_from_db()
    document = export_tournament(played)
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert (copy_.club_ranking_best, copy_.team_ranking_best) == (3, 2)
    assert dict(copy_.prize_categories.values_list("name", "kind")) == {
        "Damen": "category",
        "Stammtisch": "team",
    }
    document["version"] = 6
    del document["tournament"]["club_ranking_best"]
    del document["tournament"]["team_ranking_best"]
    for category in document["prize_categories"]:
        del category["kind"]
    old = services.tournament_import(data=document, organiser=organiser, slug="alt")
    assert (old.club_ranking_best, old.team_ranking_best) == (None, 4)
    assert set(old.prize_categories.values_list("kind", flat=True)) == {"category"}


def test_an_amount_must_be_written_as_text(played, organiser):
    document = export_tournament(played)
    document["tournament"]["entry_fee"] = 5.5
    with pytest.raises(ValidationError) as refused:
        services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert any("tournament.entry_fee" in message for message in refused.value.messages)
