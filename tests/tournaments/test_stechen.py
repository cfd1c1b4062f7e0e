"""The Stechen stage (tournaments.stechen, services.stechen_lot_draw / stechen_record, the desk
page): tie groups after the last round, the lot for who drops out, the Stechen's result in the
standings. Figures worked out by hand from Example H-1 of the scoring specification."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.helpers import seat_players
from tests.tournaments.test_print_report import pages
from tournaments import services
from tournaments.models import AuditEntry, Player
from tournaments.printing.report import certificates_pdf, championship_report_pdf, row_place
from tournaments.standings import tournament_standings
from tournaments.stechen import tie_groups

pytestmark = pytest.mark.django_db

# Example H-1, deals 1-4 (one Vier-Strich): A takes a Strich in deals 1 and 4, B in deal 2, D in
# deal 3; C stays clean. Every table plays it: A 2, B 1, C 0, D 1 Striche.
H1_VIERSTRICH = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
    {"points": {"A": 45, "B": 12, "C": 33, "D": 50}},
    {"points": {"A": 70, "B": 14, "C": 26, "D": 30}},
]


@pytest.fixture
def evening(make_tournament):
    """12 players, one round at 3 tables, each table as H-1: the three C players on 0 Striche
    (places 1–3), the three B and three D players on 1 (places 4–9), the three A players on 2
    (places 10–12)."""
    tournament = make_tournament(players=12)
    the_round = services.round_draw(tournament=tournament, seed=5)
    for table in the_round.tables.all():
        for entry in H1_VIERSTRICH:
            services.deal_record(table=table, entry=entry, by=None, via="test")
    return tournament


def names_at(tournament, label):
    return sorted(seat_players(table)[label] for table in tournament.rounds.get().tables.all())


def player(tournament, name):
    return tournament.players.get(name=name)


def test_the_tie_groups_of_the_places_that_matter(evening):
    standings = tournament_standings(evening)
    every = [(g.first_place, g.last_place, g.total) for g in tie_groups(standings, 4)]
    assert every == [(1, 3, 0), (4, 9, 1), (10, 12, 2)]
    podium = tie_groups(standings, 4, up_to_place=3)
    assert [(g.first_place, len(g.players), g.playing, g.needs_lot) for g in podium] == [
        (1, 3, 0, True)  # three cannot fill a table of four: the lot alone
    ]
    group = tie_groups(standings, 4, up_to_place=4)[1]
    assert (group.first_place, group.playing, group.needs_lot) == (4, 4, True)  # 4 play, 2 drop


def test_a_stechen_waits_for_the_last_round(make_tournament):
    tournament = make_tournament(players=8)
    table = services.round_draw(tournament=tournament, seed=1).tables.first()
    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=None, via="test")
    with pytest.raises(ValidationError) as early:
        services.stechen_lot_draw(tournament=tournament, first_place=1, by=None)
    assert early.value.code == "STECHEN_TOO_EARLY"


def test_the_lot_alone_orders_a_group_smaller_than_a_table(evening, organiser):
    drawn = services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    assert sorted(p.name for p in drawn) == names_at(evening, "C")
    rows = tournament_standings(evening).rows[:3]
    # The lot's order is the places' order, each marked as decided by the Stechen stage: by its
    # lot alone, nobody played.
    assert [(r.rank, r.player.name, r.by_stechen, r.by_lot_drop) for r in rows] == [
        (place, p.name, True, True) for place, p in enumerate(drawn, start=1)
    ]
    entry = evening.audit_entries.filter(action=AuditEntry.Action.STECHEN_LOT).get()
    assert entry.after == {
        "first_place": 1,
        "draw": 1,
        "playing": [],
        "dropped": [p.name for p in drawn],
    }
    with pytest.raises(ValidationError) as again:
        services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    assert again.value.error_dict["reason"][0].code == "REASON_REQUIRED"
    services.stechen_lot_draw(
        tournament=evening, first_place=1, by=organiser, reason="Los fiel vom Tisch"
    )
    redraw = evening.audit_entries.filter(action=AuditEntry.Action.STECHEN_LOT).first()
    assert (redraw.after["draw"], redraw.reason) == (2, "Los fiel vom Tisch")


def test_four_play_the_stechen_and_two_drop_out_by_lot(evening, organiser):
    drawn = services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    playing, dropped = drawn[:4], drawn[4:]
    waiting = {r.player.name: r for r in tournament_standings(evening).rows}
    # Until the Stechen is played its four share place 4; the two the lot dropped are 8th, 9th.
    assert [(waiting[p.name].rank, waiting[p.name].by_stechen) for p in playing] == [(4, False)] * 4
    assert [(waiting[p.name].rank, waiting[p.name].by_stechen) for p in dropped] == [
        (8, True),
        (9, True),
    ]
    assert [waiting[p.name].by_lot_drop for p in drawn] == [False] * 4 + [True] * 2
    assert sorted(p.name for p in drawn) == sorted(names_at(evening, "B") + names_at(evening, "D"))
    with pytest.raises(ValidationError) as wrong:
        services.stechen_record(
            tournament=evening, first_place=4, order=[*playing[:3], dropped[0]], by=organiser
        )
    assert wrong.value.error_dict["order"][0].code == "ORDER_INVALID"
    finish = [playing[2], playing[0], playing[3], playing[1]]
    services.stechen_record(tournament=evening, first_place=4, order=finish, by=organiser)
    rows = {r.player.name: r for r in tournament_standings(evening).rows}
    # Places 4-7 in the Stechen's order, places 8-9 to those the lot dropped, in its order.
    assert [rows[p.name].rank for p in finish] == [4, 5, 6, 7]
    assert [rows[p.name].rank for p in dropped] == [8, 9]
    assert all(rows[p.name].by_stechen for p in drawn)
    # The four played the Stechen; the two the lot dropped did not.
    assert [rows[p.name].by_lot_drop for p in [*finish, *dropped]] == [False] * 4 + [True] * 2
    assert not rows[names_at(evening, "A")[0]].by_stechen  # places 10-12 stay as they are
    with pytest.raises(ValidationError) as recorded:
        services.stechen_record(tournament=evening, first_place=4, order=finish, by=organiser)
    assert recorded.value.error_dict["reason"][0].code == "REASON_REQUIRED"


def test_nothing_is_decided_where_nobody_is_level(evening, organiser):
    with pytest.raises(ValidationError) as refused:
        services.stechen_lot_draw(tournament=evening, first_place=2, by=organiser)
    assert refused.value.code == "NOT_TIED"  # place 2 is inside the group of places 1-3
    with pytest.raises(ValidationError) as whole:
        services.stechen_record(tournament=evening, first_place=1, order=[], by=organiser)
    assert whole.value.code == "LOT_FIRST"


def test_the_desk_draws_and_records(evening, desk, client):
    url = reverse("stechen", args=[evening.slug])
    page = desk.get(url, {"scope": "podium"})
    assert page.status_code == 200 and "Places 1–3: 3 players level" in page.text
    response = desk.post(
        reverse("stechen-lot", args=[evening.slug]) + "?scope=all", {"first_place": "4"}
    )
    assert response.status_code == 302
    playing = [p for p in evening.players.all() if p.stechen_rank == 1]
    assert len(playing) == 4
    page = desk.get(url, {"scope": "all"}).text
    dropped = evening.players.filter(stechen_rank__in=(5, 6)).order_by("stechen_rank")
    lines = [f"{p.name} – place {place} by lot" for p, place in zip(dropped, (8, 9), strict=True)]
    assert all(line in page for line in lines)
    assert page.count("plays the Stechen") == 4
    data = {"first_place": "4", **{f"place_{i}": str(p.pk) for i, p in enumerate(playing)}}
    data["place_3"] = data["place_0"]  # one player twice
    refused = desk.post(reverse("stechen-result", args=[evening.slug]) + "?scope=all", data)
    assert refused.status_code == 400
    assert "Name each of the 4 players who played the Stechen once." in refused.text
    assert sorted(
        Player.objects.filter(pk__in=[p.pk for p in playing]).values_list("stechen_rank", flat=True)
    ) == [1, 1, 1, 1]
    client.logout()
    assert client.get(url).status_code in (302, 404)


def test_the_report_and_the_certificates_say_by_lot_where_the_lot_alone_placed(evening, organiser):
    """The podium's three cannot fill a table of four: the lot alone places them, nobody plays
    a Stechen."""
    drawn = services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    text = pages(championship_report_pdf(evening))
    podium = " ".join(text).split("Podium", 1)[1]
    assert f"1st place by lot {drawn[0].name}" in podium
    assert "after Stechen" not in podium
    certificates = pages(certificates_pdf(evening, top=3))
    assert len(certificates) == 3
    assert "2nd place by lot" in certificates[1] and drawn[1].name in certificates[1]
    listing = " ".join(text)
    assert f"1 (lot) {drawn[0].name}" in listing


def test_the_places_say_who_played_the_stechen_and_whom_the_lot_placed(evening, organiser):
    """Places 4-9: six level on 1 Strich, four fill a table and play the Stechen (places 4-7),
    the lot drops two (places 8, 9) who never play; places 1-3: three, fewer than a table, the
    lot alone."""
    podium = services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    drawn = services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    playing, dropped = drawn[:4], drawn[4:]
    finish = [playing[1], playing[3], playing[0], playing[2]]
    services.stechen_record(tournament=evening, first_place=4, order=finish, by=organiser)
    rows = {r.player.name: r for r in tournament_standings(evening).rows}
    said = {name: row_place(row) for name, row in rows.items()}
    assert [said[p.name] for p in podium] == [
        "1st place by lot",
        "2nd place by lot",
        "3rd place by lot",
    ]
    assert [said[p.name] for p in finish] == [
        "4th place after Stechen",
        "5th place after Stechen",
        "6th place after Stechen",
        "7th place after Stechen",
    ]
    assert [said[p.name] for p in dropped] == ["8th place by lot", "9th place by lot"]
    assert [said[name] for name in names_at(evening, "A")] == ["10th place (shared)"] * 3
    certificates = pages(certificates_pdf(evening, top=9))
    assert "7th place after Stechen" in certificates[6] and finish[3].name in certificates[6]
    assert "8th place by lot" in certificates[7] and dropped[0].name in certificates[7]
