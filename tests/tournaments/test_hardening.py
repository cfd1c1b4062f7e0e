"""Hardening (issue 7, part 4): the production settings pass ``check --deploy``, no secret is in
the repository, table links are unguessable, the Content-Security-Policy needs no inline code,
logins are throttled by django-axes and error pages show no details outside DEBUG."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.http import HttpRequest
from django.test import Client
from django.urls import include, path, reverse

from tests.helpers import TABLE_SIZES, points_post
from tournaments import services
from tournaments.login_guard import client_ip
from tournaments.models import AuditEntry, Deal, Seat, Table, new_token

ROOT = Path(__file__).resolve().parents[2]


def _run_django(args: list[str], **env: str) -> subprocess.CompletedProcess:
    """``python args`` in the project with only ``env`` as the Django settings' environment."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "KREIDETAFEL_"))}
    clean.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "kreidetafel.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "turnier.example.org",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://turnier.example.org",
    "DJANGO_BEHIND_TLS_PROXY": "1",
    "DJANGO_HSTS_PRELOAD": "1",
}
"""The production environment of docs/deploy.md, with a fresh random secret key."""


# --- settings ----------------------------------------------------------------------------------


def test_check_deploy_is_clean_with_production_settings():
    result = _run_django(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_with_the_laptop_defaults():
    """The check can fail: DEBUG on (the laptop default) is refused at the WARNING level."""
    result = _run_django(["manage.py", "check", "--deploy", "--fail-level", "WARNING"])
    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG


def test_settings_refuse_to_start_without_a_secret_key_in_production():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    result = _run_django(["manage.py", "check"], **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def _production_settings(**extra: str) -> dict[str, object]:
    code = (
        "import json; from django.conf import settings as s; print(json.dumps({n: getattr(s, n)"
        " for n in ('SECURE_SSL_REDIRECT', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE',"
        " 'SECURE_HSTS_SECONDS', 'SECURE_PROXY_SSL_HEADER', 'AXES_FAILURE_LIMIT',"
        " 'TRUSTED_PROXIES')}))"
    )
    import json

    result = _run_django(["-c", f"import django; django.setup(); {code}"], **PRODUCTION, **extra)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_production_turns_on_https_and_a_year_of_hsts():
    values = _production_settings()
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True and values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_HSTS_SECONDS"] == 365 * 24 * 3600
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["AXES_FAILURE_LIMIT"] == 5
    assert values["TRUSTED_PROXIES"] == 0


def test_a_laptop_without_a_certificate_switches_https_off():
    values = _production_settings(
        DJANGO_HTTPS="0", KREIDETAFEL_LOGIN_FAILURE_LIMIT="8", KREIDETAFEL_TRUSTED_PROXIES="1"
    )
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["SECURE_HSTS_SECONDS"] == 0
    assert values["AXES_FAILURE_LIMIT"] == 8
    assert values["TRUSTED_PROXIES"] == 1


SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "AWS access key": re.compile(r"\bAKIA[0-9A-Z]{16}\b"),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "Slack token": re.compile(r"\bxox[abpors]-[A-Za-z0-9-]{10,}"),
    "generated Django key": re.compile("django-" + "insecure-"),  # split: not found here
    # A key written into the code, unless it says it is for development or benchmarks only.
    "secret key literal": re.compile(
        r"SECRET_KEY\s*=\s*['\"](?![^'\"]*not-for-production|[^'\"]*do-not-use-in-production)"
        r"[^'\"]{30,}['\"]"
    ),
    "password in a URL": re.compile(r"://[\w.-]+:(?!pw@|password@|\.\.\.@|…@)[^@\s/]{6,}@"),
}


def _tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_secret_is_in_the_repository():
    files = _tracked_files()
    assert any(f.name == "settings.py" for f in files)
    found = []
    for file in files:
        if not file.is_file() or file.suffix in {".png", ".pdf", ".mo", ".woff2"}:
            continue
        text = file.read_text(errors="replace")
        found += [
            f"{file.relative_to(ROOT)}: {what}"
            for what, p in SECRET_PATTERNS.items()
            if p.search(text)
        ]
    assert found == []
    assert not any(f.name in {".env", "id_rsa", "id_ed25519"} for f in files)


def test_the_secret_patterns_find_what_they_look_for():
    # Built from pieces, so that this file does not hold what the scan looks for.
    assert SECRET_PATTERNS["private key"].search("-----BEGIN OPENSSH " + "PRIVATE KEY-----")
    assert SECRET_PATTERNS["password in a URL"].search("postgres://kt:s3cr3t-" + "pass@db:5432/kt")
    assert SECRET_PATTERNS["secret key literal"].search("SECRET_KEY = '" + "x7" * 25 + "'")
    assert not SECRET_PATTERNS["password in a URL"].search("postgres://user:pw@127.0.0.1/k")


# --- table links -------------------------------------------------------------------------------


def test_table_links_carry_128_random_bits():
    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    # 16 random bytes in URL-safe base64: 22 characters of 64 possible, 6 bits each (128 bits).
    assert {len(t) for t in tokens} == {22}
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", t) for t in tokens)
    assert len(set("".join(tokens))) == 64


def test_every_table_and_seat_has_its_own_token(table):
    tokens = [table.token, *Seat.objects.filter(table=table).values_list("token", flat=True)]
    assert len(set(tokens)) == 5 and all(len(t) == 22 for t in tokens)


def test_a_guessed_token_finds_no_table(client, table):
    assert client.get(reverse("table-detail", args=[table.token[:-1] + "x"])).status_code == 404
    assert client.get(reverse("table-detail", args=["1"])).status_code == 404


# --- Content-Security-Policy: no inline code on any page ----------------------------------------

INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "style element": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"<[^>]+\sstyle\s*=", re.I),
    "event handler": re.compile(r"<[^>]+\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.I),
}


