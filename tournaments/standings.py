"""Tournament standings: every table's result (stored with its deals by the services, replayed
from the deals where none is stored), per player the round scores, the game's metric summed over
the rounds, then the tie-breaks.

The game names its metric's direction and its tie-break keys (``Game.metric_ascending``,
``Game.tiebreaks``). The tournament figures among them are computed here (Hintersche after the
Schapbach world championship: Stechen, rounds with 0 Striche, countback, lot); every other key
is a figure the game reports per seat (Bauerchen's knoddel difference, Kein Stich's payments into
the pot), summed over the rounds. A handful of queries, however many players and tables.
"""

from __future__ import annotations

import gc
import hashlib
import json
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import NamedTuple

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

import scoring
from tournaments.models import Bye, Deal, Player, Round, Seat, Table, Tournament
from tournaments.names import labels, sort_key
from tournaments.selectors import play_order, players_by_label

_NO_FIGURES: dict[str, int] = {}
"""The figures of a round without a table (a bye, a round missed): none."""


class RoundScore(NamedTuple):
    """One player's result in one round: ``score`` in the game's unit (Hintersche: Striche).

    A named tuple, immutable like the frozen dataclass it was, and built positionally: the
    standings of 1,000 players over 10 rounds make 10,000 of these, and a frozen dataclass's
    ``__init__`` (one ``object.__setattr__`` a field) costs several times a tuple's."""

    round: int
    score: int
    table: int | None = None
    """Table number, or None for a bye."""
    finished: bool = True
    """False while the table is still playing its unit (the score is provisional)."""
    figures: Mapping[str, int] = _NO_FIGURES
    """The game's tie-break figures of this round (``SeatResult.figures``); empty for a bye.
    Never changed once built (the default is shared)."""
    missed: bool = False
    """A round the player was not there for (registered later, or withdrawn before it): it
    scores the round's worst result, so that staying away never beats playing."""

    @property
    def bye(self) -> bool:
        return self.table is None and not self.missed

    @property
    def sat_out(self) -> bool:
        """Not at a table that round: a bye or a round missed (never a tie-break's winner)."""
        return self.table is None


@dataclass(frozen=True)
class Entrant:
    """The few facts of a player the standings need (no model instance: a 1,000-player table
    must not build 1,000 of them)."""

    pk: int
    name: str
    """As lists show it (:func:`tournaments.names.labels`)."""
    stechen_rank: int | None = None
    withdrawn: bool = False
    team_id: int | None = None

    def __str__(self) -> str:
        return self.name


@dataclass(slots=True)
class Row:
    """One line of the standings."""

    player: Entrant
    rounds: list[RoundScore] = field(default_factory=list)
    total: int = 0
    """The metric summed over the rounds (byes at the bye score, missed rounds at the round's
    worst)."""
    rank: int = 0
    tied: bool = False
    """True when the rank is shared: equal on the metric and every tie-break but the lot."""
    cells: list[RoundScore | None] = field(default_factory=list)
    """The round scores aligned with ``Standings.rounds``; None where the player did not play."""
    by_lot: bool = False
    """True when the stored lot orders this player among the tied ones."""
    by_stechen: bool = False
    """True when the Stechen stage placed this player among others level on the total: a
    Stechen he played, or its lot (:mod:`tournaments.stechen`; :attr:`by_lot_drop` tells
    which)."""
    stechen_pending: bool = False
    """True while this player's Stechen is under way: the lot let him in or the Stechen tables
    are drawn, and every player of it still shares Stechen place 1 (:meth:`TieGroup.outcome
    <tournaments.stechen.TieGroup.outcome>` "plays"). His place is provisional, by the next
    tie-breaks; never :attr:`by_stechen`."""
    by_lot_drop: bool = False
    """True when the Stechen's lot alone placed this player: his group did not fill whole
    tables and the lot dropped him out of the Stechen (or the group was smaller than a table, or
    the tournament decides its ties by the lot alone); he never played it. Implies
    :attr:`by_stechen`."""

    @property
    def decided_by(self) -> str:
        """What placed this player among others level with him, as the standings mark it:
        ``"stechen"`` (a Stechen he played), ``"lot"`` (the Stechen's lot or the standings'
        lot) or ``""``."""
        if self.by_stechen and not self.by_lot_drop:
            return "stechen"
        return "lot" if self.by_lot_drop or self.by_lot else ""

    @property
    def zero_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.score == 0 and not r.sat_out and r.finished)

    @property
    def byes(self) -> int:
        return sum(1 for r in self.rounds if r.bye)

    def figure(self, key: str) -> int:
        """A tie-break figure: the clean rounds (``"zero_rounds"``) or the game's figure summed
        over the player's rounds."""
        if key == "zero_rounds":
            return self.zero_rounds
        return sum(r.figures.get(key, 0) for r in self.rounds)


