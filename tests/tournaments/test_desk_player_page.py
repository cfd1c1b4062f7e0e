"""The desk at a championship's size (issue 18): the player list carries no field per player
(a thousand forms with fields took a browser 7–11 s to show the desk of 1,000 players), so
correcting a player, another fee and the withdrawal's reason are on the player's own page; a
write there goes back to the desk at his row, a refused one shows his page again with the error
beside its field and nothing changed."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments import services
from tournaments.models import AuditEntry, Player, Tournament

pytestmark = pytest.mark.django_db


def player_url(player: Player) -> str:
    return reverse("desk-player", args=[player.tournament.slug, player.pk])


def field(page: str, id_: str) -> str:
    """The ``<input>`` tag with ``id_``, whatever the order of its attributes."""
    return re.search(rf'<input[^>]*id="{id_}"[^>]*>', page).group(0)


def player_list(page: str) -> str:
    return page.split('<table class="list players">')[1].split("</table>")[0]


@pytest.fixture
def evening(make_tournament) -> Tournament:
    """Twelve players, an entry fee of €5 paid by one, one withdrawn."""
    tournament = make_tournament(players=12, name="Kasse")
    tournament = services.tournament_settings(
        tournament=tournament, by=None, entry_fee=Decimal("5")
    )
    first, second = tournament.players.order_by("name")[:2]
    services.player_fee_pay(player=first, by=None)
    services.player_withdraw(player=second, reason="krank", by=None)
    return tournament


def test_the_player_list_carries_no_field_and_links_each_players_page(desk, evening):
    page = desk.get(evening.get_absolute_url()).content.decode()
    rows = player_list(page)
    # Buttons and the hidden CSRF token only: no text field, no folded form.
    inputs = re.findall(r"<input[^>]*>", rows)
    assert inputs and all('type="hidden"' in tag for tag in inputs)
    assert "<details" not in rows and "<select" not in rows and "<textarea" not in rows
    for player in evening.players.all():
        row = rows.split(f'<tr id="player-{player.pk}"')[1].split("</tr>")[0]
        assert f'href="{player_url(player)}"' in row  # "correct"
        assert f'href="{player_url(player)}#withdrawal"' in row
        assert f'href="{player_url(player)}#fee"' in row  # another amount / pay back


def test_the_desk_grows_by_rows_not_by_forms(desk, make_tournament):
    """Bytes per player of the desk (his row with its one-tap buttons, his box among the draw
    form's "sits out"): 0.8 KB; the rows' folded forms and fields of before made it 2.8 KB."""
    sizes = []
    for players, name in ((10, "Zehn"), (60, "Sechzig")):
        tournament = make_tournament(players=players, name=name)
        sizes.append(len(desk.get(tournament.get_absolute_url()).content))
    per_player = (sizes[1] - sizes[0]) / 50
    assert per_player < 1200


def test_the_players_page_shows_him_as_stored(desk, evening):
    player = evening.players.order_by("name").first()
    services.player_edit(player=player, name=player.name, club="Schapbach", birth_year=1950)
    with CaptureQueriesContext(connection) as queries:
        response = desk.get(player_url(player))
    assert response.status_code == 200
    assert len(queries) <= 6  # session, user, tournament, organisers, player
    page = response.content.decode()
    assert 'value="Spieler 01"' in field(page, "id_name")
    assert 'value="Schapbach"' in field(page, "id_club")
    assert 'value="1950"' in field(page, "id_birth_year")
    fee = page.split('id="fee"')[1].split("</section>")[0]
    assert "paid €5.00" in fee and 'id="id_refund_reason"' in fee  # paid: pay back
    withdrawal = page.split('id="withdrawal"')[1].split("</section>")[0]
    assert 'name="withdrawn" value="on"' in withdrawal  # not withdrawn: withdraw
    assert f'href="{evening.get_absolute_url()}#player-{player.pk}"' in page  # back to his row


def test_another_tournaments_player_is_not_found(desk, evening, make_tournament):
    other = make_tournament(name="Anderes").players.first()
    url = reverse("desk-player", args=[evening.slug, other.pk])
    assert desk.get(url).status_code == 404


def test_a_withdrawal_with_its_reason_goes_back_to_the_row(desk, evening):
    player = evening.players.order_by("name")[2]
    url = reverse("player-withdraw", args=[evening.slug, player.pk])
    response = desk.post(url, {"withdrawn": "on", "reason": "muss heim"})
    assert response.status_code == 302
    assert response["Location"] == f"{evening.get_absolute_url()}#player-{player.pk}"
    player.refresh_from_db()
    assert player.withdrawn
    entry = evening.audit_entries.filter(action=AuditEntry.Action.PLAYER_WITHDRAW).first()
    assert (entry.subject, entry.reason) == (player.name, "muss heim")
    page = desk.get(player_url(player)).content.decode()
    withdrawal = page.split('id="withdrawal"')[1].split("</section>")[0]
    assert 'name="withdrawn"' not in withdrawal and "Take back the withdrawal" in withdrawal


def test_a_reason_too_long_is_refused_beside_it_and_nothing_changes(desk, evening):
    player = evening.players.order_by("name")[2]
    url = reverse("player-withdraw", args=[evening.slug, player.pk])
    audit = evening.audit_entries.count()
    response = desk.post(url, {"withdrawn": "on", "reason": "x" * 301})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'aria-invalid="true"' in field(page, "id_withdraw_reason")
    withdrawal = page.split('id="withdrawal"')[1].split("</section>")[0]
    assert "at most 300 characters" in withdrawal
    player.refresh_from_db()
    assert not player.withdrawn and evening.audit_entries.count() == audit


def test_another_amount_from_the_players_page(desk, evening):
    youth = evening.players.order_by("name")[3]
    url = reverse("player-fee-pay", args=[evening.slug, youth.pk])
    response = desk.post(url, {"amount": "0"})  # a youth plays free
    assert response.status_code == 302
    assert response["Location"].endswith(f"#player-{youth.pk}")
    youth.refresh_from_db()
    assert youth.fee_paid == Decimal("0.00")


def test_a_finished_tournament_shows_the_player_without_forms(desk, evening):
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.FINISHED)
    player = evening.players.first()
    page = desk.get(player_url(player)).content.decode()
    assert "<form" not in page.split('<main id="main">')[1]
    assert "The tournament is finished" in page
    rows = player_list(desk.get(evening.get_absolute_url()).content.decode())
    assert player_url(player) not in rows
