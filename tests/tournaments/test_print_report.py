"""The championship report and the certificates, read back from the PDF as text: for the demo
evening of every game, and for small tournaments entered by hand whose figures are counted here
by hand."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from pypdf import PdfReader

import scoring
from tests.helpers import seat_players
from tournaments import services
from tournaments.models import Table, Tournament
from tournaments.printing.report import certificates_pdf, championship_report_pdf, placed_ranking
from tournaments.printing.statistics import PlayedTable, tournament_statistics
from tournaments.standings import (
    Standings,
    counted_deals,
    standings_after_each_round,
    tournament_standings,
)

# Example H-1 of the scoring specification, deals 1-4: A takes a Strich in deals 1 (52 card
# points) and 4 (70), B in deal 2 (61), D in deal 3 (50); C stays clean.
H1_VIERSTRICH = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
    {"points": {"A": 45, "B": 12, "C": 33, "D": 50}},
    {"points": {"A": 70, "B": 14, "C": 26, "D": 30}},
]
# A makes a hundred (105): B, C and D each take a Strich; then B takes the fourth with 61.
HUNDRED_THEN_MOST = [
    {"points": {"A": 105, "B": 10, "C": 15, "D": 10}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
]


def pages(pdf: bytes) -> list[str]:
    """Each page's text, white space collapsed (a name wrapped in a narrow column reads whole)."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def between(text: str, start: str, end: str) -> str:
    """The part of ``text`` after the first ``start`` up to the next ``end``."""
    after = text.split(start, 1)[1]
    return after.split(end, 1)[0]


def table_line(table: Table) -> str:
    """A pattern for ``table``'s line among its round's results: the table's number, then its
    players in playing order (a team's partners joined by "&"), each followed by figures."""
    game = table.round.tournament.scoring_game
    players = seat_players(table)
    order = [label for label in game.seats(len(players)) if label in players]
    if table.round.tournament.game == "bauerchen":
        names = [f"{players['N']} & {players['S']}", f"{players['E']} & {players['W']}"]
    else:
        names = [players[label] for label in order]
    figures = r"(?: [+-]?\d+)+"
    return rf"(?<![\d=]){table.number} " + f"{figures} ".join(map(re.escape, names)) + figures


def play(table: Table, entries: list[dict]) -> None:
    for entry in entries:
        services.deal_record(table=table, entry=entry, by=None, via="test")


