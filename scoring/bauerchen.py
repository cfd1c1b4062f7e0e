"""Bauerchen (Bauerchens, Bauersche, Bauersches): validation and scoring of entered deals.

Bauerchen as set out in the Scoring specification §2 with the binding decisions of its §7 (after
the Wikipedia article in ``sources/bauerchen.txt``). Four players in two fixed partnerships,
partners diagonally: seats N E S W clockwise, teams ``"NS"`` and ``"EW"``. 20 cards (A 10 K Q J),
the four Bowers (Bauern) ♣J > ♠J > ♥J > ♦J always the top trumps. Forehand (left of the dealer)
names trumps, so his team plays *at home* and the other team *away*.

Units: *card points* (0–130 per deal: 120 in the cards plus 10 for the last trick), *game points*
(Rundenpunkte on the slate; a round is played to the target T, default 31), *knoddels* (a mark
for each round lost), *steins* (best of three rounds; the deciding round at 1:1 is the
*Gehampelter*).

Entries (Scoring specification §2.4) are JSON-like dicts:

* minimal entry: ``{"dealer": "N", "cp_NS": 45, "spritz": 0, "melds": [{"team": "EW",
  "kind": 20}], "solo": null}`` — ``cp_EW`` may replace or accompany ``cp_NS`` (they must add up
  to 130); ``solo`` is ``{"player": "W", "won": true}`` for a Kart' ab (card points may then be
  left out);
* full entry adds ``"trump": "♥"`` (symbol, letter C S H D or name), ``"tricks": {"NS": 2,
  "EW": 3}``, ``"last_trick": "EW"``, melds as ``{"player": "E", "suit": "♣"}`` (20 or 40 from
  the suit against trump), ``"spritz_log": ["EW", "NS"]``, ``"die_letzte": true``; and the
  cross-checks ``"home": "EW"`` and ``"winner": "NS"``. Card points may also come as
  ``"cp": {"NS": 45, "EW": 85}`` and tricks as ``tricks_NS`` / ``tricks_EW``.

Event kinds a deal can produce (:class:`scoring.base.Event`; ``seats`` in seat order):

* ``"meld"`` — a 20 or 40 credited; seats: the melder (full entry) or the team; figures ``team``,
  ``kind`` (20/40), ``value`` (game points), ``suit`` (or ``None``), ``void`` (as for
  ``deal_won``).
* ``"deal_won"`` — the team's seats; figures ``team``, ``home``, ``cp`` (winner's card points),
  ``loser_cp``, ``band`` (``"schwarz"``, ``"schneider"``, ``"schneider_frei"``), ``base``,
  ``away_bonus``, ``spritz``, ``points`` (game points won), ``tie`` (65:65), ``void`` (the
  points do not count: the other team's carry had already reached the target, §7).
* ``"solo"`` — the soloist; figures ``team``, ``won``, ``points`` (12 with ``plus12``, else 0).
* ``"round_won"`` — the team's seats; figures ``team``, ``round`` (its number), ``score`` (the
  winner's score that ended it), ``target``, ``carry`` (Weiterschreiben), ``solo``, ``by_carry``
  (won at the end of the round's first deal by a carry already at the target, §7).
* ``"knoddel"`` — the losing team's seats; figures ``team``, ``knoddels`` (received in the stein).
* ``"gehampelter"`` — the knoddels stand at 1:1: the next round decides the stein.
* ``"stein"`` — the team's seats; figures ``team``, ``steins`` (its steins now),
  ``gehampelter`` (won in a Gehampelter).
* ``"match_over"`` — ``steins_per_match`` steins are played; figures ``steins``.
* ``"unit_over"`` — the tournament unit (``variant.tournament_round``) is complete.

Tournament figures (Scoring specification §2.7): ``SeatResult.score`` = steins won in the unit;
tie-breaks ``"knoddel_diff"`` (knoddels given − received), ``"game_point_diff"`` (game points
scored − conceded, melds included), ``"gehampelter_steins"``, then ``"lot"``. An unfinished stein
counts no stein, but its knoddels and game points count in the tie-break figures.
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
from scoring.cards import SUITS
from scoring.options import check_values, freeze, is_int, read_options

SOURCE_DEAL = "Bauerchen, Scoring specification §2.2 (game points)"
SOURCE_MELD = "Bauerchen, Scoring specification §2.2 item 7 (melden)"
SOURCE_SOLO = "Bauerchen, Scoring specification §2.2 item 8 (Kart' ab)"
SOURCE_ROUND = "Bauerchen, Scoring specification §2.3 (round, knoddel, stein)"
SOURCE_UNIT = "Bauerchen, Scoring specification §2.7 (tournament standing)"
SOURCE_CARRY = "Bauerchen, Scoring specification §7 (a Weiterschreiben carry already at the target)"

SEATS: tuple[str, ...] = ("N", "E", "S", "W")
"""Seat labels in clockwise playing order."""
TEAMS: tuple[str, ...] = ("NS", "EW")
"""The two partnerships; partners sit diagonally."""
TEAM_OF: Mapping[str, str] = MappingProxyType({"N": "NS", "S": "NS", "E": "EW", "W": "EW"})
OTHER: Mapping[str, str] = MappingProxyType({"NS": "EW", "EW": "NS"})
TEAM_SEATS: Mapping[str, tuple[str, str]] = MappingProxyType({"NS": ("N", "S"), "EW": ("E", "W")})

CARD_POINTS = 130
"""Card points per deal: A 11, 10 10, K 4, Q 3, J 2 in four suits (120) plus 10 for the last
trick (Scoring specification §2.1)."""
LAST_TRICK = 10
TRICKS = 5
CARD_VALUES: Mapping[str, int] = MappingProxyType({"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2})
SPRITZ_WARNING_ABOVE = 4
"""More doubling calls than this give a warning (``SPRITZ_HIGH``), not an error (B-V5)."""
SPRITZ_LIMIT = 64
"""Most doubling calls the engine accepts even without ``max_spritz`` (``OUT_OF_RANGE``). B-V5
sets no bound, but a deal is worth (base + bonus) × 2^spritz game points: 2^64 is far beyond any
table, while an unbounded count would let one typo freeze the engine (2^(10^30))."""

PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "none": MappingProxyType({}),
        "classic-12": MappingProxyType({"target": 12, "forty_rule": True, "forty_threshold": 10}),
    }
)
"""Presets (Scoring specification §2.8, §7): ``classic-12`` = target 12 and the 40er-Regel at 10;
it does not switch on the Ledig rule."""

_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "preset": ("none", "classic-12"),
        "solo_success": ("round", "plus12"),
        "solo_failure": ("round_to_opponents", "score_normally"),
        "tournament_round": ("match", "stein"),
    }
)
_BOOLEANS = (
    "meld_cap",
    "forty_rule",
    "weiterschreiben",
    "die_letzte",
    "ledig_no_solo_in_gehampelter",
    "spritz_applies_to_away_bonus",
    "melds_doubled_by_spritz",
)
_INTEGERS: Mapping[str, int] = MappingProxyType(
    {"target": 1, "forty_threshold": 0, "steins_per_match": 0}
)  # minimum values

_SUIT_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "C": "♣",
        "CLUBS": "♣",
        "KREUZ": "♣",
        "S": "♠",
        "SPADES": "♠",
        "PIK": "♠",
        "H": "♥",
        "HEARTS": "♥",
        "HERZ": "♥",
        "D": "♦",
        "DIAMONDS": "♦",
        "KARO": "♦",
    }
)

_ENTRY_KEYS = frozenset(
    {
        "dealer",
        "home",
        "cp_NS",
        "cp_EW",
        "cp",
        "spritz",
        "spritz_log",
        "melds",
        "solo",
        "trump",
        "tricks",
        "tricks_NS",
        "tricks_EW",
        "last_trick",
        "die_letzte",
        "winner",
        "target",
    }
)
_MELD_KEYS = frozenset({"team", "kind", "player", "suit"})
_SOLO_KEYS = frozenset({"player", "won", "tricks"})


def _team_seats(team: str) -> tuple[str, ...]:
    return TEAM_SEATS[team]


def _shown(value: Any) -> Any:
    """``value`` as a JSON-ready parameter for a message."""
    return value if value is None or isinstance(value, bool | int | float | str) else repr(value)


def _parse_team(value: Any) -> str | None:
    """``"NS"``/``"EW"`` from a team name (either order, any case) or a seat; else ``None``."""
    if not isinstance(value, str):
        return None
    text = value.strip().upper()
    if text in TEAM_OF:
        return TEAM_OF[text]
    if text in ("NS", "SN"):
        return "NS"
    if text in ("EW", "WE", "OW", "WO"):
        return "EW"
    return None


def parse_suit(value: Any) -> str | None:
    """A suit symbol from a symbol, a letter (C S H D) or a name (clubs, Kreuz, ...); else None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text in SUITS:
        return text
    return _SUIT_NAMES.get(text.upper())


