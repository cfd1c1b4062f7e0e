"""Fair byes (issue "An organiser's evening without traps", part 4): a bye scores the round's
average (rounded to the worse side) unless the tournament fixes its score, and never wins a
tie-break.

Five Hintersche players, round 1: four at the table, one sits out. The table plays the deals
of tests/tournaments/test_paper.py (Scoring specification §1.2): A 1, B 2, C 1, D 1 Striche,
5 in all over 4 players, an average of 1¼; fewer Striche are better, so the bye scores 2."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments import services
from tournaments.models import Tournament
from tournaments.standings import bye_score, tournament_standings

pytestmark = pytest.mark.django_db

DEALS = [
    {"A": 50, "B": 30, "C": 30, "D": 30},
    {"A": 20, "B": 60, "C": 30, "D": 30},
    {"A": 100, "B": 20, "C": 10, "D": 10},
]


def played_round(tournament: Tournament) -> tuple[dict[str, str], str]:
    """Round 1 drawn with a bye and played; the seats' players and the one sitting out."""
    the_round = services.round_draw(tournament=tournament, seed=1, allow_byes=True)
    table = the_round.tables.get()
    for points in DEALS:
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    seats = {seat.label: seat.player.name for seat in table.seats.select_related("player")}
    (bye,) = the_round.byes.select_related("player")
    return seats, bye.player.name


def ranked(tournament: Tournament) -> dict[str, tuple[int, int, bool]]:
    """Player → (rank, total, shares the rank)."""
    return {
        row.player.name: (row.rank, row.total, row.tied)
        for row in tournament_standings(tournament).rows
    }


def test_a_bye_scores_the_rounds_average_rounded_to_the_worse_side(make_tournament):
    tournament = make_tournament(players=5)
    assert tournament.bye_policy == Tournament.ByePolicy.AVERAGE  # the default
    seats, sitting_out = played_round(tournament)
    rows = ranked(tournament)
    assert rows[sitting_out][1] == 2
    # A, C, D share 1st on 1 Strich; the bye's 2 equals B's, and B, who played, is ahead.
    assert {rows[seats[s]][:2] for s in "ACD"} == {(1, 1)}
    assert rows[seats["B"]] == (4, 2, False)
    assert rows[sitting_out] == (5, 2, False)


def test_a_fixed_bye_score_as_the_organiser_chose(make_tournament, organiser):
    tournament = make_tournament(players=5)
    services.tournament_settings(tournament=tournament, by=organiser, bye_policy="fixed")
    tournament.refresh_from_db()
    _seats, sitting_out = played_round(tournament)
    rows = ranked(tournament)
    assert rows[sitting_out][:2] == (1, 0)  # 0 Striche, as fixed: the best round there is


def test_the_average_is_rounded_against_the_bye_in_either_direction():
    class Fewer:
        metric_ascending = True

    class More:
        metric_ascending = False

    average = Tournament(bye_policy=Tournament.ByePolicy.AVERAGE, bye_score=7)
    assert bye_score(average, Fewer, [1, 2, 1, 1]) == 2  # 1¼ Striche: up
    assert bye_score(average, More, [3, 0, 2, 2]) == 1  # 1¾ points: down
    assert bye_score(average, More, [4, 2]) == 3  # exact
    assert bye_score(average, More, []) == 7  # nobody played yet: the fixed score
    fixed = Tournament(bye_policy=Tournament.ByePolicy.FIXED, bye_score=-1)
    assert bye_score(fixed, Fewer, [1, 2, 1, 1]) == -1


def test_the_organiser_chooses_who_sits_out(desk_client, make_tournament):
    tournament = make_tournament(players=9)
    late = tournament.players.get(name="Spieler 09")
    page = desk_client.get(tournament.get_absolute_url()).content.decode()
    assert 'name="sitting_out"' in page and 'name="allow_byes"' in page
    assert 'name="allow_byes" id="id_allow_byes" checked' not in page  # no bye yet
    draw = {"method": "random", "sitting_out": [late.pk]}
    assert (
        desk_client.post(reverse("round-create", args=[tournament.slug]), draw).status_code == 302
    )
    first = tournament.rounds.get()
    assert list(first.byes.values_list("player__name", flat=True)) == ["Spieler 09"]
    assert late.pk not in first.tables.values_list("seats__player", flat=True)
    entry = tournament.audit_entries.get(action="round_draw")
    assert entry.after["sitting_out"] == ["Spieler 09"]
    page = desk_client.get(tournament.get_absolute_url()).content.decode()
    assert 'id="id_allow_byes" checked' in page  # remembered from round 1, which had a bye


@pytest.fixture
def desk_client(client, organiser):
    client.force_login(organiser)
    return client


# --- a substitute außer Konkurrenz (bye rule "substitute") --------------------------------


@pytest.fixture
def with_host(make_tournament, organiser):
    """Seven Hintersche players and the landlord, registered außer Konkurrenz; the bye rule is
    the substitute."""
    tournament = make_tournament(players=7)
    services.tournament_settings(tournament=tournament, by=organiser, bye_policy="substitute")
    services.player_add(tournament=tournament, name="Wirt Karl", hors_concours=True)
    return tournament


