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
* full entry adds ``"trump": "♥"`` (symbol, letter C S H D or name,
  :func:`scoring.cards.parse_suit`), ``"tricks": {"NS": 2, "EW": 3}``, ``"last_trick": "EW"``,
  melds as ``{"player": "E", "suit": "♣"}`` (20 or 40 from the suit against trump),
  ``"spritz_log": ["EW", "NS"]``, ``"die_letzte": true``; and the cross-checks ``"home": "EW"``
  and ``"winner": "NS"``. Card points may also come as ``"cp": {"NS": 45, "EW": 85}`` and tricks
  as ``tricks_NS`` / ``tricks_EW``. A team is named ``NS`` or ``EW`` in either order and any
  case, ``EW`` also as German ``OW`` (Ost/West), or by one of its seats
  (:func:`scoring.checks.parse_partnership`; a meld's ``team`` must be a team's name).

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
from scoring.cards import parse_suit
from scoring.checks import (
    PARTNERSHIP_OF,
    entry_object,
    next_seat,
    parse_partnership,
    partnership_field,
    rotation_warnings,
    shown,
    suit_field,
    whole_number,
    within,
)
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
_MELD_KEYS = ("team", "kind", "player", "suit")
_SOLO_KEYS = ("player", "won", "tricks")


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
        return None if dealer is None else PARTNERSHIP_OF[next_seat(SEATS, dealer)]

    @property
    def target(self) -> int:
        """The round target T."""
        return self.variant.target

    def next_dealer(self) -> str | None:
        """Who deals next: forehand of the last deal (the seat after the dealer, clockwise)."""
        return None if self.dealer is None else next_seat(SEATS, self.dealer)

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
            figures = self.team_figures(PARTNERSHIP_OF[seat])
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
    """One read meld (B-V6): the team credited, 20 or 40, and the melder and suit when known."""

    team: str
    """``"NS"`` or ``"EW"``."""
    kind: int
    """20 (K+Q of a plain suit) or 40 (K+Q of trumps)."""
    player: str | None
    """The melder's seat (full entry), else ``None``."""
    suit: str | None
    """The pair's suit symbol (full entry), else ``None``."""
    field: str
    """Where it was entered (``"melds.1"``), for an error about it."""


class Solo(NamedTuple):
    """A read Kart' ab (B-V8): the soloist and whether he took all five tricks."""

    player: str
    won: bool


class Deal(NamedTuple):
    """One entry read by :meth:`Bauerchen.parse`: the typed, normalised deal."""

    dealer: str
    """The dealer's seat; forehand (the seat after him) names trumps."""
    home: str
    """Forehand's team, which plays at home; the other team plays away."""
    cp: Mapping[str, int] | None
    """Card points per team (adding up to 130), ``None`` when a Kart' ab left them out."""
    spritz: int
    """Doubling calls (Spritzen): the deal is worth × 2^spritz."""
    melds: tuple[Meld, ...]
    """The 20s and 40s in entry order (ignored in a Kart' ab deal, B13)."""
    solo: Solo | None
    """The Kart' ab, or ``None``."""
    trump: str | None
    """The trump suit when entered (for the record and the melds' kinds)."""
    die_letzte: bool
    """The table played Die Letzte (allowed by the option of that name; no scoring effect)."""


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


# -- step 1: reading an entry, in the order of the B-V table (Scoring specification §2.5, §7) ---


def _parse_seat(value: Any) -> str | None:
    """The seat N, E, S or W that ``value`` names (any case, spaces around); else ``None``."""
    if not isinstance(value, str) or value.strip().upper() not in SEATS:
        return None
    return value.strip().upper()


def _check_known(raw: Mapping[str, Any], at: str, known: tuple[str, ...], what: str) -> None:
    """Every key of the nested object ``raw`` (a meld, the solo) is one of ``known``.

    Raises:
        InvalidDeal: ``UNKNOWN_FIELD`` on ``<at>.<key>``, ``params["value"]`` the key.
    """
    for key in raw:
        if key not in known:
            raise InvalidDeal(
                f"{at}.{key}",
                "UNKNOWN_FIELD",
                f"unknown {what} field {key!r}; known: {', '.join(known)}",
                value=str(key),
            )


def _parse_dealer(entry: Mapping[str, Any]) -> tuple[str, str]:
    """B-V1: the dealer, a seat (required: he decides home and away), and the home team, that of
    forehand (the seat after the dealer, clockwise); an entered ``home`` must agree. Returns
    ``(dealer, home)``.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``dealer`` (the row's code, for a missing dealer too);
            ``HOME_TEAM_MISMATCH`` on ``home``.
    """
    dealer = _parse_seat(entry.get("dealer"))
    if dealer is None:
        raise InvalidDeal(
            "dealer",
            "UNKNOWN_PLAYER",
            f"the dealer is required and must be a seat (N, E, S, W), not {entry.get('dealer')!r}",
            value=shown(entry.get("dealer")),
            seats=list(SEATS),
        )
    forehand = next_seat(SEATS, dealer)
    home = PARTNERSHIP_OF[forehand]
    given = entry.get("home")
    if given is not None and parse_partnership(given) != home:
        raise InvalidDeal(
            "home",
            "HOME_TEAM_MISMATCH",
            f"dealer {dealer} makes {forehand} forehand, so {home} is at home, not {given!r}",
            home=shown(given),
            expected=home,
            dealer=dealer,
        )
    return dealer, home


class _Numbers(NamedTuple):
    """A pair of team numbers as entered: values (``None`` = not given) and their fields."""

    values: dict[str, int | None]
    fields: dict[str, str]


