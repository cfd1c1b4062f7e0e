"""The article for the local paper, written from the results as a local paper reports the
Schapbach Hintersche world championship: a headline with the winner, the date and venue, how many
played and from which villages, the first four places with their figures in the game's unit
(shared places, Stechen and lot decisions said as such), the last place with the game's title
for it (Hintersche: the Bollenkönig) and the oldest player. Short sentences; every name with its
village in brackets.

Plain functions of the standings (the full standings: the article is the organiser's, never
hidden) and of the players' optional facts (home village, else club; year of birth). In the
active language: German first, English where the desk is in English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.messages import score_words
from tournaments.models import Tournament
from tournaments.names import sort_key
from tournaments.standings import Row, Standings, team_standings, tournament_standings

PLACES = 4
"""The places the article names (the paper prints the first four, as the prizes go)."""


@dataclass(frozen=True)
class Facts:
    """What the article says of a player besides his result."""

    name: str
    home: str
    """His home village, else his club; "" when neither is known."""
    birth_year: int | None


@dataclass(frozen=True)
class Article:
    """The article: ``text`` is what the organiser copies or downloads."""

    headline: str
    dateline: str
    paragraphs: tuple[str, ...]

    @property
    def text(self) -> str:
        """Headline, dateline and paragraphs, a blank line between them, ending in a newline."""
        return "\n\n".join((self.headline, self.dateline, *self.paragraphs)) + "\n"


def player_facts(tournament: Tournament) -> dict[int, Facts]:
    """Every player's :class:`Facts` by id (one query)."""
    rows = tournament.players.values_list("pk", "name", "village", "club", "birth_year")
    return {pk: Facts(name, village or club, year) for pk, name, village, club, year in rows}


