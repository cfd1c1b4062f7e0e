"""Partnership games played as individuals: the partners drawn anew each round.

The evening is a Preisbauer evening as reported from Erfenbach near Kaiserslautern: 16 players at
four tables "in wechselnden Paarungen", seven draws, individual points. The ranking unit is the
individual, who inherits his partnership's result of every stein he plays (Scoring specification
§2.7). Each table plays one stein (``steins_per_match = 1``, §7: "a tournament round may set
steins_per_match = 1") by Kart' ab solos, whose outcome the rules fix without card points: a solo
won ends the round won by the soloist's team (§2.2 rule 8), the losers receive a knoddel, and two
knoddels give the other team the stein; at 1:1 the deciding round is the Gehampelter (§2.3).
The test keeps its own ledger of steins, knoddel differences and Gehampelter steins from the deals
it enters, and the standings must agree with it.
"""

from __future__ import annotations

import datetime
import io
from collections import Counter, defaultdict

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from tournaments import draw, services
from tournaments.audit_words import change_words
from tournaments.exchange import export_tournament
from tournaments.models import AuditEntry, Round, Seat, Tournament
from tournaments.printing.report import certificates_pdf, placed_ranking
from tournaments.printing.sheets import (
    seating,
    seating_list_pdf,
    standings_pdf,
    table_sheets,
    table_sheets_pdf,
)
from tournaments.standings import team_standings, tournament_standings

NAMES = [
    "Anni Becker",
    "Berta Kiefer",
    "Christa Lauer",
    "Dieter Molter",
    "Egon Neu",
    "Frieda Ohler",
    "Gerd Pfaff",
    "Hilde Quirin",
    "Inge Ritter",
    "Jakob Schwarz",
    "Karl Theis",
    "Liesel Ullrich",
    "Manfred Vogt",
    "Nora Wagner",
    "Otto Zimmer",
    "Paula Adam",
]

BAUERCHEN_TEAMS = {"NS": ("N", "S"), "EW": ("E", "W")}
"""Partners sit diagonally: seats N and S, E and W (Scoring specification §2.1)."""
NEXT_DEALER = {"N": "E", "E": "S", "S": "W", "W": "N"}
"""The deal passes clockwise: forehand (left of the dealer) deals next (§2.1)."""


@pytest.fixture
def evening(organiser) -> Tournament:
    tournament = services.tournament_create(
        organiser=organiser,
        name="Preisbauer in Erfenbach",
        game="bauerchen",
        date=datetime.date(2026, 11, 21),
        venue="Sportheim Erfenbach",
        variant={"steins_per_match": 1},
        lot_seed=19,
        planned_rounds=7,
        partners_drawn=True,
    )
    services.players_add_list(tournament=tournament, text="\n".join(NAMES))
    return tournament


def _seated(table) -> dict[str, str]:
    return {seat.label: seat.player.name for seat in table.seats.select_related("player")}


def _play_stein(table, winner: str, gehampelter: bool, by) -> list[str]:
    """Enter Kart' ab solos at ``table`` until ``winner`` (NS or EW) has the stein: first, with
    ``gehampelter``, one solo won by the other team (1:1 in knoddels), then two won by
    ``winner``'s first seat. Returns the dealers in order."""
    loser = "EW" if winner == "NS" else "NS"
    soloists = ([BAUERCHEN_TEAMS[loser][0]] if gehampelter else []) + [
        BAUERCHEN_TEAMS[winner][0]
    ] * 2
    dealer, dealers = "N", []
    for soloist in soloists:
        entry = {"dealer": dealer, "solo": {"player": soloist, "won": True}}
        services.deal_record(table=table, entry=entry, by=by, via="desk")
        dealers.append(dealer)
        dealer = NEXT_DEALER[dealer]
    return dealers


