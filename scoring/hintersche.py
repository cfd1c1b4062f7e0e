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

A deal is read in three steps (:class:`Hintersche`): :meth:`~Hintersche.parse` reads the entry
into a :class:`Deal` checking its form (rules H-V1 … H-V8 of the Scoring specification §1.4),
:meth:`~Hintersche.legality` checks it in its place (H-V9 … H-V11) and :meth:`~Hintersche.push`
scores it (§1.5).

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
* ``"drops_out"`` — the seats erased their last Strich in the Butzen and are safe; in a Stechen
  (below) figures ``stechen_place`` (the place they share).
* ``"game_lost"`` — the seat lost the game; figures ``game``, ``striche`` (left in his corner),
  ``frame`` (his frame marks now) and, in a Stechen, ``stechen_place`` (the last place).
* ``"rubber_over"`` — the last game of the rubber ended; figures ``balance`` (euros per seat),
  ``frame``, ``pool_remainder`` (euros left in the pool, ``settlement = pool`` only).
* ``"unit_over"`` — the tournament unit (``variant.tournament_round``) is complete; figures
  ``unit``. Always the last event of its step.

The Stechen (``tournament_round = "stechen"``, :attr:`Hintersche.stechen_options`): players tied
on places that matter play off at a table of their own, after the Schapbach world championship
("mit je einem Strich"; Hintersche Stechen after the Schapbach world championship (Schwarzwälder
Bote reports): one Strich each, played as a Butzen). The game starts in the Butzen with one Strich
on every seat; its deals are ordinary Butzen deals. The order in which the seats clear their slate
places them (:attr:`HinterscheState.stechen_cleared`, :meth:`HinterscheState.stechen_places`):
the first to drop out is 1st, seats clearing in the same deal share a place, the loser is last.
The unit is over with the game.

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
    GameBase,
    InvalidDeal,
    InvalidVariant,
    Option,
    SeatResult,
    Step,
    Warning,
)
from scoring.checks import next_seat, rotation_warnings, whole_number, within
from scoring.options import check_values, freeze, is_int, number_map, read_options

SOURCE_VIERSTRICH = "Hintersche after Schoch 2014, Vier-Strich"
SOURCE_BUTZEN = "Hintersche after Schoch 2014, Butzen"
SOURCE_HUNDRED = "Hintersche after Schoch 2014, making a hundred"
SOURCE_RUBBER = "Hintersche after Schoch 2014, rubber"
SOURCE_SETTLEMENT = "Scoring specification §1.5, settlement"
SOURCE_UNIT = "Scoring specification §1.6, tournament standing"
SOURCE_STECHEN = (
    "Hintersche Stechen after the Schapbach world championship (Schwarzwälder Bote reports): "
    "one Strich each, played as a Butzen"
)

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
        "tournament_round": ("vierstrich", "full_game", "rubber", "stechen"),
    }
)
_NOT_OFFERED: Mapping[str, tuple[str, ...]] = MappingProxyType({"tournament_round": ("stechen",)})
"""Choices a variant accepts but :meth:`Hintersche.options` does not offer the organiser: the
Stechen is the play-off table's own unit, set through :attr:`Hintersche.stechen_options`, never
the unit of an ordinary round."""
_BOOLEANS = ("butzen_two_player_hundred_adds", "auto_new_game", "auto_tiebreak")
_INTEGERS = {"vierstrich_marks": 1, "games_per_rubber": 1, "stake": 0, "total": 1}  # minimum values


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
    metric Striche received, default), ``"full_game"`` (the first game; metric frame marks),
    ``"rubber"`` (the whole rubber; metric frame marks) or ``"stechen"`` (a play-off table of
    players tied on places that matter: every seat starts with one Strich and the game is played
    as a Butzen; the first to clear his Strich is placed 1st, and so on, the loser last; metric the
    Stechen place. Hintersche Stechen after the Schapbach world championship (Schwarzwälder Bote
    reports): one Strich each, played as a Butzen). ``"stechen"`` is not offered in
    :meth:`Hintersche.options`; the web layer sets it for a Stechen table through
    :attr:`Hintersche.stechen_options`."""
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
    Vier-Strich half (``vierstrich``), the first game (``full_game`` and ``stechen``) or the
    rubber (``rubber``). The engine keeps scoring deals after it; refusing them is the web
    layer's business."""
    stechen_cleared: Mapping[str, int] = field(default_factory=dict)
    """Under ``tournament_round = stechen``: per seat that has erased its last Strich in the
    Stechen, the number of that deal (1-based, counted as :attr:`deals`); seats still holding
    Striche, and the loser once the Stechen is over, are absent. Fixed once the unit is over
    (deals after it change nothing here); always empty for the other tournament rounds."""

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

    def stechen_places(self) -> dict[str, int] | None:
        """Per seat, in seat order, its place in the Stechen (``tournament_round = stechen``;
        ``None`` for the other tournament rounds): a seat that cleared its slate is placed 1 +
        the number of seats that cleared in an earlier deal (seats clearing in the same deal share
        the place, a competition ranking 1, 1, 3, 4); a seat still holding Striche is placed 1 +
        the number of seats cleared so far. Once the Stechen is over that is the loser's place,
        the last one (4 at a table of four); before, it is provisional for every seat still
        playing (Hintersche Stechen after the Schapbach world championship)."""
        if self.variant.tournament_round != "stechen":
            return None
        cleared = self.stechen_cleared
        return {
            seat: 1
            + (
                sum(1 for deal in cleared.values() if deal < cleared[seat])
                if seat in cleared
                else len(cleared)
            )
            for seat in self.seats
        }

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §1.6).

        ``score`` (fewest first) is the Striche received in the unit for ``tournament_round =
        vierstrich``, the Stechen place for ``stechen`` (:meth:`stechen_places`: 1 + the seats
        that cleared their Strich in an earlier deal, ties sharing a place, the loser last;
        provisional, 1 + the seats cleared so far, for seats still playing), the frame marks
        otherwise; ``figures`` holds ``striche`` (received), ``frame`` and ``hundreds``, and
        under ``stechen`` also ``stechen_place`` (= ``score``).
        """
        unit = self.variant.tournament_round
        places = self.stechen_places()
        found = []
        for seat in self.seats:
            figures = {
                "striche": self.received[seat],
                "frame": self.frame[seat],
                "hundreds": self.hundreds[seat],
            }
            if places is not None:
                score = figures["stechen_place"] = places[seat]
            else:
                score = self.received[seat] if unit == "vierstrich" else self.frame[seat]
            found.append(SeatResult(seat=seat, score=score, figures=figures))
        return tuple(found)

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
            "stechen_cleared": dict(self.stechen_cleared),
            "stechen_place": self.stechen_places(),
        }


class Outcome(NamedTuple):
    """What a deal decided, from the card points or the minimal entry: a hundred (its maker), a
    void, or the seats with most (and, in the Butzen, fewest) card points, in playing order."""

    hundred: str | None = None
    void: bool = False
    most: tuple[str, ...] = ()
    fewest: tuple[str, ...] = ()


class Deal(NamedTuple):
    """One deal as entered, read against the table by :meth:`Hintersche.parse` (step 1, rules
    H-V1 … H-V8 of the Scoring specification §1.4).

    ``game`` and ``tie_resolution`` are kept as sent: their rules (H-V9, H-V10) come after the
    finished-rubber check (H-V9 ``MATCH_OVER``) in the table, so :meth:`Hintersche.legality`
    checks them. A deal parsed
    with ``trusted`` holds the entry's values unchecked.
    """

    points: Mapping[str, int] | None
    """Card points (0 … ``total``) per active seat of a full entry; ``None`` for a minimal one."""
    tricks: Mapping[str, int] | None
    """Tricks taken per active seat, if entered."""
    dead_points: int | None
    """Card points of the undealt cards (``deal_mode = nine_each`` with fewer than four active),
    if entered."""
    minimal: Outcome | None
    """The minimal entry's ``outcome`` (H-V7); ``None`` without one (and, trusted, for a full
    entry whose ties are shared, where the scoring does not read it)."""
    derived: Outcome | None
    """The outcome the card points give, ties shared; ``None`` for a minimal entry."""
    tie_resolution: Any
    """The entry's ``tie_resolution`` as sent (``{"most": [...], "fewest": [...]}``), or
    ``None``."""
    dealer: str | None
    """The seat that dealt, if entered (a seat of the table, H-V1)."""
    game: Any
    """The entry's ``game`` number as sent, or ``None``."""


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
    for step in range(1, len(state.seats) + 1):
        seat = next_seat(state.seats, state.dealer, step)
        if seat in opened.active:
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