def join_names(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _played(row: Row) -> bool:
    return any(not score.sat_out for score in row.rounds)


def _name(row: Row, facts: dict[int, Facts], members: dict[int, list[str]]) -> str:
    """A player as the paper names him, "Anton Faller (Schapbach)" (the standings' own label
    where two players share a name: it tells them apart already); a team with its players."""
    if members:
        return f"{row.player.name} ({join_names(members.get(row.player.pk, []))})"
    fact = facts.get(row.player.pk)
    if fact is None or not fact.home or row.player.name != fact.name:
        return row.player.name
    return f"{row.player.name} ({fact.home})"


def _placed(
    tournament: Tournament, standings: Standings, facts: dict[int, Facts]
) -> tuple[Standings, dict[int, list[str]]]:
    """The ranking the places go to: the teams' in a partnership game with registered teams
    (with each team's players), else the players' (and no members)."""
    if not tournament.teams_allowed or not tournament.teams.exists():
        return standings, {}
    members: dict[int, list[str]] = {}
    for row in sorted(standings.rows, key=lambda r: sort_key(r.player.name)):
        if row.player.team_id is not None:
            members.setdefault(row.player.team_id, []).append(_name(row, facts, {}))
    return team_standings(tournament, standings), members


def _place_line(game: str, group: list[Row], names: list[str]) -> str:
    """One place of the list: "1. Anton Faller (Schapbach), 0 Striche", with ", nach Stechen"
    where a Stechen he played decided it, ", durch Los" where the Stechen's lot alone placed him
    (he did not play), or the shared place with the score each."""
    values = {
        "place": group[0].rank,
        "names": join_names(names),
        "score": score_words(game, group[0].total),
    }
    if len(group) > 1:
        return _("%(place)s. %(names)s, %(score)s each (shared place)") % values
    if group[0].by_lot_drop:
        return _("%(place)s. %(names)s, %(score)s, by lot") % values
    if group[0].by_stechen:
        return _("%(place)s. %(names)s, %(score)s, after a Stechen") % values
    return _("%(place)s. %(names)s, %(score)s") % values


def _groups(rows: Sequence[Row]) -> list[list[Row]]:
    """The rows by rank; those sharing one by surname, as the paper lists them (the lot's order
    among them decides nothing)."""
    return [
        sorted(group, key=lambda row: sort_key(row.player.name))
        for _rank, group in groupby(rows, key=lambda row: row.rank)
    ]


def _players(count: int) -> str:
    return ngettext("%(count)s player", "%(count)s players", count) % {"count": count}


def _rounds(count: int) -> str:
    return ngettext("%(count)s round", "%(count)s rounds", count) % {"count": count}


def _intro(
    tournament: Tournament, standings: Standings, played: list[Row], facts: dict[int, Facts]
) -> str:
    """How many played, from how many villages (and which, those most came from first), how many
    rounds of which game."""
    homes = Counter(facts[row.player.pk].home for row in played if facts[row.player.pk].home)
    players = _players(len(played))
    if homes:
        players = ngettext(
            "%(players)s from %(count)s village", "%(players)s from %(count)s villages", len(homes)
        ) % {"players": players, "count": len(homes)}
    values = {"players": players, "game": tournament.get_game_display()}
    if tournament.finished:
        values["rounds"] = _rounds(len(standings.rounds))
        sentence = _("%(players)s played %(rounds)s of %(game)s.") % values
    else:
        planned = tournament.planned_rounds
        values["rounds"] = _rounds(planned)
        sentence = _("%(players)s are playing %(game)s; %(rounds)s are planned.") % values
    if not homes:
        return sentence
    ordered = sorted(homes, key=lambda home: (-homes[home], home.casefold()))
    came = _("They came from %(villages)s.") % {"villages": join_names(ordered)}
    return f"{sentence} {came}"


def _heading(tournament: Tournament, standings: Standings) -> str:
    """ "Final standings:" once finished; before, the standings after the latest round whose
    tables have all finished, or during the round still being played, said to be provisional."""
    if tournament.finished:
        return _("Final standings:")
    latest = standings.rounds[-1]
    cells = [row.cells[-1] for row in standings.rows if row.cells[-1] is not None]
    if all(cell.finished for cell in cells):
        return _("Standings after round %(number)s (provisional):") % {"number": latest}
    return _("Standings during round %(number)s (provisional):") % {"number": latest}


def _headline(tournament: Tournament, leaders: list[str]) -> str:
    values = {"tournament": tournament.name, "names": join_names(leaders)}
    if tournament.finished:
        return (
            ngettext(
                "%(tournament)s: %(names)s wins",
                "%(tournament)s: %(names)s share the win",
                len(leaders),
            )
            % values
        )
    return (
        ngettext("%(tournament)s: %(names)s leads", "%(tournament)s: %(names)s lead", len(leaders))
        % values
    )


def _last(tournament: Tournament, placed: Standings, names: dict[int, str]) -> str | None:
    """The last place, with the game's title for it once the tournament is finished (said even
    where the places listed reach it: the title is news); None while nobody has scored or
    everybody shares the first place."""
    last = placed.last
    if last is None or last.rank == 1:
        return None
    group = _groups(placed.rows)[-1]
    values = {
        "title": tournament.scoring_game.last_place_title or _("Last place"),
        "names": join_names([names[row.player.pk] for row in group]),
        "score": score_words(tournament.game, last.total),
    }
    if not tournament.finished:
        return _("Last place for now: %(names)s, %(score)s.") % values
    if len(group) > 1:
        return _("%(title)s: %(names)s, %(score)s each.") % values
    return _("%(title)s: %(names)s, %(score)s.") % values


def _oldest(tournament: Tournament, played: list[Row], facts: dict[int, Facts]) -> str | None:
    """The oldest player(s) who played, with the age reached in the tournament's year; None
    when no birth year is known."""
    born = [(facts[row.player.pk].birth_year, row) for row in played]
    years = [year for year, _row in born if year is not None]
    if not years:
        return None
    year = min(years)
    oldest = [_name(row, facts, {}) for birth, row in born if birth == year]
    values = {"names": join_names(oldest), "age": tournament.date.year - year, "year": year}
    return (
        ngettext(
            "The oldest player: %(names)s, %(age)s years old (born %(year)s).",
            "The oldest players: %(names)s, each %(age)s years old (born %(year)s).",
            len(oldest),
        )
        % values
    )


def article(tournament: Tournament, standings: Standings | None = None) -> Article:
    """The article for the paper from ``standings`` (by default the tournament's full standings)
    in the active language. Before the finish its standings are provisional ("after round N");
    before any round it says only that none has been played."""
    standings = standings if standings is not None else tournament_standings(tournament)
    facts = player_facts(tournament)
    dateline = date_format(tournament.date)
    if tournament.venue:
        dateline = _("%(date)s, %(venue)s") % {"date": dateline, "venue": tournament.venue}
    played = [row for row in standings.rows if _played(row)]
    if not played:
        paragraph = _("No round has been played yet.")
        return Article(tournament.name, dateline, (paragraph,))
    placed, members = _placed(tournament, standings, facts)
    names = {row.player.pk: _name(row, facts, members) for row in placed.rows}
    groups = [group for group in _groups(placed.rows) if group[0].rank <= PLACES]
    lines = [
        _place_line(tournament.game, group, [names[row.player.pk] for row in group])
        for group in groups
    ]
    closing = [
        sentence
        for sentence in (_last(tournament, placed, names), _oldest(tournament, played, facts))
        if sentence
    ]
    paragraphs = (
        _intro(tournament, standings, played, facts),
        "\n".join((_heading(tournament, standings), *lines)),
        *([" ".join(closing)] if closing else []),
    )
    leaders = [names[row.player.pk] for row in groups[0]]
    return Article(_headline(tournament, leaders), dateline, paragraphs)