def test_a_preisbauer_evening_of_16_over_7_draws(evening, organiser):
    """Seven draws of 16 individuals: every player has seven different partners, and his total
    is the steins his partnerships won, worked out here deal by deal."""
    steins: Counter[str] = Counter()
    knoddel_diff: Counter[str] = Counter()
    gehampelter_steins: Counter[str] = Counter()
    partners: dict[str, list[str]] = defaultdict(list)
    opponents: Counter[frozenset[str]] = Counter()
    for number in range(1, 8):
        the_round = services.round_draw(tournament=evening, seed=1000 + number, by=organiser)
        tables = list(the_round.tables.order_by("number"))
        assert len(tables) == 4 and not the_round.byes.exists()
        for table in tables:
            seated = _seated(table)
            assert sorted(seated) == ["E", "N", "S", "W"]
            for a, b in BAUERCHEN_TEAMS.values():
                partners[seated[a]].append(seated[b])
                partners[seated[b]].append(seated[a])
            for a in BAUERCHEN_TEAMS["NS"]:
                for b in BAUERCHEN_TEAMS["EW"]:
                    opponents[frozenset((seated[a], seated[b]))] += 1
            # Who wins the stein at which table is the test's choice; every third table
            # goes through the Gehampelter.
            winner = "NS" if (number + table.number) % 2 else "EW"
            gehampelter = (number * table.number) % 3 == 0
            _play_stein(table, winner, gehampelter, organiser)
            loser = "EW" if winner == "NS" else "NS"
            # Knoddels given − received: 2 − 0, or 2 − 1 after a Gehampelter (§2.7).
            margin = 1 if gehampelter else 2
            for seat in BAUERCHEN_TEAMS[winner]:
                steins[seated[seat]] += 1
                knoddel_diff[seated[seat]] += margin
                gehampelter_steins[seated[seat]] += int(gehampelter)
            for seat in BAUERCHEN_TEAMS[loser]:
                knoddel_diff[seated[seat]] -= margin
        the_round.refresh_from_db()
        assert the_round.status == Round.Status.COMPLETE

    # No repeat partner: with 16 players each has 15 possible partners, and 7 draws gave each
    # seven different ones.
    assert set(partners) == set(NAMES)
    for name, theirs in partners.items():
        assert len(theirs) == 7 and len(set(theirs)) == 7, (name, theirs)
    # Repeat opponents kept low: no two players opposed more than twice in seven rounds.
    assert max(opponents.values()) <= 2

    standings = tournament_standings(evening)
    assert standings.rounds == [1, 2, 3, 4, 5, 6, 7]
    by_name = {row.player.name: row for row in standings.rows}
    assert set(by_name) == set(NAMES)
    for name in NAMES:
        row = by_name[name]
        assert row.total == steins[name], name
        assert row.figure("knoddel_diff") == knoddel_diff[name], name
        assert row.figure("gehampelter_steins") == gehampelter_steins[name], name
        assert [cell.score for cell in row.cells] == [
            r.score for r in row.rounds
        ]  # one stein or none per round
    # 4 tables × 7 rounds, two winners at each: 56 steins handed out to players.
    assert sum(steins.values()) == 56
    # Ranked by steins, then the knoddel difference, then Gehampelter steins (§2.7; the
    # game-point difference is 0 throughout: solos score no game points by default).
    keys = [
        (row.total, row.figure("knoddel_diff"), row.figure("gehampelter_steins"))
        for row in standings.rows
    ]
    assert keys == sorted(keys, reverse=True)
    assert standings.rows[0].total == max(steins.values())
    # Individuals: no team standings.
    assert not evening.teams_allowed
    assert team_standings(evening, standings).rows == []


def test_the_draw_records_its_seed_and_the_repeat_partners(evening, organiser):
    services.round_draw(tournament=evening, seed=4711, by=organiser)
    entry = AuditEntry.objects.filter(tournament=evening, action=AuditEntry.Action.ROUND_DRAW).get()
    assert entry.after["seed"] == 4711
    assert entry.after["partners_drawn"] is True
    assert entry.after["repeat_partners"] == 0
    words = change_words(entry, entry.after, evening.game)
    assert "partners drawn anew each round: yes" in words
    assert "partnerships repeated from an earlier round: 0" in words
    assert "seed of the draw: 4711" in words