@functools.cache
def feasible_points() -> Mapping[tuple[int, bool], frozenset[int]]:
    """Card points a team can hold with ``t`` tricks, with or without the last trick (the table of
    Scoring specification §2.5, derived here by enumerating the 20 cards: ``t`` tricks hold
    ``4·t`` cards; the last trick adds 10)."""
    by_cards: dict[int, set[int]] = {0: {0}}
    for value in CARD_VALUES.values():  # take 0–4 of the four cards of each rank
        nxt: dict[int, set[int]] = {}
        for cards, sums in by_cards.items():
            for count in range(5):
                nxt.setdefault(cards + count, set()).update(s + count * value for s in sums)
        by_cards = nxt
    table: dict[tuple[int, bool], frozenset[int]] = {}
    for tricks in range(TRICKS + 1):
        plain = frozenset(by_cards[4 * tricks])
        table[(tricks, False)] = plain if tricks < TRICKS else frozenset()
        table[(tricks, True)] = (
            frozenset(p + LAST_TRICK for p in plain) if tricks > 0 else frozenset()
        )
    return MappingProxyType(table)


def reachable(points: int) -> bool:
    """B-V3: a team's card points can occur: 0, 8–122 or 130 (a team with a trick holds at least
    the four Jacks' 8; 123–129 would leave the other team 1–7)."""
    return points == 0 or points == CARD_POINTS or 8 <= points <= 122


