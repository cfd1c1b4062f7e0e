"""A Preisbauer evening of individuals in a real browser: the organiser ticks "Partners drawn
anew each round" on the new-tournament form, pastes the players, draws round 1, and a phone at
table 1 enters a deal that scores the partnership NS for both its players.

Expected figures by the rules: dealer N → forehand E names trumps, EW at home; NS win 85:45 as
the away team, the losers keep 45 card points: schneider frei, 1 game point, +1 for the away
team's win = 2 game points (Scoring specification §2.2), credited to N and S alike (§2.7)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.models import Deal, Tournament
from tournaments.standings import tournament_standings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Anni Becker",
    "Berta Kiefer",
    "Christa Lauer",
    "Dieter Molter",
    "Egon Neu",
    "Frieda Ohler",
    "Gerd Pfaff",
    "Hilde Quirin",
]


def test_the_organiser_draws_partners_and_a_phone_enters_a_deal(live_server, desk, new_page):
    desk.goto(live_server.url + reverse("tournament-create"))
    desk.get_by_role("textbox", name="Name", exact=True).fill("Preisbauer in Erfenbach")
    game = desk.get_by_role("combobox", name="Game", exact=True)
    option = desk.get_by_label("Partners drawn anew each round")
    # Offered for the partnership games only: not for Hintersche, unticked when hidden.
    game.select_option("bauerchen")
    option.check()
    game.select_option("hintersche")
    expect(option).to_be_hidden()
    game.select_option("bauerchen")
    expect(option).to_be_visible()
    expect(option).not_to_be_checked()
    desk.get_by_label("Date", exact=True).fill("2026-11-21")
    option.check()
    desk.get_by_role("button", name="Create").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Preisbauer in Erfenbach")
    tournament = Tournament.objects.get()
    assert tournament.partners_drawn and not tournament.teams_allowed

    # No teams to register: the desk says so and has no Teams section.
    expect(desk.locator("section#teams")).to_have_count(0)
    expect(desk.locator("section#players")).to_contain_text("Everybody plays for himself")
    desk.get_by_label("Paste a list").fill("\n".join(PLAYERS))
    desk.get_by_role("button", name="Add all").click()
    expect(desk.locator("table.players tbody tr[id^='player-']")).to_have_count(8)
    expect(desk.locator("section#rounds .partners-drawn")).to_be_visible()
    desk.locator("section#rounds").get_by_role("button", name="Draw the next round").click()
    expect(desk.get_by_role("heading", level=1)).to_have_text("Round 1")

    the_round = tournament.rounds.get(number=1)
    table = the_round.tables.get(number=1)
    seated = {s.label: s.player.name for s in table.seats.select_related("player")}
    assert sorted(seated) == ["E", "N", "S", "W"]

    phone = new_page(phone=True)
    phone.goto(live_server.url + table.get_absolute_url())
    # The phone knows the two partnerships of the table: NS and EW with their players.
    slate = phone.locator("table.teams")
    expect(slate.locator("tr.team-NS")).to_contain_text(seated["N"])
    expect(slate.locator("tr.team-NS")).to_contain_text(seated["S"])
    expect(slate.locator("tr.team-EW")).to_contain_text(seated["E"])
    expect(slate.locator("tr.team-EW")).to_contain_text(seated["W"])
    phone.get_by_role("radio", name=f"N · {seated['N']}").check()
    phone.locator("#id_cp_NS").fill("85")
    phone.get_by_role("button", name="Enter the deal").click()
    expect(phone.locator(".last-deal h2")).to_contain_text("1")

    assert Deal.objects.get(table=table).entry == {"dealer": "N", "cp_NS": 85}
    rows = {row.player.name: row for row in tournament_standings(tournament).rows}
    points = {label: rows[name].figure("game_point_diff") for label, name in seated.items()}
    assert points == {"N": 2, "S": 2, "E": -2, "W": -2}

    # The player's page names his partner of round 1.
    page = new_page()
    north = tournament.players.get(name=seated["N"])
    page.goto(live_server.url + reverse("player-detail", args=[tournament.slug, north.pk]))
    line = page.locator("table.player-rounds tbody tr").first
    expect(line).to_contain_text(seated["S"])