def _inline_code(html: str) -> list[str]:
    return [what for what, pattern in INLINE.items() if pattern.search(html)]


def test_the_inline_code_finder_finds_inline_code():
    assert _inline_code("<script>alert(1)</script>") == ["inline script"]
    assert _inline_code('<p style="color:red">') == ["style attribute"]
    assert _inline_code('<button onclick="x()">') == ["event handler"]
    assert _inline_code('<script src="/static/js/x.js" defer></script>') == []


def _pages(make_tournament, organiser) -> list[str]:
    """Every page of the desk, the tables of every game, the public pages and the login."""
    pages = [reverse("tournament-list"), reverse("tournament-create"), reverse("login")]
    pages.append(reverse("front-door"))
    for game, players in TABLE_SIZES.items():
        tournament = make_tournament(players=players, game=game, name=f"Turnier {game}")
        table = services.round_draw(tournament=tournament, seed=1).tables.get()
        seat = table.seats.select_related("player").first()
        slug = tournament.slug
        pages += [
            table.get_absolute_url(),
            seat.get_absolute_url(),
            reverse("table-correct", args=[table.token]),
            reverse("standings", args=[slug]),
            reverse("seat-search", args=[slug]) + "?q=Spieler",
            reverse("player-detail", args=[slug, seat.player.pk]),
            reverse("projector", args=[slug]),
            reverse("projector", args=[slug]) + "?part=seating",
            reverse("tournament-detail", args=[slug]),
            reverse("tournament-settings", args=[slug]),
            reverse("audit-log", args=[slug]),
            reverse("round-detail", args=[slug, 1]),
            reverse("round-cards", args=[slug, 1]),
        ]
    return pages


def test_no_page_needs_inline_code_and_the_policy_allows_none(client, make_tournament, organiser):
    pages = _pages(make_tournament, organiser)
    client.force_login(organiser)
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert "frame-ancestors 'none'" in policy
        assert _inline_code(response.content.decode()) == [], url


def test_a_304_goes_out_without_the_policy_the_page_keeps_it(client, tournament):
    """The browser keeps the headers of the page it holds when told 304 (RFC 9111, 4.3.4): the
    policy is sent with every page, not with the 304s of the phones' polls."""
    address = reverse("standings", args=[tournament.slug])
    page = client.get(address)
    assert "script-src 'self'" in page["Content-Security-Policy"]
    again = client.get(address, headers={"If-None-Match": page["ETag"]})
    assert again.status_code == 304
    assert "Content-Security-Policy" not in again


def test_htmx_parts_kept_apart_from_their_page_go_out_without_the_policy(client, tournament):
    """A part of a page fetched by htmx is swapped into the page, which keeps its own policy: the
    standings' refresh (``Vary: HX-Request``) goes out without one, as no cache hands it out as
    the page; the page at the same address keeps it, and so does a part that does not say it
    varies by ``HX-Request`` (the room's strip)."""
    address = reverse("standings", args=[tournament.slug])
    part = client.get(address, headers={"HX-Request": "true"})
    assert part.status_code == 200 and "HX-Request" in part["Vary"]
    assert "Content-Security-Policy" not in part
    assert "script-src 'self'" in client.get(address)["Content-Security-Policy"]
    strip = client.get(
        reverse("room-strip", args=[tournament.slug]), headers={"HX-Request": "true"}
    )
    assert strip.status_code == 200 and "HX-Request" not in strip.get("Vary", "")
    assert "script-src 'self'" in strip["Content-Security-Policy"]


