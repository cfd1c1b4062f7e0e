"""The prize list read (issue 17, part 2): who wins which prize of a tournament's prize list and
how much cash that is, the order in which everybody chooses from the prize table, and what the
organiser should know before the prize-giving. Amounts are ``Decimal`` euros. The writes are
:mod:`tournaments.services.prizes`; the cash report (:mod:`tournaments.cash`) pays out the cash
awards read here, the certificates print each winner's prizes.

The rules (also in docs/running-a-tournament.md, "Prizes and the prize-giving"):

* **Who can win**: every ranked player (players außer Konkurrenz are never ranked) but the
  withdrawn; the players behind a withdrawn one move up a prize place. In a partnership game with
  registered teams the places are the teams' (a team with a withdrawn partner is out): a place
  prize is the team's, one line with both partners named, its cash handed to the team.
* **Cash**: a fixed amount, or a share in percent of the entry fees collected so far, rounded
  down to the cent (a share never pays more than it says).
* **Shared places** (players on the same rank), by the tournament's rule:

  - *split equally*: the tied players together take the cash of the places they occupy (places
    2–3 tied: the prizes of places 2 and 3), each the same share rounded down to the cent; the
    cents left over stay in the box, and the award says so. Goods cannot be split: each takes
    the goods of one of those places, in the standings' order (the lot's, where it is a
    tie-break);
  - *the higher prize to the Stechen winner*: a shared place whose places carry different prizes
    is not paid until a Stechen (or its lot) has decided it; the desk names the places to decide.
    Shared places that all carry the same prize are paid as they are.

* **Last place** (Hintersche: the Bollenkönig) is a title: it goes to the entrant the standings
  list last (among players sharing the last place, the lot's order, as the championship report
  names him), whatever else he won, and it keeps nobody from another prize.
* **Oldest player**: the lowest year of birth (a player without one cannot win it; the same
  year: the better ranked). **Best of a category**: the best ranked player assigned to it.
* **One prize a player**, unless the tournament allows a special prize on top of a place
  prize: the special prizes are handed in the prize list's order, each to the best of its
  category who holds no place prize and no special prize handed before. A special prize whose
  winner depends on a shared place still to be decided waits for it.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.messages import ordinal, place_words
from tournaments.models import Player, Prize, PrizeCategory, Tournament
from tournaments.standings import (
    Row,
    Standings,
    counted_deals,
    team_standings,
    tournament_standings,
)
from tournaments.templatetags.money import euros

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
HUNDRED = Decimal("100")


def percent(value: Decimal) -> str:
    """A share without trailing zeros, as the language writes it: "40", "12,5" / "12.5"."""
    return number_format(Decimal(f"{value.normalize():f}"), use_l10n=True)


def prize_title(prize: Prize, last_title: str | None) -> str:
    """What ``prize`` is for, in words: "1st place", "Bollenkönig" (the game's title of the last
    place, else "Last place"), "Oldest player", "Special prize Damen"."""
    if prize.kind == Prize.Kind.PLACE:
        return place_words(prize.place)
    if prize.kind == Prize.Kind.LAST:
        return last_title or _("Last place")
    if prize.kind == Prize.Kind.OLDEST:
        return _("Oldest player")
    return _("Special prize %(category)s") % {"category": prize.category.name}


def prize_cash(prize: Prize, fees_in: Decimal) -> Decimal:
    """The cash of ``prize`` in euros: its fixed amount, or its share of ``fees_in`` (the entry
    fees collected) rounded down to the cent, or 0.00."""
    if prize.amount is not None:
        return prize.amount
    if prize.share is not None:
        return (fees_in * prize.share / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
    return ZERO


def prize_words(cash: Decimal, goods: str) -> str:
    """A prize as the certificate and the lists say it: "€100.00 · Wanderpokal", "€25.00",
    "Schinken"."""
    return " · ".join(part for part in (euros(cash) if cash else "", goods) if part)


@dataclass(frozen=True)
class PrizeLine:
    """One prize of the list with its cash now."""

    prize: Prize
    title: str
    """What it is for, in words (:func:`prize_title`)."""
    cash: Decimal
    """Euros now; a share of the fees: of those collected so far."""


@dataclass(frozen=True)
class Award:
    """One prize handed to a player (or a team)."""

    prize: Prize
    """The prize (for a shared place: that of the place the goods come from, else the first)."""
    title: str
    """"1st place", "2nd–3rd place (shared)", "Bollenkönig", "Oldest player" …"""
    winner: str
    """The player's name as lists show it, or the team's name."""
    rank: int
    """The winner's place in the standings."""
    cash: Decimal
    goods: str
    note: str = ""
    """How the cash was shared, why the place differs from the standings, a birth year."""
    members: tuple[str, ...] = ()
    """A team's partners (a team's place prize), by name."""

    @property
    def who(self) -> str:
        """The winner for a list: the name, or the team with its partners."""
        if self.members:
            return _("%(team)s (%(members)s)") % {
                "team": self.winner,
                "members": ", ".join(self.members),
            }
        return self.winner

    @property
    def special(self) -> bool:
        return self.prize.kind != Prize.Kind.PLACE

    @property
    def words(self) -> str:
        return prize_words(self.cash, self.goods)


