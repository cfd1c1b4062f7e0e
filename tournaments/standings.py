"""Tournament standings: every table replayed through its game, per player the round scores,
the game's metric summed over the rounds, then the tie-breaks.

The game names its metric's direction and its tie-break keys (``Game.metric_ascending``,
``Game.tiebreaks``); the keys are implemented here because they are tournament figures
(Hintersche after the Schapbach world championship: Stechen, rounds with 0 Striche, countback,
lot). Five queries, however many players and tables.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import scoring
from tournaments.models import Bye, Deal, Player, Round, Seat, Tournament


@dataclass(frozen=True)
class RoundScore:
    """One player's result in one round: ``score`` in the game's unit (Hintersche: Striche)."""

    round: int
    score: int
    table: int | None = None
    """Table number, or None for a bye."""
    finished: bool = True
    """False while the table is still playing its unit (the score is provisional)."""

    @property
    def bye(self) -> bool:
        return self.table is None


@dataclass(frozen=True)
class Entrant:
    """The few facts of a player the standings need (no model instance: a 1,000-player table
    must not build 1,000 of them)."""

    pk: int
    name: str
    stechen_rank: int | None

    def __str__(self) -> str:
        return self.name


@dataclass
class Row:
    """One line of the standings."""

    player: Entrant
    rounds: list[RoundScore] = field(default_factory=list)
    total: int = 0
    """The metric summed over the rounds (byes at the game's bye score)."""
    rank: int = 0
    tied: bool = False
    """True when the rank is shared: equal on the metric and every tie-break but the lot."""
    cells: list[RoundScore | None] = field(default_factory=list)
    """The round scores aligned with ``Standings.rounds``; None where the player did not play."""
    by_lot: bool = False
    """True when the stored lot orders this player among the tied ones."""

    @property
    def zero_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.score == 0 and not r.bye and r.finished)

    @property
    def byes(self) -> int:
        return sum(1 for r in self.rounds if r.bye)


@dataclass(frozen=True)
class Standings:
    """The ranked rows, the round numbers they cover, and the last place."""

    rows: list[Row]
    rounds: list[int]
    tiebreaks: tuple[str, ...]

    @property
    def last(self) -> Row | None:
        """The player ranked last (Hintersche: the Bollenkönig), once any deal was played."""
        if len(self.rows) < 2 or not any(r.total for r in self.rows):
            return None
        return self.rows[-1]


def _tiebreak_keys(
    tournament: Tournament, rounds: list[int], ascending: bool
) -> dict[str, Callable[[Row], object]]:
    sign = 1 if ascending else -1

    def countback(row: Row) -> tuple[int, ...]:
        by_round = {r.round: r.score for r in row.rounds}
        return tuple(sign * by_round.get(n, 0) for n in reversed(rounds))

    def lot(row: Row) -> float:
        return random.Random(f"{tournament.lot_seed}:{row.player.pk}").random()

    return {
        "stechen": lambda row: row.player.stechen_rank or 10_000,
        "zero_rounds": lambda row: -row.zero_rounds,
        "countback": countback,
        "lot": lot,
    }


def _table_scores(
    tournament: Tournament, game: scoring.Game, variant: object
) -> Iterator[tuple[int, RoundScore]]:
    """Per seated player, the round score of his table: every table's deals replayed."""
    seats_by_table: dict[int, list[tuple[str, int]]] = defaultdict(list)
    where: dict[int, tuple[int, int]] = {}
    for table_id, label, player_id, table_number, round_number in Seat.objects.filter(
        table__round__tournament=tournament
    ).values_list("table_id", "label", "player_id", "table__number", "table__round__number"):
        seats_by_table[table_id].append((label, player_id))
        where[table_id] = (round_number, table_number)
    entries: dict[int, list[dict]] = defaultdict(list)
    for table_id, entry in (
        Deal.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "number")
        .values_list("table_id", "entry")
    ):
        entries[table_id].append(entry)
    for table_id, seats in seats_by_table.items():
        seats.sort()
        labels = tuple(label for label, _player in seats)
        # Stored deals passed the engine's validation when they were entered.
        steps = game.replay(entries[table_id], variant, labels, trusted=True)
        state = steps[-1].state if steps else game.initial(labels, variant)
        scores = {r.seat: r.score for r in state.result()}
        round_number, table_number = where[table_id]
        for label, player_id in seats:
            yield (
                player_id,
                RoundScore(
                    round=round_number,
                    score=scores[label],
                    table=table_number,
                    finished=state.unit_over,
                ),
            )


def tournament_standings(tournament: Tournament) -> Standings:
    """Rank every player of ``tournament`` by the game's metric summed over all rounds, then by
    the tournament's tie-break order (the game's own when none was chosen). Byes score the
    game's bye score and are flagged. Equal ranks are shared; the lot only orders within them.
    Five queries and no model instances, however many players (the page of a 1,000-player
    tournament is measured in ``docs/benchmarks.md``)."""
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    players = {
        pk: Row(player=Entrant(pk, name, stechen_rank))
        for pk, name, stechen_rank in Player.objects.filter(tournament=tournament).values_list(
            "pk", "name", "stechen_rank"
        )
    }
    rounds = list(Round.objects.filter(tournament=tournament).values_list("number", flat=True))
    for player_id, score in _table_scores(tournament, game, variant):
        players[player_id].rounds.append(score)
    for round_number, player_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player_id"
    ):
        players[player_id].rounds.append(RoundScore(round=round_number, score=game.bye_score))
    for row in players.values():
        by_round = {r.round: r for r in row.rounds}
        row.rounds = [by_round[n] for n in sorted(by_round)]
        row.cells = [by_round.get(number) for number in rounds]
        row.total = sum(r.score for r in row.rounds)

    order = tuple(tournament.tiebreaks) or game.tiebreak_order(variant)
    keys = _tiebreak_keys(tournament, rounds, game.metric_ascending)
    sign = 1 if game.metric_ascending else -1
    rank_keys = {
        pk: (sign * row.total, *(keys[k](row) for k in order if k != "lot"))
        for pk, row in players.items()
    }
    rows = sorted(
        players.values(),
        key=lambda row: (
            rank_keys[row.player.pk],
            keys["lot"](row) if "lot" in order else 0,
            row.player.name,
        ),
    )
    for index, row in enumerate(rows):
        previous = rows[index - 1] if index else None
        if previous is not None and rank_keys[previous.player.pk] == rank_keys[row.player.pk]:
            row.rank = previous.rank
            row.tied = previous.tied = True
            row.by_lot = previous.by_lot = "lot" in order
        else:
            row.rank = index + 1
    return Standings(rows=rows, rounds=rounds, tiebreaks=order)