@dataclass(frozen=True)
class Standings:
    """The ranked rows, the round numbers they cover, and the last place."""

    rows: list[Row]
    rounds: list[int]
    tiebreaks: tuple[str, ...]
    hors_concours: tuple[str, ...] = ()
    """The names of the players außer Konkurrenz (substitutes): they played, unranked."""

    @property
    def marks(self) -> dict[str, bool]:
        """Which of the cell marks the rows use: ``bye`` (*), ``missed`` (°)."""
        cells = [cell for row in self.rows for cell in row.cells if cell is not None]
        return {
            "bye": any(cell.bye for cell in cells),
            "missed": any(cell.missed for cell in cells),
        }

    @property
    def figure_columns(self) -> tuple[str, ...]:
        """The tie-breaks shown as columns: every one in force but the Stechen, the countback
        and the lot (which the rank already shows)."""
        return tuple(k for k in self.tiebreaks if k not in ("stechen", "countback", "lot"))

    @property
    def last(self) -> Row | None:
        """The player ranked last (Hintersche: the Bollenkönig), once any deal was played."""
        if len(self.rows) < 2 or not any(r.total for r in self.rows):
            return None
        return self.rows[-1]

    def __reduce__(self) -> tuple[Callable[..., Standings], tuple]:
        """Pickled (into the cache) as plain tuples (:func:`_packed`): pickling 10,000 round
        scores as objects, and reading them back, cost about as much again as computing them."""
        rows = [_packed(row) for row in self.rows]
        return _unpickled, (rows, self.rounds, self.tiebreaks, self.hors_concours)


_ROW_FIELDS = tuple(f.name for f in fields(Row) if f.name not in ("rounds", "cells"))
"""The fields of a :class:`Row` pickled as they are; its round scores go as plain tuples."""


def _packed(row: Row) -> tuple[tuple, list[tuple | None]]:
    """``row`` as pickled: its fields but the round scores, and the round scores aligned with
    the rounds (:attr:`Row.cells`) as plain tuples (:attr:`Row.rounds` are the cells there
    are)."""
    values = tuple(getattr(row, name) for name in _ROW_FIELDS)
    return values, [None if cell is None else tuple(cell) for cell in row.cells]


def _unpickled(
    rows: list[tuple[tuple, list[tuple | None]]],
    rounds: list[int],
    tiebreaks: tuple[str, ...],
    hors_concours: tuple[str, ...],
) -> Standings:
    """The standings :meth:`Standings.__reduce__` pickled."""
    unpacked = []
    for values, packed in rows:
        cells = [None if cell is None else RoundScore._make(cell) for cell in packed]
        rounds_played = [cell for cell in cells if cell is not None]
        unpacked.append(
            Row(**dict(zip(_ROW_FIELDS, values, strict=True)), rounds=rounds_played, cells=cells)
        )
    return Standings(rows=unpacked, rounds=rounds, tiebreaks=tiebreaks, hors_concours=hors_concours)