@dataclass(frozen=True)
class Waiting:
    """A prize that is not handed yet: its shared place is still to be decided by a Stechen."""

    message: str
    first_place: int
    """The first of the shared places in the standings (the Stechen page's group)."""


@dataclass(frozen=True)
class Turn:
    """One player's turn at the prize table (Gabentisch)."""

    number: int
    rank: int
    tied: bool
    name: str


@dataclass(frozen=True)
class PrizeList:
    """A tournament's prize list read against its standings."""

    lines: list[PrizeLine]
    """The prizes, place prizes by place, then the special prizes in their order."""
    fees_in: Decimal
    """The entry fees collected so far (what the shares are of)."""
    ranked: bool
    """Whether a deal counts: only then are prizes handed."""
    final: bool
    """Whether the tournament is finished (else every award is provisional)."""
    awards: list[Award] = field(default_factory=list)
    """Who wins what: place prizes by place, then the special prizes in the list's order."""
    waiting: list[Waiting] = field(default_factory=list)
    table_order: list[Turn] = field(default_factory=list)
    """Everybody who can take a prize, in ranking order: the order at the prize table."""
    warnings: list[str] = field(default_factory=list)
    """What the organiser should look at (nothing is changed for him)."""
    notes: list[str] = field(default_factory=list)

    @property
    def planned_cash(self) -> Decimal:
        """The cash of the whole list now."""
        return sum((line.cash for line in self.lines), ZERO)

    @property
    def cash_out(self) -> Decimal:
        """The cash handed so far by the standings."""
        return sum((award.cash for award in self.awards), ZERO)

    @property
    def payouts(self) -> list[Award]:
        """The awards with cash, as the payout sheet lists them."""
        return [award for award in self.awards if award.cash > 0]

    @property
    def shares(self) -> Decimal:
        """The shares of the entry fees on the list, in percent."""
        return sum((line.prize.share for line in self.lines if line.prize.share), ZERO)


@dataclass(frozen=True)
class _Facts:
    fee_paid: Decimal | None
    birth_year: int | None
    withdrawn: bool
    hors_concours: bool


def _facts(tournament: Tournament, players: Iterable[Player] | None) -> dict[int, _Facts]:
    if players is not None:
        rows = ((p.pk, p.fee_paid, p.birth_year, p.withdrawn, p.hors_concours) for p in players)
    else:
        rows = tournament.players.values_list(
            "pk", "fee_paid", "birth_year", "withdrawn", "hors_concours"
        )
    return {pk: _Facts(*values) for pk, *values in rows}


def _ordered(prizes: Iterable[Prize]) -> list[Prize]:
    """Place prizes by place, then the special prizes in their order."""
    prizes = list(prizes)
    places = sorted((p for p in prizes if p.kind == Prize.Kind.PLACE), key=lambda p: p.place)
    specials = [p for p in prizes if p.kind != Prize.Kind.PLACE]
    return places + sorted(specials, key=lambda p: (p.position, p.pk or 0))


