"""What the web layer knows of each game, one module per game: ``tournaments.games.<game key>``.

The rules engine (``scoring.<game key>``) decides; the game's module here says it to people and
on paper. Adding a game touches ``scoring/``, its module here and its templates
(``templates/scoring/<game key>/``), nothing else: every other part of the web layer looks the
game up by its key through :func:`module`. A game's module may define:

Words (read by :mod:`tournaments.messages`; lazy translations, German first):

* ``NAME``: the game's name where it is words to translate ("Bauerchen (Hessian variant)"),
  read by ``tournaments.models.game_choices``; without it the engine's ``Game.name``;

* ``DEAL_MESSAGES``: engine error code (or ``CODE@field``, ``TOO_LARGE`` / ``TOO_SMALL``,
  ``EMPTY``) → a sentence with ``%(param)s`` placeholders from ``InvalidDeal.params``, or a
  function of the params;
* ``OPTION_LABELS``, ``OPTION_HELP``, ``OPTION_SUGGESTED``, ``CHOICE_LABELS``: the house rules
  on the new-tournament form;
* ``CONTRACT_LABELS``, ``ENTRY_LABELS``, ``TIEBREAK_LABELS``, ``VARIANT_MESSAGES``;
* ``SCORE_WORDS`` (a lazy plural with ``%(count)s``: "3 Striche") and ``SCORE_COLUMN`` (the
  standings' column of the score, its unit: "Striche").

The paper grid typed in at the desk (read by :mod:`tournaments.paper`):

* ``columns(seats: tuple[str, ...]) -> list[Column]``: the grid's columns at a table;
* ``entry(cells, state) -> dict`` (optional): a typed row as the engine's raw entry.

Print (read by :mod:`tournaments.printing`):

* ``FIGURES``: the result table's figure columns (``printing.results.Figure``);
* ``RESULT_BY_TEAM`` (optional, default False): a line per team rather than per seat;
* ``statistics(tables) -> list[Statistic | None]`` (optional): the report's figures after the
  number of deals.

A game without a module here still plays: every lookup falls back to the words all games share
(:mod:`tournaments.messages.common`) and to no figures.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def module(game: str) -> ModuleType | None:
    """The web module of the game registered under ``game`` (``"hintersche"``), or None when
    the game has none. Imported once; later calls find it in ``sys.modules``."""
    try:
        return import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{game}":
            raise
        return None