@dataclass(frozen=True)
class Variant:
    """The house rules of one Bauerchen session (Scoring specification §2.8); fixed at the start.

    Build it with ``scoring.games["bauerchen"].variant({...})`` (which also applies a ``preset``)
    or ``Variant(...)``; both check every value.

    Raises:
        InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have,
            ``INVALID_OPTION_VALUE`` for a value of the wrong type or out of range.
    """

    preset: str = "none"
    """``"classic-12"`` sets target 12 and the 40er-Regel at 10 (explicit options win)."""
    target: int = 31
    """T: a round ends when a team's game points reach it (default 31; ``classic-12``: 12)."""
    meld_cap: bool = True
    """A meld that would bring the team to T or above may not be declared (``MELD_CAP``)."""
    forty_rule: bool = False
    """40er-Regel: a 40 counts only 1 when the team has ``forty_threshold`` or more."""
    forty_threshold: int = 10
    """Game points from which the 40er-Regel applies (default 10)."""
    weiterschreiben: bool = False
    """Siegelbach rule: the round winner carries score − T into the next round (a solo: 0)."""
    die_letzte: bool = False
    """Die Letzte is played (only allows the entry's ``die_letzte`` flag; no scoring effect)."""
    ledig_no_solo_in_gehampelter: bool = False
    """Ledig rule: no Kart' ab in a Gehampelter (``SOLO_FORBIDDEN``)."""
    solo_success: str = "round"
    """A won solo: ``"round"`` (the soloist's team wins the round) or ``"plus12"`` (the team is
    also credited 12 game points)."""
    solo_failure: str = "round_to_opponents"
    """A lost solo: ``"round_to_opponents"`` or ``"score_normally"`` (an ordinary deal by its card
    points)."""
    spritz_applies_to_away_bonus: bool = True
    """Spritzen doubles base + away bonus (default); False: only the base is doubled."""
    melds_doubled_by_spritz: bool = False
    """Melds are doubled by the deal's spritzen too (default: not)."""
    max_spritz: int | None = None
    """Most doubling calls in one deal; ``None`` (default) is no limit but the engine's
    :data:`SPRITZ_LIMIT` (a warning above 4)."""
    steins_per_match: int = 3
    """The match closes by itself after this many steins (default 3); 0 = a time limit (the
    engine never closes it)."""
    tournament_round: str = "match"
    """One tournament round at a table: ``"match"`` (default: the match of ``steins_per_match``
    steins; §7 "a tournament round may set steins_per_match = 1") or ``"stein"`` (the first stein
    only; the table may play on, uncounted)."""

    def __post_init__(self) -> None:
        given: object = self.max_spritz  # an int or None once read, but a form may send ""
        if given == "":
            object.__setattr__(self, "max_spritz", None)  # an empty form field
        check_values(self, integers=_INTEGERS)
        if self.max_spritz is not None and (not is_int(self.max_spritz) or self.max_spritz < 0):
            raise InvalidVariant(
                "max_spritz",
                "INVALID_OPTION_VALUE",
                f"max_spritz must be a whole number ≥ 0 or none, not {self.max_spritz!r}",
            )
        check_values(self, choices=_CHOICES, booleans=_BOOLEANS)

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; a ``preset`` sets its options first, the explicit
        options given alongside override it; missing options take their defaults.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have, or as
                :class:`Variant`.
        """
        # The preset is an option of its own here (shown on the form), so it stays in the variant.
        options = read_options(cls, options)
        preset = options.get("preset", "none")
        if preset is None or preset == "":
            preset = "none"
        if preset not in PRESETS:
            raise InvalidVariant(
                "preset",
                "INVALID_OPTION_VALUE",
                f"preset must be one of {', '.join(PRESETS)}, not {preset!r}",
            )
        merged = {**PRESETS[preset], **options, "preset": preset}
        return cls(**merged)

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(frozen=True)
class BauerchenState:
    """The derived state of one Bauerchen table after a deal; immutable.

    Team mappings are read-only (``types.MappingProxyType``) and keyed ``"NS"``, ``"EW"``.
    """

    seats: tuple[str, ...] = SEATS
    """``("N", "E", "S", "W")``, clockwise."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    deals: int = 0
    """Deals applied so far in the session."""
    score: Mapping[str, int] = field(default_factory=lambda: freeze({"NS": 0, "EW": 0}))
    """Game points of the current round (after a round ends: the new round's start, 0 or the
    Weiterschreiben carry)."""
    knoddel: Mapping[str, int] = field(default_factory=lambda: freeze({"NS": 0, "EW": 0}))
    """Knoddels received in the current stein (reset when a stein is won)."""
    steins: Mapping[str, int] = field(default_factory=lambda: freeze({"NS": 0, "EW": 0}))
    """Steins won in the session."""
    round_no: int = 1
    """The current round's number: 1 for the session's first, +1 whenever a round ends (§7)."""
    stein_no: int = 1
    """The current stein's number, 1-based."""
    match_over: bool = False
    """True once ``steins_per_match`` steins are won; a further deal is ``MATCH_OVER``."""
    unit_over: bool = False
    """True once the tournament unit (``variant.tournament_round``) is complete. The engine keeps
    scoring; refusing further deals is the web layer's business."""
    dealer: str | None = None
    """The last deal's dealer (``None`` before the first deal)."""
    home: str | None = None
    """The last deal's home team (forehand's team)."""
    game_points: Mapping[str, int] = field(default_factory=lambda: freeze({"NS": 0, "EW": 0}))
    """Game points credited to each team in the session (deals, melds, a ``plus12`` solo)."""
    knoddels: Mapping[str, int] = field(default_factory=lambda: freeze({"NS": 0, "EW": 0}))
    """Knoddels (rounds lost) received in the session."""
    gehampelter_steins: Mapping[str, int] = field(
        default_factory=lambda: freeze({"NS": 0, "EW": 0})
    )
    """Steins won in a Gehampelter in the session."""
    unit: Mapping[str, Mapping[str, int]] = field(
        default_factory=lambda: freeze({t: freeze(dict.fromkeys(_UNIT_KEYS, 0)) for t in TEAMS})
    )
    """Per team, the tournament unit's tallies: ``steins``, ``knoddels`` (received),
    ``game_points`` (scored) and ``gehampelter_steins``; frozen once ``unit_over``."""

    @property
    def gehampelter(self) -> bool:
        """Whether the current round is a Gehampelter (knoddels 1:1)."""
        return self.knoddel["NS"] == 1 and self.knoddel["EW"] == 1

    @property
    def teams(self) -> tuple[str, ...]:
        """``("NS", "EW")``."""
        return TEAMS

    @property
    def team_seats(self) -> Mapping[str, tuple[str, str]]:
        """Each team's two seats: ``{"NS": ("N", "S"), "EW": ("E", "W")}``."""
        return TEAM_SEATS

    @property
    def next_home(self) -> str | None:
        """The home team of the next deal when the rotation is followed (``None`` before the
        first deal)."""
        dealer = self.next_dealer()
        return None if dealer is None else TEAM_OF[SEATS[(SEATS.index(dealer) + 1) % 4]]

    @property
    def target(self) -> int:
        """The round target T."""
        return self.variant.target

    def next_dealer(self) -> str | None:
        """Who deals next: forehand of the last deal (the seat after the dealer, clockwise)."""
        if self.dealer is None:
            return None
        return SEATS[(SEATS.index(self.dealer) + 1) % 4]

    def team_figures(self, team: str) -> dict[str, int]:
        """The unit's tournament figures of ``team`` (Scoring specification §2.7)."""
        own, opp = self.unit[team], self.unit[OTHER[team]]
        return {
            "steins": own["steins"],
            "knoddel_diff": opp["knoddels"] - own["knoddels"],
            "game_point_diff": own["game_points"] - opp["game_points"],
            "gehampelter_steins": own["gehampelter_steins"],
        }

    @property
    def standing(self) -> dict[str, dict[str, int]]:
        """Per team, the unit's figures of :meth:`team_figures`."""
        return {team: self.team_figures(team) for team in TEAMS}

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §2.7): the
        team's steins won in the unit (more is better) and its tie-break figures
        ``knoddel_diff``, ``game_point_diff``, ``gehampelter_steins``."""
        results = []
        for seat in self.seats:
            figures = self.team_figures(TEAM_OF[seat])
            score = figures.pop("steins")
            results.append(SeatResult(seat=seat, score=score, figures=figures))
        return tuple(results)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        return {
            "score": dict(self.score),
            "knoddel": dict(self.knoddel),
            "steins": dict(self.steins),
            "round_no": self.round_no,
            "stein_no": self.stein_no,
            "gehampelter": self.gehampelter,
            "target": self.target,
            "match_over": self.match_over,
            "unit_over": self.unit_over,
            "deals": self.deals,
            "dealer": self.dealer,
            "home": self.home,
            "game_points": dict(self.game_points),
            "knoddels": dict(self.knoddels),
            "gehampelter_steins": dict(self.gehampelter_steins),
            "standing": self.standing,
        }


_UNIT_KEYS: tuple[str, ...] = ("steins", "knoddels", "game_points", "gehampelter_steins")


class Meld(NamedTuple):
    """One validated meld: the team credited, 20 or 40, and the melder and suit when known."""

    team: str
    kind: int
    player: str | None
    suit: str | None
    field: str


class Solo(NamedTuple):
    """A validated Kart' ab: the soloist and whether he took all five tricks."""

    player: str
    won: bool


class Deal(NamedTuple):
    """One entry, checked and normalised (what :meth:`Bauerchen.check` returns)."""

    dealer: str
    home: str
    cp: Mapping[str, int] | None
    spritz: int
    melds: tuple[Meld, ...]
    solo: Solo | None
    trump: str | None
    die_letzte: bool


def meld_value(kind: int, team_score: int, spritz: int, variant: Variant) -> int:
    """Game points of a 20 (1) or a 40 (2, or 1 under the 40er-Regel when the team has at least
    ``forty_threshold``), times 2^spritz with ``melds_doubled_by_spritz`` (§2.2 item 7, §2.6)."""
    value = 2 if kind == 40 else 1
    if kind == 40 and variant.forty_rule and team_score >= variant.forty_threshold:
        value = 1
    if variant.melds_doubled_by_spritz:
        value *= 2**spritz
    return value


def deal_points(cp: Mapping[str, int], home: str, spritz: int, variant: Variant) -> dict[str, Any]:
    """Who wins a deal by its card points and how many game points (Scoring specification §2.2,
    §2.6): more card points wins, 65:65 goes to the away team; base 3 (schwarz, loser 0), 2
    (schneider, loser 1–30) or 1 (schneider frei, loser 31–65); +1 away bonus; × 2^spritz."""
    away = OTHER[home]
    if cp["NS"] > cp["EW"]:
        winner = "NS"
    elif cp["EW"] > cp["NS"]:
        winner = "EW"
    else:
        winner = away
    loser_cp = cp[OTHER[winner]]
    if loser_cp == 0:
        band, base = "schwarz", 3
    elif loser_cp <= 30:
        band, base = "schneider", 2
    else:
        band, base = "schneider_frei", 1
    bonus = 1 if winner == away else 0
    factor = 2**spritz
    if variant.spritz_applies_to_away_bonus:
        points = (base + bonus) * factor
    else:
        points = base * factor + bonus
    return {
        "team": winner,
        "home": home,
        "cp": cp[winner],
        "loser_cp": loser_cp,
        "band": band,
        "base": base,
        "away_bonus": bonus,
        "spritz": spritz,
        "points": points,
        "tie": cp["NS"] == cp["EW"],
    }


class _Numbers(NamedTuple):
    """A pair of team numbers as entered: values (``None`` = not given) and their fields."""

    values: dict[str, int | None]
    fields: dict[str, str]


