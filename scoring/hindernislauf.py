"""Hindernislauf ("Obstacle Race"): validation and scoring of entered deals.

Hindernislauf after J. Göring, *Stich um Stich* (1977), as set out in the Scoring specification §5
with the binding decisions of its §7. Two to six players, each for himself, seats A B C … in
clockwise (playing) order; the 32-card Skat pack. With n ≠ 4 players the two undealt cards lie
face up and start the running total. Turn by turn each player lays one card and adds its value
(Ace 11, King 4, Queen +3 or −3 at the player's choice, Jack 2, Ten 10, Nine 9, Eight 8, Seven 7);
landing exactly on a *Hindernis* (obstacle: 55, 66, 77, 88, 99, 111) scores +1, jumping over one
scores −1, and a total of 120 or more starts a new series at 0.

Units: *points* (a player's hits minus skips, plus the labbe.de reach bonus), *hits*, *skips*,
*deal wins*; the running total is in card values.

Entries (Scoring specification §5.3) are JSON-like dicts, either or both of:

* minimal entry: ``{"dealer": "D", "points": {"A": -3, "B": -1, "C": 0, "D": -1}}``;
* full entry: ``{"dealer": "D", "face_up": ["♠9", "♠Q"], "plays": ["♠10", "♣9", "♥Q-", …]}`` —
  the cards in play order, the player implied by the rotation (the player left of the dealer
  plays first). ``face_up`` only when n ≠ 4. Card identifiers: a suit symbol, letter or name
  (``♣ ♠ ♥ ♦`` / ``c s h d`` / ``Herz``; see :func:`parse_card`) and a rank
  (``A K Q J 10 9 8 7``); a played Queen carries ``+`` or ``-`` (``−`` is read as ``-``), no
  other card a sign. A list of plays may also be one string of identifiers separated by spaces
  or commas.

``dealer`` is optional: when missing it is taken from the clockwise rotation, the first deal's
dealer being the last seat (§7). Both entries at once must agree (``MINIMAL_FULL_MISMATCH``).

A deal passes the engine's three steps: :meth:`Hindernislauf.parse` reads the entry into a
:class:`Deal` (L-V1 … L-V6; the plays laid card by card), :meth:`Hindernislauf.legality` checks
the plays and the rotation (L-V8, L-V4 under ``end_deal``, L-V7, L-V9), :meth:`Hindernislauf.push`
adds the deal to the session.

Event kinds a deal can produce (:class:`scoring.base.Event`; ``seats`` in playing order):

* ``"hit"`` — the seat's card landed on an obstacle: +1; figures ``obstacle``, ``card``,
  ``play`` (1-based position in the deal), ``before``, ``after`` (running totals).
* ``"skip"`` — the seat's card jumped over an obstacle: −1; same figures.
* ``"reach_bonus"`` — the seat's card took the total to 120 or more and earns
  ``reach_120_bonus`` points (labbe.de rules); figures ``points``, ``card``, ``play``.
* ``"reset"`` — the card took the total to 120 or more: the pile is set aside and the next
  player starts a new series at 0; figures ``total``, ``card``, ``play``, ``series`` (the number
  of the series that now starts).
* ``"deal_end"`` — with ``on_120 = end_deal`` the deal ended at 120; figures ``total``, ``play``.
* ``"deal_points"`` — the deal's result; figures ``points`` (per seat), ``hits`` and ``skips``
  (per seat, ``None`` for a minimal entry), ``start_total``, ``totals`` (the running total after
  every card, as laid — before a reset; empty for a minimal entry).
* ``"deal_won"`` — the seats with the most deal points (ties shared); figures ``points``.
* ``"unit_over"`` — the table's tournament round is complete; figures ``deals``.

Tie-breaks (``Hindernislauf.tiebreaks``, Scoring specification §5.6): ``"hits"`` (more),
``"skips"`` (fewer, in ``fewest_first``), ``"deal_wins"`` (more), then ``"lot"``. Hits and skips
are only known from full entries: a minimal entry adds its points and its deal wins but 0 hits and
0 skips (§7: the hits/skips tie-breaks are skipped for it); ``minimal_deals`` in the state counts
such deals.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
from scoring.cards import SUITS, parse_suit
from scoring.checks import entry_object, next_seat, rotation_warnings, whole_number, within
from scoring.options import check_values, freeze, is_int, read_options

SOURCE_OBSTACLES = "Hindernislauf after Göring 1977, obstacles"
SOURCE_SERIES = "Hindernislauf after Göring 1977, new series at 120"
SOURCE_RESULT = "Hindernislauf after Göring 1977, winner of the deal"
SOURCE_BONUS = "Hindernislauf, labbe.de rules (reaching 120)"
SOURCE_END = "Scoring specification §5.7, option on_120 = end_deal"
SOURCE_UNIT = "Scoring specification §5.6, match and tournament"

RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")
"""The ranks of the 32-card Skat pack, highest first."""

DECK: tuple[str, ...] = tuple(f"{suit}{rank}" for suit in SUITS for rank in RANKS)
"""The 32 card codes (suit symbol + rank, no sign), suit by suit: ``"♣A"`` … ``"♦7"``."""

OBSTACLES: tuple[int, ...] = (55, 66, 77, 88, 99, 111)
"""The Hindernisse (Scoring specification §5.2)."""

OBSTACLE_POINTS: Mapping[str, int] = MappingProxyType({"hit": 1, "skip": -1})
"""What landing on a Hindernis (``"hit"``) and jumping one (``"skip"``) score (§5.2)."""

RESET_AT = 120
"""A running total of this or more ends the series (Scoring specification §5.2)."""

CARDS_EACH: Mapping[int, int] = MappingProxyType({2: 15, 3: 10, 4: 8, 5: 6, 6: 5})
"""Cards dealt to each player by the number of players (Scoring specification §5.1)."""

FACE_UP_COUNT: Mapping[int, int] = MappingProxyType({2: 2, 3: 2, 4: 0, 5: 2, 6: 2})
"""Face-up starting cards by the number of players (Scoring specification §5.1)."""

_BASE_VALUES: Mapping[str, int] = MappingProxyType(
    {"K": 4, "Q": 3, "J": 2, "10": 10, "9": 9, "8": 8, "7": 7}
)

_SIGNS: Mapping[str, str] = MappingProxyType({"+": "+", "-": "-", "−": "-", "–": "-"})

ENTRY_KEYS: tuple[str, ...] = ("dealer", "points", "face_up", "plays")
"""The keys an entry may have (Scoring specification §5.3)."""

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "labbe": MappingProxyType({"ace_value": 1, "reach_120_bonus": 5, "on_120": "reset"}),
    }
)
"""Named rule sets (Scoring specification §5.7): ``labbe`` = the labbe.de rules."""

_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "on_120": ("reset", "end_deal"),
        "faceup_queen": ("plus3", "dealer_choice"),
    }
)
_INTEGERS: Mapping[str, int] = MappingProxyType({"reach_120_bonus": 0, "deals_per_round": 0})
_ACE_VALUES = (11, 1)


def player_count_error(count: Any) -> InvalidVariant:
    """``PLAYER_COUNT`` on ``seats`` (Scoring specification §5.4 L-V1, §5.10 row 9): a table of
    fewer than 2 or more than 6 players. A configuration error: it belongs to no deal and is
    refused when the session is set up (§7, all games), so it is an :class:`InvalidVariant` (a
    ``ValueError``), not an :class:`InvalidDeal`."""
    return InvalidVariant(
        "seats", "PLAYER_COUNT", f"Hindernislauf is played by 2 to 6 players, not {count!r}"
    )


@dataclass(frozen=True)
class ParsedCard:
    """One card identifier as entered, understood: ``♥Q-`` → suit ♥, rank Q, sign ``-``."""

    suit: str
    rank: str
    sign: str | None = None
    """``"+"``, ``"-"`` or ``None``."""

    @property
    def code(self) -> str:
        """The card without its sign, e.g. ``"♥Q"`` (one of :data:`DECK`)."""
        return f"{self.suit}{self.rank}"

    def __str__(self) -> str:
        return f"{self.code}{self.sign or ''}"


def parse_card(text: Any) -> ParsedCard | None:
    """The card an identifier names, or ``None`` when it names no card of the Skat pack.

    Accepts a rank (``A K Q J 10 9 8 7``, any case) with a suit before or after it, written as
    :func:`scoring.cards.parse_suit` reads one (``♣ ♠ ♥ ♦``, ``♧ ♤ ♡ ♢``, ``c s h d``, ``clubs`` …
    ``Kreuz`` …, any case, spaces between allowed: ``♥10``, ``10 h``, ``Herz K``), then an
    optional sign ``+`` / ``-`` (``−`` and ``–`` read as ``-``). Whether the sign is allowed is
    checked elsewhere (L-V5).
    """
    return _parse_card_text(text) if isinstance(text, str) else None


@functools.lru_cache(maxsize=4096)
def _parse_card_text(text: str) -> ParsedCard | None:
    """:func:`parse_card` of a text; cached, since a table's deals name the same 32 cards over
    and over (a tenth of a replay's time before)."""
    body = text.replace("\ufe0f", "").strip()
    sign = None
    if body and body[-1] in _SIGNS:
        sign = _SIGNS[body[-1]]
        body = body[:-1].strip()
    for rank in RANKS:
        size = len(rank)
        # The rank at the end (``♥10``), else at the start (``10♥``); the rest names the suit.
        for suit_part, rank_part in ((body[:-size], body[-size:]), (body[size:], body[:size])):
            if rank_part.upper() == rank and (suit := parse_suit(suit_part)) is not None:
                return ParsedCard(suit, rank, sign)
    return None


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hindernislauf session (Scoring specification §5.7); fixed at the
    start.

    Build it with ``scoring.games["hindernislauf"].variant({...})`` (which also understands
    ``{"preset": "labbe"}``) or ``Variant(...)``; both check every value.

    Raises:
        InvalidVariant: a value of the wrong type or out of range (``INVALID_OPTION_VALUE``), an
            unknown option or preset (``UNKNOWN_OPTION``, ``INVALID_OPTION_VALUE``).
    """

    ace_value: int = 11
    """What an Ace adds: 11 (Göring, default) or 1 (labbe.de; ambiguity L1)."""
    reach_120_bonus: int = 0
    """Points for the player whose card takes the total to 120 or more (default 0; 5 in the
    labbe.de rules; ambiguity L7)."""
    on_120: str = "reset"
    """``"reset"``: at 120 or more the next player starts a new series at 0 (default);
    ``"end_deal"``: the deal ends with that card (the rest of the cards are not played)."""
    faceup_queen: str = "plus3"
    """``"plus3"``: a face-up Queen always counts +3 (default); ``"dealer_choice"``: the dealer
    chooses +3 or −3 (entered as ``♠Q+`` / ``♠Q-``; no sign means +3)."""
    allow_negative_total: bool = True
    """Whether a Queen −3 may take the total below 0 (default True; ambiguity L3). When False
    such a play is ``NEGATIVE_TOTAL``."""
    deals_per_round: int = 0
    """Deals in one tournament round at a table; 0 (default) = one deal per player at the table,
    so that everyone deals once (Scoring specification §5.6)."""

    def __post_init__(self) -> None:
        ace = self.ace_value
        if isinstance(ace, str) and ace.strip().isdigit():
            object.__setattr__(self, "ace_value", int(ace.strip()))
        if not is_int(self.ace_value) or self.ace_value not in _ACE_VALUES:
            raise InvalidVariant(
                "ace_value", "INVALID_OPTION_VALUE", f"ace_value must be 11 or 1, not {ace!r}"
            )
        check_values(self, integers=_INTEGERS, choices=_CHOICES, booleans=("allow_negative_total",))

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults. ``preset``
        (``"labbe"``; ``"none"`` or empty for none) sets the options it lists first, and options
        given alongside override it.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have,
                ``INVALID_OPTION_VALUE`` for an unknown preset, or as :class:`Variant`.
        """
        return cls(**read_options(cls, options, PRESETS))

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def value(self, card: ParsedCard, *, face_up: bool = False) -> int:
        """What ``card`` adds to the running total (Scoring specification §5.2): a Queen +3 or
        −3 by its sign (a face-up Queen +3, or −3 if signed ``-`` under ``dealer_choice``)."""
        if card.rank == "A":
            return self.ace_value
        if card.rank == "Q":
            if face_up and self.faceup_queen == "plus3":
                return 3
            return -3 if card.sign == "-" else 3
        return _BASE_VALUES[card.rank]

    def deals_in_unit(self, players: int) -> int:
        """Deals in one tournament round at a table of ``players`` (``deals_per_round``, or one
        per player when it is 0)."""
        return self.deals_per_round or players


@dataclass(frozen=True)
class Play:
    """One card of a deal as the table announced it (a row of the spec's §5.9 tables)."""

    number: int
    """1-based position in the deal."""
    seat: str
    """Who laid it."""
    card: str
    """The card as canonical identifier, Queens with their sign: ``"♥Q-"``."""
    value: int
    """What it added (−3 for a Queen minus)."""
    before: int
    """Running total before the card."""
    after: int
    """Running total after it, as laid (before any reset: 121, not 0)."""
    event: str | None
    """``"hit"``, ``"skip"`` or ``None``."""
    obstacle: int | None
    """The obstacle hit or skipped."""
    bonus: int
    """Reach-120 bonus earned with this card (0 unless ``reach_120_bonus``)."""
    reset: bool
    """The card took the total to 120 or more: a new series starts at 0 (or the deal ends)."""
    points: Mapping[str, int]
    """Every seat's deal points after this card."""

    def as_dict(self) -> dict[str, Any]:
        """The row as JSON-ready data."""
        return {
            "n": self.number,
            "seat": self.seat,
            "card": self.card,
            "value": self.value,
            "before": self.before,
            "after": self.after,
            "event": self.event,
            "obstacle": self.obstacle,
            "bonus": self.bonus,
            "reset": self.reset,
            "points": dict(self.points),
        }


@dataclass(frozen=True)
class HindernislaufState:
    """The derived state of one Hindernislauf table after a deal; immutable.

    Mappings are read-only (``types.MappingProxyType``) and keyed by seat, in seat order. The
    session figures (``points``, ``hits``, ``skips``, ``deal_wins``) are running totals over the
    session's deals (Scoring specification §7); the ``deal_*`` figures, ``face_up`` and ``run``
    describe the last deal, for the slate.
    """

    seats: tuple[str, ...]
    """The seat labels in clockwise playing order (``("A", "B", "C", "D")``)."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    deals: int = 0
    """Deals applied so far in the session."""
    dealer: str | None = None
    """The last deal's dealer (entered, or inferred from the rotation); ``None`` before the first
    deal."""
    points: Mapping[str, int] = field(default_factory=dict)
    """Points per seat over the session (hits − skips + reach bonuses)."""
    hits: Mapping[str, int] = field(default_factory=dict)
    """Obstacles hit per seat over the session (full entries only)."""
    skips: Mapping[str, int] = field(default_factory=dict)
    """Obstacles skipped per seat over the session (full entries only)."""
    deal_wins: Mapping[str, int] = field(default_factory=dict)
    """Deals won per seat (most deal points; ties shared)."""
    minimal_deals: int = 0
    """Deals entered with points only: their hits and skips are unknown (counted as 0)."""
    deal_points: Mapping[str, int] = field(default_factory=dict)
    """The last deal's points per seat."""
    deal_hits: Mapping[str, int] | None = None
    """The last deal's hits per seat; ``None`` for a minimal entry or before the first deal."""
    deal_skips: Mapping[str, int] | None = None
    """The last deal's skips per seat; ``None`` for a minimal entry or before the first deal."""
    winners: tuple[str, ...] = ()
    """The last deal's winners (ties shared), in seat order."""
    face_up: tuple[str, ...] = ()
    """The last deal's face-up starting cards (canonical identifiers)."""
    start_total: int = 0
    """The last deal's starting total (the face-up cards; 0 with four players)."""
    run: tuple[Play, ...] = ()
    """The last deal card by card (empty for a minimal entry)."""
    series: int = 0
    """Series the last deal had (1 + resets; 0 for a minimal entry)."""
    unit_over: bool = False
    """True once the table's tournament round (``deals_per_round``, or one deal per player) is
    complete. The engine keeps scoring deals after it; refusing them is the web layer's
    business."""

    def __post_init__(self) -> None:
        """A table has 2 to 6 players (Scoring specification §5.4 L-V1, ``PLAYER_COUNT``)."""
        if len(self.seats) not in CARDS_EACH:
            raise player_count_error(len(self.seats))

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §5.6):
        ``score`` = Σ points (more is better); ``figures`` ``hits``, ``skips`` (fewer ranks first)
        and ``deal_wins``. Hits and skips of minimal entries are unknown and count 0."""
        return tuple(
            SeatResult(
                seat=seat,
                score=self.points[seat],
                figures={
                    "hits": self.hits[seat],
                    "skips": self.skips[seat],
                    "deal_wins": self.deal_wins[seat],
                },
            )
            for seat in self.seats
        )

    @property
    def expected_dealer(self) -> str:
        """Who deals next (L-V9): the seat clockwise (next in seat order) after the last dealer;
        for the first deal the last seat, so that seat A plays first (Scoring specification
        §7)."""
        return self.seats[-1] if self.dealer is None else next_seat(self.seats, self.dealer)

    @property
    def deals_in_unit(self) -> int:
        """Deals in the table's tournament round (``deals_per_round``, or one per player)."""
        return self.variant.deals_in_unit(len(self.seats))

    @property
    def totals(self) -> tuple[int, ...]:
        """The last deal's running total after every card, as laid (before resets)."""
        return tuple(play.after for play in self.run)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        return {
            "deals": self.deals,
            "dealer": self.dealer,
            "points": dict(self.points),
            "hits": dict(self.hits),
            "skips": dict(self.skips),
            "deal_wins": dict(self.deal_wins),
            "minimal_deals": self.minimal_deals,
            "deal_points": dict(self.deal_points),
            "deal_hits": None if self.deal_hits is None else dict(self.deal_hits),
            "deal_skips": None if self.deal_skips is None else dict(self.deal_skips),
            "winners": list(self.winners),
            "face_up": list(self.face_up),
            "start_total": self.start_total,
            "totals": list(self.totals),
            "series": self.series,
            "run": [play.as_dict() for play in self.run],
            "unit_over": self.unit_over,
        }


