"""Entry fees and the cash box (issue 17, item 3): the fee in the settings, a player's fee paid
and paid back at the desk, the warning at the check-in of a player who has not paid, and the
cash report on the desk and in print. The figures are worked out by hand:

    7 players, entry fee 5.00 €; five pay 5.00, Lena Hoferer (youth) pays 2.50, Otto Waidele
    pays nothing yet.
    fees in  = 5 × 5.00 + 1 × 2.50 = 25.00 + 2.50 = 27.50 € from 6 players
    still due = Otto Waidele, 5.00 €
    prizes out = 0.00 € (no prize on the prize list: tests/tournaments/test_prizes.py pays some)
    balance  = 27.50 − 0.00 = 27.50 €
"""

from __future__ import annotations

import datetime
import io
import re
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tournaments import services
from tournaments.cash import cash_report
from tournaments.models import AuditEntry, Player, Tournament
from tournaments.templatetags.money import euros

NAMES = [
    "Anna Kech",
    "Bernd Faller",
    "Hans Schmid",
    "Karl Armbruster",
    "Lena Hoferer",
    "Maria Müßle",
    "Otto Waidele",
]
FULL = ["Anna Kech", "Bernd Faller", "Hans Schmid", "Karl Armbruster", "Maria Müßle"]
YOUTH, UNPAID = "Lena Hoferer", "Otto Waidele"
HTMX = {"HX-Request": "true"}


@pytest.fixture
def evening(organiser) -> Tournament:
    """Seven players, an entry fee of 5.00 € set on the settings page's service; nobody paid."""
    tournament = services.tournament_create(
        organiser=organiser,
        name="Kasse",
        game="hintersche",
        date=datetime.date(2026, 11, 21),
        lot_seed=7,
    )
    services.players_add_list(tournament=tournament, text="\n".join(NAMES))
    return services.tournament_settings(
        tournament=tournament, by=organiser, entry_fee=Decimal("5.00")
    )


def player(tournament: Tournament, name: str) -> Player:
    return tournament.players.get(name=name)


def fee_url(name: str, tournament: Tournament, who: str) -> str:
    return reverse(name, args=[tournament.slug, player(tournament, who).pk])


def pay_the_evening(desk, tournament: Tournament) -> None:
    """Five pay the fee (the amount left as the desk fills it in, or sent empty), the youth
    2.50; Otto Waidele does not pay."""
    for index, name in enumerate(FULL):
        amount = "5.00" if index % 2 else ""
        headers = HTMX if index < 3 else {}
        response = desk.post(
            fee_url("player-fee-pay", tournament, name), {"amount": amount}, headers=headers
        )
        assert response.status_code == (200 if headers else 302)
    response = desk.post(
        fee_url("player-fee-pay", tournament, YOUTH), {"amount": "2.50"}, headers=HTMX
    )
    assert response.status_code == 200