def _tiebreak_keys(
    tournament: Tournament, game: scoring.Game, order: tuple[str, ...]
) -> dict[str, Callable[[Row], object]]:
    """A sort key per tie-break of ``order`` (smaller ranks first): the tournament figures
    computed here, and every other key as the game's figure summed over the rounds."""
    sign = 1 if game.metric_ascending else -1

    def countback(row: Row) -> tuple[float, ...]:
        # The round scores from the last round back (Row.cells: one a round ranked, None where
        # the player has no score: 0). A bye or a missed round never wins a countback: the
        # player who played comes first.
        return tuple(
            [
                0 if cell is None else math.inf if cell.sat_out else sign * cell.score
                for cell in reversed(row.cells)
            ]
        )

    def lot(row: Row) -> bytes:
        # By name (with what tells two players of one name apart: unique in the tournament),
        # not database id: an exported tournament imported or restored elsewhere draws the
        # same lot (docs/backups.md).
        return hashlib.blake2b(f"{tournament.lot_seed}:{row.player.name}".encode()).digest()

    def figure(key: str) -> Callable[[Row], int]:
        direction = 1 if key in game.fewest_first else -1
        return lambda row: direction * row.figure(key)

    keys: dict[str, Callable[[Row], object]] = {
        "stechen": lambda row: row.player.stechen_rank or 10_000,
        "countback": countback,
        "lot": lot,
    }
    return {key: keys.get(key) or figure(key) for key in (*order, "lot")}


def counted_deals(tournament: Tournament) -> QuerySet[Deal]:
    """The deals that count: all of them, or only the confirmed ones where the tournament wants
    a second player's confirmation."""
    deals = Deal.objects.filter(table__round__tournament=tournament)
    if tournament.confirmation_required:
        deals = deals.filter(confirmed_at__isnull=False)
    return deals


def table_result(state: scoring.State) -> dict[str, object]:
    """A table's result as :attr:`Table.result` keeps it: per seat label the round score and the
    tie-break figures, and whether the unit of play is over:
    ``{"seats": {"A": [2, {...}], ...}, "unit_over": true}``."""
    return {
        "seats": {r.seat: [r.score, dict(r.figures)] for r in state.result()},
        "unit_over": state.unit_over,
    }


def _seated(tournament: Tournament, rounds: list[int]) -> dict[int, dict[str, int]]:
    """Per table id of the regular ``rounds`` (their numbers), its players' ids by seat label
    (:func:`~tournaments.selectors.players_by_label`). One query."""
    return players_by_label(
        Seat.objects.filter(
            table__round__tournament=tournament,
            table__round__number__in=rounds,
            table__round__stechen_first_place__isnull=True,
        )
    )


def _stored_results(
    tournament: Tournament, rounds: list[int]
) -> dict[int, tuple[int, int, dict | None]]:
    """Per table id of the regular ``rounds`` its round number, table number and result as the
    services stored it (:func:`table_result`; None where none is stored). One query; the results
    are read as their JSON text and decoded in one ``json.loads`` for all of them (one call a
    table cost 2,500 calls' overhead at championship scale)."""
    tables = list(
        Table.objects.filter(
            round__tournament=tournament,
            round__number__in=rounds,
            round__stechen_first_place__isnull=True,
        )
        .order_by()
        .values_list("pk", "round__number", "number", Cast("result", TextField()))
    )
    stored = [text for *_where, text in tables if text is not None]
    decoded = iter(json.loads(f"[{','.join(stored)}]"))
    return {
        pk: (round_number, number, None if text is None else next(decoded))
        for pk, round_number, number, text in tables
    }


