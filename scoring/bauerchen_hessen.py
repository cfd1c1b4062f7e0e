"""Bauerchen, the Hessian variant (Löber 1965): validation and scoring of entered deals.

After the Scoring specification §2.10 ("offered as a separate game type, ``bauerchen_hessen``"),
which follows the Hessian section of ``sources/bauerchen.txt`` (Löber, *Beharrung und Bewegung im
Volksleben des Dillkreises*, 1965). Löber himself says the finer points are unknown, so the
confidence is low. Four players in two partnerships, partners diagonally: seats N E S W
clockwise, teams ``"NS"`` and ``"EW"``. 24 cards (A 10 K Q J 9), five each; the next card turned
up is trump; the Jacks are the highest trumps.

Units: *Striche* (each team starts a game with five, ``+++++``; the deal winner erases one, the
deal loser adds one), *games* (the first team down to no Strich gets a *Nullchen*) and
*Stauzewecke* (buns: each losing player owes one to the winners, so a game is +1 for each
winning player and −1 for each losing player in the ledger).

Entries are JSON-like dicts, either the deal's winner or who took each trick:

* ``{"winner_team": "NS"}``;
* ``{"trick_winners": ["NS", "EW", "EW", "EW", "EW"]}`` (teams or seats, tricks 1–5 in order).

A team is named ``NS`` or ``EW`` in either order and any case, ``EW`` also as German ``OW``
(Ost/West), or by one of its seats (:func:`scoring.checks.parse_partnership`).

Optional ``"dealer"`` (N/E/S/W; a warning when it breaks the clockwise rotation) and ``"trump"``
(the turned-up suit, for the record). Both forms at once must agree.

Deal win (§2.10): a team wins by taking **both of the first two tricks** or **all of the last
three**. The first two tricks are complete first, so they take precedence [R]; when tricks 1–2
and 3–5 are both split the deal has **no result** (a warning, nothing changes).

Event kinds (:class:`scoring.base.Event`; ``seats`` in seat order):

* ``"deal_won"`` — the team's seats; figures ``team``, ``how`` (``"first_two"``,
  ``"last_three"`` or ``"entered"``), ``striche`` (both teams' Striche after the deal).
* ``"no_result"`` — tricks 1–2 and 3–5 split; nothing changes.
* ``"nullchen"`` — the team's seats; figures ``team``, ``game`` (its number), ``ledger`` (the
  Stauzewecke each seat won or owes for it).
* ``"match_over"`` — ``games_per_match`` games are played.
* ``"unit_over"`` — the tournament unit (the match) is complete.

Tournament figures [R] (the source knows no tournaments): ``SeatResult.score`` = the seat's
Stauzewecke over the unit (more is better); tie-breaks ``"games_won"``, ``"deal_diff"`` (deals
won − deals lost by the seat's team), then ``"lot"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, NamedTuple

from scoring.base import (
    Event,
    GameBase,
    InvalidDeal,
    Option,
    SeatResult,
    Step,
    Warning,
)
from scoring.bauerchen import OTHER, SEATS, TEAM_SEATS, TEAMS
from scoring.checks import (
    PARTNERSHIP_OF,
    entry_object,
    next_seat,
    partnership_field,
    rotation_warnings,
    shown,
    suit_field,
)
from scoring.options import check_values, freeze, read_options

SOURCE_DEAL = "Bauerchen, Hessian variant, Scoring specification §2.10 (deal win)"
SOURCE_GAME = "Bauerchen, Hessian variant, Scoring specification §2.10 (Striche, Nullchen)"

TRICKS = 5
"""Five cards each, so five tricks a deal (§2.10)."""
START_STRICHE = 5
"""Each team chalks up five Striche at the start of a game (``+++++``, §2.10)."""
RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9")
"""The 24-card pack: a Skat pack without 7s and 8s (§2.10)."""

_ENTRY_KEYS = frozenset({"dealer", "winner_team", "trick_winners", "trump"})


def deal_winner(tricks: Sequence[str]) -> tuple[str | None, str]:
    """The team that wins a deal from the five trick winners (teams, in trick order), and how:
    ``("NS", "first_two")``, ``("EW", "last_three")`` or ``(None, "no_result")``.

    Both of the first two tricks win, and they are complete first, so they take precedence over
    the last three (Scoring specification §2.10 [R])."""
    if tricks[0] == tricks[1]:
        return tricks[0], "first_two"
    if tricks[2] == tricks[3] == tricks[4]:
        return tricks[2], "last_three"
    return None, "no_result"


class Deal(NamedTuple):
    """One entry read by :meth:`BauerchenHessen.parse`: the typed, normalised deal."""

    dealer: str | None
    """The dealer's seat, when entered."""
    trump: str | None
    """The turned-up trump suit, when entered (for the record; no scoring effect)."""
    tricks: tuple[str, ...] | None
    """The teams that took tricks 1–5, in order, when entered."""
    winner: str | None
    """The team that won the deal; ``None``: no result (tricks 1–2 and 3–5 split)."""
    how: str
    """How it was won: ``"first_two"``, ``"last_three"``, ``"entered"`` (only
    ``winner_team`` given) or ``"no_result"``."""


