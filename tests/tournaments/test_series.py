"""Show it (issue 19, part 3): series and the player register, against figures worked by hand.

Every evening below is a small Hintersche tournament of one table and one round (one Vier-Strich),
built through the services as a phone enters it: each deal gives one chosen player the most card
points (60 against 40, 20, 20), so he takes that deal's Strich (Hintersche after Schoch 2014:
the most card points take a Strich); after four deals the Vier-Strich is over. A player's
Striche are thus the number of deals he "lost"; players level on Striche (one round: equal on
every tie-break but the lot) share their place.

**The Schapbach championship, three years** (``SCHAPBACH``; scores added up: Striche, fewer is
better)::

    2024  Martin Schoch 0 (1.)   Alois Armbruster 1 (2.=)  Berta Kech 1 (2.=)  Hans Faller 2 (4.)
    2025  Alois Armbruster 0 (1.=)  Johanna Wangler 0 (1.=)  Martin Schoch 2 (3.=)
          Berta Kech 2 (3.=)
    2026  Johann Faller 0 (1.)   Martin Schoch 1 (2.=)  Johanna Wangler 1 (2.=)
          Alois Armbruster 2 (4.)

Roll of champions: 2024 Martin Schoch; 2025 Alois Armbruster and Johanna Wangler (shared);
2026 Johann Faller.

Series standings (more tournaments counted first, then fewer Striche)::

    Martin Schoch     0 + 2 + 1 = 3  (3 counted)   1.=
    Alois Armbruster  1 + 0 + 2 = 3  (3 counted)   1.=
    Johanna Wangler       0 + 1 = 1  (2 counted)   3.
    Berta Kech        1 + 2     = 3  (2 counted)   4.
    Johann Faller             0 = 0  (1 counted)   5.
    Hans Faller       2         = 2  (1 counted)   6.

Hans Faller of 2024 and Johann Faller of 2026 are one man (Johann on his passport, Hans at the
table): two entries of the register, merged into Hans's: **Hans Faller 2 + 0 = 2 (2 counted),
4th**, Berta Kech 5th, one line fewer.

**A season with the worst result dropped** (``SEASON``; points per place 25, 20, 16, 13, 11,
…; best 3 of 4, i.e. each player's worst evening dropped, a missed one being the worst)::

              E1 (Jan)   E2 (Feb)   E3 (Mar)   E4 (Apr)    all 4   worst dropped
    Anna      0 → 25     –          1 → 20=    1 → 20=      65     65 (E2 missed)
    Bernd     1 → 20=    0 → 25     –          1 → 20=      65     65 (E3 missed)
    Clara     1 → 20=    1 → 20=    0 → 25     2 → 13       78     65 (E4's 13)
    Dieter    2 → 13     1 → 20=    2 → 13     0 → 25       71     58 (E3's 13: the later)
    Emil      –          2 → 13     1 → 20=    –            33     33 (a missed one)

(Striche → points; "=" a shared place, each scoring the shared place's points.) Counting all
four, Clara would win with 78; with the worst dropped Anna, Bernd and Clara share place 1 with
65, Dieter is 4th with 58, Emil 5th with 33.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.helpers import seat_players
from tournaments import services
from tournaments.models import AuditEntry, Person, Player, Series, Tournament
from tournaments.series import Result, SeriesRow, counting, rank_rows, series_standings

pytestmark = pytest.mark.django_db

PLACE_POINTS = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
"""A Schafkopf season's points per place."""

Evening = tuple[str, datetime.date, Sequence[tuple[str, str, int]]]
"""Name, date and per player (name, club or village, Striche)."""

SCHAPBACH: list[Evening] = [
    (
        "Schapbacher Hintersche-Meisterschaft 2024",
        datetime.date(2024, 11, 23),
        [
            ("Alois Armbruster", "Schapbach", 1),
            ("Berta Kech", "Wolfach", 1),
            ("Martin Schoch", "Schapbach", 0),
            ("Hans Faller", "Schapbach", 2),
        ],
    ),
    (
        "Schapbacher Hintersche-Meisterschaft 2025",
        datetime.date(2025, 11, 22),
        [
            ("Alois Armbruster", "Schapbach", 0),
            ("Berta Kech", "Wolfach", 2),
            ("Johanna Wangler", "Hausach", 0),
            ("Martin Schoch", "Schapbach", 2),
        ],
    ),
    (
        "Schapbacher Hintersche-Meisterschaft 2026",
        datetime.date(2026, 11, 21),
        [
            ("Alois Armbruster", "Schapbach", 2),
            ("Johann Faller", "Schapbach", 0),
            ("Johanna Wangler", "Hausach", 1),
            ("Martin Schoch", "Schapbach", 1),
        ],
    ),
]