@pytest.mark.parametrize("game", list(scoring.games))
def test_report_and_certificates_of_every_demo_evening(db, game):
    call_command("demo", game=[game], stdout=io.StringIO())
    tournament = Tournament.objects.get(game=game)
    standings = tournament_standings(tournament)
    rounds = list(tournament.rounds.order_by("number"))
    tables = Table.objects.filter(round__tournament=tournament).count()

    text = pages(championship_report_pdf(tournament))
    everything = " ".join(text)
    assert tournament.name in text[0]
    assert f"Venue {tournament.venue}" in text[0]
    # The demo's organiser account has no full name and the tournament no director: no
    # person is named (never the login name, "organiser").
    assert "Organiser" not in text[0] and "organiser" not in text[0]
    assert "Provisional" in text[0]  # its last round is still being played

    # In a team game the places go to the teams, their ranking first, then the players'.
    placed, members = placed_ranking(tournament, standings)
    teams = tournament.teams.exists()
    assert bool(members) == teams and (placed is standings) == (not teams)
    podium = between(everything, "Podium", "Teams" if teams else "Final ranking")
    on_podium = [row for row in placed.rows if row.rank <= 3]
    assert len(on_podium) >= 3
    for row in placed.rows[:3]:
        assert row.player.name in podium
        assert all(name in podium for name in members.get(row.player.pk, []))
    assert len(re.findall(r"\d+(?:st|nd|rd|th) place", podium)) == len(on_podium)

    after_podium = everything.split("Podium", 1)[1]
    ranking = between(after_podium, "Players" if teams else "Final ranking", "Statistics")
    for row in standings.rows:
        assert row.player.name in ranking
    title = tournament.scoring_game.last_place_title
    if title:
        assert f"{title}: {standings.rows[-1].player.name}, last place" in everything
    else:
        assert "last place" not in everything

    for the_round in rounds:
        assert f"Leading after round {the_round.number}:" in everything
        section = between(everything, f"Leading after round {the_round.number}:", "Leading after")
        for table in the_round.tables.all():
            # One line a table: its number, then each seat's (team's) players and figures.
            assert re.search(table_line(table), section), (the_round.number, table.number)
    assert f"Deals played {counted_deals(tournament).count()}" in everything
    assert "Standings progression of the top ten" in everything
    # Cover, podium and ranking, chart and statistics, then every round on its own pages.
    assert max(3 + len(rounds), tables / 4) <= len(text) <= 4 + 3 * len(rounds)

    certificates = pages(certificates_pdf(tournament, top=3))
    # One for each placed player, or for each partner of a placed team.
    receivers = [
        (name, row)
        for row in on_podium
        for name in (members[row.player.pk] if teams else [row.player.name])
    ]
    assert len(certificates) == len(receivers)
    for page, (name, row) in zip(certificates, receivers, strict=True):
        assert name in page
        assert {1: "1st place", 2: "2nd place", 3: "3rd place"}[row.rank] in page
        assert tournament.name in page and page.endswith("Place and date Organiser")
        if teams:
            assert f"with the team {row.player.name}" in page


def test_hand_played_statistics_are_counted_from_the_deals(make_tournament):
    tournament = make_tournament(players=8, name="Kleine Runde")
    first, second = services.round_draw(tournament=tournament, seed=3).tables.order_by("number")
    play(first, H1_VIERSTRICH)
    play(second, HUNDRED_THEN_MOST)

    text = " ".join(pages(championship_report_pdf(tournament)))
    a, b = seat_players(first), seat_players(second)
    # Each table's line: its number, each seat's player and Striche (no frame: a Vier-Strich
    # has no games), its deals.
    assert f"1 {a['A']} 2 {a['B']} 1 {a['C']} 0 {a['D']} 1 4" in text
    assert f"2 {b['A']} 0 {b['B']} 2 {b['C']} 1 {b['D']} 1 2" in text
    assert "Each seat: player, Striche Table A B C D Deals" in text
    statistics = between(text, "Statistics", "Round 1 ")
    assert "Deals played 6" in statistics
    # Table 1: A 2, B 1, D 1; table 2: B, C, D one each for A's hundred, B one more.
    assert "Striche chalked 8" in statistics
    # C at table 1 and A at table 2 were clean when the Vier-Strich ended.
    assert "Clean slates at the end of the Vier-Strich 2" in statistics
    assert "Hundreds made 1" in statistics
    assert (
        f"Best hundred (card points) 105 {seat_players(second)['A']} · round 1, table 2, deal 1"
        in statistics
    )
    # The most card points that took a Strich: A's 70 in table 1's fourth deal (61 is next).
    assert (
        f"Most card points that still took a Strich 70 {seat_players(first)['A']} · "
        "round 1, table 1, deal 4"
    ) in statistics
    assert "Deals in the Butzen" not in statistics  # the Vier-Strich is the whole round


def test_a_best_reached_twice_names_the_first_and_counts_the_other():
    steps = scoring.games["hintersche"].replay(H1_VIERSTRICH, scoring.games["hintersche"].variant())
    tables = [
        PlayedTable(
            2, number, {"A": f"A{number}", "B": "B", "C": "C", "D": "D"}, (1, 2, 3, 4), steps
        )
        for number in (1, 2)
    ]
    by_label = {s.label: s for s in tournament_statistics("hintersche", tables)}
    worst = by_label["Most card points that still took a Strich"]
    assert worst.value == 70
    assert (worst.record.who, worst.record.round, worst.record.table, worst.record.deal) == (
        "A1",
        2,
        1,
        4,
    )
    assert worst.record.also == 1
    assert by_label["Striche chalked"].value == 8
    assert "Best hundred (card points)" not in by_label  # nobody made one


