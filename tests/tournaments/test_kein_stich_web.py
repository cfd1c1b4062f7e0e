"""Kein Stich through the web layer: a tournament of four at one table plays KS-1 (Scoring
specification §4.10) through the table page; errors beside their fields, a correction, the
standings by net balance and the result sheet."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal
from tournaments.standings import tournament_standings

# KS-1 as the table's form posts it: contract due + one field per player.
KS1_POSTS = [
    {"contract": "1", "tricks.A": "2", "tricks.B": "3", "tricks.C": "0", "tricks.D": "3"},
    {"contract": "2", "hearts.A": "1", "hearts.B": "4", "hearts.C": "3", "hearts.D": "0"},
    {"contract": "3", "obers.A": "0", "obers.B": "1", "obers.C": "2", "obers.D": "1"},
    {"contract": "4", "max": "D"},
    {"contract": "5", "order.0": "C", "order.1": "A", "order.2": "D", "order.3": ""},
]


@pytest.fixture
def ks_table(make_tournament):
    tournament = make_tournament(game="kein_stich", name="Herzeln im Adler")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def test_the_form_shows_the_contract_that_is_due(client, ks_table):
    html = client.get(ks_table.get_absolute_url()).content.decode()
    assert "Kein Stich" in html and 'name="contract" value="1"' in html
    for seat, name in seat_players(ks_table).items():
        assert name in html and f'name="tricks.{seat}"' in html
    assert 'name="hearts.A"' not in html and 'name="max"' not in html
    for post in KS1_POSTS[:3]:
        assert client.post(ks_table.get_absolute_url(), post).status_code == 302
    html = client.get(ks_table.get_absolute_url()).content.decode()
    assert 'name="max"' in html and 'type="radio"' in html and 'name="tricks.A"' in html
    assert 'name="obers.A"' not in html


def test_playing_ks1_fills_the_slate(client, ks_table):
    url = ks_table.get_absolute_url()
    players = seat_players(ks_table)
    response = client.post(url, KS1_POSTS[0])
    assert response.status_code == 302
    html = client.get(url).content.decode()
    # Kein Stich at 5 a trick: A 10, B 15, D 15 → pot 40, balances −10 / −15 / 0 / −15.
    assert "Pot 40" in html
    assert f"{players['B']} pays 15" in html
    # The next deals with htmx: the partial comes back, not the whole page.
    response = client.post(url, KS1_POSTS[1], headers={"HX-Request": "true"})
    assert response.status_code == 200
    partial = response.content.decode()
    assert "<html" not in partial and 'id="table-main"' in partial
    assert "Pot 80" in partial and 'name="obers.A"' in partial
    for post in KS1_POSTS[2:]:
        assert client.post(url, post).status_code == 302
    html = client.get(url).content.decode()
    # Domino C +100, A +50, D +10, B 0 (last place inferred): +35 / −45 / +65 / −55.
    for figure in ("+35", "-45", "+65", "-55"):
        assert figure in html
    assert "Pot 0" in html
    assert "This table has finished its round" in html
    assert Deal.objects.filter(table=ks_table).count() == 5
    assert Deal.objects.get(table=ks_table, number=5).entry["order"] == ["C", "A", "D"]


@pytest.mark.parametrize(
    ("deals", "post", "field", "message"),
    [
        (
            1,
            {"contract": "2", "hearts.A": "1", "hearts.B": "4", "hearts.C": "3", "hearts.D": "1"},
            "hearts",
            "The numbers add up to 9, but the deal has 8.",
        ),
        (
            1,
            {
                "contract": "2",
                **{f"hearts.{s}": v for s, v in zip("ABCD", "2330", strict=True)},
                **{f"tricks.{s}": v for s, v in zip("ABCD", "0431", strict=True)},
            },
            "hearts.A",
            "0 trick(s) cannot hold that many cards: at most 0.",
        ),
        (
            0,
            {"contract": "1", "tricks.A": "-1", "tricks.B": "4", "tricks.C": "3"},
            "tricks.D",  # the empty box of the missing player
            "Enter a number for every player, 0 where none.",
        ),
        (
            0,
            {
                "contract": "1",
                "tricks.A": "zwei",
                "tricks.B": "4",
                "tricks.C": "1",
                "tricks.D": "1",
            },
            "tricks.A",
            "Enter a whole number.",
        ),
        (3, {"contract": "4"}, "max", "Choose the one player who took it."),
        (
            4,
            {"contract": "5", "order.0": "C", "order.1": "A", "order.2": "C"},
            "order",
            "A player can finish only once.",
        ),
        (
            4,
            {"contract": "5", "order.0": "C", "order.1": "A"},
            "order",
            "Give every place; only the last one may stay empty.",
        ),
    ],
)
def test_a_bad_entry_is_refused_beside_its_field(client, ks_table, deals, post, field, message):
    for earlier in KS1_POSTS[:deals]:
        client.post(ks_table.get_absolute_url(), earlier)
    response = client.post(ks_table.get_absolute_url(), post, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert f'id="err_{field.replace(".", "_")}"' in html
    assert Deal.objects.filter(table=ks_table).count() == deals


def test_correcting_the_domino_keeps_the_old_version(client, ks_table):
    for post in KS1_POSTS:
        client.post(ks_table.get_absolute_url(), post)
    url = reverse("table-correct", args=[ks_table.token])
    form = client.get(url).content.decode()
    # The stored order C A D is ready to fix: place 1 C, place 2 A, place 3 D.
    assert form.count(" selected>") >= 3
    assert 'name="order.0"' in form
    swapped = {"contract": "5", "order.0": "A", "order.1": "C", "order.2": "D"}
    assert client.post(url, swapped).status_code == 422  # no reason given
    response = client.post(url, {**swapped, "reason": "A and C swapped"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=ks_table, number=5)
    assert deal.revision == 2 and deal.entry["order"] == ["A", "C", "D"]
    assert [r["entry"]["order"] for r in deal.revisions.values("entry")] == [
        ["C", "A", "D"],
        ["A", "C", "D"],
    ]
    # A +100, C +50: A −15 + 100 = +85, C −35 + 50 = +15.
    html = client.get(ks_table.get_absolute_url()).content.decode()
    assert "+85" in html and "+15" in html


def _play_ks1(table) -> None:
    entries = [
        {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
        {"contract": 2, "hearts": {"A": 1, "B": 4, "C": 3, "D": 0}},
        {"contract": 3, "obers": {"A": 0, "B": 1, "C": 2, "D": 1}},
        {"contract": 4, "max": "D"},
        {"contract": 5, "order": ["C", "A", "D", "B"]},
    ]
    for entry in entries:
        services.deal_record(table=table, entry=entry, by=None, via="test")


def test_standings_rank_by_net_balance(client, ks_table):
    _play_ks1(ks_table)  # C +65, A +35, B −45, D −55
    players = seat_players(ks_table)
    tournament = ks_table.round.tournament
    rows = {row.player.name: row.total for row in tournament_standings(tournament).rows}
    assert rows == {players["A"]: 35, players["B"]: -45, players["C"]: 65, players["D"]: -55}
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    order = sorted(players.values(), key=html.index)
    assert order == [players["C"], players["A"], players["B"], players["D"]]


def test_result_sheet_names_players_and_figures(desk, ks_table):
    _play_ks1(ks_table)
    tournament = ks_table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    players = seat_players(ks_table)
    assert tournament.name in text
    for seat in "ABCD":
        assert players[seat] in text
    for figure in ("+65", "+35", "-45", "-55"):
        assert figure in text


def test_five_players_use_their_own_pot(client, make_tournament):
    # Usual table 5 with 32 cards: ♣7 ♠7 out, 6 each, pot 150, Domino 80/40/20/10/0.
    tournament = make_tournament(
        players=5, game="kein_stich", name="Fünferspiel", variant={"players": 5}
    )
    table = services.round_draw(tournament=tournament, seed=3).tables.get()
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Full pot 150" in html and "7♣" in html and 'name="tricks.E"' in html
    post = {"contract": "1", **{f"tricks.{s}": v for s, v in zip("ABCDE", "12021", strict=True)}}
    assert client.post(table.get_absolute_url(), post).status_code == 302
    assert "Pot 30" in client.get(table.get_absolute_url()).content.decode()


def test_the_house_rules_form_offers_the_options(desk):
    page = desk.get(reverse("tournament-create")).content.decode()
    assert "kein_stich-deck" in page and "kein_stich-extra_contract" in page
    assert "Letzter Stich: the last trick pays 40 (six deals)" in page


def test_an_empty_place_before_a_filled_one_is_refused(client, ks_table):
    # Places 1 = C, 2 = empty, 3 = A, 4 = B. Closing the gap would store C, A, B, D and pay
    # A 50 and B 10 instead of 10 and 0; only the last place may stay empty (§4.4, K-V9).
    url = ks_table.get_absolute_url()
    for earlier in KS1_POSTS[:4]:
        client.post(url, earlier)
    post = {"contract": "5", "order.0": "C", "order.1": "", "order.2": "A", "order.3": "B"}
    response = client.post(url, post, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422
    assert 'id="err_order"' in html
    assert "Give every place; only the last one may stay empty." in html
    assert Deal.objects.filter(table=ks_table).count() == 4
    # The places stay as chosen, for the player to fill place 2.
    form = html[html.index('id="id_order_1"') :]
    assert '<option value="A" selected>' in form[form.index('id="id_order_2"') :]
    assert " selected" not in form[: form.index("</select>")]


@pytest.mark.german
def test_a_stale_contract_names_the_one_that_is_due(client, ks_table):
    """A phone still showing Kein Ober (contract 3) while Kein Stich is due: the contract is
    named, not numbered (GERMAN.md)."""
    post = {"contract": "3", "obers.A": "0", "obers.B": "1", "obers.C": "2", "obers.D": "1"}
    response = client.post(ks_table.get_absolute_url(), post)
    assert response.status_code == 422
    assert "Jetzt ist „Kein Stich“ an der Reihe; bitte die Seite neu laden." in (
        response.content.decode()
    )
    assert not Deal.objects.filter(table=ks_table).exists()
