"""Every deal in its place: a new deal only as the table's next, a correction only of the
version shown, any deal corrected with the later ones replayed, undo and void kept as versions,
the table's history, and the phones' poll.

The figures are Hintersche's Vier-Strich (Scoring specification §1.2, after Schoch 2014): after
each deal the player with the most card points takes a Strich; a player with a hundred takes
none and each other player takes one; all equal: nobody; the table's tournament round ends as
soon as at least four Striche are on the slate. Card points add up to 140.
"""

from __future__ import annotations

import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

import scoring
from scoring.simulation import simulate_until
from tests.helpers import points_post
from tournaments import services
from tournaments.messages.sources import SOURCES, rule_source
from tournaments.models import Deal, DealRevision
from tournaments.standings import tournament_standings


def points(a: int, b: int, c: int, d: int) -> dict:
    return {"points": {"A": a, "B": b, "C": c, "D": d}}


A_MOST = points(70, 30, 25, 15)  # A takes a Strich
B_MOST = points(20, 60, 40, 20)  # B takes a Strich
C_MOST = points(20, 30, 60, 30)  # C takes a Strich
D_MOST = points(20, 20, 20, 80)  # D takes a Strich
ALL_EQUAL = points(35, 35, 35, 35)  # nobody takes or erases a Strich
A_HUNDRED = points(100, 20, 10, 10)  # B, C and D take a Strich each


def seat_of(table, label):
    return table.seats.get(label=label)


def striche(table) -> dict[str, int]:
    """Seat label → the Striche of that seat's player in the standings."""
    names = {seat.player.name: seat.label for seat in table.seats.select_related("player")}
    rows = tournament_standings(table.round.tournament).rows
    return {names[row.player.name]: row.total for row in rows}


def enter(table, entry, number=None, key="", seat_label="A", **extra):
    return services.deal_record(
        table=table,
        entry=entry,
        by=None,
        via=f"seat {seat_label}",
        seat=seat_of(table, seat_label),
        key=key,
        number=number,
        **extra,
    ).deal


def code_of(error: ValidationError) -> str:
    """The code of a service's refusal, whether it names a field or not."""
    if hasattr(error, "error_dict"):
        return next(iter(error.error_dict.values()))[0].code
    return error.code


def form_of(entry: dict, number: int, key: str, **extra: str) -> dict[str, str]:
    return {**points_post(**entry["points"]), "_deal": str(number), "_key": key, **extra}


# --- a new deal only at the table's next place ------------------------------------------------


def test_the_same_deal_from_two_phones_is_stored_once(table):
    enter(table, A_MOST, number=1, key="phone-one")
    with pytest.raises(services.DealConflict) as refused:
        enter(table, A_MOST, number=1, key="phone-two", seat_label="B")
    assert refused.value.code == "DEAL_ALREADY_ENTERED"
    assert refused.value.stored.number == 1 and refused.value.next_number == 2
    assert Deal.objects.filter(table=table).count() == 1
    assert striche(table) == {"A": 1, "B": 0, "C": 0, "D": 0}


