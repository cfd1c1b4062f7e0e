"""axe-core (the accessibility engine behind Lighthouse) on every page of the app, in German and
in English: no violation of impact "serious" or "critical" may remain (missing labels and names,
too little contrast, broken ARIA, table headers...). "moderate" and "minor" findings (mostly
best practices such as landmarks on the projector wall) are not asserted.

Each case builds its page through the app's services, opens it in a real Chromium (phone-sized
for the pages used at the table and by the public) and runs axe over the whole document."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect

import scoring
from tests.helpers import seat_players
from tournaments import glance, services
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = ("serious", "critical")

DEALS = {
    # One legal first deal of each game, as the table would enter it (see the end-to-end tests).
    "hintersche": {"points": {"A": 52, "B": 30, "C": 18, "D": 40}},
    "bauerchen": {"dealer": "N", "cp_NS": 80},
    "bauerchen_hessen": {"winner_team": "NS"},
    "hundertspiel": {"dealer": "A", "points": {"AC": 46, "BD": 48}},
    "kein_stich": {"contract": 1, "tricks": {"A": 2, "B": 3, "C": 0, "D": 3}},
    "hindernislauf": {"dealer": "D", "points": {"A": -3, "B": -1, "C": 0, "D": -1}},
}


def blocking_violations(page: Page) -> list[str]:
    """axe's serious and critical violations on ``page``, one line each: rule id, impact, what
    it asks for and the first three offending elements."""
    results = Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + " | ".join(", ".join(node["target"]) for node in v["nodes"][:3])
        for v in results["violations"]
        if v["impact"] in BLOCKING
    ]


@dataclass
class World:
    """What a case needs to build its page: the live server, the tournament maker, the
    organiser's logged-in desk page and fresh pages."""

    url: str
    make_tournament: Callable[..., Tournament]
    desk: Page
    new_page: Callable[..., Page]

    def phone(self, path: str) -> Page:
        page = self.new_page(phone=True)
        page.goto(self.url + path)
        return page

    def at_desk(self, path: str) -> Page:
        self.desk.goto(self.url + path)
        return self.desk


def evening(world: World, game: str = "hintersche") -> Tournament:
    """A tournament of ``game`` for 8 players, round 1 drawn and one deal entered at table 1."""
    tournament = world.make_tournament(players=8, game=game)
    table = services.round_draw(tournament=tournament, seed=1).tables.get(number=1)
    services.deal_record(table=table, entry=DEALS[game], by=None, via="test")
    return tournament


def two_rounds(world: World) -> Tournament:
    """:func:`evening`, round 1 then locked early (with a reason) and round 2 drawn."""
    tournament = evening(world)
    services.round_lock(round=tournament.rounds.get(number=1), by=None, reason="Zeit um")
    services.round_draw(tournament=tournament, seed=2)
    return tournament


def first_table(tournament: Tournament):
    return tournament.rounds.get(number=1).tables.get(number=1)


def login(world: World) -> Page:
    page = world.new_page()
    page.goto(world.url + reverse("login"))
    return page


def tournament_list(world: World) -> Page:
    evening(world)
    return world.at_desk(reverse("tournament-list"))


def tournament_create(world: World) -> Page:
    return world.at_desk(reverse("tournament-create"))


def desk_with_teams(world: World) -> Page:
    """The tournament page of a Bauerchen tournament with four teams and a round drawn."""
    tournament = world.make_tournament(players=8, game="bauerchen")
    players = list(tournament.players.order_by("pk"))
    for number, name in enumerate(("Adler", "Hirsch", "Krone", "Linde")):
        pair = players[2 * number : 2 * number + 2]
        services.team_add(tournament=tournament, name=name, players=pair, by=None)
    services.round_draw(tournament=tournament, seed=1)
    return world.at_desk(tournament.get_absolute_url())


def tournament_settings(world: World) -> Page:
    return world.at_desk(reverse("tournament-settings", args=[evening(world).slug]))


def round_dashboard(world: World) -> Page:
    return world.at_desk(reverse("round-detail", args=[evening(world).slug, 1]))


def round_before_play(world: World) -> Page:
    """The round dashboard before the first deal, with the form to swap two seats."""
    tournament = world.make_tournament(players=8)
    services.round_draw(tournament=tournament, seed=1)
    page = world.at_desk(reverse("round-detail", args=[tournament.slug, 1]))
    expect(page.locator("#swap select")).to_have_count(2)
    return page


def table_cards(world: World) -> Page:
    return world.at_desk(reverse("round-cards", args=[evening(world).slug, 1]))