def _parse_dealer(entry: Mapping[str, Any]) -> str | None:
    """The dealer, when entered: a seat N, E, S or W (any case).

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``dealer``.
    """
    dealer = entry.get("dealer")
    if dealer is None:
        return None
    if not isinstance(dealer, str) or dealer.strip().upper() not in SEATS:
        raise InvalidDeal(
            "dealer",
            "UNKNOWN_PLAYER",
            f"dealer {dealer!r} is not a seat (N, E, S, W)",
            value=shown(dealer),
        )
    return dealer.strip().upper()


def _parse_winner_team(entry: Mapping[str, Any]) -> str | None:
    """The entered ``winner_team``: a team (NS, EW, either order, German OW for Ost/West) or a
    seat of it; ``None`` when not entered.

    Raises:
        InvalidDeal: ``UNKNOWN_PLAYER`` on ``winner_team``.
    """
    raw = entry.get("winner_team")
    if raw is None:
        return None
    return partnership_field(raw, "winner_team")


def _parse_tricks(raw: Any) -> tuple[str, ...]:
    """Exactly five trick winners, each a team (or a seat of it); returns the teams.

    Raises:
        InvalidDeal: ``INVALID_ENTRY`` (not a list), ``TRICK_COUNT_MISMATCH`` (not five) on
            ``trick_winners``; ``UNKNOWN_PLAYER`` on ``trick_winners.<i>``.
    """
    if not isinstance(raw, list | tuple):
        raise InvalidDeal(
            "trick_winners",
            "INVALID_ENTRY",
            f"trick_winners must be a list of five teams, not {shown(raw)!r}",
        )
    if len(raw) != TRICKS:
        raise InvalidDeal(
            "trick_winners",
            "TRICK_COUNT_MISMATCH",
            f"a deal has {TRICKS} tricks, not {len(raw)}",
            total=len(raw),
            expected=TRICKS,
        )
    return tuple(
        partnership_field(value, f"trick_winners.{index}") for index, value in enumerate(raw)
    )


def _winner(given: str | None, tricks: tuple[str, ...] | None) -> tuple[str | None, str]:
    """The deal's winner and how (:func:`deal_winner`), from the tricks when entered, else the
    entered ``winner_team`` (``given``); the two must agree.

    Raises:
        InvalidDeal: ``MINIMAL_FULL_MISMATCH`` on ``winner_team`` (the tricks say otherwise);
            ``MISSING_PLAYER`` on ``winner_team`` (neither entered).
    """
    if tricks is None:
        if given is None:
            raise InvalidDeal(
                "winner_team",
                "MISSING_PLAYER",
                "enter the team that won the deal (winner_team) or the five trick winners",
            )
        return given, "entered"
    winner, how = deal_winner(tricks)
    if given is not None and given != winner:
        raise InvalidDeal(
            "winner_team",
            "MINIMAL_FULL_MISMATCH",
            f"the tricks {'give no result' if winner is None else f'are won by {winner}'}"
            f", not by {given}",
            value=given,
            expected=winner,
        )
    return winner, how


