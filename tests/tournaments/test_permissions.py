"""Roles and permissions (``tournaments.permissions``): every URL pattern of the project, found
by walking the resolver, is sent a GET and a plausible POST by every role; a request by somebody
not entitled to it changes nothing and is refused (403, 404, 405 or the login page), never a 5xx.
A pattern this module does not know how to fill fails the test, so that no new page slips in
untested. Then the roles one by one: co-organisers, table links (their table, their open round),
renewed links and the public pages switched off."""

from __future__ import annotations

import datetime
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django_tasks_db.models import DBTaskResult

from tests.helpers import points_post
from tests.tournaments.test_services import H1_VIERSTRICH
from tournaments import backups, permissions, services
from tournaments.models import (
    AuditEntry,
    Bye,
    Deal,
    DealRevision,
    Person,
    Seat,
    Series,
    Table,
    Team,
    Tournament,
)
from tournaments.permissions import Action, Role

EXCLUDED = {
    "admin/": "Django's admin: superusers only, by Django's own check (tests/test_admin.py)",
    "i18n/": "the language switch: sets the language cookie, touches no tournament",
    "login/": "the login page itself",
    "logout/": "ends the requester's own session, touches no tournament",
}
"""Route prefixes not sent through the matrix, each with the reason."""

OWNER_ONLY = {"organiser-invite", "organiser-remove", "backup-restore", "series-edit"}
"""Pages and writes only for the owner (and superusers); the rest of the desk is every
organiser's. The matrix's series is the owner's: its page is his and the superusers' alone."""

MISSING_FOR_NOW = {
    "document-download": "nothing is prepared yet: a document is downloaded once it is made",
    "document-download-round": "nothing is prepared yet: a document is downloaded once it is made",
    "paper-sheet-photo": "no paper sheet has a photo (its gate: tests/tournaments/test_paper.py)",
    "team-rename": "the matrix plays Hintersche: no team to rename (tests/…/test_player_edit.py)",
    "stechen-cards": "round 1 is still being played: no Stechen tables are drawn "
    "(tests/tournaments/test_stechen_tables.py)",
}
"""Desk pages that answer 404 to the entitled too in the matrix's state, with the reason."""

NO_CHANGE_FOR_THE_OWNER = {
    "table-confirm": "the organiser entered the deal himself: his word counts at once, so no deal "
    "waits for a confirmation",
    "team-create": "Hintersche is played alone: the matrix tournament registers no team",
    "seats-swap": "round 1 has its first deal: seats are swapped only before it",
    "tournament-finish": "round 1 is still being played: finishing needs every round complete",
    "tournament-import": "needs an uploaded file (a new tournament of the requester's own)",
    "push-receive": "a hall's push needs its key, no login (tests/tournaments/test_push.py)",
    "paper-sheet": "the matrix's post types no row of the grid: nothing to store",
    "paper-sheet-discard": "no typing of table 1's paper sheet waits to be set aside",
    "seat-replace": "the matrix's post names no seat and no newcomer",
    "round-undraw": "round 1 has its first deal: its draw can no longer be undone",
    "team-rename": "Hintersche is played alone: the matrix tournament registers no team",
    "player-fee-refund": "nobody has paid an entry fee in the matrix: nothing to pay back",
    "stechen-lot": "round 1 is still being played: a Stechen comes after the last round",
    "stechen-result": "round 1 is still being played: a Stechen comes after the last round",
    "stechen-tables": "round 1 is still being played: a Stechen comes after the last round",
    "stechen-tables-withdraw": "no Stechen tables are drawn in the matrix to take back",
    "standings-reveal": "the matrix hides no standings: there are none to show again "
    "(tests/tournaments/test_press.py)",
    "prize-change": "the matrix has no prize list: no prize to change "
    "(tests/tournaments/test_prizes.py)",
    "prize-delete": "the matrix has no prize list: no prize to delete",
    "prize-category-delete": "the matrix has no category of special prizes to delete",
    "prize-category-players": "the matrix has no category of special prizes to fill",
    "person-merge": "the matrix's post names no two entries of the register to merge "
    "(tests/tournaments/test_series.py)",
}
"""Writes that the matrix's owner attempts in vain, with the reason (all tested elsewhere).
Every other POST that a view refuses (4xx but 405) or answers with a redirect must change
something for the owner, so that the refusals seen for the other roles come from the permission
check and not from an implausible request. (A page without a method check answers a POST as a
GET, with a 200.)"""

