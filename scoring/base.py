"""The contract every game of the rules engine offers.

Plain Python: no Django, no database, no I/O. The web layer stores what a table entered (the raw
entry, a JSON object) and asks a :class:`Game` what it means; everything derived is recomputed by
replaying the entries in order (Scoring specification §0.1: "a deal record is the only thing that
is ever stored").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol


class InvalidDeal(ValueError):
    """A deal the table can fix: the entry breaks a rule of the game.

    Attributes:
        field: the entry field that is wrong, as named in the entry (``"points.B"``, ``"outcome"``,
            ``"tricks"``, ``"game"``); ``"deal"`` when the whole deal is refused.
        code: a stable error code from the Scoring specification (§0.2 and each game's chapter),
            e.g. ``"SUM_MISMATCH"``; the web layer translates it.
        message: a plain English explanation quoting the input, for logs and the command line.
        params: the figures the message is built from (``{"total": 139, "expected": 140}``), so a
            translated message can quote them too.
    """

    def __init__(self, field: str, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{field}: {code}: {message}")
        self.field = field
        self.code = code
        self.message = message
        self.params = params

    def as_dict(self) -> dict[str, Any]:
        """The error as JSON-ready ``{"field", "code", "message", "params"}``."""
        return {
            "field": self.field,
            "code": self.code,
            "message": self.message,
            "params": self.params,
        }


class InvalidVariant(ValueError):
    """A house-rule configuration the engine refuses (e.g. an unknown option, card values that do
    not add up to the total). It belongs to no deal (Scoring specification §7, all games)."""

    def __init__(self, option: str, code: str, message: str) -> None:
        super().__init__(f"{option}: {code}: {message}")
        self.option = option
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Event:
    """Something a deal did, for the web layer to explain in the user's language.

    ``Event("strich", seats=("B",), figures={"points": 61}, source="Hintersche after Schoch 2014,
    Vier-Strich")`` reads "B takes a Strich: most card points, 61".
    """

    kind: str
    """Stable name of what happened, e.g. ``"strich"``, ``"hundred"``, ``"butzen"``, ``"void"``,
    ``"vierstrich_over"``, ``"sits_out"``, ``"drops_out"``, ``"game_lost"``, ``"rubber_over"``."""
    seats: tuple[str, ...] = ()
    """The seats it happened to, in playing order."""
    figures: Mapping[str, Any] = field(default_factory=dict)
    """The numbers behind it (card points, Striche, frame marks, ...), JSON-ready."""
    source: str = ""
    """Where a referee can read the rule, e.g. ``"Hintersche after Schoch 2014, Butzen"``."""


@dataclass(frozen=True)
class Warning:
    """A remark that does not block the deal (Scoring specification §0.1), e.g.
    ``DEALER_ROTATION``."""

    field: str
    code: str
    message: str


@dataclass(frozen=True)
class Option:
    """One house rule an organiser may set (a field of the game's ``Variant``)."""

    name: str
    """The option's key in the variant's JSON, e.g. ``"hundred_threshold"``."""
    default: bool | int | str
    """The value when the organiser leaves it alone."""
    choices: tuple[str, ...] = ()
    """The allowed values of a text option, default first; empty for numbers and yes/no."""
    minimum: int | None = None
    """The smallest allowed value of a whole-number option."""


@dataclass(frozen=True)
class SeatResult:
    """What the standings rank one seat by after a table's unit of play.

    ``score`` is the game's tournament metric in its own unit (Hintersche: Striche received, fewest
    first; in a partnership game every seat of a team carries the team's figure); ``figures``
    carries the tie-break figures the game names in ``Game.tiebreaks``, as whole numbers.
    """

    seat: str
    score: int
    figures: Mapping[str, int] = field(default_factory=dict)


class State(Protocol):
    """The derived state of one table after a deal; immutable (a frozen dataclass per game)."""

    seats: tuple[str, ...]
    deals: int
    unit_over: bool

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, the figures the standings rank by."""
        ...

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints)."""
        ...


@dataclass(frozen=True)
class Step:
    """One deal replayed: the state after it, what it did, and its non-blocking warnings."""

    state: Any
    events: tuple[Event, ...] = ()
    warnings: tuple[Warning, ...] = ()


class Game(Protocol):
    """What each game module offers (``scoring.games["hintersche"]``)."""

    key: ClassVar[str]
    """Registry key, e.g. ``"hintersche"``."""
    name: ClassVar[str]
    """The game's own name, e.g. ``"Hintersche"``."""
    table_sizes: ClassVar[tuple[int, ...]]
    """How many players may sit at one table, the usual size first."""
    metric_ascending: ClassVar[bool]
    """True when the fewest ``SeatResult.score`` ranks first (Hintersche's Striche)."""
    tiebreaks: ClassVar[tuple[str, ...]]
    """Tie-break keys in the game's default order (see each game's module). The tournament
    figures ``"stechen"``, ``"zero_rounds"``, ``"countback"`` and ``"lot"`` are computed by the
    standings; any other key names a figure of :attr:`SeatResult.figures`, summed over a
    player's rounds, the most ranking first unless the key is in :attr:`fewest_first`."""
    fewest_first: ClassVar[frozenset[str]]
    """Figure tie-breaks where the fewest ranks first (Kein Stich: paid into the pot)."""
    bye_score: ClassVar[int]
    """What a player scores for a round he sits out with a bye, in the metric's unit."""
    last_place_title: ClassVar[str | None]
    """The game's name for the last place (Hintersche: "Bollenkönig"), or None."""
    stechen_options: ClassVar[Mapping[str, Any]]
    """The house-rule options a Stechen table plays under when the game has a play-off of its
    own (Hintersche: ``{"tournament_round": "stechen"}``, one Strich each, played as a Butzen);
    empty when it has none (a Stechen then plays one deal or one game: :mod:`scoring.playoff`)."""
    partnerships: ClassVar[bool]
    """True when four players play in two fixed partnerships, the partners opposite each other
    at seat positions 0/2 and 1/3 (Bauerchen's NS/EW, Hundertspiel's AC/BD): registered teams
    are drawn together and ranked together."""

    def variant(self, options: Mapping[str, Any] | None = None) -> Any:
        """The house rules from JSON options; missing options take their defaults.

        Raises:
            InvalidVariant: an unknown option or a value out of range.
        """
        ...

    def table_size(self, variant: Any) -> int:
        """The usual number of players at one table under ``variant`` (one of
        :attr:`table_sizes`, e.g. 3 for the three-player Hundertspiel)."""
        ...

    def tiebreak_order(self, variant: Any) -> tuple[str, ...]:
        """The tie-break keys in force under ``variant`` (a subset of :attr:`tiebreaks`)."""
        ...

    def options(self) -> tuple[Option, ...]:
        """The house rules an organiser can pick from a form, in the order of the rules text
        (options that need more than a number, a yes/no or a choice are left to the JSON)."""
        ...

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels in playing order for ``count`` players (``("A", "B", "C", "D")``)."""
        ...

    def initial(self, seats: Sequence[str], variant: Any) -> Any:
        """The state before the first deal."""
        ...

    def parse(
        self, entry: Mapping[str, Any], state: Any, variant: Any, *, trusted: bool = False
    ) -> Any:
        """Step 1 of a deal: read the raw entry (the JSON a table sent) into the game's typed
        deal, checking its shape, types, ranges and seats against the table (``state`` names the
        seats in play) in the order of the game's validation table.

        ``trusted=True``: the entry passed :meth:`validate` when it was stored; only what the
        scoring reads is worked out. Raises:
            InvalidDeal: the first rule of the entry's form it breaks.
        """
        ...

    def legality(self, deal: Any, state: Any, variant: Any) -> tuple[Warning, ...]:
        """Step 2: the parsed deal against the game in its place (a finished game or match, the
        deal's order, the dealer in turn), in the order of the validation table after
        :meth:`parse`'s rows. Returns the non-blocking warnings. Raises:
            InvalidDeal: the first rule the deal breaks in its place.
        """
        ...

    def push(self, deal: Any, state: Any, variant: Any) -> Step:
        """Step 3: score a legal deal; the state passed in is never changed. The step's warnings
        are those that only the scoring finds (none of the five games has one: their warnings are
        rows of the validation table, given by :meth:`legality`)."""
        ...

    def validate(self, entry: Mapping[str, Any], state: Any, variant: Any) -> tuple[Warning, ...]:
        """Check one raw deal entry against the state before it.

        Returns the non-blocking warnings. Raises:
            InvalidDeal: the first rule the entry breaks, in the order of the game's validation
                table.
        """
        ...

    def apply(
        self, entry: Mapping[str, Any], state: Any, variant: Any, *, trusted: bool = False
    ) -> Step:
        """Validate ``entry`` and return the step it makes from ``state``.

        ``trusted=True``: the entry already passed :meth:`validate` against this state and
        variant (it was stored that way); checks that cannot change a valid entry's result may be
        skipped and the step carries no warnings. See :meth:`replay`.

        Raises:
            InvalidDeal: as :meth:`validate`.
        """
        ...

    def replay(
        self,
        entries: Sequence[Mapping[str, Any]],
        variant: Any,
        seats: Sequence[str] | None = None,
        *,
        trusted: bool = False,
    ) -> tuple[Step, ...]:
        """Every deal applied in order from the initial state; one step per entry.

        ``trusted=True`` is a fast replay ONLY for entries that passed :meth:`validate` when they
        were stored (same variant, seats and order): the game skips the validation that cannot
        change the outcome of a valid entry and gives exactly the states and events of the full
        replay, but no warnings. For entries that would fail validation it may give nonsense or
        raise any exception, though it always terminates. Validate anything new or edited with
        the full replay.

        Raises:
            InvalidDeal: for the first invalid entry; its index is in ``params["index"]`` (with
                ``trusted``, only from the checks the game keeps).
        """
        ...


class GameBase:
    """What every game shares of :class:`Game`: a deal in three named steps (as python-chess
    parses a move, checks that it is legal and pushes it), :meth:`validate` and :meth:`apply`
    built from them, the replay by :func:`replay_steps`, and the full tie-break order whatever
    the house rules. A game class inherits it and states :meth:`Game.parse`,
    :meth:`Game.legality`, :meth:`Game.push` and the rest of :class:`Game`."""

    tiebreaks: ClassVar[tuple[str, ...]]
    partnerships: ClassVar[bool] = False
    stechen_options: ClassVar[Mapping[str, Any]] = {}

    def validate(
        self: Game, entry: Mapping[str, Any], state: Any, variant: Any
    ) -> tuple[Warning, ...]:
        """Check one raw entry against the state before it: :meth:`Game.parse`, then
        :meth:`Game.legality`. Returns the warnings.

        Raises:
            InvalidDeal: the first rule the entry breaks, in the order of the game's validation
                table.
        """
        return self.legality(self.parse(entry, state, variant), state, variant)

    def apply(
        self: Game,
        entry: Mapping[str, Any],
        state: Any,
        variant: Any,
        *,
        trusted: bool = False,
    ) -> Step:
        """The step ``entry`` makes from ``state``: parsed, checked for legality, pushed.

        ``trusted=True`` (an entry validated when it was stored): the parse works out only what
        the scoring reads, the legality is not checked and the step carries no warnings.

        Raises:
            InvalidDeal: as :meth:`validate`.
        """
        deal = self.parse(entry, state, variant, trusted=trusted)
        if trusted:
            step = self.push(deal, state, variant)
            return replace(step, warnings=()) if step.warnings else step
        warnings = self.legality(deal, state, variant)
        step = self.push(deal, state, variant)
        return replace(step, warnings=warnings + step.warnings) if warnings else step

    def tiebreak_order(self, variant: Any) -> tuple[str, ...]:
        """All of the game's :attr:`Game.tiebreaks`, in its order."""
        return self.tiebreaks

    def replay(
        self: Game,
        entries: Sequence[Mapping[str, Any]],
        variant: Any,
        seats: Sequence[str] | None = None,
        *,
        trusted: bool = False,
    ) -> tuple[Step, ...]:
        """Every entry applied in order from the initial state, as :meth:`Game.replay` says
        (``trusted`` only for entries validated when they were stored).

        Raises:
            InvalidDeal: for the first invalid entry, its 0-based position in ``params["index"]``.
        """
        return replay_steps(self, entries, variant, seats, trusted=trusted)


def replay_steps(
    game: Game,
    entries: Sequence[Mapping[str, Any]],
    variant: Any,
    seats: Sequence[str] | None = None,
    *,
    trusted: bool = False,
) -> tuple[Step, ...]:
    """The shared implementation of :meth:`Game.replay`: apply every entry in order.

    ``seats`` defaults to ``game.seats(game.table_sizes[0])``. Returns one :class:`Step` per entry.
    ``trusted`` is passed on to :meth:`Game.apply`: only for entries that passed validation when
    they were stored (see :meth:`Game.replay`).

    Raises:
        InvalidDeal: for the first invalid entry, with its 0-based position added to
            ``params["index"]`` (Scoring specification §0.1: entries are replayed in order).
    """
    if seats is None:
        seats = game.seats(game.table_sizes[0])
    state = game.initial(seats, variant)
    steps: list[Step] = []
    for index, entry in enumerate(entries):
        try:
            step = game.apply(entry, state, variant, trusted=trusted)
        except InvalidDeal as error:
            error.params["index"] = index
            raise
        steps.append(step)
        state = step.state
    return tuple(steps)