@dataclass(frozen=True)
class Variant:
    """The house rules of one Hessian Bauerchen session; fixed at the start.

    Raises:
        InvalidVariant: ``UNKNOWN_OPTION`` for an option the game does not have,
            ``INVALID_OPTION_VALUE`` for a value of the wrong type or out of range.
    """

    games_per_match: int = 1
    """Games (each ended by a Nullchen) in a match; the match, and the tournament unit, closes by
    itself after them (default 1; 0 = open-ended). The source knows no matches [R]."""

    def __post_init__(self) -> None:
        check_values(self, integers={"games_per_match": 0})

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None) -> Variant:
        """The variant from JSON options; missing options take their defaults.

        Raises:
            InvalidVariant: an unknown option, or as :class:`Variant`.
        """
        return cls(**read_options(cls, options))

    def as_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data."""
        return {"games_per_match": self.games_per_match}


def _zero(keys: Sequence[str]) -> Mapping[str, int]:
    return freeze(dict.fromkeys(keys, 0))


@dataclass(frozen=True)
class HessenState:
    """The derived state of one table after a deal; immutable. Team mappings are keyed
    ``"NS"``, ``"EW"``; the ledger by seat."""

    seats: tuple[str, ...] = SEATS
    """``("N", "E", "S", "W")``, clockwise."""
    deals: int = 0
    """Deals entered so far, no-results included."""
    striche: Mapping[str, int] = field(
        default_factory=lambda: freeze(dict.fromkeys(TEAMS, START_STRICHE))
    )
    """Striche of the current game (5 : 5 at its start; 0 ends it)."""
    game_no: int = 1
    """The current game's number, 1-based."""
    games_won: Mapping[str, int] = field(default_factory=lambda: _zero(TEAMS))
    """Nullchen (games won) per team."""
    ledger: Mapping[str, int] = field(default_factory=lambda: _zero(SEATS))
    """Stauzewecke per seat: +1 for each game won, −1 for each game lost."""
    deals_won: Mapping[str, int] = field(default_factory=lambda: _zero(TEAMS))
    """Deals won per team (a no-result counts for nobody)."""
    no_results: int = 0
    """Deals without a result (tricks 1–2 and 3–5 split)."""
    dealer: str | None = None
    """The last deal's dealer, when entered."""
    match_over: bool = False
    """True once ``games_per_match`` games are played; a further deal is ``MATCH_OVER``."""
    unit_over: bool = False
    """The tournament unit (the match) is complete."""

    @property
    def teams(self) -> tuple[str, ...]:
        """``("NS", "EW")``."""
        return TEAMS

    @property
    def team_seats(self) -> Mapping[str, tuple[str, str]]:
        """Each team's two seats: ``{"NS": ("N", "S"), "EW": ("E", "W")}``."""
        return TEAM_SEATS

    def next_dealer(self) -> str | None:
        """Who deals next when the last dealer is known: the seat on his left, clockwise."""
        return None if self.dealer is None else next_seat(SEATS, self.dealer)

    def result(self) -> tuple[SeatResult, ...]:
        """Per seat, in seat order: its Stauzewecke, and its team's ``games_won`` and
        ``deal_diff`` (deals won − lost) as tie-break figures."""
        results = []
        for seat in self.seats:
            team = PARTNERSHIP_OF[seat]
            figures = {
                "games_won": self.games_won[team],
                "deal_diff": self.deals_won[team] - self.deals_won[OTHER[team]],
            }
            results.append(SeatResult(seat=seat, score=self.ledger[seat], figures=figures))
        return tuple(results)

    def as_dict(self) -> dict[str, Any]:
        """The state as JSON-ready data."""
        return {
            "striche": dict(self.striche),
            "game_no": self.game_no,
            "games_won": dict(self.games_won),
            "ledger": dict(self.ledger),
            "deals_won": dict(self.deals_won),
            "no_results": self.no_results,
            "deals": self.deals,
            "dealer": self.dealer,
            "match_over": self.match_over,
            "unit_over": self.unit_over,
        }


