"""The table's private links: a seat's own link, confirmation by a different player (server and
database), the one-time form key, and links that close with their round."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.helpers import points_post
from tests.tournaments.test_services import H1_VIERSTRICH
from tournaments import services
from tournaments.models import AuditEntry, Deal, DealRevision, Round
from tournaments.standings import tournament_standings


def post_of(entry: dict, key: str = "") -> dict[str, str]:
    """A Hintersche entry as the table form posts it (``points.A`` …), with its form key."""
    return {**points_post(**entry["points"]), **({"_key": key} if key else {})}


def seat(table, label):
    return table.seats.get(label=label)


def striche(tournament) -> dict[str, int]:
    return {row.player.name: row.total for row in tournament_standings(tournament).rows}


@pytest.fixture
def confirmed_table(make_tournament):
    """Round 1's only table of a tournament where a second player confirms every deal."""
    tournament = make_tournament()
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def test_a_seat_link_opens_its_table_and_names_the_player(client, table):
    a = seat(table, "A")
    response = client.get(a.get_absolute_url())
    assert response.status_code == 200
    assert f"Seat A: {a.player.name}" in response.text


def test_an_unknown_link_is_not_found(client, table):
    assert client.get(reverse("table-detail", args=["no-such-link"])).status_code == 404


def test_a_retried_submission_never_makes_a_second_deal(client, table):
    url = table.get_absolute_url()
    first = client.post(url, post_of(H1_VIERSTRICH[0], key="k-1"))
    assert first.status_code == 302
    retry = client.post(url, post_of(H1_VIERSTRICH[0], key="k-1"), follow=True)
    assert retry.status_code == 200
    assert "already saved" in retry.text
    assert Deal.objects.filter(table=table).count() == 1
    assert DealRevision.objects.filter(deal__table=table).count() == 1
    # A new form (a new key) is the next deal.
    client.post(url, post_of(H1_VIERSTRICH[1], key="k-2"))
    assert list(table.deals.values_list("number", flat=True)) == [1, 2]


def test_a_retried_correction_is_kept_once(table):
    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=None, via="t")
    fix = {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    for _attempt in range(2):
        services.deal_correct(table=table, entry=fix, by=None, via="t", reason="r", key="c-1")
    deal = table.deals.get()
    assert deal.revision == 2
    assert deal.revisions.count() == 2


def test_a_form_key_of_another_table_is_refused(make_tournament):
    tournament = make_tournament(players=8)
    first, second = services.round_draw(tournament=tournament, seed=1).tables.order_by("number")
    services.deal_record(table=first, entry=H1_VIERSTRICH[0], by=None, via="t", key="same")
    with pytest.raises(ValidationError) as exc:
        services.deal_record(table=second, entry=H1_VIERSTRICH[0], by=None, via="t", key="same")
    assert exc.value.code == "WRONG_TABLE"
    assert not second.deals.exists()


def test_with_confirmation_the_table_link_cannot_enter(client, confirmed_table):
    response = client.post(confirmed_table.get_absolute_url(), post_of(H1_VIERSTRICH[0]))
    assert response.status_code == 422
    assert "link of your own seat" in response.text
    assert not Deal.objects.exists()


def test_a_deal_counts_once_another_player_confirms_it(client, confirmed_table):
    tournament = confirmed_table.round.tournament
    a, b = seat(confirmed_table, "A"), seat(confirmed_table, "B")
    client.post(a.get_absolute_url(), post_of(H1_VIERSTRICH[0]))
    deal = confirmed_table.deals.get()
    assert deal.entered_seat == a and deal.confirmed_seat is None
    # Not counted yet: A has the most card points of deal 1 but no Strich so far.
    assert striche(tournament)[a.player.name] == 0
    waiting = client.get(a.get_absolute_url())
    assert "must still be confirmed by another player" in waiting.text

    page = client.get(b.get_absolute_url())
    assert "Confirm deal 1" in page.text
    response = client.post(reverse("table-confirm", args=[b.token]))
    assert response.status_code == 302
    deal.refresh_from_db()
    assert deal.confirmed_seat == b and deal.confirmed_at is not None
    assert striche(tournament)[a.player.name] == 1
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DEAL_CONFIRM)
    assert entry.after == {"seat": "B"} and entry.table_number == 1