# -- step 1: the entry's form (H-V1 … H-V8) --------------------------------------------------------


def _check_shape(entry: Any) -> None:
    """The entry is an object giving ``points``, an ``outcome`` or both (other keys, such as
    ``trump``, are not read).

    Raises:
        InvalidDeal: ``INVALID_OUTCOME`` on ``deal`` (not an object) or ``outcome`` (neither).
    """
    if not isinstance(entry, Mapping):
        raise InvalidDeal("deal", "INVALID_OUTCOME", f"a deal must be an object, not {entry!r}")
    if entry.get("points") is None and entry.get("outcome") is None:
        raise InvalidDeal(
            "outcome", "INVALID_OUTCOME", "the entry gives neither points nor an outcome"
        )


def _check_keys(name: str, values: Any, opened: HinterscheState) -> None:
    """H-V1: the keys of ``points`` or ``tricks`` (``name``) are exactly the active seats.

    Raises:
        InvalidDeal: ``MISSING_PLAYER`` on ``name`` (not an object, or an active seat left out;
            ``params["seats"]``), ``UNKNOWN_PLAYER`` on ``name`` (a key that is no seat),
            ``PLAYER_NOT_ACTIVE`` on ``name.<seat>`` (a seat that sits out or dropped out).
    """
    seats, active = opened.seats, opened.active
    if not isinstance(values, Mapping):
        raise InvalidDeal(
            name,
            "MISSING_PLAYER",
            f"{name} must map each active seat to a number, not {values!r}",
            seats=list(active),
        )
    if values.keys() == set(active):
        return  # the usual case; otherwise find out what is wrong
    unknown = [k for k in values if k not in seats]
    if unknown:
        raise InvalidDeal(
            name,
            "UNKNOWN_PLAYER",
            f"{', '.join(map(repr, unknown))} is not a seat at this table ({', '.join(seats)})",
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
            name, "MISSING_PLAYER", f"no {name} entered for {', '.join(missing)}", seats=missing
        )


def _check_seats(points: Any, tricks: Any, dealer: Any, opened: HinterscheState) -> None:
    """H-V1: the keys of ``points``, then of ``tricks``, are exactly the active seats
    (:func:`_check_keys`); an entered dealer is a seat of the table.

    Raises:
        InvalidDeal: as :func:`_check_keys`; ``UNKNOWN_PLAYER`` on ``dealer``,
            ``params["seats"]`` the input.
    """
    for name, values in (("points", points), ("tricks", tricks)):
        if values is not None:
            _check_keys(name, values, opened)
    if dealer is not None and dealer not in opened.seats:
        raise InvalidDeal(
            "dealer", "UNKNOWN_PLAYER", f"dealer {dealer!r} is not a seat", seats=[dealer]
        )


