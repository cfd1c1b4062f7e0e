"""Deleting: a whole tournament goes with everything in it; a player who has sat at a table
cannot be deleted on his own (his deals would lose their seat)."""

from __future__ import annotations

import pytest
from django.db.models import RestrictedError

from tests.helpers import points_post
from tournaments.models import Deal, Player, Seat, Tournament

pytestmark = pytest.mark.django_db


def test_a_played_tournament_can_be_deleted_whole(table, client):
    client.post(table.get_absolute_url(), points_post(A=50, B=40, C=30, D=20))
    assert Deal.objects.filter(table=table).count() == 1

    table.round.tournament.delete()

    assert not Tournament.objects.exists()
    assert not Player.objects.exists()
    assert not Seat.objects.exists()
    assert not Deal.objects.exists()


def test_a_seated_player_cannot_be_deleted_alone(table):
    player = table.seats.first().player

    with pytest.raises(RestrictedError):
        player.delete()

    assert Player.objects.filter(pk=player.pk).exists()
