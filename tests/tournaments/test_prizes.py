"""The prize list (issue 17, part 2): prizes for places and special prizes, their cash as fixed
amounts or shares of the entry fees, shared places split equally or decided by Stechen, the
order at the prize table, the refusals and warnings, the desk's page, the cash report, the
payout sheet, the certificates, the exchange file and the audit log.

Every figure is worked out by hand:

    The championship: 36 players × 10.00 € = 360.00 € of entry fees. One round of 9 tables at
    which every player takes one Strich: all 36 level; their Stechen placed Spieler 07 first,
    Spieler 12 and Spieler 25 together second (they cleared their slates in the same deal),
    Spieler 31 fourth; the other 32 share place 5.

    Prizes 100 / 75 / 50 / 25 € for places 1–4        = 250.00 €
    places 2–3 shared, split equally: (75 + 50) / 2  =  62.50 € each
    paid: 100 + 62.50 + 62.50 + 25                   = 250.00 €
    balance: 360 − 250                               = 110.00 €

    Shares 40 / 30 / 20 / 10 % of 360 € = 144 / 108 / 72 / 36 €   (= 360 €: the box is empty)
    places 2–3 shared: (108 + 72) / 2                 = 90.00 € each

    The evening (Example H-1 at three tables, 12 players): the three C players on 0 Striche
    share places 1–3, the six B and D players on 1 share places 4–9, the three A players on 2
    share places 10–12.
    25 € for place 4 split among the six of places 4–9: 25 / 6 = 4.1666… → 4.16 € each,
    6 × 4.16 = 24.96 €: 0.04 € stays in the box.
"""

from __future__ import annotations

import copy
import io
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from tests.helpers import seat_players
from tournaments import services
from tournaments.cash import cash_report, prize_payouts
from tournaments.exchange import export_tournament
from tournaments.models import AuditEntry, Player, Prize, PrizeCategory, Tournament
from tournaments.printing.documents import CATALOGUE
from tournaments.printing.report import certificates_pdf, placed_ranking
from tournaments.prizes import certificate_prizes, prize_list
from tournaments.standings import tournament_standings

pytestmark = pytest.mark.django_db

CHAMPION, SECOND, THIRD, FOURTH = "Spieler 07", "Spieler 12", "Spieler 25", "Spieler 31"
EURO = Decimal

