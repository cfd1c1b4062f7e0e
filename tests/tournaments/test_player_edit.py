"""Correcting a player at the desk (issue "An organiser's evening without traps", part 2): a
typo in a name or club is fixed, his seats and results stay his, the audit log keeps before and
after, and another player's name is refused beside the field with nothing changed."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Player

pytestmark = pytest.mark.django_db


def edit_url(player: Player) -> str:
    return reverse("player-edit", args=[player.tournament.slug, player.pk])


def test_a_typo_in_a_name_is_corrected_and_the_seat_stays(desk, table):
    seat = table.seats.get(label="B")
    player = seat.player
    response = desk.post(edit_url(player), {"name": "  Theresia   Wangler ", "club": "Erfenbach"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"#player-{player.pk}")  # back at his row
    player.refresh_from_db()
    assert (player.name, player.club) == ("Theresia Wangler", "Erfenbach")
    seat.refresh_from_db()
    assert seat.player_id == player.pk
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_EDIT)
    assert entry.before["name"].startswith("Spieler ")
    assert entry.after == {"name": "Theresia Wangler", "club": "Erfenbach"}  # what changed
    page = desk.get(player.tournament.get_absolute_url()).content.decode()
    assert f'<tr id="player-{player.pk}">' in page and "Theresia Wangler" in page


def test_another_players_name_is_refused(desk, tournament):
    first, second = tournament.players.order_by("name")[:2]
    response = desk.post(edit_url(second), {"name": first.name, "club": ""})
    assert response.status_code == 400  # his page again, the error beside the name
    page = response.content.decode()
    field = re.search(r'<input[^>]*id="id_name"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field and f'value="{first.name}"' in field
    assert f"“{first.name}” is registered already" in page.split('id="correct"')[1]
    second.refresh_from_db()
    assert second.name != first.name
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_EDIT).exists()


def test_nothing_changed_is_not_logged(tournament, organiser):
    player = tournament.players.first()
    services.player_edit(player=player, name=player.name, club=player.club, by=organiser)
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.PLAYER_EDIT).exists()


def test_a_team_name_is_corrected(desk, make_tournament, organiser):
    tournament = make_tournament(players=4, game="bauerchen")
    one, two, three, four = tournament.players.order_by("name")
    team = services.team_add(tournament=tournament, name="Wangler & Wehre", players=[one, two])
    other = services.team_add(tournament=tournament, name="Kech & Schoch", players=[three, four])
    url = reverse("team-rename", args=[tournament.slug, team.pk])
    response = desk.post(url, {"name": "Wangler & Wehrle"})
    assert response.status_code == 302 and response["Location"].endswith("#teams")
    team.refresh_from_db()
    assert team.name == "Wangler & Wehrle" and set(team.members.all()) == {one, two}
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TEAM_RENAME)
    assert (entry.before, entry.after) == ("Wangler & Wehre", "Wangler & Wehrle")
    refused = desk.post(url, {"name": other.name})
    assert refused.status_code == 400
    assert "Already on the list: Kech &amp; Schoch." in refused.content.decode()
    team.refresh_from_db()
    assert team.name == "Wangler & Wehrle"