def test_the_same_seed_draws_the_same_partners():
    players = list(range(1, 17))
    partnered = {frozenset((1, 2)): 1, frozenset((3, 4)): 1}
    first = draw.draw_partners(
        "avoid_repeats", players, seed=5, allow_byes=False, partnered=partnered
    )
    again = draw.draw_partners(
        "avoid_repeats", players[::-1], seed=5, allow_byes=False, partnered=partnered
    )
    assert first == again
    for a1, b1, a2, b2 in first.tables:
        assert {frozenset((a1, a2)), frozenset((b1, b2))}.isdisjoint(partnered)


def test_an_odd_count_follows_the_bye_rules(make_tournament, organiser):
    """18 players: two sit out, as in any draw of tables of four; nobody twice before all
    once."""
    tournament = make_tournament(players=18, game="bauerchen", name="Achtzehn")
    services.tournament_settings(tournament=tournament, by=organiser, partners_drawn=True)
    with pytest.raises(ValidationError) as refused:
        services.round_draw(tournament=tournament, seed=1)
    assert refused.value.code == "BYES_NEEDED"
    sat_out: Counter[int] = Counter()
    for number in range(1, 5):
        the_round = services.round_draw(
            tournament=tournament, seed=number, allow_byes=True, override_reason="test"
        )
        byes = list(the_round.byes.values_list("player_id", flat=True))
        assert len(byes) == 2 and the_round.tables.count() == 4
        sat_out.update(byes)
    assert max(sat_out.values()) == 1


def test_by_standings_keeps_the_leaders_together():
    ranked = list(range(1, 9))
    result = draw.draw_partners(
        "standings", ranked, seed=3, allow_byes=False, partnered={frozenset((1, 3)): 1}
    )
    assert sorted(result.tables[0]) == [1, 2, 3, 4]
    assert sorted(result.tables[1]) == [5, 6, 7, 8]
    a1, b1, a2, b2 = result.tables[0]
    # Of the three ways to pair the top four, one without the former partners 1 and 3.
    assert frozenset((1, 3)) not in (frozenset((a1, a2)), frozenset((b1, b2)))


def test_four_handed_hundertspiel_partners_sit_opposite(make_tournament, organiser):
    """The four-handed Hundertspiel: parties AC and BD (Hundertspiel 1829, §§1–2)."""
    tournament = make_tournament(players=8, game="hundertspiel", name="Hundertspiel")
    services.tournament_settings(tournament=tournament, by=organiser, partners_drawn=True)
    partners: dict[int, set[int]] = defaultdict(set)
    for number in (1, 2, 3):
        the_round = services.round_draw(tournament=tournament, seed=number, override_reason="test")
        for table in the_round.tables.all():
            seated = dict(table.seats.values_list("label", "player_id"))
            assert sorted(seated) == ["A", "B", "C", "D"]
            for a, b in (("A", "C"), ("B", "D")):
                assert seated[b] not in partners[seated[a]]
                partners[seated[a]].add(seated[b])
                partners[seated[b]].add(seated[a])


# --- the option and where it is refused --------------------------------------------------


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("hintersche", None),
        ("kein_stich", None),
        ("hindernislauf", None),
        ("hundertspiel", {"variant": "three"}),
    ],
)
def test_the_option_is_refused_for_games_without_partnerships(organiser, game, variant):
    with pytest.raises(ValidationError) as refused:
        services.tournament_create(
            organiser=organiser,
            name="Ohne Partner",
            game=game,
            date=datetime.date(2026, 11, 21),
            variant=variant,
            partners_drawn=True,
        )
    assert refused.value.error_dict["partners_drawn"][0].code == "NO_PARTNERSHIPS"
    assert not Tournament.objects.exists()


def test_the_settings_refuse_it_for_a_game_without_partnerships(tournament, organiser):
    with pytest.raises(ValidationError) as refused:
        services.tournament_settings(tournament=tournament, by=organiser, partners_drawn=True)
    assert refused.value.error_dict["partners_drawn"][0].code == "NO_PARTNERSHIPS"
    tournament.refresh_from_db()
    assert not tournament.partners_drawn


