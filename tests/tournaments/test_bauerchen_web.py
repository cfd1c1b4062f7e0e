"""Bauerchen through the web layer: the table page's form (dealer, card points NS, spritzen,
melds, Kart' ab; details folded away), deals posted as the form posts them, errors beside their
fields, corrections, standings by steins won and the result sheet.

Expected figures come from the worked examples of the Scoring specification §2.11:
B-1 deal 1 (dealer N → home EW; EW wins 85:45 → 1 game point, 0 : 1) and B-4's first stein
(W's Kart' ab won → knoddel NS; NS 1 : 0; N's Kart' ab lost → knoddel NS → stein to EW)."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Deal, Tournament
from tournaments.standings import tournament_standings

B1_DEAL_1 = {"dealer": "N", "cp_NS": "45", "spritz": "0"}


@pytest.fixture
def b_table(make_tournament):
    # A one-stein tournament round (Scoring specification §7: "a tournament round may set
    # steins_per_match = 1").
    tournament = make_tournament(
        players=4, game="bauerchen", name="Preisbauer im Adler", variant={"steins_per_match": 1}
    )
    return services.round_draw(tournament=tournament, seed=1).tables.get()


def test_seats_are_north_east_south_west(b_table):
    assert set(seat_players(b_table)) == {"N", "E", "S", "W"}


def test_table_page_has_the_short_form_first(client, b_table):
    html = client.get(b_table.get_absolute_url()).content.decode()
    for name in seat_players(b_table).values():
        assert name in html
    for field in ('name="dealer"', 'name="cp_NS"', 'name="spritz"', 'name="melds.0.team"'):
        assert field in html
    assert 'name="solo.player"' in html and 'name="cp_EW"' in html
    assert html.index('name="cp_NS"') < html.index("<details") < html.index('name="cp_EW"')
    assert 'inputmode="numeric"' in html
    assert 'name="die_letzte"' not in html  # only with the Die Letzte house rule


def test_entering_a_deal_updates_the_slate_and_explains_it(client, b_table):
    response = client.post(b_table.get_absolute_url(), B1_DEAL_1)
    assert response.status_code == 302
    deal = Deal.objects.get(table=b_table)
    assert deal.entry == {"dealer": "N", "cp_NS": 45, "spritz": 0}
    html = client.get(b_table.get_absolute_url()).content.decode()
    assert "win the deal 85:45 and score 1" in html  # EW, home, schneider frei: (1+0)·1
    assert 'class="num score">0<' in html and 'class="num score">1<' in html
    # Forehand of deal 1 (E) deals next: his radio button is preselected.
    assert 'value="E" checked' in html


def test_htmx_post_returns_the_partial_only(client, b_table):
    response = client.post(b_table.get_absolute_url(), B1_DEAL_1, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="table-main"' in html


@pytest.mark.parametrize(
    ("post", "error_id", "message"),
    [
        ({"dealer": "N", "cp_NS": "5"}, "err_cp_NS", "No team can take exactly 5 card points"),
        ({"dealer": "N", "cp_NS": "fünfzig"}, "err_cp_NS", "Enter a whole number."),
        (
            {"dealer": "N", "cp_NS": "70", "cp_EW": "50"},
            "err_cp_NS",
            "add up to 120, but a deal has 130",
        ),
        ({"dealer": "E", "cp_NS": "80", "spritz": "-1"}, "err_spritz", "too small (at least 0)"),
        ({"dealer": "E", "cp_NS": "80", "spritz": "65"}, "err_spritz", "at most 64 times"),
        (
            {"dealer": "E", "cp_NS": "80", "spritz_log[]": "NS"},
            "err_spritz_log",
            "The away team (EW) spritzes first",
        ),
        ({"cp_NS": "45"}, "err_dealer", "Choose the dealer."),
    ],
)
def test_bad_input_gets_a_clear_message_and_saves_nothing(client, b_table, post, error_id, message):
    response = client.post(b_table.get_absolute_url(), post, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert f'id="{error_id}"' in html
    assert not Deal.objects.filter(table=b_table).exists()
    assert f'value="{post["cp_NS"]}"' in html  # what was typed is still there


def test_a_meld_without_20_or_40_asks_for_it(client, b_table):
    post = {"dealer": "E", "cp_NS": "80", "melds.0.team": "NS"}
    response = client.post(b_table.get_absolute_url(), post)
    assert response.status_code == 422
    assert "Choose 20 or 40." in response.content.decode()
    assert not Deal.objects.exists()


def test_a_meld_error_stands_in_its_row(client, b_table):
    # §2.12 #6: K+Q of trumps (♥) entered as a 20.
    post = {
        "dealer": "E",
        "cp_NS": "80",
        "trump": "♥",
        "melds.0.player": "S",
        "melds.0.suit": "♥",
        "melds.0.kind": "20",
    }
    response = client.post(b_table.get_absolute_url(), post)
    html = response.content.decode()
    assert response.status_code == 422
    assert "King and Queen of trumps make a 40" in html
    assert '<option value="20" selected>' in html
    assert not Deal.objects.exists()


def test_melds_and_a_solo_from_the_form(client, b_table):
    # B-2 deal 1: dealer N, NS 70, trump ♥, E melds ♣ (20 → EW +1), S melds ♥ (40 → NS +2),
    # NS (away) wins (1+1) = 2 → 4 : 1.
    post = {
        "dealer": "N",
        "cp_NS": "70",
        "trump": "♥",
        "melds.0.player": "E",
        "melds.0.suit": "♣",
        "melds.1.player": "S",
        "melds.1.suit": "♥",
    }
    assert client.post(b_table.get_absolute_url(), post).status_code == 302
    html = client.get(b_table.get_absolute_url()).content.decode()
    assert 'class="num score">4<' in html and 'class="num score">1<' in html
    assert "melds a 40: +2 for NS" in html
    # A won Kart' ab by S (NS) ends the round: knoddel for EW, 0 : 0.
    post = {"dealer": "E", "solo.player": "S", "solo.won": "true"}
    assert client.post(b_table.get_absolute_url(), post).status_code == 302
    html = client.get(b_table.get_absolute_url()).content.decode()
    assert "wins the Kart" in html and "receive a knoddel (1 in this stein)" in html
    assert 'class="num score">0<' in html and 'class="num score">4<' not in html


def test_correcting_the_last_deal_keeps_the_old_version(client, b_table):
    client.post(b_table.get_absolute_url(), B1_DEAL_1)
    url = reverse("table-correct", args=[b_table.token])
    form = client.get(url).content.decode()
    assert 'value="45"' in form and 'value="N" checked' in form
    response = client.post(url, {"dealer": "N", "cp_NS": "46", "reason": "miscounted"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=b_table)
    assert deal.revision == 2 and deal.entry["cp_NS"] == 46
    assert list(deal.revisions.values_list("entry__cp_NS", flat=True)) == [45, 46]


def _play_b4_stein(table) -> None:
    for entry in (
        {"dealer": "N", "solo": {"player": "W", "won": True}},
        {"dealer": "E", "cp_NS": 85},
        {"dealer": "S", "solo": {"player": "N", "won": False}},
    ):
        services.deal_record(table=table, entry=entry, by=None, via="test")


def test_the_round_ends_with_the_stein(client, b_table):
    _play_b4_stein(b_table)
    page = client.get(b_table.get_absolute_url()).content.decode()
    assert "This table has finished its round" in page and 'name="cp_NS"' not in page
    assert "win the stein!" in page


def test_standings_rank_by_steins_then_knoddel_difference(client, b_table):
    _play_b4_stein(b_table)
    players = seat_players(b_table)
    tournament = b_table.round.tournament
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    order = sorted(players.values(), key=html.index)
    assert set(order[:2]) == {players["E"], players["W"]}
    assert "Knoddel difference" in html
    rows = {r.player.name: r for r in tournament_standings(tournament).rows}
    # EW: 1 stein, knoddels 2 given − 0 received = +2, game points 0 − 1 = −1.
    assert rows[players["E"]].total == 1 and rows[players["N"]].total == 0
    assert rows[players["W"]].figure("knoddel_diff") == 2
    assert rows[players["S"]].figure("game_point_diff") == 1


def test_result_sheet_pdf_names_players_and_figures(desk, b_table):
    _play_b4_stein(b_table)
    tournament = b_table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    players = seat_players(b_table)
    assert tournament.name in text
    text = " ".join(text.split())  # the narrow name column wraps the names
    for name in players.values():
        assert name in text
    assert "Steins" in text and "-2" in text  # NS's knoddel difference


def test_house_rules_form_offers_the_options(desk):
    html = desk.get(reverse("tournament-create")).content.decode()
    assert "bauerchen-target" in html and "bauerchen-solo_success" in html
    assert "40er-Regel" in html and "Weiterschreiben" in html
    assert "classic 12 (target 12, 40er-Regel at 10)" in html


def test_a_new_evening_suggests_one_stein_a_round_and_says_what_it_takes(desk):
    """The rules' default tournament round is the whole match (about 100 deals, two hours); the
    form suggests one stein (about 30) and says so."""
    html = desk.get(reverse("tournament-create")).content.decode()
    select = html[html.index('name="bauerchen-tournament_round"') :]
    select = select[: select.index("</select>")]
    assert '<option value="stein" selected>' in select
    assert "one stein takes about 30 deals" in html
    form = {
        "name": "Preisbauer im Adler",
        "game": "bauerchen",
        "date": "2026-12-05",
        "planned_rounds": "7",
        "bauerchen-tournament_round": "stein",
    }
    assert desk.post(reverse("tournament-create"), form).status_code == 302
    tournament = Tournament.objects.get(name="Preisbauer im Adler")
    assert tournament.variant.get("tournament_round") == "stein"


@pytest.mark.german
def test_the_slate_puts_the_steine_first_and_says_durchgang(client, b_table):
    """The Steine, which the standings rank by, right after the team (a phone shows them
    first); Bauerchen's round to the target is a "Durchgang" (GERMAN.md), "Runde" is the
    tournament's."""
    client.post(b_table.get_absolute_url(), B1_DEAL_1)
    html = client.get(b_table.get_absolute_url()).content.decode()
    head = html[html.index('<table class="teams"') :]
    head = head[head.index("<thead>") : head.index("</thead>")]
    assert head.index("Steine") < head.index("Spielpunkte") < head.index("Knoddel")
    assert "Stein 1 · Durchgang 1 · bis 31" in html


@pytest.mark.german
def test_a_carry_at_the_target_is_explained_at_the_table(client, make_tournament):
    """Scoring specification §7: target 12 with Weiterschreiben. NS win 130:0 away spritzed
    three times, (3 + 1) · 8 = 32, and carry 32 − 12 = 20; in the next deal EW win 80:50 away
    for 2, which do not count: NS win the Durchgang with their carry, 20 − 12 = 8 carried on."""
    tournament = make_tournament(
        players=4,
        game="bauerchen",
        name="Siegelbach",
        variant={"target": 12, "weiterschreiben": True},
    )
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    client.post(table.get_absolute_url(), {"dealer": "N", "cp_NS": "130", "spritz": "3"})
    client.post(
        table.get_absolute_url(), {"dealer": "E", "cp_NS": "50", "spritz": "0", "_deal": "2"}
    )
    assert Deal.objects.filter(table=table).count() == 2
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Zählen nicht: Der Übertrag des anderen Teams hatte das Ziel schon erreicht." in html
    assert "gewinnen Durchgang 2: Ihr Übertrag hatte das Ziel schon erreicht." in html
    assert "8 Spielpunkte werden in den nächsten Durchgang weitergeschrieben." in html