def test_the_host_fills_the_table_and_is_never_ranked(with_host, client):
    # 7 players at tables of 4: one seat empty, the host takes it (no bye, "allow byes" off).
    the_round = services.round_draw(tournament=with_host, seed=1)
    seated = [s.player.name for t in the_round.tables.all() for s in t.seats.all()]
    assert len(seated) == 8 and "Wirt Karl" in seated
    assert not the_round.byes.exists()
    table = the_round.tables.get(seats__player__name="Wirt Karl")
    for points in DEALS:
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    standings = tournament_standings(with_host)
    names = [row.player.name for row in standings.rows]
    assert len(names) == 7 and "Wirt Karl" not in names
    assert standings.hors_concours == ("Wirt Karl",)
    page = client.get(reverse("standings", args=[with_host.slug])).content.decode()
    assert "Außer Konkurrenz (played to fill a table, not ranked): Wirt Karl" in page
    assert page.count("Wirt Karl") == 1  # in no row of the standings
    # His table-mates keep what they played: A 1, B 2, C 1, D 1 Striche (the host among them).
    played = {s.player.name: s.label for s in table.seats.select_related("player")}
    totals = {row.player.name: row.total for row in standings.rows}
    expected = {"A": 1, "B": 2, "C": 1, "D": 1}
    assert {n: totals[n] for n in played if n != "Wirt Karl"} == {
        n: expected[label] for n, label in played.items() if n != "Wirt Karl"
    }


def test_the_host_sits_out_when_the_tables_are_full(with_host):
    services.player_add(tournament=with_host, name="Spieler 08")
    the_round = services.round_draw(tournament=with_host, seed=1)
    seated = {s.player.name for t in the_round.tables.all() for s in t.seats.all()}
    assert "Wirt Karl" not in seated and len(seated) == 8
    assert not the_round.byes.exists()  # he is no bye: he is not in the tournament


def test_too_few_substitutes_leave_byes_that_score_the_average(with_host):
    # 6 players and the host at tables of 4: with him 7 leave 3 out, without him 6 leave 2:
    # he stays out, and without "allow byes" the draw is refused; with it two sit out and each
    # scores the round's average: 5 Striche over 4 players, 1¼, rounded to the worse side, 2.
    with_host.players.get(name="Spieler 07").delete()
    with pytest.raises(ValidationError):
        services.round_draw(tournament=with_host, seed=1)
    the_round = services.round_draw(tournament=with_host, seed=1, allow_byes=True)
    table = the_round.tables.get()
    assert "Wirt Karl" not in {s.player.name for s in table.seats.all()}
    for points in DEALS:
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    byes = {b.player.name for b in the_round.byes.select_related("player")}
    assert len(byes) == 2
    rows = ranked(with_host)
    assert {rows[name][1] for name in byes} == {2}


def test_the_desk_marks_a_player_ausser_konkurrenz(client, organiser, with_host):
    client.force_login(organiser)
    player = with_host.players.get(name="Spieler 01")
    url = reverse("player-edit", args=[with_host.slug, player.pk])
    response = client.post(url, {"name": player.name, "hors_concours": "on"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.hors_concours
    page = client.get(with_host.get_absolute_url()).content.decode()
    assert page.count(">a. K.</span>") == 2  # the host and Spieler 01


# --- a round missed (a late arrival, a withdrawal) ---------------------------------------------


def test_a_late_arrival_scores_the_rounds_worst_for_the_round_he_missed(make_tournament):
    # Round 1 as above: A 1, B 2, C 1, D 1 Striche, the bye 2 (the average 1¼, rounded up).
    # A player registered afterwards missed round 1: he scores its worst, B's 2 Striche, and
    # like the bye never wins the countback against B, who played.
    tournament = make_tournament(players=5)
    seats, sitting_out = played_round(tournament)
    services.player_add(tournament=tournament, name="Nachzügler")
    standings = tournament_standings(tournament)
    late = next(row for row in standings.rows if row.player.name == "Nachzügler")
    (cell,) = late.cells
    assert (cell.score, cell.missed, cell.bye) == (2, True, False)
    rows = ranked(tournament)
    assert rows[seats["B"]][0] == 4
    assert rows["Nachzügler"][:2] == (5, 2) and rows[sitting_out][:2] == (5, 2)
    assert standings.marks == {"bye": True, "missed": True}


def test_a_withdrawn_player_scores_the_worst_for_the_rounds_after(make_tournament, organiser):
    # Eight players, two tables; round 1: table 1 plays A 1, B 2, C 1, D 1, table 2 nothing (0
    # each, provisional). Spieler at table 1's seat C withdraws; round 2 is drawn without him.
    # His round 2 is the worst any player scored there (0: nobody has played yet), marked
    # missed; after table 1 of round 2 plays, it is 2.
    tournament = make_tournament(players=8)
    first = services.round_draw(tournament=tournament, seed=1)
    table = first.tables.get(number=1)
    for points in DEALS:
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    leaving = table.seats.get(label="C").player
    services.player_withdraw(player=leaving, by=organiser)
    services.tournament_settings(tournament=tournament, by=organiser, planned_rounds=4)
    second = services.round_draw(
        tournament=tournament, seed=2, override_reason="Test", allow_byes=True
    )
    again = second.tables.get(number=1)
    for points in DEALS:
        services.deal_record(table=again, entry={"points": points}, by=None, via="test")
    row = next(r for r in tournament_standings(tournament).rows if r.player.pk == leaving.pk)
    assert [(c.score, c.missed) for c in row.cells] == [(1, False), (2, True)]
