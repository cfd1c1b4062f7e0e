"""Settings for Kreidetafel: one file, every value from an environment variable with a safe
local default (SQLite, local-memory cache, DEBUG on for a laptop in a pub)."""

from __future__ import annotations

import datetime
from pathlib import Path
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "insecure-local-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

PUBLIC_URL = env.str("KREIDETAFEL_PUBLIC_URL", default="").strip().rstrip("/")
"""The address the players' phones reach the site at, scheme, host and port only (such as
``http://192.168.1.20:8000``, the laptop in the hall's network): every QR code and printed link
(table cards, table sheets) starts with it instead of the address the organiser's browser used
(see ``tournaments.links``). Empty: those links follow the browser's address. Its host is
answered to as if it were in ``DJANGO_ALLOWED_HOSTS``."""
if PUBLIC_URL:
    _public = urlsplit(PUBLIC_URL)
    try:
        _public.port  # noqa: B018 - raises ValueError for a port that is no number
    except ValueError:
        _public = None
    if (
        _public is None
        or _public.scheme not in ("http", "https")
        or not _public.hostname
        or _public.path
        or _public.query
        or _public.fragment
        or _public.username is not None
    ):
        raise ImproperlyConfigured(
            "KREIDETAFEL_PUBLIC_URL must be a scheme, host and port only, "
            f"such as http://192.168.1.20:8000 (not {PUBLIC_URL!r})."
        )
    _host = _public.hostname
    ALLOWED_HOSTS.append(f"[{_host}]" if ":" in _host else _host)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "tournaments.middleware.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournaments.middleware.ContentSecurityPolicyMiddleware",  # django-csp's, without 304s
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: it answers a locked-out login
]

ROOT_URLCONF = "tournaments.urls"
WSGI_APPLICATION = "kreidetafel.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "builtins": ["template_partials.templatetags.partials"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

FORM_RENDERER = "tournaments.forms.FieldRenderer"
"""Every form field through templates/forms/field.html (a checkbox before its own label)."""

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# Each server thread keeps its connection between requests: opening one costs 0.5 ms (SQLite) to
# 3 ms (PostgreSQL), more than a phone's refresh itself (docs/benchmarks.md, issue 18).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("KREIDETAFEL_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A laptop in a pub: WAL lets the room's phones read the standings while a table writes a
    # deal (the default journal blocks readers during every write); write transactions take the
    # lock when they begin, so two tables' entries wait for each other instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL;",
        transaction_mode="IMMEDIATE",
        timeout=20,
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": env.cache("REDIS_URL", default="locmemcache://kreidetafel")}
if CACHES["default"]["BACKEND"].endswith("LocMemCache"):
    # One cached result per table: a 1,000-player evening is 1,000 tables, above the default 300.
    CACHES["default"].setdefault("OPTIONS", {})["MAX_ENTRIES"] = 50_000

TASKS = {
    # Slow documents (the championship report, a round's table sheets) are made in the background
    # by `manage.py db_worker`, which scripts/demo starts beside the web server.
    "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]},
}
PRINT_DIR = Path(env.str("KREIDETAFEL_PRINT_DIR", default=str(BASE_DIR / "printed")))
"""Where the documents made in the background are kept (one PDF per tournament, document, round,
version and language), until the tournament changes and they are made again."""

BACKUP_DIR = Path(env.str("KREIDETAFEL_BACKUP_DIR", default=str(BASE_DIR / "backups")))
"""Where the automatic and manual backups of each tournament are kept (one JSON file each)."""
BACKUPS_KEPT = env.int("KREIDETAFEL_BACKUPS_KEPT", default=30)
"""How many backups of one tournament are kept; the oldest go first."""