class BauerchenHessen(GameBase):
    """The Hessian Bauerchen engine (``bauerchen_hessen``), after Scoring specification §2.10."""

    key: ClassVar[str] = "bauerchen_hessen"
    partnerships: ClassVar[bool] = True
    name: ClassVar[str] = "Bauerchen (Hessian variant)"
    table_sizes: ClassVar[tuple[int, ...]] = (4,)
    metric_ascending: ClassVar[bool] = False
    """Stauzewecke: more is better."""
    tiebreaks: ClassVar[tuple[str, ...]] = ("games_won", "deal_diff", "lot")
    fewest_first: ClassVar[frozenset[str]] = frozenset()
    bye_score: ClassVar[int] = 0
    """A bye neither wins nor owes a Stauzeweck."""
    last_place_title: ClassVar[str | None] = None

    def variant(self, options: Mapping[str, Any] | None = None) -> Variant:
        """The house rules from JSON options.

        Raises:
            InvalidVariant: an unknown option or a bad value.
        """
        return Variant.from_options(options)

    def table_size(self, variant: Variant) -> int:
        """Always 4: two partnerships of two (§2.10)."""
        return 4

    def options(self) -> tuple[Option, ...]:
        """``games_per_match`` (default 1, minimum 0)."""
        return (Option("games_per_match", 1, (), 0),)

    def seats(self, count: int) -> tuple[str, ...]:
        """Seat labels N, E, S, W, clockwise.

        Raises:
            ValueError: ``count`` is not 4.
        """
        if count not in self.table_sizes:
            raise ValueError(f"Hessian Bauerchen is played by 4 players, not {count!r}")
        return SEATS

    def initial(self, seats: Sequence[str], variant: Variant) -> HessenState:
        """The state before the first deal: five Striche each, game 1.

        Raises:
            ValueError: seats other than N, E, S, W.
        """
        if tuple(seats) != SEATS:
            raise ValueError(f"Hessian Bauerchen seats are N, E, S, W, not {seats!r}")
        return HessenState()

    # -- a deal in three steps -------------------------------------------------------------------

    def parse(
        self,
        entry: Mapping[str, Any],
        state: HessenState,
        variant: Variant,
        *,
        trusted: bool = False,
    ) -> Deal:
        """Step 1: read one raw entry into a :class:`Deal`: its shape, the dealer, the trump
        suit, then the winner as entered (``winner_team``) and from the tricks
        (``trick_winners``), which must agree (§2.10). The checks are cheap, so a ``trusted``
        entry is read in full all the same.

        Raises:
            InvalidDeal: ``INVALID_ENTRY``, ``UNKNOWN_FIELD`` (the entry's shape);
                ``UNKNOWN_PLAYER`` (``dealer``, ``winner_team``, ``trick_winners.i``);
                ``OUT_OF_RANGE`` (``trump``); ``TRICK_COUNT_MISMATCH`` (not five trick
                winners); ``MISSING_PLAYER`` (no winner in any form); ``MINIMAL_FULL_MISMATCH``
                (``winner_team`` ≠ the winner of the tricks).
        """
        entry = entry_object(entry, _ENTRY_KEYS)
        dealer = _parse_dealer(entry)
        trump = suit_field(entry.get("trump"), "trump")
        given = _parse_winner_team(entry)
        raw = entry.get("trick_winners")
        tricks = None if raw is None else _parse_tricks(raw)
        winner, how = _winner(given, tricks)
        return Deal(dealer, trump, tricks, winner, how)

    def legality(self, deal: Deal, state: HessenState, variant: Variant) -> tuple[Warning, ...]:
        """Step 2: the deal in its place.

        Returns the warnings: ``DEALER_ROTATION`` (the dealer entered is not left of the last
        one), ``NO_RESULT`` (tricks 1–2 and 3–5 split; the deal changes nothing). Raises:
            InvalidDeal: ``MATCH_OVER`` (``games_per_match`` games are played).
        """
        expected = state.next_dealer()
        warnings = rotation_warnings(
            deal.dealer,
            expected,
            f"{deal.dealer} dealt, but {expected} (left of the last dealer) deals next",
        )
        if deal.winner is None:
            warnings += (
                Warning(
                    "trick_winners",
                    "NO_RESULT",
                    "neither team took both of the first two tricks or all of the last three: "
                    "the deal changes nothing",
                ),
            )
        if state.match_over:
            raise InvalidDeal(
                "deal",
                "MATCH_OVER",
                "the match is over; no more deals can be entered",
                games=state.game_no - 1,
            )
        return warnings

    def push(self, deal: Deal, state: HessenState, variant: Variant) -> Step:
        """Step 3: score a legal deal (§2.10). The winner erases a Strich ("en Strich aus"),
        the loser adds one ("en Strich oo"); a team down to none wins the game
        (:func:`_nullchen`). A deal without a result changes nothing but the count. A deal
        entered without a dealer is taken to be dealt by the seat in turn. The state passed in
        is never changed; the scoring finds no warnings.
        """
        dealer = deal.dealer if deal.dealer is not None else state.next_dealer()
        winner = deal.winner
        if winner is None:
            new = replace(
                state,
                deals=state.deals + 1,
                no_results=state.no_results + 1,
                dealer=dealer,
                unit_over=state.match_over,
            )
            return Step(state=new, events=(Event("no_result", (), {}, SOURCE_DEAL),))
        striche = dict(state.striche)
        striche[winner] -= 1
        striche[OTHER[winner]] += 1
        deals_won = dict(state.deals_won)
        deals_won[winner] += 1
        events = [
            Event(
                "deal_won",
                TEAM_SEATS[winner],
                {"team": winner, "how": deal.how, "striche": dict(striche)},
                SOURCE_DEAL,
            )
        ]
        new = replace(
            state,
            deals=state.deals + 1,
            striche=freeze(striche),
            deals_won=freeze(deals_won),
            dealer=dealer,
            unit_over=state.match_over,
        )
        if striche[winner] == 0:
            new = _nullchen(new, winner, variant, events)
        return Step(state=new, events=tuple(events))