def _numbers(entry: Mapping[str, Any], stem: str, what: str) -> _Numbers:
    """A team pair entered as ``<stem>_NS``/``<stem>_EW`` or ``<stem>: {"NS", "EW"}`` (card
    points, tricks); both forms at once must agree. Values are whole numbers; their range is the
    caller's.

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` on the figure's field; ``INVALID_ENTRY`` on ``<stem>``
            when it is not an object, ``UNKNOWN_PLAYER`` when one of its keys is not a team;
            ``MINIMAL_FULL_MISMATCH`` on ``<stem>.<team>`` when the two forms disagree.
    """
    values: dict[str, int | None] = {"NS": None, "EW": None}
    fields = {team: f"{stem}_{team}" for team in TEAMS}
    for team in TEAMS:
        value = entry.get(f"{stem}_{team}")
        if value is not None:
            values[team] = whole_number(value, f"{stem}_{team}", f"{what} of {team}")
    mapping = entry.get(stem)
    if mapping is None:
        return _Numbers(values, fields)
    if not isinstance(mapping, Mapping):
        raise InvalidDeal(
            stem, "INVALID_ENTRY", f"{stem} must map NS and EW to numbers, not {shown(mapping)!r}"
        )
    for key in mapping:
        if key not in TEAMS:
            raise InvalidDeal(
                stem, "UNKNOWN_PLAYER", f"{key!r} is not a team (NS, EW)", value=str(key)
            )
    for team in TEAMS:
        if mapping.get(team) is None:
            continue
        value = whole_number(mapping[team], f"{stem}.{team}", f"{what} of {team}")
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


def _check_range(numbers: _Numbers, what: str, maximum: int) -> None:
    """Each team's figure entered is between 0 and ``maximum``.

    Raises:
        InvalidDeal: ``OUT_OF_RANGE`` on the figure's field.
    """
    for team in TEAMS:
        value = numbers.values[team]
        if value is not None:
            within(value, numbers.fields[team], f"{what} of {team}", 0, maximum)


def _complete(numbers: _Numbers, total: int) -> dict[str, int] | None:
    """Both teams' figures, one not entered being ``total`` minus the other's; ``None`` when
    neither is entered. The caller has checked the sum of two entered figures."""
    ns, ew = numbers.values["NS"], numbers.values["EW"]
    if ns is not None:
        return {"NS": ns, "EW": total - ns if ew is None else ew}
    if ew is not None:
        return {"NS": total - ew, "EW": ew}
    return None


def _error_fields(numbers: _Numbers) -> dict[str, str]:
    """Each team's field for an error about its figure: a figure worked out from the other
    team's belongs beside the one entered."""
    fields = dict(numbers.fields)
    for team in TEAMS:
        if numbers.values[team] is None and numbers.values[OTHER[team]] is not None:
            fields[team] = numbers.fields[OTHER[team]]
    return fields


def _parse_card_points(
    entry: Mapping[str, Any],
) -> tuple[dict[str, int] | None, dict[str, str]]:
    """B-V2 and B-V3: card points per team, 0–130, the two adding up to 130 (``cp_EW`` is
    130 − ``cp_NS`` when only one is entered, §2.4), each reachable (:func:`reachable`).
    Returns the card points (``None`` when neither is entered) and each team's error field.

    Raises:
        InvalidDeal: as :func:`_numbers`; ``OUT_OF_RANGE``; ``SUM_MISMATCH`` on NS's figure
            (the spec's entry names ``cp_NS``); ``UNREACHABLE_VALUE`` (B-V3).
    """
    cp_in = _numbers(entry, "cp", "card points")
    _check_range(cp_in, "card points", CARD_POINTS)
    ns, ew = cp_in.values["NS"], cp_in.values["EW"]
    if ns is not None and ew is not None and ns + ew != CARD_POINTS:
        raise InvalidDeal(
            cp_in.fields["NS"],
            "SUM_MISMATCH",
            f"the card points add up to {ns + ew}, not {CARD_POINTS} (the last trick counts 10)",
            total=ns + ew,
            expected=CARD_POINTS,
        )
    cp = _complete(cp_in, CARD_POINTS)
    fields = _error_fields(cp_in)
    for team, points in cp.items() if cp is not None else ():
        if not reachable(points):
            raise InvalidDeal(
                fields[team],
                "UNREACHABLE_VALUE",
                f"{team} cannot hold {points} card points: a team with a trick has at least 8, "
                "and 123–129 would leave the other team 1–7",
                value=points,
                team=team,
            )
    return cp, fields


def _check_tricks(
    entry: Mapping[str, Any], cp: Mapping[str, int] | None, cp_fields: Mapping[str, str]
) -> None:
    """B-V4: five tricks; the last trick with a team holding a trick; 0 card points ⇔ 0
    tricks; the card points within the feasible set for (tricks, last trick).

    Raises:
        InvalidDeal: as :func:`_numbers`; ``OUT_OF_RANGE``; ``TRICK_COUNT_MISMATCH``;
            ``UNKNOWN_PLAYER`` on ``last_trick``; ``POINTS_WITHOUT_TRICKS``,
            ``TRICKS_WITHOUT_POINTS``, ``INFEASIBLE_FOR_TRICKS``.
    """
    tricks_in = _numbers(entry, "tricks", "tricks")
    _check_range(tricks_in, "tricks", TRICKS)
    ns, ew = tricks_in.values["NS"], tricks_in.values["EW"]
    if ns is not None and ew is not None and ns + ew != TRICKS:
        raise InvalidDeal(
            "tricks" if "tricks" in entry else tricks_in.fields["EW"],
            "TRICK_COUNT_MISMATCH",
            f"the tricks add up to {ns + ew}, not {TRICKS}",
            total=ns + ew,
            expected=TRICKS,
        )
    tricks = _complete(tricks_in, TRICKS)
    last = _parse_last_trick(entry, tricks)
    if tricks is not None and cp is not None:
        _check_points_and_tricks(cp, cp_fields, tricks, _error_fields(tricks_in))
    if cp is not None and (tricks is not None or last is not None):
        _check_feasible(cp, cp_fields, tricks, last)


