"""The Django project: settings (``kreidetafel.settings``) and the WSGI entry point
(``gunicorn kreidetafel.wsgi``). The app itself is ``tournaments`` (its routes in
``tournaments/urls.py``); the rules engine is ``scoring``."""