def _check_card_points(
    points: Mapping[str, Any] | None, dead: Any, opened: HinterscheState, variant: Variant
) -> None:
    """H-V2 … H-V5: the card points in range (:func:`_check_points`), the dead cards
    (:func:`_check_dead_points`), the sum (:func:`_piles`), values a pile can have
    (:func:`_check_reachable`) and a split of the cards that gives them (:func:`_check_split`).

    Raises:
        InvalidDeal: as those, in that order.
    """
    if points is not None:
        _check_points(points, opened.active, variant)  # H-V2
    _check_dead_points(dead, variant)  # H-V3
    if points is not None:
        piles = _piles(points, dead, opened, variant)  # H-V3
        _check_reachable(points, opened.active, variant)  # H-V4
        _check_split(points, piles, opened.active, variant)  # H-V5


def _check_points(points: Mapping[str, Any], active: tuple[str, ...], variant: Variant) -> None:
    """H-V2: each active seat's card points are a whole number from 0 to ``total`` (140).

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` or ``OUT_OF_RANGE`` on ``points.<seat>``.
    """
    for seat in active:
        value = whole_number(points[seat], f"points.{seat}", f"card points of {seat}")
        within(value, f"points.{seat}", f"card points of {seat}", 0, variant.total)


def _check_dead_points(dead: Any, variant: Variant) -> None:
    """H-V3: ``dead_points`` (card points of the undealt cards) is only entered with ``deal_mode
    = nine_each``, as a whole number from 0 to ``total``.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` (``params["option"]``), ``NOT_AN_INTEGER`` (no params)
            or ``OUT_OF_RANGE`` on ``dead_points``.
    """
    if dead is None:
        return
    if variant.deal_mode != "nine_each":
        raise InvalidDeal(
            "dead_points",
            "OPTION_DISABLED",
            "dead_points only applies with deal_mode = nine_each; all cards are dealt",
            option="deal_mode",
        )
    if not is_int(dead):
        raise InvalidDeal(
            "dead_points", "NOT_AN_INTEGER", f"dead_points must be a whole number, not {dead!r}"
        )
    within(dead, "dead_points", "dead_points", 0, variant.total)


def _piles(
    points: Mapping[str, int], dead: int | None, opened: HinterscheState, variant: Variant
) -> tuple[int, ...]:
    """H-V3: the card points add up to ``total`` (140) — with the dead cards when they are
    entered, at most ``total`` when cards stay undealt and are not. Returns the piles the deck
    was split into: the active seats' card points, then the undealt cards' pile if any.

    Raises:
        InvalidDeal: ``SUM_MISMATCH`` on ``points`` (``params["total"]``, ``["expected"]`` and,
            with dead cards, ``["dead_points"]``).
    """
    total = variant.total
    entered = sum(points[s] for s in opened.active)
    if variant.deal_mode == "all_cards" or (
        dead is None and len(opened.active) == len(opened.seats)
    ):
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
    piles = tuple(points[s] for s in opened.active)
    return piles + (total - entered,) if entered < total else piles


def _check_reachable(points: Mapping[str, int], active: tuple[str, ...], variant: Variant) -> None:
    """H-V4: each seat's card points are a sum some cards of the deck make (not 1 or 139 with
    the default card values).

    Raises:
        InvalidDeal: ``UNREACHABLE_VALUE`` on ``points.<seat>``, ``params["value"]``.
    """
    reachable = _subset_sums(variant.valued_cards)
    for seat in active:
        if points[seat] not in reachable:
            raise InvalidDeal(
                f"points.{seat}",
                "UNREACHABLE_VALUE",
                f"no pile of cards is worth exactly {points[seat]} ({seat})",
                value=points[seat],
            )


def _check_split(
    points: Mapping[str, int], piles: tuple[int, ...], active: tuple[str, ...], variant: Variant
) -> None:
    """H-V5: the valued cards together can be split into ``piles`` (:func:`feasible`).

    Raises:
        InvalidDeal: ``INFEASIBLE_DISTRIBUTION`` on ``points``, ``params["points"]`` per seat.
    """
    if not feasible(variant.valued_cards, tuple(sorted(piles, reverse=True))):
        raise InvalidDeal(
            "points",
            "INFEASIBLE_DISTRIBUTION",
            "no split of the cards gives these piles: "
            + ", ".join(f"{s} {points[s]}" for s in active),
            points={s: points[s] for s in active},
        )


def _check_tricks(
    tricks: Mapping[str, Any],
    points: Mapping[str, int] | None,
    active: tuple[str, ...],
    variant: Variant,
) -> None:
    """H-V6: each active seat's tricks are a whole number ≥ 0, adding up to the tricks of the
    deal (36 cards / n players, 9 with ``nine_each``); with card points, see
    :func:`_check_trick_points`.

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` or ``OUT_OF_RANGE`` on ``tricks.<seat>``,
            ``TRICK_COUNT_MISMATCH`` on ``tricks`` (``params["total"]``, ``["expected"]``), or
            as :func:`_check_trick_points`.
    """
    per_player = 9 if variant.deal_mode == "nine_each" else 36 // len(active)
    for seat in active:
        value = whole_number(tricks[seat], f"tricks.{seat}", f"tricks of {seat}")
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
        _check_trick_points(tricks, points, active, variant)


def _check_trick_points(
    tricks: Mapping[str, int], points: Mapping[str, int], active: tuple[str, ...], variant: Variant
) -> None:
    """H-V6: no card points without a trick, and no more card points than the seat's tricks
    (each of n cards) can hold: the sum of the highest card values (:meth:`Variant.trick_bound`).

    Raises:
        InvalidDeal: ``POINTS_WITHOUT_TRICKS`` (``params["points"]``) or
            ``INFEASIBLE_DISTRIBUTION`` (``params["points"]``, ``["tricks"]``, ``["bound"]``) on
            ``points.<seat>``; every seat is checked for the first before any for the second.
    """
    for seat in active:
        if tricks[seat] == 0 and points[seat] > 0:
            raise InvalidDeal(
                f"points.{seat}",
                "POINTS_WITHOUT_TRICKS",
                f"{seat} took no trick but is entered with {points[seat]} card points",
                points=points[seat],
            )
    n = len(active)
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


