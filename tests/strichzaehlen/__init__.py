"""Strichzählen, a game that exists only in the tests (issue 16: "adding a game touches
``scoring/``, its module in ``tournaments.games`` and its templates, nothing else").

Its engine (:mod:`.engine`, plain Python on :class:`scoring.base.GameBase`), its web module
(:mod:`.web`, what ``tournaments.games.<key>`` holds for a real game) and its templates
(``templates/scoring/strichzaehlen/``) are registered by the ``strichzaehlen`` fixture of
``tests/tournaments/test_new_game.py``; nothing in ``tournaments/`` names it.
"""
