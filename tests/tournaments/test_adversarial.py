"""Bad input everywhere (issue 7, part 6): every form and endpoint gets adversarial values per
field (empty, blank, negative, huge, floats, NaN, hex, fractions, emoji, markup, SQL, 10,000
characters, NUL bytes, a list where one value is expected, missing fields, junk field names).

Each answer is below 500; refused input is refused with an error on the page (status 400 on the
desk, 422 at the table) and nothing is saved (the row counts and the tournament's version, which
every write raises, stay as they were); markup comes back escaped. What a form accepts fits the
database's columns (SQLite does not enforce ``max_length``; PostgreSQL would fail with a 500) and
holds no NUL byte (PostgreSQL refuses those in text and JSON).

Each probe runs in a transaction that is rolled back, so that every value meets the same
tournament."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import models, transaction
from django.db.models.functions import Length
from django.test import Client
from django.urls import reverse

import scoring
from scoring.simulation import simulate_deal
from tests.helpers import TABLE_SIZES, points_post
from tournaments import services
from tournaments.entries import flatten_entry
from tournaments.models import Deal, DealRevision, Player, Table, Tournament
from tournaments.tables import table_state

MARKUP = "<script>alert(1)</script>"
LONG = "x" * 10_000
BAD_VALUES = (
    "",
    "   ",
    "-1",
    "99999999999999999999",
    "1e9",
    "NaN",
    "0x10",
    "½",
    "😀",
    MARKUP,
    "' OR 1=1 --",
    LONG,
    "\x00",
    "Adler\x00",
)
"""What is typed (or sent by hand) into every field."""

ERROR_SHOWN = re.compile(r'role="alert"|class="[^"]*\berror(list)?\b')


# --- what the database holds -------------------------------------------------------------------


def _snapshot() -> tuple:
    """Row counts of every model of the app and of django-axes, and every tournament's version
    (every service write raises it): equal snapshots mean nothing was saved."""
    counts = tuple(
        (model._meta.label, model.objects.count())
        for model in apps.get_models()
        if model._meta.app_label == "tournaments"
    )
    versions = tuple(Tournament.objects.order_by("pk").values_list("pk", "version"))
    return counts, versions


def _overlong_and_nul() -> list[str]:
    """Every stored text longer than its column or holding a NUL byte, as ``model.field``."""
    found = []
    for model in apps.get_models():
        if model._meta.app_label not in ("tournaments", "axes", "auth"):
            continue
        for field in model._meta.concrete_fields:
            if isinstance(field, models.CharField) and field.max_length:
                longer = model.objects.annotate(n=Length(field.name)).filter(n__gt=field.max_length)
                if longer.exists():
                    found.append(f"{model._meta.label}.{field.name} too long")
            if isinstance(field, models.CharField | models.TextField):
                values = model.objects.values_list(field.name, flat=True)
                if any(v and "\x00" in v for v in values):
                    found.append(f"{model._meta.label}.{field.name} holds NUL")
            if isinstance(field, models.JSONField):
                values = model.objects.values_list(field.name, flat=True)
                if any("\\u0000" in json.dumps(v) for v in values):
                    found.append(f"{model._meta.label}.{field.name} holds NUL")
    return found


@dataclass
class Probe:
    status: int
    html: str
    saved: bool


@contextmanager
def _rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)
    cache.clear()  # cached results of the rolled-back versions must not be shown later


def _probe(client: Client, url: str, data: dict, *, method: str = "post") -> Probe:
    """``data`` sent to ``url``; what came back and whether anything was saved (then undone).
    Asserts the answer is no 5xx, shows no raw markup, and what was saved fits the columns."""
    with _rolled_back():
        before = _snapshot()
        response = getattr(client, method)(url, data)
        saved = _snapshot() != before
        assert response.status_code < 500, (url, data)
        html = response.content.decode()
        assert MARKUP not in html, (url, data)
        if saved:
            assert _overlong_and_nul() == [], (url, data)
    return Probe(response.status_code, html, saved)


def _assert_refused(probe: Probe, status: int, context: object) -> None:
    assert probe.status == status, context
    assert ERROR_SHOWN.search(probe.html), context
    assert not probe.saved, context


def _text_refused(value: str, *, max_length: int, required: bool) -> bool:
    """Whether a text field refuses ``value`` (Django strips it first; NUL bytes are refused by
    every form ``CharField``)."""
    stripped = value.strip()
    return "\x00" in value or len(stripped) > max_length or (required and not stripped)


def _check_fields(client: Client, url: str, base: dict, fields: dict, status: int = 400) -> None:
    """Every bad value in every field of ``fields`` (name → ``(max_length, required)`` for a
    text field; ``"required"`` or ``"optional"`` for a choice, number or date field, which
    refuses every bad value but an empty one when optional (a number or choice is not
    stripped: blanks are refused). ``status``: of a refusal."""
    for field, kind in fields.items():
        for value in BAD_VALUES:
            probe = _probe(client, url, {**base, field: value})
            if isinstance(kind, tuple):
                refused = _text_refused(value, max_length=kind[0], required=kind[1])
            else:
                refused = kind == "required" or value != ""
            context = (url, field, value[:30])
            if refused:
                _assert_refused(probe, status, context)
            else:
                assert probe.status == 302 and probe.saved, context
        # A list where one value is expected: the last one counts, as for a browser.
        probe = _probe(client, url, {**base, field: [base.get(field, ""), MARKUP]})
        assert probe.status in (302, status), (field, "list")
        # The field left out.
        _probe(client, url, {k: v for k, v in base.items() if k != field})


@pytest.fixture
def orga(client, organiser):
    client.force_login(organiser)
    return client


# --- the desk ------------------------------------------------------------------------------------


def test_new_tournament(orga):
    base = {
        "name": "Herbstturnier",
        "game": "hintersche",
        "date": "2026-11-21",
        "venue": "Adler",
        "planned_rounds": "4",
    }
    assert _probe(orga, reverse("tournament-create"), base).status == 302
    fields = {
        "name": (200, True),
        "venue": (200, False),
        "game": "required",
        "date": "required",
        "planned_rounds": "required",
    }
    _check_fields(orga, reverse("tournament-create"), base, fields, status=200)


def test_new_tournament_house_rules(orga):
    """The house-rule fields of every game: numbers and choices refuse everything bad."""
    for key, game in scoring.games.items():
        base = {"name": "Hausregeln", "game": key, "date": "2026-11-21", "planned_rounds": "4"}
        fields = {}
        for option in game.options():
            if isinstance(option.default, bool):
                continue  # a checkbox: any value is "on"
            fields[f"{key}-{option.name}"] = "optional"
        _check_fields(orga, reverse("tournament-create"), base, fields, status=200)


def test_settings(orga, tournament):
    url = reverse("tournament-settings", args=[tournament.slug])
    base = {"planned_rounds": "5", "tiebreak_1": ""}
    assert _probe(orga, url, base).status == 302
    _check_fields(orga, url, base, {"planned_rounds": "required", "tiebreak_1": "optional"})


def test_player(orga, tournament):
    url = reverse("player-create", args=[tournament.slug])
    base = {"name": "Anna Adler", "club": "Schapbach"}
    _check_fields(orga, url, base, {"name": (120, True), "club": (120, False)})


def test_player_list(orga, tournament):
    url = reverse("player-list-create", args=[tournament.slug])
    for value in BAD_VALUES:
        probe = _probe(orga, url, {"names": f"Anna Adler\n{value}, Schapbach"})
        if "\x00" in value or len(value.strip()) > 120:
            _assert_refused(probe, 400, value[:30])
        else:
            assert probe.status == 302 and probe.saved, value[:30]
    # A club too long for its column is refused as well.
    _assert_refused(_probe(orga, url, {"names": f"Anna Adler, {LONG}"}), 400, "long club")
    _assert_refused(_probe(orga, url, {"names": "  \n \n"}), 400, "blank list")


def test_team(orga, make_tournament):
    tournament = make_tournament(game="bauerchen")
    url = reverse("team-create", args=[tournament.slug])
    first, second = tournament.players.order_by("pk").values_list("pk", flat=True)[:2]
    base = {"name": "Die Adler", "players_0": str(first), "players_1": str(second)}
    assert _probe(orga, url, base).status == 302
    _check_fields(
        orga, url, base, {"name": (120, True), "players_0": "required", "players_1": "required"}
    )


def test_draw(orga, tournament):
    url = reverse("round-create", args=[tournament.slug])
    base = {"method": "random", "override_reason": ""}
    assert _probe(orga, url, base).status == 302
    _check_fields(orga, url, base, {"method": "required", "override_reason": (300, False)})


def test_swap_and_lock(orga, table):
    tournament = table.round.tournament
    swap = reverse("seats-swap", args=[tournament.slug, 1])
    first, second = Player.objects.filter(tournament=tournament).values_list("pk", flat=True)[:2]
    base = {"players_0": str(first), "players_1": str(second)}
    assert _probe(orga, swap, base).status == 302
    _check_fields(orga, swap, base, {"players_0": "required", "players_1": "required"})
    # An unfinished round needs a reason to be locked; any reason that fits is one.
    lock = reverse("round-lock", args=[tournament.slug, 1])
    _check_fields(orga, lock, {"reason": "Zeit ist um"}, {"reason": (300, True)})


def test_check_in_withdraw_and_finish(orga, table):
    tournament = table.round.tournament
    player = tournament.players.first()
    check_in = reverse("player-check-in", args=[tournament.slug, player.pk])
    withdraw = reverse("player-withdraw", args=[tournament.slug, player.pk])
    for value in BAD_VALUES:
        # A checkbox: whatever is sent checks it (or, empty, unchecks it); never an error.
        assert _probe(orga, check_in, {"checked_in": value}).status == 302
    _check_fields(orga, withdraw, {"withdrawn": "on", "reason": "krank"}, {"reason": (300, False)})
    # Finishing while round 1 is open is refused, whatever is posted along.
    finish = reverse("tournament-finish", args=[tournament.slug])
    for value in (MARKUP, LONG, "\x00"):
        _assert_refused(_probe(orga, finish, {"confirm": value}), 400, value[:30])


def test_ids_in_addresses_that_are_no_numbers_find_nothing(orga, tournament):
    for path in ("players/-1/check-in/", "players/1e9/withdraw/", "rounds/%F0%9F%98%80/lock/"):
        response = orga.post(f"/o/{tournament.slug}/{path}", {"checked_in": "on"})
        assert response.status_code == 404
    huge = reverse("player-check-in", args=[tournament.slug, 99999999999999999999])
    assert _probe(orga, huge, {"checked_in": "on"}).status == 404


def test_audit_log_filter(orga, tournament):
    url = reverse("audit-log", args=[tournament.slug])
    for field in ("action", "round", "q", "page"):
        for value in BAD_VALUES:
            assert _probe(orga, url, {field: value}, method="get").status == 200


# --- the table -----------------------------------------------------------------------------------

INFORMATIONAL = {("hintersche", "trump"), ("hundertspiel", "trump")}
"""Entry fields the game keeps but does not read (any text is accepted there)."""


def _valid_post(table: Table) -> dict[str, str]:
    """The form data of a valid next deal at ``table``, from simulated card play."""
    tournament = table.round.tournament
    game = tournament.scoring_game
    entry = simulate_deal(
        game, table_state(table), game.variant(tournament.variant), random.Random(3)
    )
    form = (settings.BASE_DIR / f"templates/scoring/{game.key}/entry_form.html").read_text()
    flat = flatten_entry(entry)
    # A list has two spellings (``plays[]`` or ``plays.0``, ``plays.1``): keep the form's.
    lists = {key[:-2] for key in flat if key.endswith("[]")}
    return {
        key: value
        for key, value in flat.items()
        if not (key.endswith("[]") and f'name="{key}"' not in form)
        and not (key.rsplit(".", 1)[0] in lists and f'name="{key.rsplit(".", 1)[0]}[]"' in form)
    }


def _game_table(make_tournament, game: str) -> Table:
    tournament = make_tournament(players=TABLE_SIZES[game], game=game, name=f"Turnier {game}")
    return services.round_draw(tournament=tournament, seed=1).tables.get()


@pytest.mark.parametrize("game", list(TABLE_SIZES))
def test_table_entry(client, make_tournament, game):
    table = _game_table(make_tournament, game)
    url = table.get_absolute_url()
    base = _valid_post(table)
    assert _probe(client, url, base).status == 302, "the valid deal is accepted"
    for field in base:
        for value in BAD_VALUES:
            probe = _probe(client, url, {**base, field: value})
            context = (game, field, value[:30])
            if not value.strip():
                assert probe.status in (302, 422), context  # an optional field left empty
            elif (game, field.removesuffix("[]")) in INFORMATIONAL:
                assert probe.status in (302, 422), context
            else:
                _assert_refused(probe, 422, context)
        # The field left out, and sent twice.
        _probe(client, url, {k: v for k, v in base.items() if k != field})
        _probe(client, url, {**base, field: [MARKUP, base[field]]})
        _probe(client, url, {**base, field: [base[field], MARKUP]})


@pytest.mark.parametrize(
    "extra",
    [
        {"unknown": MARKUP},
        {"points.A.x": "3"},
        {"__proto__.x": "1"},
        {"a" * 5000: "1"},
        {"points..A": "1", ".": "1", "[]": "1"},
        {f"f{i}": "1" for i in range(300)},
        {"_key": LONG},
        {"_key": "\x00"},
    ],
    ids=lambda extra: next(iter(extra))[:12],
)
def test_table_entry_with_junk_fields(client, table, extra):
    base = points_post(A=70, B=30, C=25, D=15)
    probe = _probe(client, table.get_absolute_url(), {**base, **extra})
    assert probe.status in (302, 400, 422)  # 400: more fields than Django reads


def test_a_form_key_too_long_for_its_column_is_not_stored(client, table):
    client.post(table.get_absolute_url(), {**points_post(A=70, B=30, C=25, D=15), "_key": LONG})
    revision = DealRevision.objects.get()
    assert len(revision.idempotency_key) <= 64


def test_table_correction_and_confirmation(client, make_tournament):
    table = _game_table(make_tournament, "hintersche")
    services.deal_record(
        table=table, entry={"points": {"A": 70, "B": 30, "C": 25, "D": 15}}, by=None, via="test"
    )
    correct = reverse("table-correct", args=[table.token])
    base = {**points_post(A=60, B=40, C=25, D=15), "reason": "vertippt"}
    assert _probe(client, correct, base).status == 302
    fields = {"reason": (300, True), "points.A": "required", "points.B": "required"}
    _check_fields(client, correct, base, fields, status=422)
    confirm = reverse("table-confirm", args=[table.token])
    for value in (MARKUP, LONG, "\x00"):
        # Anybody at the table's own link may not confirm: refused, nothing saved.
        _assert_refused(_probe(client, confirm, {"seat": value}), 422, value[:30])
    assert Deal.objects.get(table=table).revision == 1


def test_a_finished_table_refuses_more_deals_and_junk(client, table):
    """A locked round's link refuses every post without an error page of its own."""
    services.round_lock(round=table.round, reason="Schluss")
    for value in (MARKUP, LONG):
        probe = _probe(client, table.get_absolute_url(), {"points.A": value})
        assert probe.status == 422 and not probe.saved


# --- the public pages and the login --------------------------------------------------------------


def test_seat_search(orga, tournament):
    client = orga  # the public pages are off: their organiser still sees them
    url = reverse("seat-search", args=[tournament.slug])
    for value in (*BAD_VALUES, "Spieler 01" + "\x00"):
        probe = _probe(client, url, {"q": value}, method="get")
        assert probe.status == 200, value[:30]
    probe = _probe(client, url, {"q": MARKUP}, method="get")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in probe.html


def test_public_query_parameters(orga, table):
    client = orga
    tournament = table.round.tournament
    for name, param in (("standings", "round"), ("projector", "part")):
        url = reverse(name, args=[tournament.slug])
        for value in BAD_VALUES:
            probe = _probe(client, url, {param: value}, method="get")
            # A round that is not drawn is no page; any other part shows the standings.
            assert probe.status == (404 if param == "round" else 200), (name, value[:30])


def test_login(client, organiser):
    url = reverse("login")
    for field in ("username", "password"):
        for value in BAD_VALUES:
            data = {"username": "orga", "password": "pw-orga-123", field: value}
            # A bad value is refused; after five wrong passwords for one name django-axes
            # refuses with its own page (429).
            probe = _probe(client, url, data)
            assert probe.status in (200, 429), (field, value[:30])
            assert "_auth_user_id" not in client.session


# --- long names where they are quoted -------------------------------------------------------------


def test_long_names_fit_where_the_log_quotes_them(orga, tournament):
    """Names as long as their column are quoted in the audit log (a swap names both players)
    and in how a deal was entered (a seat's link names its player): cut to fit."""
    long_names = "\n".join(f"{'Ä' * 118} {i}" for i in range(4))
    assert (
        orga.post(
            reverse("player-list-create", args=[tournament.slug]), {"names": long_names}
        ).status_code
        == 302
    )
    services.round_draw(tournament=tournament, seed=1, allow_byes=True)
    the_round = tournament.rounds.get()
    first, second = Player.objects.filter(tournament=tournament, name__startswith="Ä").values_list(
        "pk", flat=True
    )[:2]
    response = orga.post(
        reverse("seats-swap", args=[tournament.slug, the_round.number]),
        {"players_0": str(first), "players_1": str(second)},
    )
    assert response.status_code == 302
    seat = the_round.tables.first().seats.filter(player__name__startswith="Ä").first()
    posted = Client().post(seat.get_absolute_url(), points_post(A=70, B=30, C=25, D=15))
    assert posted.status_code == 302
    assert _overlong_and_nul() == []