# Example H-1, deals 1-4 (one Vier-Strich): A 2, B 1, C 0, D 1 Striche.
H1_VIERSTRICH = [
    {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    {"points": {"A": 20, "B": 61, "C": 25, "D": 34}},
    {"points": {"A": 45, "B": 12, "C": 33, "D": 50}},
    {"points": {"A": 70, "B": 14, "C": 26, "D": 30}},
]


def pdf_text(pdf: bytes) -> str:
    """The whole document's text, white space collapsed."""
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


def player(tournament: Tournament, name: str) -> Player:
    return tournament.players.get(name=name)


def stechen_places(tournament: Tournament, places: dict[str, int]) -> None:
    """The Stechen among the players level on the score as its table gave it (two who clear
    their slates in the same deal share a place); the desk's result form records whole orders
    only, so the test stores it as the Stechen table's result would."""
    for name, place in places.items():
        Player.objects.filter(tournament=tournament, name=name).update(stechen_rank=place)


def add(tournament: Tournament, by, **fields) -> Prize:
    fields.setdefault("kind", Prize.Kind.PLACE)
    return services.prize_add(tournament=tournament, by=by, **fields)


def awards(tournament: Tournament) -> list[tuple[str, str, Decimal, str]]:
    return [(a.title, a.who, a.cash, a.goods) for a in prize_list(tournament).awards]


@pytest.fixture
def championship(make_tournament, organiser) -> Tournament:
    """36 players who paid 10.00 € each, one round at which each took one Strich, and the
    Stechen's places: 1. Spieler 07, 2.–3. Spieler 12 and Spieler 25, 4. Spieler 31."""
    tournament = make_tournament(players=36, name="Meisterschaft")
    services.tournament_settings(tournament=tournament, by=organiser, entry_fee=EURO("10.00"))
    for each in tournament.players.all():
        services.player_fee_pay(player=each, by=organiser)
    for table in services.round_draw(tournament=tournament, seed=3).tables.all():
        for seat in "ABCD":
            entry = {"outcome": {"most": [seat]}}
            services.deal_record(table=table, entry=entry, by=None, via="test")
    stechen_places(tournament, {CHAMPION: 1, SECOND: 2, THIRD: 2, FOURTH: 4})
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def evening(make_tournament) -> Tournament:
    """12 players, one round at three tables, each as Example H-1 (see the module)."""
    tournament = make_tournament(players=12)
    for table in services.round_draw(tournament=tournament, seed=5).tables.all():
        for entry in H1_VIERSTRICH:
            services.deal_record(table=table, entry=entry, by=None, via="test")
    return tournament


def at_seat(tournament: Tournament, label: str) -> list[str]:
    """The names of the players at seat ``label`` of the three tables, in the standings' order
    (the lot's among equals)."""
    seated = {seat_players(t)[label] for t in tournament.rounds.get().tables.all()}
    return [r.player.name for r in tournament_standings(tournament).rows if r.player.name in seated]


def the_four(tournament: Tournament, by, cash: dict[int, dict] | None = None) -> None:
    """The championship's place prizes: 100 / 75 / 50 / 25 € and the Wanderpokal for the
    winner (``cash``: other fields per place, e.g. ``share``)."""
    for place, amount in enumerate(("100", "75", "50", "25"), start=1):
        fields = (cash or {}).get(place, {"amount": EURO(amount)})
        goods = "Wanderpokal" if place == 1 else ""
        add(tournament, by, place=place, goods=goods, **fields)


# --- cash for the places --------------------------------------------------------------------


def test_the_championship_pays_its_places_and_splits_the_shared_one(championship, organiser):
    the_four(championship, organiser)
    listing = prize_list(championship)
    assert listing.fees_in == EURO("360.00")  # 36 × 10.00
    assert listing.planned_cash == EURO("250.00")  # 100 + 75 + 50 + 25
    assert awards(championship)[0] == ("1st place", CHAMPION, EURO("100.00"), "Wanderpokal")
    shared = awards(championship)[1:3]
    assert sorted(shared) == [
        ("2nd–3rd place (shared)", SECOND, EURO("62.50"), ""),  # (75 + 50) / 2
        ("2nd–3rd place (shared)", THIRD, EURO("62.50"), ""),
    ]
    assert listing.awards[1].note == "shared: (€75.00 + €50.00) ÷ 2"
    assert awards(championship)[3] == ("4th place", FOURTH, EURO("25.00"), "")
    assert listing.cash_out == EURO("250.00")
    report = cash_report(championship)
    assert report.prizes_out == EURO("250.00")
    assert report.balance == EURO("110.00")  # 360 − 250
    assert [(p.label, p.name, p.amount) for p in prize_payouts(championship)][0] == (
        "1st place",
        CHAMPION,
        EURO("100.00"),
    )


def test_shares_of_the_entry_fees(championship, organiser):
    shares = {n: {"share": EURO(s)} for n, s in ((1, "40"), (2, "30"), (3, "20"), (4, "10"))}
    the_four(championship, organiser, shares)
    listing = prize_list(championship)
    # 40 / 30 / 20 / 10 % of 360 € = 144 / 108 / 72 / 36 €
    assert [line.cash for line in listing.lines] == [EURO(x) for x in ("144", "108", "72", "36")]
    assert [a.cash for a in listing.awards] == [EURO(x) for x in ("144", "90", "90", "36")]
    assert listing.cash_out == EURO("360.00") and listing.notes == []  # 100 %: nothing left
    assert cash_report(championship).balance == EURO("0.00")


def test_a_share_is_of_the_fees_collected_so_far_rounded_down(championship, organiser):
    add(championship, organiser, place=1, share=EURO("12.5"))
    for each in championship.players.all()[:1]:
        services.player_fee_pay(player=each, amount=EURO("5.00"), by=organiser)
    # 35 × 10 + 5 = 355 €; 12.5 % of it = 44.375 € → 44.37 € (a share never pays more).
    listing = prize_list(championship)
    assert listing.fees_in == EURO("355.00")
    assert listing.lines[0].cash == EURO("44.37")
    assert listing.notes == [
        "The shares add up to 12.5 % of the entry fees: 87.5 % (now €310.62) is not given as a "
        "share."
    ]  # 355 × 87.5 % = 310.625 → 310.62


def test_the_odd_cents_of_a_split_stay_in_the_box(evening, organiser):
    add(evening, organiser, place=4, amount=EURO("25"))
    shared = prize_list(evening).awards
    # Places 4-9 shared by six: 25 / 6 = 4.1666… → 4.16 € each; 6 × 4.16 = 24.96 €.
    assert [(a.title, a.cash) for a in shared] == [("4th–9th place (shared)", EURO("4.16"))] * 6
    assert {a.winner for a in shared} == set(at_seat(evening, "B") + at_seat(evening, "D"))
    assert shared[0].note == (
        "shared: (€25.00 + €0.00 + €0.00 + €0.00 + €0.00 + €0.00) ÷ 6; €0.04 stays in the box"
    )
    assert prize_list(evening).cash_out == EURO("24.96")


def test_goods_of_a_shared_place_go_in_the_standings_order(championship, organiser):
    add(championship, organiser, place=2, goods="Schinken")
    add(championship, organiser, place=3, goods="Wurst")
    rows = [r.player.name for r in tournament_standings(championship).rows[1:3]]
    assert {*rows} == {SECOND, THIRD}
    assert [(a.winner, a.goods, a.cash) for a in prize_list(championship).awards] == [
        (rows[0], "Schinken", EURO("0.00")),
        (rows[1], "Wurst", EURO("0.00")),
    ]


def test_a_stechen_that_leaves_two_level_shares_their_prizes(championship, organiser):
    """Under "the higher prize to the Stechen winner" the Stechen was played: Spieler 12 and
    Spieler 25 cleared their slates in the same deal and share place 2; nothing more decides
    between them, so they split places 2-3 as under the default: (75 + 50) / 2 = 62.50 € each.
    A later Stechen between the two (recorded) gives each his own prize."""
    the_four(championship, organiser)
    championship = services.prize_rules_set(
        tournament=championship,
        sharing=Tournament.PrizeSharing.STECHEN_WINNER,
        combine=False,
        by=organiser,
    )
    listing = prize_list(championship)
    assert listing.waiting == []
    note = "level after the Stechen, shared: (€75.00 + €50.00) ÷ 2"
    won = [(a.winner, a.cash, a.note) for a in listing.awards]
    assert (won[0], won[3]) == ((CHAMPION, EURO("100.00"), ""), (FOURTH, EURO("25.00"), ""))
    # Places 2-3 in the lot's order (the standings' last tie-break).
    assert sorted(won[1:3]) == [(SECOND, EURO("62.50"), note), (THIRD, EURO("62.50"), note)]
    stechen_places(championship, {THIRD: 2, SECOND: 3})
    assert awards(championship)[1:3] == [
        ("2nd place", THIRD, EURO("75.00"), ""),
        ("3rd place", SECOND, EURO("50.00"), ""),
    ]


def test_a_stechen_played_at_the_desk_decides_the_places_it_waits_for(evening, organiser, desk):
    """The real Stechen stage: the lot alone orders places 1–3 (three cannot fill a table); on
    places 4–9 four play, two drop out by lot; the prizes wait until it is played, and the
    prize page links each wait to its group on the Stechen page."""
    for place, amount in ((1, "100"), (2, "75"), (3, "50"), (4, "25"), (5, "10")):
        add(evening, organiser, place=place, amount=EURO(amount))
    evening = services.prize_rules_set(
        tournament=evening, sharing="stechen_winner", combine=False, by=organiser
    )
    listing = prize_list(evening)
    assert [(w.message, w.first_place) for w in listing.waiting] == [
        (
            "1st–3rd place (shared): the prizes differ. Decide places 1–3 by Stechen first; the "
            "higher prize goes to the Stechen winner.",
            1,
        ),
        (
            "4th–9th place (shared): the prizes differ. Decide places 4–9 by Stechen first; the "
            "higher prize goes to the Stechen winner.",
            4,
        ),
    ]
    assert cash_report(evening).prizes_out == EURO("0.00")
    page = desk.get(reverse("prizes", args=[evening.slug])).text
    stechen = reverse("stechen", args=[evening.slug])
    assert f'href="{stechen}?scope=all#places-1"' in page
    assert f'href="{stechen}?scope=all#places-4"' in page
    assert 'id="places-4"' in desk.get(stechen + "?scope=all").text
    services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    drawn = services.stechen_lot_draw(tournament=evening, first_place=4, by=organiser)
    listing = prize_list(evening)
    top = at_seat(evening, "C")
    assert [(a.winner, a.cash) for a in listing.awards] == [
        (top[0], EURO("100.00")),
        (top[1], EURO("75.00")),
        (top[2], EURO("50.00")),
    ]
    assert [w.first_place for w in listing.waiting] == [4]  # four still share place 4
    finish = [drawn[2], drawn[0], drawn[3], drawn[1]]
    services.stechen_record(tournament=evening, first_place=4, order=finish, by=organiser)
    assert [(a.title, a.winner, a.cash) for a in prize_list(evening).awards][3:] == [
        ("4th place", finish[0].name, EURO("25.00")),
        ("5th place", finish[1].name, EURO("10.00")),
    ]


def test_equal_prizes_on_a_shared_place_need_no_stechen(evening, organiser):
    for place in (1, 2, 3):
        add(evening, organiser, place=place, amount=EURO("10"), goods="Flasche Wein")
    evening = services.prize_rules_set(
        tournament=evening, sharing="stechen_winner", combine=False, by=organiser
    )
    listing = prize_list(evening)
    assert listing.waiting == []
    assert [(a.cash, a.goods, a.note) for a in listing.awards] == [
        (EURO("10.00"), "Flasche Wein", "")
    ] * 3


def test_a_withdrawn_player_takes_no_prize_and_those_behind_move_up(evening, organiser):
    top = at_seat(evening, "C")
    services.player_withdraw(player=player(evening, top[0]), by=organiser, reason="went home")
    for place, amount in ((1, "100"), (2, "75"), (3, "50")):
        add(evening, organiser, place=place, amount=EURO(amount))
    listing = prize_list(evening)
    # The other two C players share prize places 1-2: (100 + 75) / 2 = 87.50 € each; the six
    # of places 4-9 share prize place 3: 50 / 6 = 8.33 € each, 0.02 € stays in the box.
    assert [(a.winner, a.cash) for a in listing.awards[:2]] == [
        (top[1], EURO("87.50")),
        (top[2], EURO("87.50")),
    ]
    assert [a.cash for a in listing.awards[2:]] == [EURO("8.33")] * 6
    assert listing.awards[2].title == "3rd–8th place (shared)"
    assert top[0] not in [turn.name for turn in listing.table_order]


def test_a_place_moved_up_says_so(championship, organiser):
    services.player_withdraw(player=player(championship, CHAMPION), by=organiser)
    add(championship, organiser, place=1, amount=EURO("100"))
    add(championship, organiser, place=3, amount=EURO("50"))
    listing = prize_list(championship)
    # Places 1-2 of the prize list now fall to the two sharing place 2 of the standings:
    # (100 + 0) / 2 = 50 €; prize place 3 is Spieler 31 (4th in the standings).
    assert [(a.winner, a.cash) for a in listing.awards[:2]] == sorted(
        [(SECOND, EURO("50.00")), (THIRD, EURO("50.00"))],
        key=lambda w: [t.name for t in listing.table_order].index(w[0]),
    )
    assert (listing.awards[2].winner, listing.awards[2].title, listing.awards[2].note) == (
        FOURTH,
        "3rd place",
        "4th in the standings: a player ahead withdrew",
    )


# --- special prizes -------------------------------------------------------------------------


@pytest.fixture
def specials(evening, organiser):
    """Places 1-3 pay 30 / 20 / 10 €; Damen: the best C player, the best B player and the best
    A player; the best C player and the last A player born 1940, the best B player 1950."""
    for place, amount in ((1, "30"), (2, "20"), (3, "10")):
        add(evening, organiser, place=place, amount=EURO(amount))
    ladies = services.prize_category_add(tournament=evening, name="Damen", by=organiser)
    c, b, a = at_seat(evening, "C")[0], at_seat(evening, "B")[0], at_seat(evening, "A")[0]
    services.prize_category_assign(
        category=ladies, players=[player(evening, n) for n in (c, b, a)], by=organiser
    )
    for name, year in ((c, 1940), (at_seat(evening, "A")[-1], 1940), (b, 1950)):
        each = player(evening, name)
        services.player_edit(player=each, name=each.name, birth_year=year, by=organiser)
    return evening


def test_special_prizes_go_to_the_best_without_a_prize(specials, organiser):
    evening = specials
    add(evening, organiser, kind="last", goods="Bolle")
    add(evening, organiser, kind="oldest", amount=EURO("5"))
    add(
        evening,
        organiser,
        kind="category",
        category=evening.prize_categories.get(),
        amount=EURO("10"),
    )
    c, b = at_seat(evening, "C")[0], at_seat(evening, "B")[0]
    last = tournament_standings(evening).rows[-1].player.name
    specials_won = [(a.title, a.winner, a.note) for a in prize_list(evening).awards[3:]]
    assert specials_won == [
        # The last place's title, whatever else he won (here: the oldest player too).
        ("Bollenkönig", last, ""),
        # Born 1940 both; the better ranked C player holds a place prize: the A player.
        ("Oldest player", at_seat(evening, "A")[-1], "born 1940"),
        # The C lady holds a place prize: the best lady without one is the B player.
        ("Special prize Damen", b, ""),
    ]
    evening = services.prize_rules_set(
        tournament=evening, sharing="split", combine=True, by=organiser
    )  # a special prize on top of a place prize
    on_top = [(a.title, a.winner) for a in prize_list(evening).awards[3:]]
    assert on_top == [("Bollenkönig", last), ("Oldest player", c), ("Special prize Damen", c)]


def test_one_special_prize_a_player_in_the_list_order(specials, organiser):
    evening = specials
    last_a = player(evening, at_seat(evening, "A")[-1])
    services.player_edit(player=last_a, name=last_a.name, birth_year=None, by=organiser)
    ladies = evening.prize_categories.get()
    add(evening, organiser, kind="category", category=ladies, goods="Blumen")
    oldest = add(evening, organiser, kind="oldest", goods="Wein")
    b_lady, a_lady = at_seat(evening, "B")[0], at_seat(evening, "A")[0]
    # Damen first: the C lady holds a place prize, the B lady takes it. The oldest: born 1940
    # the C player (a place prize), 1950 the B lady, who holds Damen now: nobody is left.
    won = [(award.title, award.winner) for award in prize_list(evening).awards[3:]]
    assert won == [("Special prize Damen", b_lady)]
    services.prize_change(prize=oldest, kind="oldest", goods="Wein", position=0, by=organiser)
    # The oldest player first: the B lady; Damen then goes to the A lady.
    won = [(award.title, award.winner) for award in prize_list(evening).awards[3:]]
    assert won == [("Oldest player", b_lady), ("Special prize Damen", a_lady)]


def test_a_special_prize_waits_while_a_player_ahead_shares_an_undecided_place(specials, organiser):
    evening = specials
    services.prize_delete(prize=evening.prizes.get(place=3), by=organiser)  # 1-2 paid, 3 not
    evening = services.prize_rules_set(
        tournament=evening, sharing="stechen_winner", combine=False, by=organiser
    )
    add(evening, organiser, kind="category", category=evening.prize_categories.get(), goods="B")
    listing = prize_list(evening)
    assert [w.message for w in listing.waiting] == [
        "1st–3rd place (shared): the prizes differ. Decide places 1–3 by Stechen first; the "
        "higher prize goes to the Stechen winner.",
        "Special prize Damen waits for the Stechen: a player ahead in its category shares a "
        "place that is not decided yet.",
    ]
    services.stechen_lot_draw(tournament=evening, first_place=1, by=organiser)
    assert prize_list(evening).waiting == []


def test_the_last_place_without_the_games_title(make_tournament, organiser):
    tournament = make_tournament(players=4, game="kein_stich")
    prize = add(tournament, organiser, kind="last", goods="Trostpreis")
    assert prize_list(tournament).lines[0].title == "Last place"
    assert prize.position == 0


# --- the order at the prize table -----------------------------------------------------------


def test_everybody_chooses_at_the_prize_table_in_ranking_order(championship, organiser):
    services.player_withdraw(player=player(championship, "Spieler 36"), by=organiser)
    add(championship, organiser, place=1, amount=EURO("100"))
    order = prize_list(championship).table_order
    rows = [r for r in tournament_standings(championship).rows if r.player.name != "Spieler 36"]
    assert [t.name for t in order] == [r.player.name for r in rows]  # 35: not the withdrawn
    assert [t.number for t in order] == list(range(1, 36))
    assert [(t.rank, t.tied) for t in order[:5]] == [
        (1, False),
        (2, True),
        (2, True),
        (4, False),
        (5, True),
    ]


# --- refusals and warnings ------------------------------------------------------------------


def refusal(call, **fields) -> tuple[str, str]:
    with pytest.raises(ValidationError) as refused:
        call(**fields)
    ((field, errors),) = refused.value.error_dict.items()
    return field, errors[0].code


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"kind": "place", "goods": "x"}, "place", "PLACE_MISSING"),
        ({"kind": "place", "place": 0, "goods": "x"}, "place", "PLACE_RANGE"),
        ({"kind": "place", "place": 5}, "amount", "EMPTY_PRIZE"),
        ({"kind": "place", "place": 5, "amount": EURO("-5")}, "amount", "NEGATIVE"),
        ({"kind": "place", "place": 5, "amount": EURO("5000")}, "amount", "TOO_MUCH"),
        ({"kind": "place", "place": 5, "share": EURO("120")}, "share", "SHARE_RANGE"),
        (
            {"kind": "place", "place": 5, "amount": EURO("5"), "share": EURO("5")},
            "share",
            "AMOUNT_AND_SHARE",
        ),
        ({"kind": "category", "goods": "x"}, "category", "CATEGORY_MISSING"),
        ({"kind": "jackpot", "goods": "x"}, "kind", "KIND_INVALID"),
    ],
)
def test_a_wrong_prize_is_refused_beside_its_field(championship, organiser, fields, field, code):
    count = AuditEntry.objects.count()
    assert refusal(services.prize_add, tournament=championship, by=organiser, **fields) == (
        field,
        code,
    )
    assert not championship.prizes.exists() and AuditEntry.objects.count() == count