def prize_list(
    tournament: Tournament,
    players: Iterable[Player] | None = None,
    *,
    cash_only: bool = False,
) -> PrizeList:
    """The prize list of ``tournament`` read against its standings (the module's rules).
    ``players``: all of its players where the caller has them (else one query); ``cash_only``:
    the caller wants only the cash awards, so that a list without cash reads no standings.

    Queries: the prizes, the players, the categories' players where a prize needs them, whether
    a deal counts and the standings' (never the cached standings: a caller holding the
    tournament from before a write would read those of its old version; one more for the teams
    of a partnership game)."""
    prizes = _ordered(tournament.prizes.select_related("category"))
    facts = _facts(tournament, players)
    fees_in = sum((f.fee_paid for f in facts.values() if f.fee_paid is not None), ZERO)
    last_title = tournament.scoring_game.last_place_title
    lines = [PrizeLine(p, prize_title(p, last_title), prize_cash(p, fees_in)) for p in prizes]
    listing = PrizeList(lines=lines, fees_in=fees_in, ranked=False, final=tournament.finished)
    _list_warnings(listing)
    if not prizes or cash_only and not any(line.cash for line in lines):
        return listing
    standings = tournament_standings(tournament)
    placed, members = _placed(tournament, standings)
    eligible = [row for row in placed if _eligible(row, members, facts)]
    categories = _category_players(tournament, lines)
    _entrant_warnings(listing, eligible, members, facts, categories)
    if not counted_deals(tournament).exists():
        return listing
    listing = dataclasses.replace(listing, ranked=True)
    _Handing(tournament, listing, standings, eligible, members, facts, categories).hand()
    return listing


def _placed(tournament: Tournament, standings: Standings) -> tuple[list[Row], dict[int, list[Row]]]:
    """The ranking the places go to: the teams' in a partnership game with registered teams
    (with each team's players' rows, by name), else the players' (and no members)."""
    if not tournament.teams_allowed or not tournament.teams.exists():
        return standings.rows, {}
    members: dict[int, list[Row]] = defaultdict(list)
    for row in sorted(standings.rows, key=lambda r: r.player.name):
        if row.player.team_id is not None:
            members[row.player.team_id].append(row)
    return team_standings(tournament, standings).rows, dict(members)


def _eligible(row: Row, members: Mapping[int, list[Row]], facts: Mapping[int, _Facts]) -> bool:
    """Whether the entrant of ``row`` can take a prize: not withdrawn (a team: no partner)."""
    if not members:
        return not row.player.withdrawn
    partners = members.get(row.player.pk, [])
    return bool(partners) and not any(p.player.withdrawn for p in partners)


def _list_warnings(listing: PrizeList) -> None:
    """What the list says by itself: shares above 100 %, shares that leave part of the fees in
    the box, cash beyond the fees collected so far."""
    shares = listing.shares
    if shares > HUNDRED:
        listing.warnings.append(
            _(
                "The shares add up to %(total)s %% of the entry fees: more than the fees. Lower "
                "one of them."
            )
            % {"total": percent(shares)}
        )
    elif shares:
        rest = HUNDRED - shares
        kept = (listing.fees_in * rest / HUNDRED).quantize(CENT, rounding=ROUND_DOWN)
        if rest:
            listing.notes.append(
                _(
                    "The shares add up to %(total)s %% of the entry fees: %(rest)s %% (now "
                    "%(amount)s) is not given as a share."
                )
                % {"total": percent(shares), "rest": percent(rest), "amount": euros(kept)}
            )
    planned = listing.planned_cash
    if planned > listing.fees_in:
        listing.warnings.append(
            _(
                "The cash prizes add up to %(prizes)s, but only %(fees)s of entry fees are in "
                "the box so far: %(short)s more is needed. That is fine where a sponsor or the "
                "club adds money; the cash report then shows a negative balance."
            )
            % {
                "prizes": euros(planned),
                "fees": euros(listing.fees_in),
                "short": euros(planned - listing.fees_in),
            }
        )


