"""Settings for Kreidetafel: one file, every value from an environment variable with a safe
local default (SQLite, local-memory cache, DEBUG on for a laptop in a pub)."""

from __future__ import annotations

from pathlib import Path

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

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
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
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "tournaments.urls"
WSGI_APPLICATION = "tournaments.wsgi.application"

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

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
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

BACKUP_DIR = Path(env.str("KREIDETAFEL_BACKUP_DIR", default=str(BASE_DIR / "backups")))
"""Where the automatic and manual backups of each tournament are kept (one JSON file each)."""
BACKUPS_KEPT = env.int("KREIDETAFEL_BACKUPS_KEPT", default=30)
"""How many backups of one tournament are kept; the oldest go first."""

PUBLIC_REFRESH_SECONDS = env.int("KREIDETAFEL_PUBLIC_REFRESH_SECONDS", default=5)
"""The public pages show a new version of the standings at most this often (0: at once)."""

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
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

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "style-src": ["'self'"],
        "script-src": ["'self'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="WARNING")},
}
