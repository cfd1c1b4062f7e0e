"""Benchmark settings: the app's own settings with one extra URLconf (``benchmarks.urls``) that adds
a bare Django view to compare the app's pages with. Selected by
``DJANGO_SETTINGS_MODULE=benchmarks.settings``; everything else still comes from the environment."""

from kreidetafel.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.urls"
