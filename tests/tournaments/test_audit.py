"""The audit log: every kind of write leaves an entry (who, what, before → after, why), the
organiser's log page shows them newest first, filters them and pages through them at a fixed
number of queries."""

from __future__ import annotations

import html
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.simulation import simulate_deal
from tournaments import services
from tournaments.models import AuditEntry, Tournament
from tournaments.tables import table_state

H1_DEAL_1 = {"A": 52, "B": 30, "C": 18, "D": 40}


def url(name: str, tournament: Tournament, *args) -> str:
    return reverse(name, args=[tournament.slug, *args])


def log_rows(client, tournament: Tournament, **params) -> list[str]:
    """The log page's rows (unescaped text of each ``<tr>``), newest first."""
    page = client.get(url("audit-log", tournament), params).content.decode()
    rows = re.findall(r'<tr class="action-[a-z_]+">(.*?)</tr>', page, flags=re.S)
    return [
        html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row))).strip() for row in rows
    ]


@pytest.fixture
def evening(desk, make_tournament) -> Tournament:
    """A Bauerchen evening written through the desk (and the table's services): settings, a
    late reserve, check-in, withdrawal, four teams, the draw, a swap, new links for a table, a
    co-organiser invited and removed, the round's clock and an announcement, a deal and its
    correction, a paper sheet typed in once (of two), the lock with a reason, a prize and a
    category of special prizes, and the end."""
    tournament = make_tournament(players=8, name="Preisbauern", game="bauerchen")
    post = desk.post
    settings = {"planned_rounds": "3", "confirmation_required": "on", "public": "on"}
    assert post(url("tournament-settings", tournament), settings).status_code == 302
    assert post(url("player-create", tournament), {"name": "Ersatz"}).status_code == 302
    players = {p.name: p for p in tournament.players.all()}
    fix = {"name": "Ersatzmann", "club": "Rodenbach"}
    assert post(url("player-edit", tournament, players["Ersatz"].pk), fix).status_code == 302
    first = players["Spieler 01"]
    post(url("player-check-in", tournament, first.pk), {"checked_in": "on"})
    post(
        url("player-withdraw", tournament, players["Ersatz"].pk),
        {"withdrawn": "on", "reason": "only a reserve"},
    )
    for number in range(4):
        a, b = players[f"Spieler {2 * number + 1:02d}"], players[f"Spieler {2 * number + 2:02d}"]
        team = {"name": f"Team {number + 1}", "players_0": a.pk, "players_1": b.pk}
        assert post(url("team-create", tournament), team).status_code == 302
    fourth = tournament.teams.get(name="Team 4")
    assert post(url("team-rename", tournament, fourth.pk), {"name": "Team Vier"}).status_code == 302
    assert post(url("round-create", tournament), {"method": "random"}).status_code == 302
    assert (
        post(url("round-undraw", tournament, 1), {"reason": "drawn too early"}).status_code == 302
    )
    assert post(url("round-create", tournament), {"method": "random"}).status_code == 302
    the_round = tournament.rounds.get()
    guest = services.player_add(tournament=tournament, name="Gast", by=None)
    seated = the_round.tables.get(number=2).seats.get(label="S").player
    replace = {"seated": seated.pk, "newcomer": guest.pk}
    assert post(url("seat-replace", tournament, 1), replace).status_code == 302
    one, two = the_round.tables.order_by("number")
    x, y = one.seats.get(label="N").player, two.seats.get(label="N").player
    swap = {"players_0": x.pk, "players_1": y.pk}
    assert post(url("seats-swap", tournament, 1), swap).status_code == 302
    renew = post(url("table-links-renew", tournament, 1, 2), {"reason": "card lost"})
    assert renew.status_code == 302
    assert post(url("round-clock", tournament, 1), {"minutes": "45"}).status_code == 302
    notice = {"text": "Siegerehrung um 18 Uhr"}
    assert post(url("announcement", tournament), notice).status_code == 302
    helper = get_user_model().objects.create_user("helfer")
    assert post(url("organiser-invite", tournament), {"username": "helfer"}).status_code == 302
    assert post(url("organiser-remove", tournament, helper.pk)).status_code == 302
    assert post(url("player-fee-pay", tournament, guest.pk), {"amount": "2.50"}).status_code == 302
    game, start = tournament.scoring_game, table_state(one)
    deal, fixed = (simulate_deal(game, start, game.variant({}), random.Random(i)) for i in (1, 2))
    north, east = one.seats.get(label="N"), one.seats.get(label="E")
    services.deal_record(table=one, entry=deal, by=None, via="seat link N", seat=north)
    services.deal_correct(
        table=one, entry=fixed, by=None, via="seat link N", seat=north, reason="typo"
    )
    services.deal_confirm(table=one, seat=east, via="seat link E")
    second = simulate_deal(game, table_state(one), game.variant({}), random.Random(3))
    services.deal_record(table=one, entry=second, by=None, via="seat link N", seat=north, number=2)
    services.deal_undo(
        table=one, by=None, via="seat link N", seat=north, number=2, reason="sent too early"
    )
    organiser = get_user_model().objects.get(pk=tournament.organiser_id)
    services.deal_void(table=one, by=organiser, number=1, reason="a practice deal")
    sheet = {"_action": "save", "r1-dealer": "N", "r1-cp_NS": "45", "r1-spritz": "0"}
    sheet["double_entry"] = "on"  # typed once: kept, waiting for the second typing
    assert post(url("paper-sheet", tournament, 1, 2), sheet).status_code == 302
    assert post(url("round-lock", tournament, 1), {"reason": "time is up"}).status_code == 302
    # No deal counts: all ten players are level on places 1-10; eight fill two Stechen tables,
    # the lot drops two.
    assert post(url("stechen-lot", tournament), {"first_place": "1"}).status_code == 302
    playing = tournament.players.filter(stechen_rank=1).order_by("name")
    order = {f"place_{i}": player.pk for i, player in enumerate(playing)}
    result = post(url("stechen-result", tournament), {"first_place": "1", **order})
    assert result.status_code == 302
    # The live standings hidden from round 1 on, shown again at the prize-giving.
    services.tournament_settings(tournament=tournament, by=organiser, standings_hidden_from_round=1)
    assert post(url("standings-reveal", tournament)).status_code == 302
    # The prize list: a prize for the first place, a category of special prizes and its player.
    prize = {"kind": "place", "place": "1", "amount": "40", "goods": "Pokal"}
    assert post(url("prize-add", tournament), prize).status_code == 302
    assert post(url("prize-category-add", tournament), {"name": "Damen"}).status_code == 302
    damen = {"category": tournament.prize_categories.get().pk, "players": [first.pk]}
    assert post(url("prize-category-players", tournament), damen).status_code == 302
    # A season the evening counts for, and the player register (issue 19, part 3): "Spieler
    # 01" played last year as "Spieler 1"; his entry of this evening is merged into that one.
    points = {"scoring": "places", "place_points": "10, 8, 6"}
    season = {"name": "Preisbauern-Saison", **points}
    assert post(reverse("series-create"), season).status_code == 302
    edit = reverse("series-edit", args=["preisbauern-saison"])
    assert post(edit, {**season, "tournaments": [tournament.pk]}).status_code == 302
    last_year = services.tournament_create(
        organiser=tournament.organiser, name="Vorjahr", game="bauerchen", date=tournament.date
    )
    known = services.player_add(tournament=last_year, name="Spieler 1")
    merge = {"keep": known.person_id, "merged": first.person_id}
    assert post(reverse("person-merge"), merge).status_code == 302
    assert post(url("tournament-finish", tournament)).status_code == 302
    return tournament


