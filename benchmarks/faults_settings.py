"""Settings of the servers ``benchmarks/faults.py`` starts: the benchmark settings, and a cache
key prefix of the run's own (``KREIDETAFEL_FAULTS_CACHE_PREFIX``), so that runs sharing one Redis
database never read each other's entries (a fresh database reuses the ids the keys are made of)."""

import os

from benchmarks.settings import *  # noqa: F403
from benchmarks.settings import CACHES

CACHES["default"]["KEY_PREFIX"] = os.environ.get("KREIDETAFEL_FAULTS_CACHE_PREFIX", "")