SEASON: list[Evening] = [
    (
        "Saison E1",
        datetime.date(2026, 1, 10),
        [("Anna Ruf", "", 0), ("Bernd Ruf", "", 1), ("Clara Sum", "", 1), ("Dieter Ott", "", 2)],
    ),
    (
        "Saison E2",
        datetime.date(2026, 2, 14),
        [("Bernd Ruf", "", 0), ("Clara Sum", "", 1), ("Dieter Ott", "", 1), ("Emil Bau", "", 2)],
    ),
    (
        "Saison E3",
        datetime.date(2026, 3, 14),
        [("Anna Ruf", "", 1), ("Clara Sum", "", 0), ("Dieter Ott", "", 2), ("Emil Bau", "", 1)],
    ),
    (
        "Saison E4",
        datetime.date(2026, 4, 11),
        [("Anna Ruf", "", 1), ("Bernd Ruf", "", 1), ("Clara Sum", "", 2), ("Dieter Ott", "", 0)],
    ),
]


def play_evening(
    organiser, evening: Evening, *, finish: bool = True, **settings: object
) -> Tournament:
    """One table, one Vier-Strich: each player takes as many Striche as ``evening`` gives him
    (he has the most card points, 60, in that many deals); then the tournament is finished."""
    name, date, players = evening
    tournament = services.tournament_create(
        organiser=organiser,
        name=name,
        game="hintersche",
        date=date,
        lot_seed=19,
        planned_rounds=1,
        **settings,
    )
    text = "\n".join(f"{n}, {club}" if club else n for n, club, _striche in players)
    services.players_add_list(tournament=tournament, text=text)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    label = {player: seat for seat, player in seat_players(table).items()}
    losers = [n for n, _club, striche in players for _ in range(striche)]
    for loser in losers:
        others = iter([40, 20, 20])
        points = {label[n]: 60 if n == loser else next(others) for n, _c, _s in players}
        services.deal_record(table=table, entry={"points": points}, by=None, via="test")
    if finish:
        services.tournament_finish(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def codes(error: ValidationError) -> list[str]:
    return [e.code for errors in error.error_dict.values() for e in errors]


def lines(standings) -> list[tuple[int, bool, str, int, int]]:
    """(rank, shared, name, total, counted) per line."""
    return [(r.rank, r.tied, r.name, r.total, r.counted) for r in standings.rows]


@pytest.fixture
def schapbach(organiser) -> Series:
    series = services.series_create(
        organiser=organiser, name="Schapbacher Meisterschaft", scoring=Series.Scoring.SCORES
    )
    tournaments = [play_evening(organiser, evening) for evening in SCHAPBACH]
    services.series_assign(series=series, tournaments=tournaments, by=organiser)
    return series


def test_three_years_of_schapbach_with_the_roll_of_champions(schapbach):
    standings = series_standings(schapbach, public=True)
    assert [(e.tournament.date.year, e.winners) for e in standings.roll] == [
        (2024, ("Martin Schoch",)),
        (2025, ("Alois Armbruster", "Johanna Wangler")),
        (2026, ("Johann Faller",)),
    ]
    assert lines(standings) == [
        (1, True, "Alois Armbruster", 3, 3),
        (1, True, "Martin Schoch", 3, 3),
        (3, False, "Johanna Wangler", 1, 2),
        (4, False, "Berta Kech", 3, 2),
        (5, False, "Johann Faller", 0, 1),
        (6, False, "Hans Faller", 2, 1),
    ]
    martin = standings.rows[1]
    assert [(r.place, r.tied, r.value) for r in martin.results] == [
        (1, False, 0),
        (3, True, 2),
        (2, True, 1),
    ]


def test_the_register_knows_a_player_again_by_name_and_club(schapbach):
    """Registration found the same person each year: one Martin Schoch of Schapbach for three
    tournaments; "Hans" and "Johann" Faller are two entries until merged."""
    martin = Person.objects.get(name="Martin Schoch")
    assert martin.club == "Schapbach" and martin.players.count() == 3
    assert Person.objects.count() == 6


def test_merging_two_entries_of_one_man_makes_one_line(schapbach, organiser):
    hans = Person.objects.get(name="Hans Faller")
    johann = Person.objects.get(name="Johann Faller")
    johann_player = johann.players.get()
    services.person_merge(keep=hans, merged=johann, by=organiser)
    assert not Person.objects.filter(pk=johann.pk).exists()
    assert Player.objects.get(pk=johann_player.pk).person_id == hans.pk  # the player is kept
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PERSON_MERGE)
    assert entry.tournament_id == johann_player.tournament_id
    assert entry.before == {
        "person": johann.pk,
        "name": "Johann Faller",
        "club": "Schapbach",
        "birth_year": None,
        "players": [johann_player.pk],
    }
    assert entry.after["person"] == hans.pk
    standings = series_standings(schapbach, public=True)
    assert lines(standings)[2:] == [
        (3, False, "Johanna Wangler", 1, 2),
        (4, False, "Hans Faller", 2, 2),
        (5, False, "Berta Kech", 3, 2),
    ]
    # The roll keeps the name the evening's Endstand printed.
    assert standings.roll[-1].winners == ("Johann Faller",)