def test_a_stale_phone_sees_the_conflict_and_may_enter_its_deal_as_the_next(client, table):
    enter(table, A_MOST, number=1)
    enter(table, B_MOST, number=2)
    stale = seat_of(table, "C").get_absolute_url()
    response = client.post(stale, form_of(B_MOST, 2, "stale-1"), headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert "Not saved" in response.text and "Deal 2 is already entered" in response.text
    assert "Mine is the next deal: enter it as deal 3" in response.text
    assert Deal.objects.filter(table=table).count() == 2
    # "Mine is the next deal": the same numbers as deal 3, checked by the engine; B takes his
    # second Strich.
    response = client.post(stale, form_of(B_MOST, 3, "stale-2"))
    assert response.status_code == 302
    assert [d.number for d in Deal.objects.filter(table=table)] == [1, 2, 3]
    assert striche(table) == {"A": 1, "B": 2, "C": 0, "D": 0}


def test_a_deal_sent_past_an_undone_one_is_refused(table):
    enter(table, A_MOST, number=1)
    enter(table, B_MOST, number=2)
    services.deal_undo(table=table, by=None, via="seat A", seat=seat_of(table, "A"), number=2)
    with pytest.raises(services.DealConflict) as refused:
        enter(table, C_MOST, number=3)
    assert refused.value.code == "DEAL_NUMBER_MOVED" and refused.value.next_number == 2
    assert refused.value.stored.number == 1


def test_a_resend_with_other_values_is_not_taken_for_the_stored_one(client, table):
    url = seat_of(table, "A").get_absolute_url()
    assert client.post(url, form_of(A_MOST, 1, "lost-answer")).status_code == 302
    # The answer was lost; the player changed a number and sent the same form again.
    response = client.post(url, form_of(B_MOST, 1, "lost-answer"))
    assert response.status_code == 409
    assert "already saved as deal 1, with other values" in response.text
    assert "What you sent" in response.text and "Stored: deal 1, version 1" in response.text
    deal = Deal.objects.get(table=table)
    assert (deal.entry, deal.revision) == (A_MOST, 1)
    # The same values again: nothing more saved, and the player is told.
    again = client.post(url, form_of(A_MOST, 1, "lost-answer"), follow=True)
    assert "already saved" in again.text
    assert Deal.objects.filter(table=table).count() == 1


# --- corrections ------------------------------------------------------------------------------


def test_a_correction_of_a_version_no_longer_current_is_refused(client, table):
    enter(table, A_MOST, number=1)
    enter(table, C_MOST, number=2)
    # Phone 1 opened the correction of deal 1 (version 1); phone 2 corrects it first.
    services.deal_correct(
        table=table, entry=B_MOST, by=None, via="seat B", number=1, revision=1, reason="typo"
    )
    url = reverse("deal-correct", args=[seat_of(table, "A").token, 1])
    post = {**form_of(D_MOST, 1, "late"), "_revision": "1", "reason": "mine"}
    response = client.post(url, post)
    assert response.status_code == 409
    assert "changed on another phone meanwhile (now version 2)" in response.text
    deals = list(Deal.objects.filter(table=table))
    assert [(d.number, d.revision, d.entry) for d in deals] == [(1, 2, B_MOST), (2, 1, C_MOST)]
    assert striche(table) == {"A": 0, "B": 1, "C": 1, "D": 0}


def test_correcting_an_early_deal_replays_the_later_ones(table):
    for number, entry in enumerate([A_MOST, ALL_EQUAL, B_MOST, ALL_EQUAL, C_MOST], start=1):
        enter(table, entry, number=number)
    assert striche(table) == {"A": 1, "B": 1, "C": 1, "D": 0}
    assert not table.__class__.objects.get(pk=table.pk).complete  # 3 Striche: still playing
    # Deal 2 was not all equal: D had 80. D's Strich makes four at deal 5: the round is over.
    services.deal_correct(table=table, entry=D_MOST, by=None, via="seat A", number=2, reason="x")
    assert striche(table) == {"A": 1, "B": 1, "C": 1, "D": 1}
    refreshed = table.__class__.objects.get(pk=table.pk)
    assert refreshed.complete and refreshed.round.status == "complete"
    assert [d.revision for d in Deal.objects.filter(table=table)] == [1, 2, 1, 1, 1]


def test_a_correction_that_leaves_a_later_deal_without_a_place_is_refused(table):
    for number, entry in enumerate([A_MOST, ALL_EQUAL, B_MOST], start=1):
        enter(table, entry, number=number)
    # A hundred at deal 2 puts 1 + 3 = 4 Striche on the slate: the round would end there, and
    # deal 3 would have no place.
    with pytest.raises(ValidationError) as refused:
        services.deal_correct(
            table=table, entry=A_HUNDRED, by=None, via="seat A", number=2, reason="x"
        )
    assert refused.value.code == "LATER_DEAL_INVALID"
    assert "Deal 3 no longer fits after this change" in refused.value.messages[0]
    assert Deal.objects.get(table=table, number=2).entry == ALL_EQUAL
    assert striche(table) == {"A": 1, "B": 1, "C": 0, "D": 0}


# --- undo and void ----------------------------------------------------------------------------


def test_undo_keeps_the_deal_as_a_version_and_frees_its_place(table):
    enter(table, A_MOST, number=1)
    enter(table, B_MOST, number=2)
    a = seat_of(table, "A")
    for _twice in range(2):  # a double tap undoes once
        services.deal_undo(
            table=table, by=None, via="seat A", seat=a, number=2, revision=1, key="undo-2"
        )
    assert striche(table) == {"A": 1, "B": 0, "C": 0, "D": 0}
    undone = Deal.all_objects.get(table=table, number=2)
    assert undone.voided and undone.entry == B_MOST
    assert list(undone.revisions.values_list("kind", flat=True)) == ["entry", "undo"]
    enter(table, C_MOST, number=2)  # the place is free again: the same row, its third version
    again = Deal.objects.get(table=table, number=2)
    assert (again.pk, again.revision, again.entry) == (undone.pk, 3, C_MOST)
    assert striche(table) == {"A": 1, "B": 0, "C": 1, "D": 0}


def test_only_the_last_deal_is_undone(table):
    enter(table, A_MOST, number=1)
    enter(table, B_MOST, number=2)
    with pytest.raises(ValidationError) as refused:
        services.deal_undo(table=table, by=None, via="seat A", seat=seat_of(table, "A"), number=1)
    assert refused.value.code == "NOT_LAST"
    assert Deal.objects.filter(table=table).count() == 2


def test_the_organiser_voids_a_doubled_deal_with_a_reason(organiser, table):
    for number, entry in enumerate([A_MOST, A_MOST, B_MOST], start=1):
        enter(table, entry, number=number)
    with pytest.raises(ValidationError) as no_reason:
        services.deal_void(table=table, by=organiser, number=2, reason=" ")
    assert code_of(no_reason.value) == "REASON_REQUIRED"
    with pytest.raises(ValidationError) as a_player:
        services.deal_void(table=table, by=None, number=2, reason="twice")
    assert a_player.value.code == "NOT_ORGANISER"
    services.deal_void(table=table, by=organiser, number=2, reason="entered twice")
    assert striche(table) == {"A": 1, "B": 1, "C": 0, "D": 0}
    voided = DealRevision.objects.get(deal__table=table, deal__number=2, kind="void")
    assert (voided.entered_by, voided.reason) == (organiser, "entered twice")
    # The next deal takes place 4: a voided deal keeps its number.
    enter(table, C_MOST, number=4)
    assert list(Deal.objects.filter(table=table).values_list("number", flat=True)) == [1, 3, 4]


def test_a_locked_round_is_changed_by_the_organiser_alone_and_with_a_reason(organiser, table):
    for number, entry in enumerate([A_MOST, B_MOST, C_MOST, D_MOST], start=1):
        enter(table, entry, number=number)
    services.round_lock(round=table.round, by=organiser)
    with pytest.raises(ValidationError) as a_player:
        services.deal_correct(table=table, entry=A_MOST, by=None, via="seat A", number=4)
    assert a_player.value.code == "ROUND_LOCKED"
    with pytest.raises(ValidationError) as no_reason:
        services.deal_correct(table=table, entry=A_MOST, by=organiser, via="desk", number=4)
    assert code_of(no_reason.value) == "REASON_REQUIRED"
    services.deal_correct(
        table=table, entry=A_MOST, by=organiser, via="desk", number=4, reason="slate read wrong"
    )
    assert striche(table) == {"A": 2, "B": 1, "C": 1, "D": 0}


# --- confirmation of the version shown ----------------------------------------------------------


def test_a_confirmation_names_the_version_it_saw(make_tournament):
    tournament = make_tournament()
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    enter(table, A_MOST, number=1)
    services.deal_correct(
        table=table, entry=B_MOST, by=None, via="seat A", seat=seat_of(table, "A"), number=1
    )
    b = seat_of(table, "B")
    with pytest.raises(services.DealConflict) as refused:
        services.deal_confirm(table=table, seat=b, number=1, revision=1)
    assert refused.value.code == "REVISION_STALE"
    assert striche(table) == {"A": 0, "B": 0, "C": 0, "D": 0}  # nothing counts yet
    services.deal_confirm(table=table, seat=b, number=1, revision=2)
    assert striche(table) == {"A": 0, "B": 1, "C": 0, "D": 0}


# --- the history and the poll -----------------------------------------------------------------


def test_the_history_shows_every_deal_its_rule_and_earlier_versions(client, table):
    enter(table, A_MOST, number=1)
    enter(table, B_MOST, number=2)
    services.deal_correct(
        table=table, entry=C_MOST, by=None, via="seat C", number=1, reason="C had 60"
    )
    services.deal_undo(table=table, by=None, via="seat A", number=2, reason="sent too early")
    html = client.get(table.get_absolute_url()).text
    history = html[html.index('id="table-history"') :]
    assert history.index('id="deal-2"') < history.index('id="deal-1"')  # newest first
    assert "Deal 2</span>" not in history and "– undone" in history
    assert "Reason: sent too early" in history and "Reason: C had 60" in history
    assert "Version 2: corrected" in history and "Version 1: entered" in history
    assert "Rule: Hintersche after Schoch 2014, Vier-Strich" in history
    assert "points · A (Spieler" in history  # the entry as typed, with the players' names


def test_the_history_shows_a_voided_deal_with_its_reason_escaped(client, organiser, table):
    enter(table, A_MOST, number=1)
    enter(table, A_MOST, number=2)
    services.deal_void(table=table, by=organiser, number=2, reason="<b>twice</b> & again")
    history = client.get(table.get_absolute_url()).text.split('id="table-history"')[1]
    deal_2 = history[history.index('id="deal-2"') : history.index('id="deal-1"')]
    assert "<summary>Deal 2 – voided</summary>" in deal_2
    assert "Taken off the slate; it does not count. What it said:" in deal_2
    assert "Reason: &lt;b&gt;twice&lt;/b&gt; &amp; again" in deal_2 and "<b>" not in deal_2
    assert "Version 2: voided" in deal_2 and "Version 1: entered" in deal_2
    assert "Correct deal 2" not in deal_2  # a voided deal is not corrected
    client.force_login(organiser)
    history = client.get(table.get_absolute_url()).text.split('id="table-history"')[1]
    assert "Void deal 1" in history and "Void deal 2" not in history


@pytest.mark.german
def test_the_history_reads_in_german(client, organiser, table):
    enter(table, A_MOST, number=1)
    enter(table, A_MOST, number=2)
    services.deal_void(table=table, by=organiser, number=2, reason="doppelt")
    services.deal_correct(table=table, entry=B_MOST, by=None, via="Platz B", number=1, reason="B")
    history = client.get(table.get_absolute_url()).text.split('id="table-history"')[1]
    assert '<h2 id="history-title">Verlauf am Tisch</h2>' in history
    assert "<summary>Spiel 2 – gestrichen</summary>" in history
    assert "<summary>Spiel 1 – korrigiert (Fassung 2)</summary>" in history
    assert "Grund: doppelt" in history


@pytest.mark.german
def test_the_rule_sources_read_in_german(client, table):
    enter(table, A_MOST, number=1)
    html = client.get(table.get_absolute_url()).text
    assert "Regel: Hintersche nach Schoch 2014, Vier-Strich" in html


def test_the_phones_poll_costs_one_query_while_nothing_changed(
    client, table, django_assert_num_queries
):
    url = seat_of(table, "B").get_absolute_url()
    version = table.__class__.objects.get(pk=table.pk).version
    # The page asks with the table's version and the room's clock (tournaments.room).
    since = re.search(r"\?since=([\w.]+)", client.get(url).text).group(1)
    assert since.startswith(f"{version}.")
    with django_assert_num_queries(1):
        unchanged = client.get(url, {"since": since}, headers={"HX-Request": "true"})
    assert unchanged.status_code == 204
    enter(table, A_MOST, number=1)
    changed = client.get(url, {"since": since}, headers={"HX-Request": "true"})
    assert changed.status_code == 200 and 'id="table-main"' in changed.text
    assert f"since={version + 1}." in changed.text
    assert client.get("/t/no-such-link/", {"since": 0}).status_code == 404


def test_the_page_after_an_entry_shows_the_table_as_written_and_its_poll_stays_quiet(client, table):
    """The htmx answer to a deal carries the version that deal gave the table: the phone's
    next poll is a 204, not the same page again."""
    enter(table, A_MOST, number=1)
    url = seat_of(table, "B").get_absolute_url()
    response = client.post(url, form_of(B_MOST, 2, "next-1"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    version = table.__class__.objects.get(pk=table.pk).version
    assert f'data-table-version="{version}"' in response.text
    since = re.search(r"\?since=([\w.]+)", response.text).group(1)
    assert since.startswith(f"{version}.")
    assert client.get(url, {"since": since}, headers={"HX-Request": "true"}).status_code == 204
    # The history shows both deals, the new one with its version.
    history = response.text[response.text.index('id="table-history"') :]
    assert 'id="deal-2"' in history and 'id="deal-1"' in history
    assert "Version 1: entered" in history[: history.index('id="deal-1"')]


def test_a_deal_entry_costs_a_fixed_number_of_queries(client, table, django_assert_max_num_queries):
    """The link (2), the write (lock and deals, form key, the deal, its version, the table,
    the tournament's version, the audit entry, in a transaction with one savepoint) and the
    page after it (the deals' versions): nothing read twice."""
    enter(table, A_MOST, number=1)
    url = seat_of(table, "B").get_absolute_url()
    with django_assert_max_num_queries(15):
        response = client.post(url, form_of(B_MOST, 2, "q-1"), headers={"HX-Request": "true"})
    assert response.status_code == 200


@pytest.mark.parametrize("game_key", sorted(scoring.games))
def test_every_rule_source_an_engine_gives_has_words(game_key):
    """Each source of the events of simulated play (a few units of every game) is in
    ``tournaments.messages.sources`` and reads in German without English words."""
    game = scoring.games[game_key]
    variant = game.variant({})
    seats = game.seats(game.table_sizes[0])
    found = set()
    for seed in range(4):
        entries = simulate_until(game, seats, variant, random.Random(seed))
        for step in game.replay(entries, variant, seats):
            found |= {event.source for event in step.events if event.source}
    assert found and found <= set(SOURCES)
    with translation.override("de"):
        german = [rule_source(source) for source in found]
    assert not [text for text in german if re.search(r"\b(after|specification|rules)\b", text)]


def test_a_deal_entered_again_after_an_undo_is_not_called_corrected(client, table):
    enter(table, A_MOST, number=1)
    services.deal_undo(table=table, by=None, via="seat A", number=1)
    enter(table, B_MOST, number=1)
    html = client.get(table.get_absolute_url()).text
    assert "Entered again after an undo (version 3)" in html
    assert "entered again (version 3)" in html and "orrected" not in html.split("Deal 1")[1][:80]


def test_the_slate_shows_the_table_as_it_stands_while_a_deal_is_corrected(client, table):
    for number, entry in enumerate([A_MOST, B_MOST, C_MOST], start=1):
        enter(table, entry, number=number)
    page = client.get(reverse("deal-correct", args=[table.token, 1])).text
    start = page.index('class="slate"')
    slate = page[start : page.index("</section>", start)]
    # After three deals A, B and C each hold one Strich (the form itself is checked against
    # the state before deal 1).
    assert slate.count('<span class="strich">') == 3
    assert "Correct deal 1" in page


def test_a_locked_round_tells_the_organiser_what_he_still_may_do(client, organiser, table):
    enter(table, A_MOST, number=1)
    services.round_lock(round=table.round, by=organiser, reason="time is up")
    assert "nothing more can be entered" in client.get(table.get_absolute_url()).text
    client.force_login(organiser)
    html = client.get(table.get_absolute_url()).text
    assert "As organiser you can still correct or void its deals" in html
    refused = client.post(
        reverse("deal-correct", args=[table.token, 1]), {**form_of(B_MOST, 1, "k"), "reason": ""}
    )
    assert refused.status_code == 422 and "Give a reason for the correction." in refused.text


def test_a_refusal_of_a_field_the_form_does_not_have_is_still_shown(client, table):
    """A queued deal typed for another moment (here: a seat the table does not have) is refused
    beside no field of the form; the summary above the form still says why."""
    post = {**form_of(A_MOST, 1, "late"), "points.E": "5"}
    response = client.post(table.get_absolute_url(), post, headers={"HX-Request": "true"})
    assert response.status_code == 422
    summary = response.text[response.text.index('class="error-summary"') :]
    assert "There is no such seat at this table." in summary[: summary.index("</div>")]
    assert not Deal.objects.filter(table=table).exists()


def test_the_summary_names_the_player_of_a_refused_seat(client, table):
    """A refusal on a seat's field says whose field it is above the form too: a deal queued
    offline may name a player the form no longer shows."""
    post = {**form_of(A_MOST, 1, "big"), "points.B": "500"}
    response = client.post(table.get_absolute_url(), post, headers={"HX-Request": "true"})
    assert response.status_code == 422
    summary = response.text[response.text.index('class="error-summary"') :]
    summary = summary[: summary.index("</div>")]
    name = table.seats.get(label="B").player.name
    assert f"<li>{name}: " in summary
    assert not Deal.objects.filter(table=table).exists()