def audit_log(world: World) -> Page:
    return world.at_desk(reverse("audit-log", args=[two_rounds(world).slug]))


def documents(world: World) -> Page:
    return world.at_desk(reverse("documents", args=[two_rounds(world).slug]))


def backups(world: World) -> Page:
    return world.at_desk(reverse("backup-list", args=[two_rounds(world).slug]))


def organisers(world: World) -> Page:
    return world.at_desk(reverse("organisers", args=[evening(world).slug]))


def stechen_stage(world: World) -> Page:
    """The Stechen page after round 1 was locked: seven players level on 0 Striche, the lot drawn
    (four play, three drop out), the result form open."""
    tournament = evening(world)
    services.round_lock(round=tournament.rounds.get(number=1), by=None, reason="Zeit um")
    services.stechen_lot_draw(tournament=tournament, first_place=1, by=None)
    return world.at_desk(reverse("stechen", args=[tournament.slug]) + "?scope=all")


def desk_player_refused(world: World) -> Page:
    """A player's page at the desk (with an entry fee) after a correction was refused: the
    error beside the name."""
    tournament = services.tournament_settings(
        tournament=evening(world), by=None, entry_fee=Decimal("5")
    )
    first, second = tournament.players.order_by("pk")[:2]
    page = world.at_desk(reverse("desk-player", args=[tournament.slug, second.pk]))
    page.get_by_label("Name", exact=True).fill(first.name)
    page.locator("#correct button[type=submit]").click()
    expect(page.locator("#id_name")).to_have_attribute("aria-invalid", "true")
    return page


def cash_report(world: World) -> Page:
    return world.at_desk(reverse("cash", args=[evening(world).slug]))


def prize_list(world: World) -> Page:
    """The prize page with a fee, place prizes in euros and as a share, the Bollenkönig, a
    category with its prize, and the awards and the order at the prize table below."""
    tournament = services.tournament_settings(
        tournament=evening(world), by=None, entry_fee=Decimal("10")
    )
    for player in tournament.players.all():
        services.player_fee_pay(player=player, by=None)
    services.prize_add(
        tournament=tournament, by=None, kind="place", place=1, amount=Decimal("50"), goods="Pokal"
    )
    services.prize_add(tournament=tournament, by=None, kind="place", place=2, share=Decimal("20"))
    services.prize_add(tournament=tournament, by=None, kind="last", goods="Bollen")
    ladies = services.prize_category_add(tournament=tournament, name="Damen", by=None)
    services.prize_add(
        tournament=tournament, by=None, kind="category", category=ladies, goods="Blumen"
    )
    return world.at_desk(reverse("prizes", args=[tournament.slug]))


def press_text(world: World) -> Page:
    return world.at_desk(reverse("press-text", args=[evening(world).slug]))


def paper_sheet_refused(world: World) -> Page:
    """The paper sheet's grid at the desk with a wrong deal marked (German or English)."""
    tournament = world.make_tournament()
    services.round_draw(tournament=tournament, seed=1)
    page = world.at_desk(reverse("paper-sheet", args=[tournament.slug, 1, 1]))
    for seat, points in zip("ABCD", ("50", "30", "30", "40"), strict=True):
        page.locator(f'input[name="r1-points.{seat}"]').fill(points)
    page.locator('button[value="save"]').click()
    expect(page.locator(".error-summary")).to_be_visible()
    return page


def tournament_import(world: World) -> Page:
    return world.at_desk(reverse("tournament-import"))


def table_of(game: str) -> Callable[[World], Page]:
    def table_page(world: World) -> Page:
        page = world.phone(first_table(evening(world, game)).get_absolute_url())
        expect(page.locator(".last-deal")).to_be_visible()
        return page

    table_page.__name__ = f"table_{game}"
    return table_page


def _confirming(world: World):
    """A Hintersche table where a second player confirms each deal; seat A entered deal 1."""
    tournament = world.make_tournament(players=4)
    services.tournament_settings(tournament=tournament, by=None, confirmation_required=True)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    seat_a = table.seats.get(label="A")
    services.deal_record(table=table, entry=DEALS["hintersche"], by=None, via="A", seat=seat_a)
    return table


def table_waiting(world: World) -> Page:
    """Seat A entered deal 1 and waits for another player to confirm it."""
    page = world.phone(_confirming(world).seats.get(label="A").get_absolute_url())
    expect(page.locator(".waiting")).to_be_visible()
    return page


