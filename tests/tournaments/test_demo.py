from __future__ import annotations

import io

from django.core.management import call_command

from tournaments.models import Deal, Tournament
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
    assert not Deal.objects.filter(table__round=rounds[3]).exists()
    # Four Vier-Strich halves of at least four Striche: 6 tables x 3 rounds x >= 4.
    standings = tournament_standings(tournament)
    assert sum(row.total for row in standings.rows) >= 72

    call_command("demo", stdout=io.StringIO())
    assert Tournament.objects.filter(slug="hindersche-wm-demo").count() == 1
