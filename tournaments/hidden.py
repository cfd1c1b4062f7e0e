"""Live standings hidden from a round on ("das Turnier bleibt spannend"): which rounds the public
pages (standings, projector, players' pages, the final documents) may show.

The organiser sets ``Tournament.standings_hidden_from_round`` (N). Once a round from N on is
drawn, the public pages show the standings through round N − 1 only, until the organiser shows
them again at the prize-giving (``Tournament.standings_revealed``, written by
``services.standings_reveal``). The desk, the article for the paper and the organiser's documents
always show everything: they never ask this module.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from tournaments.models import Round, Tournament


def latest_round(field: str = "number") -> Subquery:
    """An annotation for a tournament query: a ``field`` of its latest round drawn (by default
    its number; None before the first), so that the public pages learn it in the query that
    finds the tournament."""
    rounds = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number")
    return Subquery(rounds.values(field)[:1])


def hidden_through(tournament: Tournament, latest: int | None) -> int | None:
    """The last round the public pages show while the standings are hidden: N − 1 (0 when hidden
    from round 1: no round) once round N or a later one is drawn (``latest``: the latest round
    drawn, None before the first) and the standings are not shown again; None when nothing is
    hidden."""
    start = tournament.standings_hidden_from_round
    if start is None or tournament.standings_revealed or latest is None or latest < start:
        return None
    return start - 1


def public_through(tournament: Tournament) -> int | None:
    """:func:`hidden_through` of ``tournament``, its latest round read from the database (one
    query; none when nothing is to be hidden)."""
    if tournament.standings_hidden_from_round is None or tournament.standings_revealed:
        return None
    latest = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return hidden_through(tournament, latest)