def test_shares_above_100_percent_are_refused(championship, organiser):
    add(championship, organiser, place=1, share=EURO("60"))
    second = add(championship, organiser, place=2, share=EURO("30"))
    with pytest.raises(ValidationError) as refused:
        add(championship, organiser, place=3, share=EURO("20"))
    (error,) = refused.value.error_dict["share"]
    assert error.code == "SHARES_OVER_100"
    assert error.messages == [
        "With this share the prizes would take 110 % of the entry fees; at most 100 % can be "
        "paid out (the other prizes take 90 %)."
    ]
    # Changing a prize counts the others, not itself: 60 + 40 = 100 % is allowed.
    services.prize_change(prize=second, kind="place", place=2, share=EURO("40"), by=organiser)
    assert prize_list(championship).shares == EURO("100")


def test_each_place_and_special_prize_once(championship, organiser):
    add(championship, organiser, place=1, amount=EURO("100"))
    add(championship, organiser, kind="oldest", goods="Wein")
    assert refusal(
        services.prize_add, tournament=championship, by=organiser, kind="place", place=1, goods="x"
    ) == ("place", "PLACE_TAKEN")
    assert refusal(
        services.prize_add, tournament=championship, by=organiser, kind="oldest", goods="x"
    ) == ("kind", "SPECIAL_TAKEN")
    damen = services.prize_category_add(tournament=championship, name="Damen", by=organiser)
    add(championship, organiser, kind="category", category=damen, goods="Blumen")
    assert refusal(
        services.prize_add,
        tournament=championship,
        by=organiser,
        kind="category",
        category=damen,
        goods="x",
    ) == ("category", "CATEGORY_TAKEN")
    assert refusal(
        services.prize_category_add, tournament=championship, name=" damen ", by=organiser
    ) == ("name", "NAME_TAKEN")
    with pytest.raises(ValidationError) as in_use:
        services.prize_category_delete(category=damen, by=organiser)
    assert in_use.value.code == "CATEGORY_IN_USE"
    assert championship.prize_categories.count() == 1  # nothing silently deleted


