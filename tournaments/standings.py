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
from collections.abc import Callable
from dataclasses import dataclass, field

from tournaments.models import Bye, Deal, Player, Round, Seat, Table, Tournament


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


@dataclass
class Row:
    """One line of the standings."""

    player: Player
    rounds: list[RoundScore] = field(default_factory=list)
    rank: int = 0
    tied: bool = False
    """True when the rank is shared: equal on the metric and every tie-break but the lot."""
    cells: list[RoundScore | None] = field(default_factory=list)
    """The round scores aligned with ``Standings.rounds``; None where the player did not play."""
    by_lot: bool = False
    """True when the stored lot orders this player among the tied ones."""

    @property
    def total(self) -> int:
        return sum(r.score for r in self.rounds)

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


def tournament_standings(tournament: Tournament) -> Standings:
    """Rank every player of ``tournament`` by the game's metric summed over all rounds, then by
    the tournament's tie-break order (the game's own when none was chosen). Byes score the
    game's bye score and are flagged. Equal ranks are shared; the lot only orders within them."""
    game = tournament.scoring_game
    variant = game.variant(tournament.variant)
    players = {p.pk: Row(player=p) for p in Player.objects.filter(tournament=tournament)}
    rounds = list(Round.objects.filter(tournament=tournament).values_list("number", flat=True))

    seats_by_table: dict[int, list[Seat]] = defaultdict(list)
    tables: dict[int, Table] = {}
    for seat in Seat.objects.filter(table__round__tournament=tournament).select_related(
        "table__round"
    ):
        seats_by_table[seat.table_id].append(seat)
        tables[seat.table_id] = seat.table
    entries: dict[int, list[dict]] = defaultdict(list)
    for table_id, entry in (
        Deal.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "number")
        .values_list("table_id", "entry")
    ):
        entries[table_id].append(entry)

    for table_id, seats in seats_by_table.items():
        seats.sort(key=lambda s: s.label)
        labels = tuple(s.label for s in seats)
        steps = game.replay(entries[table_id], variant, labels)
        state = steps[-1].state if steps else game.initial(labels, variant)
        results = {r.seat: r for r in state.result()}
        table = tables[table_id]
        for seat in seats:
            players[seat.player_id].rounds.append(
                RoundScore(
                    round=table.round.number,
                    score=results[seat.label].score,
                    table=table.number,
                    finished=state.unit_over,
                )
            )
    for round_number, player_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "round__number", "player_id"
    ):
        players[player_id].rounds.append(RoundScore(round=round_number, score=game.bye_score))
    for row in players.values():
        row.rounds.sort(key=lambda r: r.round)
        by_round = {r.round: r for r in row.rounds}
        row.cells = [by_round.get(number) for number in rounds]

    order = tuple(tournament.tiebreaks) or game.tiebreak_order(variant)
    keys = _tiebreak_keys(tournament, rounds, game.metric_ascending)
    sign = 1 if game.metric_ascending else -1

    def rank_key(row: Row) -> tuple:
        return (sign * row.total, *(keys[k](row) for k in order if k != "lot"))

    rows = sorted(
        players.values(),
        key=lambda row: (rank_key(row), keys["lot"](row) if "lot" in order else 0, row.player.name),
    )
    for index, row in enumerate(rows):
        previous = rows[index - 1] if index else None
        if previous is not None and rank_key(previous) == rank_key(row):
            row.rank = previous.rank
            row.tied = previous.tied = True
            row.by_lot = previous.by_lot = "lot" in order
        else:
            row.rank = index + 1
    return Standings(rows=rows, rounds=rounds, tiebreaks=order)