def test_two_players_of_one_tournament_are_never_merged(schapbach, organiser):
    martin = Person.objects.get(name="Martin Schoch")
    alois = Person.objects.get(name="Alois Armbruster")
    with pytest.raises(ValidationError) as exc:
        services.person_merge(keep=martin, merged=alois, by=organiser)
    assert codes(exc.value) == ["SAME_TOURNAMENT"]
    with pytest.raises(ValidationError):
        services.person_merge(keep=martin, merged=martin, by=organiser)
    assert Person.objects.filter(pk=alois.pk).exists()


def test_a_season_with_the_worst_evening_dropped(organiser):
    season = services.series_create(
        organiser=organiser,
        name="Kinzigtäler Saison",
        place_points=PLACE_POINTS,
        drop_worst=1,
    )
    tournaments = [play_evening(organiser, evening) for evening in SEASON]
    services.series_assign(series=season, tournaments=tournaments, by=organiser)
    standings = series_standings(season, public=True)
    assert standings.counting == 3
    assert lines(standings) == [
        (1, True, "Anna Ruf", 65, 3),
        (1, True, "Bernd Ruf", 65, 3),
        (1, True, "Clara Sum", 65, 3),
        (4, False, "Dieter Ott", 58, 3),
        (5, False, "Emil Bau", 33, 2),
    ]
    by_name = {row.name: row for row in standings.rows}
    values = {
        name: [None if r is None else (r.value, r.counted) for r in row.results]
        for name, row in by_name.items()
    }
    assert values["Clara Sum"] == [(20, True), (20, True), (25, True), (13, False)]
    # Dieter's two 13s are equal: the later one (E3) is dropped.
    assert values["Dieter Ott"] == [(13, True), (20, True), (13, False), (25, True)]
    assert values["Anna Ruf"] == [(25, True), None, (20, True), (20, True)]
    # Counting all four, Clara wins alone.
    services.series_edit(series=season, by=organiser, drop_worst=0)
    season.refresh_from_db()
    assert [(r.rank, r.name, r.total) for r in series_standings(season, public=True).rows] == [
        (1, "Clara Sum", 78),
        (2, "Dieter Ott", 71),
        (3, "Anna Ruf", 65),
        (3, "Bernd Ruf", 65),
        (5, "Emil Bau", 33),
    ]
    assert AuditEntry.objects.filter(action=AuditEntry.Action.SERIES).count() == 4 + 4


def test_best_n_of_m_and_a_shared_place_by_hand():
    """The rule alone: best 2 of 3 by points; two tied on 45 share place 1, the next is 3rd."""

    def row(name: str, *values: int | None) -> SeriesRow:
        results = [None if v is None else Result(place=0, tied=False, value=v) for v in values]
        return SeriesRow(key=hash(name), name=name, club="", results=results)

    rows = [row("Anna A", 25, None, 20), row("Berta B", 20, 25, 16), row("Carl C", 16, 16, 16)]
    ranked = rank_rows(rows, count=2, by_points=True)
    assert [(r.rank, r.tied, r.name, r.total) for r in ranked] == [
        (1, True, "Anna A", 45),
        (1, True, "Berta B", 45),
        (3, False, "Carl C", 32),
    ]
    assert [r.counted for r in ranked[1].results] == [True, True, False]


def test_how_many_results_count():
    series = Series(best_of=5, drop_worst=2)
    assert [counting(series, m) for m in (0, 1, 2, 3, 6, 7, 8)] == [0, 1, 1, 1, 4, 5, 5]