def _entrant_warnings(
    listing: PrizeList,
    eligible: list[Row],
    members: Mapping[int, list[Row]],
    facts: Mapping[int, _Facts],
    categories: Mapping[int, set[int]],
) -> None:
    """What the list says against the players: a place nobody can take, a category nobody is
    in, an oldest player without a year of birth."""
    teams = bool(members)
    for line in listing.lines:
        prize = line.prize
        if prize.kind == Prize.Kind.PLACE and prize.place > len(eligible):
            text = (
                ngettext(
                    "%(place)s has a prize, but only %(count)s team can take a place: it is "
                    "not handed out.",
                    "%(place)s has a prize, but only %(count)s teams can take a place: it is "
                    "not handed out.",
                    len(eligible),
                )
                if teams
                else ngettext(
                    "%(place)s has a prize, but only %(count)s player can take a place: it is "
                    "not handed out.",
                    "%(place)s has a prize, but only %(count)s players can take a place: it is "
                    "not handed out.",
                    len(eligible),
                )
            )
            listing.warnings.append(text % {"place": line.title, "count": len(eligible)})
        elif prize.kind == Prize.Kind.CATEGORY and not any(
            _can_take(pk, facts) for pk in categories.get(prize.category_id, ())
        ):
            listing.warnings.append(
                _(
                    "Nobody who can take a prize is in the category %(name)s: assign its players "
                    "below, or its prize is not handed out."
                )
                % {"name": prize.category.name}
            )
        elif prize.kind == Prize.Kind.OLDEST and not any(
            f.birth_year for pk, f in facts.items() if _can_take(pk, facts)
        ):
            listing.warnings.append(
                _(
                    "No player has a year of birth: enter them on the player list, or the prize "
                    "for the oldest player is not handed out."
                )
            )


def _can_take(pk: int, facts: Mapping[int, _Facts]) -> bool:
    """Whether player ``pk`` can take a special prize: ranked (not außer Konkurrenz) and not
    withdrawn."""
    fact = facts.get(pk)
    return fact is not None and not fact.withdrawn and not fact.hors_concours


def _category_players(tournament: Tournament, lines: list[PrizeLine]) -> dict[int, set[int]]:
    """Per category that a prize names, its players' ids (one query, none without such a
    prize)."""
    if not any(line.prize.kind == Prize.Kind.CATEGORY for line in lines):
        return {}
    found: dict[int, set[int]] = defaultdict(set)
    through = PrizeCategory.players.through
    for category_id, player_id in through.objects.filter(
        prizecategory__tournament=tournament
    ).values_list("prizecategory_id", "player_id"):
        found[category_id].add(player_id)
    return found


