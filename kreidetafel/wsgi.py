"""WSGI entry point (gunicorn kreidetafel.wsgi, granian, ``runserver``)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kreidetafel.settings")
application = get_wsgi_application()

# What the start made (Django, the apps, their modules: some 64,000 objects) lives as long as
# the process: kept out of the garbage collector's full collections, which otherwise went through
# it again and again (90 ms each in a web process after the standings of 1,000 players, 35-50 ms
# without it: docs/benchmarks.md, issue 18's seventh pass). Collected first: a cycle left by the
# start would otherwise never go.
gc.collect()
gc.freeze()