def _table_results(
    tournament: Tournament,
    game: scoring.Game,
    variant: object,
    seated: dict[int, dict[str, int]],
    rounds: list[int],
) -> dict[int, tuple[int, int, dict]]:
    """Per table id its round number, table number and result (:func:`table_result`) as the
    services stored it with its draw, its last deal, confirmation or correction. A table without
    one (drawn before results were stored) is replayed from its counted deals (``seated``:
    :func:`_seated`); a read never writes, so its next deal stores it."""
    tables = _stored_results(tournament, rounds)
    missing = [table_id for table_id, (*_where, result) in tables.items() if result is None]
    entries: dict[int, list[dict]] = defaultdict(list)
    for table_id, entry in (
        counted_deals(tournament)
        .filter(table_id__in=missing)
        .order_by("table_id", "number")
        .values_list("table_id", "entry")
    ):
        entries[table_id].append(entry)
    for table_id in missing:
        labels = play_order(game, seated[table_id])
        # Stored deals passed the engine's validation when they were entered.
        steps = game.replay(entries[table_id], variant, labels, trusted=True)
        result = table_result(steps[-1].state if steps else game.initial(labels, variant))
        tables[table_id] = (*tables[table_id][:2], result)
    return tables


def _table_scores(
    tournament: Tournament, game: scoring.Game, variant: object, rounds: list[int]
) -> dict[int, list[RoundScore]]:
    """Per seated player's id, the round scores of his tables in ``rounds``, one a round, in no
    particular order."""
    seated = _seated(tournament, rounds)
    tables = _table_results(tournament, game, variant, seated, rounds)
    scores: dict[int, list[RoundScore]] = defaultdict(list)
    for table_id, players in seated.items():
        round_number, table_number, result = tables[table_id]
        seats, finished = result["seats"], result["unit_over"]
        for label, player_id in players.items():
            score, figures = seats[label]
            scores[player_id].append(
                RoundScore(round_number, score, table_number, finished, figures)
            )
    return scores


def stechen_playing(group: int, table_size: int | None) -> int:
    """How many of ``group`` players level on the total play the Stechen: as many as fill
    whole tables of ``table_size`` (0 when the group is smaller than a table, or ``table_size``
    is None, nobody playing one: the lot alone decides). Those the lot drops take the group's
    Stechen places after these."""
    if not table_size:
        return 0
    return group // table_size * table_size


def stechen_under_way(ranks: Sequence[int | None], table_size: int | None) -> bool:
    """Whether the Stechen of a group level on the total, its players' Stechen ranks ``ranks``,
    is under way: those in it (all of a group filling whole tables, else those the lot let in,
    :func:`stechen_playing`) all still share Stechen place 1 (the lot drawn or the Stechen
    tables drawn, no result yet)."""
    playing = stechen_playing(len(ranks), table_size)
    in_it = [rank for rank in ranks if rank is not None and rank <= playing]
    return len(in_it) > 1 and all(rank == 1 for rank in in_it)


def _rank(
    rows: list[Row],
    order: tuple[str, ...],
    keys: dict[str, Callable[[Row], object]],
    sign: int,
    table_size: int | None = None,
) -> list[Row]:
    """Sort ``rows`` by the metric then the tie-breaks of ``order``; equal keys share a rank (the
    lot, if in ``order``, only orders within them). ``table_size``: how many play at one Stechen
    table (None: nobody plays one, the lot alone decides), to tell a place the Stechen's lot gave
    from one a Stechen gave."""
    rank_key = _rank_key(order, keys, sign)
    lot = keys["lot"] if "lot" in order else None
    # (rank key, lot, name, index): each computed once a row; the index keeps two rows from
    # ever being compared themselves.
    ranked = sorted(
        (rank_key(row), lot(row) if lot else 0, row.player.name, index)
        for index, row in enumerate(rows)
    )
    rank_keys = [key for key, *_rest in ranked]
    rows = [rows[index] for *_keys, index in ranked]
    for index, row in enumerate(rows):
        previous = rows[index - 1] if index else None
        if previous is not None and rank_keys[index - 1] == rank_keys[index]:
            row.rank = previous.rank
            row.tied = previous.tied = True
            # Partners share their team's result: the lot between them decides nothing.
            partners = (
                row.player.team_id is not None and row.player.team_id == previous.player.team_id
            )
            row.by_lot = "lot" in order and not partners
            previous.by_lot = previous.by_lot or row.by_lot
        else:
            row.rank = index + 1
    if "stechen" in order:
        _mark_stechen(rows, table_size)
    return rows


