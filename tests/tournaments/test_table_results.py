"""Each table's stored result (``Table.result``, written with every deal) is exactly what
replaying its counted deals gives, and the standings read it instead of replaying."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.tournaments.test_services import H1_VIERSTRICH
from tournaments import services
from tournaments.models import Table
from tournaments.selectors import play_order
from tournaments.standings import counted_deals, table_result, tournament_standings


def replayed(table: Table) -> dict:
    tournament = table.round.tournament
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    labels = play_order(game, [s.label for s in table.seats.all()])
    entries = [d.entry for d in counted_deals(tournament).filter(table=table).order_by("number")]
    steps = game.replay(entries, variant, labels)
    return table_result(steps[-1].state if steps else game.initial(labels, variant))


def test_the_stored_result_follows_entries_confirmations_and_corrections(make_tournament):
    tournament = make_tournament()
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    a, b = table.seats.get(label="A"), table.seats.get(label="B")

    def check():
        table.refresh_from_db()
        assert table.result == replayed(table)

    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    check()  # deal 1 waits for its confirmation: nobody has a Strich yet
    assert table.result["seats"]["A"][0] == 0
    services.deal_confirm(table=table, seat=b)
    check()
    assert table.result["seats"]["A"][0] == 1  # A had the most card points
    fix = {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    services.deal_correct(table=table, entry=fix, by=None, via="t", reason="r", seat=b)
    check()  # the correction waits for its confirmation: the Strich is no one's for now
    assert table.result["seats"]["A"][0] == 0 and table.result["seats"]["B"][0] == 0
    services.deal_confirm(table=table, seat=a)
    check()
    assert table.result["seats"]["B"][0] == 1
    for entry in H1_VIERSTRICH[1:]:
        services.deal_record(table=table, entry=entry, by=None, via="t", seat=a)
        services.deal_confirm(table=table, seat=b)
        check()
    assert table.result["unit_over"] and table.complete


def test_a_table_without_a_stored_result_is_replayed_and_left_as_it_is(table):
    """A read never writes: the standings replay a table with no stored result (drawn before
    results were stored) every time, and its next deal stores it."""
    for entry in H1_VIERSTRICH:
        services.deal_record(table=table, entry=entry, by=None, via="t")
    Table.objects.filter(pk=table.pk).update(result=None)
    rows = {r.player.name: r.total for r in tournament_standings(table.round.tournament).rows}
    players = {s.label: s.player.name for s in table.seats.select_related("player")}
    # Example H-1, deals 1-4: A 2, B 1, C 0, D 1 Striche.
    assert [rows[players[label]] for label in "ABCD"] == [2, 1, 0, 1]
    table.refresh_from_db()
    assert table.result is None
    services.deal_undo(table=table, by=None, via="t", number=4)  # the next write stores it
    table.refresh_from_db()
    assert table.result == replayed(table) is not None


@pytest.mark.parametrize("game", ["bauerchen", "kein_stich", "hindernislauf"])
def test_every_demo_table_stores_what_its_deals_give(db, game):
    call_command("demo", "--game", game, stdout=io.StringIO())
    tables = Table.objects.filter(round__tournament__game=game).prefetch_related("seats")
    assert tables.exists()
    for table in tables:
        assert table.result == replayed(table), table
