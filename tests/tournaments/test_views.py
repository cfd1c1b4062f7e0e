from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import points_post, seat_players
from tournaments import services
from tournaments.models import Deal, Player, Tournament
from tournaments.standings import tournament_standings

H1_DEAL_1 = {"A": 52, "B": 30, "C": 18, "D": 40}  # A takes the Strich (SPEC example H-1)
SETTINGS_POST = {"planned_rounds": "4", "public": "on"}  # the new-tournament form's defaults


# --- organiser pages --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tournament-detail", "round-create", "result-sheet"])
def test_organiser_pages_need_a_login(client, tournament, name):
    response = client.get(reverse(name, args=[tournament.slug]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_another_organiser_sees_nothing(client, tournament, django_user_model):
    client.force_login(django_user_model.objects.create_user("other", password="x-pw-12345"))
    assert client.get(reverse("tournament-detail", args=[tournament.slug])).status_code == 404


def test_create_a_tournament_and_add_players(desk):
    response = desk.post(
        reverse("tournament-create"),
        {
            "name": "Herbstturnier",
            "game": "hintersche",
            "date": "2026-11-21",
            "venue": "Krone",
            **SETTINGS_POST,
        },
    )
    assert response.status_code == 302
    slug = response["Location"].rstrip("/").split("/")[-1]
    desk.post(reverse("player-create", args=[slug]), {"name": "Otto Schoch"})
    desk.post(reverse("player-list-create", args=[slug]), {"names": "Emma Hoferer\nBernd Dieterle"})
    names = set(Player.objects.filter(tournament__slug=slug).values_list("name", flat=True))
    assert names == {"Otto Schoch", "Emma Hoferer", "Bernd Dieterle"}


def test_a_duplicate_player_gets_an_error_beside_the_field(desk, tournament):
    response = desk.post(reverse("player-create", args=[tournament.slug]), {"name": "Spieler 01"})
    assert response.status_code == 400
    assert "“Spieler 01” is registered already" in response.content.decode()
    assert tournament.players.count() == 4


def test_draw_with_a_remainder_explains_and_offers_byes(desk, make_tournament):
    tournament = make_tournament(players=6, name="Sechs")
    url = reverse("round-create", args=[tournament.slug])
    response = desk.post(url, {"method": "avoid_repeats"})
    assert response.status_code == 400
    assert (
        "6 players do not divide into tables of 4: 2 players must sit out this round."
        in response.content.decode()
    )
    assert not tournament.rounds.exists()
    response = desk.post(url, {"method": "avoid_repeats", "allow_byes": "on"})
    assert response.status_code == 302
    page = desk.get(response["Location"]).content.decode()
    assert page.count("Bye") >= 2


def test_round_page_lists_every_table_with_its_progress(desk, make_tournament):
    tournament = make_tournament(players=8, name="Acht")
    the_round = services.round_draw(tournament=tournament, seed=4)
    first = the_round.tables.get(number=1)
    services.deal_record(table=first, entry={"points": H1_DEAL_1}, by=None, via="test")
    response = desk.get(reverse("round-detail", args=[tournament.slug, 1]))
    html = response.content.decode()
    assert "playing" in html and "not started" in html
    for table in the_round.tables.all():
        assert table.get_absolute_url() in html


# --- the table page ----------------------------------------------------------------------------


def test_table_page_shows_the_slate_and_a_field_per_player(client, table):
    html = client.get(table.get_absolute_url()).content.decode()
    for seat, name in seat_players(table).items():
        assert name in html
        assert f'name="points.{seat}"' in html


def test_entering_a_deal_updates_the_slate_and_explains_it(client, table):
    response = client.post(table.get_absolute_url(), points_post(**H1_DEAL_1))
    assert response.status_code == 302
    html = client.get(table.get_absolute_url()).content.decode()
    a_player = seat_players(table)["A"]
    assert f"{a_player} takes a Strich: most card points, 52." in html
    assert html.count('class="strich"') == 1


def test_htmx_post_returns_the_partial_only(client, table):
    response = client.post(
        table.get_absolute_url(), points_post(**H1_DEAL_1), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="table-main"' in html


def test_a_warning_shows_on_the_table_page_and_the_deal_counts(client, table):
    url = table.get_absolute_url()
    client.post(url, {**points_post(**H1_DEAL_1), "dealer": "B"})
    # B cannot deal twice in a row (the deal passes on, Scoring specification §1.1).
    second = {**points_post(A=20, B=61, C=25, D=34), "dealer": "B"}
    response = client.post(url, second, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "This is not the dealer the rotation expects." in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 2


def test_a_configuration_that_cannot_work_is_refused_when_created(desk):
    # Five players with 24 cards have no default Domino payouts (Scoring specification §7,
    # Kein Stich): the pot of 5·4 + 5·6 + 80 = 130 cannot be shared out, so no tournament.
    form = {"name": "Herzeln", "game": "kein_stich", "date": "2026-11-21", **SETTINGS_POST}
    response = desk.post(
        reverse("tournament-create"), {**form, "kein_stich-players": 5, "kein_stich-deck": "24"}
    )
    assert response.status_code == 200
    assert "payouts" in response.context["form"].non_field_errors()[0]
    assert not Tournament.objects.filter(name="Herzeln").exists()


def test_a_refused_option_is_named_beside_its_field(desk):
    form = {"name": "Kaffeehaus", "game": "hundertspiel", "date": "2026-11-21", **SETTINGS_POST}
    response = desk.post(reverse("tournament-create"), {**form, "hundertspiel-contra_levels": 2})
    assert response.status_code == 200
    assert "must be 1 or 3" in response.context["form"].errors["hundertspiel-contra_levels"][0]
    assert not Tournament.objects.filter(name="Kaffeehaus").exists()


@pytest.mark.parametrize(
    ("post", "field", "message"),
    [
        ({"A": 52, "B": 30, "C": 18, "D": 39}, "points", "add up to 139, but a deal has 140"),
        ({"A": 60, "B": -5, "C": 45, "D": 40}, "points.B", "too small (at least 0)"),
        ({"A": 12345678901, "B": 0, "C": 0, "D": 0}, "points.A", "too large (at most 140)"),
        ({"A": 52, "B": "dreißig", "C": 18, "D": 40}, "points.B", "Enter a whole number."),
        ({"A": 1, "B": 39, "C": 50, "D": 50}, "points.A", "No pile of cards is worth exactly 1"),
        ({"A": 2, "B": 2, "C": 2, "D": 134}, "points", "No deal of the cards gives these"),
        ({"A": 52, "B": 30, "C": 58}, "points", "every player still in the game"),
    ],
)
def test_bad_input_gets_a_clear_message_and_saves_nothing(client, table, post, field, message):
    response = client.post(
        table.get_absolute_url(), points_post(**post), headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    if "." in field:  # shown beside that player's field
        seat = field.split(".")[1]
        assert f'id="err_points_{seat}"' in html
    assert not Deal.objects.filter(table=table).exists()
    # What the player typed is still in the form.
    assert f'value="{post["A"]}"' in html


def test_an_empty_form_asks_for_the_card_points(client, table):
    response = client.post(table.get_absolute_url(), {"_deal": "1"})
    assert response.status_code == 422
    assert "Enter the card points." in response.content.decode()
    assert not Deal.objects.filter(table=table).exists()


def test_a_deal_after_the_round_is_over_is_refused(client, table):
    _play_h1_vierstrich(table)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "This table has finished its round" in page and 'name="points.A"' not in page
    response = client.post(table.get_absolute_url(), points_post(A=40, B=62, D=38))
    assert response.status_code == 422
    assert "no more deals can be entered" in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 4


def test_another_tables_link_does_not_reach_this_table(client, make_tournament):
    tournament = make_tournament(players=8, name="Zwei Tische")
    one, two = services.round_draw(tournament=tournament, seed=2).tables.order_by("number")
    client.post(two.get_absolute_url(), points_post(**H1_DEAL_1))
    assert one.deals.count() == 0 and two.deals.count() == 1
    assert client.get("/t/not-a-real-token/").status_code == 404
    assert client.post("/t/not-a-real-token/", points_post(**H1_DEAL_1)).status_code == 404


def test_correcting_the_last_deal_keeps_the_old_version(client, table):
    client.post(table.get_absolute_url(), points_post(**H1_DEAL_1))
    url = reverse("table-correct", args=[table.token])
    form = client.get(url).content.decode()
    assert 'value="52"' in form  # the last deal's entry, ready to fix
    missing_reason = client.post(url, points_post(A=30, B=52, C=18, D=40))
    assert missing_reason.status_code == 422
    response = client.post(url, {**points_post(A=30, B=52, C=18, D=40), "reason": "swapped"})
    assert response.status_code == 302
    deal = Deal.objects.get(table=table)
    assert deal.revision == 2 and deal.entry["points"]["B"] == 52
    assert list(deal.revisions.values_list("entry__points__A", flat=True)) == [52, 30]


# --- standings and the result sheet -------------------------------------------------------------


def _play_h1_vierstrich(table):
    for points in (
        H1_DEAL_1,
        {"A": 20, "B": 61, "C": 25, "D": 34},
        {"A": 45, "B": 12, "C": 33, "D": 50},
        {"A": 70, "B": 14, "C": 26, "D": 30},
    ):
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")


def test_standings_rank_fewest_striche_first_and_name_the_bollenkoenig(client, table):
    _play_h1_vierstrich(table)  # A 2, B 1, C 0, D 1
    players = seat_players(table)
    response = client.get(reverse("standings", args=[table.round.tournament.slug]))
    html = response.content.decode()
    order = sorted(players.values(), key=html.index)
    assert order[0] == players["C"] and order[-1] == players["A"]
    assert "Bollenkönig" in html
    assert "2=" in html  # B and D share second place with one Strich each


def test_standings_htmx_refresh_is_a_partial(client, table):
    response = client.get(
        reverse("standings", args=[table.round.tournament.slug]), headers={"HX-Request": "true"}
    )
    assert "<html" not in response.content.decode()
    assert 'id="standings"' in response.content.decode()


def test_standings_cost_a_fixed_number_of_queries(
    client, make_tournament, django_assert_max_num_queries
):
    """Guards against one query per table or per player (an N+1 in the replay)."""
    tournament = make_tournament(players=16, name="Sechzehn")
    for seed in (1, 2):
        the_round = services.round_draw(tournament=tournament, seed=seed, override_reason="test")
        for table in the_round.tables.all():
            services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
    with django_assert_max_num_queries(8):
        client.get(reverse("standings", args=[tournament.slug]))


def test_result_sheet_pdf_reads_back_with_names_and_ranks(desk, table):
    _play_h1_vierstrich(table)
    tournament = table.round.tournament
    response = desk.get(reverse("result-sheet", args=[tournament.slug]))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    text = "\n".join(page.extract_text() for page in reader.pages)
    players = seat_players(table)
    assert tournament.name in text
    assert "21.11.2026" in text
    assert f"1 {players['C']}" in text
    assert f"4 {players['A']}" in text
    assert "Round 1 · Table 1" in text


def test_round_page_costs_a_fixed_number_of_queries(
    desk, make_tournament, django_assert_max_num_queries
):
    """Guards against a query per table for its seats or deals on the organiser's round page."""
    tournament = make_tournament(players=24, name="Vierundzwanzig")
    for table in services.round_draw(tournament=tournament, seed=8).tables.all():
        services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
    with django_assert_max_num_queries(10):
        desk.get(reverse("round-detail", args=[tournament.slug, 1]))


def test_the_organiser_picks_the_house_rules_of_the_village(desk):
    page = desk.get(reverse("tournament-create")).content.decode()
    assert "House rules for Hintersche" in page
    form = {
        "name": "Dorfmeisterschaft",
        "game": "hintersche",
        "date": "2026-11-21",
        **SETTINGS_POST,
    }
    defaults = {  # what the form shows untouched: the defaults of Scoring specification §1.7
        "hintersche-hundred_threshold": "gte_100",
        "hintersche-vierstrich_marks": "4",
        "hintersche-tie_policy": "share",
        "hintersche-butzen_two_player_hundred_adds": "on",
        "hintersche-deal_mode": "all_cards",
        "hintersche-games_per_rubber": "4",
        "hintersche-settlement": "per_winner",
        "hintersche-stake": "5",
        "hintersche-tournament_round": "vierstrich",
        "hintersche-auto_new_game": "on",
        "hintersche-auto_tiebreak": "on",
    }
    desk.post(reverse("tournament-create"), {**form, **defaults})
    assert Tournament.objects.get(name="Dorfmeisterschaft").variant == {}
    village = {
        **defaults,
        "hintersche-hundred_threshold": "gt_100",
        "hintersche-tournament_round": "full_game",
    }
    desk.post(reverse("tournament-create"), {**form, "name": "Wolftal", **village})
    assert Tournament.objects.get(name="Wolftal").variant == {
        "hundred_threshold": "gt_100",
        "tournament_round": "full_game",
    }
    bad = {**defaults, "hintersche-vierstrich_marks": "0"}
    response = desk.post(reverse("tournament-create"), {**form, "name": "Null", **bad})
    assert response.status_code == 200
    assert "greater than or equal to 1" in response.content.decode()
    assert not Tournament.objects.filter(name="Null").exists()


def test_a_full_game_round_ranks_by_frame_marks(client, make_tournament):
    """With ``tournament_round = full_game`` the loser of the game takes the frame mark and the
    round's score is frame marks (Scoring specification §1.6): H-5 game 1, A loses at once."""
    tournament = make_tournament(variant={"tournament_round": "full_game"}, name="Ganz")
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    for points in (
        {"A": 60, "B": 30, "C": 30, "D": 20},
        {"A": 50, "B": 40, "C": 30, "D": 20},
        {"A": 70, "B": 10, "C": 40, "D": 20},
        {"A": 44, "B": 32, "C": 33, "D": 31},
    ):
        services.deal_record(table=table, entry={"points": points}, by=None, via="t")
    players = seat_players(table)
    rows = {row.player.name: row.total for row in tournament_standings(tournament).rows}
    assert rows == {players["A"]: 1, players["B"]: 0, players["C"]: 0, players["D"]: 0}


def test_standings_follow_a_correction_of_a_cached_table(client, table):
    """A table's result is cached; a correction must replace it, not be hidden by it."""
    url = reverse("standings", args=[table.round.tournament.slug])
    players = seat_players(table)
    services.deal_record(table=table, entry={"points": H1_DEAL_1}, by=None, via="t")
    rows = {r.player.name: r.total for r in tournament_standings(table.round.tournament).rows}
    assert rows[players["A"]] == 1 and rows[players["B"]] == 0
    client.get(url)  # fills the cache
    services.deal_correct(
        table=table, entry={"points": {"A": 30, "B": 52, "C": 18, "D": 40}}, by=None, via="t"
    )
    rows = {r.player.name: r.total for r in tournament_standings(table.round.tournament).rows}
    assert rows[players["A"]] == 0 and rows[players["B"]] == 1