ANONYMOUS, STRANGER, OTHER_ORGANISER = "anonymous", "stranger", "other organiser"
CO_ORGANISER, OWNER, SUPERUSER, CAPTAIN = "co-organiser", "owner", "superuser", "captain"
ROLES = [ANONYMOUS, STRANGER, OTHER_ORGANISER, CO_ORGANISER, OWNER, SUPERUSER, CAPTAIN]
ORGANISERS = {CO_ORGANISER, OWNER, SUPERUSER}


@dataclass
class World:
    """The matrix tournament (round 1 drawn at two tables, a deal at table 1, a co-organiser)
    and, beside it, another organiser's tournament with its own table."""

    tournament: Tournament
    table: Table
    """Round 1, table 1: the table every table URL aims at."""
    other_table: Table
    """Round 1, table 2: the captain holds the link of its seat A."""
    foreign_table: Table
    """The other organiser's own table, in his own tournament."""
    users: dict[str, object]
    series: Series | None = None
    """The owner's series, with the matrix tournament in it."""


@pytest.fixture
def world(make_tournament, organiser, django_user_model, settings, tmp_path) -> World:
    settings.PRINT_DIR = tmp_path / "printed"
    tournament = make_tournament(players=8, name="Matrix")
    tables = list(services.round_draw(tournament=tournament, seed=1, by=organiser).tables.all())
    services.deal_record(table=tables[0], entry=H1_VIERSTRICH[0], by=organiser, via="test")
    users = {
        OWNER: organiser,
        CO_ORGANISER: django_user_model.objects.create_user("mitveranstalter", password="x"),
        STRANGER: django_user_model.objects.create_user("fremder", password="x"),
        OTHER_ORGANISER: django_user_model.objects.create_user("anderer", password="x"),
        SUPERUSER: django_user_model.objects.create_superuser("root", password="x"),
    }
    services.organiser_invite(tournament=tournament, username="mitveranstalter", by=organiser)
    other = services.tournament_create(
        organiser=users[OTHER_ORGANISER],
        name="Anderes Turnier",
        game="hintersche",
        date=datetime.date(2026, 11, 28),
        lot_seed=3,
    )
    services.players_add_list(tournament=other, text="W\nX\nY\nZ")
    foreign = services.round_draw(tournament=other, seed=2).tables.get()
    series = services.series_create(organiser=organiser, name="Matrix-Serie", place_points=[3, 1])
    services.series_assign(series=series, tournaments=[tournament], by=organiser)
    return World(tournament, tables[0], tables[1], foreign, users, series)


def client_for(world: World, role: str) -> Client:
    client = Client(raise_request_exception=False)
    if role in world.users:
        client.force_login(world.users[role])
    return client


def own_table(world: World, role: str) -> Table | None:
    """The table whose link ``role`` holds: organisers open table 1 from the dashboard, the
    captain holds table 2's, the other organiser his own; the others hold none."""
    if role in ORGANISERS:
        return world.table
    return {CAPTAIN: world.other_table, OTHER_ORGANISER: world.foreign_table}.get(role)


def token_for(world: World, role: str) -> str:
    table = own_table(world, role)
    if table is None:
        return secrets.token_urlsafe(16)  # a guess: links are unguessable
    if role == CAPTAIN:
        return table.seats.get(label="A").token
    return table.token


# --- the URL patterns -------------------------------------------------------------------------


def url_patterns() -> Iterator[tuple[str, URLPattern]]:
    """Every pattern of the project as (full route, pattern), the excluded prefixes left out."""

    def walk(resolver: URLResolver, prefix: str) -> Iterator[tuple[str, URLPattern]]:
        for item in resolver.url_patterns:
            route = prefix + str(item.pattern)
            if any(route.startswith(excluded) for excluded in EXCLUDED):
                continue
            if isinstance(item, URLResolver):
                yield from walk(item, route)
            else:
                yield route, item

    return walk(get_resolver(), "")


