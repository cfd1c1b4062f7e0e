"""Words for what the rules engine says in codes: per game, a module of this package
(``tournaments.messages.<game key>``) with

* ``DEAL_MESSAGES``: the game's error codes → a sentence for the person at the table, with
  ``%(param)s`` placeholders filled from ``InvalidDeal.params``;
* ``OPTION_LABELS``: house-rule option → its label on the new-tournament form;
* ``CHOICE_LABELS``: a choice's value → its words;
* ``VARIANT_MESSAGES``: the game's codes for refused house rules → a sentence (no placeholders);
* ``TIEBREAK_LABELS``: a tie-break figure → its column heading in the standings.

The codes every game shares (Scoring specification §0.2) are in :mod:`.common`; a game's own
sentence for a shared code wins. All strings are lazy translations.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from tournaments.messages import common


@cache
def _module(game: str) -> ModuleType | None:
    try:
        return import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        return None


def _lookup(game: str, table: str, key: str) -> Any:
    module = _module(game)
    found = getattr(module, table, {}).get(key) if module else None
    return found if found is not None else getattr(common, table).get(key)


def deal_message(game: str, code: str) -> Any:
    """The sentence (lazy, with ``%(param)s`` placeholders) for an engine error ``code`` of
    ``game``, or None when there is none."""
    return _lookup(game, "DEAL_MESSAGES", code)


def option_label(game: str, option: str) -> Any:
    """The form label of a house-rule ``option`` of ``game``; the option's key if it has none."""
    return _lookup(game, "OPTION_LABELS", option) or option


def choice_label(game: str, value: str) -> Any:
    """The words for a house-rule choice ``value`` of ``game``; the value itself if none."""
    return _lookup(game, "CHOICE_LABELS", value) or value


def tiebreak_label(game: str, key: str) -> Any:
    """The standings column heading of a tie-break figure of ``game``; the key if none."""
    return _lookup(game, "TIEBREAK_LABELS", key) or key


def variant_message(game: str, code: str) -> Any:
    """The sentence for a refused house-rule configuration ``code`` of ``game``, or None."""
    return _lookup(game, "VARIANT_MESSAGES", code)


def entry_label(game: str, key: str) -> Any:
    """The words for an entry field ``key`` of ``game`` (``"points"``); the key if none."""
    return _lookup(game, "ENTRY_LABELS", key) or key