def player_order(seats: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The seats in turn order for a deal: the player left of ``dealer`` (next in seat order)
    first, the dealer last (Scoring specification §5.1, §5.5)."""
    return tuple(next_seat(seats, dealer, step) for step in range(1, len(seats) + 1))


@dataclass(frozen=True)
class Deal:
    """One deal as the table entered it, read (step 1, :meth:`Hindernislauf.parse`): the cards
    understood and laid out card by card; nothing is added to the session yet."""

    dealer: str
    """Who dealt: as entered, else the seat in turn (:attr:`HindernislaufState.expected_dealer`)."""
    points: Mapping[str, int] | None
    """The points per seat as entered (the minimal entry), in seat order; ``None`` when the entry
    gives none."""
    face_up: tuple[ParsedCard, ...]
    """The face-up starting cards (n ≠ 4) as entered; empty when none were entered."""
    plays: tuple[ParsedCard, ...] | None
    """The cards laid, in play order, as entered; ``None`` for a minimal entry."""
    start_total: int
    """The running total the face-up cards start the deal with, in card values (0 without)."""
    run: tuple[Play, ...]
    """The plays laid card by card (:func:`lay_cards`); empty for a minimal entry."""


def lay_cards(
    cards: Sequence[ParsedCard],
    seats: Sequence[str],
    dealer: str,
    start: int,
    variant: Variant,
) -> tuple[Play, ...]:
    """The deal replayed card by card from the running total ``start`` (Scoring specification
    §5.5, ambiguities L2–L5): the player left of ``dealer`` lays the first card, then the turn
    goes clockwise. At 120 or more the next player starts a new series at 0; with
    ``on_120 = end_deal`` the deal ends with that card (the cards entered after it were not
    played and get no row)."""
    order = player_order(seats, dealer)
    points: Mapping[str, int] = dict.fromkeys(seats, 0)
    run: list[Play] = []
    total = start
    for index, card in enumerate(cards):
        play = _lay(index + 1, order[index % len(order)], card, total, points, variant)
        run.append(play)
        if play.reset and variant.on_120 == "end_deal":
            break
        total = 0 if play.reset else play.after
        points = play.points
    return tuple(run)


def _lay(
    number: int,
    seat: str,
    card: ParsedCard,
    before: int,
    points: Mapping[str, int],
    variant: Variant,
) -> Play:
    """``card`` laid by ``seat`` as the deal's ``number``-th card on the running total ``before``,
    the seats' deal points so far being ``points``: landing on a Hindernis scores +1, jumping one
    −1 (Göring 1977), reaching 120 the ``reach_120_bonus`` (labbe.de)."""
    value = variant.value(card)
    after = before + value
    event, obstacle = obstacle_event(before, after)
    reset = after >= RESET_AT
    bonus = variant.reach_120_bonus if reset else 0
    gain = (OBSTACLE_POINTS[event] if event else 0) + bonus
    return Play(
        number=number,
        seat=seat,
        card=str(card),
        value=value,
        before=before,
        after=after,
        event=event,
        obstacle=obstacle,
        bonus=bonus,
        reset=reset,
        points=freeze({**points, seat: points[seat] + gain}),
    )


def obstacle_event(before: int, after: int) -> tuple[str | None, int | None]:
    """``("hit", o)`` when the total lands on the Hindernis ``o``, ``("skip", o)`` when it jumps
    over it, else ``(None, None)`` (Scoring specification §5.2)."""
    if after in OBSTACLES:
        return "hit", after
    for obstacle in OBSTACLES:
        # At most one obstacle lies between (§5.2: jumps are at most 11).
        if min(before, after) < obstacle < max(before, after):
            return "skip", obstacle
    return None, None


class _Score(NamedTuple):
    """What one deal gives each seat (step 3)."""

    points: Mapping[str, int]
    """Deal points per seat, in seat order."""
    hits: Mapping[str, int] | None
    """Hindernisse hit per seat; ``None`` for a minimal entry (unknown)."""
    skips: Mapping[str, int] | None
    """Hindernisse skipped per seat; ``None`` for a minimal entry (unknown)."""
    winners: tuple[str, ...]
    """The seats with the most deal points (ties shared), in seat order."""


def _score(deal: Deal, seats: tuple[str, ...]) -> _Score:
    """The deal's points, hits and skips per seat and its winners: the points as entered for a
    minimal entry, else as the plays give them (Göring 1977, winner of the deal)."""
    if deal.plays is None:
        assert deal.points is not None  # L-V1: points or plays (trusted: checked when stored)
        points, hits, skips = deal.points, None, None
    else:
        points = _played_points(deal, seats)
        hits = freeze({s: sum(p.seat == s and p.event == "hit" for p in deal.run) for s in seats})
        skips = freeze({s: sum(p.seat == s and p.event == "skip" for p in deal.run) for s in seats})
    top = max(points.values())
    return _Score(points, hits, skips, tuple(s for s in seats if points[s] == top))


def _played_points(deal: Deal, seats: tuple[str, ...]) -> Mapping[str, int]:
    """The deal points per seat that the plays give: after the last card laid."""
    return deal.run[-1].points if deal.run else dict.fromkeys(seats, 0)


def _card_events(run: Sequence[Play], variant: Variant) -> list[Event]:
    """What the cards did, card by card, in the order of the run: ``hit`` or ``skip``, then
    ``reach_bonus``, then ``reset`` (with the number of the series that now starts) or, under
    ``on_120 = end_deal``, ``deal_end``."""
    events: list[Event] = []
    series = 1
    for play in run:
        who = (play.seat,)
        if play.event is not None:
            figures = {
                "obstacle": play.obstacle,
                "card": play.card,
                "play": play.number,
                "before": play.before,
                "after": play.after,
            }
            events.append(Event(play.event, who, figures, SOURCE_OBSTACLES))
        if play.bonus:
            figures = {"points": play.bonus, "card": play.card, "play": play.number}
            events.append(Event("reach_bonus", who, figures, SOURCE_BONUS))
        if play.reset and variant.on_120 == "end_deal":
            figures = {"total": play.after, "play": play.number}
            events.append(Event("deal_end", who, figures, SOURCE_END))
        elif play.reset:
            series += 1
            figures = {"total": play.after, "card": play.card, "play": play.number}
            events.append(Event("reset", who, {**figures, "series": series}, SOURCE_SERIES))
    return events


def _series(deal: Deal, variant: Variant) -> int:
    """Series the deal had: 0 for a minimal entry, else 1 and one more per reset (none under
    ``on_120 = end_deal``, where 120 ends the deal)."""
    if deal.plays is None:
        return 0
    if variant.on_120 == "end_deal":
        return 1
    return 1 + sum(play.reset for play in deal.run)


def _face_up_codes(cards: Sequence[ParsedCard], variant: Variant) -> tuple[str, ...]:
    """The face-up cards as the slate shows them: the card codes, a Queen with ``-`` when the
    dealer chose −3 (``faceup_queen = dealer_choice``)."""
    return tuple(
        card.code + ("-" if card.sign == "-" and variant.faceup_queen != "plus3" else "")
        for card in cards
    )


class Hindernislauf(GameBase):
    """The Hindernislauf rules engine (``scoring.games["hindernislauf"]``), after Göring 1977
    and the Scoring specification §5 and §7."""

    key: ClassVar[str] = "hindernislauf"
    name: ClassVar[str] = "Hindernislauf"
    table_sizes: ClassVar[tuple[int, ...]] = (4, 2, 3, 5, 6)
    """2 to 6 players, usually 4 (Scoring specification §5.1)."""
    metric_ascending: ClassVar[bool] = False
    """Σ points: more is better (Scoring specification §5.6)."""
    tiebreaks: ClassVar[tuple[str, ...]] = ("hits", "skips", "deal_wins", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset({"skips"})
    bye_score: ClassVar[int] = 0
    """A bye scores 0 points: what a deal without hits or skips gives."""
    last_place_title: ClassVar[str | None] = None

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §5.7), ``preset`` included.

        Raises:
            InvalidVariant: an unknown option or preset, a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """Usually 4 (all 32 cards dealt, no face-up cards); 2–6 may sit at a table."""
        return 4

    def options(self) -> tuple[Option, ...]:
        """Every option of :class:`Variant` with its default, its choices (default first) or its
        minimum (Scoring specification §5.7). The ``labbe`` preset is JSON only
        (``{"preset": "labbe"}``): it is the same as ``ace_value`` 1 and ``reach_120_bonus`` 5."""
        defaults = Variant()
        minimums = {"ace_value": 1, **_INTEGERS}
        return tuple(
            Option(name, getattr(defaults, name), _CHOICES.get(name, ()), minimums.get(name))
            for name in Variant.__dataclass_fields__
        )

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels A, B, C, … in clockwise playing order.

        Raises:
            InvalidVariant: ``PLAYER_COUNT`` — ``count`` is not 2 … 6 (:func:`player_count_error`).
        """
        if not is_int(count) or count not in CARDS_EACH:
            raise player_count_error(count)
        return tuple("ABCDEF"[:count])

    def initial(self, seats: Sequence[str], variant: Variant) -> HindernislaufState:
        """The state before the first deal: every figure 0.

        Raises:
            InvalidVariant: ``PLAYER_COUNT`` — fewer than 2 or more than 6 seats.
            ValueError: seat labels that are not distinct strings.
        """
        seats = tuple(seats)
        if len(set(seats)) != len(seats) or not all(isinstance(s, str) and s for s in seats):
            raise ValueError(f"Hindernislauf needs distinct seat labels, not {seats!r}")
        zero = freeze(dict.fromkeys(seats, 0))
        return HindernislaufState(
            seats=seats,
            variant=variant,
            points=zero,
            hits=zero,
            skips=zero,
            deal_wins=zero,
            deal_points=zero,
        )

    # -- step 1: the entry read ------------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: HindernislaufState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """The raw entry read into a :class:`Deal`, checked in the order of the L-V table as
        amended by §7 (Scoring specification §5.4, §7) up to L-V5; the first failing rule is
        raised. The dealer left out is the seat in turn; the plays are laid card by card
        (:func:`lay_cards`).

        ``trusted=True`` (an entry validated when stored): the checks are skipped, the cards are
        still read and laid. Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (the entry's shape);
                ``FACEUP_NOT_ALLOWED`` (n = 4 with face-up cards, first); ``MISSING_PLAYER``,
                ``UNKNOWN_PLAYER`` (L-V1, the dealer and the points' seats; ``PLAYER_COUNT`` is
                refused at setup); ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` (L-V6);
                ``FACEUP_NOT_ALLOWED``, ``FACEUP_MISSING`` (L-V2 count); ``UNKNOWN_CARD``
                (L-V3); ``FACEUP_QUEEN_SIGN`` (L-V2); ``DUPLICATE_CARD`` (L-V3); ``CARD_COUNT``
                (L-V4); ``DECK_INCOMPLETE`` (L-V3); ``SIGN_NOT_ALLOWED``, ``QUEEN_SIGN_MISSING``
                (L-V5).
        """
        seats = state.seats
        if not trusted:
            _check_form(entry, seats)
        dealer = entry.get("dealer")
        if dealer is None:
            dealer = state.expected_dealer
        points = entry.get("points")
        if not trusted and points is not None:
            _check_points(points, seats, variant)  # L-V1 (keys), L-V6
        face_up, plays = _read_cards(entry, len(seats), variant, trusted=trusted)
        start = sum(variant.value(card, face_up=True) for card in face_up)
        return Deal(
            dealer=dealer,
            points=None if points is None else freeze({s: points[s] for s in seats}),
            face_up=face_up,
            plays=plays,
            start_total=start,
            run=() if plays is None else lay_cards(plays, seats, dealer, start, variant),
        )

    # -- step 2: the deal in its place -----------------------------------------------------------

    def legality(
        self, deal: Deal, state: HindernislaufState, variant: Variant
    ) -> tuple[Warning, ...]:
        """The parsed deal against the rules of the play and the rotation, in the order of the
        L-V table after :meth:`parse`'s rows (Scoring specification §5.4, §7): L-V8, L-V4 under
        ``on_120 = end_deal``, L-V7, then L-V9. Hindernislauf has no finished game to refuse: the
        engine keeps scoring after the tournament round (``unit_over``).

        Returns the warnings (``DEALER_ROTATION``). Raises:
            InvalidDeal: ``NEGATIVE_TOTAL`` (L-V8); ``CARD_COUNT`` (L-V4: a short deal that did
                not end at 120); ``MINIMAL_FULL_MISMATCH`` (L-V7).
        """
        if deal.plays is not None:
            _check_totals(deal.run, variant)
            _check_end(deal, len(state.seats), variant)
            _check_agreement(deal, state.seats)
        return _rotation_warnings(deal, state)

    # -- step 3: scoring -------------------------------------------------------------------------

    def push(self, deal: Deal, state: HindernislaufState, variant: Variant) -> Step:
        """Score the deal into the session (Scoring specification §5.5, §5.6, §7): its points,
        hits, skips and deal wins added to the seats' totals, the slate set to this deal. The
        state passed in is never changed; the step has no warnings of its own."""
        seats = state.seats
        score = _score(deal, seats)
        deals = state.deals + 1
        unit_over = state.unit_over or deals >= variant.deals_in_unit(len(seats))
        events = _card_events(deal.run, variant)
        figures = {
            "points": dict(score.points),
            "hits": None if score.hits is None else dict(score.hits),
            "skips": None if score.skips is None else dict(score.skips),
            "start_total": deal.start_total,
            "totals": [play.after for play in deal.run],
        }
        events.append(Event("deal_points", (), figures, SOURCE_OBSTACLES))
        top = max(score.points.values())
        events.append(Event("deal_won", score.winners, {"points": top}, SOURCE_RESULT))
        if unit_over and not state.unit_over:
            events.append(Event("unit_over", (), {"deals": deals}, SOURCE_UNIT))

        def plus(totals: Mapping[str, int], add: Mapping[str, int] | None) -> Mapping[str, int]:
            return freeze({s: totals[s] + (add[s] if add else 0) for s in seats})

        new = HindernislaufState(
            seats=seats,
            variant=variant,
            deals=deals,
            dealer=deal.dealer,
            points=plus(state.points, score.points),
            hits=plus(state.hits, score.hits),
            skips=plus(state.skips, score.skips),
            deal_wins=plus(state.deal_wins, {s: int(s in score.winners) for s in seats}),
            minimal_deals=state.minimal_deals + (score.hits is None),
            deal_points=freeze(dict(score.points)),
            deal_hits=score.hits,
            deal_skips=score.skips,
            winners=score.winners,
            face_up=_face_up_codes(deal.face_up, variant),
            start_total=deal.start_total,
            run=deal.run,
            series=_series(deal, variant),
            unit_over=unit_over,
        )
        return Step(state=new, events=tuple(events))


# -- parse: the entry's form (L-V1 … L-V6) --------------------------------------------------------


def _check_form(entry: Any, seats: tuple[str, ...]) -> None:
    """The entry is an object of known keys; no face-up cards with four players (§7: that comes
    first); points or plays are given and the dealer is a seat (L-V1)."""
    if not isinstance(entry, Mapping):
        raise InvalidDeal(
            "deal",
            "INVALID_ENTRY",
            f"a deal must be an object, not {entry!r}",
            value=repr(entry),
        )
    entry_object(entry, ENTRY_KEYS)
    n = len(seats)
    if n == 4 and entry.get("face_up") not in (None, [], (), ""):
        raise InvalidDeal(
            "face_up",
            "FACEUP_NOT_ALLOWED",
            "with four players all 32 cards are dealt; there are no face-up cards",
            players=n,
            expected=0,
        )
    if entry.get("points") is None and entry.get("plays") is None:
        raise InvalidDeal(
            "points",
            "MISSING_PLAYER",
            "the entry gives neither the points per player nor the plays",
            seats=list(seats),
        )
    dealer = entry.get("dealer")
    if dealer is not None and (not isinstance(dealer, str) or dealer not in seats):
        raise InvalidDeal(
            "dealer",
            "UNKNOWN_PLAYER",
            f"dealer {dealer!r} is not a seat at this table ({', '.join(seats)})",
            seats=[dealer if isinstance(dealer, str) else repr(dealer)],
        )


def _check_points(points: Any, seats: tuple[str, ...], variant: Variant) -> None:
    """L-V1: one value per seat (the field names the first unknown key, else the first seat
    left out); L-V6: whole numbers in −c … c + bonus, c the cards each (at most one hit or skip
    per card; Scoring specification §5.4, §7)."""
    if not isinstance(points, Mapping):
        raise InvalidDeal(
            "points",
            "MISSING_PLAYER",
            f"points must map each seat to a number, not {points!r}",
            seats=list(seats),
        )
    unknown = [k for k in points if k not in seats]
    if unknown:
        raise InvalidDeal(
            f"points.{unknown[0]}",
            "UNKNOWN_PLAYER",
            f"{', '.join(map(repr, unknown))} is not a seat at this table ({', '.join(seats)})",
            seats=[str(k) for k in unknown],
        )
    missing = [s for s in seats if s not in points]
    if missing:
        raise InvalidDeal(
            f"points.{missing[0]}",
            "MISSING_PLAYER",
            f"no points entered for {', '.join(missing)}",
            seats=missing,
        )
    c = CARDS_EACH[len(seats)]
    for seat in seats:
        field, what = f"points.{seat}", f"points of {seat}"
        within(
            whole_number(points[seat], field, what), field, what, -c, c + variant.reach_120_bonus
        )


def _read_cards(
    entry: Mapping[str, Any], n: int, variant: Variant, *, trusted: bool
) -> tuple[tuple[ParsedCard, ...], tuple[ParsedCard, ...] | None]:
    """L-V2 … L-V5: the face-up cards and the plays (``None`` for a minimal entry) read at a
    table of ``n``, checked unless ``trusted``."""
    face_texts = _as_list(entry.get("face_up"), "face_up")
    play_texts = _as_list(entry.get("plays"), "plays")
    if not trusted:
        _check_face_up_count(face_texts, n, full=play_texts is not None)
    face_up = _read(face_texts or [], "face_up")
    plays = None if play_texts is None else _read(play_texts, "plays")
    if not trusted:
        _check_face_up_queens(face_up, variant)
        seen = _check_duplicates(face_up, plays or ())
        if plays is not None:
            _check_card_count(plays, seen, n, variant)
        _check_signs(face_up, plays or ())
    return face_up, plays


def _as_list(value: Any, name: str) -> list[Any] | None:
    """A list of card identifiers from a list, or from one string separated by spaces/commas;
    ``None`` when not entered.

    Raises:
        InvalidDeal: ``UNKNOWN_CARD`` on ``name`` for anything else.
    """
    if value is None:
        return None
    if isinstance(value, str):
        return [part for part in value.replace(",", " ").split() if part]
    if isinstance(value, list | tuple):
        return list(value)
    raise InvalidDeal(
        name,
        "UNKNOWN_CARD",
        f"{name} must be a list of card identifiers, not {value!r}",
        card=repr(value),
    )


def _check_face_up_count(face_texts: list[Any] | None, n: int, *, full: bool) -> None:
    """L-V2: with n ≠ 4 players two cards lie face up, entered with the plays (n = 4 with
    face-up cards was refused first)."""
    wanted = FACE_UP_COUNT[n]
    if face_texts is not None and len(face_texts) > wanted:
        raise InvalidDeal(
            "face_up",
            "FACEUP_NOT_ALLOWED",
            f"with {n} players exactly {wanted} cards lie face up, not {len(face_texts)}",
            players=n,
            expected=wanted,
            total=len(face_texts),
        )
    if full and wanted and (face_texts is None or len(face_texts) < wanted):
        raise InvalidDeal(
            "face_up",
            "FACEUP_MISSING",
            f"with {n} players the two undealt cards lie face up; enter them",
            players=n,
            expected=wanted,
            total=0 if face_texts is None else len(face_texts),
        )


def _read(texts: list[Any], name: str) -> tuple[ParsedCard, ...]:
    """L-V3: every identifier of the list ``name`` names a card (:func:`parse_card`).

    Raises:
        InvalidDeal: ``UNKNOWN_CARD`` on ``name.i``, the first identifier that names none.
    """
    cards = []
    for index, text in enumerate(texts):
        card = parse_card(text)
        if card is None:
            raise InvalidDeal(
                f"{name}.{index}",
                "UNKNOWN_CARD",
                f"{text!r} is not a card of the Skat pack (a suit ♣ ♠ ♥ ♦, c s h d or its name, "
                "and A K Q J 10 9 8 7)",
                card=text if isinstance(text, str) else repr(text),
            )
        cards.append(card)
    return tuple(cards)


def _check_face_up_queens(face_up: Sequence[ParsedCard], variant: Variant) -> None:
    """L-V2: a face-up Queen counts +3, so it carries no ``-`` (unless the dealer may choose)."""
    if variant.faceup_queen != "plus3":
        return
    for index, card in enumerate(face_up):
        if card.rank == "Q" and card.sign == "-":
            raise InvalidDeal(
                f"face_up.{index}",
                "FACEUP_QUEEN_SIGN",
                f"a face-up Queen always counts +3; enter {card.code}, not {card}",
                card=str(card),
            )


def _check_duplicates(face_up: Sequence[ParsedCard], plays: Sequence[ParsedCard]) -> dict[str, str]:
    """L-V3: no card twice among the face-up cards and the plays. Returns where each card was
    entered (``{"♠9": "face_up.0", …}``)."""
    seen: dict[str, str] = {}
    for name, cards in (("face_up", face_up), ("plays", plays)):
        for index, card in enumerate(cards):
            where = f"{name}.{index}"
            if card.code in seen:
                raise InvalidDeal(
                    where,
                    "DUPLICATE_CARD",
                    f"{card.code} appears twice ({seen[card.code]} and {where})",
                    card=card.code,
                    first=seen[card.code],
                )
            seen[card.code] = where
    return seen


def _check_card_count(
    plays: Sequence[ParsedCard], seen: Mapping[str, str], n: int, variant: Variant
) -> None:
    """L-V4: n · c cards are played (with ``on_120 = end_deal`` fewer may be: checked in
    :meth:`Hindernislauf.legality`); L-V3: then the face-up cards and the plays make up the whole
    deck."""
    expected = n * CARDS_EACH[n]
    if variant.on_120 == "end_deal" and len(plays) < expected:
        return
    if len(plays) != expected:
        raise InvalidDeal(
            "plays",
            "CARD_COUNT",
            f"{len(plays)} cards entered; with {n} players {expected} are played",
            total=len(plays),
            expected=expected,
        )
    missing = missing_cards(seen)
    if missing:
        raise InvalidDeal(
            "plays",
            "DECK_INCOMPLETE",
            f"the cards are not the whole deck; missing {', '.join(missing)}",
            missing=missing,
            card=missing[0],
        )


def missing_cards(seen: Sequence[str] | Mapping[str, Any]) -> list[str]:
    """The cards of the deck that are not among ``seen`` (card codes without signs), in deck
    order (L-V3, ``DECK_INCOMPLETE``).

    After the earlier checks of the §7 order (the face-up count, no duplicates, ``CARD_COUNT``)
    the face-up cards and the plays are 32 different cards, so nothing can be missing; the check
    stays as a safeguard of the rule as written."""
    return [code for code in DECK if code not in seen]


def _check_signs(face_up: Sequence[ParsedCard], plays: Sequence[ParsedCard]) -> None:
    """L-V5: a played Queen carries ``+`` or ``-``; no other card a sign (a face-up Queen may,
    under ``faceup_queen = dealer_choice``)."""
    for name, cards in (("face_up", face_up), ("plays", plays)):
        for index, card in enumerate(cards):
            if card.rank != "Q" and card.sign is not None:
                raise InvalidDeal(
                    f"{name}.{index}",
                    "SIGN_NOT_ALLOWED",
                    f"only a Queen carries + or -; enter {card.code}, not {card}",
                    card=str(card),
                )
            if name == "plays" and card.rank == "Q" and card.sign is None:
                raise InvalidDeal(
                    f"{name}.{index}",
                    "QUEEN_SIGN_MISSING",
                    f"say whether {card.code} counted +3 or -3: {card.code}+ or {card.code}-",
                    card=card.code,
                )


# -- legality: the plays and the rotation (L-V8, L-V4, L-V7, L-V9) ---------------------------------


def _check_totals(run: Sequence[Play], variant: Variant) -> None:
    """L-V8: with ``allow_negative_total`` off no Queen −3 takes the running total below 0."""
    if variant.allow_negative_total:
        return
    for play in run:
        if play.after < 0:
            raise InvalidDeal(
                f"plays.{play.number - 1}",
                "NEGATIVE_TOTAL",
                f"{play.card} would take the total from {play.before} to {play.after}; it may "
                "not go below 0",
                card=play.card,
                total=play.after,
                before=play.before,
            )


def _check_end(deal: Deal, n: int, variant: Variant) -> None:
    """L-V4 under ``on_120 = end_deal``: fewer than n · c cards stop with the card that took the
    total to 120 or more."""
    assert deal.plays is not None  # legality checks the plays of a full entry only
    entered, dealt = len(deal.plays), n * CARDS_EACH[n]
    if variant.on_120 != "end_deal" or entered >= dealt:
        return
    if not (deal.run and deal.run[-1].reset):
        raise InvalidDeal(
            "plays",
            "CARD_COUNT",
            f"{entered} cards entered, but the total did not reach 120; enter every card played",
            total=entered,
            expected=dealt,
        )
    if len(deal.run) != entered:
        raise InvalidDeal(
            "plays",
            "CARD_COUNT",
            f"{entered} cards entered, but the deal ended at 120 with card {len(deal.run)}",
            total=entered,
            expected=len(deal.run),
        )


def _check_agreement(deal: Deal, seats: tuple[str, ...]) -> None:
    """L-V7: points entered with the plays are the points the plays give."""
    if deal.points is None:
        return
    played = _played_points(deal, seats)
    for seat in seats:
        if deal.points[seat] != played[seat]:
            raise InvalidDeal(
                f"points.{seat}",
                "MINIMAL_FULL_MISMATCH",
                f"points of {seat} are entered as {deal.points[seat]}, but the plays give "
                f"{played[seat]}",
                seat=seat,
                value=deal.points[seat],
                expected=played[seat],
            )


def _rotation_warnings(deal: Deal, state: HindernislaufState) -> tuple[Warning, ...]:
    """L-V9: ``DEALER_ROTATION`` when the dealer is not clockwise-next after the last one (no
    warning for the first deal, where any seat may deal, nor for a dealer left out and so taken
    from the rotation)."""
    expected = None if state.dealer is None else state.expected_dealer
    return rotation_warnings(
        deal.dealer,
        expected,
        f"{deal.dealer} dealt, but the deal passes clockwise from {state.dealer} to {expected}",
    )


HINDERNISLAUF = Hindernislauf()
"""The module's singleton engine, registered as ``scoring.games["hindernislauf"]``."""