def area(route: str) -> str:
    """Which part of the app a route belongs to: its rules differ (``KeyError`` if unknown)."""
    if route == "":
        return "public"  # the front door; an organiser's desk list once logged in
    if route.startswith("new/"):
        return "account"
    if route.startswith("desk/"):
        # Across tournaments (series, the player register): every account's own; a series'
        # page is its organiser's (OWNER_ONLY).
        return "desk" if "<slug:series>" in route else "account"
    if route.startswith("series/"):
        return "public"  # a series' public page and its PDF
    if route == "t/sw.js":
        return "asset"  # the table pages' service worker: the same script for everybody
    if route.startswith("push/"):
        return "push"  # a hall's push: the key, never a login (test_push)
    return {"o/": "desk", "t/": "table", "s/": "public"}[route[:2]]


def document_kind(name: str) -> str:
    from tournaments.printing.documents import PER_ROUND, PUBLIC, WHOLE

    if name == "final-document":
        return PUBLIC[0].kind
    return (PER_ROUND if name.endswith("-round") else WHOLE)[0].kind


def fill(world: World, role: str, name: str, kwarg: str) -> object:
    """A value for the URL argument ``kwarg`` of pattern ``name``; ``KeyError`` when this test
    does not know it (add it here, with the rule it should follow)."""
    if kwarg == "pk":
        if name == "organiser-remove":
            return world.users[CO_ORGANISER].pk
        return world.table.seats.get(label="A").player_id
    fillers = {
        "slug": lambda: world.tournament.slug,
        "series": lambda: world.series.slug,
        "number": lambda: world.table.round.number,
        "table": lambda: world.table.number,
        "token": lambda: token_for(world, role),
        "kind": lambda: document_kind(name),
        "name": lambda: backups.backups(world.tournament)[0].name,
    }
    return fillers[kwarg]()


def url_of(world: World, role: str, route: str, pattern: URLPattern) -> str:
    kwargs = {
        kwarg: fill(world, role, pattern.name, kwarg)
        for kwarg in re.findall(r"<(?:\w+:)?(\w+)>", route)
    }
    return reverse(pattern.name, kwargs=kwargs)


def plausible_post(world: World, route: str) -> dict[str, str]:
    """A POST that every form of the app accepts for the matrix tournament: extra fields are
    ignored by the forms that do not have them. The table's forms get only the next deal's
    card points (and a reason for a correction): every other field would be part of the deal."""
    deal = points_post(**H1_VIERSTRICH[1]["points"])
    if area(route) == "table":
        return {**deal, "reason": "typo"}
    seats = list(world.table.seats.all())
    return {
        "name": "Neue Spielerin",
        "club": "Wolfach",
        "names": "Neu Eins\nNeu Zwei",
        "game": "hintersche",
        "date": "2026-12-05",
        "planned_rounds": "5",
        "public": "on",
        "checked_in": "on",
        "withdrawn": "on",
        "reason": "test of the roles",
        "method": "random",
        "override_reason": "test of the roles",
        "players_0": str(seats[0].player_id),
        "players_1": str(seats[1].player_id),
        "username": "fremder",
        "minutes": "45",
        "text": "Siegerehrung um 18 Uhr",
        "at": "18:00",
        "on": "2099-12-31",
        "kind": "place",
        "place": "1",
        "goods": "Wanderpokal",
        "sharing": "stechen_winner",
    }


# --- what a request changed -------------------------------------------------------------------


