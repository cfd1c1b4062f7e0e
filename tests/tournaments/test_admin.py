"""A change in the admin (a Stechen place) is logged and reaches the cached public standings."""

from __future__ import annotations

from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Player, Tournament
from tournaments.standings import tournament_standings


def test_a_stechen_place_set_in_the_admin_is_logged_and_ranks_at_once(client, make_tournament):
    tournament = make_tournament(players=4)
    services.round_draw(tournament=tournament, seed=1)
    standings_url = reverse("standings", args=[tournament.slug])
    # Nobody has played: all four share rank 1 and the lot orders them.
    assert client.get(standings_url).status_code == 200  # computed and cached
    player = Player.objects.get(pk=tournament_standings(tournament).rows[-1].player.pk)
    superuser = tournament.organiser
    superuser.is_staff = superuser.is_superuser = True
    superuser.save()
    client.force_login(superuser)
    version = Tournament.objects.get().version
    response = client.post(
        reverse("admin:tournaments_player_change", args=[player.pk]),
        {
            "name": player.name,
            "club": "",
            "tournament": tournament.pk,
            "stechen_rank": "1",
            "checked_in": "on",
        },
    )
    assert response.status_code == 302, response.text[:500]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ADMIN)
    assert entry.after["stechen_rank"] == "1" and entry.actor == superuser
    assert Tournament.objects.get().version > version
    client.logout()
    # The Stechen is the first tie-break of Hintersche: the player now ranks first.
    rows = client.get(standings_url).text.split("<tbody>")[1]
    assert rows.index(player.name) < min(
        rows.index(p.name) for p in Player.objects.exclude(pk=player.pk)
    )