def test_the_new_tournament_page_says_why(client, organiser):
    client.force_login(organiser)
    response = client.post(
        reverse("tournament-create"),
        {
            "name": "Vier-Strich",
            "game": "hintersche",
            "date": "2026-11-21",
            "planned_rounds": "4",
            "partners_drawn": "on",
        },
    )
    assert response.status_code == 200
    assert "Hintersche is not played in partnerships of two" in response.content.decode()
    assert not Tournament.objects.exists()


def test_no_teams_with_partners_drawn(evening, organiser):
    players = list(evening.players.all()[:2])
    with pytest.raises(ValidationError) as refused:
        services.team_add(tournament=evening, name="Die Zwei", players=players, by=organiser)
    assert refused.value.code == "PARTNERS_DRAWN"


def test_registered_teams_keep_the_option_off(make_tournament, organiser):
    tournament = make_tournament(players=4, game="bauerchen", name="Feste Paare")
    a, b, *_rest = tournament.players.all()
    services.team_add(tournament=tournament, name="Die Zwei", players=[a, b], by=organiser)
    with pytest.raises(ValidationError) as refused:
        services.tournament_settings(tournament=tournament, by=organiser, partners_drawn=True)
    assert refused.value.error_dict["partners_drawn"][0].code == "TEAMS_REGISTERED"


def test_the_option_is_fixed_once_a_round_is_drawn(evening, organiser):
    services.round_draw(tournament=evening, seed=1)
    with pytest.raises(ValidationError) as refused:
        services.tournament_settings(tournament=evening, by=organiser, partners_drawn=False)
    assert refused.value.error_dict["partners_drawn"][0].code == "ROUNDS_DRAWN"


# --- what the players see -----------------------------------------------------------------


def test_the_player_page_names_his_partner_of_each_round(client, evening, organiser):
    the_round = services.round_draw(tournament=evening, seed=8, by=organiser)
    table = the_round.tables.get(number=1)
    seated = _seated(table)
    anni = evening.players.get(name=seated["N"])
    html = client.get(reverse("player-detail", args=[evening.slug, anni.pk])).content.decode()
    assert "Partner" in html
    row = html[html.index("<tbody>") :]
    assert seated["S"] in row


def test_the_table_page_shows_both_partnerships(client, evening, organiser):
    the_round = services.round_draw(tournament=evening, seed=8, by=organiser)
    table = the_round.tables.get(number=1)
    seated = _seated(table)
    html = client.get(table.get_absolute_url()).content.decode()
    for name in seated.values():
        assert name in html
    assert 'name="cp_NS"' in html
    # A deal entered on the phone's form scores the partnership NS (N and S) together.
    response = client.post(table.get_absolute_url(), {"dealer": "N", "cp_NS": "85", "spritz": "0"})
    assert response.status_code == 302
    standings = tournament_standings(evening)
    by_name = {row.player.name: row for row in standings.rows}
    # Dealer N → forehand E: EW at home; NS win 85:45 as the away team: 1 + 1 game points
    # (§2.2), the same for both partners, none for their opponents.
    points = {label: by_name[name].figure("game_point_diff") for label, name in seated.items()}
    assert points == {"N": 2, "S": 2, "E": -2, "W": -2}


# --- the printed documents ----------------------------------------------------------------