def test_a_cash_list_beyond_the_fees_is_only_a_warning(championship, organiser):
    add(championship, organiser, place=1, amount=EURO("300"))
    add(championship, organiser, place=2, amount=EURO("100"))  # 400 € > 360 €: not refused
    listing = prize_list(championship)
    assert listing.warnings == [
        "The cash prizes add up to €400.00, but only €360.00 of entry fees are in the box so "
        "far: €40.00 more is needed. That is fine where a sponsor or the club adds money; the "
        "cash report then shows a negative balance."
    ]
    assert cash_report(championship).balance == EURO("-40.00")  # 360 − 400


def test_warnings_on_places_categories_and_birth_years(evening, organiser):
    add(evening, organiser, place=13, goods="Kerze")  # 12 players
    jugend = services.prize_category_add(tournament=evening, name="Jugend", by=organiser)
    add(evening, organiser, kind="category", category=jugend, goods="Buch")
    add(evening, organiser, kind="oldest", goods="Wein")
    assert prize_list(evening).warnings == [
        "13th place has a prize, but only 12 players can take a place: it is not handed out.",
        "Nobody who can take a prize is in the category Jugend: assign its players below, or "
        "its prize is not handed out.",
        "No player has a year of birth: enter them on the player list, or the prize for the "
        "oldest player is not handed out.",
    ]