def _rank_key(
    order: tuple[str, ...], keys: dict[str, Callable[[Row], object]], sign: int
) -> Callable[[Row], tuple]:
    """A row's place before the lot: ``(sign * total, *the tie-breaks of order but the lot)``;
    equal keys share a rank."""
    tiebreaks = [keys[k] for k in order if k != "lot"]
    return lambda row: (sign * row.total, *[key(row) for key in tiebreaks])


def _mark_stechen(rows: list[Row], table_size: int | None) -> None:
    """Mark the places the Stechen stage gave among players level on the total (:attr:`Row.
    by_stechen`, :attr:`Row.by_lot_drop`) and those whose Stechen is still under way
    (:attr:`Row.stechen_pending`, :func:`stechen_under_way`)."""
    level: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        level[row.total].append(row)
    for group in level.values():
        if len(group) < 2:
            continue
        playing = stechen_playing(len(group), table_size)
        pending = stechen_under_way([row.player.stechen_rank for row in group], table_size)
        for row in group:
            rank = row.player.stechen_rank
            # Stechen places past those who played are the lot's (tournaments.stechen.TieGroup).
            row.by_lot_drop = rank is not None and rank > playing and not row.tied
            row.stechen_pending = pending and rank == 1
            row.by_stechen = rank is not None and not row.tied and not row.stechen_pending


def _fill(row: Row, scores: Iterable[RoundScore], rounds: list[int]) -> Row:
    """``row`` with its scores of ``rounds`` (round numbers, ascending; ``scores`` of other
    rounds are left out): :attr:`Row.cells` aligned with them, :attr:`Row.rounds` the cells
    there are, :attr:`Row.total` their sum."""
    by_round = {r.round: r for r in scores}
    row.cells = [by_round.get(number) for number in rounds]
    row.rounds = [cell for cell in row.cells if cell is not None]
    row.total = sum([r.score for r in row.rounds])
    return row


def bye_score(tournament: Tournament, game: scoring.Game, played: Sequence[int]) -> int:
    """What a bye scores in a round where the players at the tables scored ``played`` (in the
    game's unit): the tournament's fixed score, or the round's average rounded to the worse
    side (up where fewer is better, as Hintersche's Striche; down where more is better), so that
    sitting out never beats playing; the fixed score while nobody has played that round."""
    if tournament.bye_policy == Tournament.ByePolicy.FIXED or not played:
        return tournament.bye_score
    average = Fraction(sum(played), len(played))
    return math.ceil(average) if game.metric_ascending else math.floor(average)


def _played(scores: Mapping[int, list[RoundScore]]) -> dict[int, list[int]]:
    """Round number → the scores of the players at its tables."""
    played: dict[int, list[int]] = defaultdict(list)
    for rounds in scores.values():
        for score in rounds:
            played[score.round].append(score.score)
    return played


def _worst_scores(game: scoring.Game, played: Mapping[int, list[int]]) -> dict[int, int]:
    """Each round's worst result at the tables (``played``: :func:`_played`; most Striche where
    fewer are better, else the fewest): what a round missed scores."""
    pick = max if game.metric_ascending else min
    return {number: pick(values) for number, values in played.items()}


def _bye_scores(
    tournament: Tournament, game: scoring.Game, played: Mapping[int, list[int]]
) -> Callable[[int], int]:
    """The bye score of each round (:func:`bye_score`), from the round scores at the tables
    (``played``: :func:`_played`)."""
    by_round = {number: bye_score(tournament, game, values) for number, values in played.items()}
    return lambda number: by_round.get(number, tournament.bye_score)


@dataclass(frozen=True)
class _Scores:
    """What the standings are ranked from: the ranked players and each one's round scores (at
    the tables, byes, rounds missed) for the rounds read."""

    entrants: list[Entrant]
    scores: dict[int, list[RoundScore]]
    """Per player's pk his round scores, one a round read (none before he first played)."""
    hors_concours: tuple[str, ...]