def snapshot(tournament: Tournament, own: Table | None) -> dict[str, object]:
    """Everything of ``tournament`` a request could change, leaving out the deals of ``own``,
    the table whose link the requester holds (his own writes there are his right). Tournaments
    and background tasks are counted across the database."""
    t = Tournament.objects.get(pk=tournament.pk)
    deals = Deal.objects.filter(table__round__tournament=t)
    revisions = DealRevision.objects.filter(deal__table__round__tournament=t)
    audit = t.audit_entries.all()
    tables = Table.objects.filter(round__tournament=t)
    mine = own is not None and own.round.tournament_id == t.pk
    if mine:
        deals = deals.exclude(table=own)
        revisions = revisions.exclude(deal__table=own)
        audit = audit.exclude(round_number=own.round.number, table_number=own.number)
        tables = tables.exclude(pk=own.pk)
    return {
        "tournaments": Tournament.objects.count(),
        "tasks": DBTaskResult.objects.count(),
        "backups": len(backups.backups(t)),
        "tournament": (
            None if mine else t.version,
            t.status,
            t.public,
            t.planned_rounds,
            t.confirmation_required,
            t.check_in_required,
            t.tiebreaks,
            t.name,
        ),
        "co_organisers": sorted(t.co_organisers.values_list("pk", flat=True)),
        "players": sorted(
            t.players.values_list("pk", "name", "checked_in", "withdrawn", "team", "person")
        ),
        "persons": sorted(Person.objects.values_list("pk", "name", "club", "birth_year")),
        "series": sorted(
            Series.objects.values_list("pk", "name", "scoring", "best_of", "drop_worst")
        ),
        "in_series": t.series_id,
        "teams": Team.objects.filter(tournament=t).count(),
        "rounds": sorted(t.rounds.values_list("number", "status")),
        "byes": Bye.objects.filter(round__tournament=t).count(),
        "tables": sorted(tables.values_list("pk", "token", "complete")),
        "seats": sorted(
            Seat.objects.filter(table__round__tournament=t).values_list("pk", "token", "player")
        ),
        "deals": sorted(deals.values_list("pk", "revision", "confirmed_at")),
        "revisions": revisions.count(),
        "audit": audit.count(),
    }


@contextmanager
def rolled_back() -> Iterator[None]:
    """Undo whatever happens inside (each request of the matrix starts from the same state)."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)
    cache.clear()


def expectation(route: str, name: str, role: str, method: str) -> str:
    """``"entitled"`` (may read or write), ``"scoped"`` (a table link's holder writing his own
    table: anything else must stay as it was) or ``"refused"``."""
    part = area(route)
    if part == "push":
        return "refused"  # no role holds the hall's key
    if part == "asset":
        return "entitled" if method == "GET" else "refused"
    if part == "account":
        return "refused" if role in (ANONYMOUS, CAPTAIN) else "entitled"
    if part == "public":
        return "entitled" if method == "GET" else "refused"
    if part == "table":
        if role in ORGANISERS:
            return "entitled"
        return "scoped" if role in (CAPTAIN, OTHER_ORGANISER) else "refused"
    if name in OWNER_ONLY:
        return "entitled" if role in (OWNER, SUPERUSER) else "refused"
    return "entitled" if role in ORGANISERS else "refused"


def missing(route: str, pattern: URLPattern) -> bool:
    """A page that may be missing for the entitled too: a public one (e.g. the final results
    before the end) or one of :data:`MISSING_FOR_NOW`."""
    return area(route) == "public" or pattern.name in MISSING_FOR_NOW


def refused(response) -> bool:
    if response.status_code == 302:
        return response["Location"].startswith(reverse("login"))
    return response.status_code in (403, 404, 405)


def send(world: World, client: Client, role: str, route: str, pattern: URLPattern, method: str):
    """One request of the matrix, undone afterwards: (response, changed?)."""
    url = url_of(world, role, route, pattern)
    # A link holder's own writes are his right; the organisers' are all in the snapshot.
    own = own_table(world, role) if area(route) == "table" and role not in ORGANISERS else None
    before = snapshot(world.tournament, own)
    with rolled_back():
        if method == "GET":
            response = client.get(url)
        else:
            response = client.post(url, plausible_post(world, route))
        changed = snapshot(world.tournament, own) != before
    return response, changed


# --- the matrix -------------------------------------------------------------------------------


def test_every_url_pattern_is_known_to_this_test(world):
    """A new page without a rule here (its area, its URL arguments) fails."""
    unknown = []
    for route, pattern in url_patterns():
        try:
            area(route)
            url_of(world, OWNER, route, pattern)
        except Exception as exc:  # every failure is reported with its pattern
            unknown.append(f"{route} ({pattern.name}): {exc!r}")
    assert unknown == []
    names = {pattern.name for _route, pattern in url_patterns()}
    assert {"organisers", "organiser-invite", "table-links-renew", "table-detail"} <= names


@pytest.mark.parametrize("role", ROLES)
def test_every_role_against_every_url(world, role):
    """GET and POST of every pattern: those not entitled change nothing and are refused; the
    entitled are let in (never 403 or 404 at the desk and the table; a public page may be
    missing, e.g. the final results before the end); a GET changes nothing; nobody gets a
    5xx."""
    client = client_for(world, role)
    failures = []
    for route, pattern in url_patterns():
        for method in ("GET", "POST"):
            expected = expectation(route, pattern.name, role, method)
            response, changed = send(world, client, role, route, pattern, method)
            status = response.status_code
            if status >= 500:
                failures.append(f"{method} {route}: {status}")
            elif expected == "refused" and (changed or not refused(response)):
                failures.append(f"{method} {route}: {status}, changed={changed}, not refused")
            elif expected == "scoped" and changed:
                failures.append(f"{method} {route}: changed beyond the holder's own table")
            elif method == "GET" and changed:
                failures.append(f"GET {route}: a GET changed something")
            elif expected == "entitled" and status in (403, 404) and not missing(route, pattern):
                failures.append(f"{method} {route}: {status} for an entitled {role}")
    assert failures == []


def test_the_matrix_posts_do_write_for_the_owner(world):
    """The POSTs of the matrix are plausible: the owner's change something (but for the few
    listed with their reason), so a refusal elsewhere is the permission check's."""
    client = client_for(world, OWNER)
    idle = set()
    for route, pattern in url_patterns():
        response, changed = send(world, client, OWNER, route, pattern, "POST")
        if response.status_code >= 300 and response.status_code != 405 and not changed:
            idle.add(pattern.name)
    assert idle == set(NO_CHANGE_FOR_THE_OWNER)