def test_a_finished_tournament_keeps_its_prize_list(evening, organiser):
    prize = add(evening, organiser, place=1, amount=EURO("20"))
    evening = services.tournament_finish(tournament=evening, by=organiser)
    with pytest.raises(ValidationError) as refused:
        services.prize_change(prize=prize, kind="place", place=1, amount=EURO("30"), by=organiser)
    assert refused.value.code == "FINISHED"
    assert prize_list(evening).final


# --- the audit log --------------------------------------------------------------------------


def test_every_change_of_the_prize_list_is_logged(evening, organiser):
    prize = add(evening, organiser, place=1, amount=EURO("100"), goods="Pokal")
    services.prize_change(
        prize=prize, kind="place", place=1, share=EURO("40"), goods="Pokal", by=organiser
    )
    services.prize_change(
        prize=prize, kind="place", place=1, share=EURO("40"), goods="Pokal", by=organiser
    )  # the same again: nothing to log
    services.prize_delete(prize=prize, by=organiser)
    damen = services.prize_category_add(tournament=evening, name="Damen", by=organiser)
    anna = player(evening, "Spieler 01")
    services.prize_category_assign(category=damen, players=[anna], by=organiser)
    services.prize_category_delete(category=damen, by=organiser)
    evening = services.prize_rules_set(
        tournament=evening, sharing="stechen_winner", combine=True, by=organiser
    )
    entries = list(
        evening.audit_entries.filter(
            action__in=[
                AuditEntry.Action.PRIZE_LIST,
                AuditEntry.Action.PRIZE_CATEGORY,
                AuditEntry.Action.SETTINGS,
            ]
        ).order_by("id")
    )[-7:]
    logged = [(e.action, e.subject, e.before, e.after, e.actor) for e in entries]
    full = {
        "kind": "place",
        "place": 1,
        "category": None,
        "amount": "100.00",
        "share": None,
        "goods": "Pokal",
        "position": 0,
    }
    assert logged == [
        ("prize_list", "1st place", None, full, organiser),
        (
            "prize_list",
            "1st place",
            {"amount": "100.00", "share": None},
            {"amount": None, "share": "40.00"},
            organiser,
        ),
        ("prize_list", "1st place", {**full, "amount": None, "share": "40.00"}, None, organiser),
        ("prize_category", "Damen", None, {"name": "Damen"}, organiser),
        ("prize_category", "Damen", {"players": []}, {"players": ["Spieler 01"]}, organiser),
        (
            "prize_category",
            "Damen",
            {"name": "Damen", "players": ["Spieler 01"]},
            None,
            organiser,
        ),
        (
            "settings",
            evening.name,
            {"prize_sharing": "split", "prizes_combine": False},
            {"prize_sharing": "stechen_winner", "prizes_combine": True},
            organiser,
        ),
    ]