class Bauerchen(GameBase):
    """The Bauerchen rules engine (``scoring.games["bauerchen"]``), after the Scoring
    specification §2 and §7."""

    key: ClassVar[str] = "bauerchen"
    partnerships: ClassVar[bool] = True
    name: ClassVar[str] = "Bauerchen"
    table_sizes: ClassVar[tuple[int, ...]] = (4,)
    metric_ascending: ClassVar[bool] = False
    """Steins won: more is better (§2.7)."""
    tiebreaks: ClassVar[tuple[str, ...]] = (
        "knoddel_diff",
        "game_point_diff",
        "gehampelter_steins",
        "lot",
    )
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 1
    """A bye counts as one stein won (the spec is silent; a bye should not rank below a loss)."""
    last_place_title: ClassVar[str | None] = None

    # -- registry --------------------------------------------------------------------------------

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §2.8), a ``preset`` first.

        Raises:
            InvalidVariant: an unknown option or a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """Always 4: two partnerships of two (Scoring specification §2.1)."""
        return 4

    def options(self) -> tuple[Option, ...]:
        """Every option of :class:`Variant` with its default, choices (default first) or minimum
        (§2.8). ``max_spritz`` defaults to ``""`` (no limit)."""
        defaults = Variant()
        found = []
        for name in Variant.__dataclass_fields__:
            default = getattr(defaults, name)
            if name == "max_spritz":
                found.append(Option(name, "", (), 0))
                continue
            found.append(Option(name, default, _CHOICES.get(name, ()), _INTEGERS.get(name)))
        return tuple(found)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels N, E, S, W in clockwise playing order.

        Raises:
            ValueError: ``count`` is not 4.
        """
        if count not in self.table_sizes:
            raise ValueError(f"Bauerchen is played by 4 players, not {count!r}")
        return SEATS

    def initial(self, seats: Sequence[str], variant: Variant) -> BauerchenState:
        """The state before the first deal: 0 : 0, no knoddels, no steins, round 1.

        Raises:
            ValueError: seats other than N, E, S, W.
        """
        if tuple(seats) != SEATS:
            raise ValueError(f"Bauerchen seats are N, E, S, W, not {seats!r}")
        return BauerchenState(variant=variant)

    # -- validation ------------------------------------------------------------------------------

    def validate(
        self, entry: Mapping[str, Any], state: BauerchenState, variant: Variant
    ) -> tuple[Warning, ...]:
        """Check one raw entry against the state before it, in the order of the B-V table
        (Scoring specification §2.5 and §7); the first failing rule is raised.

        Returns the warnings (``DEALER_ROTATION``, ``SPRITZ_HIGH``). Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (the entry's shape);
                ``UNKNOWN_PLAYER``, ``HOME_TEAM_MISMATCH`` (B-V1);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, ``SUM_MISMATCH`` (B-V2);
                ``UNREACHABLE_VALUE`` (B-V3); ``TRICK_COUNT_MISMATCH``,
                ``POINTS_WITHOUT_TRICKS``, ``TRICKS_WITHOUT_POINTS``, ``INFEASIBLE_FOR_TRICKS``
                (B-V4); ``OUT_OF_RANGE``, ``SPRITZ_ORDER`` (B-V5); ``DUPLICATE_MELD``,
                ``MELD_SUIT_MISMATCH`` (B-V6); ``MELD_CAP`` (B-V7); ``SOLO_INCONSISTENT``
                (B-V8); ``SOLO_FORBIDDEN`` (B-V9); ``OPTION_DISABLED`` (B-V10);
                ``WINNER_MISMATCH`` (B-V11); ``MATCH_OVER`` (B-V12); ``MINIMAL_FULL_MISMATCH``
                where two forms of one figure disagree; finally ``NOT_AN_INTEGER`` on ``cp_NS``
                when a deal that needs card points has none.
        """
        return self.check(entry, state, variant)[1]

    def check(
        self, entry: Mapping[str, Any], state: BauerchenState, variant: Variant
    ) -> tuple[Deal, tuple[Warning, ...]]:
        """The normalised deal and its warnings; raises :class:`InvalidDeal` as :meth:`validate`."""
        if not isinstance(entry, Mapping):
            raise InvalidDeal(
                "deal", "INVALID_ENTRY", f"a deal must be an object, not {_shown(entry)!r}"
            )
        for key in entry:
            if key not in _ENTRY_KEYS:
                raise InvalidDeal(
                    str(key),
                    "UNKNOWN_FIELD",
                    f"unknown field {key!r}; known: {', '.join(sorted(_ENTRY_KEYS))}",
                    value=str(key),
                )
        warnings: list[Warning] = []

        # B-V1: dealer ∈ {N, E, S, W} (required: he decides home and away) and home. The row's
        # code is UNKNOWN_PLAYER, for a missing dealer too.
        dealer = entry.get("dealer")
        if not isinstance(dealer, str) or dealer.strip().upper() not in SEATS:
            raise InvalidDeal(
                "dealer",
                "UNKNOWN_PLAYER",
                f"the dealer is required and must be a seat (N, E, S, W), not {dealer!r}",
                value=_shown(dealer),
                seats=list(SEATS),
            )
        dealer = dealer.strip().upper()
        forehand = SEATS[(SEATS.index(dealer) + 1) % 4]
        home = TEAM_OF[forehand]
        away = OTHER[home]
        if entry.get("home") is not None:
            given = _parse_team(entry["home"])
            if given != home:
                raise InvalidDeal(
                    "home",
                    "HOME_TEAM_MISMATCH",
                    f"dealer {dealer} makes {forehand} forehand, so {home} is at home, "
                    f"not {entry['home']!r}",
                    home=_shown(entry["home"]),
                    expected=home,
                    dealer=dealer,
                )
        expected_dealer = state.next_dealer()
        if expected_dealer is not None and dealer != expected_dealer:
            warnings.append(
                Warning(
                    "dealer",
                    "DEALER_ROTATION",
                    f"{dealer} dealt, but forehand {expected_dealer} of the last deal deals next",
                )
            )

        # B-V2: card points.
        cp_in = self._numbers(entry, "cp", "card points")
        for team in TEAMS:
            value = cp_in.values[team]
            if value is not None and not 0 <= value <= CARD_POINTS:
                raise InvalidDeal(
                    cp_in.fields[team],
                    "OUT_OF_RANGE",
                    f"card points of {team} must be between 0 and {CARD_POINTS}, not {value}",
                    value=value,
                    minimum=0,
                    maximum=CARD_POINTS,
                )
        cp: dict[str, int] | None = None
        ns, ew = cp_in.values["NS"], cp_in.values["EW"]
        if ns is not None and ew is not None:
            if ns + ew != CARD_POINTS:
                # Reported on NS's figure: the spec's entry names cp_NS, EW is 130 − cp_NS (§2.4).
                raise InvalidDeal(
                    cp_in.fields["NS"],
                    "SUM_MISMATCH",
                    f"the card points add up to {ns + ew}, not {CARD_POINTS} "
                    "(the last trick counts 10)",
                    total=ns + ew,
                    expected=CARD_POINTS,
                )
            cp = {"NS": ns, "EW": ew}
        elif ns is not None:
            cp = {"NS": ns, "EW": CARD_POINTS - ns}
        elif ew is not None:
            cp = {"NS": CARD_POINTS - ew, "EW": ew}
        cp_fields = dict(cp_in.fields)
        for team in TEAMS:  # a derived figure's error belongs beside the one entered
            if cp_in.values[team] is None and cp_in.values[OTHER[team]] is not None:
                cp_fields[team] = cp_in.fields[OTHER[team]]

        # B-V3: reachable values.
        if cp is not None:
            for team in TEAMS:
                if not reachable(cp[team]):
                    raise InvalidDeal(
                        cp_fields[team],
                        "UNREACHABLE_VALUE",
                        f"{team} cannot hold {cp[team]} card points: a team with a trick has at "
                        "least 8, and 123–129 would leave the other team 1–7",
                        value=cp[team],
                        team=team,
                    )

        # B-V4: tricks and the last trick.
        self._check_tricks(entry, cp, cp_fields)

        # B-V5: spritzen.
        spritz = self._check_spritz(entry, home, away, variant, warnings)

        # B-V6: melds (and the trump they are judged against).
        trump = None
        if entry.get("trump") is not None:
            trump = parse_suit(entry["trump"])
            if trump is None:
                raise InvalidDeal(
                    "trump",
                    "OUT_OF_RANGE",
                    f"trump must be a suit (♣ ♠ ♥ ♦ or C S H D), not {entry['trump']!r}",
                    value=_shown(entry["trump"]),
                )
        melds = self._check_melds(entry.get("melds"), trump)

        # B-V7: the meld cap, melds applied in entry order (a solo deal ignores melds, B13).
        solo_raw = entry.get("solo")
        if solo_raw is None or solo_raw is False:
            score = dict(state.score)
            for meld in melds:
                value = meld_value(meld.kind, score[meld.team], spritz, variant)
                if variant.meld_cap and score[meld.team] + value >= variant.target:
                    raise InvalidDeal(
                        meld.field,
                        "MELD_CAP",
                        f"the {meld.kind} of {meld.team} would bring it from {score[meld.team]} "
                        f"to {score[meld.team] + value}, not below the target {variant.target}",
                        team=meld.team,
                        kind=meld.kind,
                        score=score[meld.team],
                        value=value,
                        total=score[meld.team] + value,
                        target=variant.target,
                    )
                score[meld.team] += value

        # B-V8: the solo's consistency.
        solo = self._check_solo(entry, solo_raw, cp, cp_fields)

        # B-V9: Ledig — no solo in a Gehampelter.
        if solo is not None and variant.ledig_no_solo_in_gehampelter and state.gehampelter:
            raise InvalidDeal(
                "solo",
                "SOLO_FORBIDDEN",
                "no Kart' ab in a Gehampelter (Ledig rule)",
                player=solo.player,
            )

        # B-V10: fields of options not in use.
        flag = entry.get("die_letzte")
        if flag is not None and flag is not False:
            if not variant.die_letzte:
                raise InvalidDeal(
                    "die_letzte",
                    "OPTION_DISABLED",
                    "Die Letzte is not played under these house rules",
                    option="die_letzte",
                )
            if flag is not True:
                raise InvalidDeal(
                    "die_letzte", "INVALID_ENTRY", f"die_letzte must be true or false, not {flag!r}"
                )
        if entry.get("target") is not None and entry["target"] != variant.target:
            raise InvalidDeal(
                "target",
                "OPTION_DISABLED",
                f"this session plays to {variant.target}, not {entry['target']!r}",
                option="target",
                value=_shown(entry["target"]),
                expected=variant.target,
            )

        # B-V11: the winner, if entered.
        needs_cp = solo is None or (not solo.won and variant.solo_failure == "score_normally")
        if entry.get("winner") is not None:
            derived: str | None = None
            if not needs_cp:
                assert solo is not None
                own = TEAM_OF[solo.player]
                derived = own if solo.won else OTHER[own]
            elif cp is not None:
                derived = deal_points(cp, home, spritz, variant)["team"]
            given = _parse_team(entry["winner"])
            if derived is not None and given != derived:
                raise InvalidDeal(
                    "winner",
                    "WINNER_MISMATCH",
                    f"the winner is {derived}"
                    + (" (65:65 goes to the away team)" if cp and cp["NS"] == cp["EW"] else "")
                    + f", not {entry['winner']!r}",
                    winner=_shown(entry["winner"]),
                    expected=derived,
                )

        # B-V12: the match is over.
        if state.match_over:
            raise InvalidDeal(
                "deal",
                "MATCH_OVER",
                f"the match of {variant.steins_per_match} steins is over",
                steins=sum(state.steins.values()),
            )

        # Completeness: an ordinary deal is scored by its card points.
        if needs_cp and cp is None:
            raise InvalidDeal(
                "cp_NS",
                "NOT_AN_INTEGER",
                "enter the card points (cp_NS, or cp_EW)",
                value=None,
            )

        deal = Deal(
            dealer=dealer,
            home=home,
            cp=cp,
            spritz=spritz,
            melds=melds,
            solo=solo,
            trump=trump,
            die_letzte=flag is True,
        )
        return deal, tuple(warnings)

    @staticmethod
    def _numbers(entry: Mapping[str, Any], stem: str, what: str) -> _Numbers:
        """A team pair entered as ``<stem>_NS``/``<stem>_EW`` or ``<stem>: {"NS", "EW"}``; both
        forms at once must agree (``MINIMAL_FULL_MISMATCH``). Values are whole numbers ≥ 0."""
        values: dict[str, int | None] = {"NS": None, "EW": None}
        fields = {team: f"{stem}_{team}" for team in TEAMS}
        for team in TEAMS:
            value = entry.get(f"{stem}_{team}")
            if value is None:
                continue
            if not is_int(value):
                raise InvalidDeal(
                    f"{stem}_{team}",
                    "NOT_AN_INTEGER",
                    f"{what} of {team} must be a whole number, not {value!r}",
                    value=_shown(value),
                )
            values[team] = value
        mapping = entry.get(stem)
        if mapping is not None:
            if not isinstance(mapping, Mapping):
                raise InvalidDeal(
                    stem,
                    "INVALID_ENTRY",
                    f"{stem} must map NS and EW to numbers, not {_shown(mapping)!r}",
                )
            for key in mapping:
                if key not in TEAMS:
                    raise InvalidDeal(
                        stem,
                        "UNKNOWN_PLAYER",
                        f"{key!r} is not a team (NS, EW)",
                        value=str(key),
                    )
            for team in TEAMS:
                value = mapping.get(team)
                if value is None:
                    continue
                if not is_int(value):
                    raise InvalidDeal(
                        f"{stem}.{team}",
                        "NOT_AN_INTEGER",
                        f"{what} of {team} must be a whole number, not {value!r}",
                        value=_shown(value),
                    )
                if values[team] is not None and values[team] != value:
                    raise InvalidDeal(
                        f"{stem}.{team}",
                        "MINIMAL_FULL_MISMATCH",
                        f"{stem}_{team} = {values[team]} but {stem}.{team} = {value}",
                        value=value,
                        expected=values[team],
                    )
                if values[team] is None:
                    fields[team] = f"{stem}.{team}"
                values[team] = value
        return _Numbers(values, fields)

    def _check_tricks(
        self,
        entry: Mapping[str, Any],
        cp: Mapping[str, int] | None,
        cp_fields: Mapping[str, str],
    ) -> None:
        """B-V4: five tricks; the last trick with a team holding a trick; 0 card points ⇔ 0
        tricks; the card points within the feasible set for (tricks, last trick)."""
        tricks_in = self._numbers(entry, "tricks", "tricks")
        for team in TEAMS:
            value = tricks_in.values[team]
            if value is not None and not 0 <= value <= TRICKS:
                raise InvalidDeal(
                    tricks_in.fields[team],
                    "OUT_OF_RANGE",
                    f"tricks of {team} must be between 0 and {TRICKS}, not {value}",
                    value=value,
                    minimum=0,
                    maximum=TRICKS,
                )
        ns, ew = tricks_in.values["NS"], tricks_in.values["EW"]
        tricks: dict[str, int] | None = None
        if ns is not None and ew is not None:
            if ns + ew != TRICKS:
                raise InvalidDeal(
                    "tricks" if "tricks" in entry else tricks_in.fields["EW"],
                    "TRICK_COUNT_MISMATCH",
                    f"the tricks add up to {ns + ew}, not {TRICKS}",
                    total=ns + ew,
                    expected=TRICKS,
                )
            tricks = {"NS": ns, "EW": ew}
        elif ns is not None:
            tricks = {"NS": ns, "EW": TRICKS - ns}
        elif ew is not None:
            tricks = {"NS": TRICKS - ew, "EW": ew}
        t_fields = dict(tricks_in.fields)
        for team in TEAMS:
            if tricks_in.values[team] is None and tricks_in.values[OTHER[team]] is not None:
                t_fields[team] = tricks_in.fields[OTHER[team]]

        last: str | None = None
        if entry.get("last_trick") is not None:
            last = _parse_team(entry["last_trick"])
            if last is None:
                raise InvalidDeal(
                    "last_trick",
                    "UNKNOWN_PLAYER",
                    f"last_trick must name a team (NS, EW), not {entry['last_trick']!r}",
                    value=_shown(entry["last_trick"]),
                )
            if tricks is not None and tricks[last] < 1:
                raise InvalidDeal(
                    "last_trick",
                    "TRICK_COUNT_MISMATCH",
                    f"{last} took the last trick but is entered with no trick",
                    team=last,
                )
        if tricks is not None and cp is not None:
            for team in TEAMS:
                if tricks[team] == 0 and cp[team] > 0:
                    raise InvalidDeal(
                        cp_fields[team],
                        "POINTS_WITHOUT_TRICKS",
                        f"{team} took no trick but is entered with {cp[team]} card points",
                        team=team,
                        points=cp[team],
                    )
                if cp[team] == 0 and tricks[team] > 0:
                    raise InvalidDeal(
                        t_fields[team],
                        "TRICKS_WITHOUT_POINTS",
                        f"{team} has {tricks[team]} trick(s) but no card points; every card is "
                        "worth at least 2",
                        team=team,
                        tricks=tricks[team],
                    )
        if cp is None or (tricks is None and last is None):
            return
        table = feasible_points()
        splits = [tricks] if tricks is not None else [{"NS": t, "EW": TRICKS - t} for t in range(6)]
        holders = [last] if last is not None else list(TEAMS)

        def fits(split: Mapping[str, int], holder: str, team: str) -> bool:
            return cp[team] in table[(split[team], team == holder)]

        for team in TEAMS:
            if not any(
                fits(split, holder, team) and fits(split, holder, OTHER[team])
                for split in splits
                for holder in holders
                if split[holder] >= 1
            ):
                with_last = (
                    "with" if last == team else "without" if last is not None else "with or without"
                )
                held = tricks[team] if tricks is not None else None
                raise InvalidDeal(
                    cp_fields[team],
                    "INFEASIBLE_FOR_TRICKS",
                    f"{held if held is not None else 'no number of'} trick(s) {with_last} the "
                    f"last trick cannot hold {cp[team]} card points ({team})",
                    team=team,
                    points=cp[team],
                    tricks=held,
                    last_trick=last,
                )

    @staticmethod
    def _check_spritz(
        entry: Mapping[str, Any],
        home: str,
        away: str,
        variant: Variant,
        warnings: list[Warning],
    ) -> int:
        """B-V5: the number of doubling calls, ≥ 0 and ≤ ``max_spritz``; a spritz log starts with
        the away team and alternates. Returns the number of calls."""
        maximum = (
            SPRITZ_LIMIT if variant.max_spritz is None else min(variant.max_spritz, SPRITZ_LIMIT)
        )
        spritz = entry.get("spritz")
        if spritz is not None:
            if not is_int(spritz):
                raise InvalidDeal(
                    "spritz",
                    "NOT_AN_INTEGER",
                    f"spritz must be a whole number, not {spritz!r}",
                    value=_shown(spritz),
                )
            if not 0 <= spritz <= maximum:
                raise InvalidDeal(
                    "spritz",
                    "OUT_OF_RANGE",
                    f"spritz must be between 0 and {maximum}, not {spritz}",
                    value=spritz,
                    minimum=0,
                    maximum=maximum,
                )
        log = entry.get("spritz_log")
        if log is not None:
            if not isinstance(log, list | tuple):
                raise InvalidDeal(
                    "spritz_log",
                    "INVALID_ENTRY",
                    f"spritz_log must be a list of teams, not {_shown(log)!r}",
                )
            teams = []
            for index, call in enumerate(log):
                team = _parse_team(call)
                if team is None:
                    raise InvalidDeal(
                        f"spritz_log.{index}",
                        "UNKNOWN_PLAYER",
                        f"{call!r} is not a team (NS, EW) or a seat",
                        value=_shown(call),
                    )
                teams.append(team)
            for index, team in enumerate(teams):
                expected = away if index % 2 == 0 else home
                if team != expected:
                    raise InvalidDeal(
                        "spritz_log",
                        "SPRITZ_ORDER",
                        "the away team spritzes first, then the teams alternate: call "
                        f"{index + 1} is by {team}, not {expected}",
                        away=away,
                        call=index + 1,
                        team=team,
                        expected=expected,
                    )
            if len(teams) > maximum:
                raise InvalidDeal(
                    "spritz_log",
                    "OUT_OF_RANGE",
                    f"at most {maximum} doubling calls, not {len(teams)}",
                    value=len(teams),
                    minimum=0,
                    maximum=maximum,
                )
            if spritz is not None and spritz != len(teams):
                raise InvalidDeal(
                    "spritz_log",
                    "MINIMAL_FULL_MISMATCH",
                    f"spritz is {spritz} but the spritz log has {len(teams)} calls",
                    value=len(teams),
                    expected=spritz,
                )
            spritz = len(teams)
        spritz = spritz or 0
        if spritz > SPRITZ_WARNING_ABOVE:
            warnings.append(
                Warning(
                    "spritz",
                    "SPRITZ_HIGH",
                    f"{spritz} doubling calls (× {2**spritz}); please check",
                )
            )
        return spritz

    @staticmethod
    def _check_melds(raw: Any, trump: str | None) -> tuple[Meld, ...]:
        """B-V6: well-formed melds; one per suit, at most four, at most one 40 and three 20s,
        at most two per player; a 40 only in trumps and a 20 only in a plain suit."""
        if raw is None:
            return ()
        if not isinstance(raw, list | tuple):
            raise InvalidDeal(
                "melds", "INVALID_ENTRY", f"melds must be a list, not {_shown(raw)!r}"
            )
        if len(raw) > 4:
            raise InvalidDeal(
                "melds",
                "DUPLICATE_MELD",
                f"at most 4 melds in a deal (one per suit), not {len(raw)}",
                count=len(raw),
                maximum=4,
            )
        melds: list[Meld] = []
        for index, item in enumerate(raw):
            at = f"melds.{index}"
            if not isinstance(item, Mapping):
                raise InvalidDeal(
                    at,
                    "INVALID_ENTRY",
                    f"a meld must be {{team, kind}} or {{player, suit}}, not {_shown(item)!r}",
                )
            for key in item:
                if key not in _MELD_KEYS:
                    raise InvalidDeal(
                        f"{at}.{key}",
                        "UNKNOWN_FIELD",
                        f"unknown meld field {key!r}; known: team, kind, player, suit",
                        value=str(key),
                    )
            player = item.get("player")
            team = None
            if player is not None:
                if not isinstance(player, str) or player.strip().upper() not in SEATS:
                    raise InvalidDeal(
                        f"{at}.player",
                        "UNKNOWN_PLAYER",
                        f"{player!r} is not a seat (N, E, S, W)",
                        value=_shown(player),
                    )
                player = player.strip().upper()
                team = TEAM_OF[player]
            if item.get("team") is not None:
                named = _parse_team(item["team"])
                if named is None or (isinstance(item["team"], str) and len(item["team"]) == 1):
                    raise InvalidDeal(
                        f"{at}.team",
                        "UNKNOWN_PLAYER",
                        f"{item['team']!r} is not a team (NS, EW)",
                        value=_shown(item["team"]),
                    )
                if team is not None and named != team:
                    raise InvalidDeal(
                        f"{at}.team",
                        "MINIMAL_FULL_MISMATCH",
                        f"{player} plays for {team}, not {named}",
                        value=named,
                        expected=team,
                    )
                team = named
            if team is None:
                raise InvalidDeal(
                    f"{at}.team", "MISSING_PLAYER", "say which team (or player) melded"
                )
            suit = None
            if item.get("suit") is not None:
                suit = parse_suit(item["suit"])
                if suit is None:
                    raise InvalidDeal(
                        f"{at}.suit",
                        "OUT_OF_RANGE",
                        f"{item['suit']!r} is not a suit (♣ ♠ ♥ ♦ or C S H D)",
                        value=_shown(item["suit"]),
                    )
            kind = item.get("kind")
            if kind is not None:
                if not is_int(kind):
                    raise InvalidDeal(
                        f"{at}.kind",
                        "NOT_AN_INTEGER",
                        f"a meld's kind is 20 or 40, not {kind!r}",
                        value=_shown(kind),
                    )
                if kind not in (20, 40):
                    raise InvalidDeal(
                        f"{at}.kind",
                        "OUT_OF_RANGE",
                        f"a meld's kind is 20 or 40, not {kind}",
                        value=kind,
                        minimum=20,
                        maximum=40,
                    )
            if suit is not None and trump is not None:
                derived = 40 if suit == trump else 20
                if kind is not None and kind != derived:
                    raise InvalidDeal(
                        f"{at}.kind",
                        "MELD_SUIT_MISMATCH",
                        f"K+Q of {suit} is a {derived} with {trump} trumps, not a {kind}",
                        suit=suit,
                        trump=trump,
                        kind=kind,
                        expected=derived,
                    )
                kind = derived
            if kind is None:
                raise InvalidDeal(
                    f"{at}.kind",
                    "MELD_SUIT_MISMATCH",
                    "give the meld's kind (20 or 40), or its suit and the trump suit",
                )
            # Only one King and one Queen of each suit exist, and a 40 is the trump pair.
            for earlier in melds:
                if suit is not None and earlier.suit == suit:
                    raise InvalidDeal(
                        f"{at}.suit",
                        "DUPLICATE_MELD",
                        f"K+Q of {suit} is melded twice; there is one King and one Queen of it",
                        suit=suit,
                    )
            if kind == 40 and any(m.kind == 40 for m in melds):
                raise InvalidDeal(
                    f"{at}.kind",
                    "DUPLICATE_MELD",
                    "two 40s in one deal: only the trump suit makes a 40",
                    kind=40,
                )
            if kind == 20 and sum(m.kind == 20 for m in melds) >= 3:
                raise InvalidDeal(
                    f"{at}.kind",
                    "DUPLICATE_MELD",
                    "more 20s than the three plain suits",
                    kind=20,
                )
            if player is not None and sum(m.player == player for m in melds) >= 2:
                raise InvalidDeal(
                    f"{at}.player",
                    "DUPLICATE_MELD",
                    f"{player} holds five cards: at most two K+Q pairs",
                    player=player,
                )
            melds.append(Meld(team, kind, player, suit, at))
        return tuple(melds)

    @staticmethod
    def _check_solo(
        entry: Mapping[str, Any],
        raw: Any,
        cp: Mapping[str, int] | None,
        cp_fields: Mapping[str, str],
    ) -> Solo | None:
        """B-V8: a known soloist; a won solo took all five tricks (opponents 0 card points), a
        lost one left the opponents at least one trick."""
        if raw is None or raw is False:
            return None
        if not isinstance(raw, Mapping):
            raise InvalidDeal(
                "solo",
                "INVALID_ENTRY",
                f"solo must be {{player, won}} or null, not {_shown(raw)!r}",
            )
        for key in raw:
            if key not in _SOLO_KEYS:
                raise InvalidDeal(
                    f"solo.{key}",
                    "UNKNOWN_FIELD",
                    f"unknown solo field {key!r}; known: player, won, tricks",
                    value=str(key),
                )
        # "player known" is part of B-V8, with the row's code SOLO_INCONSISTENT.
        player = raw.get("player")
        if not isinstance(player, str) or player.strip().upper() not in SEATS:
            raise InvalidDeal(
                "solo.player",
                "SOLO_INCONSISTENT",
                f"say who played the Kart' ab: a seat (N, E, S, W), not {player!r}",
                value=_shown(player),
            )
        player = player.strip().upper()
        won = raw.get("won")
        if not isinstance(won, bool):
            raise InvalidDeal(
                "solo.won",
                "SOLO_INCONSISTENT",
                f"say whether the Kart' ab was won (true or false), not {won!r}",
                value=_shown(won),
            )
        team = TEAM_OF[player]
        opponents = OTHER[team]
        solo_tricks = raw.get("tricks")
        if solo_tricks is not None:
            if not is_int(solo_tricks):
                raise InvalidDeal(
                    "solo.tricks",
                    "NOT_AN_INTEGER",
                    f"the soloist's tricks must be a whole number, not {solo_tricks!r}",
                    value=_shown(solo_tricks),
                )
            if not 0 <= solo_tricks <= TRICKS:
                raise InvalidDeal(
                    "solo.tricks",
                    "OUT_OF_RANGE",
                    f"the soloist's tricks must be between 0 and {TRICKS}, not {solo_tricks}",
                    value=solo_tricks,
                    minimum=0,
                    maximum=TRICKS,
                )
            if (solo_tricks == TRICKS) != won:
                raise InvalidDeal(
                    "solo",
                    "SOLO_INCONSISTENT",
                    f"a {'won' if won else 'lost'} Kart' ab with {solo_tricks} trick(s)",
                    player=player,
                    won=won,
                    tricks=solo_tricks,
                )
        tricks = None
        if entry.get("tricks") is not None and isinstance(entry["tricks"], Mapping):
            tricks = entry["tricks"].get(opponents)
        if tricks is None:
            tricks = entry.get(f"tricks_{opponents}")
        if tricks is None:
            own = entry.get(f"tricks_{team}")
            if own is None and isinstance(entry.get("tricks"), Mapping):
                own = entry["tricks"].get(team)
            tricks = None if own is None else TRICKS - own
        if won:
            if (cp is not None and cp[opponents] != 0) or (tricks is not None and tricks != 0):
                raise InvalidDeal(
                    "solo",
                    "SOLO_INCONSISTENT",
                    f"a won Kart' ab takes all five tricks: {opponents} must have 0 card points "
                    "and no trick",
                    player=player,
                    won=True,
                    team=team,
                    opponents=opponents,
                )
        elif (cp is not None and cp[opponents] == 0) or (tricks is not None and tricks == 0):
            raise InvalidDeal(
                "solo",
                "SOLO_INCONSISTENT",
                f"a lost Kart' ab leaves {opponents} at least one trick",
                player=player,
                won=False,
                team=team,
                opponents=opponents,
            )
        return Solo(player, won)

    # -- scoring ---------------------------------------------------------------------------------

    def apply(
        self,
        entry: Mapping[str, Any],
        state: BauerchenState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Step:
        """Validate ``entry`` and score it (Scoring specification §2.6); returns the next step.

        The checks are cheap, so a ``trusted`` entry is validated all the same; only its warnings
        are dropped. The state passed in is never changed. Raises:
            InvalidDeal: as :meth:`validate`.
        """
        deal, warnings = self.check(entry, state, variant)
        if trusted:
            warnings = ()
        score = dict(state.score)
        knoddel = dict(state.knoddel)
        steins = dict(state.steins)
        game_points = dict(state.game_points)
        knoddels = dict(state.knoddels)
        g_steins = dict(state.gehampelter_steins)
        counting = not state.unit_over
        unit = {team: dict(state.unit[team]) for team in TEAMS}
        round_no, stein_no = state.round_no, state.stein_no
        match_over = state.match_over
        events: list[Event] = []
        target = variant.target

        def credit(team: str, points: int) -> None:
            if team == void:
                return
            score[team] += points
            game_points[team] += points
            if counting:
                unit[team]["game_points"] += points

        def end_round(winner: str, solo: bool) -> None:
            nonlocal round_no, stein_no, match_over
            loser = OTHER[winner]
            carry = score[winner] - target if variant.weiterschreiben and not solo else 0
            events.append(
                Event(
                    "round_won",
                    _team_seats(winner),
                    {
                        "team": winner,
                        "round": round_no,
                        "score": score[winner],
                        "target": target,
                        "carry": carry,
                        "solo": solo,
                        "by_carry": winner == carried,
                    },
                    SOURCE_CARRY if winner == carried else SOURCE_ROUND,
                )
            )
            decider = knoddel["NS"] == 1 and knoddel["EW"] == 1
            knoddel[loser] += 1
            knoddels[loser] += 1
            if counting:
                unit[loser]["knoddels"] += 1
            events.append(
                Event(
                    "knoddel",
                    _team_seats(loser),
                    {"team": loser, "knoddels": knoddel[loser]},
                    SOURCE_ROUND,
                )
            )
            if knoddel[loser] >= 2:
                steins[winner] += 1
                if decider:
                    g_steins[winner] += 1
                if counting:
                    unit[winner]["steins"] += 1
                    if decider:
                        unit[winner]["gehampelter_steins"] += 1
                events.append(
                    Event(
                        "stein",
                        _team_seats(winner),
                        {"team": winner, "steins": steins[winner], "gehampelter": decider},
                        SOURCE_ROUND,
                    )
                )
                knoddel["NS"] = knoddel["EW"] = 0
                stein_no += 1
                played = steins["NS"] + steins["EW"]
                if variant.steins_per_match and played >= variant.steins_per_match:
                    match_over = True
                    events.append(Event("match_over", (), {"steins": dict(steins)}, SOURCE_ROUND))
            elif knoddel["NS"] == 1 and knoddel["EW"] == 1:
                events.append(Event("gehampelter", (), {"round": round_no + 1}, SOURCE_ROUND))
            score[winner] = carry
            score[loser] = 0
            round_no += 1

        solo = deal.solo
        scored_normally = solo is None or (
            not solo.won and variant.solo_failure == "score_normally"
        )
        # Scoring specification §7: a team whose Weiterschreiben carry is already at the target
        # wins the round at the end of the round's first deal (unless a Kart' ab ends it); the
        # other team's points of that deal are void.
        carried = next((team for team in TEAMS if state.score[team] >= target), None)
        if not scored_normally:
            carried = None
        void = OTHER[carried] if carried is not None else None
        if solo is not None:
            team = TEAM_OF[solo.player]
            bonus = 12 if solo.won and variant.solo_success == "plus12" else 0
            events.append(
                Event(
                    "solo",
                    (solo.player,),
                    {"team": team, "won": solo.won, "points": bonus},
                    SOURCE_SOLO,
                )
            )
            if solo.won:
                if bonus:
                    credit(team, bonus)
                end_round(team, solo=True)
            elif not scored_normally:
                end_round(OTHER[team], solo=True)
        if scored_normally:
            assert deal.cp is not None
            if solo is None:  # melds in a solo deal are ignored (B13)
                for meld in deal.melds:
                    value = meld_value(meld.kind, score[meld.team], deal.spritz, variant)
                    credit(meld.team, value)
                    events.append(
                        Event(
                            "meld",
                            (meld.player,) if meld.player else _team_seats(meld.team),
                            {
                                "team": meld.team,
                                "kind": meld.kind,
                                "value": value,
                                "suit": meld.suit,
                                "void": meld.team == void,
                            },
                            SOURCE_MELD,
                        )
                    )
            result = deal_points(deal.cp, deal.home, deal.spritz, variant)
            winner = result["team"]
            credit(winner, result["points"])
            events.append(
                Event(
                    "deal_won",
                    _team_seats(winner),
                    {**result, "void": winner == void},
                    SOURCE_CARRY if winner == void else SOURCE_DEAL,
                )
            )
            # With the meld cap on only the deal winner can reach T (B10); with it off a meld
            # may have carried the loser there, and the round goes to whoever reached it.
            if carried is not None:
                end_round(carried, solo=False)
            elif score[winner] >= target:
                end_round(winner, solo=False)
            elif score[OTHER[winner]] >= target:
                end_round(OTHER[winner], solo=False)

        unit_over = state.unit_over or (
            (variant.tournament_round == "stein" and steins["NS"] + steins["EW"] >= 1)
            or (variant.tournament_round == "match" and match_over)
        )
        if unit_over and not state.unit_over:
            events.append(Event("unit_over", (), {"unit": variant.tournament_round}, SOURCE_UNIT))

        new = BauerchenState(
            seats=state.seats,
            variant=variant,
            deals=state.deals + 1,
            score=freeze(score),
            knoddel=freeze(knoddel),
            steins=freeze(steins),
            round_no=round_no,
            stein_no=stein_no,
            match_over=match_over,
            unit_over=unit_over,
            dealer=deal.dealer,
            home=deal.home,
            game_points=freeze(game_points),
            knoddels=freeze(knoddels),
            gehampelter_steins=freeze(g_steins),
            unit=freeze({team: freeze(unit[team]) for team in TEAMS}),
        )
        return Step(state=new, events=tuple(events), warnings=warnings)


BAUERCHEN = Bauerchen()
"""The module's singleton engine, registered as ``scoring.games["bauerchen"]``."""