def test_every_kind_of_write_is_logged_with_who_before_after_and_why(evening):
    entries = {}
    for entry in AuditEntry.objects.filter(tournament=evening).order_by("id"):
        entries.setdefault(entry.action, []).append(entry)
    every_kind = set(AuditEntry.Action) - {AuditEntry.Action.ADMIN}  # the admin's: not here
    assert set(entries) == every_kind  # each kind of write, at least once
    (sheet,) = entries[AuditEntry.Action.PAPER_SHEET]
    assert (sheet.table_number, sheet.subject, sheet.actor.username) == (
        2,
        "first typing, waiting for the second",
        "orga",
    )
    assert sheet.after == {
        "first_deal": 1,
        "rows": [{"dealer": "N", "cp_NS": "45", "spritz": "0"}],
    }
    (series,) = entries[AuditEntry.Action.SERIES]
    assert (series.subject, series.before, series.after) == (
        "Preisbauern-Saison",
        {"series": None},
        {"series": "Preisbauern-Saison"},
    )
    (merge,) = entries[AuditEntry.Action.PERSON_MERGE]
    assert merge.subject == "Spieler 01 → Spieler 1" and merge.before["name"] == "Spieler 01"
    (edit,) = entries[AuditEntry.Action.PLAYER_EDIT]
    assert (edit.before, edit.after) == (
        {"name": "Ersatz", "club": ""},
        {"name": "Ersatzmann", "club": "Rodenbach"},
    )
    *_created, settings, hidden = entries[AuditEntry.Action.SETTINGS]
    assert settings.before == {"planned_rounds": 4, "confirmation_required": False}
    assert settings.after == {"planned_rounds": 3, "confirmation_required": True}
    assert (hidden.before, hidden.after) == (
        {"standings_hidden_from_round": None},
        {"standings_hidden_from_round": 1},
    )
    (reveal,) = entries[AuditEntry.Action.STANDINGS_REVEAL]
    assert (reveal.actor.username, reveal.after) == ("orga", {"standings_revealed": True})
    check_in = entries[AuditEntry.Action.PLAYER_CHECK_IN][0]
    assert (check_in.subject, check_in.before, check_in.after) == (
        "Spieler 01",
        {"checked_in": False},
        {"checked_in": True},
    )
    withdrawal = entries[AuditEntry.Action.PLAYER_WITHDRAW][0]
    assert (withdrawal.subject, withdrawal.reason) == ("Ersatzmann", "only a reserve")
    assert [e.after for e in entries[AuditEntry.Action.TEAM_ADD]][0] == [
        "Spieler 01",
        "Spieler 02",
    ]
    draw = entries[AuditEntry.Action.ROUND_DRAW][0]
    assert draw.round_number == 1 and draw.after["method"] == "random"
    assert draw.after["tables"] == 2
    correction = entries[AuditEntry.Action.DEAL_CORRECT][0]
    record = entries[AuditEntry.Action.DEAL_RECORD][0]
    assert correction.before == record.after and correction.after != correction.before
    assert (correction.table_number, correction.via, correction.reason) == (
        1,
        "seat link N",
        "typo",
    )
    confirmation = entries[AuditEntry.Action.DEAL_CONFIRM][0]
    assert (confirmation.subject, confirmation.after) == ("Deal 1", {"seat": "E"})
    lock = entries[AuditEntry.Action.ROUND_LOCK][0]
    # Deal 2 undone and deal 1 voided: no deal stands, the round is back to drawn.
    assert (lock.before, lock.after, lock.reason) == ("drawn", "locked", "time is up")
    (fee,) = entries[AuditEntry.Action.ENTRY_FEE]
    assert (fee.subject, fee.before, fee.after) == (
        "Gast",
        {"fee_paid": None},
        {"fee_paid": "2.50"},
    )
    (clock,) = entries[AuditEntry.Action.ROUND_CLOCK]
    assert (clock.round_number, clock.subject, clock.after["round_minutes"]) == (1, "Round 1", 45)
    (notice,) = entries[AuditEntry.Action.ANNOUNCEMENT]
    assert (notice.before, notice.after) == ("", "Siegerehrung um 18 Uhr")
    (prize,) = entries[AuditEntry.Action.PRIZE_LIST]
    assert (prize.subject, prize.before, prize.after["amount"], prize.after["goods"]) == (
        "1st place",
        None,
        "40.00",
        "Pokal",
    )
    added, assigned = entries[AuditEntry.Action.PRIZE_CATEGORY]
    assert (added.subject, added.after) == ("Damen", {"name": "Damen"})
    assert (assigned.before, assigned.after) == ({"players": []}, {"players": ["Spieler 01"]})
    finish = entries[AuditEntry.Action.TOURNAMENT_FINISH][0]
    assert (finish.before, finish.after) == ("running", "finished")
    desk_writes = [e for e in AuditEntry.objects.filter(tournament=evening) if not e.via]
    assert {e.actor.username for e in desk_writes if e.action != AuditEntry.Action.PLAYER_ADD} == {
        "orga"
    }
    assert [e.actor for e in entries[AuditEntry.Action.DEAL_RECORD]] == [None, None]
    undo = entries[AuditEntry.Action.DEAL_UNDO][0]
    assert (undo.subject, undo.via, undo.reason, undo.actor) == (
        "Deal 2",
        "seat link N",
        "sent too early",
        None,
    )
    void = entries[AuditEntry.Action.DEAL_VOID][0]
    assert (void.subject, void.reason, void.actor.username) == ("Deal 1", "a practice deal", "orga")


