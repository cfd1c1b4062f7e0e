"""The hall feeds the public site (issue 19, part 6): the hall's installation pushes a public
tournament as its export document; the public installation takes it with the shared key, as a
copy owned by its configured user, idempotently by the hall's version.

The first tests hand the pushes to the public side's view in this database (the hall's
tournament and its copy at another address); the last runs a second installation, a real
server on its own database, and interrupts the connection between the two."""

from __future__ import annotations

import datetime
import gzip
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.tournaments.test_public import record, strich_to
from tournaments import services
from tournaments.exchange import export_tournament
from tournaments.models import PushedCopy, PushState, Tournament

KEY = "the-hall-and-the-site-share-this"


@pytest.fixture
def public_side(settings, organiser):
    settings.PUSH_KEY = KEY
    settings.PUSH_OWNER = organiser.username
    return settings


@pytest.fixture
def hall(make_tournament):
    """Eight players, round 1 drawn, one deal at table 1: A takes the Strich."""
    tournament = make_tournament(players=8, name="Hintersche-Abend")
    first = services.round_draw(tournament=tournament, method="random", seed=1)
    record(first.tables.get(number=1), strich_to("A"))
    tournament.refresh_from_db()
    return tournament


def push(client, tournament: Tournament, *, to: str = "abend-kopie", key: str = KEY, version=None):
    """The hall's push of ``tournament`` as the public side gets it, at the address ``to``."""
    document = export_tournament(tournament)
    document["tournament"]["slug"] = to
    message = {
        "format": "kreidetafel-push",
        "version": tournament.version if version is None else version,
        "document": document,
    }
    return client.post(
        reverse("push-receive", args=[to]),
        gzip.compress(json.dumps(message).encode()),
        content_type="application/json",
        headers={"Content-Encoding": "gzip", "Authorization": f"Bearer {key}"},
    )


def total(html: str, name: str) -> str:
    """The total of the player ``name`` in a standings page."""
    row = re.search(rf">{re.escape(name)}</a>.*?</tr>", html, re.S).group(0)
    return re.findall(r'<td class="num total">(\d+)</td>', row)[0]


def strich_total(client, slug: str, name: str) -> str:
    return total(client.get(reverse("standings", args=[slug])).content.decode(), name)


def test_a_push_creates_the_copy_and_a_newer_one_replaces_it(client, public_side, hall, organiser):
    answer = push(client, hall)
    assert answer.status_code == 200 and answer.json() == {"status": "created"}
    copy = Tournament.objects.get(slug="abend-kopie")
    assert copy.organiser == organiser and copy.pushed_copy.hall_version == hall.version
    seat_a = hall.rounds.get(number=1).tables.get(number=1).seats.get(label="A").player
    assert strich_total(client, "abend-kopie", seat_a.name) == "1"
    record(hall.rounds.get(number=1).tables.get(number=1), strich_to("A"))  # a second Strich
    hall.refresh_from_db()
    assert push(client, hall).json() == {"status": "replaced"}
    assert strich_total(client, "abend-kopie", seat_a.name) == "2"
    assert PushedCopy.objects.get(tournament__slug="abend-kopie").hall_version == hall.version


def test_a_repeated_or_overtaken_push_changes_nothing(client, public_side, hall):
    push(client, hall)
    copy = Tournament.objects.get(slug="abend-kopie")
    assert push(client, hall).json() == {"status": "unchanged"}  # its answer was lost
    assert push(client, hall, version=hall.version - 1).json() == {"status": "unchanged"}
    assert Tournament.objects.get(slug="abend-kopie").version == copy.version


def test_a_push_never_overwrites_a_tournament_of_the_site(client, public_side, hall):
    answer = push(client, hall, to=hall.slug)
    assert answer.status_code == 409 and answer.json()["code"] == "NOT_A_COPY"
    assert not PushedCopy.objects.exists()