# --- the roles one by one ---------------------------------------------------------------------


def test_roles_of_each_kind_of_user(world, django_assert_num_queries):
    tournament = Tournament.objects.get(pk=world.tournament.pk)
    anonymous = AnonymousUser()
    with django_assert_num_queries(0):
        assert permissions.role(anonymous, tournament) is Role.PUBLIC
        assert permissions.role(world.users[OWNER], tournament) is Role.OWNER
        assert permissions.role(world.users[SUPERUSER], tournament) is Role.SUPERUSER
    with django_assert_num_queries(1):
        assert permissions.role(world.users[CO_ORGANISER], tournament) is Role.CO_ORGANISER
    assert permissions.role(world.users[OTHER_ORGANISER], tournament) is Role.PUBLIC
    assert permissions.role(world.users[STRANGER], tournament) is Role.PUBLIC


def test_who_may_do_what(world):
    """The table of the module's docstring, row by row."""
    tournament = world.tournament
    users = [None, *(world.users[r] for r in (STRANGER, CO_ORGANISER, OWNER, SUPERUSER))]
    table = {
        Action.VIEW_DESK: [False, False, True, True, True],
        Action.WRITE: [False, False, True, True, True],
        Action.RENEW_LINKS: [False, False, True, True, True],
        Action.FINISH: [False, False, True, True, True],
        Action.ENTER_DEAL: [False, False, True, True, True],
        Action.MANAGE_ORGANISERS: [False, False, False, True, True],
        Action.RESTORE: [False, False, False, True, True],
        Action.VIEW_PUBLIC: [True, True, True, True, True],
    }
    for action, row in table.items():
        assert [permissions.may(user, action, tournament) for user in users] == row, action
    with pytest.raises(ValueError):
        permissions.may(world.users[OWNER], "delete_everything", tournament)
    services.tournament_settings(tournament=tournament, by=None, public=False)
    tournament.refresh_from_db()
    hidden = [permissions.may(user, Action.VIEW_PUBLIC, tournament) for user in users]
    assert hidden == [False, False, True, True, True]


def test_hidden_public_pages_are_not_found_but_for_the_organisers(world):
    services.tournament_settings(tournament=world.tournament, by=None, public=False)
    slug = world.tournament.slug
    player = world.table.seats.get(label="A").player_id
    pages = [
        reverse("standings", args=[slug]),
        reverse("seat-search", args=[slug]),
        reverse("player-detail", args=[slug, player]),
        reverse("projector", args=[slug]),
    ]
    for role in ROLES:
        client = client_for(world, role)
        statuses = {client.get(url).status_code for url in pages}
        assert statuses == ({200} if role in ORGANISERS else {404}), role


