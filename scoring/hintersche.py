"""Hintersche (Hindersche, "Vier-Strich"): validation and scoring of entered deals.

Hintersche after Schoch 2014, as set out in the Scoring specification §1 with the binding decisions
of its §7. Four players, each for himself, seats A B C D in anticlockwise (playing) order; 36 Tapp
cards worth 140 card points. A *game* has two halves: the Vier-Strich (most card points takes a
Strich, until at least four are on the slate) and the Butzen (fewest card points erases a Strich;
the last player holding Striche loses the game and takes a frame mark). A *rubber* is four games,
then settled in euros.

Units: *card points* (0–140 per deal), *Striche* (marks in a player's corner of the slate), *frame
marks* (one per game lost), *euros* (settlement of a rubber).

Entries (Scoring specification §1.3) are JSON-like dicts, either or both of:

* full entry: ``{"points": {"A": 52, "B": 30, "C": 18, "D": 40}, "tricks": {...}, "dealer": "D",
  "trump": "♦", "tie_resolution": {"most": ["A"]}, "dead_points": 0, "game": 1}`` — one ``points``
  value per *active* seat; everything but ``points`` optional;
* minimal entry: ``{"outcome": {"hundred": "B"}}``, ``{"outcome": {"most": ["A"]}}``,
  ``{"outcome": {"most": ["B"], "fewest": ["D"]}}`` or ``{"outcome": {"void": true}}``.

Event kinds a deal can produce (:class:`scoring.base.Event`; ``seats`` in playing order):

* ``"new_game"`` — the deal opened a new game; figures ``game`` (its number).
* ``"strich"`` — each seat adds one Strich; figures ``reason`` (``"most"`` or ``"hundred"``),
  ``points`` (card points of the seats with most, or of the hundred maker; ``None`` for a minimal
  entry) and, for a hundred, ``by`` (the maker).
* ``"hundred"`` — the seat made a hundred; figures ``points`` and, in the Butzen, ``erased``
  (Striche erased, at most two).
* ``"butzen"`` — the seats with fewest card points each erase one Strich; figures ``points``,
  ``erased`` (1 each).
* ``"void"`` — every active seat took the same card points; nothing changes; figures ``points``.
* ``"vierstrich_over"`` — the first half ended; figures ``total`` (Striche on the slate),
  ``superfluous`` (how many above ``vierstrich_marks``).
* ``"sits_out"`` — the seats with a clean slate have won the game and sit out the Butzen.
* ``"drops_out"`` — the seats erased their last Strich in the Butzen and are safe.
* ``"game_lost"`` — the seat lost the game; figures ``game``, ``striche`` (left in his corner),
  ``frame`` (his frame marks now).
* ``"rubber_over"`` — the last game of the rubber ended; figures ``balance`` (euros per seat),
  ``frame``, ``pool_remainder`` (euros left in the pool, ``settlement = pool`` only).
* ``"unit_over"`` — the tournament unit (``variant.tournament_round``) is complete; figures
  ``unit``. Always the last event of its step.

Tie-breaks (``Hintersche.tiebreaks``, Scoring specification §1.6; the tournament layer computes them
from the per-round scores): ``"stechen"`` — the organiser's recorded play-off ranking of the tied
players; ``"zero_rounds"`` — more rounds finished with 0 Striche (only with ``auto_tiebreak``);
``"countback"`` — fewer Striche in the last round, then the round before, and so on; ``"lot"`` —
a seeded random draw stored with the session.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from scoring.base import (
    Event,
    InvalidDeal,
    InvalidVariant,
    Option,
    SeatResult,
    Step,
    Warning,
    replay_steps,
)
from scoring.options import check_values, freeze, is_int, number_map, read_options

SOURCE_VIERSTRICH = "Hintersche after Schoch 2014, Vier-Strich"
SOURCE_BUTZEN = "Hintersche after Schoch 2014, Butzen"
SOURCE_HUNDRED = "Hintersche after Schoch 2014, making a hundred"
SOURCE_RUBBER = "Hintersche after Schoch 2014, rubber"
SOURCE_SETTLEMENT = "Scoring specification §1.5, settlement"
SOURCE_UNIT = "Scoring specification §1.6, tournament standing"

PHASE_VIERSTRICH = "vierstrich"
PHASE_BUTZEN = "butzen"
PHASE_DONE = "done"

CARD_KEYS: tuple[str, ...] = ("alte", "kleine", "A", "K", "Q", "J", "10", "9", "8", "7", "6")
"""Keys of ``card_values``: the two top trumps, then each rank (``"J"`` = the two other Jacks)."""

DEFAULT_CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        "alte": 12,
        "kleine": 12,
        "A": 11,
        "K": 4,
        "Q": 3,
        "J": 2,
        "10": 10,
        "9": 0,
        "8": 0,
        "7": 0,
        "6": 0,
    }
)
"""Card points per card (Scoring specification §1.1, ambiguity A1): 140 in all."""

# How many cards of each key a 36-card Tapp deck holds once trumps are known.
_CARD_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "alte": 1,
        "kleine": 1,
        "A": 4,
        "K": 4,
        "Q": 4,
        "J": 2,
        "10": 4,
        "9": 4,
        "8": 4,
        "7": 4,
        "6": 4,
    }
)

_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "hundred_threshold": ("gte_100", "gt_100"),
        "tie_policy": ("share", "manual"),
        "deal_mode": ("all_cards", "nine_each"),
        "settlement": ("per_winner", "per_mark", "pool"),
        "tournament_round": ("vierstrich", "full_game", "rubber"),
    }
)
_BOOLEANS = ("butzen_two_player_hundred_adds", "auto_new_game", "auto_tiebreak")
_INTEGERS = {"vierstrich_marks": 1, "games_per_rubber": 1, "stake": 0, "total": 1}  # minimum values


def _require_int(value: Any, field: str, what: str) -> None:
    """H-V2: a whole number, else ``NOT_AN_INTEGER`` on ``field`` quoting the input."""
    if not is_int(value):
        raise InvalidDeal(
            field,
            "NOT_AN_INTEGER",
            f"{what} must be a whole number, not {value!r}",
            value=value if isinstance(value, int | float | str) else repr(value),
        )


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hintersche session (Scoring specification §1.7); fixed at the start.

    Build it with ``scoring.games["hintersche"].variant({...})`` or ``Variant(...)``; both check
    every value.

    Raises:
        InvalidVariant: a value of the wrong type or out of range (``INVALID_OPTION_VALUE``), an
            unknown card key (``UNKNOWN_OPTION``), card values whose deck total is not ``total``
            (``CARD_VALUES_MISMATCH``).
    """

    card_values: Mapping[str, int] = field(default_factory=lambda: DEFAULT_CARD_VALUES)
    """Card points per card key (:data:`CARD_KEYS`); keys left out keep the defaults (Alte 12,
    Kleine 12, A 11, 10 10, K 4, Q 3, other J 2, 9–6 0)."""
    total: int = 140
    """Card points in the whole deck; the deck's values must add up to it (default 140)."""
    hundred_threshold: str = "gte_100"
    """``"gte_100"``: a hundred is ≥ 100 card points (default, ambiguity A2);
    ``"gt_100"``: more than 100."""
    vierstrich_marks: int = 4
    """The Vier-Strich ends as soon as at least this many Striche are on the slate (default 4)."""
    tie_policy: str = "share"
    """``"share"``: every tied player takes (or erases) the Strich (default, A4/A5); ``"manual"``:
    the entry names who in ``tie_resolution``."""
    butzen_two_player_hundred_adds: bool = True
    """A hundred with two players left in the Butzen makes the opponent add a Strich (default True,
    A8)."""
    deal_mode: str = "all_cards"
    """With fewer than four active: ``"all_cards"`` deals all 36 (12 or 18 each; default, A7);
    ``"nine_each"`` deals 9 each and leaves dead cards (``dead_points``)."""
    games_per_rubber: int = 4
    """Games in a rubber, i.e. frame marks on the frame when it ends (default 4)."""
    settlement: str = "per_winner"
    """How a finished rubber is paid: ``"per_winner"`` (default), ``"per_mark"`` or ``"pool"``."""
    stake: int = 5
    """The stake in euros (default 5)."""
    tournament_round: str = "vierstrich"
    """What one tournament round at a table is: ``"vierstrich"`` (the first game's Vier-Strich;
    metric Striche received, default), ``"full_game"`` (the first game; metric frame marks) or
    ``"rubber"`` (the whole rubber; metric frame marks)."""
    auto_new_game: bool = True
    """The deal after a finished game opens the next game by itself (default True); when False the
    entry must carry ``game`` = the next game's number."""
    auto_tiebreak: bool = True
    """Without a recorded Stechen the standings break ties by rounds with 0 Striche, then
    countback (default True; Scoring specification §1.6)."""

    def __post_init__(self) -> None:
        values = number_map("card_values", self.card_values, DEFAULT_CARD_VALUES, minimum=0)
        object.__setattr__(self, "card_values", values)
        check_values(self, integers=_INTEGERS, choices=_CHOICES, booleans=_BOOLEANS)
        deck_total = sum(values[key] * count for key, count in _CARD_COUNTS.items())
        if deck_total != self.total:
            raise InvalidVariant(
                "card_values",
                "CARD_VALUES_MISMATCH",
                f"the card values add up to {deck_total} over the deck, not {self.total}",
            )
        if self.total >= 200:
            # Only because 2·100 > 140 can at most one player make a hundred (§1.4).
            raise InvalidVariant(
                "total",
                "INVALID_OPTION_VALUE",
                f"a total of {self.total} would let two players make a hundred; keep it below 200",
            )

    def __hash__(self) -> int:
        # card_values is a read-only mapping, which is not hashable itself.
        return hash(
            tuple(
                (k, tuple(sorted(v.items())) if k == "card_values" else v)
                for k, v in self.as_dict().items()
            )
        )

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have, or as
                :class:`Variant`.
        """
        return cls(**read_options(cls, options))

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data (``card_values`` as a plain dict)."""
        return {
            name: dict(value) if isinstance(value, Mapping) else value
            for name, value in ((f, getattr(self, f)) for f in self.__dataclass_fields__)
        }

    # The derived card figures below are computed once per variant and then kept in the instance's
    # ``__dict__`` (``functools.cached_property`` writes there directly, past the frozen
    # ``__setattr__``); they are not fields, so equality, ``__hash__`` and ``repr`` ignore them.

    @functools.cached_property
    def deck_values(self) -> tuple[int, ...]:
        """The card points of all 36 cards, highest first."""
        return _deck_values(tuple(self.card_values[k] for k in CARD_KEYS))

    @functools.cached_property
    def valued_cards(self) -> tuple[int, ...]:
        """The card points of the cards worth something (20 by default), highest first."""
        return tuple(v for v in self.deck_values if v > 0)

    @functools.cached_property
    def _trick_bounds(self) -> tuple[int, ...]:
        """``_trick_bounds[k]``: the sum of the ``k`` highest card values, ``k`` = 0 … 36."""
        return tuple(itertools.accumulate(self.deck_values, initial=0))

    def is_hundred(self, points: int) -> bool:
        """Whether a pile of ``points`` card points makes a hundred (``hundred_threshold``)."""
        return points > 100 if self.hundred_threshold == "gt_100" else points >= 100

    def trick_bound(self, cards: int) -> int:
        """The most card points ``cards`` cards can hold: the sum of the highest card values
        (Scoring specification §1.4 H-V6)."""
        bounds = self._trick_bounds
        deck = len(bounds) - 1
        # As ``sum(self.deck_values[:cards])``, negative counts included.
        return bounds[min(cards, deck) if cards >= 0 else max(deck + cards, 0)]