def test_the_log_page_shows_entries_newest_first_with_before_and_after(desk, evening):
    rows = log_rows(desk, evening)
    assert len(rows) == AuditEntry.objects.filter(tournament=evening).count()
    assert "tournament finished" in rows[0] and "Running → Finished" in rows[0]
    assert "orga" in rows[0]
    lock = next(row for row in rows if "round locked" in row)
    assert "drawn → locked" in lock and "time is up" in lock
    check_in = next(row for row in rows if "check-in" in row)
    assert "checked in: no → checked in: yes" in check_in
    undo = next(row for row in rows if "deal undone" in row)
    assert "Deal 2" in undo and "sent too early" in undo and "{" not in undo  # words, no JSON
    correction = next(row for row in rows if "deal corrected" in row)
    assert "via seat link N" in correction and "Deal 1" in correction and "typo" in correction
    assert "orga" not in correction  # entered at the table, no login


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"action": "player_check_in"}, ["check-in"]),
        ({"q": "Ersatz"}, ["withdrawal", "player corrected", "player registered"]),
        ({"q": "SEAT LINK"}, ["deal undone", "deal entered", "deal confirmed", "deal corrected",
                              "deal entered"]),
        ({"round": "1"}, ["round locked", "paper table sheet typed in", "deal voided",
                          "deal undone", "deal entered",
                          "deal confirmed", "deal corrected", "deal entered",
                          "round clock set", "table links renewed", "seats swapped",
                          "seat given to another player", "round drawn", "draw undone",
                          "round drawn"]),
        ({"action": "team_add", "q": "Team 3"}, ["team registered"]),
    ],
)  # fmt: skip
def test_the_log_filters_by_what_round_and_text(desk, evening, params, expected):
    rows = log_rows(desk, evening, **params)
    labels = [label for row in rows for label in dict(AuditEntry.Action.choices).values()
              if f" {label} " in f" {row} "]  # fmt: skip
    assert labels == expected


