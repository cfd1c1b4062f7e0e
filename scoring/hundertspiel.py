"""Hundertspiel (Vienna 1829): validation and scoring of entered deals.

*Das Hundertspiel*, §§1–56, in *Neuestes allgemeines Spielbuch*, Vienna 1829 ("Hundertspiel 1829,
§N"), as set out in the Scoring specification §3 with the binding decisions of its §7.

Four players in two parties, partners opposite: seats A B C D in clockwise (playing) order, parties
**AC** and **BD**, each keeping one joint account (§27). 36-card Trappola pack; every deal is worth
72 card points (Aß 6, König 5, Cavall 4, Bube 3) plus 6 for the last trick, plus declarations and Do
bonuses. The party that first counts 100 wins the *partie* and each of its players receives one
**Marke** from his opposite number (two in a *Matsch*, when the losers have not reached 50). The
three-player variant (``variant = "three"``, §51–§55) has each player scoring for himself, seats
A B C.

Units: *points* (partie points counted towards 100; card points are the 72 of them in tricks) and
*Marken* (the money unit, per player; their sum over the table is always 0).

Entries (Scoring specification §3.5), JSON-like dicts:

* minimal: ``{"dealer": "A", "points": {"AC": 46, "BD": 48}}``, optionally with
  ``"announcement": {"player": "C", "type": 26, "contra": 1, "made": true}`` (one object, or a list
  of at most one per party, §7) and ``"end": {"claimant": "BD", "old": {"AC": 9, "BD": 16}}`` (a
  party declared out during the deal; ``old`` = counted in this deal up to the claim; optional
  ``new`` = the rest, which must equal ``points - old``), ``"confirm_false_claim": true``;
* full: ``points`` replaced (or accompanied, then they must agree) by ``"card_points": {"AC": 40,
  "BD": 32}``, ``"last_trick": "BD"``, ``"declarations": [{"player": "C", "kind": "kings3"}]`` and
  ``"do_tricks": [{"trick": 4, "player": "B", "trump_do": false}]``;
* ``"close": true`` closes the session after the deal (§56; an entry of only ``{"close": true}``
  closes it without a deal); a partie still open is settled by ``unfinished_partie``.

With ``variant = "three"`` every party key is a seat (``{"A": 30, "B": 20, "C": 40}``), and "trick
9" reads "the last trick", trick 12 (§7).

The Scat variants (Scoring specification §3.8; §42–§50, §53): ``variant = "scat4"`` (four
players, a Scat of 4 cards, 8 tricks) and ``variant = "three"`` with ``scat = true`` (a Scat of 3,
11 tricks). The entry adds ``"contract": {"player": "C", "suit": "bastoni", "from_hand": true}``
(a 26 announced from the hand, or ``from_hand: false`` when the Scat was bought; left out when
nobody announced or bought) and ``"scat_points"`` (the Scat's card points, already part of the
card points of the contract's party, or of the last trick's party without a contract). The
contract is the deal's announcement: only its player announces (a contract alone is his 26
without Contra), and it pays the suit's value (``suit_values``) per player, twice for a 52,
doubled per Contra level (ambiguity C13). "Trick 9" reads the last trick (8 or 11).

Event kinds (:class:`scoring.base.Event`; ``seats`` in playing order):

* ``"deal_points"`` — what each account counted in the deal; figures ``points`` (account → points),
  ``card_points`` (full entry, else ``None``), ``contract`` (``{player, suit, from_hand}`` of a
  Scat game, else ``None``) and ``scat_points`` (``None`` unless entered).
* ``"announcement"`` — an announced Sechsundzwanziger/Zweiundfünfziger settled; seats = the
  announcer; figures ``type`` (26/52), ``contra`` (0–3), ``made``, ``marks`` (per player),
  ``winners`` (the accounts paid), ``suit`` (the contract's suit in a Scat game, else ``None``).
* ``"silent_announcement"`` — an unannounced 26/52 paid Marken (``silent_26_pays_marks``); seats =
  the player; figures ``type``, ``marks``.
* ``"claim"`` — an account declared out; seats = its players; figures ``claimant``, ``at``
  (account → points at the claim), ``old``, ``new`` (carried to the new partie), ``valid``.
* ``"false_claim"`` — the claim was below the target (§30); seats = the claimant's players;
  figures ``at``, ``marks``.
* ``"vorhand_rule"`` — several accounts reached the target without a claim (§29); figures
  ``reached`` (accounts), ``winner``.
* ``"partie_won"`` — seats = the winners; figures ``winner`` (account), ``by`` (``"claim"``,
  ``"count"``, ``"vorhand"``, ``"false_claim"`` or ``"close"``), ``at`` (account → points),
  ``matsch`` (bool), ``marks`` (per winning player), ``partie`` (its number).
* ``"matsch"`` — seats = the players in the Matsch (below ``matsch_threshold``); figures
  ``partie``, ``at``.
* ``"alt_und_neu"`` — points carried to the new partie; figures ``new``; or, with an announcement
  in the deal, ``forbidden: true`` and nothing carried (§34).
* ``"partie_abandoned"`` — the session closed with a partie open (``unfinished_partie =
  abandon``, or a tie); figures ``at``.
* ``"session_closed"`` — the session is over; any further deal is ``MATCH_OVER``.
* ``"unit_over"`` — the tournament round at the table is over (``parties_per_round`` parties
  decided, or the session closed); figures ``parties``.

Tie-breaks (``Hundertspiel.tiebreaks``, Scoring specification §3.9): ``"parties_won"``,
``"matsch_wins"``, ``"partie_points_diff"`` (partie points scored − conceded), ``"lot"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
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
from scoring.checks import entry_object, next_seat, rotation_warnings, shown, whole_number, within
from scoring.options import check_values, freeze, is_int, number_map, read_options

SOURCE_PARTIE = "Hundertspiel 1829, §25"
SOURCE_MATSCH = "Hundertspiel 1829, §26"
SOURCE_VORHAND = "Hundertspiel 1829, §29"
SOURCE_FALSE_CLAIM = "Hundertspiel 1829, §30"
SOURCE_ANNOUNCED = "Hundertspiel 1829, §31–§33"
SOURCE_ALT_UND_NEU = "Hundertspiel 1829, §34"
SOURCE_POINTS = "Hundertspiel 1829, §19–§24"
SOURCE_SILENT = "Scoring specification §3.4, unannounced 26/52 (option silent_26_pays_marks)"
SOURCE_CLOSE = "Hundertspiel 1829, §56; Scoring specification §3.9"
SOURCE_UNIT = "Scoring specification §3.9, tournament standing"

CARD_POINTS = 72
"""Card points in the pack: 4 × (Aß 6 + König 5 + Cavall 4 + Bube 3) (§19)."""
LAST_TRICK = 6
"""Points for the last trick (§19)."""
MAX_DEAL_POINTS = 292
"""The most points one deal can give both accounts together: 78 + 96 declarations + 118 Do
bonuses (Scoring specification §3.6 HS-V8)."""
UNREACHABLE_CARD_POINTS = frozenset({1, 2, 70, 71})
"""Card totals no pile of Trappola cards can have (the smallest figure is the Bube, 3; §3.2)."""
UNREACHABLE_EXTRAS = frozenset({2, 4, 8, 14, 200, 206, 210, 212})
"""Values of Σ − 78 no combination of declarations and Do bonuses makes (§3.2 and §7)."""

DECLARATIONS: Mapping[str, tuple[str, int]] = MappingProxyType(
    {
        "aces3": ("aces", 30),
        "aces4": ("aces", 40),
        "dos3": ("dos", 10),
        "dos4": ("dos", 20),
        "kings3": ("kings", 6),
        "kings4": ("kings", 12),
        "cavalls3": ("cavalls", 6),
        "cavalls4": ("cavalls", 12),
        "bubes3": ("bubes", 6),
        "bubes4": ("bubes", 12),
    }
)
"""Declaration kind → (rank, points) (§20): three Aces 30, four 40; three Do's 10, four 20; three
Kings, Cavalls or Buben 6, four 12."""
_DECLARATION_ALIASES = {"buben3": "bubes3", "buben4": "bubes4"}


@cache
def scat_values(cards: int, bought: bool) -> frozenset[int]:
    """Card points a Scat of ``cards`` cards can hold (§19): any cards when it lay untouched,
    no King or Ace among a buyer's discards (§44). Each value 3–6 has four cards, so any
    ``cards`` ≤ 4 of them may repeat."""
    values = (0, 3, 4) if bought else (0, 3, 4, 5, 6)
    return frozenset(map(sum, combinations_with_replacement(values, cards)))


DO_TRICK = 10
"""A trick won with a Do (§22)."""
FIRST_TRICK_TRUMP_DO = 52
"""The first trick won with the trump Do, in place of the 10 (§21, ambiguity C5)."""
RUN_BONUS: Mapping[int, int] = MappingProxyType({1: 20, 2: 46, 3: 66})
"""Bonus for the last 1/2/3 tricks won with Do's by one player; with the last trick's 6 they make
the Sechsundzwanziger, Zweiundfünfziger and the 72 (§22–§24, ambiguity C4)."""
ANNOUNCED_MARKS: Mapping[int, int] = MappingProxyType({26: 2, 52: 4})
"""Marken per player for an announced 26 / 52 without Contra; each Contra level doubles
(§31–§33, ambiguity C7)."""

ENTRY_KEYS = frozenset(
    {
        "dealer",
        "points",
        "card_points",
        "last_trick",
        "declarations",
        "do_tricks",
        "announcement",
        "end",
        "confirm_false_claim",
        "close",
        "trump",
        "contract",
        "scat_points",
    }
)
"""Every key a deal entry may have (``trump`` is informational only, ambiguity C11;
``contract`` and ``scat_points`` belong to the Scat variants, §3.8)."""

_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "variant": ("basic", "three", "scat4"),
        "false_claim_payment": ("single", "as_matsch_if_below_50"),
        "unfinished_partie": ("abandon", "leader_wins_single"),
    }
)
_BOOLEANS = ("alt_und_neu", "silent_26_pays_marks", "scat")
_ON_OFF = MappingProxyType({"on": True, "off": False})
"""The spelling of the yes/no options in the specification's table (§3.10)."""
_INTEGERS = {"matsch_threshold": 0, "target": 1, "parties_per_round": 0}
SUITS: tuple[str, ...] = ("spadi", "denari", "coppi", "bastoni")
"""The Trappola suits (§3): Spadi, Denari, Coppi, Bastoni."""
DEFAULT_SUIT_VALUES: Mapping[str, int] = MappingProxyType(
    {"spadi": 1, "denari": 2, "coppi": 3, "bastoni": 4}
)
"""Suit values of the Scat variant (§46; the Bastoni Do is "der gute Maxel")."""


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hundertspiel session (Scoring specification §3.10); fixed at the
    start.

    Raises:
        InvalidVariant: a value of the wrong type or out of range (``INVALID_OPTION_VALUE``), an
            unknown suit in ``suit_values`` (``UNKNOWN_OPTION``), or ``scat`` without
            ``variant = "three"`` (``INVALID_OPTION_VALUE``).
    """

    contra_levels: int = 1
    """1: Contra only (the author's "original" method, default); 3: Recontra and Supracontra too
    (§10, ambiguity C7)."""
    alt_und_neu: bool = True
    """After a claim during a deal, the rest of the deal counts for the new partie (§34; default
    on)."""
    silent_26_pays_marks: bool = False
    """An unannounced 26/52 also earns the Marken of an announced one (default off, C6)."""
    matsch_threshold: int = 50
    """Matsch when the losers are below this many points as the winners reach the target (§26)."""
    target: int = 100
    """Points that win the partie (≥, ambiguity C1; default 100)."""
    false_claim_payment: str = "single"
    """A false claim pays a single Marke (``"single"``, default, C10), or two when the false
    claimant is below ``matsch_threshold`` (``"as_matsch_if_below_50"``)."""
    variant: str = "basic"
    """``"basic"`` (four players, default), ``"three"`` (three players, each for himself, §51–§55),
    ``"scat4"`` (four with a Scat of four cards, §42–§50; Scoring specification §3.8a)."""
    scat: bool = False
    """With ``variant = "three"``: with a Scat of three cards (§53; Scoring specification
    §3.8b). ``scat4`` always has its Scat; ``scat`` may then be left alone or set true."""
    suit_values: Mapping[str, int] = field(default_factory=lambda: DEFAULT_SUIT_VALUES)
    """Marken per player of a 26 played in each suit in the Scat variants (§46; a 52 pays
    twice that, each Contra level doubles, ambiguity C13)."""
    unfinished_partie: str = "abandon"
    """A partie still open when the session closes: ``"abandon"`` without payment (default, C14)
    or ``"leader_wins_single"`` (the account ahead wins a single Marke)."""
    parties_per_round: int = 2
    """The table's tournament round is over once this many parties are decided (default 2; 0:
    only when the session closes)."""

    def __post_init__(self) -> None:
        if self.contra_levels not in (1, 3) or not is_int(self.contra_levels):
            raise InvalidVariant(
                "contra_levels",
                "INVALID_OPTION_VALUE",
                f"contra_levels must be 1 or 3, not {self.contra_levels!r}",
            )
        check_values(self, integers=_INTEGERS, choices=_CHOICES, booleans=_BOOLEANS)
        values = number_map(
            "suit_values", self.suit_values, DEFAULT_SUIT_VALUES, minimum=1, normalise=str.lower
        )
        object.__setattr__(self, "suit_values", values)
        if self.scat and self.variant == "basic":
            raise InvalidVariant(
                "scat",
                "INVALID_OPTION_VALUE",
                "scat applies to the three-player variant (the four-player one is scat4)",
            )

    def __hash__(self) -> int:
        return hash(
            tuple(
                (k, tuple(sorted(v.items())) if isinstance(v, Mapping) else v)
                for k, v in self.as_dict().items()
            )
        )

    @property
    def players(self) -> int:
        """Players at the table: 3 for ``variant = "three"``, else 4."""
        return 3 if self.variant == "three" else 4

    @property
    def has_scat(self) -> bool:
        """A Scat is laid aside (``scat4``, or ``three`` with ``scat``; §42, §53)."""
        return self.variant == "scat4" or self.scat

    @property
    def scat_cards(self) -> int:
        """Cards in the Scat: 4 with four players (§42), 3 with three (§53), else 0."""
        if not self.has_scat:
            return 0
        return 4 if self.players == 4 else 3

    @property
    def tricks(self) -> int:
        """Tricks per deal = cards per hand: 36 less the Scat, shared out (§4, §42, §53): 9
        (basic), 8 (``scat4``), 12 (three), 11 (three with Scat)."""
        return (36 - self.scat_cards) // self.players

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        The yes/no options also take ``"on"`` / ``"off"``, as §3.10 spells them.

        Raises:
            InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have (the game has
                no presets), or as :class:`Variant`.
        """
        options = read_options(cls, options)
        for name in _BOOLEANS:
            # §3.10 lists these options' values as "on / off".
            if options.get(name) in _ON_OFF:
                options[name] = _ON_OFF[options[name]]
        return cls(**options)

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {
            name: dict(value) if isinstance(value, Mapping) else value
            for name, value in ((f, getattr(self, f)) for f in self.__dataclass_fields__)
        }