@functools.cache
def _deck_values(values: tuple[int, ...]) -> tuple[int, ...]:
    by_key = dict(zip(CARD_KEYS, values, strict=True))
    deck = [by_key[key] for key, count in _CARD_COUNTS.items() for _ in range(count)]
    return tuple(sorted(deck, reverse=True))


@functools.cache
def _subset_sums(cards: tuple[int, ...]) -> frozenset[int]:
    sums = 1
    for card in cards:
        sums |= sums << card
    return frozenset(i for i in range(sum(cards) + 1) if sums >> i & 1)


@functools.lru_cache(maxsize=65536)
def feasible(cards: tuple[int, ...], piles: tuple[int, ...]) -> bool:
    """Whether ``cards`` (card points, highest first) can be split into piles worth exactly
    ``piles`` (Scoring specification §1.4 H-V5).

    Depth-first assignment of the cards in descending value to the piles, memoised on the sorted
    remaining sums; at most ``len(cards)`` levels.
    """
    if sum(cards) != sum(piles) or any(p < 0 for p in piles):
        return False
    smallest = cards[-1] if cards else 0
    memo: dict[tuple[int, tuple[int, ...]], bool] = {}

    def search(index: int, remaining: tuple[int, ...]) -> bool:
        if index == len(cards):
            return not any(remaining)
        if any(0 < r < smallest for r in remaining):
            return False
        key = (index, remaining)
        if key in memo:
            return memo[key]
        card = cards[index]
        found = False
        tried: set[int] = set()
        for position, left in enumerate(remaining):
            if left >= card and left not in tried:
                tried.add(left)
                after = remaining[:position] + (left - card,) + remaining[position + 1 :]
                if search(index + 1, tuple(sorted(after))):
                    found = True
                    break
        memo[key] = found
        return found

    return search(0, tuple(sorted(piles)))