def test_a_bad_filter_is_explained_and_filters_nothing(desk, tournament):
    response = desk.get(url("audit-log", tournament), {"round": "0"})
    assert response.status_code == 200
    assert response.context["form"].errors["round"] == [
        "Ensure this value is greater than or equal to 1."
    ]
    assert len(response.context["page"].object_list) == 2  # created, players registered


@pytest.fixture
def busy(tournament) -> Tournament:
    """250 check-ins and check-outs (and the two entries of the set-up): 252 entries."""
    player = tournament.players.first()
    for number in range(250):
        services.player_check_in(player=player, checked_in=number % 2 == 0)
    return tournament


def test_the_log_pages_by_100_and_keeps_the_filter(desk, busy):
    assert len(log_rows(desk, busy)) == 100
    assert len(log_rows(desk, busy, page=3)) == 52
    page = desk.get(url("audit-log", busy), {"action": "player_check_in"}).content
    assert "?action=player_check_in&amp;page=2" in page.decode()
    assert len(log_rows(desk, busy, action="player_check_in", page=3)) == 50


def test_the_log_costs_a_fixed_number_of_queries(
    desk, make_tournament, busy, django_assert_max_num_queries
):
    """Guards against a query per entry (its user) and against loading every entry to page."""
    small = make_tournament(name="Klein")
    for checked_in in (True, False, True):
        services.player_check_in(player=small.players.first(), checked_in=checked_in)
    counts = []
    for tournament in (small, busy):
        with CaptureQueriesContext(connection) as queries:
            desk.get(url("audit-log", tournament), {"q": "Spieler"})
        counts.append(len(queries))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(5):
        desk.get(url("audit-log", busy), {"page": "2"})


def test_another_organiser_sees_no_log(client, tournament, django_user_model):
    client.force_login(django_user_model.objects.create_user("other", password="x-pw-12345"))
    assert client.get(url("audit-log", tournament)).status_code == 404