def test_a_captain_writes_only_his_own_table_of_an_open_round(world):
    """The seat link of table 2 enters a deal at table 2 whatever the form names; table 1 gets
    nothing. Once the round is locked, and once the tournament is finished, the link is
    read-only."""
    client = Client()
    seat = world.other_table.seats.get(label="A")
    url = reverse("table-detail", args=[seat.token])
    post = {**points_post(**H1_VIERSTRICH[0]["points"]), "table": str(world.table.pk)}
    assert client.post(url, post).status_code == 302
    assert world.other_table.deals.count() == 1
    assert world.table.deals.count() == 1  # the organiser's deal of the fixture, nothing more
    services.round_lock(round=world.other_table.round, by=None, reason="time is up")
    response = client.post(url, {**points_post(**H1_VIERSTRICH[1]["points"]), "_key": "k2"})
    assert response.status_code == 422
    assert "Round 1 is closed" in response.text
    assert world.other_table.deals.count() == 1
    services.tournament_finish(tournament=world.tournament, by=None)
    correction = {**points_post(**H1_VIERSTRICH[1]["points"]), "reason": "typo"}
    response = client.post(reverse("table-correct", args=[seat.token]), correction)
    assert response.status_code == 422
    assert world.other_table.deals.get().revision == 1
    table = Table.objects.select_related("round__tournament").get(pk=world.other_table.pk)
    assert not permissions.captain_may(table, Action.ENTER_DEAL)


def test_a_captain_may_only_enter_deals_and_read(world):
    table = world.table
    assert permissions.captain_may(table, Action.ENTER_DEAL)
    assert permissions.captain_may(table, Action.VIEW_PUBLIC)
    for action in (Action.WRITE, Action.VIEW_DESK, Action.RENEW_LINKS, Action.FINISH):
        assert not permissions.captain_may(table, action), action


def test_renewed_links_replace_the_old_ones(world):
    """A table's links renewed by a co-organiser: the old table and seat links answer 404, the
    new ones work; the other table keeps its links; the audit log names the table, not the
    tokens."""
    client = client_for(world, CO_ORGANISER)
    table, other = world.table, world.other_table
    old = [table.token, *table.seats.values_list("token", flat=True)]
    other_links = [other.token, *other.seats.values_list("token", flat=True)]
    url = reverse("table-links-renew", args=[world.tournament.slug, 1, table.number])
    response = client.post(url, {"reason": "card photographed"})
    assert response.status_code == 302
    table.refresh_from_db()
    new = [table.token, *table.seats.values_list("token", flat=True)]
    assert not set(old) & set(new)
    assert len(new[0]) >= 22  # 16 random bytes
    anybody = Client()
    for token in old:
        assert anybody.get(reverse("table-detail", args=[token])).status_code == 404
    for token in new:
        assert anybody.get(reverse("table-detail", args=[token])).status_code == 200
    deal = points_post(**H1_VIERSTRICH[1]["points"])
    assert anybody.post(reverse("table-detail", args=[new[1]]), deal).status_code == 302
    assert [other.token, *other.seats.values_list("token", flat=True)] == other_links
    entry = world.tournament.audit_entries.get(action=AuditEntry.Action.LINKS_RENEW)
    assert (entry.actor, entry.table_number, entry.reason) == (
        world.users[CO_ORGANISER],
        1,
        "card photographed",
    )
    assert not any(token in str(entry.after) + entry.subject for token in old + new)


def test_a_whole_round_gets_new_links(world):
    tokens = {t.pk: t.token for t in Table.objects.filter(round__tournament=world.tournament)}
    client = client_for(world, OWNER)
    url = reverse("round-links-renew", args=[world.tournament.slug, 1])
    assert client.post(url).status_code == 302
    renewed = {t.pk: t.token for t in Table.objects.filter(round__tournament=world.tournament)}
    assert tokens.keys() == renewed.keys()
    assert all(tokens[pk] != renewed[pk] for pk in tokens)
    entry = world.tournament.audit_entries.get(action=AuditEntry.Action.LINKS_RENEW)
    assert (entry.round_number, entry.table_number, entry.after["tables"]) == (1, None, [1, 2])
    page = client.get(reverse("round-detail", args=[world.tournament.slug, 1])).text
    assert reverse("round-links-renew", args=[world.tournament.slug, 1]) in page
    assert reverse("table-links-renew", args=[world.tournament.slug, 1, 2]) in page