def pdf_text(pdf: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


# --- the report, figures by hand --------------------------------------------------------------


def test_the_cash_report_of_the_evening(desk, evening):
    pay_the_evening(desk, evening)
    report = cash_report(evening)
    assert report.fees_in == Decimal("27.50")
    assert [p.name for p in report.paid] == [
        "Karl Armbruster",
        "Bernd Faller",
        "Lena Hoferer",
        "Anna Kech",
        "Maria Müßle",
        "Hans Schmid",
    ]  # by surname
    assert report.by_amount == [
        (Decimal("5.00"), 5, Decimal("25.00")),
        (Decimal("2.50"), 1, Decimal("2.50")),
    ]
    assert [p.name for p in report.due] == [UNPAID]
    assert report.due_total == Decimal("5.00")
    assert report.prizes == [] and report.prizes_out == Decimal("0.00")
    assert report.balance == Decimal("27.50")


def test_the_cash_page_shows_the_figures(desk, evening, django_assert_max_num_queries):
    pay_the_evening(desk, evening)
    # session, user, tournament, players, the prize list (empty: no standings are read)
    with django_assert_max_num_queries(5):
        response = desk.get(reverse("cash", args=[evening.slug]))
    page = " ".join(response.content.decode().split())
    assert response.status_code == 200
    assert '5 players paid €5.00 each</td><td class="num">€25.00' in page
    assert '1 player paid €2.50</td><td class="num">€2.50' in page
    assert 'Fees in: 6 players paid</th><th class="num">€27.50' in page
    assert 'Otto Waidele</td><td class="num">€5.00' in page
    assert 'Still due: 1 player</th><th class="num">€5.00' in page
    assert "No cash prize is on the prize list." in page
    assert 'Prizes out</th><th class="num">€0.00' in page
    assert 'In the cash box</th><th class="num">€27.50' in page
    assert reverse("document-now", args=[evening.slug, "cash"]) in page


def test_the_printed_cash_report_reads_back_the_figures(desk, evening):
    pay_the_evening(desk, evening)
    response = desk.get(reverse("document-now", args=[evening.slug, "cash"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "7 players registered · entry fee €5.00" in text
    assert "5 players paid €5.00 each €25.00" in text
    assert "1 player paid €2.50 €2.50" in text
    assert "Fees in: 6 players paid €27.50" in text
    assert "Otto Waidele €5.00 Still due: 1 player €5.00" in text
    assert "Prizes out €0.00" in text
    assert "In the cash box €27.50" in text
    assert "Lena Hoferer €2.50" in text  # who paid what
    assert "Cash counted (€)" in text


def test_the_documents_panel_offers_the_cash_report(desk, evening):
    panel = desk.get(reverse("documents", args=[evening.slug])).content.decode()
    assert "Cash report" in panel
    assert reverse("document-now", args=[evening.slug, "cash"]) in panel


def test_amounts_as_each_language_writes_them():
    assert euros(Decimal("27.5")) == "€27.50"
    assert euros(Decimal("-5")) == "−€5.00"
    assert euros(None) == ""
    with translation.override("de"):
        assert "27,50" in euros(Decimal("27.50"))  # the figure; the sign's place is the catalogue's


# --- paying at the desk -----------------------------------------------------------------------


def test_the_desk_shows_paid_and_due_per_player(desk, evening):
    pay_the_evening(desk, evening)
    page = " ".join(desk.get(evening.get_absolute_url()).content.decode().split())
    assert "Entry fee €5.00: 6 paid (€27.50), 1 due (€5.00)." in page
    otto, lena = player(evening, UNPAID), player(evening, YOUTH)
    assert f'<td class="fee" id="fee-{otto.pk}"> <span class="due">due €5.00</span>' in page
    assert f'<td class="fee" id="fee-{lena.pk}"> <span class="present">paid €2.50</span>' in page


def test_no_fee_no_column(desk, make_tournament):
    tournament = make_tournament()
    page = desk.get(tournament.get_absolute_url()).content.decode()
    assert 'class="fee"' not in page and "Entry fee" not in page


def test_paying_by_htmx_answers_the_cell_and_logs_the_amount(desk, evening):
    version = Tournament.objects.get(pk=evening.pk).version
    response = desk.post(
        fee_url("player-fee-pay", evening, YOUTH), {"amount": "2.50"}, headers=HTMX
    )
    cell = response.content.decode()
    assert "<html" not in cell and cell.strip().startswith('<td class="fee"')
    assert "paid €2.50" in cell and "pay back" in cell
    assert player(evening, YOUTH).fee_paid == Decimal("2.50")
    entry = evening.audit_entries.get(action=AuditEntry.Action.ENTRY_FEE)
    assert (entry.subject, entry.before, entry.after) == (
        YOUTH,
        {"fee_paid": None},
        {"fee_paid": "2.50"},
    )
    assert Tournament.objects.get(pk=evening.pk).version == version + 1


def test_a_youth_plays_free(evening, organiser):
    services.player_fee_pay(player=player(evening, YOUTH), amount=Decimal("0"), by=organiser)
    report = cash_report(evening)
    assert player(evening, YOUTH).fee_paid == Decimal("0.00")
    assert YOUTH not in [p.name for p in report.due] and len(report.due) == 6
    assert report.fees_in == Decimal("0.00")


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("-1", "The amount cannot be negative."),
        ("1000.01", "At most 1000 euros: is there a zero too many?"),
        ("fünf", "Enter a number."),
    ],
)
def test_a_wrong_amount_is_refused_beside_the_field(desk, evening, amount, message):
    url = fee_url("player-fee-pay", evening, UNPAID)
    audit = evening.audit_entries.count()
    # Another amount is typed on the player's page: refused, the page again, the error beside
    # the field, what was typed kept to be corrected.
    response = desk.post(url, {"amount": amount})
    assert response.status_code == 400
    page = response.content.decode()
    field = re.search(r'<input[^>]*id="id_amount"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field and f'value="{amount}"' in field
    assert message in page.split('id="fee"')[1].split("</section>")[0]
    # Sent by htmx (as the list's one tap is), the cell says it.
    response = desk.post(url, {"amount": amount}, headers=HTMX)
    assert response.status_code == 422  # htmx swaps it (the page's htmx-config)
    assert message in response.content.decode()
    assert player(evening, UNPAID).fee_paid is None
    assert evening.audit_entries.count() == audit


def test_paying_again_corrects_the_amount_and_the_same_again_changes_nothing(evening, organiser):
    lena = player(evening, YOUTH)
    services.player_fee_pay(player=lena, by=organiser)
    services.player_fee_pay(player=lena, by=organiser)
    assert evening.audit_entries.filter(action=AuditEntry.Action.ENTRY_FEE).count() == 1
    services.player_fee_pay(player=lena, amount=Decimal("2.5"), by=organiser)
    entry = evening.audit_entries.filter(action=AuditEntry.Action.ENTRY_FEE).first()
    assert (entry.before, entry.after) == ({"fee_paid": "5.00"}, {"fee_paid": "2.50"})


def test_a_late_arrival_is_due_like_everybody(evening, organiser):
    services.round_draw(tournament=evening, seed=1, allow_byes=True)
    evening.refresh_from_db()
    late = services.player_add(tournament=evening, name="Zita Spät", by=organiser)
    assert late.checked_in and late.fee_paid is None
    assert "Zita Spät" in [p.name for p in cash_report(evening).due]


# --- paying back ------------------------------------------------------------------------------


def test_paying_back_needs_a_reason_and_is_logged(desk, evening, organiser):
    otto = player(evening, UNPAID)
    services.player_fee_pay(player=otto, by=organiser)
    url = fee_url("player-fee-refund", evening, UNPAID)
    audit = evening.audit_entries.count()
    response = desk.post(url, {"reason": "  "})  # from the player's page
    assert response.status_code == 400
    page = response.content.decode()
    field = re.search(r'<input[^>]*id="id_refund_reason"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field
    assert "This field is required." in page.split('id="fee"')[1].split("</section>")[0]
    assert player(evening, UNPAID).fee_paid == Decimal("5.00")
    assert evening.audit_entries.count() == audit
    response = desk.post(url, {"reason": "left before the first round"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"#player-{otto.pk}")  # back at his row
    assert player(evening, UNPAID).fee_paid is None
    entry = evening.audit_entries.first()
    assert entry.action == AuditEntry.Action.ENTRY_FEE
    assert (entry.subject, entry.before, entry.after, entry.reason) == (
        UNPAID,
        {"fee_paid": "5.00"},
        {"fee_paid": None},
        "left before the first round",
    )
    log = " ".join(desk.get(reverse("audit-log", args=[evening.slug])).content.decode().split())
    assert "left before the first round" in log


def test_the_service_refuses_a_refund_without_reason_or_payment(evening, organiser):
    otto = player(evening, UNPAID)
    with pytest.raises(ValidationError) as refused:
        services.player_fee_refund(player=otto, by=organiser, reason="")
    assert refused.value.error_dict["reason"][0].code == "REASON_REQUIRED"
    with pytest.raises(ValidationError) as refused:
        services.player_fee_refund(player=otto, by=organiser, reason="typo")
    assert refused.value.code == "NOT_PAID"
    assert refused.value.messages == ["Otto Waidele has not paid: there is nothing to pay back."]


def test_a_finished_tournament_takes_no_fee(evening, organiser):
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.FINISHED)
    with pytest.raises(ValidationError) as refused:
        services.player_fee_pay(player=player(evening, UNPAID), by=organiser)
    assert refused.value.code == "FINISHED"


# --- check-in and settings --------------------------------------------------------------------


def test_checking_in_a_player_who_has_not_paid_warns(desk, evening, organiser):
    url = fee_url("player-check-in", evening, UNPAID)
    response = desk.post(url, {"checked_in": "on"}, follow=True)
    assert player(evening, UNPAID).checked_in  # a warning, not a refusal
    assert "Otto Waidele is checked in; the entry fee of €5.00 is still due." in (
        response.content.decode()
    )
    services.player_fee_pay(player=player(evening, YOUTH), amount=Decimal("2.5"), by=organiser)
    response = desk.post(
        fee_url("player-check-in", evening, YOUTH), {"checked_in": "on"}, follow=True
    )
    assert "still due" not in response.content.decode()


def test_the_fee_is_set_on_the_settings_page(desk, make_tournament):
    tournament = make_tournament()
    url = reverse("tournament-settings", args=[tournament.slug])
    assert 'name="entry_fee" value="0.00"' in desk.get(url).content.decode()
    response = desk.post(url, {"planned_rounds": "4", "entry_fee": "-5"})
    assert response.status_code == 400
    assert response.context["form"].errors["entry_fee"] == ["The amount cannot be negative."]
    response = desk.post(url, {"planned_rounds": "4", "entry_fee": "7.50"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.entry_fee == Decimal("7.50")
    entry = tournament.audit_entries.first()
    assert (entry.before["entry_fee"], entry.after["entry_fee"]) == ("0.00", "7.50")


# --- who may ----------------------------------------------------------------------------------


def test_strangers_and_the_public_never_see_the_cash(client, evening, django_user_model):
    services.tournament_settings(tournament=evening, by=None, public=True)
    cash_url = reverse("cash", args=[evening.slug])
    pdf_url = reverse("document-now", args=[evening.slug, "cash"])
    pay_url = fee_url("player-fee-pay", evening, UNPAID)
    for url in (cash_url, pdf_url):
        assert client.get(url)["Location"].startswith(reverse("login"))  # anonymous
    assert client.post(pay_url)["Location"].startswith(reverse("login"))
    client.force_login(django_user_model.objects.create_user("fremder", password="x"))
    assert client.get(cash_url).status_code == 404
    assert client.get(pdf_url).status_code == 404
    assert client.post(pay_url, {"amount": ""}).status_code == 404
    assert player(evening, UNPAID).fee_paid is None
    # Not one of the public final documents, even once the tournament is finished.
    Tournament.objects.filter(pk=evening.pk).update(status=Tournament.Status.FINISHED)
    assert client.get(reverse("final-document", args=[evening.slug, "cash"])).status_code == 404
