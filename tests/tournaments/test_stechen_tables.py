"""The Stechen played at tables (services.stechen_tables_draw / _withdraw, the deals of a Stechen
table, stechen_tables_result): the tie group's players seated at whole tables of the game, the
tables played through their links like any round, their result taking the group's places.

Figures worked out by hand: the evening of test_stechen (12 players, one round as Example H-1:
places 4–9 are six players on 1 Strich; the lot lets four play and drops two to places 8, 9)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.helpers import seat_players
from tests.tournaments.test_stechen import evening  # noqa: F401 (a fixture)
from tournaments import services
from tournaments.models import AuditEntry, Round, Tournament
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

# A Hintersche Stechen ("mit je einem Strich", played as a Butzen) at one table, seats A–D each
# on 1 Strich:
# 1. four in: C fewest (20) erases his Strich and is out first (place 1); D most (50) adds: 2.
# 2. A, B, D in: A fewest (20) erases, out second (place 2); B most (70) adds: 2.
# 3. B and D (two left: nobody adds): B fewest (60) erases one: B 1, D 2.
# 4. B fewest (50) erases his last: out third (place 3); D is left: last (place 4).
STECHEN = [
    {"points": {"A": 40, "B": 30, "C": 20, "D": 50}},
    {"points": {"A": 20, "B": 70, "D": 50}},
    {"points": {"B": 60, "D": 80}},
    {"points": {"B": 50, "D": 90}},
]


def stechen_table(tournament: Tournament):
    return Round.all_objects.get(tournament=tournament, stechen_first_place=4).tables.get()


def ranks(tournament: Tournament) -> dict[str, int]:
    return {row.player.name: row.rank for row in tournament_standings(tournament).rows}


def test_the_lot_then_the_stechen_table_decides_places_4_to_9(evening, organiser):  # noqa: F811
    drawn = services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    playing, dropped = {p.name for p in drawn[:4]}, [p.name for p in drawn[4:]]
    the_round = services.stechen_tables_draw(tournament=evening, first_place=4, by=organiser)
    # A round after round 1, out of the tournament's rounds, one table of the four the lot let in.
    assert (the_round.number, the_round.stechen_unit, the_round.is_stechen) == (2, "stechen", True)
    assert evening.rounds.count() == 1
    table = stechen_table(evening)
    seated = seat_players(table)
    assert set(seated.values()) == playing
    for entry in STECHEN[:2]:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    # Two of four out, the table still plays: the four still share place 4.
    assert {name: ranks(evening)[name] for name in playing} == dict.fromkeys(playing, 4)
    for entry in STECHEN[2:]:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    table.refresh_from_db()
    assert table.complete
    now = ranks(evening)
    # C out first: place 4; A: 5; B: 6; D last: 7; the lot's two keep 8 and 9.
    assert [now[seated[label]] for label in "CABD"] == [4, 5, 6, 7]
    assert [now[name] for name in dropped] == [8, 9]
    rows = {row.player.name: row for row in tournament_standings(evening).rows}
    assert all(rows[seated[label]].by_stechen for label in "CABD")
    assert not any(rows[seated[label]].by_lot_drop for label in "CABD")
    logged = evening.audit_entries.filter(action=AuditEntry.Action.STECHEN_RECORD).get()
    assert logged.after == {
        "first_place": 4,
        "places": {seated[label]: place for place, label in enumerate("CABD", start=1)},
    }
    assert (logged.actor, logged.via) == (None, "the Stechen tables")
    # The Stechen's deals are not a round of the standings: everybody still has one round.
    assert {len(row.rounds) for row in tournament_standings(evening).rows} == {1}


def test_a_correction_that_reopens_the_table_reopens_the_places(evening, organiser):  # noqa: F811
    services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    services.stechen_tables_draw(tournament=evening, first_place=4, by=organiser)
    table = stechen_table(evening)
    seated = seat_players(table)
    for entry in STECHEN:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    # Deal 4 was B 90, D 50: D fewest erases one (D 1, B 1), nobody is out yet.
    services.deal_correct(
        table=table,
        entry={"points": {"B": 90, "D": 50}},
        by=organiser,
        via="test",
        reason="Punkte vertauscht",
        number=4,
    )
    assert {ranks(evening)[seated[label]] for label in "ABCD"} == {4}
    # Deal 5: B 80, D 60: D fewest erases his last (place 3 of the table), B is last.
    services.deal_record(table=table, entry={"points": {"B": 80, "D": 60}}, by=None, via="test")
    now = ranks(evening)
    assert [now[seated[label]] for label in "CADB"] == [4, 5, 6, 7]
    assert evening.audit_entries.filter(action=AuditEntry.Action.STECHEN_RECORD).count() == 3


def test_the_tables_refuse_what_does_not_fit(evening, organiser):  # noqa: F811
    with pytest.raises(ValidationError) as early:
        services.stechen_tables_draw(tournament=evening, first_place=4, by=organiser)
    assert early.value.code == "LOT_FIRST"
    with pytest.raises(ValidationError) as lot_alone:
        services.stechen_tables_draw(tournament=evening, first_place=1, by=organiser)
    assert lot_alone.value.code == "LOT_FIRST"  # three: the lot alone, which is not drawn yet
    services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    services.stechen_tables_draw(tournament=evening, first_place=4, by=organiser)
    with pytest.raises(ValidationError) as twice:
        services.stechen_tables_draw(tournament=evening, first_place=4, by=organiser)
    assert twice.value.code == "STECHEN_DRAWN"
    with pytest.raises(ValidationError) as by_hand:
        services.stechen_record(tournament=evening, first_place=4, order=[], by=organiser)
    assert by_hand.value.code == "STECHEN_AT_TABLES"
    with pytest.raises(ValidationError) as next_round:
        services.round_draw(tournament=evening, seed=2)
    assert next_round.value.code == "STECHEN_BEGUN"
    with pytest.raises(ValidationError) as finish:
        services.tournament_finish(tournament=evening, by=organiser)
    assert finish.value.code == "STECHEN_NOT_COMPLETE"
    table = stechen_table(evening)
    services.deal_record(table=table, entry=STECHEN[0], by=None, via="test")
    with pytest.raises(ValidationError) as started:
        services.stechen_tables_withdraw(tournament=evening, first_place=4, by=organiser)
    assert started.value.code == "STECHEN_HAS_DEALS"


def test_tables_drawn_too_early_are_taken_back(make_tournament, organiser):
    # 8 players, one round: two tables as Example H-1 give two C on 0, four on 1, two A on 2.
    from tests.tournaments.test_stechen import H1_VIERSTRICH

    tournament = make_tournament(players=8)
    for table in services.round_draw(tournament=tournament, seed=3).tables.all():
        for entry in H1_VIERSTRICH:
            services.deal_record(table=table, entry=entry, by=None, via="test")
    # Places 3–6: four players on 1 Strich fill one table: no lot.
    services.stechen_tables_draw(tournament=tournament, first_place=3, by=organiser)
    assert {p.stechen_rank for p in tournament.players.filter(stechen_rank__isnull=False)} == {1}
    services.stechen_tables_withdraw(tournament=tournament, first_place=3, by=organiser)
    assert not Round.all_objects.filter(stechen_first_place__isnull=False).exists()
    assert not tournament.players.filter(stechen_rank__isnull=False).exists()
    assert tournament.audit_entries.filter(action=AuditEntry.Action.ROUND_UNDRAW).count() == 1


KS1 = [
    {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
    {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}},
    {"contract": 3, "obers": {"A": 0, "B": 1, "C": 2, "D": 1}},
    {"contract": 4, "max": "D"},
    {"contract": 5, "order": ["C", "A", "D", "B"]},
]
"""A whole Kein Stich game (Scoring specification §4.2): C +65, A +35, B −45, D −55."""


@pytest.mark.parametrize(
    ("unit", "deals", "places"),
    [
        # One deal, Kein Stich at 5 a trick: C 0, A −10, B −15, D −15: B and D share place 3.
        ("deal", 1, {"C": 1, "A": 2, "B": 3, "D": 3}),
        # One game: C +65, A +35, B −45, D −55.
        ("game", 5, {"C": 1, "A": 2, "B": 3, "D": 4}),
    ],
)
def test_a_game_without_its_own_stechen_plays_one_deal_or_one_game(
    make_tournament, organiser, unit, deals, places
):
    # 16 players at four tables all playing KS1: the four C players share places 1–4 on +65.
    tournament = make_tournament(players=16, game="kein_stich")
    for table in services.round_draw(tournament=tournament, seed=3).tables.all():
        for entry in KS1:
            services.deal_record(table=table, entry=entry, by=None, via="test")
    with pytest.raises(ValidationError) as own:
        services.tournament_settings(tournament=tournament, by=organiser, stechen_unit="stechen")
    assert own.value.error_dict["stechen_unit"][0].code == "NO_OWN_STECHEN"
    services.tournament_settings(tournament=tournament, by=organiser, stechen_unit=unit)
    services.stechen_tables_draw(tournament=tournament, first_place=1, by=organiser)
    table = Round.all_objects.get(stechen_first_place=1).tables.get()
    seated = seat_players(table)
    for entry in KS1[:deals]:
        services.deal_record(table=table, entry=entry, by=None, via="test")
    table.refresh_from_db()
    assert table.complete
    got = {label: tournament.players.get(name=seated[label]).stechen_rank for label in "ABCD"}
    assert got == places
    if unit == "deal":
        with pytest.raises(ValidationError) as over:
            services.deal_record(table=table, entry=KS1[1], by=None, via="test")
        assert over.value.code == "UNIT_OVER"


def test_the_desk_draws_the_tables_and_prints_their_cards(evening, client, organiser):  # noqa: F811
    services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    client.force_login(organiser)
    page = reverse("stechen", args=[evening.slug]) + "?scope=all"
    response = client.post(
        reverse("stechen-tables", args=[evening.slug]) + "?scope=all", {"first_place": 4}
    )
    assert response.status_code == 302
    shown = client.get(page).content.decode()
    table = stechen_table(evening)
    assert table.get_absolute_url() in shown
    assert "Stechen for place 4: 1 table" in shown
    cards = client.get(reverse("stechen-cards", args=[evening.slug, 4])).content.decode()
    assert cards.count("<svg") == 5  # four seats and the table's own code
    again = client.post(
        reverse("stechen-tables", args=[evening.slug]) + "?scope=all", {"first_place": 4}
    )
    assert again.status_code == 400
    assert "the Stechen tables are drawn already" in again.content.decode()
    phone = client.get(table.get_absolute_url()).content.decode()
    assert "Stechen for place 4 · Table 1" in phone