def test_links_of_a_finished_tournament_are_not_renewed(world):
    services.round_lock(round=world.table.round, by=None, reason="time is up")
    services.tournament_finish(tournament=world.tournament, by=None)
    token = world.table.token
    url = reverse("table-links-renew", args=[world.tournament.slug, 1, 1])
    response = client_for(world, OWNER).post(url, follow=True)
    assert "finished" in response.text
    world.table.refresh_from_db()
    assert world.table.token == token


# --- co-organisers ----------------------------------------------------------------------------


def test_a_co_organiser_draws_and_enters_but_does_not_manage_organisers(world):
    client = client_for(world, CO_ORGANISER)
    slug = world.tournament.slug
    draw = {"method": "random", "override_reason": "round 1 runs late"}
    assert client.post(reverse("round-create", args=[slug]), draw).status_code == 302
    assert world.tournament.rounds.count() == 2
    post = points_post(**H1_VIERSTRICH[1]["points"])
    assert client.post(world.table.get_absolute_url(), post).status_code == 302
    assert world.table.deals.count() == 2
    invite = client.post(reverse("organiser-invite", args=[slug]), {"username": "fremder"})
    assert invite.status_code == 403
    co = world.users[CO_ORGANISER]
    remove = client.post(reverse("organiser-remove", args=[slug, co.pk]))
    assert remove.status_code == 403
    assert list(world.tournament.co_organisers.all()) == [co]
    page = client.get(reverse("tournament-detail", args=[slug])).text
    assert "mitveranstalter (co-organiser)" in page
    assert reverse("organiser-invite", args=[slug]) not in page


def test_the_owner_invites_and_removes_a_co_organiser(world):
    client = client_for(world, OWNER)
    slug = world.tournament.slug
    stranger = world.users[STRANGER]
    desk = client.get(reverse("tournament-detail", args=[slug])).text
    assert reverse("organiser-invite", args=[slug]) in desk
    response = client.post(reverse("organiser-invite", args=[slug]), {"username": "Fremder"})
    assert response.status_code == 302
    assert set(world.tournament.co_organisers.all()) == {world.users[CO_ORGANISER], stranger}
    stranger_client = client_for(world, STRANGER)
    assert stranger_client.get(reverse("tournament-detail", args=[slug])).status_code == 200
    assert "Matrix" in stranger_client.get(reverse("tournament-list")).text
    response = client.post(reverse("organiser-remove", args=[slug, stranger.pk]))
    assert response.status_code == 302
    assert stranger_client.get(reverse("tournament-detail", args=[slug])).status_code == 404
    assert "Matrix" not in stranger_client.get(reverse("tournament-list")).text
    actions = list(
        world.tournament.audit_entries.filter(subject="fremder").values_list("action", "actor")
    )
    owner = world.users[OWNER].pk
    assert actions == [("organiser_remove", owner), ("organiser_add", owner)]


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("niemand", "There is no account named “niemand”."),
        ("mitveranstalter", "mitveranstalter is a co-organiser already."),
        ("orga", "orga is the tournament&#x27;s owner."),
        ("", "This field is required."),
    ],
)
def test_a_wrong_invitation_is_refused_beside_the_field(world, username, message):
    client = client_for(world, OWNER)
    before = snapshot(world.tournament, None)
    url = reverse("organiser-invite", args=[world.tournament.slug])
    response = client.post(url, {"username": username})
    assert response.status_code == 400
    assert f'id="id_invite_username_error">{message}</span>' in response.text
    assert snapshot(world.tournament, None) == before


def test_the_organisers_page_lists_them_for_every_organiser(world, django_assert_max_num_queries):
    url = reverse("organisers", args=[world.tournament.slug])
    client = client_for(world, CO_ORGANISER)
    with django_assert_max_num_queries(6):
        page = client.get(url).text
    assert "orga</strong> (owner)" in page and "mitveranstalter (co-organiser)" in page
    assert reverse("organiser-invite", args=[world.tournament.slug]) not in page
    owner_page = client_for(world, OWNER).get(url).text
    co = world.users[CO_ORGANISER].pk
    assert reverse("organiser-remove", args=[world.tournament.slug, co]) in owner_page