def table_confirm(world: World) -> Page:
    """Seat B is asked to confirm the deal seat A entered."""
    page = world.phone(_confirming(world).seats.get(label="B").get_absolute_url())
    expect(page.locator("form.confirm button")).to_be_visible()
    return page


def table_correct(world: World) -> Page:
    table = first_table(evening(world))
    page = world.phone(reverse("table-correct", args=[table.token]))
    expect(page.locator("#id_reason")).to_be_visible()
    return page


def table_error(world: World) -> Page:
    """The sum of the card points is wrong (139): the error is shown beside the field."""
    page = world.phone(first_table(evening(world)).get_absolute_url())
    for seat, value in zip("ABCD", ("30", "52", "18", "39"), strict=True):
        page.fill(f"#id_points_{seat}", value)
    page.locator("form.entry button[type=submit]").click()
    expect(page.locator(".entry [role=alert]").first).to_be_visible()
    return page


def table_conflict(world: World) -> Page:
    """A stale page sent deal 1 again: the stored deal beside what was typed, and the choices."""
    page = world.phone(first_table(evening(world)).get_absolute_url())
    page.evaluate("document.querySelector('input[name=_deal]').value = '1'")
    for seat, value in zip("ABC", ("30", "52", "18"), strict=True):
        page.fill(f"#id_points_{seat}", value)
    page.locator("form.entry button[type=submit]").click()
    expect(page.locator("#conflict")).to_be_visible()
    return page


def table_history(world: World) -> Page:
    """The table's history opened: deal 1 corrected once, with its earlier version."""
    table = first_table(evening(world))
    services.deal_correct(
        table=table, entry=DEALS["hintersche"], by=None, via="A", number=1, reason="typo"
    )
    page = world.phone(table.get_absolute_url())
    page.locator("#deal-1 summary").click()
    expect(page.locator("#deal-1 .versions")).to_be_visible()
    return page


def table_offline(world: World) -> Page:
    """No network: the deal waits on the phone, the banner says so."""
    page = world.phone(first_table(evening(world)).get_absolute_url())
    page.context.set_offline(True)
    for seat, value in zip("ABC", ("30", "52", "18"), strict=True):
        page.fill(f"#id_points_{seat}", value)
    page.locator("form.entry button[type=submit]").click()
    expect(page.locator("#outbox li")).to_have_count(1)
    expect(page.locator("#net-status")).to_be_visible()
    return page


def standings(world: World) -> Page:
    return world.phone(reverse("standings", args=[evening(world).slug]))


def front_door(world: World) -> Page:
    """A visitor at the site's address: a tournament playing, one finished with its results."""
    two_rounds(world)
    finished = world.make_tournament(players=4, name="Meisterschaft 2025")
    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.FINISHED)
    return world.phone("/")


def standings_glance(world: World) -> Page:
    """The phones' glance (40 players and more), following a player below the top."""
    tournament = world.make_tournament(players=glance.FROM_PLAYERS)
    tables = services.round_draw(tournament=tournament, seed=1).tables
    services.deal_record(table=tables.get(number=1), entry=DEALS["hintersche"], by=None, via="t")
    player = tables.get(number=10).seats.get(label="A").player_id
    return world.phone(reverse("standings", args=[tournament.slug]) + f"?me={player}")


def standings_after_round(world: World) -> Page:
    return world.phone(reverse("standings", args=[two_rounds(world).slug]) + "?round=1")


def projector(world: World) -> Page:
    page = world.new_page(viewport={"width": 1280, "height": 720})
    page.goto(world.url + reverse("projector", args=[two_rounds(world).slug]))
    return page


def seat_search(world: World) -> Page:
    return world.phone(reverse("seat-search", args=[evening(world).slug]) + "?q=Spieler+0")


def player_page(world: World) -> Page:
    tournament = two_rounds(world)
    player = tournament.players.order_by("pk").first()
    return world.phone(reverse("player-detail", args=[tournament.slug, player.pk]))


PAGES = [
    login,
    tournament_list,
    tournament_create,
    desk_with_teams,
    desk_player_refused,
    tournament_settings,
    round_dashboard,
    round_before_play,
    table_cards,
    audit_log,
    documents,
    backups,
    organisers,
    stechen_stage,
    cash_report,
    prize_list,
    press_text,
    paper_sheet_refused,
    tournament_import,
    *(table_of(game) for game in scoring.games),
    table_waiting,
    table_confirm,
    table_correct,
    table_error,
    table_conflict,
    table_history,
    table_offline,
    standings,
    front_door,
    standings_glance,
    standings_after_round,
    projector,
    seat_search,
    player_page,
]