def _parse_last_trick(entry: Mapping[str, Any], tricks: Mapping[str, int] | None) -> str | None:
    """B-V4: the team that took the last trick, when entered; it holds a trick.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` or ``TRICK_COUNT_MISMATCH`` on ``last_trick``.
    """
    raw = entry.get("last_trick")
    if raw is None:
        return None
    last = partnership_field(raw, "last_trick")
    if tricks is not None and tricks[last] < 1:
        raise InvalidDeal(
            "last_trick",
            "TRICK_COUNT_MISMATCH",
            f"{last} took the last trick but is entered with no trick",
            team=last,
        )
    return last


def _check_points_and_tricks(
    cp: Mapping[str, int],
    cp_fields: Mapping[str, str],
    tricks: Mapping[str, int],
    tricks_fields: Mapping[str, str],
) -> None:
    """B-V4: a team has card points exactly when it has a trick (every card is worth at least 2).

    Raises:
        InvalidDeal: ``POINTS_WITHOUT_TRICKS`` on the card points, ``TRICKS_WITHOUT_POINTS`` on
            the tricks.
    """
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
                tricks_fields[team],
                "TRICKS_WITHOUT_POINTS",
                f"{team} has {tricks[team]} trick(s) but no card points; every card is worth "
                "at least 2",
                team=team,
                tricks=tricks[team],
            )


def _check_feasible(
    cp: Mapping[str, int],
    cp_fields: Mapping[str, str],
    tricks: Mapping[str, int] | None,
    last: str | None,
) -> None:
    """B-V4: some split of the five tricks (the one entered, else any) and holder of the last
    trick (the one entered, else either team holding a trick) gives both teams their card points
    (the table :func:`feasible_points`).

    Raises:
        InvalidDeal: ``INFEASIBLE_FOR_TRICKS`` on the card points.
    """
    table = feasible_points()
    splits = [tricks] if tricks is not None else [{"NS": t, "EW": TRICKS - t} for t in range(6)]
    holders = [last] if last is not None else list(TEAMS)
    for team in TEAMS:
        if any(
            cp[team] in table[(split[team], team == holder)]
            and cp[OTHER[team]] in table[(split[OTHER[team]], OTHER[team] == holder)]
            for split in splits
            for holder in holders
            if split[holder] >= 1
        ):
            continue
        with_last = "with" if last == team else "without" if last is not None else "with or without"
        held = tricks[team] if tricks is not None else None
        raise InvalidDeal(
            cp_fields[team],
            "INFEASIBLE_FOR_TRICKS",
            f"{held if held is not None else 'no number of'} trick(s) {with_last} the last trick "
            f"cannot hold {cp[team]} card points ({team})",
            team=team,
            points=cp[team],
            tricks=held,
            last_trick=last,
        )


def _parse_spritz(entry: Mapping[str, Any], home: str, variant: Variant) -> int:
    """B-V5: the number of doubling calls (Spritzen), 0 to ``max_spritz`` (at most
    :data:`SPRITZ_LIMIT`), as ``spritz`` or as a ``spritz_log`` of calling teams; both at once
    must agree. Returns the number of calls (0 when neither is entered).

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` on ``spritz``; as
            :func:`_parse_spritz_log`; ``MINIMAL_FULL_MISMATCH`` on ``spritz_log``.
    """
    maximum = SPRITZ_LIMIT if variant.max_spritz is None else min(variant.max_spritz, SPRITZ_LIMIT)
    spritz: int | None = None
    if entry.get("spritz") is not None:
        spritz = whole_number(entry["spritz"], "spritz", "spritz")
        within(spritz, "spritz", "spritz", 0, maximum)
    log = entry.get("spritz_log")
    if log is None:
        return spritz or 0
    calls = _parse_spritz_log(log, home, maximum)
    if spritz is not None and spritz != calls:
        raise InvalidDeal(
            "spritz_log",
            "MINIMAL_FULL_MISMATCH",
            f"spritz is {spritz} but the spritz log has {calls} calls",
            value=calls,
            expected=spritz,
        )
    return calls