def test_certificates_print_a_shared_place_for_everyone_sharing_it(tournament):
    """H-1 ranks C first (no Strich), B and D second together (one each, equal on every
    tie-break), A fourth."""
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    play(table, H1_VIERSTRICH)
    players = seat_players(table)

    one = pages(certificates_pdf(tournament, top=1))
    assert len(one) == 1 and players["C"] in one[0] and "1st place" in one[0]

    two = pages(certificates_pdf(tournament, top=2))
    assert len(two) == 3  # both second places get one
    later = " ".join(two[1:])
    assert players["B"] in later and players["D"] in later
    assert all("2nd place" in page for page in two[1:])
    assert not any(players["A"] in page for page in two)

    assert len(pages(certificates_pdf(tournament, top=4))) == 4


def test_certificates_before_any_deal_say_nobody_is_ranked(table):
    text = pages(certificates_pdf(table.round.tournament))
    assert len(text) == 1
    assert "No one is ranked yet" in text[0]
    with pytest.raises(ValueError, match="top must be at least 1, got 0"):
        certificates_pdf(table.round.tournament, top=0)


def test_report_of_a_tournament_before_its_first_round(tournament):
    text = pages(championship_report_pdf(tournament))
    assert tournament.name in text[0] and "Rounds 0" in text[0]
    assert "Standings progression" not in " ".join(text)  # no round, no chart


def test_report_reads_a_fixed_number_of_queries(db, django_assert_max_num_queries):
    """Guards against a query per table for its seats or deals (24 tables here), and per round
    for the standings after it: six for the standings (read once for those after each round, the
    last being the final ones), three for the tables with their seats, players and deals, one
    each for the byes, the rounds and the organiser."""
    call_command("demo", game=["hintersche"], stdout=io.StringIO())
    tournament = Tournament.objects.get(game="hintersche")
    with django_assert_max_num_queries(6 + 3 + 3):
        championship_report_pdf(tournament)


def _ranking(standings: Standings) -> list[tuple]:
    return [
        (row.player.name, row.rank, row.tied, row.total, row.cells, row.by_lot, row.decided_by)
        for row in standings.rows
    ]


@pytest.mark.parametrize("game", list(scoring.games))
def test_the_standings_after_each_round_in_one_pass_are_those_through_each_round(db, game):
    """The report ranks the standings after every round from the scores read once
    (``standings_after_each_round``): the same rows, ranks, cells and marks as the standings
    through that round read on their own, for every game's demo evening (its last round still
    being played, byes where the players do not fill the tables)."""
    call_command("demo", game=[game], stdout=io.StringIO())
    tournament = Tournament.objects.get(game=game)

    by_round = standings_after_each_round(tournament)

    assert list(by_round) == tournament_standings(tournament).rounds
    for number, standings in by_round.items():
        alone = tournament_standings(tournament, through_round=number)
        assert standings.rounds == alone.rounds
        assert standings.hors_concours == alone.hors_concours
        assert _ranking(standings) == _ranking(alone)


@pytest.mark.german
def test_report_and_certificates_in_german(tournament):
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    play(table, H1_VIERSTRICH)
    players = seat_players(table)

    text = " ".join(pages(championship_report_pdf(tournament)))
    assert "Turnierbericht" in text
    assert "Runde 1" in text and "Tisch A B C D Spiele" in text
    assert f"Bollenkönig: {players['A']}, letzter Platz" in text
    assert re.search(r"Gespielte Spiele 4\b", text)

    certificate = pages(certificates_pdf(tournament, top=1))[0]
    assert "Urkunde" in certificate and "1. Platz" in certificate and players["C"] in certificate