@dataclass(frozen=True)
class HinterscheState:
    """The derived state of one Hintersche table after a deal; immutable.

    Mappings are read-only (``types.MappingProxyType``) and keyed by seat, in seat order.
    """

    seats: tuple[str, ...]
    """The seat labels in anticlockwise playing order (``("A", "B", "C", "D")``)."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    deals: int = 0
    """Deals applied so far in the session."""
    game: int = 1
    """Number of the current (or just finished) game in the rubber, 1-based."""
    phase: str = PHASE_VIERSTRICH
    """``"vierstrich"``, ``"butzen"`` or ``"done"`` (the game is over; the next deal opens the next
    game)."""
    striche: Mapping[str, int] = field(default_factory=dict)
    """Striche in each player's corner of the slate in the current game (the loser keeps his)."""
    active: tuple[str, ...] = ()
    """Seats that are dealt cards in the next deal of this game, in playing order."""
    finished: tuple[str, ...] = ()
    """Seats that are clean in the current game: sat out after the Vier-Strich or dropped out in
    the Butzen; once the game is over, every seat but the loser."""
    frame: Mapping[str, int] = field(default_factory=dict)
    """Frame marks (games lost) in the rubber."""
    loser: str | None = None
    """The loser of the current game once it is over, else ``None``."""
    games_played: int = 0
    """Games finished in the rubber."""
    rubber_over: bool = False
    """True once ``games_per_rubber`` games are finished; any further deal is ``MATCH_OVER``."""
    balance: Mapping[str, int] | None = None
    """Euros won (+) or paid (−) per seat once the rubber is over, else ``None``."""
    pool_remainder: int = 0
    """Euros left undivided in the pool (``settlement = pool``), else 0."""
    dealer: str | None = None
    """The last deal's dealer (entered, or inferred from the rotation), ``None`` if unknown."""
    received: Mapping[str, int] = field(default_factory=dict)
    """Striche received in the Vier-Strich halves that count for the tournament unit, superfluous
    marks and hundreds' marks included (Scoring specification §1.6)."""
    hundreds: Mapping[str, int] = field(default_factory=dict)
    """How many hundreds each seat made in the session."""
    unit_over: bool = False
    """True once the tournament unit of ``variant.tournament_round`` is complete: the first
    Vier-Strich half (``vierstrich``), the first game (``full_game``) or the rubber (``rubber``).
    The engine keeps scoring deals after it; refusing them is the web layer's business."""

    @property
    def next_active(self) -> tuple[str, ...]:
        """Seats dealt cards in the next deal: :attr:`active`, or every seat once the game is
        over, as the next deal opens the next game with clean slates (Hintersche after Schoch
        2014, rubber)."""
        return _opened(self).active

    @property
    def next_game(self) -> int:
        """The number of the game the next deal belongs to: :attr:`game`, or the next one once
        the game is over; an entry's ``game`` must name it (H-V9, Scoring specification §1.4)."""
        return _opened(self).game

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §1.6).

        ``score`` is the Striche received in the unit for ``tournament_round = vierstrich``, the
        frame marks otherwise (fewest first); ``figures`` holds ``striche`` (received), ``frame``
        and ``hundreds``.
        """
        by_striche = self.variant.tournament_round == "vierstrich"
        return tuple(
            SeatResult(
                seat=seat,
                score=self.received[seat] if by_striche else self.frame[seat],
                figures=(
                    {
                        "striche": self.received[seat],
                        "frame": self.frame[seat],
                        "hundreds": self.hundreds[seat],
                    }
                ),
            )
            for seat in self.seats
        )

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        return {
            "game": self.game,
            "phase": self.phase,
            "striche": dict(self.striche),
            "active": list(self.active),
            "finished": list(self.finished),
            "frame": dict(self.frame),
            "loser": self.loser,
            "games_played": self.games_played,
            "rubber_over": self.rubber_over,
            "balance": None if self.balance is None else dict(self.balance),
            "pool_remainder": self.pool_remainder,
            "unit_over": self.unit_over,
            "deals": self.deals,
            "dealer": self.dealer,
            "received": dict(self.received),
            "hundreds": dict(self.hundreds),
        }


class _Outcome(NamedTuple):
    """What a deal decided, from the points or the minimal entry."""

    hundred: str | None = None
    void: bool = False
    most: tuple[str, ...] = ()
    fewest: tuple[str, ...] = ()


def _order(seats: Sequence[str], chosen: Sequence[str]) -> tuple[str, ...]:
    return tuple(s for s in seats if s in chosen)


def _opened(state: HinterscheState) -> HinterscheState:
    """The state a deal is checked against: a finished game gives way to the next one."""
    if state.phase != PHASE_DONE:
        return state
    zero = freeze(dict.fromkeys(state.seats, 0))
    return replace(
        state,
        game=state.game + 1,
        phase=PHASE_VIERSTRICH,
        striche=zero,
        active=state.seats,
        finished=(),
        loser=None,
    )


def expected_dealer(state: HinterscheState) -> str | None:
    """Who should deal next: the next active seat anticlockwise (next in seat order) after the
    last dealer; ``None`` while no dealer is known (Scoring specification §1.2, dealer rotation)."""
    return _next_dealer(state, _opened(state))


def _next_dealer(state: HinterscheState, opened: HinterscheState) -> str | None:
    """:func:`expected_dealer` with ``opened = _opened(state)`` already at hand."""
    if state.dealer is None:
        return None
    active = opened.active
    seats = state.seats
    start = seats.index(state.dealer)
    for step in range(1, len(seats) + 1):
        seat = seats[(start + step) % len(seats)]
        if seat in active:
            return seat
    return None


def _settle(frame: Mapping[str, int], variant: Variant) -> tuple[dict[str, int], int]:
    """Balance in euros per seat and the undivided pool remainder (Scoring specification §1.5)."""
    balance = dict.fromkeys(frame, 0)
    winners = [s for s in frame if frame[s] == 0]
    losers = [s for s in frame if frame[s] > 0]
    stake = variant.stake
    if not winners or not losers:
        return balance, 0  # every player has a mark (or none): nobody pays
    if variant.settlement == "per_winner":
        for p in losers:
            balance[p] -= stake * len(winners)
        for w in winners:
            balance[w] += stake * len(losers)
        return balance, 0
    if variant.settlement == "per_mark":
        marks = sum(frame.values())
        for p in losers:
            balance[p] -= stake * frame[p] * len(winners)
        for w in winners:
            balance[w] += stake * marks
        return balance, 0
    pool = stake * len(losers)
    for p in losers:
        balance[p] -= stake
    share, remainder = divmod(pool, len(winners))
    for w in winners:
        balance[w] += share
    return balance, remainder


class Hintersche:
    """The Hintersche rules engine (``scoring.games["hintersche"]``), after Schoch 2014 and the
    Scoring specification §1 and §7."""

    key: ClassVar[str] = "hintersche"
    name: ClassVar[str] = "Hintersche"
    table_sizes: ClassVar[tuple[int, ...]] = (4,)
    metric_ascending: ClassVar[bool] = True
    tiebreaks: ClassVar[tuple[str, ...]] = ("stechen", "zero_rounds", "countback", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    """A bye round scores 0 Striche and is flagged (Scoring specification §1.6)."""
    last_place_title: ClassVar[str | None] = "Bollenkönig"
    """The last-placed player's honour at the Schapbach world championship (§1.6)."""
    partnerships: ClassVar[bool] = False

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §1.7).

        Raises:
            InvalidVariant: an unknown option, a bad value, card values not adding up to ``total``.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """Always 4: Hintersche is played by four, each for himself (Scoring specification §1.1)."""
        return 4

    def tiebreak_order(self, variant: Variant) -> tuple[str, ...]:
        """The tie-break keys in force: all of :attr:`tiebreaks`, or only the Stechen and the lot
        when ``auto_tiebreak`` is off (Scoring specification §1.6)."""
        if variant.auto_tiebreak:
            return self.tiebreaks
        return ("stechen", "lot")

    def options(self) -> tuple[Option, ...]:
        """Every option of :class:`Variant` but ``card_values`` and ``total`` (set in JSON),
        with its default, its choices (default first) or its minimum (§1.7)."""
        defaults = Variant()
        found = []
        for name in Variant.__dataclass_fields__:
            if name in ("card_values", "total"):
                continue
            default = getattr(defaults, name)
            choices = _CHOICES.get(name, ())
            found.append(Option(name, default, choices, _INTEGERS.get(name)))
        return tuple(found)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels A, B, C, D in anticlockwise playing order.

        Raises:
            ValueError: ``count`` is not 4 (other table sizes are not part of the game, §1.6).
        """
        if count not in self.table_sizes:
            raise ValueError(f"Hintersche is played by 4 players, not {count!r}")
        return ("A", "B", "C", "D")

    def initial(self, seats: Sequence[str], variant: Variant) -> HinterscheState:
        """The state before the first deal: game 1, Vier-Strich, every seat active, clean slates.

        Raises:
            ValueError: not four distinct seat labels.
        """
        seats = tuple(seats)
        if len(seats) not in self.table_sizes or len(set(seats)) != len(seats):
            raise ValueError(f"Hintersche needs 4 distinct seats, not {seats!r}")
        zero = freeze(dict.fromkeys(seats, 0))
        return HinterscheState(
            seats=seats,
            variant=variant,
            striche=zero,
            active=seats,
            frame=zero,
            received=zero,
            hundreds=zero,
        )

    # -- validation ------------------------------------------------------------------------------

    def validate(
        self, entry: Mapping[str, Any], state: HinterscheState, variant: Variant
    ) -> tuple[Warning, ...]:
        """Check one raw entry against the state before it, in the order of the H-V table
        (Scoring specification §1.4 and §7); the first failing rule is raised.

        Returns the warnings (``DEALER_ROTATION``). Raises:
            InvalidDeal: ``UNKNOWN_PLAYER``, ``PLAYER_NOT_ACTIVE``, ``MISSING_PLAYER`` (H-V1);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` (H-V2); ``OPTION_DISABLED``,
                ``SUM_MISMATCH`` (H-V3); ``UNREACHABLE_VALUE`` (H-V4);
                ``INFEASIBLE_DISTRIBUTION`` (H-V5, H-V6); ``TRICK_COUNT_MISMATCH``,
                ``POINTS_WITHOUT_TRICKS`` (H-V6); ``INVALID_OUTCOME`` (H-V7);
                ``HUNDRED_MISMATCH``, ``MINIMAL_FULL_MISMATCH`` (H-V8); ``GAME_OVER``,
                ``MATCH_OVER`` (H-V9); ``TIE_RESOLUTION_REQUIRED``, ``OPTION_DISABLED`` (H-V10).
        """
        return self._check(entry, state, _opened(state), variant)[1]

    def _check(
        self,
        entry: Mapping[str, Any],
        state: HinterscheState,
        opened: HinterscheState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> tuple[_Outcome, tuple[Warning, ...], Mapping[str, int] | None]:
        """What the deal decides, its warnings and its card points (``None`` for a minimal entry);
        ``opened`` is ``_opened(state)``.

        Checks the H-V table in order, the first failing rule raised. With ``trusted`` (an entry
        that passed this check when it was stored) only what the scoring reads is worked out: the
        outcome from the points or the minimal entry and the tie resolution; no warnings.
        """
        if not trusted:
            self._check_entry(entry, opened, variant)  # H-V1 … H-V6
        points = entry.get("points")
        outcome = entry.get("outcome")

        # H-V7: the minimal entry (a trusted full entry needs it only to settle a manual tie).
        minimal = None
        if outcome is not None and (
            not trusted or points is None or variant.tie_policy == "manual"
        ):
            minimal = self._minimal(outcome, opened, opened.phase == PHASE_BUTZEN)

        derived = None if points is None else self._derive(points, opened.active, variant)
        if not trusted:
            # H-V8: minimal and full entry agree.
            if minimal is not None and derived is not None:
                self._agree(minimal, derived, opened, variant)
            # H-V9: finished games and rubbers.
            self._check_game(entry, state, opened, variant)

        # H-V10: ties under tie_policy = manual.
        resolved = self._resolve(entry, derived, minimal, opened, variant)

        # H-V11: dealer rotation (a warning only).
        warnings = () if trusted else self._rotation_warnings(entry, state, opened)
        return resolved, warnings, points

    def _check_entry(
        self, entry: Mapping[str, Any], opened: HinterscheState, variant: Variant
    ) -> None:
        """The entry's shape and its card points and tricks: H-V1 … H-V6."""
        if not isinstance(entry, Mapping):
            raise InvalidDeal("deal", "INVALID_OUTCOME", f"a deal must be an object, not {entry!r}")
        points = entry.get("points")
        outcome = entry.get("outcome")
        if points is None and outcome is None:
            raise InvalidDeal(
                "outcome", "INVALID_OUTCOME", "the entry gives neither points nor an outcome"
            )
        seats, active = opened.seats, opened.active
        n = len(active)

        # H-V1: the keys of points and tricks are exactly the active players.
        tricks = entry.get("tricks")
        expected_keys = set(active)
        for name, values in (("points", points), ("tricks", tricks)):
            if values is None:
                continue
            if not isinstance(values, Mapping):
                raise InvalidDeal(
                    name,
                    "MISSING_PLAYER",
                    f"{name} must map each active seat to a number, not {values!r}",
                    seats=list(active),
                )
            if values.keys() == expected_keys:
                continue  # the usual case; otherwise find out what is wrong
            unknown = [k for k in values if k not in seats]
            if unknown:
                raise InvalidDeal(
                    name,
                    "UNKNOWN_PLAYER",
                    f"{', '.join(map(repr, unknown))} is not a seat at this table "
                    f"({', '.join(seats)})",
                    seats=unknown,
                )
            inactive = _order(seats, [k for k in values if k not in active])
            if inactive:
                raise InvalidDeal(
                    f"{name}.{inactive[0]}",
                    "PLAYER_NOT_ACTIVE",
                    f"{', '.join(inactive)} is not playing this deal; only "
                    f"{', '.join(active)} may be entered",
                    seats=list(inactive),
                    active=list(active),
                )
            missing = [s for s in active if s not in values]
            if missing:
                raise InvalidDeal(
                    name,
                    "MISSING_PLAYER",
                    f"no {name} entered for {', '.join(missing)}",
                    seats=missing,
                )
        dealer = entry.get("dealer")
        if dealer is not None and dealer not in seats:
            raise InvalidDeal(
                "dealer", "UNKNOWN_PLAYER", f"dealer {dealer!r} is not a seat", seats=[dealer]
            )

        total = variant.total
        # H-V2: integers in range.
        if points is not None:
            for seat in active:
                value = points[seat]
                _require_int(value, f"points.{seat}", f"card points of {seat}")
                if not 0 <= value <= total:
                    raise InvalidDeal(
                        f"points.{seat}",
                        "OUT_OF_RANGE",
                        f"card points of {seat} must be between 0 and {total}, not {value}",
                        value=value,
                        minimum=0,
                        maximum=total,
                    )

        # H-V3: the sum (with dead cards in nine_each mode).
        dead = entry.get("dead_points")
        if dead is not None:
            if variant.deal_mode != "nine_each":
                raise InvalidDeal(
                    "dead_points",
                    "OPTION_DISABLED",
                    "dead_points only applies with deal_mode = nine_each; all cards are dealt",
                    option="deal_mode",
                )
            if not is_int(dead):
                raise InvalidDeal(
                    "dead_points",
                    "NOT_AN_INTEGER",
                    f"dead_points must be a whole number, not {dead!r}",
                )
            if not 0 <= dead <= total:
                raise InvalidDeal(
                    "dead_points",
                    "OUT_OF_RANGE",
                    f"dead_points must be between 0 and {total}, not {dead}",
                    value=dead,
                    minimum=0,
                    maximum=total,
                )
        piles: tuple[int, ...] = ()
        if points is not None:
            entered = sum(points[s] for s in active)
            if variant.deal_mode == "all_cards" or (dead is None and n == len(seats)):
                if entered != total:
                    raise InvalidDeal(
                        "points",
                        "SUM_MISMATCH",
                        f"the card points add up to {entered}, not {total}",
                        total=entered,
                        expected=total,
                    )
            elif dead is not None:
                if entered + dead != total:
                    raise InvalidDeal(
                        "points",
                        "SUM_MISMATCH",
                        f"the card points ({entered}) and dead_points ({dead}) add up to "
                        f"{entered + dead}, not {total}",
                        total=entered + dead,
                        expected=total,
                        dead_points=dead,
                    )
            elif entered > total:
                raise InvalidDeal(
                    "points",
                    "SUM_MISMATCH",
                    f"the card points add up to {entered}, more than {total}",
                    total=entered,
                    expected=total,
                )
            piles = tuple(points[s] for s in active)
            if entered < total:
                piles += (total - entered,)  # the undealt cards form a pile of their own

            # H-V4: values no pile can have.
            reachable = _subset_sums(variant.valued_cards)
            for seat in active:
                if points[seat] not in reachable:
                    raise InvalidDeal(
                        f"points.{seat}",
                        "UNREACHABLE_VALUE",
                        f"no pile of cards is worth exactly {points[seat]} ({seat})",
                        value=points[seat],
                    )

            # H-V5: the piles can be made from the valued cards together.
            if not feasible(variant.valued_cards, tuple(sorted(piles, reverse=True))):
                raise InvalidDeal(
                    "points",
                    "INFEASIBLE_DISTRIBUTION",
                    "no split of the cards gives these piles: "
                    + ", ".join(f"{s} {points[s]}" for s in active),
                    points={s: points[s] for s in active},
                )

        # H-V6: tricks.
        if tricks is not None:
            per_player = 9 if variant.deal_mode == "nine_each" else 36 // n
            for seat in active:
                value = tricks[seat]
                _require_int(value, f"tricks.{seat}", f"tricks of {seat}")
                if value < 0:
                    raise InvalidDeal(
                        f"tricks.{seat}",
                        "OUT_OF_RANGE",
                        f"tricks of {seat} cannot be negative ({value})",
                        value=value,
                        minimum=0,
                        maximum=per_player,
                    )
            taken = sum(tricks[s] for s in active)
            if taken != per_player:
                raise InvalidDeal(
                    "tricks",
                    "TRICK_COUNT_MISMATCH",
                    f"the tricks add up to {taken}, not {per_player}",
                    total=taken,
                    expected=per_player,
                )
            if points is not None:
                for seat in active:
                    if tricks[seat] == 0 and points[seat] > 0:
                        raise InvalidDeal(
                            f"points.{seat}",
                            "POINTS_WITHOUT_TRICKS",
                            f"{seat} took no trick but is entered with {points[seat]} card points",
                            points=points[seat],
                        )
                for seat in active:
                    bound = variant.trick_bound(tricks[seat] * n)
                    if points[seat] > bound:
                        raise InvalidDeal(
                            f"points.{seat}",
                            "INFEASIBLE_DISTRIBUTION",
                            f"{tricks[seat]} trick(s) of {n} cards hold at most {bound} card "
                            f"points, not {points[seat]} ({seat})",
                            points=points[seat],
                            tricks=tricks[seat],
                            bound=bound,
                        )

    @staticmethod
    def _check_game(
        entry: Mapping[str, Any],
        state: HinterscheState,
        opened: HinterscheState,
        variant: Variant,
    ) -> None:
        """H-V9: no deal after the rubber, ``game`` names the game being played."""
        game = entry.get("game")
        if state.rubber_over:
            raise InvalidDeal(
                "deal",
                "MATCH_OVER",
                f"the rubber is over after {state.games_played} games; open a new rubber",
                games_played=state.games_played,
            )
        if game is not None:
            if not is_int(game):
                raise InvalidDeal(
                    "game", "NOT_AN_INTEGER", f"game must be a whole number, not {game!r}"
                )
            if game < opened.game:
                raise InvalidDeal(
                    "game",
                    "GAME_OVER",
                    f"game {game} is finished; omit game or use game {opened.game}",
                    game=game,
                    current=opened.game,
                )
            if game > opened.game:
                raise InvalidDeal(
                    "game",
                    "OUT_OF_RANGE",
                    f"game {game} cannot start before game {opened.game} is over",
                    game=game,
                    current=opened.game,
                )
        elif state.phase == PHASE_DONE and not variant.auto_new_game:
            raise InvalidDeal(
                "game",
                "GAME_OVER",
                f"game {state.game} is finished; give game {opened.game} to open the next",
                game=state.game,
                current=opened.game,
            )

    @staticmethod
    def _rotation_warnings(
        entry: Mapping[str, Any], state: HinterscheState, opened: HinterscheState
    ) -> tuple[Warning, ...]:
        """H-V11: ``DEALER_ROTATION`` when the entered dealer is not the next one in turn."""
        dealer = entry.get("dealer")
        expected = _next_dealer(state, opened)
        if dealer is None or expected is None or dealer == expected:
            return ()
        return (
            Warning(
                "dealer",
                "DEALER_ROTATION",
                f"{dealer} dealt, but the deal passes anticlockwise from {state.dealer} to "
                f"{expected}",
            ),
        )

    def _minimal(self, outcome: Any, opened: HinterscheState, butzen: bool) -> _Outcome:
        """H-V7: a well-formed minimal outcome for the state (Scoring specification §1.4, §7)."""
        active = opened.active

        def bad(message: str, **params: Any) -> InvalidDeal:
            return InvalidDeal("outcome", "INVALID_OUTCOME", message, **params)

        if not isinstance(outcome, Mapping):
            raise bad(f"outcome must be an object, not {outcome!r}")
        unknown = [k for k in outcome if k not in ("hundred", "most", "fewest", "void")]
        if unknown:
            raise bad(f"unknown outcome key(s) {', '.join(map(repr, unknown))}")
        kinds = [
            k
            for k, present in (
                ("hundred", "hundred" in outcome),
                ("most", "most" in outcome or "fewest" in outcome),
                ("void", "void" in outcome),
            )
            if present
        ]
        if len(kinds) != 1:
            raise bad("give exactly one of hundred, most/fewest or void")
        if kinds == ["hundred"]:
            maker = outcome["hundred"]
            if not isinstance(maker, str) or maker not in active:
                raise bad(f"hundred must name an active seat ({', '.join(active)}), not {maker!r}")
            return _Outcome(hundred=maker)
        if kinds == ["void"]:
            if outcome["void"] is not True:
                raise bad(f"void must be true, not {outcome['void']!r}")
            if len(active) == 3:
                raise bad("with three active players a void is impossible (140 is not divisible)")
            return _Outcome(void=True)
        sets: dict[str, tuple[str, ...]] = {}
        for key in ("most", "fewest"):
            if key not in outcome:
                continue
            named = outcome[key]
            if (
                not isinstance(named, list | tuple)
                or not named
                or any(not isinstance(s, str) or s not in active for s in named)
                or len(set(named)) != len(named)
            ):
                raise bad(
                    f"{key} must be a non-empty list of active seats ({', '.join(active)}), "
                    f"not {named!r}"
                )
            if len(named) == len(active):
                raise bad(f"{key} names every active seat; enter a void instead")
            sets[key] = _order(opened.seats, named)
        if set(sets.get("most", ())) & set(sets.get("fewest", ())):
            raise bad("most and fewest must not share a seat")
        if butzen:
            if "fewest" not in sets:
                raise bad("fewest is required in the Butzen")
            if "most" not in sets and len(active) >= 3:
                raise bad("most is required in the Butzen while three or four are active")
            most = sets.get("most") or tuple(s for s in active if s not in sets["fewest"])
            return _Outcome(most=most, fewest=sets["fewest"])
        if "fewest" in sets:
            raise bad("fewest only applies in the Butzen")
        return _Outcome(most=sets["most"])

    @staticmethod
    def _derive(points: Mapping[str, int], active: tuple[str, ...], variant: Variant) -> _Outcome:
        """The outcome the card points give, ties shared."""
        values = [points[s] for s in active]
        top, bottom = max(values), min(values)
        if variant.is_hundred(top):
            return _Outcome(hundred=next(s for s in active if variant.is_hundred(points[s])))
        if top == bottom:
            return _Outcome(void=True)
        return _Outcome(
            most=tuple(s for s in active if points[s] == top),
            fewest=tuple(s for s in active if points[s] == bottom),
        )

    @staticmethod
    def _agree(
        minimal: _Outcome, derived: _Outcome, opened: HinterscheState, variant: Variant
    ) -> None:
        """H-V8: the minimal outcome is the one the points give."""
        if minimal.hundred != derived.hundred:
            said = minimal.hundred or "nobody"
            made = derived.hundred or "nobody"
            raise InvalidDeal(
                "outcome",
                "HUNDRED_MISMATCH",
                f"the outcome says {said} made a hundred, the points say {made}",
                outcome=minimal.hundred,
                points=derived.hundred,
            )
        if minimal.hundred:
            return
        manual = variant.tie_policy == "manual"

        def same(named: tuple[str, ...], given: tuple[str, ...]) -> bool:
            return set(named) <= set(given) if manual else set(named) == set(given)

        butzen = opened.phase == PHASE_BUTZEN
        agrees = minimal.void == derived.void and (
            minimal.void
            or (
                same(minimal.most, derived.most)
                and (not butzen or same(minimal.fewest, derived.fewest))
            )
        )
        if not agrees:
            raise InvalidDeal(
                "outcome",
                "MINIMAL_FULL_MISMATCH",
                "the outcome does not match the card points "
                f"(points give most {list(derived.most)}, fewest {list(derived.fewest)}"
                f"{', a void' if derived.void else ''})",
                most=list(derived.most),
                fewest=list(derived.fewest),
                void=derived.void,
            )

    @staticmethod
    def _resolve(
        entry: Mapping[str, Any],
        derived: _Outcome | None,
        minimal: _Outcome | None,
        opened: HinterscheState,
        variant: Variant,
    ) -> _Outcome:
        """H-V10: who takes (or erases) the Strich when card points tie."""
        resolution = entry.get("tie_resolution")
        if resolution is not None and variant.tie_policy != "manual":
            raise InvalidDeal(
                "tie_resolution",
                "OPTION_DISABLED",
                "tie_resolution only applies with tie_policy = manual; ties are shared",
                option="tie_policy",
            )
        if derived is None:
            assert minimal is not None
            return minimal
        if variant.tie_policy != "manual" or derived.hundred or derived.void:
            return derived
        if resolution is not None and (
            not isinstance(resolution, Mapping) or set(resolution) - {"most", "fewest"}
        ):
            raise InvalidDeal(
                "tie_resolution",
                "TIE_RESOLUTION_REQUIRED",
                f"tie_resolution must be an object with most and/or fewest, not {resolution!r}",
            )
        resolution = resolution or {}
        butzen = opened.phase == PHASE_BUTZEN
        categories = ["most"] if not butzen else ["fewest", "most"]
        chosen = {"most": derived.most, "fewest": derived.fewest}
        for key in resolution:
            if key not in categories:
                raise InvalidDeal(
                    "tie_resolution",
                    "TIE_RESOLUTION_REQUIRED",
                    f"tie_resolution.{key} does not apply in this phase",
                )
        for key in categories:
            tied = chosen[key]
            named = resolution.get(key)
            if named is None and minimal is not None and len(tied) > 1:
                named = getattr(minimal, key)
            if named is None:
                if len(tied) > 1 and (key == "fewest" or not butzen or len(opened.active) >= 3):
                    raise InvalidDeal(
                        "tie_resolution",
                        "TIE_RESOLUTION_REQUIRED",
                        f"{', '.join(tied)} tie for {key} card points; name who "
                        f"{'takes the Strich' if key == 'most' else 'erases'} in tie_resolution",
                        category=key,
                        seats=list(tied),
                    )
                continue
            if (
                not isinstance(named, list | tuple)
                or not named
                or any(s not in tied for s in named)
                or len(set(named)) != len(named)
            ):
                raise InvalidDeal(
                    "tie_resolution",
                    "TIE_RESOLUTION_REQUIRED",
                    f"tie_resolution.{key} must name tied players only ({', '.join(tied)}), "
                    f"not {named!r}",
                    category=key,
                    seats=list(tied),
                )
            chosen[key] = _order(opened.seats, named)
        return _Outcome(most=chosen["most"], fewest=chosen["fewest"])

    # -- scoring ---------------------------------------------------------------------------------

    def apply(
        self,
        entry: Mapping[str, Any],
        state: HinterscheState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Step:
        """Validate ``entry`` and score it (Scoring specification §1.5); returns the next step.

        ``trusted=True`` is only for an entry that passed :meth:`validate` against this very state
        and variant when it was stored (see :meth:`replay`): the checks that cannot change the
        result of a valid entry are skipped, and the step carries no warnings. The state passed in
        is never changed. Raises:
            InvalidDeal: as :meth:`validate` (with ``trusted``, at most the few checks kept).
        """
        opened = _opened(state)
        outcome, warnings, points = self._check(entry, state, opened, variant, trusted=trusted)
        events: list[Event] = []
        if opened is not state:
            events.append(Event("new_game", (), {"game": opened.game}, SOURCE_RUBBER))
        seats = state.seats
        striche = dict(opened.striche)
        frame = dict(opened.frame)
        received = dict(opened.received)
        hundreds = dict(opened.hundreds)
        active = list(opened.active)
        finished: Sequence[str] = list(opened.finished)
        phase = opened.phase
        loser: str | None = None
        games_played = opened.games_played
        rubber_over = False
        balance: dict[str, int] | None = None
        remainder = 0
        vierstrich_ended = False

        def pts(group: Sequence[str]) -> int | None:
            return None if points is None or not group else points[group[0]]

        def add(group: Sequence[str], reason: str, source: str, **extra: Any) -> None:
            counts = phase == PHASE_VIERSTRICH and not state.unit_over
            for q in group:
                striche[q] += 1
                if counts:
                    received[q] += 1
            if group:
                figures = {
                    "reason": reason,
                    "points": pts(group if reason == "most" else ()),
                    **extra,
                }
                if reason == "hundred":
                    figures["points"] = pts([extra["by"]])
                events.append(Event("strich", tuple(group), figures, source))

        def finish(last: str) -> None:
            nonlocal loser, phase, games_played, rubber_over, balance, remainder
            loser = last
            frame[last] += 1
            phase = PHASE_DONE
            games_played += 1
            events.append(
                Event(
                    "game_lost",
                    (last,),
                    {"game": opened.game, "striche": striche[last], "frame": frame[last]},
                    SOURCE_RUBBER,
                )
            )
            if games_played >= variant.games_per_rubber:
                rubber_over = True
                balance, remainder = _settle(frame, variant)
                events.append(
                    Event(
                        "rubber_over",
                        (),
                        {
                            "balance": dict(balance),
                            "frame": dict(frame),
                            "pool_remainder": remainder,
                        },
                        SOURCE_SETTLEMENT,
                    )
                )

        if phase == PHASE_VIERSTRICH:
            if outcome.hundred:
                maker = outcome.hundred
                hundreds[maker] += 1
                events.append(Event("hundred", (maker,), {"points": pts([maker])}, SOURCE_HUNDRED))
                # A player who made a hundred takes no Strich; each opponent takes one.
                add([q for q in active if q != maker], "hundred", SOURCE_HUNDRED, by=maker)
            elif outcome.void:
                events.append(
                    Event("void", tuple(active), {"points": pts(active)}, SOURCE_VIERSTRICH)
                )
            else:
                add(list(outcome.most), "most", SOURCE_VIERSTRICH)
            on_slate = sum(striche.values())
            if on_slate >= variant.vierstrich_marks:
                vierstrich_ended = True
                phase = PHASE_BUTZEN
                clean = [q for q in active if striche[q] == 0]
                active = [q for q in active if striche[q] > 0]
                finished = _order(seats, list(finished) + clean)
                events.append(
                    Event(
                        "vierstrich_over",
                        (),
                        {"total": on_slate, "superfluous": on_slate - variant.vierstrich_marks},
                        SOURCE_VIERSTRICH,
                    )
                )
                if clean:
                    events.append(Event("sits_out", tuple(clean), {}, SOURCE_VIERSTRICH))
                if len(active) == 1:
                    finish(active[0])
        else:
            n = len(active)
            if outcome.hundred:
                maker = outcome.hundred
                hundreds[maker] += 1
                erased = min(2, striche[maker])  # never below 0 (ambiguity A9)
                striche[maker] -= erased
                events.append(
                    Event(
                        "hundred",
                        (maker,),
                        {"points": pts([maker]), "erased": erased},
                        SOURCE_BUTZEN,
                    )
                )
                if n >= 3 or variant.butzen_two_player_hundred_adds:
                    add([q for q in active if q != maker], "hundred", SOURCE_BUTZEN, by=maker)
            elif outcome.void:
                events.append(Event("void", tuple(active), {"points": pts(active)}, SOURCE_BUTZEN))
            else:
                for q in outcome.fewest:
                    striche[q] -= 1
                events.append(
                    Event(
                        "butzen",
                        tuple(outcome.fewest),
                        {"points": pts(outcome.fewest), "erased": 1},
                        SOURCE_BUTZEN,
                    )
                )
                if n >= 3:  # with two players left nobody adds
                    add(list(outcome.most), "most", SOURCE_BUTZEN)
            out = [q for q in active if striche[q] == 0]
            if out:
                active = [q for q in active if q not in out]
                finished = _order(seats, list(finished) + out)
                events.append(Event("drops_out", tuple(out), {}, SOURCE_BUTZEN))
            if len(active) == 1:
                finish(active[0])

        if phase == PHASE_DONE:
            finished = _order(seats, [q for q in seats if q != loser])
            active = []

        unit = variant.tournament_round
        unit_over = state.unit_over or (
            (unit == "vierstrich" and vierstrich_ended)
            or (unit == "full_game" and phase == PHASE_DONE)
            or (unit == "rubber" and rubber_over)
        )
        if unit_over and not state.unit_over:
            events.append(Event("unit_over", (), {"unit": unit}, SOURCE_UNIT))

        dealer = entry.get("dealer")
        if dealer is None:
            dealer = _next_dealer(state, opened)
        new = HinterscheState(
            seats=seats,
            variant=variant,
            deals=state.deals + 1,
            game=opened.game,
            phase=phase,
            striche=freeze(striche),
            active=tuple(active),  # both kept in seat order above
            finished=tuple(finished),
            frame=freeze(frame),
            loser=loser,
            games_played=games_played,
            rubber_over=rubber_over,
            balance=None if balance is None else freeze(balance),
            pool_remainder=remainder,
            dealer=dealer,
            received=freeze(received),
            hundreds=freeze(hundreds),
            unit_over=unit_over,
        )
        return Step(state=new, events=tuple(events), warnings=warnings)

    def replay(
        self,
        entries: Sequence[Mapping[str, Any]],
        variant: Variant,
        seats: Sequence[str] | None = None,
        *,
        trusted: bool = False,
    ) -> tuple[Step, ...]:
        """Every entry applied in order from the initial state; one step per entry.

        ``trusted=True`` is a fast replay for entries that **passed validation when they were
        stored**, with the same variant and seats, in this order (the web layer's standings). It
        skips the checks that cannot change the result of a valid entry — the H-V5 split search,
        the H-V6 trick bounds, the range and reachability checks (H-V1 … H-V4), H-V8, H-V9 and
        the dealer-rotation warnings (every step's ``warnings`` is empty) — and scores through the
        same code as the full replay, so for valid entries the states and events are identical.
        For entries that would not pass validation it may return nonsense or raise any exception
        (it always ends: nothing searches); never use it on freshly entered or edited deals.

        Raises:
            InvalidDeal: for the first invalid entry, its 0-based position in ``params["index"]``
                (with ``trusted``, only from the few checks kept: H-V7, H-V10).
        """
        return replay_steps(self, entries, variant, seats, trusted=trusted)


HINTERSCHE = Hintersche()
"""The module's singleton engine, registered as ``scoring.games["hintersche"]``."""