def _scores(
    tournament: Tournament, game: scoring.Game, variant: object, rounds: list[int]
) -> _Scores:
    """Every ranked player's round scores in ``rounds``: his tables' (stored results), byes at
    :func:`bye_score`, rounds missed at the round's worst. Each round's figures depend on that
    round alone, so the scores of all rounds serve the standings after any of them. Five
    queries."""
    facts = Player.objects.filter(tournament=tournament).values_list(
        "pk",
        "name",
        "club",
        "start_number",
        "stechen_rank",
        "withdrawn",
        "team_id",
        "hors_concours",
    )
    shown = labels(f[:4] for f in facts)
    entrants = {
        pk: Entrant(pk, shown[pk], stechen_rank, withdrawn, team_id)
        for pk, _name, _club, _number, stechen_rank, withdrawn, team_id, hors in facts
        if not hors
    }
    at_tables = _table_scores(tournament, game, variant, rounds)
    # A substitute's results are neither ranked nor averaged.
    scores: dict[int, list[RoundScore]] = defaultdict(
        list, {pk: at_tables[pk] for pk in entrants if pk in at_tables}
    )
    played = _played(scores)
    bye_scores = _bye_scores(tournament, game, played)
    worst = _worst_scores(game, played)
    for round_number, player_id in Bye.objects.filter(
        round__tournament=tournament, round__number__in=rounds
    ).values_list("round__number", "player_id"):
        scores[player_id].append(RoundScore(round=round_number, score=bye_scores(round_number)))
    for pk in entrants:
        there = {score.round for score in scores[pk]}
        scores[pk].extend(
            RoundScore(round=number, score=worst[number], missed=True)
            for number in rounds
            if number not in there and number in worst
        )
    return _Scores(
        entrants=list(entrants.values()),
        scores=scores,
        hors_concours=tuple(sorted((shown[f[0]] for f in facts if f[-1]), key=sort_key)),
    )


def _ranked(
    tournament: Tournament, game: scoring.Game, variant: object, read: _Scores, rounds: list[int]
) -> Standings:
    """The standings over ``rounds`` (their numbers, ascending) from the scores ``read``: each
    player's scores of those rounds summed, then ranked by the tie-breaks. No query."""
    rows = [
        _fill(Row(player=entrant), read.scores[entrant.pk], rounds) for entrant in read.entrants
    ]
    order = tuple(tournament.tiebreaks) or game.tiebreak_order(variant)
    keys = _tiebreak_keys(tournament, game, order)
    sign = 1 if game.metric_ascending else -1
    return Standings(
        rows=_rank(rows, order, keys, sign, tournament.stechen_table_size),
        rounds=rounds,
        tiebreaks=order,
        hors_concours=read.hors_concours,
    )


def _round_numbers(tournament: Tournament, through_round: int | None = None) -> list[int]:
    rounds_query = Round.objects.filter(tournament=tournament)
    if through_round is not None:
        rounds_query = rounds_query.filter(number__lte=through_round)
    return list(rounds_query.values_list("number", flat=True))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while the standings are built, back on after (if
    it was on; other threads meanwhile only go without it as long). The standings build some
    50,000 containers for a 1,000-player table of 10 rounds, none of them in a cycle: with the
    collector on they set off some 70 young collections and, every other time, a full one of
    the whole process, which alone was a third of the cold standings. After, the next young
    collection sees only what is kept, the temporaries already freed by their counts."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def tournament_standings(tournament: Tournament, *, through_round: int | None = None) -> Standings:
    """Rank every player of ``tournament`` by the game's metric summed over all rounds (or the
    rounds up to ``through_round``: the standings after that round), then by the tournament's
    tie-break order (the game's own when none was chosen). Byes score :func:`bye_score` and
    are flagged (never winning a countback); withdrawn players keep their results, flagged.
    Equal ranks are shared; the lot only orders within them (not between partners). Six queries
    and no model instances, however many players (the page of a 1,000-player tournament is
    measured in ``docs/benchmarks.md``)."""
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    rounds = _round_numbers(tournament, through_round)
    with _collector_paused():
        return _ranked(
            tournament, game, variant, _scores(tournament, game, variant, rounds), rounds
        )