class Table(NamedTuple):
    """Who scores together at a table: the accounts (parties AC BD, or each of three players)."""

    seats: tuple[str, ...]
    accounts: tuple[str, ...]
    members: Mapping[str, tuple[str, ...]]
    account_of: Mapping[str, str]

    def opponents(self, account: str) -> tuple[str, ...]:
        """The other accounts, in seat order."""
        return tuple(a for a in self.accounts if a != account)


def table_of(seats: Sequence[str]) -> Table:
    """The accounts of a table: with four seats the parties of partners opposite (AC, BD; §1–§2,
    §27), with three each player for himself (§52)."""
    seats = tuple(seats)
    accounts: tuple[str, ...]
    members: dict[str, tuple[str, ...]]
    if len(seats) == 4:
        accounts = (seats[0] + seats[2], seats[1] + seats[3])
        members = {accounts[0]: (seats[0], seats[2]), accounts[1]: (seats[1], seats[3])}
    else:
        accounts = seats
        members = {s: (s,) for s in seats}
    account_of = {s: a for a, group in members.items() for s in group}
    return Table(seats, accounts, MappingProxyType(members), MappingProxyType(account_of))


@dataclass(frozen=True)
class HundertspielState:
    """The derived state of one Hundertspiel table after a deal; immutable.

    Mappings are read-only and keyed by account (``"AC"``, ``"BD"``; seats with three players) or
    by seat, in seat order.
    """

    seats: tuple[str, ...]
    """Seat labels in clockwise playing order (``("A", "B", "C", "D")`` or ``("A", "B", "C")``)."""
    variant: Variant = field(default_factory=Variant, repr=False)
    """The house rules the state was derived under."""
    deals: int = 0
    """Entries applied so far in the session."""
    run: Mapping[str, int] = field(default_factory=dict)
    """Points of the partie being played, per account (the slate's two columns)."""
    marks: Mapping[str, int] = field(default_factory=dict)
    """Net Marken per seat over the session; they sum to 0."""
    partie: int = 1
    """Number of the partie being played, 1-based."""
    parties_decided: int = 0
    """Parties decided (won, lost by a false claim, or settled at the close) in the session."""
    parties_won: Mapping[str, int] = field(default_factory=dict)
    """Parties won per account."""
    matsch_wins: Mapping[str, int] = field(default_factory=dict)
    """Parties won with a Matsch, per account."""
    points_for: Mapping[str, int] = field(default_factory=dict)
    """Partie points credited per account over the session (what went onto the slate, carried
    points included, discarded remainders not)."""
    dealer: str | None = None
    """The last deal's dealer."""
    deal_points: Mapping[str, int] | None = None
    """What each account counted in the last deal, all items included (the "deal points" of the
    specification's examples, §3.12); ``None`` before the first deal and after an entry that only
    closed the session."""
    closed: bool = False
    """The session is over (§56); any further deal is ``MATCH_OVER``."""
    unit_over: bool = False
    """The table's tournament round is over (``parties_per_round`` parties decided, or the session
    closed). The engine keeps scoring deals after it; refusing them is the web layer's
    business."""
    unit: Mapping[str, Any] | None = None
    """The round's figures frozen when ``unit_over`` became true (``marks``, ``parties_won``,
    ``matsch_wins``, ``points_for``), else ``None``."""

    @property
    def table(self) -> Table:
        """The accounts at this table."""
        return table_of(self.seats)

    @property
    def next_dealer(self) -> str | None:
        """Who should deal next (the previous Vorhand), ``None`` before the first deal."""
        return expected_dealer(self)

    @property
    def account_rows(self) -> tuple[tuple[str, tuple[str, ...], int, int], ...]:
        """For the slate: (account, its seats, points in the partie, parties won), in seat
        order."""
        table = self.table
        return tuple(
            (a, table.members[a], self.run[a], self.parties_won[a]) for a in table.accounts
        )

    def _figures(self) -> Mapping[str, Any]:
        if self.unit is not None:
            return self.unit
        return {
            "marks": self.marks,
            "parties_won": self.parties_won,
            "matsch_wins": self.matsch_wins,
            "points_for": self.points_for,
        }

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order, what the standings rank by (Scoring specification §3.9).

        ``score`` = the seat's net Marken in the tournament round (more is better); ``figures``:
        ``parties_won`` and ``matsch_wins`` of the seat's account, ``partie_points_diff`` = its
        partie points − the opponents' (with three players: twice its own − the other two's).
        """
        table = self.table
        figures = self._figures()
        points = figures["points_for"]
        results = []
        for seat in self.seats:
            account = table.account_of[seat]
            opponents = table.opponents(account)
            diff = len(opponents) * points[account] - sum(points[o] for o in opponents)
            results.append(
                SeatResult(
                    seat=seat,
                    score=figures["marks"][seat],
                    figures={
                        "parties_won": figures["parties_won"][account],
                        "matsch_wins": figures["matsch_wins"][account],
                        "partie_points_diff": diff,
                    },
                )
            )
        return tuple(results)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data (what ``python -m scoring replay`` prints per deal)."""
        return {
            "accounts": list(self.table.accounts),
            "run": dict(self.run),
            "marks": dict(self.marks),
            "partie": self.partie,
            "parties_decided": self.parties_decided,
            "parties_won": dict(self.parties_won),
            "matsch_wins": dict(self.matsch_wins),
            "points_for": dict(self.points_for),
            "closed": self.closed,
            "unit_over": self.unit_over,
            "deals": self.deals,
            "dealer": self.dealer,
            "deal_points": None if self.deal_points is None else dict(self.deal_points),
        }


