"""Bauerchen's paper grid: the dealer, the first team's card points, the Spritzen, each team's
melds and a Kart' ab (Scoring specification §2.4, minimal entry; NS is the first team)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournaments.paper import Column, default_entry

TEAMS = ("NS", "EW")


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer, card points NS, Spritzen, melds per team (20s and 40s, e.g. ``20 40``), and the
    Kart' ab player with its result."""
    yes_no = (("true", _("won")), ("false", _("lost")))
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        Column("cp_NS", _("Card points NS")),
        Column("spritz", _("Spritzen")),
        *(
            Column(f"_melds_{team}", _("Melds %(team)s") % {"team": team}, kind="text")
            for team in TEAMS
        ),
        Column("solo.player", _("Kart' ab by"), kind="seat"),
        Column("solo.won", _("Kart' ab"), kind="choice", choices=yes_no),
    ]


def entry(cells: Mapping[str, str], state: Any) -> dict[str, Any]:
    """The row as the minimal entry; each team's melds cell (``20 40``) becomes one meld per
    number, ``{"team": "NS", "kind": 20}``; anything else typed there stays as typed for the
    engine to refuse."""
    found = default_entry(cells, state)
    melds = []
    for team in TEAMS:
        for kind in re.split(r"[\s,;+]+", cells.get(f"_melds_{team}", "").strip()):
            if kind:
                melds.append({"team": team, "kind": int(kind) if kind.isdigit() else kind})
    if melds:
        found["melds"] = melds
    return found