class _Handing:
    """Hands the prizes of a ranked tournament (the module's rules), filling ``listing``."""

    def __init__(
        self,
        tournament: Tournament,
        listing: PrizeList,
        standings: Standings,
        eligible: list[Row],
        members: Mapping[int, list[Row]],
        facts: Mapping[int, _Facts],
        categories: Mapping[int, set[int]],
    ) -> None:
        self.tournament = tournament
        self.listing = listing
        self.standings = standings
        self.eligible = eligible
        self.members = members
        self.facts = facts
        self.cash = {line.prize.pk: line.cash for line in listing.lines}
        self.titles = {line.prize.pk: line.title for line in listing.lines}
        self.holders: set[int] = set()
        """Players who hold a place prize or a special prize (the one-prize rule)."""
        self.uncertain: set[int] = set()
        """Players whose prize depends on a Stechen still to be played."""
        self.places: list[Award] = []
        self.specials: dict[int, Award] = {}
        self.category_players = categories

    def players_of(self, row: Row) -> list[int]:
        if not self.members:
            return [row.player.pk]
        return [p.player.pk for p in self.members.get(row.player.pk, [])]

    def award(
        self, prize: Prize, row: Row, title: str, cash: Decimal, goods: str, note: str = ""
    ) -> Award:
        """``prize`` handed to the entrant of ``row`` (a team: with its partners)."""
        partners = tuple(p.player.name for p in self.members.get(row.player.pk, []))
        return Award(prize, title, row.player.name, row.rank, cash, goods, note, partners)

    def hand(self) -> None:
        self.hand_places()
        self.hand_specials()
        self.listing.awards.extend(self.places)
        for line in self.listing.lines:
            if line.prize.pk in self.specials:
                self.listing.awards.append(self.specials[line.prize.pk])
        self.listing.table_order.extend(self.table_order())

    def groups(self) -> list[list[Row]]:
        """The eligible entrants, those sharing a rank together, and so those whose Stechen is
        still under way (their order is provisional)."""
        groups: list[list[Row]] = []
        for row in self.eligible:
            last = groups[-1][-1] if groups else None
            if last is not None and (
                last.rank == row.rank
                or (last.stechen_pending and row.stechen_pending and last.total == row.total)
            ):
                groups[-1].append(row)
            else:
                groups.append([row])
        return groups

    def stechen_place(self, row: Row) -> int:
        """The first place of the Stechen page's tie group of ``row``: the players level on its
        total (:func:`tournaments.stechen.tie_groups`)."""
        return next(
            index
            for index, other in enumerate(self.standings.rows, start=1)
            if other.total == row.total
        )

    def hand_places(self) -> None:
        by_place = {
            line.prize.place: line.prize
            for line in self.listing.lines
            if line.prize.kind == Prize.Kind.PLACE
        }
        place = 1
        for group in self.groups():
            offered = [by_place.get(n) for n in range(place, place + len(group))]
            if any(offered):
                if len(group) == 1:
                    self.hand_place(group[0], offered[0], place)
                else:
                    self.hand_shared(group, offered, place)
            place += len(group)

    def hand_place(self, row: Row, prize: Prize, place: int) -> None:
        note = ""
        if row.rank != place:
            note = _("%(rank)s in the standings: a player ahead withdrew") % {
                "rank": ordinal(row.rank)
            }
        cash = self.cash[prize.pk]
        self.places.append(self.award(prize, row, self.titles[prize.pk], cash, prize.goods, note))
        self.holders.update(self.players_of(row))

    def hand_shared(self, group: list[Row], offered: list[Prize | None], place: int) -> None:
        """A shared place: split equally, or wait for the Stechen (the module's rules)."""
        k = len(group)
        cash = [self.cash[p.pk] if p else ZERO for p in offered]
        goods = [p.goods if p else "" for p in offered]
        same = None not in offered and len(set(zip(cash, goods, strict=True))) == 1
        title = place_words(place, place + k - 1)
        rule = self.tournament.prize_sharing
        playing = group[0].stechen_pending
        # A Stechen played that left them level (two cleared in the same deal, or the same place
        # at two tables) decides nothing more between them: they split as under the default.
        level_after = all(row.player.stechen_rank is not None for row in group)
        if (
            playing
            or rule == Tournament.PrizeSharing.STECHEN_WINNER
            and not same
            and not level_after
        ):
            first = group[0].rank
            values = {"places": title, "first": first, "last": first + k - 1}
            message = (
                _(
                    "Places %(first)s–%(last)s: the Stechen is still being played; their prizes "
                    "are handed when it is over."
                )
                if playing
                else _(
                    "%(places)s: the prizes differ. Decide places %(first)s–%(last)s by "
                    "Stechen first; the higher prize goes to the Stechen winner."
                )
            )
            self.listing.waiting.append(Waiting(message % values, self.stechen_place(group[0])))
            for row in group:
                # All of them will hold a place prize if every place of theirs has one.
                (self.holders if None not in offered else self.uncertain).update(
                    self.players_of(row)
                )
            return
        total = sum(cash, ZERO)
        each = (total / k).quantize(CENT, rounding=ROUND_DOWN)
        left = total - each * k
        note = ""
        if total and not same:
            note = _("shared: (%(sum)s) ÷ %(count)s") % {
                "sum": " + ".join(euros(c) for c in cash),
                "count": k,
            }
            if left:
                note += _("; %(left)s stays in the box") % {"left": euros(left)}
            if rule == Tournament.PrizeSharing.STECHEN_WINNER:
                note = _("level after the Stechen, %(shared)s") % {"shared": note}
        for index, row in enumerate(group):
            if not each and not goods[index]:
                continue
            prize = offered[index] or next(p for p in offered if p)
            self.places.append(self.award(prize, row, title, each, goods[index], note))
            self.holders.update(self.players_of(row))

    def candidates(self, prize: Prize) -> list[Row]:
        """The players who can win the special ``prize``, best first."""
        rows = [
            row
            for row in self.standings.rows
            if not row.player.withdrawn and _can_take(row.player.pk, self.facts)
        ]
        if prize.kind == Prize.Kind.OLDEST:
            born = [
                (self.facts[row.player.pk].birth_year, index, row)
                for index, row in enumerate(rows)
                if self.facts[row.player.pk].birth_year
            ]
            return [row for _year, _index, row in sorted(born, key=lambda b: b[:2])]
        categories = self.category_players
        return [row for row in rows if row.player.pk in categories.get(prize.category_id, ())]

    def hand_specials(self) -> None:
        combine = self.tournament.prizes_combine
        for line in self.listing.lines:
            prize = line.prize
            if prize.kind == Prize.Kind.PLACE:
                continue
            if prize.kind == Prize.Kind.LAST:
                self.hand_last(prize)
                continue
            winner, blocked = None, False
            for row in self.candidates(prize):
                pk = row.player.pk
                if not combine and pk in self.holders:
                    continue
                if not combine and pk in self.uncertain:
                    blocked = True
                    continue
                winner = row
                break
            if blocked:
                if winner is not None:
                    self.uncertain.add(winner.player.pk)
                self.listing.waiting.append(
                    Waiting(
                        _(
                            "%(prize)s waits for the Stechen: a player ahead in its category "
                            "shares a place that is not decided yet."
                        )
                        % {"prize": line.title},
                        0,
                    )
                )
                continue
            if winner is None:
                continue
            note = ""
            if prize.kind == Prize.Kind.OLDEST:
                note = _("born %(year)s") % {"year": self.facts[winner.player.pk].birth_year}
            self.specials[prize.pk] = Award(
                prize, line.title, winner.player.name, winner.rank, line.cash, prize.goods, note
            )
            self.holders.add(winner.player.pk)

    def hand_last(self, prize: Prize) -> None:
        """The last place's title: to the entrant the standings list last."""
        if len(self.eligible) < 2:
            return
        row = self.eligible[-1]
        self.specials[prize.pk] = self.award(
            prize, row, self.titles[prize.pk], self.cash[prize.pk], prize.goods
        )

    def table_order(self) -> list[Turn]:
        """Everybody who can take a prize in ranking order (a team's partners by name)."""
        turns: list[Turn] = []
        for row in self.eligible:
            names = [p.player.name for p in self.members.get(row.player.pk, [])]
            if self.members:
                names = [
                    _("%(name)s (%(team)s)") % {"name": name, "team": row.player.name}
                    for name in names
                ]
            for name in names or [row.player.name]:
                turns.append(Turn(len(turns) + 1, row.rank, row.tied, name))
        return turns


@dataclass(frozen=True)
class CertificatePrizes:
    """What each certificate prints under the place: per player's and per team's name, the
    lines of the prizes won ("Prize: €100.00 · Wanderpokal", "Bollenkönig: Bolle")."""

    players: dict[str, list[str]] = field(default_factory=dict)
    teams: dict[str, list[str]] = field(default_factory=dict)

    def of(self, name: str, team: str | None = None) -> list[str]:
        return [*(self.teams.get(team, []) if team else []), *self.players.get(name, [])]


def certificate_prizes(tournament: Tournament) -> CertificatePrizes:
    """The prizes to print on the certificates of ``tournament`` (:class:`CertificatePrizes`);
    a prize waiting for a Stechen is not printed. One query where there is no prize list."""
    listing = prize_list(tournament)
    found = CertificatePrizes()
    for award in listing.awards:
        words = award.words
        if award.special:
            text = f"{award.title}: {words}" if words else award.title
        else:
            text = _("Prize: %(prize)s") % {"prize": words}
        (found.teams if award.members else found.players).setdefault(award.winner, []).append(text)
    return found