def test_a_wrong_key_or_a_broken_push_is_refused_and_changes_nothing(client, public_side, hall):
    assert push(client, hall, key="guessed").status_code == 403
    broken = client.post(
        reverse("push-receive", args=["abend-kopie"]),
        b"{not json",
        content_type="application/json",
        headers={"Authorization": f"Bearer {KEY}"},
    )
    assert broken.status_code == 400
    document = export_tournament(hall)
    document["tournament"]["slug"] = "abend-kopie"
    document["players"][0]["name"] = ""
    bad = client.post(
        reverse("push-receive", args=["abend-kopie"]),
        json.dumps({"format": "kreidetafel-push", "version": 9, "document": document}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {KEY}"},
    )
    assert bad.status_code == 400 and bad.json()["problems"]
    assert not Tournament.objects.filter(slug="abend-kopie").exists()


def test_a_site_without_a_key_takes_no_pushes(client, settings, hall):
    settings.PUSH_KEY = ""
    assert push(client, hall, key="").status_code == 404


# --- two installations, the connection interrupted ------------------------------------------


def _environment(database: Path, owner: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),  # a throwaway key for this run
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        KREIDETAFEL_PUSH_KEY=KEY,
        KREIDETAFEL_PUSH_OWNER=owner,
    )
    return env


class Site:
    """Another Kreidetafel installation: ``manage.py runserver`` on its own SQLite file."""

    def __init__(self, database: Path, port: int) -> None:
        self.env = _environment(database, "webmaster")
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v0"], env=self.env, check=True)
        create = (
            "from django.contrib.auth.models import User; User.objects.create_user('webmaster')"
        )
        subprocess.run([*manage, "shell", "-c", create], env=self.env, check=True)

    def start(self) -> None:
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{self.port}"]
        self.process = subprocess.Popen(
            command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "/s/", timeout=1).read()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the public site did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def get(self, path: str) -> str:
        return urllib.request.urlopen(self.url + path, timeout=10).read().decode()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def site(tmp_path, settings):
    public = Site(tmp_path / "public.sqlite3", free_port())
    public.start()
    settings.PUSH_URL = public.url
    settings.PUSH_KEY = KEY
    yield public
    public.stop()


@pytest.mark.django_db(transaction=True)
def test_the_hall_feeds_the_public_site_through_an_interrupted_connection(site, make_tournament):
    """The hall pushes its evening; the connection drops while a deal is entered (the push
    fails and says why); when it returns, the next look pushes the deal; a look with nothing new
    pushes nothing."""
    hall = make_tournament(players=8, name="Hintersche-Abend")
    table = services.round_draw(tournament=hall, method="random", seed=1).tables.get(number=1)
    record(table, strich_to("A"))
    seat_a = table.seats.get(label="A").player.name
    call_command("push", "--once")
    state = PushState.objects.get(tournament=hall)
    assert state.error == "" and state.pushed_version == Tournament.objects.get().version
    assert "Hintersche-Abend" in site.get("/")  # the front door lists it
    assert re.search(
        rf">{seat_a}</a>.*?<td class=\"num total\">1</td>", site.get(f"/s/{hall.slug}/"), re.S
    )

    site.stop()  # the hall's connection drops
    record(table, strich_to("A"))
    call_command("push", "--once")
    state.refresh_from_db()
    assert "refused" in state.error.lower() and state.failed_at is not None
    assert state.pushed_version < Tournament.objects.get().version

    site.start()  # it returns
    call_command("push", "--once")
    state.refresh_from_db()
    assert state.error == "" and state.pushed_version == Tournament.objects.get().version
    assert re.search(
        rf">{seat_a}</a>.*?<td class=\"num total\">2</td>", site.get(f"/s/{hall.slug}/"), re.S
    )
    assert services.push_due() == []


def test_the_desk_says_whether_the_public_site_follows(desk, settings, hall, organiser):
    """No feed: nothing said. With one: not pushed yet; up to date; not reached since when."""
    address = reverse("tournament-detail", args=[hall.slug])
    assert "Public site" not in desk.get(address).content.decode()
    settings.PUSH_URL = "https://turnier.example.org"
    assert "turnier.example.org: not pushed yet" in desk.get(address).content.decode()
    PushState.objects.create(
        tournament=hall,
        pushed_version=hall.version,
        pushed_at=datetime.datetime(2026, 11, 28, 19, 2, tzinfo=datetime.UTC),
    )
    assert "up to date (pushed at 20:02)" in desk.get(address).content.decode()
    PushState.objects.filter(tournament=hall).update(
        failed_at=datetime.datetime(2026, 11, 28, 19, 5, tzinfo=datetime.UTC),
        error="[Errno 111] Connection refused",
    )
    html = desk.get(address).content.decode()
    assert (
        "not reached since 20:05; tried again every 15 s." in html and "Connection refused" in html
    )