def test_the_log_page_says_the_prize_change_in_words(evening, organiser, desk):
    prize = add(evening, organiser, place=1, amount=EURO("100"))
    services.prize_change(prize=prize, kind="place", place=1, share=EURO("40"), by=organiser)
    page = " ".join(desk.get(reverse("audit-log", args=[evening.slug])).text.split())
    assert "prize list changed" in page
    assert "share of the entry fees (%): –; cash (€): 100.00" in page


# --- the desk's page ------------------------------------------------------------------------


def page_url(tournament: Tournament, name: str = "prizes") -> str:
    return reverse(name, args=[tournament.slug])


def test_the_desk_adds_changes_and_deletes_a_prize(desk, championship):
    post = {"kind": "place", "place": "1", "amount": "100", "goods": "Wanderpokal"}
    response = desk.post(page_url(championship, "prize-add"), post)
    assert response.status_code == 302 and response["Location"] == page_url(championship)
    prize = championship.prizes.get()
    assert (prize.amount, prize.goods) == (EURO("100.00"), "Wanderpokal")
    page = desk.get(page_url(championship)).text
    assert "On the prize list: 1st place." in page
    assert CHAMPION in page and "Wanderpokal" in page
    change = {"prize": prize.pk, "kind": "place", "place": "1", "share": "40"}
    assert desk.post(page_url(championship, "prize-change"), change).status_code == 302
    prize.refresh_from_db()
    assert (prize.amount, prize.share, prize.goods) == (None, EURO("40.00"), "")
    gone = desk.post(page_url(championship, "prize-delete"), {"prize": prize.pk})
    assert gone.status_code == 302 and not championship.prizes.exists()
    again = desk.post(page_url(championship, "prize-delete"), {"prize": prize.pk}, follow=True)
    assert "This prize is no longer on the list; see the page again." in again.text


def test_a_refusal_is_shown_beside_its_field(desk, championship, organiser):
    add(championship, organiser, place=1, share=EURO("80"))
    post = {"kind": "place", "place": "2", "share": "30"}
    response = desk.post(page_url(championship, "prize-add"), post)
    assert response.status_code == 400
    page = " ".join(response.text.split())
    assert (
        '<label for="id_share">or a share of the entry fees (%)</label> <input type="text" '
        'name="share" value="30"' in page
    )
    assert "at most 100 % can be paid out (the other prizes take 80 %)" in page
    assert championship.prizes.count() == 1


