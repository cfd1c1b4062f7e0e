"""Strichzählen's rules: each deal one player wins and chalks a Strich; after ``deals`` deals
(three unless the house rules say otherwise) the table's round is over and the most Striche
rank first. A game of the tests only, so its source is this module ("Strichzählen, test game")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scoring.base import Event, GameBase, InvalidDeal, InvalidVariant, Option, SeatResult, Step
from scoring.checks import entry_object

KEY = "strichzaehlen"
SOURCE = "Strichzählen, test game"


@dataclass(frozen=True)
class Variant:
    """The house rules: how many deals make a table's round."""

    deals: int = 3


@dataclass(frozen=True)
class State:
    """Striche per seat after ``deals`` deals."""

    seats: tuple[str, ...]
    striche: Mapping[str, int]
    deals: int = 0
    unit_over: bool = False

    def result(self) -> tuple[SeatResult, ...]:
        """Each seat's Striche, its score (most first)."""
        return tuple(
            SeatResult(seat, self.striche[seat], {"striche": self.striche[seat]})
            for seat in self.seats
        )

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data."""
        return {"seats": list(self.seats), "striche": dict(self.striche), "deals": self.deals}


@dataclass(frozen=True)
class Deal:
    """One parsed deal: the seat that won it."""

    winner: str = field()


class Strichzaehlen(GameBase):
    """The game, in the three steps of :class:`scoring.base.GameBase`."""

    key: ClassVar[str] = KEY
    name: ClassVar[str] = "Strichzählen"
    table_sizes: ClassVar[tuple[int, ...]] = (4, 3)
    metric_ascending: ClassVar[bool] = False
    tiebreaks: ClassVar[tuple[str, ...]] = ("countback", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    last_place_title: ClassVar[str | None] = None

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules; ``deals`` a whole number ≥ 1. Raises InvalidVariant otherwise."""
        options = dict(options or {})
        deals = options.pop("deals", 3)
        if options:
            raise InvalidVariant(next(iter(options)), "UNKNOWN_OPTION", "unknown option")
        if not isinstance(deals, int) or deals < 1:
            raise InvalidVariant("deals", "INVALID_OPTION_VALUE", "deals must be ≥ 1")
        return Variant(deals)

    def table_size(self, variant: Variant) -> int:
        return 4

    def options(self) -> tuple[Option, ...]:
        return (Option("deals", 3, minimum=1),)

    def seats(self, count: int) -> tuple[str, ...]:
        return tuple("ABCD"[:count])

    def initial(self, seats: Sequence[str], variant: Variant) -> State:
        return State(tuple(seats), dict.fromkeys(seats, 0))

    def parse(
        self, entry: Mapping[str, Any], state: State, variant: Variant, *, trusted: bool = False
    ) -> Deal:
        """``{"winner": "B"}`` → ``Deal("B")``; UNKNOWN_PLAYER on ``winner`` for anything else."""
        entry_object(entry, {"winner"})
        winner = entry.get("winner")
        if winner not in state.seats:
            raise InvalidDeal("winner", "UNKNOWN_PLAYER", f"no seat {winner!r}", value=winner)
        return Deal(winner)

    def legality(self, deal: Deal, state: State, variant: Variant) -> tuple[()]:
        """MATCH_OVER once the table's round is over."""
        if state.unit_over:
            raise InvalidDeal("deal", "MATCH_OVER", "the table's round is over")
        return ()

    def push(self, deal: Deal, state: State, variant: Variant) -> Step:
        striche = {**state.striche, deal.winner: state.striche[deal.winner] + 1}
        deals = state.deals + 1
        event = Event("strich", (deal.winner,), {"striche": striche[deal.winner]}, SOURCE)
        return Step(State(state.seats, striche, deals, deals >= variant.deals), (event,))


GAME = Strichzaehlen()