def test_only_finished_and_shown_tournaments_count_on_the_public_page(organiser):
    """A running tournament adds nothing; a finished one whose standings are hidden until the
    prize-giving is left out of the public series (its winner must not leak) but counts at the
    desk; a tournament without public pages is not on the public page at all."""
    series = services.series_create(organiser=organiser, name="Saison", place_points=PLACE_POINTS)
    shown = play_evening(organiser, SEASON[0])
    hidden = play_evening(organiser, SEASON[1], standings_hidden_from_round=1)
    private = play_evening(organiser, SEASON[2], public=False)
    running = play_evening(organiser, SEASON[3], finish=False)
    services.series_assign(
        series=series, tournaments=[shown, hidden, private, running], by=organiser
    )
    public = series_standings(series, public=True)
    assert [e.tournament.name for e in public.events] == ["Saison E1"]
    assert [(e.tournament.name, e.state) for e in public.others] == [
        ("Saison E2", "hidden"),
        ("Saison E4", "running"),
    ]
    assert "Emil Bau" not in {r.name for r in public.rows}  # he played only E2 and E3
    desk = series_standings(series, public=False)
    assert [e.tournament.name for e in desk.events] == ["Saison E1", "Saison E2", "Saison E3"]
    services.standings_reveal(tournament=hidden, by=organiser)
    again = series_standings(series, public=True)
    assert [e.tournament.name for e in again.events] == ["Saison E1", "Saison E2"]


def test_a_tournament_belongs_to_one_series_and_scores_add_up_within_one_game(
    organiser, make_tournament
):
    first = services.series_create(organiser=organiser, name="Erste", place_points=[3, 2, 1])
    second = services.series_create(organiser=organiser, name="Zweite", place_points=[3, 2, 1])
    assert (first.slug, second.slug) == ("erste", "zweite")
    new = services.series_create(organiser=organiser, name="New", place_points=[1])
    assert new.slug == "new-2"  # /desk/series/new/ makes a series
    hintersche = make_tournament(name="H")
    services.series_assign(series=first, tournaments=[hintersche], by=organiser)
    with pytest.raises(ValidationError) as exc:
        services.series_assign(series=second, tournaments=[hintersche], by=organiser)
    assert codes(exc.value) == ["OTHER_SERIES"]
    kein_stich = make_tournament(name="K", game="kein_stich")
    services.series_assign(series=first, tournaments=[hintersche, kein_stich], by=organiser)
    with pytest.raises(ValidationError) as exc:
        services.series_edit(series=first, by=organiser, scoring=Series.Scoring.SCORES)
    assert codes(exc.value) == ["GAMES_DIFFER"]
    services.series_assign(series=first, tournaments=[kein_stich], by=organiser)
    hintersche.refresh_from_db()
    assert hintersche.series_id is None
    assert services.parse_place_points("25, 20 16;13") == [25, 20, 16, 13]
    for bad in ("", "25, zwanzig", "10, 20", "-1"):
        with pytest.raises(ValidationError):
            services.parse_place_points(bad)


def test_the_same_name_twice_in_one_tournament_is_two_people(make_tournament):
    """Father and son of one name and one village, told apart by start numbers."""
    tournament = make_tournament(name="Vater und Sohn")
    services.players_add_list(
        tournament=tournament, text="1 Hans Faller, Schapbach\n2 Hans Faller, Schapbach"
    )
    assert Person.objects.filter(name="Hans Faller").count() == 2
    later = make_tournament(name="Später")
    player = services.player_add(
        tournament=later, name="Hans  Fäller", club="schapbach", birth_year=1950
    )
    first = Person.objects.filter(name="Hans Faller").order_by("pk").first()
    assert player.person_id == first.pk
    first.refresh_from_db()
    assert first.birth_year == 1950


# --- the pages ----------------------------------------------------------------------------------


def pdf_text(data: bytes) -> str:
    import io

    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_public_series_page_and_its_pdf(client, schapbach, django_assert_max_num_queries):
    url = reverse("series-public", args=[schapbach.slug])
    assert url == "/series/schapbacher-meisterschaft/"
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Roll of winners" in html and "Series standings" in html
    roll = html[html.index('<ol class="roll">') : html.index("</ol>")]
    assert roll.index("Martin Schoch") < roll.index("Alois Armbruster, Johanna Wangler")
    assert "first place shared" in roll
    pdf = client.get(reverse("series-document", args=[schapbach.slug]))
    assert pdf["Content-Type"] == "application/pdf"
    text = pdf_text(pdf.content)
    assert "Schapbacher Meisterschaft" in text and "Roll of winners" in text
    assert "Alois Armbruster, Johanna Wangler" in text
    lines_ = [line for line in text.splitlines() if "Faller" in line]
    assert lines_[-2:] == [
        "5. Johann Faller (Schapbach) 0 – – 0",
        "6. Hans Faller (Schapbach) 2 2 – –",
    ]
    front = client.get("/").content.decode()
    assert reverse("series-public", args=[schapbach.slug]) in front