def _bad_outcome(message: str) -> InvalidDeal:
    """H-V7: ``INVALID_OUTCOME`` on ``outcome``."""
    return InvalidDeal("outcome", "INVALID_OUTCOME", message)


def _minimal(outcome: Any, opened: HinterscheState) -> Outcome:
    """H-V7: a well-formed minimal outcome for the deal (Scoring specification §1.4, §7):
    exactly one of ``hundred`` (a seat), ``void`` (true) or ``most``/``fewest`` (lists of seats,
    see :func:`_minimal_sides`).

    Raises:
        InvalidDeal: ``INVALID_OUTCOME`` on ``outcome``: not an object, an unknown key, not
            exactly one kind, a hundred by no active seat, a void that is not true or with three
            active (140 card points do not split three ways), or as :func:`_minimal_sides`.
    """
    if not isinstance(outcome, Mapping):
        raise _bad_outcome(f"outcome must be an object, not {outcome!r}")
    unknown = [k for k in outcome if k not in ("hundred", "most", "fewest", "void")]
    if unknown:
        raise _bad_outcome(f"unknown outcome key(s) {', '.join(map(repr, unknown))}")
    kinds = [
        kind
        for kind, present in (
            ("hundred", "hundred" in outcome),
            ("most", "most" in outcome or "fewest" in outcome),
            ("void", "void" in outcome),
        )
        if present
    ]
    if len(kinds) != 1:
        raise _bad_outcome("give exactly one of hundred, most/fewest or void")
    active = opened.active
    if kinds == ["hundred"]:
        maker = outcome["hundred"]
        if not isinstance(maker, str) or maker not in active:
            raise _bad_outcome(
                f"hundred must name an active seat ({', '.join(active)}), not {maker!r}"
            )
        return Outcome(hundred=maker)
    if kinds == ["void"]:
        if outcome["void"] is not True:
            raise _bad_outcome(f"void must be true, not {outcome['void']!r}")
        if len(active) == 3:
            raise _bad_outcome(
                "with three active players a void is impossible (140 is not divisible)"
            )
        return Outcome(void=True)
    return _minimal_sides(outcome, opened)


def _minimal_sides(outcome: Mapping[str, Any], opened: HinterscheState) -> Outcome:
    """H-V7: ``most`` and ``fewest`` of a minimal outcome: non-empty lists of distinct active
    seats, not every active seat, not sharing a seat; ``fewest`` only (and always) in the Butzen,
    where ``most`` may be left out with two players left (then it is the other one).

    Raises:
        InvalidDeal: ``INVALID_OUTCOME`` on ``outcome``.
    """
    active = opened.active
    sides: dict[str, tuple[str, ...]] = {}
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
            raise _bad_outcome(
                f"{key} must be a non-empty list of active seats ({', '.join(active)}), "
                f"not {named!r}"
            )
        if len(named) == len(active):
            raise _bad_outcome(f"{key} names every active seat; enter a void instead")
        sides[key] = _order(opened.seats, named)
    if set(sides.get("most", ())) & set(sides.get("fewest", ())):
        raise _bad_outcome("most and fewest must not share a seat")
    if opened.phase != PHASE_BUTZEN:
        if "fewest" in sides:
            raise _bad_outcome("fewest only applies in the Butzen")
        return Outcome(most=sides["most"])
    if "fewest" not in sides:
        raise _bad_outcome("fewest is required in the Butzen")
    if "most" not in sides and len(active) >= 3:
        raise _bad_outcome("most is required in the Butzen while three or four are active")
    most = sides.get("most") or tuple(s for s in active if s not in sides["fewest"])
    return Outcome(most=most, fewest=sides["fewest"])


def _derive(points: Mapping[str, int], active: tuple[str, ...], variant: Variant) -> Outcome:
    """The outcome the card points give, ties shared: a hundred (``hundred_threshold``), a void
    (every active seat took the same), else the seats with most and with fewest."""
    values = [points[s] for s in active]
    top, bottom = max(values), min(values)
    if variant.is_hundred(top):
        return Outcome(hundred=next(s for s in active if variant.is_hundred(points[s])))
    if top == bottom:
        return Outcome(void=True)
    return Outcome(
        most=tuple(s for s in active if points[s] == top),
        fewest=tuple(s for s in active if points[s] == bottom),
    )


def _agree(minimal: Outcome, derived: Outcome, opened: HinterscheState, variant: Variant) -> None:
    """H-V8: the minimal outcome is the one the card points give. Under ``tie_policy = manual``
    ``most``/``fewest`` may name some of the tied seats; ``fewest`` counts only in the Butzen.

    Raises:
        InvalidDeal: ``HUNDRED_MISMATCH`` on ``outcome`` (``params["outcome"]``, ``["points"]``:
            the maker each names, or ``None``); ``MINIMAL_FULL_MISMATCH`` on ``outcome``
            (``params["most"]``, ``["fewest"]``, ``["void"]``: what the card points give).
    """
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


def _parse_trusted(entry: Mapping[str, Any], opened: HinterscheState, variant: Variant) -> Deal:
    """The deal of an entry that passed validation when it was stored: only the outcomes the
    scoring reads are worked out (the minimal one only for a minimal entry or a manual tie).

    Raises:
        InvalidDeal: only H-V7's ``INVALID_OUTCOME``, for an entry that was never valid.
    """
    points = entry.get("points")
    outcome = entry.get("outcome")
    minimal = None
    if outcome is not None and (points is None or variant.tie_policy == "manual"):
        minimal = _minimal(outcome, opened)
    return Deal(
        points=points,
        tricks=entry.get("tricks"),
        dead_points=entry.get("dead_points"),
        minimal=minimal,
        derived=None if points is None else _derive(points, opened.active, variant),
        tie_resolution=entry.get("tie_resolution"),
        dealer=entry.get("dealer"),
        game=entry.get("game"),
    )