PUBLIC_REFRESH_SECONDS = env.int("KREIDETAFEL_PUBLIC_REFRESH_SECONDS", default=5)
"""The public pages show a new version of the standings at most this often (0: at once)."""
PUBLIC_MOVE_ON_IN_BACKGROUND = env.bool("KREIDETAFEL_PUBLIC_MOVE_ON_IN_BACKGROUND", default=True)
"""The new version's standings for the public pages are made by a thread of the web worker
whose request found them due, which meanwhile answers with the version before
(``services.shown_version_advance``); False: by that request itself (the tests)."""

# The hall feeds the public site (docs/deploy.md): the hall's installation pushes its public
# tournaments to PUSH_URL; the public installation takes them with the same PUSH_KEY and gives
# them to its user PUSH_OWNER. Empty: no feed.
PUSH_URL = env.str("KREIDETAFEL_PUSH_URL", default="").rstrip("/")
PUSH_KEY = env.str("KREIDETAFEL_PUSH_KEY", default="")
PUSH_OWNER = env.str("KREIDETAFEL_PUSH_OWNER", default="")
PUSH_SECONDS = env.int("KREIDETAFEL_PUSH_SECONDS", default=15)
"""How often the hall's `manage.py push` looks for changes to push (and retries a failure)."""

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First, so that a locked-out login is refused before the password is even checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("KREIDETAFEL_LOGIN_FAILURE_LIMIT", default=5)
"""Failed logins in a row, for one user name from one address, before that pair is locked out."""
AXES_COOLOFF_TIME = datetime.timedelta(
    minutes=env.int("KREIDETAFEL_LOGIN_COOLOFF_MINUTES", default=15)
)
"""How long a locked-out user name and address wait before they may try again."""
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A stranger guessing one organiser's password locks only himself out, not the organiser at the
# pub's laptop, nor everybody behind the same address.
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.login_guard.lockout_response"
AXES_CLIENT_IP_CALLABLE = "tournaments.login_guard.client_ip"
AXES_USERNAME_CALLABLE = "tournaments.login_guard.client_username"
TRUSTED_PROXIES = env.int("KREIDETAFEL_TRUSTED_PROXIES", default=0)
"""How many proxies of our own (nginx, Caddy, a load balancer) stand in front of the app, each
appending the address it saw to ``X-Forwarded-For``; 0 trusts no such header (a laptop)."""

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = env.str("DJANGO_LANGUAGE_CODE", default="de")
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # the language switch remembers the choice for a year
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("DJANGO_TIME_ZONE", default="Europe/Berlin")
USE_I18N = True
USE_TZ = True

MEDIA_ROOT = Path(env.str("KREIDETAFEL_MEDIA_DIR", default=str(BASE_DIR / "media")))
"""Uploaded files (photos of paper table sheets); served only to the tournament's organisers,
through a view, never as public static files."""
PAPER_PHOTO_MAX_BYTES = env.int("KREIDETAFEL_PAPER_PHOTO_MAX_BYTES", default=15 * 1024 * 1024)
"""The largest photo of a paper table sheet the desk accepts (a phone's photo is 2–6 MB)."""

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "style-src": ["'self'"],
        "script-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- HTTPS. On with DEBUG off: a public site is served over TLS (its proxy's or its own).
HTTPS = env.bool("DJANGO_HTTPS", default=not DEBUG)
"""The site is reached over https: secure cookies, HSTS and the redirect from http follow. Set
``DJANGO_HTTPS=0`` for a laptop on the pub's network, which has no certificate."""
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=HTTPS)
if env.bool("DJANGO_BEHIND_TLS_PROXY", default=False):
    # The proxy terminates TLS and says so; it must overwrite this header from the client.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = HTTPS
CSRF_COOKIE_HTTPONLY = True  # htmx sends the token from the page (hx-headers), not the cookie
SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=365 * 24 * 3600 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_HSTS_PRELOAD", default=False)
"""Asks browsers' preload lists to know the domain; only once it is submitted at
hstspreload.org (``check --deploy`` warns while it is off)."""
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # a table's private link never leaves in a Referer
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
}