def test_htmx_does_not_inject_its_indicator_style(client, tournament):
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert '"includeIndicatorStyles": false' in html


def test_security_headers_in_production(client, settings, tournament):
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_SSL_REDIRECT = True
    insecure = client.get(reverse("standings", args=[tournament.slug]))
    assert insecure.status_code == 301 and insecure["Location"].startswith("https://")
    response = Client().get(reverse("standings", args=[tournament.slug]), secure=True)
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


# --- login throttling ------------------------------------------------------------------------


def _login(client: Client, password: str, address: str = "203.0.113.7"):
    return client.post(
        reverse("login"), {"username": "orga", "password": password}, REMOTE_ADDR=address
    )


def test_five_wrong_passwords_lock_the_name_out_from_that_address(client, organiser):
    for _attempt in range(4):
        assert _login(client, "falsch").status_code == 200
    locked = _login(client, "falsch")
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "Too many failed logins" in html and "next 15 minutes" in html
    # Even the right password is refused now, and no session is opened.
    assert _login(client, "pw-orga-123").status_code == 429
    assert "_auth_user_id" not in client.session
    # The organiser at another address is not locked out.
    assert _login(Client(), "pw-orga-123", address="198.51.100.2").status_code == 302


def test_a_successful_login_resets_the_count(client, organiser):
    for _attempt in range(4):
        _login(client, "falsch")
    assert _login(client, "pw-orga-123").status_code == 302
    assert not AccessAttempt.objects.filter(failures_since_start__gt=0).exists()
    client.logout()
    for _attempt in range(4):
        assert _login(client, "falsch").status_code == 200


@pytest.mark.german
def test_the_lockout_page_is_german_first(client, organiser):
    for _attempt in range(5):
        response = _login(client, "falsch")
    assert response.status_code == 429
    assert '<html lang="de">' in response.content.decode()


def _request(remote: str, forwarded: str | None = None) -> HttpRequest:
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = remote
    if forwarded is not None:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded
    return request


def test_without_proxies_the_forwarded_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = 0
    assert client_ip(_request("203.0.113.7", "10.9.9.9")) == "203.0.113.7"


def test_behind_proxies_the_address_the_outermost_proxy_saw_counts(settings):
    settings.TRUSTED_PROXIES = 1
    # The client forged the first entry; nginx appended the address it saw.
    assert client_ip(_request("127.0.0.1", "10.9.9.9, 203.0.113.7")) == "203.0.113.7"
    settings.TRUSTED_PROXIES = 2
    assert client_ip(_request("10.0.0.2", "10.9.9.9, 203.0.113.7, 10.0.0.1")) == "203.0.113.7"
    assert client_ip(_request("10.0.0.2", "10.0.0.1")) == "10.0.0.2"  # too short: not trusted


# --- error pages ---------------------------------------------------------------------------------


def _broken_view(request):
    raise RuntimeError("secret detail: table 7 replay failed")


urlpatterns = [path("broken/", _broken_view), path("", include("tournaments.urls"))]


@pytest.fixture
def production_errors(settings, db):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__


def test_a_crash_shows_the_plain_500_page(client, production_errors):
    client.raise_request_exception = False
    response = client.get("/broken/")
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert "secret detail" not in html and "Traceback" not in html and "RuntimeError" not in html
    assert _inline_code(html) == []


def test_a_missing_page_shows_the_plain_404_page(client, production_errors):
    response = client.get("/t/no-such-token/")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()
    assert "no-such-token" not in response.content.decode()


@pytest.mark.german
def test_the_404_page_is_translated(client, production_errors):
    response = client.get("/nowhere/")
    assert response.status_code == 404
    assert '<html lang="de">' in response.content.decode()


def test_a_post_without_the_csrf_token_shows_the_plain_403_page(production_errors, table):
    client = Client(enforce_csrf_checks=True)
    response = client.post(table.get_absolute_url(), points_post(A=70, B=30, C=25, D=15))
    assert response.status_code == 403
    assert "Form expired" in response.content.decode()
    assert "CSRF" not in response.content.decode()
    assert (
        not Deal.objects.exists()
        and not AuditEntry.objects.filter(action=AuditEntry.Action.DEAL_RECORD).exists()
    )


def test_a_bad_host_gets_the_plain_400_page(client, production_errors, table):
    response = client.get(table.get_absolute_url(), HTTP_HOST="evil.example.com")
    assert response.status_code == 400
    assert "Bad request" in response.content.decode()
    assert Table.objects.count() == 1