# -- step 2: the deal in its place (H-V9 … H-V11) --------------------------------------------------


def _check_game(
    game: Any, state: HinterscheState, opened: HinterscheState, variant: Variant
) -> None:
    """H-V9: no deal after the rubber; an entered ``game`` names the game being played (the next
    one once a game is over), and must be entered then when ``auto_new_game`` is off.

    Raises:
        InvalidDeal: ``MATCH_OVER`` on ``deal`` (``params["games_played"]``); ``NOT_AN_INTEGER``
            (no params), ``GAME_OVER`` or ``OUT_OF_RANGE`` on ``game`` (``params["game"]``,
            ``["current"]``).
    """
    if state.rubber_over:
        raise InvalidDeal(
            "deal",
            "MATCH_OVER",
            f"the rubber is over after {state.games_played} games; open a new rubber",
            games_played=state.games_played,
        )
    if game is None:
        if state.phase == PHASE_DONE and not variant.auto_new_game:
            raise InvalidDeal(
                "game",
                "GAME_OVER",
                f"game {state.game} is finished; give game {opened.game} to open the next",
                game=state.game,
                current=opened.game,
            )
        return
    if not is_int(game):
        raise InvalidDeal("game", "NOT_AN_INTEGER", f"game must be a whole number, not {game!r}")
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


def _resolve(deal: Deal, opened: HinterscheState, variant: Variant) -> Outcome:
    """H-V10: the outcome scored, with who takes (or erases) the Strich when card points tie:
    every tied seat under ``tie_policy = share``; under ``manual`` the seats the entry's
    ``tie_resolution`` (or, failing it, its minimal outcome) names (:func:`_tie_categories`,
    :func:`_tie_named`). A minimal entry is scored as it stands.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` on ``tie_resolution`` with ``tie_policy = share``
            (``params["option"]``); ``TIE_RESOLUTION_REQUIRED`` as :func:`_tie_categories` and
            :func:`_tie_named`.
    """
    resolution = deal.tie_resolution
    manual = variant.tie_policy == "manual"
    if resolution is not None and not manual:
        raise InvalidDeal(
            "tie_resolution",
            "OPTION_DISABLED",
            "tie_resolution only applies with tie_policy = manual; ties are shared",
            option="tie_policy",
        )
    derived = deal.derived
    if derived is None:
        assert deal.minimal is not None  # a valid entry gives points or an outcome
        return deal.minimal
    if not manual or derived.hundred or derived.void:
        return derived
    chosen = {"most": derived.most, "fewest": derived.fewest}
    for key in _tie_categories(resolution, opened):
        named = _tie_named(key, chosen[key], resolution or {}, deal.minimal, opened)
        if named is not None:
            chosen[key] = named
    return Outcome(most=chosen["most"], fewest=chosen["fewest"])


def _tie_categories(resolution: Any, opened: HinterscheState) -> tuple[str, ...]:
    """H-V10: the ties to settle in this phase — ``most`` in the Vier-Strich, ``fewest`` then
    ``most`` in the Butzen — once ``tie_resolution`` is an object naming only those.

    Raises:
        InvalidDeal: ``TIE_RESOLUTION_REQUIRED`` on ``tie_resolution`` (no params).
    """
    if resolution is not None and (
        not isinstance(resolution, Mapping) or set(resolution) - {"most", "fewest"}
    ):
        raise InvalidDeal(
            "tie_resolution",
            "TIE_RESOLUTION_REQUIRED",
            f"tie_resolution must be an object with most and/or fewest, not {resolution!r}",
        )
    categories = ("fewest", "most") if opened.phase == PHASE_BUTZEN else ("most",)
    for key in resolution or {}:
        if key not in categories:
            raise InvalidDeal(
                "tie_resolution",
                "TIE_RESOLUTION_REQUIRED",
                f"tie_resolution.{key} does not apply in this phase",
            )
    return categories


def _tie_named(
    key: str,
    tied: tuple[str, ...],
    resolution: Mapping[str, Any],
    minimal: Outcome | None,
    opened: HinterscheState,
) -> tuple[str, ...] | None:
    """H-V10: the seats, in playing order, that take the Strich (``key = "most"``) or erase
    one (``"fewest"``) of the ``tied`` ones; ``None`` when nothing needs naming (a single seat,
    or most with two players left in the Butzen, where nobody adds a Strich).

    Raises:
        InvalidDeal: ``TIE_RESOLUTION_REQUIRED`` on ``tie_resolution`` (``params["category"]``
            = ``key``, ``["seats"]`` = the tied seats): a tie nobody settled, or a list that is
            empty, repeats a seat or names a seat not tied.
    """
    named = resolution.get(key)
    if named is None and minimal is not None and len(tied) > 1:
        named = getattr(minimal, key)
    if named is None:
        butzen = opened.phase == PHASE_BUTZEN
        if len(tied) > 1 and (key == "fewest" or not butzen or len(opened.active) >= 3):
            raise InvalidDeal(
                "tie_resolution",
                "TIE_RESOLUTION_REQUIRED",
                f"{', '.join(tied)} tie for {key} card points; name who "
                f"{'takes the Strich' if key == 'most' else 'erases'} in tie_resolution",
                category=key,
                seats=list(tied),
            )
        return None
    if (
        not isinstance(named, list | tuple)
        or not named
        or any(s not in tied for s in named)
        or len(set(named)) != len(named)
    ):
        raise InvalidDeal(
            "tie_resolution",
            "TIE_RESOLUTION_REQUIRED",
            f"tie_resolution.{key} must name tied players only ({', '.join(tied)}), not {named!r}",
            category=key,
            seats=list(tied),
        )
    return _order(opened.seats, named)