def _nullchen(
    state: HessenState, winner: str, variant: Variant, events: list[Event]
) -> HessenState:
    """``winner`` is down to no Strich: its Nullchen wins the game, each losing player owes one
    Stauzeweck to the winners, and the next game starts at five Striche each; the match (the
    tournament unit) closes after ``games_per_match`` games (§2.10). Appends the events."""
    owed = {seat: 1 if PARTNERSHIP_OF[seat] == winner else -1 for seat in SEATS}
    ledger = dict(state.ledger)
    for seat, amount in owed.items():
        ledger[seat] += amount
    games_won = dict(state.games_won)
    games_won[winner] += 1
    events.append(
        Event(
            "nullchen",
            TEAM_SEATS[winner],
            {"team": winner, "game": state.game_no, "ledger": owed},
            SOURCE_GAME,
        )
    )
    game_no = state.game_no + 1
    match_over = state.match_over
    if variant.games_per_match and game_no > variant.games_per_match:
        match_over = True
        events.append(Event("match_over", (), {"games": game_no - 1}, SOURCE_GAME))
        events.append(Event("unit_over", (), {"unit": "match"}, SOURCE_GAME))
    return replace(
        state,
        striche=freeze(dict.fromkeys(TEAMS, START_STRICHE)),
        game_no=game_no,
        games_won=freeze(games_won),
        ledger=freeze(ledger),
        match_over=match_over,
        unit_over=match_over,
    )


BAUERCHEN_HESSEN = BauerchenHessen()
"""The module's singleton engine, ``scoring.games["bauerchen_hessen"]``."""