def _pages(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def first_round_played(evening, organiser) -> Round:
    """Round 1 of the evening: at every table NS win the stein with two Kart' ab solos (NS
    one stein each, EW none)."""
    the_round = services.round_draw(tournament=evening, seed=21, by=organiser)
    for table in the_round.tables.all():
        _play_stein(table, "NS", False, organiser)
    return the_round


def test_table_sheets_name_each_players_partner(first_round_played, evening, organiser):
    second = services.round_draw(tournament=evening, seed=22, by=organiser)
    for sheet in table_sheets(second, "https://kreide.example.org"):
        seated = {seat.label: seat.name for seat in sheet.seats}
        teams = {seat.label: seat.team for seat in sheet.seats}
        assert teams == {
            "N": f"partner: {seated['S']}",
            "S": f"partner: {seated['N']}",
            "E": f"partner: {seated['W']}",
            "W": f"partner: {seated['E']}",
        }
    text = " ".join(_pages(table_sheets_pdf(second, "https://kreide.example.org")))
    table = second.tables.get(number=1)
    seated = _seated(table)
    assert f"N {seated['N']} (partner: {seated['S']})" in text


def test_standings_certificates_and_report_rank_individuals(first_round_played, evening):
    """After round 1 the eight players seated N or S have one stein, the others none: the
    standings, the certificates (one per player, no team) and the report's podium rank
    players."""
    winners = {
        seat.player.name
        for seat in Seat.objects.filter(
            table__round=first_round_played, label__in=["N", "S"]
        ).select_related("player")
    }
    assert len(winners) == 8
    text = " ".join(_pages(standings_pdf(evening)))
    assert "Team standings" not in text
    for name in NAMES:
        assert name in text
    certificates = _pages(certificates_pdf(evening, top=1))
    # Eight players share first place (one stein, knoddels 2:0, equal on every tie-break but
    # the lot, which shares the place): eight certificates, each for one player.
    assert len(certificates) == 8
    named = {name for page in certificates for name in NAMES if name in page}
    assert named == winners
    assert not any("with the team" in page for page in certificates)
    placed, members = placed_ranking(evening, tournament_standings(evening))
    assert members == {} and {row.player.name for row in placed.rows} == set(NAMES)


def test_export_and_import_keep_the_partners_drawn(first_round_played, evening, organiser):
    evening.refresh_from_db()
    document = export_tournament(evening)
    assert document["tournament"]["partners_drawn"] is True and document["teams"] == []
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert copy_.partners_drawn
    rows = [(row.player.name, row.total) for row in tournament_standings(copy_).rows]
    assert rows == [(row.player.name, row.total) for row in tournament_standings(evening).rows]


def test_a_file_of_format_version_6_imports_with_teams_as_before(evening, organiser):
    document = export_tournament(evening)
    document["version"] = 6
    del document["tournament"]["partners_drawn"]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="alt")
    assert not copy_.partners_drawn


def test_the_settings_page_offers_it_only_for_partnership_games(client, organiser, make_tournament):
    client.force_login(organiser)
    bauerchen = make_tournament(players=4, game="bauerchen", name="Bauerchen")
    hintersche = make_tournament(players=4, name="Hintersche")
    url = "tournament-settings"
    html = client.get(reverse(url, args=[bauerchen.slug])).content.decode()
    assert 'name="partners_drawn"' in html and "Partners drawn anew each round" in html
    html = client.get(reverse(url, args=[hintersche.slug])).content.decode()
    assert 'name="partners_drawn"' not in html
    response = client.post(
        reverse(url, args=[bauerchen.slug]),
        {"name": "Bauerchen", "date": "2026-11-21", "planned_rounds": "7", "partners_drawn": "on"},
    )
    assert response.status_code == 302
    bauerchen.refresh_from_db()
    assert bauerchen.partners_drawn and bauerchen.planned_rounds == 7


@pytest.mark.german
def test_the_option_speaks_german(client, organiser):
    client.force_login(organiser)
    html = client.get(reverse("tournament-create")).content.decode()
    assert "Partner je Runde neu gelost" in html
    response = client.post(
        reverse("tournament-create"),
        {
            "name": "Vier-Strich",
            "game": "hintersche",
            "date": "2026-11-21",
            "planned_rounds": "4",
            "partners_drawn": "on",
        },
    )
    assert "Hintersche wird nicht zu zweit gegen zwei gespielt" in response.content.decode()


def test_the_seating_list_names_the_partner(first_round_played, evening):
    places = {place.name: place for place in seating(first_round_played)}
    for table in first_round_played.tables.all():
        seated = _seated(table)
        assert places[seated["N"]].partner == seated["S"]
        assert places[seated["E"]].partner == seated["W"]
    text = " ".join(_pages(seating_list_pdf(first_round_played)))
    assert "Partner" in text


def test_where_do_i_sit_names_the_partner(client, evening, organiser):
    the_round = services.round_draw(tournament=evening, seed=8, by=organiser)
    seated = _seated(the_round.tables.get(number=1))
    html = client.get(
        reverse("seat-search", args=[evening.slug]), {"q": seated["E"]}
    ).content.decode()
    assert f"Partner: {seated['W']}" in html