# -- step 3: scoring (Scoring specification §1.5) --------------------------------------------------


class _Slate:
    """The slate while :meth:`Hintersche.push` scores one deal: working copies of the state's
    figures (the state passed in is never changed) and the events so far."""

    __slots__ = (
        "state",
        "opened",
        "variant",
        "points",
        "events",
        "striche",
        "frame",
        "received",
        "hundreds",
        "active",
        "finished",
        "phase",
        "games_played",
        "loser",
        "rubber_over",
        "balance",
        "remainder",
        "vierstrich_ended",
        "stechen",
        "stechen_cleared",
    )

    def __init__(
        self,
        state: HinterscheState,
        opened: HinterscheState,
        variant: Variant,
        points: Mapping[str, int] | None,
    ) -> None:
        """The slate before the deal (``state``; ``opened = _opened(state)``, the state the deal
        is played in; ``points`` its card points, ``None`` for a minimal entry), with a
        ``new_game`` event if the deal opens the next game."""
        self.state = state
        self.opened = opened
        self.variant = variant
        self.points = points
        self.events: list[Event] = []
        if opened is not state:
            self.events.append(Event("new_game", (), {"game": opened.game}, SOURCE_RUBBER))
        self.striche = dict(opened.striche)
        self.frame = dict(opened.frame)
        self.received = dict(opened.received)
        self.hundreds = dict(opened.hundreds)
        self.active = list(opened.active)
        self.finished: Sequence[str] = opened.finished
        self.phase = opened.phase
        self.games_played = opened.games_played
        self.loser: str | None = None
        self.rubber_over = False
        self.balance: dict[str, int] | None = None
        self.remainder = 0
        self.vierstrich_ended = False
        # The deal is one of a Stechen still being played: seats clearing now take their place.
        self.stechen = variant.tournament_round == "stechen" and not state.unit_over
        self.stechen_cleared = dict(opened.stechen_cleared)

    def card_points(self, group: Sequence[str]) -> int | None:
        """The card points of the first seat of ``group``; ``None`` for a minimal entry."""
        return None if self.points is None or not group else self.points[group[0]]

    def add(self, group: Sequence[str], source: str, by: str | None = None) -> None:
        """Each seat of ``group`` adds a Strich, for most card points or for ``by``'s hundred;
        in a Vier-Strich that counts for the tournament unit, it is received too (§1.6)."""
        counts = self.phase == PHASE_VIERSTRICH and not self.state.unit_over
        for seat in group:
            self.striche[seat] += 1
            if counts:
                self.received[seat] += 1
        if not group:
            return
        if by is None:
            figures = {"reason": "most", "points": self.card_points(group)}
        else:
            figures = {"reason": "hundred", "points": self.card_points((by,)), "by": by}
        self.events.append(Event("strich", tuple(group), figures, source))

    def hundred(self, maker: str, source: str, erased: int | None = None) -> None:
        """``maker`` made a hundred (and, in the Butzen, erased ``erased`` Striche)."""
        self.hundreds[maker] += 1
        figures: dict[str, Any] = {"points": self.card_points((maker,))}
        if erased is not None:
            figures["erased"] = erased
        self.events.append(Event("hundred", (maker,), figures, source))

    def vierstrich(self, outcome: Outcome) -> None:
        """A deal of the Vier-Strich: a hundred's opponents each take a Strich (the maker none),
        else the seats with most card points; a void changes nothing (Hintersche after Schoch
        2014, Vier-Strich)."""
        if outcome.hundred:
            self.hundred(outcome.hundred, SOURCE_HUNDRED)
            opponents = [s for s in self.active if s != outcome.hundred]
            self.add(opponents, SOURCE_HUNDRED, by=outcome.hundred)
        elif outcome.void:
            points = self.card_points(self.active)
            self.events.append(
                Event("void", tuple(self.active), {"points": points}, SOURCE_VIERSTRICH)
            )
        else:
            self.add(outcome.most, SOURCE_VIERSTRICH)
        on_slate = sum(self.striche.values())
        if on_slate >= self.variant.vierstrich_marks:
            self.end_vierstrich(on_slate)

    def end_vierstrich(self, on_slate: int) -> None:
        """The slate holds ``vierstrich_marks`` Striche or more: the Butzen begins, the seats
        with a clean slate sit it out, and a single seat left has lost the game."""
        self.vierstrich_ended = True
        self.phase = PHASE_BUTZEN
        clean = [s for s in self.active if self.striche[s] == 0]
        self.active = [s for s in self.active if self.striche[s] > 0]
        self.finished = _order(self.state.seats, list(self.finished) + clean)
        superfluous = on_slate - self.variant.vierstrich_marks
        self.events.append(
            Event(
                "vierstrich_over",
                (),
                {"total": on_slate, "superfluous": superfluous},
                SOURCE_VIERSTRICH,
            )
        )
        if clean:
            self.events.append(Event("sits_out", tuple(clean), {}, SOURCE_VIERSTRICH))
        if len(self.active) == 1:
            self.lose(self.active[0])

    def butzen(self, outcome: Outcome) -> None:
        """A deal of the Butzen: a hundred erases up to two of the maker's Striche (never below
        0, ambiguity A9) and, with three or more left (or ``butzen_two_player_hundred_adds``),
        each opponent adds one; else the seats with fewest card points erase one each and, with
        three or more left, those with most add one. Seats with a clean slate drop out; the last
        one left has lost the game (Hintersche after Schoch 2014, Butzen)."""
        n = len(self.active)
        if outcome.hundred:
            maker = outcome.hundred
            erased = min(2, self.striche[maker])
            self.striche[maker] -= erased
            self.hundred(maker, SOURCE_BUTZEN, erased)
            if n >= 3 or self.variant.butzen_two_player_hundred_adds:
                self.add([s for s in self.active if s != maker], SOURCE_BUTZEN, by=maker)
        elif outcome.void:
            points = self.card_points(self.active)
            self.events.append(Event("void", tuple(self.active), {"points": points}, SOURCE_BUTZEN))
        else:
            for seat in outcome.fewest:
                self.striche[seat] -= 1
            figures = {"points": self.card_points(outcome.fewest), "erased": 1}
            self.events.append(Event("butzen", outcome.fewest, figures, SOURCE_BUTZEN))
            if n >= 3:  # with two players left nobody adds
                self.add(outcome.most, SOURCE_BUTZEN)
        out = [s for s in self.active if self.striche[s] == 0]
        if out:
            self.active = [s for s in self.active if s not in out]
            self.finished = _order(self.state.seats, list(self.finished) + out)
            if self.stechen:
                self.drop_out_of_stechen(out)
            else:
                self.events.append(Event("drops_out", tuple(out), {}, SOURCE_BUTZEN))
        if len(self.active) == 1:
            self.lose(self.active[0])

    def drop_out_of_stechen(self, out: Sequence[str]) -> None:
        """In a Stechen, the seats of ``out`` cleared their slate in this deal: they share the
        place 1 + the seats that cleared in an earlier deal (Hintersche Stechen after the
        Schapbach world championship)."""
        place = 1 + len(self.stechen_cleared)
        for seat in out:
            self.stechen_cleared[seat] = self.state.deals + 1
        self.events.append(Event("drops_out", tuple(out), {"stechen_place": place}, SOURCE_STECHEN))

    def lose(self, loser: str) -> None:
        """``loser`` has lost the game: a frame mark; after ``games_per_rubber`` games the rubber
        is over and settled (Hintersche after Schoch 2014, rubber; §1.5 settlement)."""
        self.loser = loser
        self.frame[loser] += 1
        self.phase = PHASE_DONE
        self.games_played += 1
        lost = {
            "game": self.opened.game,
            "striche": self.striche[loser],
            "frame": self.frame[loser],
        }
        if self.stechen:  # the last place of the Stechen: every other seat cleared before him
            lost["stechen_place"] = 1 + len(self.stechen_cleared)
        self.events.append(Event("game_lost", (loser,), lost, SOURCE_RUBBER))
        if self.games_played < self.variant.games_per_rubber:
            return
        self.rubber_over = True
        self.balance, self.remainder = _settle(self.frame, self.variant)
        settled = {
            "balance": dict(self.balance),
            "frame": dict(self.frame),
            "pool_remainder": self.remainder,
        }
        self.events.append(Event("rubber_over", (), settled, SOURCE_SETTLEMENT))

    def after(self, dealer: str | None) -> HinterscheState:
        """The state after the deal, ``dealer`` its dealer (the one in turn if not entered);
        a ``unit_over`` event closes the events when the tournament unit is now complete."""
        state, seats = self.state, self.state.seats
        if self.phase == PHASE_DONE:
            self.finished = _order(seats, [s for s in seats if s != self.loser])
            self.active = []
        unit = self.variant.tournament_round
        unit_over = state.unit_over or (
            (unit == "vierstrich" and self.vierstrich_ended)
            or (unit in ("full_game", "stechen") and self.phase == PHASE_DONE)
            or (unit == "rubber" and self.rubber_over)
        )
        if unit_over and not state.unit_over:
            source = SOURCE_STECHEN if unit == "stechen" else SOURCE_UNIT
            self.events.append(Event("unit_over", (), {"unit": unit}, source))
        return HinterscheState(
            seats=seats,
            variant=self.variant,
            deals=state.deals + 1,
            game=self.opened.game,
            phase=self.phase,
            striche=freeze(self.striche),
            active=tuple(self.active),  # both kept in seat order
            finished=tuple(self.finished),
            frame=freeze(self.frame),
            loser=self.loser,
            games_played=self.games_played,
            rubber_over=self.rubber_over,
            balance=None if self.balance is None else freeze(self.balance),
            pool_remainder=self.remainder,
            dealer=_next_dealer(state, self.opened) if dealer is None else dealer,
            received=freeze(self.received),
            hundreds=freeze(self.hundreds),
            unit_over=unit_over,
            stechen_cleared=freeze(self.stechen_cleared),
        )