def test_the_desk_keeps_the_categories_and_their_players(desk, championship):
    assert desk.post(page_url(championship, "prize-category-add"), {"name": "Damen"}).status_code
    damen = championship.prize_categories.get()
    picked = [player(championship, n).pk for n in (SECOND, "Spieler 02")]
    data = {"category": damen.pk, "players": picked}
    assert desk.post(page_url(championship, "prize-category-players"), data).status_code == 302
    assert sorted(damen.players.values_list("name", flat=True)) == ["Spieler 02", SECOND]
    rules = {"sharing": "split", "combine": "on"}
    assert desk.post(page_url(championship, "prize-rules"), rules).status_code == 302
    championship.refresh_from_db()
    assert championship.prizes_combine
    page = desk.get(page_url(championship)).text
    assert "Spieler 02, Spieler 12" in page
    gone = desk.post(page_url(championship, "prize-category-delete"), {"category": damen.pk})
    assert gone.status_code == 302 and not PrizeCategory.objects.exists()


def test_the_prize_page_costs_a_fixed_number_of_queries(
    desk, make_tournament, organiser, django_assert_num_queries
):
    """Guards against a query per prize, category, player or award: 12 and 24 players, with
    three prizes and two categories each, cost the same. The queries: session, user,
    tournament, the players, the categories and their players, the prizes, the categories'
    players for the awards, whether a deal counts and the standings' five (rounds, players,
    seats, tables, byes)."""
    counts = []
    for players, name in ((12, "Zwölf"), (24, "Vierundzwanzig")):
        tournament = make_tournament(players=players, name=name)
        for table in services.round_draw(tournament=tournament, seed=5).tables.all():
            for entry in H1_VIERSTRICH:
                services.deal_record(table=table, entry=entry, by=None, via="test")
        for kind in ("Damen", "Jugend"):
            category = services.prize_category_add(tournament=tournament, name=kind, by=organiser)
            services.prize_category_assign(
                category=category, players=tournament.players.all()[:3], by=organiser
            )
        add(tournament, organiser, place=1, amount=EURO("50"))
        add(tournament, organiser, kind="last", goods="Bolle")
        add(
            tournament,
            organiser,
            kind="category",
            category=tournament.prize_categories.get(name="Damen"),
            goods="Blumen",
        )
        with CaptureQueriesContext(connection) as queries:
            assert desk.get(page_url(tournament)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    with django_assert_num_queries(14):
        desk.get(page_url(tournament))


def test_strangers_never_see_the_prizes(client, championship, django_user_model):
    assert client.get(page_url(championship)).status_code == 302  # to the login
    client.force_login(django_user_model.objects.create_user("fremder"))
    assert client.get(page_url(championship)).status_code == 404
    post = {"kind": "place", "place": "1", "amount": "100"}
    assert client.post(page_url(championship, "prize-add"), post).status_code == 404
    assert not championship.prizes.exists()


def test_the_desk_links_the_prize_page(desk, championship):
    page = desk.get(championship.get_absolute_url()).text
    assert f'href="{page_url(championship)}"' in page
    cash = desk.get(reverse("cash", args=[championship.slug])).text
    assert f'href="{page_url(championship)}"' in cash


# --- the cash report, the payout sheet, the certificates ------------------------------------


def test_the_cash_page_shows_the_prizes_out_and_the_balance(desk, championship, organiser):
    the_four(championship, organiser)
    page = " ".join(desk.get(reverse("cash", args=[championship.slug])).text.split())
    assert f'1st place: {CHAMPION}</td><td class="num">€100.00' in page
    assert f'2nd–3rd place (shared): {SECOND}</td><td class="num">€62.50' in page
    assert 'Prizes out</th><th class="num">€250.00' in page
    assert 'In the cash box</th><th class="num">€110.00' in page
    assert "Provisional: the tournament is not finished" in page


def test_the_payout_sheet_lists_each_prize_with_a_line_to_sign(desk, championship, organiser):
    the_four(championship, organiser)
    add(championship, organiser, kind="last", goods="Bolle")
    response = desk.get(reverse("document-now", args=[championship.slug, "payouts"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    last = tournament_standings(championship).rows[-1].player.name
    assert "Payout sheet" in text
    assert "Prize Name Goods Cash Signature" in text
    assert f"1st place {CHAMPION} Wanderpokal €100.00" in text
    for name in (SECOND, THIRD):  # the split, said under the prize
        assert f"2nd–3rd place (shared) shared: (€75.00 + €50.00) ÷ 2 {name} €62.50" in text
    assert f"4th place {FOURTH} €25.00" in text
    assert f"Bollenkönig {last} Bolle" in text
    totals = "Entry fees collected €360.00 minus cash prizes €250.00 Left in the cash box €110.00"
    assert totals in text
    order = [r.player.name for r in tournament_standings(championship).rows]
    assert "Order at the prize table" in text
    assert f"{order[0]} (1) {order[1]} (2, shared) {order[2]} (2, shared) {order[3]} (4)" in text
    documents = desk.get(reverse("documents", args=[championship.slug])).text
    assert 'id="document-payouts"' in documents and "Payout sheet" in documents
    assert CATALOGUE["payouts"].direct


def test_the_certificates_print_the_prizes(championship, organiser):
    the_four(championship, organiser)
    add(championship, organiser, kind="oldest", goods="Wein")
    services.player_edit(
        player=player(championship, SECOND), name=SECOND, birth_year=1941, by=organiser
    )
    championship = services.prize_rules_set(
        tournament=championship, sharing="split", combine=True, by=organiser
    )
    pages = [
        " ".join(page.extract_text().split())
        for page in PdfReader(io.BytesIO(certificates_pdf(championship, top=4))).pages
    ]
    first = next(page for page in pages if CHAMPION in page)
    assert "Prize: €100.00 · Wanderpokal" in first
    second = next(page for page in pages if SECOND in page)
    assert "Prize: €62.50" in second and "Oldest player: Wein" in second
    fourth = next(page for page in pages if FOURTH in page)
    assert "Prize: €25.00" in fourth
    assert certificate_prizes(championship).of(FOURTH) == ["Prize: €25.00"]


# --- the exchange file ----------------------------------------------------------------------


def test_the_prize_list_travels_with_the_file(championship, organiser):
    the_four(championship, organiser)
    damen = services.prize_category_add(tournament=championship, name="Damen", by=organiser)
    services.prize_category_assign(
        category=damen, players=[player(championship, SECOND)], by=organiser
    )
    add(championship, organiser, kind="category", category=damen, share=EURO("5"))
    championship = services.prize_rules_set(
        tournament=championship, sharing="stechen_winner", combine=True, by=organiser
    )
    document = export_tournament(championship)
    assert document["version"] == 7
    assert document["prize_categories"] == [
        {"name": "Damen", "kind": "category", "players": [SECOND]}
    ]
    assert document["prizes"][0] == {
        "kind": "category",
        "place": None,
        "category": "Damen",
        "amount": None,
        "share": "5.00",
        "goods": "",
        "position": 4,
    }
    assert (document["tournament"]["prize_sharing"], document["tournament"]["prizes_combine"]) == (
        "stechen_winner",
        True,
    )
    copy_ = services.tournament_import(
        data=copy.deepcopy(document), organiser=organiser, slug="kopie"
    )
    assert copy_.prize_sharing == "stechen_winner" and copy_.prizes_combine
    assert awards(copy_) == awards(championship)
    again = export_tournament(copy_)
    for key in ("prize_categories", "prizes"):
        assert again[key] == document[key]


def test_a_file_of_format_version_5_imports_without_prizes(championship, organiser):
    document = export_tournament(championship)
    document["version"] = 5
    for key in ("prize_categories", "prizes"):
        del document[key]
    for key in ("prize_sharing", "prizes_combine"):
        del document["tournament"][key]
    copy_ = services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert copy_.prize_sharing == "split" and not copy_.prizes.exists()


def test_a_wrong_prize_in_a_file_is_refused_with_its_place(championship, organiser):
    add(championship, organiser, place=1, share=EURO("60"))
    add(championship, organiser, place=2, share=EURO("30"))
    document = export_tournament(championship)
    document["prizes"][1]["share"] = "50.00"
    document["prizes"].append(dict(document["prizes"][0], category="Senioren", kind="category"))
    with pytest.raises(ValidationError) as refused:
        services.tournament_import(data=document, organiser=organiser, slug="kopie")
    assert refused.value.messages == [
        "prizes[2].place: a place prize has a place, no other",
        "prizes[2].category: no category of this name",
        "prizes: the shares add up to more than 100 %",
    ]
    assert not Tournament.objects.filter(slug="kopie").exists()


# --- a partnership game ---------------------------------------------------------------------


def test_a_teams_place_prize_is_one_line_for_the_team(db):
    """The Bauerchen demo plays in registered teams: the places are the teams', a place prize
    is handed to the team as one line (both partners named), and each partner's certificate
    prints it; a special prize is a player's own."""
    call_command("demo", game=["bauerchen"], stdout=io.StringIO())
    tournament = Tournament.objects.get(game="bauerchen")
    organiser = tournament.organiser
    tournament.prizes.all().delete()  # the demo's own list (shares of the fees) makes way
    add(tournament, organiser, place=1, amount=EURO("40"), goods="Pokal")
    add(tournament, organiser, kind="last", goods="Trostpreis")
    standings = tournament_standings(tournament)
    placed, members = placed_ranking(tournament, standings)
    first, last = placed.rows[0], placed.rows[-1]
    assert not first.tied  # the demo's first place is not shared
    partners = tuple(members[first.player.pk])
    listing = prize_list(tournament)
    award = listing.awards[0]
    assert (award.title, award.winner, award.members, award.cash) == (
        "1st place",
        first.player.name,
        partners,
        EURO("40.00"),
    )
    assert award.who == f"{first.player.name} ({', '.join(partners)})"
    assert [(p.label, p.name) for p in prize_payouts(tournament)] == [("1st place", award.who)]
    assert listing.awards[1].winner == last.player.name  # the last team
    assert [turn.name for turn in listing.table_order[:2]] == [
        f"{name} ({first.player.name})" for name in partners
    ]
    prizes = certificate_prizes(tournament)
    assert [prizes.of(name, first.player.name) for name in partners] == [
        ["Prize: €40.00 · Pokal"]
    ] * 2
