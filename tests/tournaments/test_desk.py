"""The organiser's desk through the test client: the tournament page with check-in, withdrawal,
late registration, teams, the draw and the end of the tournament; the settings; the round
dashboard with seat swaps, locking and the table cards."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.simulation import simulate_deal
from tests.helpers import seat_players
from tournaments import services
from tournaments.models import AuditEntry, Player, Round, Seat, Team, Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import table_state

H1_DEAL_1 = {"A": 52, "B": 30, "C": 18, "D": 40}  # A takes the Strich (SPEC example H-1)
DRAW = {"method": "avoid_repeats"}


def play_out(table, seed: int = 1) -> None:
    """Play ``table``'s unit to the end with simulated real card play."""
    tournament = table.round.tournament
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    rng = random.Random(seed)
    while not (state := table_state(table)).unit_over:
        entry = simulate_deal(game, state, variant, rng)
        services.deal_record(table=table, entry=entry, by=None, via="test")


def play_round(the_round: Round) -> None:
    for table in the_round.tables.all():
        play_out(table, seed=table.number)


def seated(the_round: Round) -> set[str]:
    return set(Seat.objects.filter(table__round=the_round).values_list("player__name", flat=True))


def snapshot(tournament: Tournament) -> tuple:
    """Everything a refused write must leave alone."""
    tournament.refresh_from_db()
    return (
        tournament.version,
        tournament.status,
        AuditEntry.objects.filter(tournament=tournament).count(),
        list(tournament.players.values_list("name", "checked_in", "withdrawn", "team_id")),
        list(tournament.rounds.values_list("number", "status")),
        list(Seat.objects.filter(table__round__tournament=tournament).values_list("pk", "player")),
        tournament.teams.count(),
    )


def page_url(name: str, tournament: Tournament, *extra) -> str:
    return reverse(name, args=[tournament.slug, *extra])


# --- access ----------------------------------------------------------------------------------

PAGES = [
    ("tournament-detail", ()),
    ("tournament-settings", ()),
    ("audit-log", ()),
    ("round-detail", (1,)),
    ("round-cards", (1,)),
]
ACTIONS = [
    ("player-check-in", "player"),
    ("player-withdraw", "player"),
    ("team-create", None),
    ("seats-swap", 1),
    ("round-lock", 1),
    ("tournament-finish", None),
    ("round-create", None),
]