class Hintersche(GameBase):
    """The Hintersche rules engine (``scoring.games["hintersche"]``), after Schoch 2014 and the
    Scoring specification §1 and §7.

    A deal goes through :meth:`parse` (H-V1 … H-V8), :meth:`legality` (H-V9 … H-V11) and
    :meth:`push` (scoring); :class:`~scoring.base.GameBase` builds ``validate`` and ``apply``
    from them. The trusted replay (``replay(..., trusted=True)``, the web layer's standings)
    parses with ``trusted`` and skips :meth:`legality`, so it gives the full replay's states and
    events, without warnings, for entries that passed validation when they were stored."""

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
    stechen_options: ClassVar[Mapping[str, Any]] = MappingProxyType({"tournament_round": "stechen"})
    """A Stechen table plays the game's own play-off: one Strich each, played as a Butzen
    (Hintersche Stechen after the Schapbach world championship (Schwarzwälder Bote reports);
    ``Variant.tournament_round``)."""

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
        with its default, its choices (default first) or its minimum (§1.7). The Stechen's
        ``tournament_round = stechen`` is not offered: it is set through
        :attr:`stechen_options`, never for an ordinary round."""
        defaults = Variant()
        found = []
        for name in Variant.__dataclass_fields__:
            if name in ("card_values", "total"):
                continue
            default = getattr(defaults, name)
            hidden = _NOT_OFFERED.get(name, ())
            choices = tuple(c for c in _CHOICES.get(name, ()) if c not in hidden)
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
        Under ``tournament_round = stechen`` the game starts in the Butzen instead, every seat
        active with one Strich on the slate (nothing received, no frame marks): Hintersche
        Stechen after the Schapbach world championship (Schwarzwälder Bote reports): one Strich
        each, played as a Butzen.

        Raises:
            ValueError: not four distinct seat labels.
        """
        seats = tuple(seats)
        if len(seats) not in self.table_sizes or len(set(seats)) != len(seats):
            raise ValueError(f"Hintersche needs 4 distinct seats, not {seats!r}")
        zero = freeze(dict.fromkeys(seats, 0))
        stechen = variant.tournament_round == "stechen"
        return HinterscheState(
            seats=seats,
            variant=variant,
            phase=PHASE_BUTZEN if stechen else PHASE_VIERSTRICH,
            striche=freeze(dict.fromkeys(seats, 1)) if stechen else zero,
            active=seats,
            frame=zero,
            received=zero,
            hundreds=zero,
            stechen_cleared=freeze({}),
        )

    # -- the three steps of a deal -----------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: HinterscheState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """Step 1: the raw entry read into a :class:`Deal` for the seats dealt in this deal (after
        a finished game, every seat of the next one), checking rules H-V1 … H-V8 of the Scoring
        specification §1.4 and §7 in order; the first failing rule is raised.

        ``trusted=True`` (an entry that passed :meth:`validate` against this very state and
        variant when it was stored, as the web layer's standings replay it): H-V1 … H-V6 (keys,
        ranges, sums, reachability, the H-V5 split search, the H-V6 trick bounds) and H-V8 are
        skipped; only the outcomes the scoring reads are worked out, the minimal one (H-V7) only
        for a minimal entry or a manual tie. It always ends (nothing searches), but may give
        nonsense or raise any exception for an entry that was never valid.

        Raises:
            InvalidDeal: ``INVALID_OUTCOME`` on ``deal`` (not an object) or ``outcome`` (neither
                points nor an outcome); ``UNKNOWN_PLAYER``, ``PLAYER_NOT_ACTIVE``,
                ``MISSING_PLAYER`` (H-V1); ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` (H-V2);
                ``OPTION_DISABLED``, ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, ``SUM_MISMATCH``
                (H-V3); ``UNREACHABLE_VALUE`` (H-V4); ``INFEASIBLE_DISTRIBUTION`` (H-V5);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, ``TRICK_COUNT_MISMATCH``,
                ``POINTS_WITHOUT_TRICKS``, ``INFEASIBLE_DISTRIBUTION`` (H-V6);
                ``INVALID_OUTCOME`` (H-V7); ``HUNDRED_MISMATCH``, ``MINIMAL_FULL_MISMATCH``
                (H-V8).
        """
        opened = _opened(state)
        if trusted:
            return _parse_trusted(entry, opened, variant)
        _check_shape(entry)
        points, tricks, dead = entry.get("points"), entry.get("tricks"), entry.get("dead_points")
        _check_seats(points, tricks, entry.get("dealer"), opened)  # H-V1
        _check_card_points(points, dead, opened, variant)  # H-V2 … H-V5
        if tricks is not None:
            _check_tricks(tricks, points, opened.active, variant)  # H-V6
        outcome = entry.get("outcome")
        minimal = None if outcome is None else _minimal(outcome, opened)  # H-V7
        derived = None if points is None else _derive(points, opened.active, variant)
        if minimal is not None and derived is not None:
            _agree(minimal, derived, opened, variant)  # H-V8
        return Deal(
            points=points,
            tricks=tricks,
            dead_points=dead,
            minimal=minimal,
            derived=derived,
            tie_resolution=entry.get("tie_resolution"),
            dealer=entry.get("dealer"),
            game=entry.get("game"),
        )

    def legality(self, deal: Deal, state: HinterscheState, variant: Variant) -> tuple[Warning, ...]:
        """Step 2: the parsed deal in its place, rules H-V9 … H-V11 of the Scoring specification
        §1.4 in order: no deal after the rubber and ``game`` naming the game being played (H-V9),
        card-point ties settled under ``tie_policy = manual`` (H-V10), the dealer in turn (H-V11,
        a warning only: the next active seat anticlockwise after the last dealer, §1.2).

        Returns the ``DEALER_ROTATION`` warning, if any. Raises:
            InvalidDeal: ``MATCH_OVER``, ``GAME_OVER``, ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``
                (H-V9); ``OPTION_DISABLED``, ``TIE_RESOLUTION_REQUIRED`` (H-V10).
        """
        opened = _opened(state)
        _check_game(deal.game, state, opened, variant)  # H-V9
        _resolve(deal, opened, variant)  # H-V10
        expected = _next_dealer(state, opened)  # H-V11
        return rotation_warnings(
            deal.dealer,
            expected,
            f"{deal.dealer} dealt, but the deal passes anticlockwise from {state.dealer} to "
            f"{expected}",
        )

    def push(self, deal: Deal, state: HinterscheState, variant: Variant) -> Step:
        """Step 3: score the deal (Scoring specification §1.5): Striche added in the Vier-Strich,
        erased in the Butzen, games lost and the rubber settled; the state passed in is never
        changed. Events as listed in the module's docstring; no warnings of its own.

        The tie resolution (H-V10) is worked out here again, as a trusted deal skips
        :meth:`legality`. Raises:
            InvalidDeal: for a trusted deal only, ``OPTION_DISABLED`` or
                ``TIE_RESOLUTION_REQUIRED`` (H-V10) of an entry that was never valid.
        """
        opened = _opened(state)
        outcome = _resolve(deal, opened, variant)
        slate = _Slate(state, opened, variant, deal.points)
        if slate.phase == PHASE_VIERSTRICH:
            slate.vierstrich(outcome)
        else:
            slate.butzen(outcome)
        return Step(state=slate.after(deal.dealer), events=tuple(slate.events))


HINTERSCHE = Hintersche()
"""The module's singleton engine, registered as ``scoring.games["hintersche"]``."""
