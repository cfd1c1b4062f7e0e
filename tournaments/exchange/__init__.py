"""A whole tournament as one JSON document: its export and its check (reads only).

The document (``{"format": "kreidetafel-tournament", "version": 1, ...}``, every field in
docs/backups.md) holds what was entered and decided: the tournament with its house rules, teams,
players, rounds with their tables, seats and byes, every deal with all its revisions, and the audit
log. Objects refer to each other by what is unique within the tournament (a player's and a team's
name, a round's number, a seat's label at its table), never by database ids, so a file loads into
any database. What is derived (a table's result and whether it is complete, a round's status short
of locked) is recomputed by replaying the deals through the game's engine.

The writes are services (``tournaments/services/exchange.py``): ``tournament_import`` (and
``tournament_restore``) first checks the whole document (shape and types, each value against the
model's own field rules, the references between objects, every deal replayed through the engine)
and collects every error with its JSON path (``rounds[2].tables[0].deals[5].entry.points.B: ...``);
only a document without errors is written, inside one transaction.
"""

from tournaments.exchange.check import (
    FORMAT,
    TOURNAMENT_KEYS,
    VERSION,
    Plan,
    check_document,
    check_replacement,
    player_labels,
)
from tournaments.exchange.export import export_tournament

__all__ = [
    "FORMAT",
    "VERSION",
    "Plan",
    "check_document",
    "check_replacement",
    "export_tournament",
    "player_labels",
    "TOURNAMENT_KEYS",
]