class Announcement(NamedTuple):
    """An announced (laid-down) Sechsundzwanziger or Zweiundfünfziger (§8–§11)."""

    player: str
    account: str
    type: int
    contra: int
    made: bool
    stake: int
    """Marken per player before Contra: 2 for a 26, 4 for a 52 (§31, §33); in the Scat variants
    the contract suit's value, twice that for a 52 (§46, ambiguity C13)."""


class Contract(NamedTuple):
    """The game played in a Scat variant: a 26 announced from the hand in a suit, or the Scat
    bought and a suit named (§43–§48)."""

    player: str
    account: str
    suit: str
    from_hand: bool


class Claim(NamedTuple):
    """A party (player) declaring out during the deal (§25, §34)."""

    claimant: str
    old: Mapping[str, int]
    new: Mapping[str, int] | None


class DoTrick(NamedTuple):
    """A trick won with a Do (§18, ambiguity C3)."""

    trick: int
    player: str
    trump_do: bool


class Deal(NamedTuple):
    """A parsed entry (step 1 of a deal): what the legality check and the scoring read.

    Points are partie points per account (``"AC"``, ``"BD"``; seats with three players), card
    points the 72 in the tricks (the Scat's included, §49). An entry that only closes the session
    (§56) is ``Deal(None, None, None, (), None, False, True, None)``: no dealer, no points.
    """

    dealer: str | None
    """The seat that dealt; ``None`` only when the entry just closes the session."""
    points: Mapping[str, int] | None
    """Partie points per account for the whole deal: the minimal entry's, or worked out from the
    full entry (``deal_points``); ``None`` only when the entry just closes the session."""
    card_points: Mapping[str, int] | None
    """Card points per account of a full entry (they add up to 72), else ``None``."""
    announcements: tuple[Announcement, ...]
    """The announced 26s and 52s, at most one per account (§8–§11, §31–§33)."""
    claim: Claim | None
    """The account that declared out during the deal, with the split of its points (§25, §34)."""
    confirm_false_claim: bool
    """The table confirms a claim below the target as a false claim (§30)."""
    close: bool
    """The session closes after this deal (§56)."""
    silent: tuple[str, int] | None
    """(player, 26 or 52) of an unannounced run of Do's in the last tricks (full entry only)."""
    contract: Contract | None = None
    """The Scat variants' contract, ``None`` without one (or without a Scat)."""
    scat_points: int | None = None
    """Card points of the Scat (included in its holder's card points), when entered."""


def _do_run(do_tricks: Sequence[DoTrick], last: int) -> tuple[str | None, int]:
    """The player who won the last trick with a Do and how many of the last tricks (at most 3) he
    won with Do's in a row (§22–§24)."""
    by_trick = {t.trick: t for t in do_tricks}
    if last not in by_trick:
        return None, 0
    player = by_trick[last].player
    run = 1
    while run < 3 and (t := by_trick.get(last - run)) is not None and t.player == player:
        run += 1
    return player, run


def deal_points(
    card_points: Mapping[str, int],
    last_trick: str,
    declarations: Sequence[tuple[str, str]],
    do_tricks: Sequence[DoTrick],
    table: Table,
    tricks: int = 9,
) -> dict[str, int]:
    """Points per account from a full entry (Scoring specification §3.7, ``deal_points``).

    ``card_points``: account → card points; ``last_trick``: the account that took it;
    ``declarations``: (player, kind); ``do_tricks``: the tricks won with a Do; ``tricks``: the
    number of the last trick. Card points + 6 for the last trick + declarations (§20) + Do
    bonuses: the run of last tricks won with Do's by one player earns 20 / 46 / 66 (with the 6 the
    26, 52, 72 of §22–§24), every other Do trick 10, or 52 for the first trick won with the trump
    Do (§21).
    """
    points = {a: card_points[a] for a in table.accounts}
    points[last_trick] += LAST_TRICK
    for player, kind in declarations:
        points[table.account_of[player]] += DECLARATIONS[kind][1]
    runner, run = _do_run(do_tricks, tricks)
    covered = set(range(tricks - run + 1, tricks + 1))
    if runner is not None:
        points[table.account_of[runner]] += RUN_BONUS[run]
    for trick in do_tricks:
        if trick.trick in covered:
            continue
        bonus = FIRST_TRICK_TRUMP_DO if trick.trick == 1 and trick.trump_do else DO_TRICK
        points[table.account_of[trick.player]] += bonus
    return points


def expected_dealer(state: HundertspielState) -> str | None:
    """Who should deal next: the previous Vorhand, i.e. the next seat clockwise after the last
    dealer (ambiguity C11); ``None`` before the first deal."""
    if state.dealer is None or state.dealer not in state.seats:
        return None
    return next_seat(state.seats, state.dealer)