def _parse_spritz_log(log: Any, home: str, maximum: int) -> int:
    """B-V5: the spritz log, a list of the teams that called in turn: the away team spritzes
    first, then the teams alternate; at most ``maximum`` calls. Returns the number of calls.

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` (not a list), ``SPRITZ_ORDER``, ``OUT_OF_RANGE`` on
            ``spritz_log``; ``UNKNOWN_PLAYER`` on ``spritz_log.<i>``.
    """
    if not isinstance(log, list | tuple):
        raise InvalidDeal(
            "spritz_log",
            "INVALID_ENTRY",
            f"spritz_log must be a list of teams, not {shown(log)!r}",
        )
    teams = [partnership_field(call, f"spritz_log.{index}") for index, call in enumerate(log)]
    for index, team in enumerate(teams):
        expected = OTHER[home] if index % 2 == 0 else home
        if team != expected:
            raise InvalidDeal(
                "spritz_log",
                "SPRITZ_ORDER",
                "the away team spritzes first, then the teams alternate: call "
                f"{index + 1} is by {team}, not {expected}",
                away=OTHER[home],
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
    return len(teams)


def _parse_melds(raw: Any, trump: str | None) -> tuple[Meld, ...]:
    """B-V6: well-formed melds; one per suit, at most four, at most one 40 and three 20s, at
    most two per player; a 40 only in trumps and a 20 only in a plain suit.

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` (not a list), ``DUPLICATE_MELD`` (more than four) on
            ``melds``; as :func:`_parse_meld` and :func:`_check_meld_duplicates`.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple):
        raise InvalidDeal("melds", "INVALID_ENTRY", f"melds must be a list, not {shown(raw)!r}")
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
        meld = _parse_meld(item, f"melds.{index}", trump)
        _check_meld_duplicates(meld, melds)
        melds.append(meld)
    return tuple(melds)


def _parse_meld(item: Any, at: str, trump: str | None) -> Meld:
    """B-V6: one meld, ``{team, kind}`` or ``{player, suit}`` (or a mix that agrees), entered at
    ``at`` (``"melds.0"``).

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` on ``at``; ``UNKNOWN_FIELD``; as :func:`_meld_team`,
            :func:`_meld_suit` and :func:`_meld_kind`.
    """
    if not isinstance(item, Mapping):
        raise InvalidDeal(
            at,
            "INVALID_ENTRY",
            f"a meld must be {{team, kind}} or {{player, suit}}, not {shown(item)!r}",
        )
    _check_known(item, at, _MELD_KEYS, "meld")
    team, player = _meld_team(item, at)
    suit = _meld_suit(item, at)
    return Meld(team, _meld_kind(item, at, suit, trump), player, suit, at)


def _meld_team(item: Mapping[str, Any], at: str) -> tuple[str, str | None]:
    """B-V6: the melding team, from the melder's seat or the team's name (both must agree).
    Returns ``(team, player)``, the player ``None`` when not entered.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``<at>.player`` or ``<at>.team`` (a team must be
            named, not given by one seat); ``MINIMAL_FULL_MISMATCH`` on ``<at>.team``;
            ``MISSING_PLAYER`` when neither is entered.
    """
    player = item.get("player")
    team = None
    if player is not None:
        player = _parse_seat(player)
        if player is None:
            raise InvalidDeal(
                f"{at}.player",
                "UNKNOWN_PLAYER",
                f"{item['player']!r} is not a seat (N, E, S, W)",
                value=shown(item["player"]),
            )
        team = PARTNERSHIP_OF[player]
    named_as = item.get("team")
    if named_as is not None:
        named = parse_partnership(named_as)
        if named is None or (isinstance(named_as, str) and len(named_as) == 1):
            raise InvalidDeal(
                f"{at}.team",
                "UNKNOWN_PLAYER",
                f"{named_as!r} is not a team (NS, EW)",
                value=shown(named_as),
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
        raise InvalidDeal(f"{at}.team", "MISSING_PLAYER", "say which team (or player) melded")
    return team, player


def _meld_suit(item: Mapping[str, Any], at: str) -> str | None:
    """B-V6: the suit of the melded King and Queen, when entered.

    Raises:
        InvalidDeal: ``OUT_OF_RANGE`` on ``<at>.suit``.
    """
    raw = item.get("suit")
    if raw is None:
        return None
    suit = parse_suit(raw)
    if suit is None:
        raise InvalidDeal(
            f"{at}.suit",
            "OUT_OF_RANGE",
            f"{raw!r} is not a suit (♣ ♠ ♥ ♦ or C S H D)",
            value=shown(raw),
        )
    return suit


def _meld_kind(item: Mapping[str, Any], at: str, suit: str | None, trump: str | None) -> int:
    """B-V6: 20 or 40, as entered or from the suit against trumps (K+Q of trumps is the 40);
    both must agree.

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` and ``MELD_SUIT_MISMATCH`` (also when
            neither the kind nor the suit and trumps are entered) on ``<at>.kind``.
    """
    kind: int | None = None
    if item.get("kind") is not None:
        kind = whole_number(item["kind"], f"{at}.kind", "a meld's kind")
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
    return kind


def _check_meld_duplicates(meld: Meld, earlier: Sequence[Meld]) -> None:
    """B-V6: ``meld`` fits beside the ``earlier`` ones: only one King and one Queen of each suit
    exist, a 40 is the trump pair, three plain suits make at most three 20s, and a player's five
    cards hold at most two pairs.

    Raises:
        InvalidDeal: ``DUPLICATE_MELD`` on the meld's ``suit``, ``kind`` or ``player``.
    """
    at = meld.field
    if meld.suit is not None and any(other.suit == meld.suit for other in earlier):
        raise InvalidDeal(
            f"{at}.suit",
            "DUPLICATE_MELD",
            f"K+Q of {meld.suit} is melded twice; there is one King and one Queen of it",
            suit=meld.suit,
        )
    if meld.kind == 40 and any(other.kind == 40 for other in earlier):
        raise InvalidDeal(
            f"{at}.kind",
            "DUPLICATE_MELD",
            "two 40s in one deal: only the trump suit makes a 40",
            kind=40,
        )
    if meld.kind == 20 and sum(other.kind == 20 for other in earlier) >= 3:
        raise InvalidDeal(
            f"{at}.kind", "DUPLICATE_MELD", "more 20s than the three plain suits", kind=20
        )
    if meld.player is not None and sum(other.player == meld.player for other in earlier) >= 2:
        raise InvalidDeal(
            f"{at}.player",
            "DUPLICATE_MELD",
            f"{meld.player} holds five cards: at most two K+Q pairs",
            player=meld.player,
        )


def _check_meld_cap(
    melds: Sequence[Meld], state: BauerchenState, spritz: int, variant: Variant
) -> None:
    """B-V7: with ``meld_cap``, no meld may bring its team to the target T or above, the melds
    applied to the round's score in entry order (Scoring specification §2.2 item 7).

    Raises:
        InvalidDeal: ``MELD_CAP`` on the meld (``melds.<i>``).
    """
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


def _parse_solo(entry: Mapping[str, Any], raw: Any, cp: Mapping[str, int] | None) -> Solo | None:
    """B-V8: the Kart' ab (``None`` for ``null`` or ``false``): a known soloist; a won solo took
    all five tricks (opponents 0 card points), a lost one left the opponents at least one trick.

    Raises:
        InvalidDeal: as :func:`_parse_soloist`, :func:`_check_solo_tricks` and
            :func:`_check_solo_outcome`.
    """
    if raw is None or raw is False:
        return None
    solo = _parse_soloist(raw)
    _check_solo_tricks(raw.get("tricks"), solo)
    _check_solo_outcome(entry, cp, solo)
    return solo


def _parse_soloist(raw: Any) -> Solo:
    """B-V8: ``{player, won}`` (optionally ``tricks``): the soloist's seat and the outcome.

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` on ``solo``; ``UNKNOWN_FIELD``; ``SOLO_INCONSISTENT`` on
            ``solo.player`` or ``solo.won`` (the row's code: the soloist must be known).
    """
    if not isinstance(raw, Mapping):
        raise InvalidDeal(
            "solo", "INVALID_ENTRY", f"solo must be {{player, won}} or null, not {shown(raw)!r}"
        )
    _check_known(raw, "solo", _SOLO_KEYS, "solo")
    player = _parse_seat(raw.get("player"))
    if player is None:
        raise InvalidDeal(
            "solo.player",
            "SOLO_INCONSISTENT",
            f"say who played the Kart' ab: a seat (N, E, S, W), not {raw.get('player')!r}",
            value=shown(raw.get("player")),
        )
    won = raw.get("won")
    if not isinstance(won, bool):
        raise InvalidDeal(
            "solo.won",
            "SOLO_INCONSISTENT",
            f"say whether the Kart' ab was won (true or false), not {won!r}",
            value=shown(won),
        )
    return Solo(player, won)


def _check_solo_tricks(tricks: Any, solo: Solo) -> None:
    """B-V8: the soloist's tricks, when entered: 0–5, all five exactly when he won.

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` on ``solo.tricks``;
            ``SOLO_INCONSISTENT`` on ``solo``.
    """
    if tricks is None:
        return
    what = "the soloist's tricks"
    within(whole_number(tricks, "solo.tricks", what), "solo.tricks", what, 0, TRICKS)
    if (tricks == TRICKS) != solo.won:
        raise InvalidDeal(
            "solo",
            "SOLO_INCONSISTENT",
            f"a {'won' if solo.won else 'lost'} Kart' ab with {tricks} trick(s)",
            player=solo.player,
            won=solo.won,
            tricks=tricks,
        )


def _opponents_tricks(entry: Mapping[str, Any], team: str) -> int | None:
    """The tricks the entry gives the soloist's opponents (``team`` is his own), read from
    ``tricks.<opponents>``, ``tricks_<opponents>`` or 5 minus his team's; ``None`` if absent."""
    opponents = OTHER[team]
    grouped: Mapping[str, Any] = entry["tricks"] if isinstance(entry.get("tricks"), Mapping) else {}
    tricks: int | None = grouped.get(opponents)
    if tricks is None:
        tricks = entry.get(f"tricks_{opponents}")
    if tricks is None:
        own = entry.get(f"tricks_{team}")
        if own is None:
            own = grouped.get(team)
        tricks = None if own is None else TRICKS - own
    return tricks


def _check_solo_outcome(entry: Mapping[str, Any], cp: Mapping[str, int] | None, solo: Solo) -> None:
    """B-V8: a won Kart' ab leaves the opponents no card points and no trick; a lost one leaves
    them at least one trick (and so card points).

    Raises:
        InvalidDeal: ``SOLO_INCONSISTENT`` on ``solo``.
    """
    team = PARTNERSHIP_OF[solo.player]
    opponents = OTHER[team]
    tricks = _opponents_tricks(entry, team)
    if solo.won:
        if (cp is not None and cp[opponents] != 0) or (tricks is not None and tricks != 0):
            raise InvalidDeal(
                "solo",
                "SOLO_INCONSISTENT",
                f"a won Kart' ab takes all five tricks: {opponents} must have 0 card points "
                "and no trick",
                player=solo.player,
                won=True,
                team=team,
                opponents=opponents,
            )
    elif (cp is not None and cp[opponents] == 0) or (tricks is not None and tricks == 0):
        raise InvalidDeal(
            "solo",
            "SOLO_INCONSISTENT",
            f"a lost Kart' ab leaves {opponents} at least one trick",
            player=solo.player,
            won=False,
            team=team,
            opponents=opponents,
        )


def _check_ledig(solo: Solo | None, state: BauerchenState, variant: Variant) -> None:
    """B-V9: under the Ledig rule (``ledig_no_solo_in_gehampelter``) no Kart' ab in a
    Gehampelter (knoddels 1:1).

    Raises:
        InvalidDeal: ``SOLO_FORBIDDEN`` on ``solo``.
    """
    if solo is not None and variant.ledig_no_solo_in_gehampelter and state.gehampelter:
        raise InvalidDeal(
            "solo",
            "SOLO_FORBIDDEN",
            "no Kart' ab in a Gehampelter (Ledig rule)",
            player=solo.player,
        )


def _parse_option_fields(entry: Mapping[str, Any], variant: Variant) -> bool:
    """B-V10: fields of options not in use: ``die_letzte`` only when Die Letzte is played (and
    then true or false), ``target`` only as the session's. Returns whether Die Letzte was played.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` on ``die_letzte`` or ``target``; ``INVALID_ENTRY`` on
            ``die_letzte``.
    """
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
    target = entry.get("target")
    if target is not None and target != variant.target:
        raise InvalidDeal(
            "target",
            "OPTION_DISABLED",
            f"this session plays to {variant.target}, not {target!r}",
            option="target",
            value=shown(target),
            expected=variant.target,
        )
    return flag is True


def _scored_by_card_points(solo: Solo | None, variant: Variant) -> bool:
    """Whether the deal is scored by its card points: no Kart' ab, or a lost one under
    ``solo_failure = "score_normally"`` (Scoring specification §2.2 item 8)."""
    return solo is None or (not solo.won and variant.solo_failure == "score_normally")


def _check_winner(raw: Any, deal: Deal, variant: Variant) -> None:
    """B-V11: the entered ``winner`` (a team or a seat of it; ``raw``) is the deal's: the
    Kart' ab's outcome, else the card points' (65:65 goes to the away team). Nothing to compare
    while card points are missing.

    Raises:
        InvalidDeal: ``WINNER_MISMATCH`` on ``winner``.
    """
    if raw is None:
        return
    derived: str | None = None
    if deal.solo is not None and not _scored_by_card_points(deal.solo, variant):
        own = PARTNERSHIP_OF[deal.solo.player]
        derived = own if deal.solo.won else OTHER[own]
    elif deal.cp is not None:
        derived = deal_points(deal.cp, deal.home, deal.spritz, variant)["team"]
    if derived is not None and parse_partnership(raw) != derived:
        tie = deal.cp is not None and deal.cp["NS"] == deal.cp["EW"]
        raise InvalidDeal(
            "winner",
            "WINNER_MISMATCH",
            f"the winner is {derived}"
            + (" (65:65 goes to the away team)" if tie else "")
            + f", not {raw!r}",
            winner=shown(raw),
            expected=derived,
        )


# -- step 3: scoring (Scoring specification §2.2, §2.3, §2.6, §7) ---------------------------------


@dataclass
class _Slate:
    """The tallies while :meth:`Bauerchen.push` scores one deal: copies of the state's, written
    to as the deal is scored, and the events in the order they happen."""

    variant: Variant
    score: dict[str, int]
    knoddel: dict[str, int]
    steins: dict[str, int]
    game_points: dict[str, int]
    knoddels: dict[str, int]
    gehampelter_steins: dict[str, int]
    unit: dict[str, dict[str, int]]
    counting: bool
    """The tournament unit is not over yet: its tallies count the deal."""
    round_no: int
    stein_no: int
    match_over: bool
    carried: str | None
    """The team whose Weiterschreiben carry stood at the target before the deal (§7)."""
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, state: BauerchenState, variant: Variant, carried: str | None) -> _Slate:
        """The slate as ``state`` leaves it."""
        return cls(
            variant=variant,
            score=dict(state.score),
            knoddel=dict(state.knoddel),
            steins=dict(state.steins),
            game_points=dict(state.game_points),
            knoddels=dict(state.knoddels),
            gehampelter_steins=dict(state.gehampelter_steins),
            unit={team: dict(state.unit[team]) for team in TEAMS},
            counting=not state.unit_over,
            round_no=state.round_no,
            stein_no=state.stein_no,
            match_over=state.match_over,
            carried=carried,
        )

    @property
    def void(self) -> str | None:
        """The team whose game points of this deal do not count: the other team of a carry
        already at the target (§7)."""
        return None if self.carried is None else OTHER[self.carried]

    def credit(self, team: str, points: int) -> None:
        """Write ``points`` game points to ``team`` (nothing when its points are void)."""
        if team == self.void:
            return
        self.score[team] += points
        self.game_points[team] += points
        if self.counting:
            self.unit[team]["game_points"] += points

    def solo(self, solo: Solo, by_card_points: bool) -> None:
        """A Kart' ab (§2.2 item 8): won, the soloist's team wins the round (with 12 game
        points first under ``plus12``); lost, the round goes to the opponents unless the deal is
        scored by its card points."""
        team = PARTNERSHIP_OF[solo.player]
        bonus = 12 if solo.won and self.variant.solo_success == "plus12" else 0
        self.events.append(
            Event(
                "solo",
                (solo.player,),
                {"team": team, "won": solo.won, "points": bonus},
                SOURCE_SOLO,
            )
        )
        if solo.won:
            if bonus:
                self.credit(team, bonus)
            self.end_round(team, solo=True)
        elif not by_card_points:
            self.end_round(OTHER[team], solo=True)

    def melds(self, deal: Deal) -> None:
        """Each 20 and 40 credited in entry order (§2.2 item 7, :func:`meld_value`)."""
        for meld in deal.melds:
            value = meld_value(meld.kind, self.score[meld.team], deal.spritz, self.variant)
            self.credit(meld.team, value)
            self.events.append(
                Event(
                    "meld",
                    (meld.player,) if meld.player else TEAM_SEATS[meld.team],
                    {
                        "team": meld.team,
                        "kind": meld.kind,
                        "value": value,
                        "suit": meld.suit,
                        "void": meld.team == self.void,
                    },
                    SOURCE_MELD,
                )
            )

    def card_points(self, deal: Deal) -> None:
        """The deal won by its card points (:func:`deal_points`); then the round ends when a
        carry stood at the target (§7) or a team has reached it. With the meld cap on only the
        deal winner can reach T (B10); with it off a meld may have carried the loser there, and
        the round goes to whoever reached it."""
        assert deal.cp is not None
        result = deal_points(deal.cp, deal.home, deal.spritz, self.variant)
        winner = result["team"]
        self.credit(winner, result["points"])
        void = winner == self.void
        self.events.append(
            Event(
                "deal_won",
                TEAM_SEATS[winner],
                {**result, "void": void},
                SOURCE_CARRY if void else SOURCE_DEAL,
            )
        )
        if self.carried is not None:
            self.end_round(self.carried, solo=False)
        elif self.score[winner] >= self.variant.target:
            self.end_round(winner, solo=False)
        elif self.score[OTHER[winner]] >= self.variant.target:
            self.end_round(OTHER[winner], solo=False)

    def end_round(self, winner: str, solo: bool) -> None:
        """``winner`` wins the round (§2.3): the loser takes a knoddel, and the next round
        starts at 0 : 0, or with the winner's carry score − T under Weiterschreiben (not after
        a Kart' ab)."""
        loser = OTHER[winner]
        target = self.variant.target
        carry = self.score[winner] - target if self.variant.weiterschreiben and not solo else 0
        by_carry = winner == self.carried
        self.events.append(
            Event(
                "round_won",
                TEAM_SEATS[winner],
                {
                    "team": winner,
                    "round": self.round_no,
                    "score": self.score[winner],
                    "target": target,
                    "carry": carry,
                    "solo": solo,
                    "by_carry": by_carry,
                },
                SOURCE_CARRY if by_carry else SOURCE_ROUND,
            )
        )
        self.knoddel_to(loser)
        self.score[winner] = carry
        self.score[loser] = 0
        self.round_no += 1

    def knoddel_to(self, loser: str) -> None:
        """A knoddel for the round's ``loser``; the second in the stein gives the other team the
        stein, and a first knoddel for each team makes the next round the Gehampelter (§2.3)."""
        decider = self.knoddel["NS"] == 1 and self.knoddel["EW"] == 1
        self.knoddel[loser] += 1
        self.knoddels[loser] += 1
        if self.counting:
            self.unit[loser]["knoddels"] += 1
        self.events.append(
            Event(
                "knoddel",
                TEAM_SEATS[loser],
                {"team": loser, "knoddels": self.knoddel[loser]},
                SOURCE_ROUND,
            )
        )
        if self.knoddel[loser] >= 2:
            self.stein_to(OTHER[loser], gehampelter=decider)
        elif self.knoddel["NS"] == 1 and self.knoddel["EW"] == 1:
            self.events.append(Event("gehampelter", (), {"round": self.round_no + 1}, SOURCE_ROUND))

    def stein_to(self, winner: str, gehampelter: bool) -> None:
        """A stein for ``winner`` (``gehampelter``: won in the deciding round); the knoddels
        are wiped, and the match closes after ``steins_per_match`` steins (§2.3)."""
        self.steins[winner] += 1
        if gehampelter:
            self.gehampelter_steins[winner] += 1
        if self.counting:
            self.unit[winner]["steins"] += 1
            if gehampelter:
                self.unit[winner]["gehampelter_steins"] += 1
        self.events.append(
            Event(
                "stein",
                TEAM_SEATS[winner],
                {"team": winner, "steins": self.steins[winner], "gehampelter": gehampelter},
                SOURCE_ROUND,
            )
        )
        self.knoddel["NS"] = self.knoddel["EW"] = 0
        self.stein_no += 1
        played = self.steins["NS"] + self.steins["EW"]
        if self.variant.steins_per_match and played >= self.variant.steins_per_match:
            self.match_over = True
            self.events.append(Event("match_over", (), {"steins": dict(self.steins)}, SOURCE_ROUND))

    def state_after(self, state: BauerchenState, deal: Deal) -> BauerchenState:
        """The state after the deal; the tournament unit (§2.7) closes with the first stein
        (``tournament_round = "stein"``) or the match (``"match"``), with a ``unit_over``
        event."""
        variant = self.variant
        unit_over = state.unit_over or (
            (variant.tournament_round == "stein" and self.steins["NS"] + self.steins["EW"] >= 1)
            or (variant.tournament_round == "match" and self.match_over)
        )
        if unit_over and not state.unit_over:
            self.events.append(
                Event("unit_over", (), {"unit": variant.tournament_round}, SOURCE_UNIT)
            )
        return BauerchenState(
            seats=state.seats,
            variant=variant,
            deals=state.deals + 1,
            score=freeze(self.score),
            knoddel=freeze(self.knoddel),
            steins=freeze(self.steins),
            round_no=self.round_no,
            stein_no=self.stein_no,
            match_over=self.match_over,
            unit_over=unit_over,
            dealer=deal.dealer,
            home=deal.home,
            game_points=freeze(self.game_points),
            knoddels=freeze(self.knoddels),
            gehampelter_steins=freeze(self.gehampelter_steins),
            unit=freeze({team: freeze(self.unit[team]) for team in TEAMS}),
        )


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

    # -- a deal in three steps -------------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: BauerchenState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """Step 1: read one raw entry into a :class:`Deal`, in the order of the B-V table
        (Scoring specification §2.5 and §7) up to B-V11; the first failing rule is raised.

        The meld cap (B-V7) and the Ledig rule (B-V9) read the state, but the table checks them
        before the solo's form (B-V8) and the cross-checks (B-V10, B-V11), so they are read here
        too. The checks are cheap, so a ``trusted`` entry is read in full all the same.

        Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (the entry's shape);
                ``UNKNOWN_PLAYER``, ``HOME_TEAM_MISMATCH`` (B-V1);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, ``SUM_MISMATCH`` (B-V2);
                ``UNREACHABLE_VALUE`` (B-V3); ``TRICK_COUNT_MISMATCH``,
                ``POINTS_WITHOUT_TRICKS``, ``TRICKS_WITHOUT_POINTS``, ``INFEASIBLE_FOR_TRICKS``
                (B-V4); ``OUT_OF_RANGE``, ``SPRITZ_ORDER`` (B-V5); ``DUPLICATE_MELD``,
                ``MELD_SUIT_MISMATCH`` (B-V6); ``MELD_CAP`` (B-V7); ``SOLO_INCONSISTENT``
                (B-V8); ``SOLO_FORBIDDEN`` (B-V9); ``OPTION_DISABLED`` (B-V10);
                ``WINNER_MISMATCH`` (B-V11); ``MINIMAL_FULL_MISMATCH`` where two forms of one
                figure disagree.
        """
        entry = entry_object(entry, _ENTRY_KEYS)
        dealer, home = _parse_dealer(entry)  # B-V1
        cp, cp_fields = _parse_card_points(entry)  # B-V2, B-V3
        _check_tricks(entry, cp, cp_fields)  # B-V4
        spritz = _parse_spritz(entry, home, variant)  # B-V5
        trump = suit_field(entry.get("trump"), "trump")  # B-V6
        melds = _parse_melds(entry.get("melds"), trump)
        raw_solo = entry.get("solo")
        if raw_solo is None or raw_solo is False:  # a solo deal ignores melds (B13)
            _check_meld_cap(melds, state, spritz, variant)  # B-V7
        solo = _parse_solo(entry, raw_solo, cp)  # B-V8
        _check_ledig(solo, state, variant)  # B-V9
        die_letzte = _parse_option_fields(entry, variant)  # B-V10
        deal = Deal(dealer, home, cp, spritz, melds, solo, trump, die_letzte)
        _check_winner(entry.get("winner"), deal, variant)  # B-V11
        return deal

    def legality(self, deal: Deal, state: BauerchenState, variant: Variant) -> tuple[Warning, ...]:
        """Step 2: the deal in its place, after :meth:`parse`'s rows: B-V12, then completeness.

        Returns the warnings ``DEALER_ROTATION`` (B-V1: the dealer is not forehand of the last
        deal) and ``SPRITZ_HIGH`` (B-V5: more than 4 doubling calls). Raises:
            InvalidDeal: ``MATCH_OVER`` (B-V12: ``steins_per_match`` steins are played);
                finally ``NOT_AN_INTEGER`` on ``cp_NS`` when a deal scored by its card points
                has none.
        """
        expected = state.next_dealer()
        warnings = rotation_warnings(
            deal.dealer,
            expected,
            f"{deal.dealer} dealt, but forehand {expected} of the last deal deals next",
        )
        if deal.spritz > SPRITZ_WARNING_ABOVE:
            warnings += (
                Warning(
                    "spritz",
                    "SPRITZ_HIGH",
                    f"{deal.spritz} doubling calls (× {2**deal.spritz}); please check",
                ),
            )
        if state.match_over:
            raise InvalidDeal(
                "deal",
                "MATCH_OVER",
                f"the match of {variant.steins_per_match} steins is over",
                steins=sum(state.steins.values()),
            )
        if deal.cp is None and _scored_by_card_points(deal.solo, variant):
            raise InvalidDeal(
                "cp_NS", "NOT_AN_INTEGER", "enter the card points (cp_NS, or cp_EW)", value=None
            )
        return warnings

    def push(self, deal: Deal, state: BauerchenState, variant: Variant) -> Step:
        """Step 3: score a legal deal (Scoring specification §2.6): a Kart' ab, else (or a lost
        one scored normally) the melds and the deal by its card points, then the round, knoddel,
        stein and match they end (§2.3). The state passed in is never changed; the scoring
        finds no warnings.

        Scoring specification §7: a team whose Weiterschreiben carry is already at the target
        wins the round at the end of the round's first deal (unless a Kart' ab ends it); the
        other team's points of that deal are void.
        """
        by_card_points = _scored_by_card_points(deal.solo, variant)
        carried = None
        if by_card_points:
            carried = next((team for team in TEAMS if state.score[team] >= variant.target), None)
        slate = _Slate.of(state, variant, carried)
        if deal.solo is not None:
            slate.solo(deal.solo, by_card_points)
        if by_card_points:
            if deal.solo is None:  # melds in a solo deal are ignored (B13)
                slate.melds(deal)
            slate.card_points(deal)
        new = slate.state_after(state, deal)
        return Step(state=new, events=tuple(slate.events))


BAUERCHEN = Bauerchen()
"""The module's singleton engine, registered as ``scoring.games["bauerchen"]``."""