def standings_after_each_round(tournament: Tournament) -> dict[int, Standings]:
    """Per round number the standings after it, as :func:`tournament_standings` with
    ``through_round`` gives them, in one pass: the scores read once (six queries in all), then
    ranked over the rounds up to each (the championship report's leaders and chart: ten rounds
    read ten times took half a second)."""
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    rounds = _round_numbers(tournament)
    with _collector_paused():
        read = _scores(tournament, game, variant, rounds)
        return {
            number: _ranked(tournament, game, variant, read, [n for n in rounds if n <= number])
            for number in rounds
        }


def team_standings(tournament: Tournament, standings: Standings) -> Standings:
    """The registered teams ranked like the players: a team's round score is its members' (the
    partners share their table's result; the first member's counts where one sat out), summed
    over the rounds, with the same tie-breaks (a team has no Stechen place of its own). One
    query."""
    game = tournament.scoring_game
    names = dict(tournament.teams.values_list("pk", "name"))
    members: dict[int, list[Row]] = defaultdict(list)
    for row in sorted(standings.rows, key=lambda r: r.player.name):
        if row.player.team_id in names:
            members[row.player.team_id].append(row)
    rows = []
    for team_id, name in names.items():
        if team_id not in members:
            continue  # a substitute team außer Konkurrenz
        scores: dict[int, RoundScore] = {}
        for member in members[team_id]:
            for score in member.rounds:
                scores.setdefault(score.round, score)
        rows.append(_fill(Row(player=Entrant(team_id, name)), scores.values(), standings.rounds))
    keys = _tiebreak_keys(tournament, game, standings.tiebreaks)
    sign = 1 if game.metric_ascending else -1
    return Standings(
        rows=_rank(rows, standings.tiebreaks, keys, sign),
        rounds=standings.rounds,
        tiebreaks=standings.tiebreaks,
    )


STANDINGS_SECONDS = 3600
"""How long computed standings stay in the cache; any write raises the tournament's version, so
a stale entry is never read."""


_LOCAL: dict[str, Standings] = {}
"""This process's computed standings by cache key, where the cache is the local-memory one (the
process's own, as this is): kept as computed, never pickled. Pickling 1,000 players' standings
into that cache cost about as much as computing them, for a cold page and for every new version's
glance."""
LOCAL_SIZE = 8


def cached_standings(tournament: Tournament, *, through_round: int | None = None) -> Standings:
    """:func:`tournament_standings`, kept in Django's cache (Redis when ``REDIS_URL`` is set)
    under the tournament's ``version``, which every write raises; with the local-memory cache,
    in this process's :data:`_LOCAL` instead (the newest :data:`LOCAL_SIZE`). Standings computed
    here are stored and returned as computed, not read back from the cache (whatever another
    process stored under the same version meanwhile is the same standings), saving a cold request
    one more unpickling of some 10,000 round scores (Django's ``get_or_set`` reads them back).
    The standings are shared, not copied: no caller changes them."""
    key = f"standings:v7:{tournament.pk}:{tournament.version}:{through_round}"
    if isinstance(caches["default"], LocMemCache):
        found = _LOCAL.get(key)
        if found is None:
            found = tournament_standings(tournament, through_round=through_round)
            while len(_LOCAL) >= LOCAL_SIZE:
                del _LOCAL[next(iter(_LOCAL))]
            _LOCAL[key] = found
        return found
    found = cache.get(key)
    if found is None:
        found = tournament_standings(tournament, through_round=through_round)
        cache.add(key, found, timeout=STANDINGS_SECONDS)
    return found


def forget() -> None:
    """Empty :data:`_LOCAL`, as ``cache.clear()`` empties the cache."""
    _LOCAL.clear()
