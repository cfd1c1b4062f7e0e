"""Hundertspiel's paper grid: the dealer, each account's points of the deal, a party that
declared out during the deal with what each account had counted up to the claim, and an
announced 26 or 52 (Vienna 1829, §25–§27; Scoring specification §3.5, minimal entry)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.hundertspiel import table_of
from tournaments.paper import Column


def columns(seats: tuple[str, ...]) -> list[Column]:
    """Dealer; points per account (the parties AC and BD, or each of three players); who
    declared out and the points counted up to the claim; the announcement's player, 26 or 52,
    Contra calls and whether it was made."""
    accounts = table_of(seats).accounts
    choices = tuple((a, a) for a in accounts)
    return [
        Column("dealer", _("Dealer"), kind="seat"),
        *(Column(f"points.{a}", _("points"), seat=a) for a in accounts),
        Column("end.claimant", _("Out by"), kind="choice", choices=choices),
        *(Column(f"end.old.{a}", _("up to the claim"), seat=a) for a in accounts),
        Column("announcement.player", _("26/52 by"), kind="seat"),
        Column(
            "announcement.type", _("26 / 52"), kind="choice", choices=(("26", "26"), ("52", "52"))
        ),
        Column("announcement.contra", _("Contra")),
        Column(
            "announcement.made",
            _("made"),
            kind="choice",
            choices=(("true", _("yes")), ("false", _("no"))),
        ),
    ]
