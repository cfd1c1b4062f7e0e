from __future__ import annotations

import io
from decimal import Decimal

from django.core.management import call_command

from tournaments.cash import cash_report
from tournaments.models import Deal, Table, Tournament
from tournaments.prizes import prize_list
from tournaments.standings import tournament_standings
from tournaments.tables import table_replay


def test_demo_is_a_played_evening_and_loads_once(db):
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "organiser / kreidetafel" in out.getvalue()
    tournament = Tournament.objects.get(slug="hindersche-wm-demo")
    assert tournament.players.count() == 24
    rounds = list(tournament.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4]
    for played in rounds[:3]:
        tables = list(played.tables.all())
        assert len(tables) == 6
        for table in tables:
            steps = table_replay(table)
            # Every deal of simulated play holds all 140 card points of the Tapp pack.
            assert all(sum(d.entry["points"].values()) == 140 for d in table.deals.all())
            assert steps[-1].state.unit_over
    # Rounds 1-2 locked, 3 complete, 4 under way: its first table has one deal, the rest none.
    assert [r.status for r in rounds] == ["locked", "locked", "complete", "playing"]
    first, *others = rounds[3].tables.order_by("number")
    assert first.deals.count() == 1
    assert not Deal.objects.filter(table__in=others).exists()
    # Four Vier-Strich halves of at least four Striche: 6 tables x 3 rounds x >= 4.
    standings = tournament_standings(tournament)
    assert sum(row.total for row in standings.rows) >= 72

    call_command("demo", stdout=io.StringIO())
    assert Tournament.objects.filter(slug="hindersche-wm-demo").count() == 1


def test_demo_partnerships_sit_opposite_and_confirmations_come_from_another_seat(db):
    call_command("demo", "--game", "bauerchen", "--game", "hindernislauf", stdout=io.StringIO())
    bauerchen = Tournament.objects.get(slug="preisbauern-demo")
    assert bauerchen.teams.count() == 8
    for table in Table.objects.filter(round__tournament=bauerchen):
        seats = {s.label: s.player for s in table.seats.all()}
        # N and S, E and W are partners (Scoring specification §2.1).
        assert seats["N"].team_id == seats["S"].team_id
        assert seats["E"].team_id == seats["W"].team_id
    hindernislauf = Tournament.objects.get(slug="hindernislauf-demo")
    assert hindernislauf.confirmation_required
    deals = Deal.objects.filter(table__round__tournament=hindernislauf)
    assert deals.exists()
    assert all(d.confirmed_seat_id and d.confirmed_seat_id != d.entered_seat_id for d in deals)


def test_the_championship_demo_has_its_cash_box_and_prize_list(db):
    call_command("demo", "--game", "hintersche", "--game", "bauerchen", stdout=io.StringIO())
    hintersche = Tournament.objects.get(slug="hindersche-wm-demo")
    report = cash_report(hintersche)
    # 24 players, 22 paid 10.00 € at the door; the last two are still due.
    assert (report.fees_in, len(report.due)) == (Decimal("220.00"), 2)
    # 100 + 75 + 50 + 25 € for places 1-4 (shared places split what they cover: the same sum).
    assert prize_list(hintersche).planned_cash == Decimal("250.00")
    bauerchen = Tournament.objects.get(slug="preisbauern-demo")
    # 14 of 16 paid 5.00 € = 70.00 €; 50 / 30 / 20 % of it = 35 + 21 + 14 €.
    assert cash_report(bauerchen).fees_in == Decimal("70.00")
    assert prize_list(bauerchen).planned_cash == Decimal("70.00")