def _action_url(name: str, arg, tournament: Tournament) -> str:
    if arg == "player":
        arg = tournament.players.first().pk
    return page_url(name, tournament, *(() if arg is None else (arg,)))


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_desk_pages_need_a_login(client, table, name, args):
    response = client.get(page_url(name, table.round.tournament, *args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_another_organiser_gets_404_on_every_page(client, table, django_user_model, name, args):
    client.force_login(django_user_model.objects.create_user("other", password="x-pw-12345"))
    assert client.get(page_url(name, table.round.tournament, *args)).status_code == 404


@pytest.mark.parametrize(("name", "arg"), ACTIONS)
def test_another_organiser_gets_404_on_every_action_and_changes_nothing(
    client, table, django_user_model, name, arg
):
    tournament = table.round.tournament
    before = snapshot(tournament)
    client.force_login(django_user_model.objects.create_user("other", password="x-pw-12345"))
    response = client.post(
        _action_url(name, arg, tournament), {"checked_in": "on", "withdrawn": "on", **DRAW}
    )
    assert response.status_code == 404
    assert snapshot(tournament) == before


@pytest.mark.parametrize(("name", "arg"), ACTIONS)
def test_actions_are_posts_only(desk, table, name, arg):
    assert desk.get(_action_url(name, arg, table.round.tournament)).status_code == 405


# --- the tournament page ---------------------------------------------------------------------


def test_desk_shows_status_rounds_players_and_links(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "Registration" in page and "4 rounds planned" in page
    services.round_draw(tournament=tournament, seed=3)
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "Running" in page and "round 1 of 4" in page
    assert page_url("round-detail", tournament, 1) in page
    assert page_url("tournament-settings", tournament) in page
    assert page_url("audit-log", tournament) in page
    assert "0 / 2" in page  # no table of two is complete yet
    assert "Spieler 08" in page
    # Hintersche has no partnerships: no team section.
    assert page_url("team-create", tournament) not in page


def test_desk_costs_a_fixed_number_of_queries(desk, make_tournament, django_assert_max_num_queries):
    """Guards against a query per player (team, late marker) or per round on the desk."""
    counts = []
    for players, name in ((4, "Klein"), (24, "Groß")):
        tournament = make_tournament(players=players, name=name)
        services.round_draw(tournament=tournament, seed=1)
        with CaptureQueriesContext(connection) as queries:
            desk.get(page_url("tournament-detail", tournament))
        counts.append(len(queries))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(8):
        desk.get(page_url("tournament-detail", tournament))


def test_check_in_toggles_and_is_logged(desk, tournament):
    player = tournament.players.get(name="Spieler 02")
    url = page_url("player-check-in", tournament, player.pk)
    assert desk.post(url, {"checked_in": "on"}).status_code == 302
    player.refresh_from_db()
    assert player.checked_in
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "present" in page
    assert desk.post(url, {}).status_code == 302
    player.refresh_from_db()
    assert not player.checked_in
    entries = AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_CHECK_IN)
    assert list(entries.values_list("subject", "after")) == [
        ("Spieler 02", {"checked_in": False}),
        ("Spieler 02", {"checked_in": True}),
    ]
    assert {e.actor.username for e in entries} == {"orga"}


def test_a_player_of_another_tournament_is_not_found(desk, make_tournament):
    mine = make_tournament(name="Meins")
    other = make_tournament(name="Anderes")
    stranger = other.players.first()
    response = desk.post(page_url("player-check-in", mine, stranger.pk), {"checked_in": "on"})
    assert response.status_code == 404
    stranger.refresh_from_db()
    assert not stranger.checked_in


def test_with_check_in_required_only_checked_in_players_are_drawn(desk, make_tournament):
    tournament = make_tournament(players=6, name="Sechs")
    settings = {"planned_rounds": "4", "check_in_required": "on", "public": "on"}
    assert desk.post(page_url("tournament-settings", tournament), settings).status_code == 302
    present = ["Spieler 01", "Spieler 03", "Spieler 04", "Spieler 06"]
    for player in tournament.players.filter(name__in=present):
        desk.post(page_url("player-check-in", tournament, player.pk), {"checked_in": "on"})
    response = desk.post(page_url("round-create", tournament), DRAW)
    assert response.status_code == 302
    assert seated(tournament.rounds.get()) == set(present)


def test_a_withdrawn_player_is_not_drawn_but_stays_in_the_standings(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    play_round(services.round_draw(tournament=tournament, seed=5))
    gone = tournament.players.get(name="Spieler 05")
    url = page_url("player-withdraw", tournament, gone.pk)
    assert desk.post(url, {"withdrawn": "on", "reason": "went home"}).status_code == 302
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "withdrawn" in page and "take back" in page
    response = desk.post(page_url("round-create", tournament), {**DRAW, "allow_byes": "on"})
    assert response.status_code == 302
    second = tournament.rounds.get(number=2)
    assert "Spieler 05" not in seated(second)
    assert "Spieler 05" not in set(second.byes.values_list("player__name", flat=True))
    row = next(r for r in tournament_standings(tournament).rows if r.player.name == "Spieler 05")
    # Round 2 he was not there for: it scores the round's worst (nobody has played yet: 0).
    assert row.player.withdrawn
    assert [(r.round, r.missed) for r in row.rounds] == [(1, False), (2, True)]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_WITHDRAW)
    assert (entry.reason, entry.after) == ("went home", {"withdrawn": True})


def test_a_withdrawal_can_be_taken_back(desk, tournament):
    player = tournament.players.get(name="Spieler 01")
    url = page_url("player-withdraw", tournament, player.pk)
    desk.post(url, {"withdrawn": "on"})
    assert desk.post(url, {"reason": "back from the bar"}).status_code == 302
    player.refresh_from_db()
    assert not player.withdrawn
    assert player.pk in services.drawable_players(tournament)


def test_late_registration_works_while_running_and_is_marked(desk, table):
    tournament = table.round.tournament
    response = desk.post(page_url("player-create", tournament), {"name": "Nachzügler"})
    assert response.status_code == 302
    late = tournament.players.get(name="Nachzügler")
    assert late.checked_in  # there at the desk: checked in at once
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert page.count("late registration") == 1
    row = page[page.index("<td>Nachzügler") :]
    assert row.index("late registration") < row.index("</tr>")


# --- teams -----------------------------------------------------------------------------------


def test_teams_are_registered_from_players_without_a_team(desk, make_tournament):
    tournament = make_tournament(players=8, name="Preisbauern", game="bauerchen")
    a, b, c = (tournament.players.get(name=f"Spieler 0{i}") for i in (1, 2, 3))
    url = page_url("team-create", tournament)
    response = desk.post(url, {"name": "Die Alten", "players_0": a.pk, "players_1": b.pk})
    assert response.status_code == 302
    team = Team.objects.get(tournament=tournament)
    assert set(team.members.values_list("name", flat=True)) == {"Spieler 01", "Spieler 02"}
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "Die Alten" in page
    team_form = page[page.index('id="teams"') :]
    assert f'value="{c.pk}"' in team_form and f'value="{a.pk}"' not in team_form


def test_a_player_already_in_a_team_is_refused_beside_the_players(desk, make_tournament):
    tournament = make_tournament(players=8, name="Preisbauern", game="bauerchen")
    a, b, c = (tournament.players.get(name=f"Spieler 0{i}") for i in (1, 2, 3))
    services.team_add(tournament=tournament, name="Die Alten", players=[a, b])
    before = snapshot(tournament)
    response = desk.post(
        page_url("team-create", tournament),
        {"name": "Die Jungen", "players_0": a.pk, "players_1": c.pk},
    )
    assert response.status_code == 400
    assert response.context["team_form"].errors["players"] == ["Already in a team: Spieler 01."]
    assert "Already in a team: Spieler 01." in response.content.decode()
    assert snapshot(tournament) == before


def test_a_team_of_one_player_twice_is_refused(desk, make_tournament):
    tournament = make_tournament(players=8, name="Preisbauern", game="bauerchen")
    a = tournament.players.first()
    response = desk.post(
        page_url("team-create", tournament), {"name": "Solo", "players_0": a.pk, "players_1": a.pk}
    )
    assert response.status_code == 400
    assert response.context["team_form"].errors["players"] == ["Choose two different players."]
    assert not tournament.teams.exists()


def test_a_team_in_a_game_without_partnerships_is_refused_with_a_message(desk, tournament):
    a, b = tournament.players.all()[:2]
    response = desk.post(
        page_url("team-create", tournament), {"name": "X", "players_0": a.pk, "players_1": b.pk}
    )
    assert response.status_code == 400
    assert "Hintersche is not played in fixed partnerships." in response.content.decode()
    assert not tournament.teams.exists()


# --- the draw and the end --------------------------------------------------------------------


def test_the_draw_form_offers_the_methods(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert '<option value="avoid_repeats" selected>' in page
    assert 'name="override_reason"' not in page  # no round waiting yet
    response = desk.post(page_url("round-create", tournament), {"method": "standings"})
    assert response.status_code == 302
    assert tournament.rounds.get().method == Round.Method.STANDINGS


def test_once_every_planned_round_is_drawn_the_draw_form_gives_way_to_a_note(desk, make_tournament):
    tournament = make_tournament(players=4, name="Eine Runde")
    services.tournament_settings(tournament=tournament, by=None, planned_rounds=1)
    play_round(services.round_draw(tournament=tournament, seed=2))
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "The 1 planned round is drawn" in page
    assert f'action="{page_url("round-create", tournament)}"' not in page
    before = snapshot(tournament)
    response = desk.post(page_url("round-create", tournament), DRAW)
    assert response.status_code == 400
    assert "Raise the planned rounds to draw more" in response.content.decode()
    assert snapshot(tournament) == before


def test_drawing_while_a_round_is_incomplete_needs_a_reason(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    first = services.round_draw(tournament=tournament, seed=2)
    play_out(first.tables.get(number=1))
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert 'name="override_reason"' in page
    before = snapshot(tournament)
    url = page_url("round-create", tournament)
    response = desk.post(url, DRAW)
    assert response.status_code == 400
    message = (
        "Round 1 is not complete: 1 table is still playing. Wait for it, or give a reason "
        "to draw anyway."
    )
    assert response.context["draw_form"].errors["override_reason"] == [message]
    html = response.content.decode()
    beside = html.index('id="id_override_reason_error"')
    assert html.index('name="override_reason"') < beside < html.index(message)  # under it
    assert snapshot(tournament) == before
    response = desk.post(url, {**DRAW, "override_reason": "table 2 went home"})
    assert response.status_code == 302
    assert tournament.rounds.count() == 2
    draw_entry = AuditEntry.objects.get(action=AuditEntry.Action.ROUND_DRAW, round_number=2)
    assert draw_entry.reason == "table 2 went home" and draw_entry.actor.username == "orga"
    log = desk.get(page_url("audit-log", tournament)).content.decode()
    assert "table 2 went home" in log


def test_finishing_with_an_open_round_is_refused_with_a_message(desk, table):
    tournament = table.round.tournament
    before = snapshot(tournament)
    response = desk.post(page_url("tournament-finish", tournament))
    assert response.status_code == 400
    assert (
        "Round 1 is not complete yet. Lock it first (with a reason while tables are still "
        "playing)." in response.content.decode()
    )
    assert snapshot(tournament) == before


def test_after_finishing_everything_is_read_only(desk, make_tournament):
    tournament = make_tournament(players=8, name="Preisbauern", game="bauerchen")
    play_round(services.round_draw(tournament=tournament, seed=1))
    response = desk.post(page_url("tournament-finish", tournament))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.finished
    assert tournament.rounds.get().status == Round.Status.LOCKED
    page = desk.get(page_url("tournament-detail", tournament)).content.decode()
    assert "finished and read-only" in page
    assert f'action="/o/{tournament.slug}/' not in page  # every desk form hidden
    for name in ("tournament-settings", "round-detail"):
        args = (1,) if name == "round-detail" else ()
        html = desk.get(page_url(name, tournament, *args)).content.decode()
        assert 'method="post"' not in html.split("</header>")[1]
    player = tournament.players.first()
    a, b = tournament.players.all()[:2]
    posts = [
        (page_url("player-create", tournament), {"name": "Zu spät"}),
        (page_url("player-list-create", tournament), {"names": "Noch einer"}),
        (page_url("player-check-in", tournament, player.pk), {"checked_in": "on"}),
        (page_url("player-withdraw", tournament, player.pk), {"withdrawn": "on"}),
        (page_url("team-create", tournament), {"name": "T", "players_0": a.pk, "players_1": b.pk}),
        (page_url("round-create", tournament), DRAW),
        (page_url("tournament-finish", tournament), {}),
        (page_url("tournament-settings", tournament), {"planned_rounds": "9"}),
        (page_url("round-lock", tournament, 1), {"reason": "again"}),
        (page_url("seats-swap", tournament, 1), {"players_0": a.pk, "players_1": b.pk}),
    ]
    before = snapshot(tournament)
    for url, data in posts:
        response = desk.post(url, data)
        assert response.status_code == 400, url
        assert "The tournament is finished; nothing can be changed any more." in (
            response.content.decode()
        ), url
    assert snapshot(tournament) == before


# --- settings --------------------------------------------------------------------------------


def test_a_new_tournament_takes_its_settings(desk):
    form = {"name": "Herbst", "game": "hintersche", "date": "2026-11-21", "planned_rounds": "3"}
    response = desk.post(reverse("tournament-create"), {**form, "check_in_required": "on"})
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Herbst")
    assert tournament.planned_rounds == 3
    assert tournament.check_in_required and not tournament.public
    assert not tournament.confirmation_required
    page = desk.get(reverse("tournament-create")).content.decode()
    assert 'name="planned_rounds" value="4"' in page  # the model's default


def test_a_new_tournament_refuses_zero_rounds_beside_the_field(desk):
    form = {"name": "Null", "game": "hintersche", "date": "2026-11-21", "planned_rounds": "0"}
    response = desk.post(reverse("tournament-create"), form)
    assert response.status_code == 200
    assert response.context["form"].errors["planned_rounds"] == [
        "Ensure this value is greater than or equal to 1."
    ]
    assert not Tournament.objects.filter(name="Null").exists()


def test_settings_page_shows_and_saves_the_settings(desk, tournament):
    url = page_url("tournament-settings", tournament)
    page = desk.get(url).content.decode()
    assert 'name="planned_rounds" value="4"' in page
    assert page.count('name="tiebreak_') == 4  # Hintersche: Stechen, 0-rounds, countback, lot
    assert '<option value="zero_rounds">Clean rounds</option>' in page  # the game's words
    assert "empty for the game's own order:" in page and "Clean rounds, " in page
    data = {
        "planned_rounds": "5",
        "public": "on",
        "confirmation_required": "on",
        "tiebreak_1": "countback",
        "tiebreak_2": "stechen",
    }
    response = desk.post(url, data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 5 and tournament.confirmation_required
    assert tournament.tiebreaks == ["countback", "stechen"]
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.SETTINGS).first()
    assert entry.before == {"planned_rounds": 4, "confirmation_required": False, "tiebreaks": []}
    assert entry.after == {
        "planned_rounds": 5,
        "confirmation_required": True,
        "tiebreaks": ["countback", "stechen"],
    }
    page = desk.get(url).content.decode()
    assert '<option value="countback" selected>' in page
    # All places empty again: the game's own order.
    desk.post(url, {"planned_rounds": "5", "public": "on", "confirmation_required": "on"})
    tournament.refresh_from_db()
    assert tournament.tiebreaks == []


@pytest.mark.parametrize(
    ("tiebreaks", "field", "message"),
    [
        ({"tiebreak_1": "lot", "tiebreak_2": "lot"}, "tiebreak_2", "Each tie-break only once."),
        (
            {"tiebreak_1": "lot", "tiebreak_3": "stechen"},
            "tiebreak_3",
            "Fill the places in order, without a gap.",
        ),
        ({"tiebreak_1": "knoddel_diff"}, "tiebreak_1", "Select a valid choice."),
    ],
)
def test_a_bad_tiebreak_order_is_refused_beside_its_place(
    desk, tournament, tiebreaks, field, message
):
    before = snapshot(tournament)
    response = desk.post(
        page_url("tournament-settings", tournament),
        {"planned_rounds": "4", "public": "on", **tiebreaks},
    )
    assert response.status_code == 400
    assert response.context["form"].errors[field][0].startswith(message)
    assert snapshot(tournament) == before


def test_settings_that_contradict_the_play_so_far_are_refused_beside_the_field(
    desk, make_tournament
):
    tournament = make_tournament(players=8, name="Acht")
    for seed in (1, 2):
        the_round = services.round_draw(tournament=tournament, seed=seed)
        play_round(the_round)
    url = page_url("tournament-settings", tournament)
    before = snapshot(tournament)
    response = desk.post(url, {"planned_rounds": "1", "public": "on"})
    assert response.status_code == 400
    assert response.context["form"].errors["planned_rounds"] == ["2 rounds are drawn already."]
    response = desk.post(
        url, {"planned_rounds": "4", "public": "on", "confirmation_required": "on"}
    )
    assert response.status_code == 400
    assert (
        response.context["form"]
        .errors["confirmation_required"][0]
        .startswith("Deals are entered already")
    )
    assert snapshot(tournament) == before


# --- the round dashboard ---------------------------------------------------------------------


def test_dashboard_shows_each_tables_progress(desk, make_tournament, monkeypatch):
    tournament = make_tournament(players=12, name="Zwölf")
    the_round = services.round_draw(tournament=tournament, seed=4)
    one, two, three = the_round.tables.order_by("number")
    play_out(one)
    services.deal_record(table=two, entry={"points": H1_DEAL_1}, by=None, via="test")
    later = timezone.now() + datetime.timedelta(minutes=12)
    monkeypatch.setattr("tournaments.views.desk.timezone.now", lambda: later)
    response = desk.get(page_url("round-detail", tournament, 1))
    html = response.content.decode()
    assert "Status: <strong>playing</strong>" in html
    rows = {t.table.number: t for t in response.context["tables"]}
    assert (rows[1].table.complete, rows[1].idle) == (True, False)
    assert rows[2].deal_count == 1 and rows[2].idle and rows[2].idle_minutes >= 11
    assert rows[3].deal_count == 0 and rows[3].idle  # no deal since the draw
    assert html.count('class="idle"') == 2
    assert "finished" in html and "playing" in html and "not started" in html
    assert "last deal 12 minutes ago" in html or "last deal 11 minutes ago" in html
    assert "drawn " in html  # table 3: no deal since the draw
    for table in (one, two, three):
        assert table.get_absolute_url() in html
    # Seats in playing order with their players and, once a deal is in, the round's score:
    # table 2's first deal gave A a Strich (Example H-1).
    players = seat_players(two)
    assert (
        f'A: {players["A"]}&nbsp;<span class="score">·&nbsp;1 Strich</span><br>'
        f'B: {players["B"]}&nbsp;<span class="score">·&nbsp;0 Striche</span>'
    ) in html
    three_players = seat_players(three)
    assert f"A: {three_players['A']}<br>B: {three_players['B']}" in html  # not started


def test_dashboard_marks_an_unconfirmed_last_deal(desk, tournament):
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    seat_a = table.seats.get(label="A")
    services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t", seat=seat_a)
    html = desk.get(page_url("round-detail", tournament, 1)).content.decode()
    assert "unconfirmed" in html
    services.deal_confirm(table=table, seat=table.seats.get(label="B"))
    html = desk.get(page_url("round-detail", tournament, 1)).content.decode()
    assert "unconfirmed" not in html


def test_dashboard_lists_byes_and_polls_a_partial(desk, make_tournament):
    tournament = make_tournament(players=6, name="Sechs")
    services.round_draw(tournament=tournament, seed=1, allow_byes=True)
    url = page_url("round-detail", tournament, 1)
    html = desk.get(url).content.decode()
    assert html.count("Bye (scores the round's average, flagged)") == 2
    assert f'hx-get="{url}" hx-trigger="every 10s"' in html
    partial = desk.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in partial and 'id="progress"' in partial
    assert 'id="swap"' not in partial


def test_dashboard_costs_the_same_queries_for_2_and_6_tables(
    desk, make_tournament, django_assert_max_num_queries
):
    """Guards against a query (or a replay) per table: 250 tables must cost what 2 cost."""
    counts = []
    for players, name in ((8, "Zwei Tische"), (24, "Sechs Tische")):
        tournament = make_tournament(players=players, name=name)
        for table in services.round_draw(tournament=tournament, seed=8).tables.all():
            services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
        url = page_url("round-detail", tournament, 1)
        with CaptureQueriesContext(connection) as queries:
            desk.get(url)
        counts.append(len(queries))
        with django_assert_max_num_queries(8):
            desk.get(url, headers={"HX-Request": "true"})  # the poll, every 10 s
    assert counts[0] == counts[1]


def test_dashboard_of_a_drawn_round_costs_no_more(
    desk, make_tournament, django_assert_max_num_queries
):
    """Before the first deal the page also offers the swap form, from the seats it has, the
    form to give a seat to another player (one query for the players without a seat) and the
    undo of the draw (one query: is it the last round?)."""
    tournament = make_tournament(players=24, name="Sechs Tische")
    services.round_draw(tournament=tournament, seed=8)
    with django_assert_max_num_queries(10):
        html = desk.get(page_url("round-detail", tournament, 1)).content.decode()
    assert 'id="swap"' in html and 'id="replace"' in html and 'id="undraw"' in html


# --- swapping seats --------------------------------------------------------------------------


def test_two_players_swap_seats_before_the_first_deal(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    the_round = services.round_draw(tournament=tournament, seed=3)
    one, two = the_round.tables.order_by("number")
    x, y = one.seats.get(label="A"), two.seats.get(label="C")
    x_player, y_player = x.player, y.player
    response = desk.post(
        page_url("seats-swap", tournament, 1), {"players_0": x_player.pk, "players_1": y_player.pk}
    )
    assert response.status_code == 302
    x.refresh_from_db()
    y.refresh_from_db()
    assert (x.player, y.player) == (y_player, x_player)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.SEATS_SWAP)
    assert entry.before == [f"{x_player.name}: 1A", f"{y_player.name}: 2C"]
    assert entry.round_number == 1 and entry.actor.username == "orga"


def test_the_same_player_twice_is_refused_beside_the_players(desk, table):
    tournament = table.round.tournament
    player = table.seats.get(label="A").player
    before = snapshot(tournament)
    response = desk.post(
        page_url("seats-swap", tournament, 1), {"players_0": player.pk, "players_1": player.pk}
    )
    assert response.status_code == 400
    assert response.context["swap_form"].errors["players"] == ["Choose two different players."]
    assert snapshot(tournament) == before


def test_swapping_after_the_first_deal_is_refused_with_a_message(desk, table):
    tournament = table.round.tournament
    services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
    a, b = table.seats.get(label="A").player, table.seats.get(label="B").player
    before = snapshot(tournament)
    page = desk.get(page_url("round-detail", tournament, 1)).content.decode()
    assert 'id="swap"' not in page
    response = desk.post(
        page_url("seats-swap", tournament, 1), {"players_0": a.pk, "players_1": b.pk}
    )
    assert response.status_code == 400
    assert (
        "Round 1 has started: seats can only be swapped before the first deal."
        in response.content.decode()
    )
    assert snapshot(tournament) == before


# --- locking ---------------------------------------------------------------------------------


def test_locking_an_incomplete_round_needs_a_reason(desk, table):
    tournament = table.round.tournament
    services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
    url = page_url("round-lock", tournament, 1)
    before = snapshot(tournament)
    response = desk.post(url, {"reason": ""})
    assert response.status_code == 400
    message = "Round 1 is not complete. Give a reason to lock it as it stands."
    assert response.context["lock_form"].errors["reason"] == [message]
    assert message in response.content.decode()
    assert snapshot(tournament) == before
    assert desk.post(url, {"reason": "time is up"}).status_code == 302
    the_round = tournament.rounds.get()
    assert the_round.status == Round.Status.LOCKED
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ROUND_LOCK)
    assert (entry.reason, entry.before, entry.after) == ("time is up", "playing", "locked")
    page = desk.get(page_url("round-detail", tournament, 1)).content.decode()
    assert "This round is locked" in page and 'id="lock"' not in page


def test_a_complete_round_locks_without_a_reason(desk, table):
    play_out(table)
    response = desk.post(page_url("round-lock", table.round.tournament, 1), {})
    assert response.status_code == 302
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.LOCKED


# --- table cards -----------------------------------------------------------------------------


def test_table_cards_carry_a_code_and_the_link_of_every_seat(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    the_round = services.round_draw(tournament=tournament, seed=3)
    response = desk.get(page_url("round-cards", tournament, 1))
    html = response.content.decode()
    assert html.count('class="table-card"') == 2
    assert html.count("<svg") == 8 + 2  # a code per seat and one per table
    for seat in Seat.objects.filter(table__round=the_round).select_related("player"):
        assert f"http://testserver{seat.get_absolute_url()}" in html
        assert f"Seat {seat.label}: {seat.player.name}" in html
    for table in the_round.tables.all():
        assert f"http://testserver{table.get_absolute_url()}" in html
    assert "style=" not in html  # CSP: no inline styles


def test_table_cards_of_a_locked_round_are_not_printed(desk, table):
    services.round_lock(round=table.round, reason="cut short")
    html = desk.get(page_url("round-cards", table.round.tournament, 1)).content.decode()
    assert "This round is locked" in html
    assert "<svg" not in html and table.seats.first().token not in html


def test_a_round_that_does_not_exist_is_not_found(desk, tournament):
    assert desk.get(page_url("round-detail", tournament, 1)).status_code == 404
    assert desk.get(page_url("round-cards", tournament, 1)).status_code == 404
    assert Player.objects.filter(tournament=tournament).count() == 4