CASES = [
    pytest.param(
        build,
        marks=[pytest.mark.german] if language == "de" else [],
        id=f"{build.__name__.replace('_', '-')}-{language}",
    )
    for build in PAGES
    for language in ("de", "en")
]


@pytest.fixture
def world(live_server, make_tournament, desk, new_page) -> World:
    return World(live_server.url, make_tournament, desk, new_page)


@pytest.mark.parametrize("build", CASES)
def test_no_serious_accessibility_violation(world, build):
    page = build(world)
    violations = blocking_violations(page)
    assert not violations, f"{page.url}:\n" + "\n".join(violations)


def test_the_check_finds_a_violation(world):
    """The check itself can fail: an input without a label is a critical violation."""
    page = world.new_page()
    page.set_content('<html lang="en"><body><main><input type="text"></main></body></html>')
    assert any(line.startswith("label (critical)") for line in blocking_violations(page))


# What a screen reader announces for each game's slate after its first deal (DEALS), as
# (role, accessible name) with the seats' players filled in. The figures are worked out in
# tests/browser/test_games_end_to_end.py. Hintersche's slate has no table: see
# test_hintersche_slate_reads_each_corner_in_words.
SLATES = {
    # NS wins 80:50 away from home: 2 game points; no knoddel yet; the Steine come first.
    "bauerchen": [
        ("row", "NS {N} and {S} (at home next deal) 0 2 0 knoddels"),
        ("row", "EW {E} and {W} 0 0 0 knoddels"),
    ],
    # Five Striche each at the start; NS wins the deal: NS 4, EW 6.
    "bauerchen_hessen": [
        ("row", "NS {N} and {S} 4 Striche 0"),
        ("row", "EW {E} and {W} 6 Striche 0"),
    ],
    # The parties are the columns: AC 46, BD 48.
    "hundertspiel": [
        ("columnheader", "AC {A} and {C}"),
        ("cell", "AC: 46 points"),
        ("columnheader", "BD {B} and {D}"),
        ("cell", "BD: 48 points"),
    ],
    # 5 a trick: this game, paid in, won, balance.
    "kein_stich": [
        ("row", "A {A} -10 10 0 -10"),
        ("row", "B {B} -15 15 0 -15"),
        ("row", "C {C} 0 0 0 0"),
        ("row", "D {D} -15 15 0 -15"),
    ],
    # Points, hits, skips, deals won, last deal; C won the deal with 0.
    "hindernislauf": [
        ("row", "A {A} -3 0 0 0 -3"),
        ("row", "B {B} -1 0 0 0 -1"),
        ("row", "C {C} 0 0 0 1 0"),
        ("row", "D {D} -1 0 0 0 -1"),
    ],
}


def _table_after_first_deal(world: World, game: str):
    tournament = world.make_tournament(players=4, game=game)
    table = services.round_draw(tournament=tournament, seed=1).tables.get()
    services.deal_record(table=table, entry=DEALS[game], by=None, via="test")
    return table


@pytest.mark.parametrize(
    "language", [pytest.param("de", marks=pytest.mark.german), "en"], ids=["de", "en"]
)
def test_hintersche_slate_reads_each_corner_in_words(world, language):
    """The chalk Striche are drawn with empty spans: each corner carries its count in words for
    a screen reader, and the drawing (with its bare figure) is hidden from it.
    H-1 deal 1: A 52, B 30, C 18, D 40: A has the most card points and takes a Strich."""
    table = _table_after_first_deal(world, "hintersche")
    page = world.phone(table.get_absolute_url())
    slate = page.get_by_role("region", name=gettext("Slate"))
    corners = slate.get_by_role("listitem")
    expect(corners).to_have_count(4)
    for seat, name in seat_players(table).items():
        count = 1 if seat == "A" else 0
        words = ngettext("%(count)s Strich", "%(count)s Striche", count) % {"count": count}
        corner = corners.filter(has_text=name)
        expect(corner).to_match_aria_snapshot(f"- listitem: {seat} {name} {words}")
    expect(page.locator(".corner-1 .strich")).to_have_count(1)  # still drawn for the eye


@pytest.mark.parametrize("game", list(SLATES))
def test_each_slate_names_players_and_figures(world, game):
    """Tables with row and column headers: a screen reader announces who has what."""
    table = _table_after_first_deal(world, game)
    players = seat_players(table)
    page = world.phone(table.get_absolute_url())
    slate = page.get_by_role("region", name=gettext("Slate"))
    for role, name in SLATES[game]:
        expect(slate.get_by_role(role, name=name.format(**players), exact=True)).to_have_count(1)