def test_the_player_who_entered_cannot_confirm(client, confirmed_table):
    a = seat(confirmed_table, "A")
    client.post(a.get_absolute_url(), post_of(H1_VIERSTRICH[0]))
    response = client.post(reverse("table-confirm", args=[a.token]))
    assert response.status_code == 422
    assert "another player at the table confirms it" in response.text
    assert confirmed_table.deals.get().confirmed_seat is None


def test_the_database_refuses_a_self_confirmation(confirmed_table):
    """Even past the service (a bug, a script, the admin): the check constraint holds."""
    a = seat(confirmed_table, "A")
    services.deal_record(table=confirmed_table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.filter(table=confirmed_table).update(confirmed_seat=a)


def test_a_seat_of_another_table_cannot_confirm(make_tournament):
    tournament = make_tournament(players=8)
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    first, second = services.round_draw(tournament=tournament, seed=1).tables.order_by("number")
    a = seat(first, "A")
    services.deal_record(table=first, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    with pytest.raises(ValidationError) as exc:
        services.deal_confirm(table=first, seat=seat(second, "B"))
    assert exc.value.code == "WRONG_TABLE"
    assert first.deals.get().confirmed_seat is None


def test_the_next_deal_waits_for_the_confirmation(client, confirmed_table):
    a, c = seat(confirmed_table, "A"), seat(confirmed_table, "C")
    client.post(a.get_absolute_url(), post_of(H1_VIERSTRICH[0]))
    response = client.post(c.get_absolute_url(), post_of(H1_VIERSTRICH[1]))
    assert response.status_code == 422
    assert "Deal 1 waits for another player" in response.text
    assert confirmed_table.deals.count() == 1


def test_a_correction_needs_a_new_confirmation(client, confirmed_table):
    a, b = seat(confirmed_table, "A"), seat(confirmed_table, "B")
    services.deal_record(table=confirmed_table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    services.deal_confirm(table=confirmed_table, seat=b)
    fix = {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    services.deal_correct(
        table=confirmed_table, entry=fix, by=None, via="t", reason="A and B swapped", seat=b
    )
    deal = confirmed_table.deals.get()
    assert deal.confirmed_seat is None and deal.entered_seat == b
    assert [r.entered_seat for r in deal.revisions.all()] == [a, b]
    with pytest.raises(ValidationError) as exc:
        services.deal_confirm(table=confirmed_table, seat=b)
    assert exc.value.code == "SAME_PLAYER"
    services.deal_confirm(table=confirmed_table, seat=a)
    # B now has the most card points of deal 1: his Strich counts, A's is gone.
    tournament = confirmed_table.round.tournament
    assert striche(tournament)[b.player.name] == 1
    assert striche(tournament)[a.player.name] == 0


def test_the_round_moves_from_drawn_to_playing_to_complete(table):
    the_round = table.round
    assert the_round.status == Round.Status.DRAWN
    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=None, via="t")
    the_round.refresh_from_db()
    assert the_round.status == Round.Status.PLAYING
    for entry in H1_VIERSTRICH[1:]:
        services.deal_record(table=table, entry=entry, by=None, via="t")
    the_round.refresh_from_db()
    table.refresh_from_db()
    assert table.complete and the_round.status == Round.Status.COMPLETE


def test_with_confirmation_a_table_is_complete_after_the_last_confirmation(confirmed_table):
    a, b = seat(confirmed_table, "A"), seat(confirmed_table, "B")
    for entry in H1_VIERSTRICH:
        services.deal_record(table=confirmed_table, entry=entry, by=None, via="t", seat=a)
        confirmed_table.refresh_from_db()
        assert not confirmed_table.complete
        services.deal_confirm(table=confirmed_table, seat=b)
    confirmed_table.refresh_from_db()
    assert confirmed_table.complete
    assert confirmed_table.round.__class__.objects.get().status == Round.Status.COMPLETE


def test_a_locked_round_closes_its_links(client, table):
    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=None, via="t")
    services.round_lock(round=table.round, by=None, reason="time is up")
    page = client.get(table.get_absolute_url())
    assert "is closed" in page.text
    assert 'name="points.A"' not in page.text
    response = client.post(table.get_absolute_url(), post_of(H1_VIERSTRICH[1]))
    assert response.status_code == 422
    assert "Round 1 is closed" in response.text
    correction = client.post(
        reverse("table-correct", args=[table.token]), {**post_of(H1_VIERSTRICH[1]), "reason": "x"}
    )
    assert correction.status_code == 422
    deal = table.deals.get()
    assert deal.entry == H1_VIERSTRICH[0] and deal.revision == 1


def test_a_finished_tournament_is_read_only(table):
    for entry in H1_VIERSTRICH:
        services.deal_record(table=table, entry=entry, by=None, via="t")
    services.tournament_finish(tournament=table.round.tournament, by=None)
    with pytest.raises(ValidationError) as exc:
        services.deal_correct(table=table, entry=H1_VIERSTRICH[3], by=None, via="t", reason="x")
    assert exc.value.code == "ROUND_LOCKED"
    assert Round.objects.get().status == Round.Status.LOCKED
    assert table.deals.get(number=4).revision == 1


def test_every_deal_write_is_in_the_audit_log_with_before_and_after(organiser, table):
    services.deal_record(table=table, entry=H1_VIERSTRICH[0], by=organiser, via="t")
    fix = {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    services.deal_correct(table=table, entry=fix, by=organiser, via="t", reason="swapped")
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DEAL_CORRECT)
    assert (entry.before, entry.after, entry.reason) == (H1_VIERSTRICH[0], fix, "swapped")
    assert entry.actor == organiser and (entry.round_number, entry.table_number) == (1, 1)


def test_the_table_page_costs_a_fixed_number_of_queries(
    client, confirmed_table, django_assert_max_num_queries
):
    a = seat(confirmed_table, "A")
    for entry in H1_VIERSTRICH[:3]:
        services.deal_record(table=confirmed_table, entry=entry, by=None, via="t", seat=a)
        services.deal_confirm(table=confirmed_table, seat=seat(confirmed_table, "B"))
    with django_assert_max_num_queries(8):
        assert client.get(a.get_absolute_url()).status_code == 200


def test_the_organiser_may_correct_on_the_table_link_and_his_word_counts(
    client, organiser, confirmed_table
):
    a = seat(confirmed_table, "A")
    services.deal_record(table=confirmed_table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    fix = {"points": {"A": 30, "B": 52, "C": 18, "D": 40}}
    client.force_login(organiser)
    page = client.get(reverse("table-correct", args=[confirmed_table.token]))
    assert 'name="reason"' in page.text
    response = client.post(
        reverse("table-correct", args=[confirmed_table.token]),
        {**post_of(fix), "reason": "the table called me over"},
    )
    assert response.status_code == 302
    deal = confirmed_table.deals.get()
    assert deal.entry == fix and deal.confirmed and deal.confirmed_seat is None
    assert deal.revisions.get(revision=2).entered_by == organiser
    b = seat(confirmed_table, "B")
    assert striche(confirmed_table.round.tournament)[b.player.name] == 1


def test_a_stranger_on_the_table_link_can_neither_enter_nor_confirm(client, confirmed_table):
    a = seat(confirmed_table, "A")
    services.deal_record(table=confirmed_table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    page = client.get(confirmed_table.get_absolute_url())
    assert "Confirm deal 1" not in page.text
    response = client.post(reverse("table-confirm", args=[confirmed_table.token]))
    assert response.status_code == 422
    assert "your own seat" in response.text
    assert not confirmed_table.deals.get().confirmed


def test_the_organiser_confirms_from_the_table_link(client, organiser, confirmed_table):
    a = seat(confirmed_table, "A")
    services.deal_record(table=confirmed_table, entry=H1_VIERSTRICH[0], by=None, via="t", seat=a)
    client.force_login(organiser)
    assert "Confirm deal 1" in client.get(confirmed_table.get_absolute_url()).text
    client.post(reverse("table-confirm", args=[confirmed_table.token]))
    assert confirmed_table.deals.get().confirmed
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DEAL_CONFIRM)
    assert entry.after == {"organiser": "orga"} and entry.actor == organiser
