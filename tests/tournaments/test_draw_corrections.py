"""A drawn round fixed before play (issue "An organiser's evening without traps", part 3): a
seat given to another player before that table's first deal (a late arrival in a withdrawn
player's place; a player with a bye in for one who left), and the last draw undone before any
deal, with a backup first. Nothing already played changes."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments import backups, services
from tournaments.models import AuditEntry, Round, Tournament

pytestmark = pytest.mark.django_db

H1_DEAL = {"points": {"A": 52, "B": 30, "C": 18, "D": 40}}


@pytest.fixture
def drawn(make_tournament):
    """Nine players, round 1 drawn at two tables with one bye."""
    tournament = make_tournament(players=9)
    return services.round_draw(tournament=tournament, seed=1, allow_byes=True)


def page(tournament: Tournament, name: str, *args) -> str:
    return reverse(name, args=[tournament.slug, *args])


def test_a_late_arrival_takes_a_withdrawn_players_seat(desk, drawn, organiser):
    tournament = drawn.tournament
    table = drawn.tables.get(number=1)
    seat = table.seats.get(label="C")
    gone = seat.player
    services.player_withdraw(player=gone, by=organiser)
    late = services.player_add(tournament=tournament, name="Nachzüglerin", by=organiser)
    dashboard = desk.get(page(tournament, "round-detail", 1)).content.decode()
    assert 'name="newcomer"' in dashboard and "Nachzüglerin" in dashboard
    post = {"seated": gone.pk, "newcomer": late.pk}
    response = desk.post(page(tournament, "seat-replace", 1), post)
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.player_id == late.pk  # same seat, same link
    assert not drawn.byes.filter(player=gone).exists()  # he sits out, no bye
    entry = AuditEntry.objects.get(action=AuditEntry.Action.SEAT_REPLACE)
    assert (entry.table_number, entry.after["player"]) == (1, "Nachzüglerin")


def test_a_player_with_the_bye_comes_in_and_the_other_takes_the_bye(drawn, organiser):
    (bye,) = drawn.byes.select_related("player")
    waiting = bye.player
    seat = drawn.tables.get(number=2).seats.get(label="A")
    leaving = seat.player
    services.seat_replace(round=drawn, seated=leaving, newcomer=waiting, by=organiser)
    seat.refresh_from_db()
    assert seat.player == waiting
    assert list(drawn.byes.values_list("player", flat=True)) == [leaving.pk]


def test_a_table_that_has_started_keeps_its_players(desk, drawn):
    table = drawn.tables.get(number=1)
    services.deal_record(table=table, entry=H1_DEAL, by=None, via="test")
    (bye,) = drawn.byes.all()
    seated = table.seats.get(label="A").player
    response = desk.post(
        page(drawn.tournament, "seat-replace", 1), {"seated": seated.pk, "newcomer": bye.player_id}
    )
    assert response.status_code == 400
    assert "Table 1 has entered a deal" in response.content.decode()
    assert table.seats.get(label="A").player == seated


def test_a_seated_player_cannot_take_a_second_seat(drawn, organiser):
    one, two = (t.seats.get(label="A").player for t in drawn.tables.order_by("number"))
    with pytest.raises(Exception, match="already has a seat"):
        services.seat_replace(round=drawn, seated=one, newcomer=two, by=organiser)


def test_the_draw_is_undone_before_any_deal_with_a_backup(desk, drawn):
    tournament = drawn.tournament
    assert 'id="undraw"' in desk.get(page(tournament, "round-detail", 1)).content.decode()
    response = desk.post(page(tournament, "round-undraw", 1), {"reason": "wrong check-in"})
    assert response.status_code == 302
    assert not Round.objects.filter(tournament=tournament).exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT
    assert any("undraw-1" in backup.name for backup in backups.backups(tournament))
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ROUND_UNDRAW)
    assert entry.reason == "wrong check-in" and entry.before["seed"] == 1
    again = services.round_draw(tournament=tournament, seed=2, allow_byes=True)
    assert again.number == 1


def test_a_draw_with_a_deal_is_not_undone(desk, drawn):
    table = drawn.tables.get(number=1)
    services.deal_record(table=table, entry=H1_DEAL, by=None, via="test")
    response = desk.post(page(drawn.tournament, "round-undraw", 1), {"reason": ""})
    assert response.status_code == 400
    assert Round.objects.filter(pk=drawn.pk).exists()
    assert table.deals.count() == 1


@pytest.fixture
def teams_checking_in(make_tournament, organiser):
    """A Bauerchen evening with check-in: two teams, every player checked in but Fridolin."""
    tournament = make_tournament(players=4, game="bauerchen", name="Anwesenheit")
    services.tournament_settings(tournament=tournament, by=organiser, check_in_required=True)
    first, second, third, fourth = tournament.players.order_by("name")
    services.team_add(tournament=tournament, name="Adler", players=[first, second])
    services.team_add(tournament=tournament, name="Hirsch", players=[third, fourth])
    for player in (first, third, fourth):
        services.player_check_in(player=player)
    return tournament, first, second


def test_a_partner_not_checked_in_is_named(teams_checking_in):
    tournament, present, absent = teams_checking_in
    with pytest.raises(ValidationError) as caught:
        services.round_draw(tournament=tournament, seed=1)
    assert caught.value.code == "PARTNER_MISSING"
    assert caught.value.messages == [
        f"{absent.name}, the partner of {present.name}, is not checked in: check him in, or "
        f"tick {present.name} to sit out."
    ]
    assert not tournament.rounds.exists()


def test_a_team_sits_out_whole_when_one_partner_is_ticked(make_tournament):
    tournament = make_tournament(players=6, game="bauerchen", name="Drei Teams")
    players = list(tournament.players.order_by("name"))
    for number, pair in enumerate((players[:2], players[2:4], players[4:]), start=1):
        services.team_add(tournament=tournament, name=f"Team {number}", players=pair)
    drawn = services.round_draw(tournament=tournament, seed=1, sitting_out=[players[0].pk])
    assert {b.player_id for b in drawn.byes.all()} == {players[0].pk, players[1].pk}
    seated = {s.player_id for s in drawn.tables.get().seats.all()}
    assert seated == {p.pk for p in players[2:]}