@pytest.mark.german
def test_the_public_series_page_speaks_german(client, schapbach):
    html = client.get(reverse("series-public", args=[schapbach.slug])).content.decode()
    assert "Siegerliste" in html and "Gesamtwertung" in html


def test_the_desk_makes_a_series_and_merges_the_register(client, organiser, schapbach):
    client.force_login(organiser)
    response = client.post(
        reverse("series-create"),
        {
            "name": "Kinzigtal-Cup",
            "scoring": "places",
            "place_points": "10, 8, 6",
            "drop_worst": "1",
        },
    )
    cup = Series.objects.get(name="Kinzigtal-Cup")
    assert response["Location"] == reverse("series-edit", args=[cup.slug])
    assert (cup.place_points, cup.drop_worst, cup.best_of) == ([10, 8, 6], 1, None)
    page = client.get(reverse("series-edit", args=[cup.slug])).content.decode()
    assert "Schapbacher Hintersche-Meisterschaft 2024" not in page  # in another series
    refused = client.post(
        reverse("series-edit", args=[cup.slug]),
        {"name": "Kinzigtal-Cup", "scoring": "places", "place_points": "6, 8"},
    )
    assert refused.status_code == 200
    assert "A worse place cannot score more points" in refused.content.decode()
    register = client.get(reverse("register") + "?q=faller").content.decode()
    assert register.count('name="keep"') == 2
    hans = Person.objects.get(name="Hans Faller")
    johann = Person.objects.get(name="Johann Faller")
    merged = client.post(reverse("person-merge"), {"keep": hans.pk, "merged": johann.pk})
    assert merged.status_code == 302
    assert not Person.objects.filter(pk=johann.pk).exists()
    assert (
        len([r for r in series_standings(schapbach, public=True).rows if "Faller" in r.name]) == 1
    )


def test_strangers_neither_see_nor_merge_the_register(client, django_user_model, schapbach):
    stranger = django_user_model.objects.create_user("fremder", password="x")
    client.force_login(stranger)
    assert "Faller" not in client.get(reverse("register")).content.decode()
    hans = Person.objects.get(name="Hans Faller")
    johann = Person.objects.get(name="Johann Faller")
    response = client.post(reverse("person-merge"), {"keep": hans.pk, "merged": johann.pk})
    assert response.status_code == 404
    assert Person.objects.filter(pk=johann.pk).exists()
    assert client.get(reverse("series-edit", args=[schapbach.slug])).status_code == 404


def test_a_corrected_name_finds_the_person_again(make_tournament):
    """A typo at the door ("Hans Falller") made a new entry; corrected, the player belongs to
    last year's Hans Faller and the misspelt entry is gone."""
    last_year = make_tournament(name="2025")
    hans = services.player_add(tournament=last_year, name="Hans Faller", club="Schapbach")
    this_year = make_tournament(name="2026")
    typo = services.player_add(tournament=this_year, name="Hans Falller", club="Schapbach")
    misspelt = typo.person_id
    assert misspelt != hans.person_id
    services.player_edit(player=typo, name="Hans Faller", club="Schapbach")
    assert Player.objects.get(pk=typo.pk).person_id == hans.person_id
    assert not Person.objects.filter(pk=misspelt).exists()


def test_the_series_standings_read_two_queries_once_the_standings_are_cached(
    schapbach, django_assert_num_queries
):
    """Guards an N+1: the persons of every counted tournament's players are read in one query,
    not one a tournament or a player; each tournament's standings come from the cache."""
    series_standings(schapbach, public=True)  # fills the cache
    with django_assert_num_queries(2):  # the tournaments; their players with their persons
        series_standings(schapbach, public=True)


def test_an_imported_tournament_finds_its_people_in_the_register(schapbach, organiser):
    """The export file does not carry the register (its format is unchanged): the players of an
    imported copy are found by name and club, the same people as in the original."""
    from tournaments.exchange import export_tournament

    original = schapbach.tournaments.get(date__year=2024)
    copy_ = services.tournament_import(
        data=export_tournament(original), organiser=organiser, slug="kopie-2024"
    )
    people = dict(original.players.values_list("name", "person"))
    assert dict(copy_.players.values_list("name", "person")) == people
    assert copy_.series_id is None  # a series is not part of the file either