def priority(seats: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The seats from Vorhand (left of the dealer) to the dealer (§4, §29, ambiguity C12)."""
    return tuple(next_seat(seats, dealer, step) for step in range(1, len(seats) + 1))


def priority_winner(reached: Sequence[str], dealer: str, table: Table) -> str:
    """Of the accounts that reached the target without a claim, the one nearest Vorhand
    (§29; three players: Vorhand → Mittelhand → dealer, ambiguity C12)."""
    for seat in priority(table.seats, dealer):
        if table.account_of[seat] in reached:
            return table.account_of[seat]
    raise AssertionError("no account reached the target")


# -- parse: the entry's form, HS-V1 … HS-V9 (Scoring specification §3.6, §3.8 and §7) -----------


def _unit_word(table: Table) -> str:
    """What an account is called: a party with four players, a player with three."""
    return "party" if len(table.seats) == 4 else "player"


def _boolean(
    entry: Mapping[str, Any], name: str, field: str | None = None, default: bool = False
) -> bool:
    """The yes/no field ``name`` of ``entry``, ``default`` when absent or null.

    Raises:
        InvalidDeal: ``NOT_A_BOOLEAN`` on ``field`` (default ``name``), ``params["value"]`` the
            input.
    """
    value = entry.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise InvalidDeal(
            field or name,
            "NOT_A_BOOLEAN",
            f"{name} must be true or false, not {value!r}",
            value=shown(value),
        )
    return value


def _seat(field: str, value: Any, table: Table) -> str:
    """A player named by his seat.

    Raises:
        InvalidDeal: ``MISSING_PLAYER`` (nobody named) or ``UNKNOWN_PLAYER`` (no seat at the
            table, ``params["seats"]`` the input) on ``field``.
    """
    if value is None:
        raise InvalidDeal(field, "MISSING_PLAYER", f"{field} must name a player", seats=[])
    if not isinstance(value, str) or value not in table.seats:
        raise InvalidDeal(
            field,
            "UNKNOWN_PLAYER",
            f"{value!r} is not a seat ({', '.join(table.seats)})",
            seats=[shown(value)],
        )
    return value


def _account(value: Any, table: Table) -> str | None:
    """An account from its name, or from one of its seats (a player speaking for his party);
    ``None`` for anything else."""
    if not isinstance(value, str):
        return None
    if value in table.accounts:
        return value
    return table.account_of.get(value)


def _account_map(name: str, values: Any, table: Table) -> Mapping[str, Any]:
    """HS-V1: ``values`` once it maps exactly the accounts (to anything yet).

    Raises:
        InvalidDeal: on ``name``: ``MISSING_PLAYER`` when it is no object or an account is
            missing, ``UNKNOWN_PLAYER`` for keys that are no account.
    """
    if not isinstance(values, Mapping):
        raise InvalidDeal(
            name,
            "MISSING_PLAYER",
            f"{name} must map each {_unit_word(table)} ({', '.join(table.accounts)}) to a "
            f"number, not {values!r}",
            seats=list(table.accounts),
        )
    unknown = [k for k in values if k not in table.accounts]
    if unknown:
        raise InvalidDeal(
            name,
            "UNKNOWN_PLAYER",
            f"{', '.join(map(repr, unknown))} is not a {_unit_word(table)} at this table "
            f"({', '.join(table.accounts)})",
            seats=[shown(k) for k in unknown],
        )
    missing = [a for a in table.accounts if a not in values]
    if missing:
        raise InvalidDeal(
            name, "MISSING_PLAYER", f"no {name} entered for {', '.join(missing)}", seats=missing
        )
    return values


def _dealer(value: Any, table: Table) -> str:
    """HS-V1: the dealer is required, a seat at the table (he decides who is in Vorhand, §29).

    Raises:
        InvalidDeal: ``MISSING_PLAYER`` or ``UNKNOWN_PLAYER`` on ``dealer``.
    """
    if value is None:
        raise InvalidDeal(
            "dealer",
            "MISSING_PLAYER",
            "the dealer is required: he decides who is in Vorhand (§29)",
            seats=list(table.seats),
        )
    if not isinstance(value, str) or value not in table.seats:
        raise InvalidDeal(
            "dealer",
            "UNKNOWN_PLAYER",
            f"dealer {value!r} is not a seat ({', '.join(table.seats)})",
            seats=[shown(value)],
        )
    return value


def _point_maps(
    entry: Mapping[str, Any], table: Table
) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None]:
    """HS-V1: the minimal ``points`` and the full ``card_points``, at least one of them, each
    keyed by exactly the accounts (values unchecked yet).

    Raises:
        InvalidDeal: ``MISSING_PLAYER`` on ``points`` when both are missing; as
            :func:`_account_map`.
    """
    points = entry.get("points")
    card_points = entry.get("card_points")
    if points is None and card_points is None:
        raise InvalidDeal(
            "points",
            "MISSING_PLAYER",
            f"enter the deal points per {_unit_word(table)} ({', '.join(table.accounts)}) or "
            "the card points",
            seats=list(table.accounts),
        )
    if points is not None:
        points = _account_map("points", points, table)
    if card_points is not None:
        card_points = _account_map("card_points", card_points, table)
    return points, card_points


def _card_points(values: Mapping[str, Any], table: Table) -> dict[str, int]:
    """HS-V2, HS-V3: card points per account, each 0–72, adding up to 72, none of the totals no
    pile of Trappola cards has (1, 2, 70, 71; §19).

    Raises:
        InvalidDeal: ``NOT_AN_INTEGER`` or ``OUT_OF_RANGE`` on ``card_points.<account>``,
            ``SUM_MISMATCH`` on ``card_points``, ``UNREACHABLE_VALUE`` on
            ``card_points.<account>``.
    """
    card_points: dict[str, int] = {}
    for account in table.accounts:
        where = f"card_points.{account}"
        value = whole_number(values[account], where, where)
        card_points[account] = within(value, where, f"card points of {account}", 0, CARD_POINTS)
    total = sum(card_points.values())
    if total != CARD_POINTS:
        raise InvalidDeal(
            "card_points",
            "SUM_MISMATCH",
            f"the card points add up to {total}, not {CARD_POINTS}",
            total=total,
            expected=CARD_POINTS,
        )
    for account, value in card_points.items():
        if value in UNREACHABLE_CARD_POINTS:
            raise InvalidDeal(
                f"card_points.{account}",
                "UNREACHABLE_VALUE",
                f"no pile of Trappola cards is worth exactly {value} ({account}); the smallest "
                "figure is the Bube, 3",
                value=value,
            )
    return card_points


def _last_trick(value: Any, table: Table) -> str:
    """HS-V4: exactly one account took the last trick (named by the account or a seat).

    Raises:
        InvalidDeal: ``LAST_TRICK_INVALID`` on ``last_trick``.
    """
    account = _account(value, table)
    if account is None:
        raise InvalidDeal(
            "last_trick",
            "LAST_TRICK_INVALID",
            f"last_trick must name the one {_unit_word(table)} that took it "
            f"({', '.join(table.accounts)}), not {value!r}",
            value=shown(value),
        )
    return account


def _scat_only(name: str, variant: Variant) -> None:
    """Scoring specification §3.8: ``name`` is entered only in the Scat variants.

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` on ``name`` without a Scat.
    """
    if not variant.has_scat:
        raise InvalidDeal(
            name,
            "OPTION_DISABLED",
            f"{name} belongs to the Scat variants (variant scat4, or three with scat)",
            option="variant",
        )


def _trappola_suit(value: Any) -> str:
    """One of the Trappola :data:`SUITS` by its name, in any case (§3, §46).

    Raises:
        InvalidDeal: ``UNKNOWN_SUIT`` on ``contract.suit``.
    """
    suit = value.lower() if isinstance(value, str) else None
    if suit is None or suit not in DEFAULT_SUIT_VALUES:
        raise InvalidDeal(
            "contract.suit",
            "UNKNOWN_SUIT",
            f"{value!r} is not a suit; the suits are {', '.join(SUITS)}",
            value=shown(value),
        )
    return suit


def _contract(value: Any, table: Table, variant: Variant) -> Contract | None:
    """The Scat game's contract ``{player, suit, from_hand}`` (§43–§48; Scoring specification
    §3.8): a seat, one of the four suits, and whether the 26 was announced from the hand (true,
    the default) or the Scat bought (false). ``None``: nobody announced or bought (ambiguity
    C13).

    Raises:
        InvalidDeal: ``OPTION_DISABLED`` without a Scat; ``INVALID_ENTRY`` on ``contract`` when
            it is no object; as :func:`_seat`, ``UNKNOWN_SUIT``, ``NOT_A_BOOLEAN`` on its fields.
    """
    if value is None:
        return None
    _scat_only("contract", variant)
    if not isinstance(value, Mapping):
        raise InvalidDeal(
            "contract",
            "INVALID_ENTRY",
            f"contract must be {{player, suit, from_hand}}, not {value!r}",
        )
    player = _seat("contract.player", value.get("player"), table)
    suit = _trappola_suit(value.get("suit"))
    from_hand = _boolean(value, "from_hand", "contract.from_hand", default=True)
    return Contract(player, table.account_of[player], suit, from_hand)


def _scat_points(
    value: Any,
    contract: Contract | None,
    card_points: Mapping[str, int] | None,
    last_trick: str | None,
    table: Table,
    variant: Variant,
) -> int | None:
    """The Scat's card points (Scoring specification §3.8): what a Scat of its size can hold
    (:func:`scat_values`; a buyer lays away no King or Ace, §44), and no more than the card points
    of the account it counts for: the contract's player (§49), else the one that took the last
    trick (ambiguity C13). ``None`` when not entered.

    Raises:
        InvalidDeal: on ``scat_points``: ``OPTION_DISABLED`` without a Scat, ``NOT_AN_INTEGER``,
            ``OUT_OF_RANGE``, ``UNREACHABLE_VALUE``, then ``OUT_OF_RANGE`` above the holder's
            card points.
    """
    if value is None:
        return None
    _scat_only("scat_points", variant)
    points = whole_number(value, "scat_points", "scat_points")
    bought = contract is not None and not contract.from_hand
    possible = scat_values(variant.scat_cards, bought)
    laid_away = " laid away by the buyer" if bought else ""
    what = f"the card points of a Scat of {variant.scat_cards} cards{laid_away}"
    within(points, "scat_points", what, 0, max(possible))
    if points not in possible:
        raise InvalidDeal(
            "scat_points",
            "UNREACHABLE_VALUE",
            f"no Scat of {variant.scat_cards} cards"
            + (" without King or Ace" if bought else "")
            + f" is worth exactly {points}",
            value=points,
        )
    holder = contract.account if contract is not None else last_trick
    if card_points is not None and holder is not None:
        within(
            points,
            "scat_points",
            f"the card points of the Scat, part of {holder}'s card points,",
            0,
            card_points[holder],
        )
    return points


def _declarations(value: Any, table: Table) -> list[tuple[str, str]]:
    """HS-V5: the declarations as (player, kind): known kinds (``buben3``/``buben4`` read as
    ``bubes3``/``bubes4``), at most one declaration per rank (§20).

    Raises:
        InvalidDeal: ``UNKNOWN_DECLARATION`` (not a list, an item no object, an unknown kind),
            as :func:`_seat` on ``declarations.<i>.player``, ``DUPLICATE_DECLARATION``.
    """
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise InvalidDeal(
            "declarations",
            "UNKNOWN_DECLARATION",
            f"declarations must be a list of {{player, kind}}, not {value!r}",
        )
    found: list[tuple[str, str]] = []
    ranks: dict[str, str] = {}
    for index, item in enumerate(value):
        where = f"declarations.{index}"
        player, kind = _declaration(where, item, table)
        rank = DECLARATIONS[kind][0]
        if rank in ranks:
            raise InvalidDeal(
                where,
                "DUPLICATE_DECLARATION",
                f"{rank} are declared twice ({ranks[rank]} and {player} {kind}); there are only "
                "four of each",
                rank=rank,
            )
        ranks[rank] = f"{player} {kind}"
        found.append((player, kind))
    return found


def _declaration(where: str, item: Any, table: Table) -> tuple[str, str]:
    """HS-V5: one declaration ``{player, kind}`` at ``where`` (``declarations.<i>``)."""
    if not isinstance(item, Mapping):
        raise InvalidDeal(
            where, "UNKNOWN_DECLARATION", f"a declaration must be {{player, kind}}, not {item!r}"
        )
    player = _seat(f"{where}.player", item.get("player"), table)
    raw = item.get("kind")
    kind = _DECLARATION_ALIASES.get(raw, raw) if isinstance(raw, str) else None
    if kind is None or kind not in DECLARATIONS:
        raise InvalidDeal(
            f"{where}.kind",
            "UNKNOWN_DECLARATION",
            f"unknown declaration {raw!r}; known: {', '.join(DECLARATIONS)}",
            value=shown(raw),
        )
    return player, kind


def _do_tricks(
    value: Any,
    declarations: Sequence[tuple[str, str]],
    last_trick: str | None,
    table: Table,
    variant: Variant,
) -> list[DoTrick]:
    """HS-V6: at most four Do tricks on distinct tricks, one trump Do, agreeing with the Do
    declarations and with the last trick (§18, §20–§24, ambiguity C3).

    Raises:
        InvalidDeal: ``TOO_MANY_DO_TRICKS`` (not a list, more than four, an item no object, a
            trick twice, two trump Do's), ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, as :func:`_seat`,
            ``NOT_A_BOOLEAN`` on an item's fields; ``DECLARATION_CONFLICT``;
            ``LAST_TRICK_INVALID``.
    """
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise InvalidDeal(
            "do_tricks",
            "TOO_MANY_DO_TRICKS",
            f"do_tricks must be a list of {{trick, player, trump_do}}, not {value!r}",
        )
    if len(value) > 4:
        raise InvalidDeal(
            "do_tricks",
            "TOO_MANY_DO_TRICKS",
            f"{len(value)} Do tricks entered; there are only four Do's",
            total=len(value),
            maximum=4,
        )
    found: list[DoTrick] = []
    for index, item in enumerate(value):
        found.append(_do_trick(f"do_tricks.{index}", item, found, table, variant))
    _check_do_declarations(found, declarations)
    _check_last_do_trick(found, last_trick, table, variant)
    return found


def _do_trick(
    where: str, item: Any, before: Sequence[DoTrick], table: Table, variant: Variant
) -> DoTrick:
    """HS-V6: one Do trick ``{trick, player, trump_do}`` at ``where`` (``do_tricks.<i>``), after
    the Do tricks ``before`` it: a trick of the deal not entered yet, a seat, and the trump Do at
    most once."""
    if not isinstance(item, Mapping):
        raise InvalidDeal(
            where,
            "TOO_MANY_DO_TRICKS",
            f"a Do trick must be {{trick, player, trump_do}}, not {item!r}",
        )
    number = whole_number(item.get("trick"), f"{where}.trick", "the trick number")
    within(number, f"{where}.trick", "the trick number", 1, variant.tricks)
    if any(t.trick == number for t in before):
        raise InvalidDeal(
            f"{where}.trick",
            "TOO_MANY_DO_TRICKS",
            f"trick {number} is entered twice; a trick has one winning card",
            value=number,
        )
    player = _seat(f"{where}.player", item.get("player"), table)
    trump_do = _boolean(item, "trump_do", f"{where}.trump_do")
    if trump_do and any(t.trump_do for t in before):
        raise InvalidDeal(f"{where}.trump_do", "TOO_MANY_DO_TRICKS", "only one Do is the trump Do")
    return DoTrick(number, player, trump_do)


def _check_do_declarations(
    do_tricks: Sequence[DoTrick], declarations: Sequence[tuple[str, str]]
) -> None:
    """HS-V6: who declared three Do's leaves at most one Do trick to the others, four none
    (§20).

    Raises:
        InvalidDeal: ``DECLARATION_CONFLICT`` on ``do_tricks.<i>.player`` of the first Do trick
            too many.
    """
    for player, kind in declarations:
        if kind not in ("dos3", "dos4"):
            continue
        others = [(i, t) for i, t in enumerate(do_tricks) if t.player != player]
        allowed = 0 if kind == "dos4" else 1
        if len(others) > allowed:
            index, trick = others[allowed]
            raise InvalidDeal(
                f"do_tricks.{index}.player",
                "DECLARATION_CONFLICT",
                f"{player} declared {'four' if kind == 'dos4' else 'three'} Do's, so "
                f"{trick.player} cannot have won trick {trick.trick} with a Do",
                declarer=player,
                kind=kind,
                player=trick.player,
                trick=trick.trick,
            )


def _check_last_do_trick(
    do_tricks: Sequence[DoTrick], last_trick: str | None, table: Table, variant: Variant
) -> None:
    """HS-V6: the last trick won with a Do was taken by the Do player's account.

    Raises:
        InvalidDeal: ``LAST_TRICK_INVALID`` on ``last_trick``.
    """
    if last_trick is None:
        return
    for trick in do_tricks:
        if trick.trick != variant.tricks:
            continue
        account = table.account_of[trick.player]
        if account != last_trick:
            raise InvalidDeal(
                "last_trick",
                "LAST_TRICK_INVALID",
                f"{trick.player} won the last trick with a Do, so {account} took it, not "
                f"{last_trick}",
                value=last_trick,
                expected=account,
            )


def _announcements(
    value: Any,
    do_tricks: Sequence[DoTrick] | None,
    contract: Contract | None,
    table: Table,
    variant: Variant,
) -> tuple[Announcement, ...]:
    """HS-V7: one object or a list of at most one per account (§7); 26 or 52; Contra levels as
    the option allows; at most one made; agreeing with the Do tricks when given (``do_tricks``
    ``None`` when the entry has none).

    In the Scat variants the announced game is the contract (§43, §46–§47; Scoring specification
    §3.8): only its player announces, and a contract entered without an announcement is his 26
    without Contra. Without a contract nobody announced.

    Raises:
        InvalidDeal: ``ANNOUNCEMENT_INCONSISTENT`` (the shape, a second announcement of an
            account, two made), as :func:`_announcement` for each item.
    """
    by_trick = {t.trick: t.player for t in do_tricks} if do_tricks is not None else None
    found: list[Announcement] = []
    for where, item in _announcement_items(value, contract, variant):
        announcement = _announcement(where, item, by_trick, contract, table, variant)
        if any(a.account == announcement.account for a in found):
            raise InvalidDeal(
                where,
                "ANNOUNCEMENT_INCONSISTENT",
                f"{announcement.account} announced twice; each {_unit_word(table)} may lay down "
                "one 26 or 52",
                account=announcement.account,
            )
        if announcement.made and any(a.made for a in found):
            raise InvalidDeal(
                f"{where}.made",
                "ANNOUNCEMENT_INCONSISTENT",
                "only one announcement can be made: both need the last trick",
            )
        found.append(announcement)
    return tuple(found)


def _announcement_items(
    value: Any, contract: Contract | None, variant: Variant
) -> list[tuple[str, Any]]:
    """HS-V7: the announcements entered, each with its field (``announcement`` or
    ``announcement.<i>``); in the Scat variants only with a contract, which alone stands for its
    player's 26 (§43, §47)."""
    if variant.has_scat:
        if contract is None and value is not None:
            raise InvalidDeal(
                "announcement",
                "ANNOUNCEMENT_INCONSISTENT",
                "in the Scat game a 26 or 52 is announced as the contract; enter the contract "
                "(player, suit, from the hand or bought)",
            )
        if contract is not None and value is None:
            value = {"player": contract.player, "type": 26}
    if value is None:
        return []
    if isinstance(value, Mapping):
        return [("announcement", value)]
    if isinstance(value, list | tuple):
        return [(f"announcement.{i}", item) for i, item in enumerate(value)]
    raise InvalidDeal(
        "announcement",
        "ANNOUNCEMENT_INCONSISTENT",
        "announcement must be an object {player, type, contra, made} or a list of them, not "
        f"{value!r}",
    )


def _announcement(
    where: str,
    item: Any,
    by_trick: Mapping[int, str] | None,
    contract: Contract | None,
    table: Table,
    variant: Variant,
) -> Announcement:
    """HS-V7: one announcement ``{player, type, contra, made}`` at ``where``; its stake in Marken
    per player: 2 for a 26, 4 for a 52 (§31, §33), or in the Scat variants the contract suit's
    value, twice that for a 52 (§46, ambiguity C13).

    Raises:
        InvalidDeal: as :func:`_seat`; ``ANNOUNCEMENT_INCONSISTENT`` (no object, not the
            contract's player, a type other than 26/52); ``NOT_AN_INTEGER``; as
            :func:`_contra` and :func:`_made`.
    """
    if not isinstance(item, Mapping):
        raise InvalidDeal(
            where,
            "ANNOUNCEMENT_INCONSISTENT",
            f"an announcement must be {{player, type, contra, made}}, not {item!r}",
        )
    player = _seat(f"{where}.player", item.get("player"), table)
    if contract is not None and player != contract.player:
        raise InvalidDeal(
            f"{where}.player",
            "ANNOUNCEMENT_INCONSISTENT",
            f"{contract.player} plays the contract, so only he announces, not {player}",
            player=player,
            expected=contract.player,
        )
    kind = whole_number(item.get("type"), f"{where}.type", "the announced type")
    if kind not in ANNOUNCED_MARKS:
        raise InvalidDeal(
            f"{where}.type",
            "ANNOUNCEMENT_INCONSISTENT",
            f"only a 26 or a 52 can be announced, not {kind}",
            value=kind,
        )
    contra = _contra(f"{where}.contra", item.get("contra"), variant)
    made = _made(f"{where}.made", item.get("made"), player, kind, by_trick, variant)
    if contract is None:
        stake = ANNOUNCED_MARKS[kind]
    else:
        stake = variant.suit_values[contract.suit] * (2 if kind == 52 else 1)
    return Announcement(player, table.account_of[player], kind, contra, made, stake)


def _contra(field: str, value: Any, variant: Variant) -> int:
    """HS-V7: the Contra level, 0 when absent; Recontra (2) and Supracontra (3) only with
    ``contra_levels = 3`` (§10, ambiguity C7).

    Raises:
        InvalidDeal: on ``field``: ``NOT_AN_INTEGER``; ``OUT_OF_RANGE`` outside 0–3 (its
            ``maximum`` the option's level); ``OPTION_DISABLED`` above ``contra_levels``.
    """
    contra = whole_number(0 if value is None else value, field, "the Contra level")
    if not 0 <= contra <= 3:
        raise InvalidDeal(
            field,
            "OUT_OF_RANGE",
            f"the Contra level runs from 0 to {variant.contra_levels}, not {contra}",
            value=contra,
            minimum=0,
            maximum=variant.contra_levels,
        )
    if contra > variant.contra_levels:
        raise InvalidDeal(
            field,
            "OPTION_DISABLED",
            f"Contra level {contra} ({'Recontra' if contra == 2 else 'Supracontra'}) needs "
            "contra_levels = 3",
            option="contra_levels",
            value=contra,
        )
    return contra


def _made(
    field: str,
    value: Any,
    player: str,
    kind: int,
    by_trick: Mapping[int, str] | None,
    variant: Variant,
) -> bool:
    """HS-V7: whether ``player``'s 26 (the last trick) or 52 (the last two) was made: as
    entered, or read from the Do tricks (``by_trick``: trick → its Do player, ``None`` without
    Do tricks), and the two agreeing (§8, §22–§23).

    Raises:
        InvalidDeal: ``ANNOUNCEMENT_INCONSISTENT`` on ``field``.
    """
    last = variant.tricks
    needed = [last] if kind == 26 else [last - 1, last]
    achieved = None if by_trick is None else all(by_trick.get(t) == player for t in needed)
    made = value
    if made is None:
        if achieved is None:
            raise InvalidDeal(
                field, "ANNOUNCEMENT_INCONSISTENT", f"say whether {player}'s {kind} was made"
            )
        made = achieved
    if not isinstance(made, bool):
        raise InvalidDeal(
            field,
            "ANNOUNCEMENT_INCONSISTENT",
            f"made must be true or false, not {made!r}",
            value=shown(made),
        )
    if achieved is not None and made != achieved:
        tricks = " and ".join(str(t) for t in needed)
        raise InvalidDeal(
            field,
            "ANNOUNCEMENT_INCONSISTENT",
            f"{player}'s {kind} is entered as {'made' if made else 'failed'}, but the Do tricks "
            f"say {player} {'won' if achieved else 'did not win'} trick {tricks} with a Do",
            player=player,
            type=kind,
        )
    return made


def _deal_points(
    points: Mapping[str, Any] | None,
    derived: Mapping[str, int] | None,
    table: Table,
) -> dict[str, int]:
    """HS-V8: the deal's points per account: the minimal ``points`` when entered (checked by
    :func:`_minimal_points`, and agreeing with the full entry's ``derived`` points), else
    ``derived``.

    Raises:
        InvalidDeal: as :func:`_minimal_points`; ``MINIMAL_FULL_MISMATCH`` on ``points``.
    """
    if points is None:
        assert derived is not None
        return dict(derived)
    minimal = _minimal_points(points, table)
    if derived is not None and minimal != derived:
        raise InvalidDeal(
            "points",
            "MINIMAL_FULL_MISMATCH",
            "the deal points do not match the itemised entry, which gives "
            + ", ".join(f"{a} {derived[a]}" for a in table.accounts),
            points=minimal,
            derived=dict(derived),
        )
    return minimal


def _minimal_points(points: Mapping[str, Any], table: Table) -> dict[str, int]:
    """HS-V8 in the order of its rule (Scoring specification §3.6, §7): each a whole number ≥ 0
    (``NOT_AN_INTEGER``, ``OUT_OF_RANGE`` on ``points.<account>``), then the sum (see
    :func:`_check_points_total`)."""
    minimal: dict[str, int] = {}
    for account in table.accounts:
        where = f"points.{account}"
        value = whole_number(points[account], where, where)
        if value < 0:
            raise InvalidDeal(
                where,
                "OUT_OF_RANGE",
                f"deal points of {account} cannot be negative, not {value}",
                value=value,
                minimum=0,
            )
        minimal[account] = value
    _check_points_total(sum(minimal.values()))
    return minimal


def _check_points_total(total: int) -> None:
    """HS-V8: Σ ≥ 78 (``SUM_MISMATCH``); Σ − 78 even (``PARITY``) and not one of the sums no
    deal gives (``UNREACHABLE_VALUE``); Σ ≤ 292 (``SUM_MISMATCH``), all on ``points``. A single
    account above 292 is refused by the last rule: every deal point it has is in Σ."""
    base = CARD_POINTS + LAST_TRICK
    if total < base:
        raise InvalidDeal(
            "points",
            "SUM_MISMATCH",
            f"the deal points add up to {total}; every deal counts at least {base} (72 card "
            "points and 6 for the last trick)",
            total=total,
            expected=base,
            minimum=base,
            maximum=MAX_DEAL_POINTS,
        )
    if (total - base) % 2:
        raise InvalidDeal(
            "points",
            "PARITY",
            f"the deal points add up to {total}; {total} − {base} = {total - base} is odd, but "
            "every declaration and Do bonus is even",
            total=total,
            extra=total - base,
        )
    if total - base in UNREACHABLE_EXTRAS:
        raise InvalidDeal(
            "points",
            "UNREACHABLE_VALUE",
            f"no combination of declarations and Do bonuses adds {total - base} to the {base} "
            "of a deal",
            value=total,
            extra=total - base,
        )
    if total > MAX_DEAL_POINTS:
        raise InvalidDeal(
            "points",
            "SUM_MISMATCH",
            f"the deal points add up to {total}, more than the {MAX_DEAL_POINTS} a deal can give",
            total=total,
            expected=MAX_DEAL_POINTS,
            minimum=base,
            maximum=MAX_DEAL_POINTS,
        )


def _claim(
    value: Any,
    points: Mapping[str, int],
    announcements: Sequence[Announcement],
    confirm: bool,
    state: HundertspielState,
    variant: Variant,
) -> Claim | None:
    """HS-V9: the claimant, the split of the deal's ``points`` at the claim, the claim reaches
    the target (or is confirmed false, §30), and nothing carried when a 26/52 was announced
    (§34). ``None`` when nobody declared out.

    Raises:
        InvalidDeal: as :func:`_claimant` and :func:`_claim_splits`; ``SPLIT_INVALID`` on
            ``end.old.<account>``; ``CLAIM_BELOW_100`` on ``end.claimant``; as
            :func:`_check_new`.
    """
    if value is None:
        return None
    table = state.table
    claimant = _claimant(value, table)
    splits = _claim_splits(value, table)
    old = splits["old"]
    for account in table.accounts:
        if not 0 <= old[account] <= points[account]:
            raise InvalidDeal(
                f"end.old.{account}",
                "SPLIT_INVALID",
                f"{account} counted {old[account]} before the claim, but the deal gave it "
                f"{points[account]} in all",
                value=old[account],
                minimum=0,
                maximum=points[account],
            )
    at = state.run[claimant] + old[claimant]
    if at < variant.target and not confirm:
        raise InvalidDeal(
            "end.claimant",
            "CLAIM_BELOW_100",
            f"{claimant} had {state.run[claimant]} + {old[claimant]} = {at} at the claim, less "
            f"than {variant.target}; confirm_false_claim records a false claim (§30)",
            claimant=claimant,
            at=at,
            target=variant.target,
        )
    new = splits.get("new")
    if new is not None:
        valid = at >= variant.target
        _check_new(new, old, points, bool(announcements), valid, table, variant)
    return Claim(claimant, old, new)


def _claimant(value: Any, table: Table) -> str:
    """HS-V9: the account that declared out, from ``end = {claimant, old, new}``.

    Raises:
        InvalidDeal: ``SPLIT_INVALID`` on ``end`` when it is no object; ``UNKNOWN_FIELD`` on
            ``end.<key>``; ``MISSING_PLAYER`` or ``UNKNOWN_PLAYER`` on ``end.claimant``.
    """
    if not isinstance(value, Mapping):
        raise InvalidDeal("end", "SPLIT_INVALID", f"end must be {{claimant, old}}, not {value!r}")
    unknown = [k for k in value if k not in ("claimant", "old", "new")]
    if unknown:
        raise InvalidDeal(
            f"end.{unknown[0]}",
            "UNKNOWN_FIELD",
            f"end has no field {unknown[0]!r}; it takes claimant, old and new",
            value=shown(unknown[0]),
        )
    raw = value.get("claimant")
    if raw is None:
        raise InvalidDeal(
            "end.claimant",
            "MISSING_PLAYER",
            f"name who declared out ({', '.join(table.accounts)})",
            seats=list(table.accounts),
        )
    claimant = _account(raw, table)
    if claimant is None:
        raise InvalidDeal(
            "end.claimant",
            "UNKNOWN_PLAYER",
            f"{raw!r} is not a {_unit_word(table)} ({', '.join(table.accounts)})",
            seats=[shown(raw)],
        )
    return claimant


def _claim_splits(value: Mapping[str, Any], table: Table) -> dict[str, dict[str, int]]:
    """HS-V9: ``old`` (required: what each account counted in the deal up to the claim) and
    ``new`` (optional: the rest), each a whole number per account.

    Raises:
        InvalidDeal: ``SPLIT_INVALID`` on ``end.old`` when missing; as :func:`_account_map` on
            ``end.old``/``end.new``; ``NOT_AN_INTEGER`` on ``end.<part>.<account>``.
    """
    splits: dict[str, dict[str, int]] = {}
    for part in ("old", "new"):
        given = value.get(part)
        if given is None:
            if part == "old":
                raise InvalidDeal(
                    "end.old",
                    "SPLIT_INVALID",
                    "enter what each side had counted in this deal up to the claim",
                )
            continue
        given = _account_map(f"end.{part}", given, table)
        splits[part] = {
            a: whole_number(given[a], f"end.{part}.{a}", f"end.{part}.{a}") for a in table.accounts
        }
    return splits


def _check_new(
    new: Mapping[str, int],
    old: Mapping[str, int],
    points: Mapping[str, int],
    announced: bool,
    valid: bool,
    table: Table,
    variant: Variant,
) -> None:
    """HS-V9: the entered ``new`` part of a claimed deal is its ``points`` less ``old``; it may
    be all zero when nothing is carried (a 26/52 ``announced``, ``alt_und_neu`` off, or a false
    claim), and must be when a 26/52 was announced (§34).

    Raises:
        InvalidDeal: ``ALT_UND_NEU_FORBIDDEN`` on ``end.new``; ``SPLIT_INVALID`` on
            ``end.new.<account>``.
    """
    zero = not any(new.values())
    if announced and not zero:
        raise InvalidDeal(
            "end.new",
            "ALT_UND_NEU_FORBIDDEN",
            "a 26 or 52 was announced in this deal, so nothing counts for the new partie (§34)",
        )
    nothing_carried = announced or not variant.alt_und_neu or not valid
    if zero and nothing_carried:
        return
    for account in table.accounts:
        rest = points[account] - old[account]
        if new[account] != rest:
            raise InvalidDeal(
                f"end.new.{account}",
                "SPLIT_INVALID",
                f"{account}: the deal's {points[account]} less {old[account]} before the claim "
                f"leaves {rest} for the new partie, not {new[account]}",
                value=new[account],
                expected=rest,
            )


def _silent(do_tricks: Sequence[DoTrick], variant: Variant) -> tuple[str, int] | None:
    """The unannounced 26 (the last trick) or 52 (more of the last tricks) a player made with
    Do's, as (player, 26 or 52) (§22–§24; option ``silent_26_pays_marks``)."""
    runner, run = _do_run(do_tricks, variant.tricks)
    if runner is None:
        return None
    return runner, 26 if run == 1 else 52


# -- legality: the deal in its place, HS-V10 and HS-V11 ----------------------------------------


def _vorhand_warnings(
    deal: Deal, state: HundertspielState, variant: Variant
) -> tuple[Warning, ...]:
    """HS-V10: ``VORHAND_RULE_APPLIED`` when several accounts reach the target in this deal and
    nobody declared out: the one nearest Vorhand wins (§29)."""
    if deal.claim is not None or deal.points is None or deal.dealer is None:
        return ()
    table = state.table
    reached = [a for a in table.accounts if state.run[a] + deal.points[a] >= variant.target]
    if len(reached) < 2:
        return ()
    winner = priority_winner(reached, deal.dealer, table)
    return (
        Warning(
            "deal",
            "VORHAND_RULE_APPLIED",
            f"{' and '.join(reached)} both reached {variant.target} without a claim; {winner} "
            "in Vorhand wins (§29)",
        ),
    )


def _check_open(deal: Deal, state: HundertspielState) -> None:
    """HS-V11: no deal, and no second close, after the session closed (§56).

    Raises:
        InvalidDeal: ``MATCH_OVER`` on ``deal`` (with ``params["deals"]`` for a deal).
    """
    if not state.closed:
        return
    if deal.points is None:
        raise InvalidDeal("deal", "MATCH_OVER", "the session is already closed")
    raise InvalidDeal(
        "deal",
        "MATCH_OVER",
        f"the session is closed after {state.deals} entries; open a new session",
        deals=state.deals,
    )


class Hundertspiel(GameBase):
    """The Hundertspiel rules engine (``scoring.games["hundertspiel"]``), after the Vienna 1829
    text and the Scoring specification §3 and §7."""

    key: ClassVar[str] = "hundertspiel"
    partnerships: ClassVar[bool] = True
    name: ClassVar[str] = "Hundertspiel"
    table_sizes: ClassVar[tuple[int, ...]] = (4, 3)
    metric_ascending: ClassVar[bool] = False
    tiebreaks: ClassVar[tuple[str, ...]] = (
        "parties_won",
        "matsch_wins",
        "partie_points_diff",
        "lot",
    )
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    """A bye round scores 0 Marken (the table's Marken sum to 0, so 0 is the average)."""
    last_place_title: ClassVar[str | None] = None

    # -- configuration ---------------------------------------------------------------------------

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options (Scoring specification §3.10).

        Raises:
            InvalidVariant: an unknown option or a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """4, or 3 with ``variant = "three"`` (§51–§55)."""
        return variant.players

    def options(self) -> tuple[Option, ...]:
        """The options of the spec's table (§3.10) an organiser sets on a form, default first,
        plus ``parties_per_round``; ``suit_values`` (a map) stays out of the form."""
        defaults = Variant()
        found = []
        for name in Variant.__dataclass_fields__:
            if name == "suit_values":
                continue
            default = getattr(defaults, name)
            minimum = 1 if name == "contra_levels" else _INTEGERS.get(name)
            found.append(Option(name, default, _CHOICES.get(name, ()), minimum))
        return tuple(found)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels in clockwise playing order: A B C D (parties AC, BD), or A B C.

        Raises:
            ValueError: ``count`` is neither 4 nor 3.
        """
        if count == 4:
            return ("A", "B", "C", "D")
        if count == 3:
            return ("A", "B", "C")
        raise ValueError(f"Hundertspiel is played by 4 (or 3) players, not {count!r}")

    def initial(self, seats: Sequence[str], variant: Variant) -> HundertspielState:
        """The state before the first deal: partie 1 at 0 : 0, no Marken.

        Raises:
            InvalidVariant: the number of seats does not fit the variant (4 for ``basic``, 3 for
                ``three``), or the seats are not distinct (both are ``ValueError``s).
        """
        seats = tuple(seats)
        if len(seats) != variant.players:
            raise InvalidVariant(
                "variant",
                "INVALID_OPTION_VALUE",
                f"variant {variant.variant} is played by {variant.players} players, "
                f"not {len(seats)}",
            )
        if len(set(seats)) != len(seats) or not all(isinstance(s, str) and s for s in seats):
            raise InvalidVariant(
                "seats", "INVALID_OPTION_VALUE", f"seats must be distinct labels, not {seats!r}"
            )
        table = table_of(seats)
        by_account = freeze(dict.fromkeys(table.accounts, 0))
        return HundertspielState(
            seats=seats,
            variant=variant,
            run=by_account,
            marks=freeze(dict.fromkeys(seats, 0)),
            parties_won=by_account,
            matsch_wins=by_account,
            points_for=by_account,
        )

    # -- the three steps of a deal ---------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: HundertspielState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """Step 1: the entry read into a :class:`Deal`, in the order of the HS-V table (Scoring
        specification §3.6, §3.8 and §7); the first failing rule is raised. An entry of only
        ``{"close": true}`` closes the session without a deal (§56).

        The checks are cheap, so ``trusted=True`` still runs them all (the claim's check reads
        the points of the partie in ``state``).

        Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (a key no entry has),
                ``NOT_A_BOOLEAN`` (``close``); ``UNKNOWN_PLAYER``, ``MISSING_PLAYER`` (HS-V1);
                the contract's ``OPTION_DISABLED``, ``INVALID_ENTRY``, ``UNKNOWN_SUIT`` (§3.8);
                ``NOT_AN_INTEGER``, ``OUT_OF_RANGE``, ``SUM_MISMATCH`` (HS-V2);
                ``UNREACHABLE_VALUE`` (HS-V3); ``LAST_TRICK_INVALID`` (HS-V4); the Scat
                points' ``OUT_OF_RANGE``, ``UNREACHABLE_VALUE``; ``UNKNOWN_DECLARATION``,
                ``DUPLICATE_DECLARATION`` (HS-V5); ``TOO_MANY_DO_TRICKS``,
                ``DECLARATION_CONFLICT``, ``LAST_TRICK_INVALID`` (HS-V6); ``OPTION_DISABLED``,
                ``ANNOUNCEMENT_INCONSISTENT`` (HS-V7); ``OUT_OF_RANGE``, ``PARITY``,
                ``UNREACHABLE_VALUE``, ``SUM_MISMATCH``, ``MINIMAL_FULL_MISMATCH`` (HS-V8);
                ``NOT_A_BOOLEAN`` (``confirm_false_claim``), ``SPLIT_INVALID``,
                ``CLAIM_BELOW_100``, ``ALT_UND_NEU_FORBIDDEN`` (HS-V9).
        """
        entry = entry_object(entry, ENTRY_KEYS)
        close = _boolean(entry, "close")
        if close and not (set(entry) - {"close"}):
            return Deal(None, None, None, (), None, False, True, None)
        table = state.table
        # HS-V1: the dealer (required) and the account keys.
        dealer = _dealer(entry.get("dealer"), table)
        minimal, raw_card_points = _point_maps(entry, table)
        # Scoring specification §3.8: who plays the Scat game (a player, like the dealer).
        contract = _contract(entry.get("contract"), table, variant)
        # HS-V2, HS-V3: card points (the full entry).
        card_points = None if raw_card_points is None else _card_points(raw_card_points, table)
        # HS-V4: the last trick.
        last_trick = None
        if card_points is not None or "last_trick" in entry:
            last_trick = _last_trick(entry.get("last_trick"), table)
        # Scoring specification §3.8: the Scat's card points, part of its holder's.
        scat_points = _scat_points(
            entry.get("scat_points"), contract, card_points, last_trick, table, variant
        )
        declarations = _declarations(entry.get("declarations"), table)  # HS-V5
        do_given = entry.get("do_tricks") is not None
        do_tricks = _do_tricks(  # HS-V6
            entry.get("do_tricks"), declarations, last_trick, table, variant
        )
        announcements = _announcements(  # HS-V7
            entry.get("announcement"), do_tricks if do_given else None, contract, table, variant
        )
        derived = None
        if card_points is not None:  # the full entry's points (Scoring specification §3.7)
            assert last_trick is not None
            derived = deal_points(
                card_points, last_trick, declarations, do_tricks, table, variant.tricks
            )
        points = _deal_points(minimal, derived, table)  # HS-V8
        # HS-V9: the claim.
        confirm = _boolean(entry, "confirm_false_claim")
        claim = _claim(entry.get("end"), points, announcements, confirm, state, variant)
        silent = _silent(do_tricks, variant) if card_points is not None else None
        return Deal(
            dealer,
            points,
            card_points,
            announcements,
            claim,
            confirm,
            close,
            silent,
            contract,
            scat_points,
        )

    def legality(
        self, deal: Deal, state: HundertspielState, variant: Variant
    ) -> tuple[Warning, ...]:
        """Step 2: the deal in its place. Returns the warnings ``DEALER_ROTATION`` (the deal
        passes to the left, the previous Vorhand deals; ambiguity C11) and
        ``VORHAND_RULE_APPLIED`` (HS-V10, §29), in that order.

        Raises:
            InvalidDeal: ``MATCH_OVER`` (HS-V11): the session is closed (§56).
        """
        _check_open(deal, state)
        if deal.dealer is None:
            return ()
        expected = expected_dealer(state)
        rotation = rotation_warnings(
            deal.dealer,
            expected,
            f"{deal.dealer} dealt, but the deal passes to the left from {state.dealer} to "
            f"{expected}",
        )
        return rotation + _vorhand_warnings(deal, state, variant)

    def push(self, deal: Deal, state: HundertspielState, variant: Variant) -> Step:
        """Step 3: score a legal deal (Scoring specification §3.7): announcements, the claim or
        the count, the partie's end and its Marken, the session's close, the round's end. The
        state passed in is never changed; the step has no warnings of its own."""
        return _Scorer(state, variant).score(deal)


class _Scorer:
    """One deal's scoring: mutable copies of the state's figures, then a new frozen state."""

    def __init__(self, state: HundertspielState, variant: Variant) -> None:
        self.state = state
        self.variant = variant
        self.table = state.table
        self.run = dict(state.run)
        self.marks = dict(state.marks)
        self.partie = state.partie
        self.decided = state.parties_decided
        self.won = dict(state.parties_won)
        self.matsch = dict(state.matsch_wins)
        self.points_for = dict(state.points_for)
        self.events: list[Event] = []

    # Payments per player (§25–§26, §31–§33; three players: §52, §54).

    def _win(self, winner: str, amounts: Mapping[str, int]) -> None:
        """Each player of every opponent account pays ``amounts[opponent]`` Marken to his opposite
        number: the winners' players each gain the sum (ambiguity C12, §7)."""
        for opponent, amount in amounts.items():
            for seat in self.table.members[opponent]:
                self.marks[seat] -= amount
        for seat in self.table.members[winner]:
            self.marks[seat] += sum(amounts.values())

    def _lose(self, loser: str, amount: int) -> None:
        """The loser's players each pay ``amount`` Marken to each opponent account's player."""
        opponents = self.table.opponents(loser)
        for seat in self.table.members[loser]:
            self.marks[seat] -= amount * len(opponents)
        for opponent in opponents:
            for seat in self.table.members[opponent]:
                self.marks[seat] += amount

    def _settle_announcement(self, ann: Announcement, suit: str | None) -> None:
        """An announced 26/52: its stake, doubled per Contra level, paid to the announcer's
        account when made, by it when failed (§31–§33, ambiguity C7)."""
        marks = ann.stake * 2**ann.contra
        winners: tuple[str, ...]
        if ann.made:
            self._win(ann.account, dict.fromkeys(self.table.opponents(ann.account), marks))
            winners = (ann.account,)
        else:
            self._lose(ann.account, marks)
            winners = self.table.opponents(ann.account)
        self.events.append(
            Event(
                "announcement",
                (ann.player,),
                {
                    "type": ann.type,
                    "contra": ann.contra,
                    "made": ann.made,
                    "marks": marks,
                    "winners": list(winners),
                    "suit": suit,
                },
                SOURCE_ANNOUNCED,
            )
        )

    def _settle_silent(self, deal: Deal) -> None:
        """An unannounced 26/52 pays the Marken of an announced one when the option
        ``silent_26_pays_marks`` is on and its account announced nothing (ambiguity C6)."""
        if deal.silent is None or not self.variant.silent_26_pays_marks:
            return
        player, kind = deal.silent
        account = self.table.account_of[player]
        if any(a.account == account for a in deal.announcements):
            return
        marks = ANNOUNCED_MARKS[kind]
        self._win(account, dict.fromkeys(self.table.opponents(account), marks))
        self.events.append(
            Event("silent_announcement", (player,), {"type": kind, "marks": marks}, SOURCE_SILENT)
        )

    def _partie_won(self, winner: str, at: Mapping[str, int], by: str) -> None:
        """``winner`` wins the partie with the points ``at``: one Marke from each opponent, two
        from one still below ``matsch_threshold`` (§25–§26)."""
        threshold = self.variant.matsch_threshold
        amounts = {o: 2 if at[o] < threshold else 1 for o in self.table.opponents(winner)}
        self._win(winner, amounts)
        matsch = [o for o, amount in amounts.items() if amount == 2]
        self.won[winner] += 1
        if matsch:
            self.matsch[winner] += 1
        self.events.append(
            Event(
                "partie_won",
                self.table.members[winner],
                {
                    "winner": winner,
                    "by": by,
                    "at": dict(at),
                    "matsch": bool(matsch),
                    "marks": sum(amounts.values()),
                    "partie": self.partie,
                },
                SOURCE_MATSCH if matsch else SOURCE_PARTIE,
            )
        )
        if matsch:
            seats = tuple(s for s in self.table.seats if self.table.account_of[s] in matsch)
            self.events.append(
                Event("matsch", seats, {"partie": self.partie, "at": dict(at)}, SOURCE_MATSCH)
            )
        self._next_partie()

    def _next_partie(self) -> None:
        self.decided += 1
        self.partie += 1

    def _count(self, points: Mapping[str, int], dealer: str) -> None:
        """No claim: the deal's points go onto the slate, then the count decides (C9)."""
        for account in self.table.accounts:
            self.run[account] += points[account]
            self.points_for[account] += points[account]
        self._decide_by_count(dealer)

    def _decide_by_count(self, dealer: str) -> None:
        """C9: the partie is decided at the end of the deal when an account has reached the
        target; several → the one nearest Vorhand (§29); nothing carries over."""
        target = self.variant.target
        reached = [a for a in self.table.accounts if self.run[a] >= target]
        if not reached:
            return
        at = dict(self.run)
        by = "count"
        winner = reached[0]
        if len(reached) > 1:
            winner = priority_winner(reached, dealer, self.table)
            by = "vorhand"
            self.events.append(
                Event(
                    "vorhand_rule",
                    self.table.members[winner],
                    {"reached": reached, "winner": winner, "at": at},
                    SOURCE_VORHAND,
                )
            )
        self._partie_won(winner, at, by)
        self.run = dict.fromkeys(self.table.accounts, 0)

    def _claim(self, claim: Claim, points: Mapping[str, int], announced: bool, dealer: str) -> None:
        """§25, §30, §34: the claim decides the partie; the rest of the deal goes to the new one
        (alt und neu) unless a 26/52 was ``announced``, the claim was false or the option is
        off."""
        variant, table = self.variant, self.table
        claimant = claim.claimant
        at = {a: self.run[a] + claim.old[a] for a in table.accounts}
        new = {a: points[a] - claim.old[a] for a in table.accounts}
        valid = at[claimant] >= variant.target
        carry = valid and not announced and variant.alt_und_neu
        carried = new if carry else dict.fromkeys(table.accounts, 0)
        for account in table.accounts:
            self.points_for[account] += claim.old[account] + carried[account]
        self.events.append(
            Event(
                "claim",
                table.members[claimant],
                {
                    "claimant": claimant,
                    "at": at,
                    "old": dict(claim.old),
                    "new": carried,
                    "valid": valid,
                },
                SOURCE_PARTIE if valid else SOURCE_FALSE_CLAIM,
            )
        )
        if valid:
            self._partie_won(claimant, at, "claim")
        else:
            self._false_claim(claimant, at)
        self._alt_und_neu(valid, announced, new, carried)
        self.run = dict(carried)
        # Carried points that already reach the target decide the new partie too (C9).
        self._decide_by_count(dealer)

    def _false_claim(self, claimant: str, at: Mapping[str, int]) -> None:
        """§30, ambiguity C10: a claim below the target costs the claimant a single Marke (two
        below ``matsch_threshold`` with ``false_claim_payment = as_matsch_if_below_50``); with
        four players the other party wins the partie."""
        variant, table = self.variant, self.table
        below = at[claimant] < variant.matsch_threshold
        amount = 2 if variant.false_claim_payment == "as_matsch_if_below_50" and below else 1
        self._lose(claimant, amount)
        opponents = table.opponents(claimant)
        self.events.append(
            Event(
                "false_claim",
                table.members[claimant],
                {"at": at, "marks": amount, "partie": self.partie},
                SOURCE_FALSE_CLAIM,
            )
        )
        if len(opponents) == 1:
            self.won[opponents[0]] += 1
            self.events.append(
                Event(
                    "partie_won",
                    table.members[opponents[0]],
                    {
                        "winner": opponents[0],
                        "by": "false_claim",
                        "at": at,
                        "matsch": False,
                        "marks": amount,
                        "partie": self.partie,
                    },
                    SOURCE_FALSE_CLAIM,
                )
            )
        self._next_partie()

    def _alt_und_neu(
        self, valid: bool, announced: bool, new: Mapping[str, int], carried: Mapping[str, int]
    ) -> None:
        """§34: the ``alt_und_neu`` event: points ``carried`` to the new partie, or after a valid
        claim with a 26/52 ``announced`` (or the option off) the ``new`` points discarded."""
        if valid and (announced or not self.variant.alt_und_neu) and any(new.values()):
            figures = {"new": carried, "forbidden": announced, "discarded": new}
        elif valid and not announced and self.variant.alt_und_neu and any(carried.values()):
            figures = {"new": carried, "forbidden": False, "discarded": None}
        else:
            return
        self.events.append(Event("alt_und_neu", (), figures, SOURCE_ALT_UND_NEU))

    def _close(self) -> None:
        """§56, C14: the session ends; a partie still open is abandoned or, with
        ``unfinished_partie = leader_wins_single``, won by the account ahead (single Marke)."""
        if any(self.run.values()):
            top = max(self.run.values())
            leaders = [a for a in self.table.accounts if self.run[a] == top]
            if self.variant.unfinished_partie == "leader_wins_single" and len(leaders) == 1:
                self._leader_wins(leaders[0])
            else:
                self.events.append(
                    Event("partie_abandoned", (), {"at": dict(self.run)}, SOURCE_CLOSE)
                )
            self.run = dict.fromkeys(self.table.accounts, 0)
        self.events.append(
            Event("session_closed", (), {"deals": self.state.deals + 1}, SOURCE_CLOSE)
        )

    def _leader_wins(self, winner: str) -> None:
        """C14 (``unfinished_partie = leader_wins_single``): the account ahead at the close wins
        the open partie, a single Marke from each opponent."""
        amounts = dict.fromkeys(self.table.opponents(winner), 1)
        self._win(winner, amounts)
        self.won[winner] += 1
        self.events.append(
            Event(
                "partie_won",
                self.table.members[winner],
                {
                    "winner": winner,
                    "by": "close",
                    "at": dict(self.run),
                    "matsch": False,
                    "marks": sum(amounts.values()),
                    "partie": self.partie,
                },
                SOURCE_CLOSE,
            )
        )
        self._next_partie()

    def _deal_points_event(self, deal: Deal, points: Mapping[str, int]) -> None:
        """The ``deal_points`` event: what each account counted, as entered (§19–§24, §3.8)."""
        contract = deal.contract
        self.events.append(
            Event(
                "deal_points",
                (),
                {
                    "points": dict(points),
                    "card_points": None
                    if deal.card_points is None
                    else {a: deal.card_points[a] for a in self.table.accounts},
                    "contract": None
                    if contract is None
                    else {
                        "player": contract.player,
                        "suit": contract.suit,
                        "from_hand": contract.from_hand,
                    },
                    "scat_points": deal.scat_points,
                },
                SOURCE_POINTS,
            )
        )

    def _deal(self, deal: Deal, points: Mapping[str, int], dealer: str) -> None:
        """A deal's points, announcements and claim or count (§19–§34)."""
        self._deal_points_event(deal, points)
        suit = deal.contract.suit if deal.contract is not None else None
        for ann in deal.announcements:
            self._settle_announcement(ann, suit)
        self._settle_silent(deal)
        if deal.claim is not None:
            self._claim(deal.claim, points, bool(deal.announcements), dealer)
        else:
            self._count(points, dealer)

    def _unit(self, closed: bool) -> tuple[bool, Mapping[str, Any] | None]:
        """Whether the tournament round is over (``parties_per_round`` parties decided, or the
        session closed), and its figures, frozen when it ends with this deal (§3.9)."""
        state = self.state
        per_round = self.variant.parties_per_round
        unit_over = state.unit_over or closed or (per_round > 0 and self.decided >= per_round)
        if not unit_over or state.unit_over:
            return unit_over, state.unit
        self.events.append(Event("unit_over", (), {"parties": self.decided}, SOURCE_UNIT))
        unit = freeze(
            {
                "marks": freeze(dict(self.marks)),
                "parties_won": freeze(dict(self.won)),
                "matsch_wins": freeze(dict(self.matsch)),
                "points_for": freeze(dict(self.points_for)),
            }
        )
        return True, unit

    def score(self, deal: Deal) -> Step:
        """The step the deal makes: its events and the new state."""
        state = self.state
        if deal.points is not None:
            assert deal.dealer is not None
            self._deal(deal, deal.points, deal.dealer)
        closed = state.closed or deal.close
        if deal.close and not state.closed:
            self._close()
        unit_over, unit = self._unit(closed)
        new = HundertspielState(
            seats=state.seats,
            variant=self.variant,
            deals=state.deals + 1,
            run=freeze(self.run),
            marks=freeze(self.marks),
            partie=self.partie,
            parties_decided=self.decided,
            parties_won=freeze(self.won),
            matsch_wins=freeze(self.matsch),
            points_for=freeze(self.points_for),
            dealer=deal.dealer if deal.dealer is not None else state.dealer,
            deal_points=None if deal.points is None else freeze(dict(deal.points)),
            closed=closed,
            unit_over=unit_over,
            unit=unit,
        )
        return Step(state=new, events=tuple(self.events))


HUNDERTSPIEL = Hundertspiel()
"""The module's singleton engine, registered as ``scoring.games["hundertspiel"]``."""
