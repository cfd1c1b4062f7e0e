"""Seating draws: plain functions, seeded and reproducible (no database here).

A draw takes the players' ids, a seed and the table sizes the game allows, and returns the tables
(each a list of ids in seat order) and the players who get a bye. Three methods share one keyword
signature; :func:`draw` picks one by name:

- ``"random"`` (:func:`draw_random`): a seeded shuffle.
- ``"avoid_repeats"`` (:func:`draw_avoiding_repeats`): the same shuffle, then swaps between tables
  until players who already sat together meet as little as possible (:func:`repeat_cost`).
- ``"standings"`` (:func:`draw_by_standings`): leaders together, as in a Swiss system.

In the partnership games (Bauerchen, Hundertspiel) ``teams`` names the partnerships: whole teams
are drawn, two to a table of four, partners opposite each other (seats 0 and 2 one team, seats 1
and 3 the other), and a bye goes to a whole team.

With partners drawn anew each round (individuals in a partnership game, :func:`draw_partners`)
every player is drawn on his own and the draw also chooses the partnerships: nobody gets a
partner he already had while that can be avoided, and with ``"avoid_repeats"`` the same two
players meet as opponents as seldom as possible.

Byes are fair in every method: nobody gets a second bye before everyone has had one. The same
inputs and seed give the same draw whatever the order of ``players`` (except for ``"standings"``,
where the order is the standings), of ``teams`` and of ``met``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

DRAW_METHODS = ("random", "avoid_repeats", "standings")
"""The names :func:`draw` accepts."""

TEAM_TABLE_SIZE = 4
"""Partnership games seat two teams of two at a table."""

# Sideways swaps (no change in cost) let the search walk across plateaus, but only for so many
# passes without a strict improvement; the pass bound caps the work when no repeat-free draw exists.
_STALL_PASSES = 6
_MAX_PASSES = 60

Unit = tuple[int, ...]
"""What a draw places: a player ``(id,)``, or a team ``(id, id)`` with its members ascending."""


class DrawUserError(ValueError):
    """A draw the organiser can fix. ``code`` is stable, ``params`` fill its message:
    ``TOO_FEW_PLAYERS`` (``players``, ``table_size``); ``BYES_NEEDED`` (``players``,
    ``table_size``, ``byes``: the number of players it would take); ``TEAM_INCOMPLETE``
    (``player``: a player without exactly one partner, or in a team but not in the draw)."""

    def __init__(self, code: str, message: str, **params: int | str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Draw:
    """The outcome of a draw: ``tables`` in table order, each a list of player ids in seat order
    (with teams ``[a1, b1, a2, b2]``: partners at seats 0 and 2, and 1 and 3); ``byes`` the ids
    who sit this round out, ascending."""

    seed: int
    tables: list[list[int]]
    byes: list[int]


def table_plan(player_count: int, table_sizes: Sequence[int]) -> tuple[list[int], int]:
    """Split ``player_count`` players into tables of the allowed ``table_sizes`` (the usual size
    first): the fewest byes, then the fewest tables off the usual size, then sizes as close to the
    usual as possible. Returns the table sizes (largest first) and the number of byes; no tables
    and every player a bye when fewer players than the smallest table are there."""
    usual = table_sizes[0]
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (player_count + 1)
    best[0] = (0, 0, ())
    for count in range(1, player_count + 1):
        options = []
        for size in table_sizes:
            previous = best[count - size] if size <= count else None
            if previous is not None:
                off, distance, plan = previous
                options.append((off + (size != usual), distance + abs(size - usual), (*plan, size)))
        best[count] = min(options, default=None)
    for byes in range(player_count + 1):
        found = best[player_count - byes]
        if found is not None:
            return sorted(found[2], reverse=True), byes
    raise AssertionError("zero players always fit")  # best[0] is set


def repeat_cost(
    tables: Sequence[Sequence[int]],
    met: Mapping[frozenset[int], int],
    teams: Sequence[tuple[int, int]] | None = None,
) -> int:
    """The cost of a seating given the history (after SchafkopfTurnier's draw, which charges a
    flat penalty for each pair at a table that sat together before): the sum, over every pair at
    one table, of the square of ``met[pair]``, how often the two already sat at one table.

    Squared, so that a third meeting (cost 4) weighs more than two second meetings (1 + 1): the
    draw spreads repeats over many players rather than seating the same two together again and
    again. With ``teams`` the pairs are pairs of teams, and two teams have met as often as the
    most frequent meeting of any member of the one with any member of the other (partners'
    meetings with each other do not count).

    ``tables`` are lists of player ids; ``met`` maps ``frozenset({a, b})`` to a count (missing
    pairs have never met)."""
    team_of = _team_of_players(teams)
    seated = [list(dict.fromkeys(team_of.get(p, (p,)) for p in table)) for table in tables]
    units = [unit for table in seated for unit in table]
    weight = _weights(units, met)
    total = 0
    start = 0
    for table in seated:
        members = range(start, start + len(table))
        total += sum(weight[i].get(j, 0) for i in members for j in members if i < j)
        start += len(table)
    return total


def draw_random(
    players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
    teams: Sequence[tuple[int, int]] | None = None,
) -> Draw:
    """A random seating into tables of the allowed ``table_sizes``, the usual (first) size
    preferred (Hintersche: 4, Schoch 2014; Kein Stich: 3–6, four usual), as :func:`table_plan`
    splits the players; with ``teams``, two teams to a table of four, partners opposite.

    When no split seats everybody, the remainder gets a bye, chosen at random among the players
    (teams) with the fewest byes so far (nobody gets a second bye before everyone has had one).

    Raises:
        DrawUserError: ``TOO_FEW_PLAYERS`` for fewer players than the smallest table;
            ``BYES_NEEDED`` when byes would be needed and ``allow_byes`` is false;
            ``TEAM_INCOMPLETE`` when ``teams`` does not pair every player with exactly one other.
    """
    units, plan, bye_count = _prepare(players, table_sizes, allow_byes, teams)
    rng = random.Random(seed)
    order, byes = _shuffle_and_choose_byes(units, bye_count, byes_so_far, rng)
    return _seated(seed, _split(order, byes, plan), byes, rng)


def draw_avoiding_repeats(
    players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
    met: Mapping[frozenset[int], int] | None = None,
    teams: Sequence[tuple[int, int]] | None = None,
) -> Draw:
    """A random seating (the one :func:`draw_random` makes from the same seed, byes included),
    then improved against the history ``met`` (``frozenset({a, b})`` → how often a and b sat at
    one table): local search by seeded swaps of players (teams) between tables lowers
    :func:`repeat_cost`, each swap priced by the change at the two tables it touches.

    The search takes, pass by pass, every player who sits with someone already met and swaps them
    with the first player elsewhere (scanning from a seeded place) whose swap lowers the cost, or
    failing that with one whose swap leaves it level; it stops when the cost is zero, after a few
    passes without a lowering, or after a fixed number of passes. Without history the draw is
    :func:`draw_random`'s. 1,000 players with ten rounds of history take well under a second.

    Raises:
        DrawUserError: as :func:`draw_random`.
    """
    units, plan, bye_count = _prepare(players, table_sizes, allow_byes, teams)
    rng = random.Random(seed)
    order, byes = _shuffle_and_choose_byes(units, bye_count, byes_so_far, rng)
    tables = _split(order, byes, plan)
    if met:
        tables = _improve(tables, met, rng)
    return _seated(seed, tables, byes, rng)


def draw_by_standings(
    ranked_players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
    teams: Sequence[tuple[int, int]] | None = None,
) -> Draw:
    """Leaders together, as the Swiss system pairs players of equal score: ``ranked_players`` (the
    standings, leader first) fill table 1, then table 2, and so on, tables as
    :func:`table_plan` splits them (largest first); the seat order within a table is shuffled by
    the seed. With ``teams`` a team ranks where its best-ranked member does.

    Byes go to the players (teams) with the fewest byes so far, among them the lowest-ranked: the
    bottom of the standings, as Swiss pairing gives its bye.

    Raises:
        DrawUserError: as :func:`draw_random`.
    """
    units, plan, bye_count = _prepare(ranked_players, table_sizes, allow_byes, teams)
    rng = random.Random(seed)
    byes = _choose_byes(units[::-1], bye_count, byes_so_far)
    tables = _split(units, byes, plan)
    for table in tables:
        rng.shuffle(table)
    return _seated(seed, tables, byes, rng)


def draw(
    method: str,
    players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
    met: Mapping[frozenset[int], int] | None = None,
    teams: Sequence[tuple[int, int]] | None = None,
) -> Draw:
    """The draw by ``method``, one of :data:`DRAW_METHODS`. ``players`` come in standings order
    (only ``"standings"`` uses the order); ``met``, the history, is used by ``"avoid_repeats"``
    only.

    Raises:
        ValueError: for an unknown ``method`` (a bug, not the organiser's to fix).
        DrawUserError: as :func:`draw_random`.
    """
    if method == "random":
        return draw_random(
            players,
            seed=seed,
            table_sizes=table_sizes,
            allow_byes=allow_byes,
            byes_so_far=byes_so_far,
            teams=teams,
        )
    if method == "avoid_repeats":
        return draw_avoiding_repeats(
            players,
            seed=seed,
            table_sizes=table_sizes,
            allow_byes=allow_byes,
            byes_so_far=byes_so_far,
            met=met,
            teams=teams,
        )
    if method == "standings":
        return draw_by_standings(
            players,
            seed=seed,
            table_sizes=table_sizes,
            allow_byes=allow_byes,
            byes_so_far=byes_so_far,
            teams=teams,
        )
    raise ValueError(f"unknown draw method: {method!r} (expected one of {', '.join(DRAW_METHODS)})")


def _sizes_text(table_sizes: Sequence[int]) -> str:
    return "/".join(str(size) for size in sorted(set(table_sizes)))


def _team_of_players(teams: Sequence[tuple[int, int]] | None) -> dict[int, Unit]:
    return {p: tuple(sorted(team)) for team in teams or () for p in team}


def _team_units(players: Sequence[int], teams: Sequence[tuple[int, int]]) -> list[Unit]:
    """Each team once, at the place of its first member in ``players``; raises
    ``TEAM_INCOMPLETE`` unless every player is in exactly one team of two players in the draw."""
    playing = set(players)
    team_of: dict[int, Unit] = {}
    for team in teams:
        members = tuple(sorted(team))
        if len(set(members)) != 2:
            raise DrawUserError(
                "TEAM_INCOMPLETE",
                f"A team must be two different players: {team!r}.",
                player=members[0] if members else 0,
            )
        for p in members:
            if p not in playing:
                raise DrawUserError(
                    "TEAM_INCOMPLETE", f"Player {p} is in a team but not in the draw.", player=p
                )
            if p in team_of:
                raise DrawUserError(
                    "TEAM_INCOMPLETE", f"Player {p} is in more than one team.", player=p
                )
            team_of[p] = members
    for p in sorted(playing):
        if p not in team_of:
            raise DrawUserError("TEAM_INCOMPLETE", f"Player {p} has no partner.", player=p)
    return list(dict.fromkeys(team_of[p] for p in players))


def _prepare(
    players: Sequence[int],
    table_sizes: Sequence[int],
    allow_byes: bool,
    teams: Sequence[tuple[int, int]] | None,
) -> tuple[list[Unit], list[int], int]:
    """The checks every method makes. Returns the units in the order of ``players``, the table
    plan in units (a table of two teams counts 2) and the number of units to get a bye."""
    if teams is not None:
        if TEAM_TABLE_SIZE not in table_sizes:
            raise ValueError(f"teams play at tables of four, not {_sizes_text(table_sizes)}")
        table_sizes = [TEAM_TABLE_SIZE]
    if len(players) < min(table_sizes):
        raise DrawUserError(
            "TOO_FEW_PLAYERS",
            f"{len(players)} players cannot fill a table of {min(table_sizes)}.",
            players=len(players),
            table_size=min(table_sizes),
        )
    if teams is None:
        units: list[Unit] = [(p,) for p in players]
        plan, bye_count = table_plan(len(units), table_sizes)
    else:
        units = _team_units(players, teams)
        plan, bye_count = table_plan(len(units), [TEAM_TABLE_SIZE // 2])
    if bye_count and not allow_byes:
        bye_players = bye_count * len(units[0])
        raise DrawUserError(
            "BYES_NEEDED",
            f"{len(players)} players do not divide into tables of {_sizes_text(table_sizes)}: "
            f"{bye_players} must sit out.",
            players=len(players),
            table_size=_sizes_text(table_sizes),
            byes=bye_players,
        )
    return units, plan, bye_count


def _choose_byes(
    candidates: Sequence[Unit], count: int, byes_so_far: Mapping[int, int] | None
) -> list[Unit]:
    """The first ``count`` of ``candidates`` (in order of preference) among those with the fewest
    byes so far; a team has had as many byes as the member with the most."""
    counts = byes_so_far or {}
    # A stable sort on the bye count keeps the order of preference among equals.
    return sorted(candidates, key=lambda unit: max(counts.get(p, 0) for p in unit))[:count]


def _shuffle_and_choose_byes(
    units: list[Unit], bye_count: int, byes_so_far: Mapping[int, int] | None, rng: random.Random
) -> tuple[list[Unit], list[Unit]]:
    """The units sorted (so the input order does not matter), then shuffled; the byes at random
    among the fewest-byes units."""
    order = sorted(units)
    rng.shuffle(order)
    return order, _choose_byes(order, bye_count, byes_so_far)


def _split(order: Sequence[Unit], byes: Sequence[Unit], plan: Sequence[int]) -> list[list[Unit]]:
    """The units not on a bye, in ``order``, cut into tables of the ``plan``'s sizes."""
    off = set(byes)
    seated = iter([unit for unit in order if unit not in off])
    return [[next(seated) for _ in range(size)] for size in plan]


def _seated(seed: int, tables: list[list[Unit]], byes: Sequence[Unit], rng: random.Random) -> Draw:
    """The draw in player ids: singles in the order of their table; two teams as
    ``[a1, b1, a2, b2]``, which partner takes the first of the two seats chosen by ``rng``."""
    seats = []
    for table in tables:
        if len(table[0]) == 1:
            seats.append([unit[0] for unit in table])
        else:
            (a1, a2), (b1, b2) = (rng.sample(team, 2) for team in table)
            seats.append([a1, b1, a2, b2])
    return Draw(seed=seed, tables=seats, byes=sorted(p for unit in byes for p in unit))


def _weights(units: Sequence[Unit], met: Mapping[frozenset[int], int]) -> list[dict[int, int]]:
    """For each unit (by index), the other units it has met, with the cost of seating them
    together again: the square of the meetings (for teams, of the most any two members had)."""
    index = {p: i for i, unit in enumerate(units) for p in unit}
    times: list[dict[int, int]] = [{} for _ in units]
    for pair, count in met.items():
        if count <= 0 or len(pair) != 2:
            continue
        a, b = pair
        i, j = index.get(a), index.get(b)
        if i is None or j is None or i == j:
            continue
        if count > times[i].get(j, 0):
            times[i][j] = times[j][i] = count
    return [{j: count * count for j, count in row.items()} for row in times]


def _improve(
    tables: list[list[Unit]], met: Mapping[frozenset[int], int], rng: random.Random
) -> list[list[Unit]]:
    """Local search on :func:`repeat_cost` by swaps between tables (see
    :func:`draw_avoiding_repeats`); a table keeps its size, a moved unit takes the other's seat."""
    units = [unit for table in tables for unit in table]
    weight = _weights(units, met)
    seats: list[list[int]] = []
    table_of: list[int] = []
    for number, table in enumerate(tables):
        seats.append(list(range(len(table_of), len(table_of) + len(table))))
        table_of.extend([number] * len(table))

    def cost(u: int, table: int, leaving: int) -> int:
        """What ``u`` costs at ``table`` once ``leaving`` has left it (a unit never weighs on
        itself, so ``u``'s own table needs nobody leaving: pass -1)."""
        w = weight[u]
        return sum(w.get(z, 0) for z in seats[table] if z != leaving)

    def swap(x: int, y: int) -> None:
        tx, ty = table_of[x], table_of[y]
        seats[tx][seats[tx].index(x)] = y
        seats[ty][seats[ty].index(y)] = x
        table_of[x], table_of[y] = ty, tx

    count = len(units)
    stalled = 0
    for _ in range(_MAX_PASSES):
        conflicted = [u for u in range(count) if cost(u, table_of[u], -1)]
        if not conflicted or stalled >= _STALL_PASSES:
            break
        rng.shuffle(conflicted)
        lowered = False
        for x in conflicted:
            tx = table_of[x]
            here = cost(x, tx, -1)
            if not here:
                continue  # an earlier swap in this pass already freed it
            level = None
            start = rng.randrange(count)
            for k in range(count):
                y = (start + k) % count
                ty = table_of[y]
                if ty == tx:
                    continue
                # Only the two tables change: x leaves tx for ty, y leaves ty for tx.
                delta = cost(y, tx, x) - here + cost(x, ty, y) - cost(y, ty, -1)
                if delta < 0:
                    swap(x, y)
                    lowered = True
                    break
                if delta == 0 and level is None:
                    level = y
            else:
                if level is not None:
                    swap(x, level)
        stalled = 0 if lowered else stalled + 1
    return [[units[u] for u in table] for table in seats]


PARTNER_REPEAT_WEIGHT = 1_000_000
"""What seating two former partners together as partners again costs in :func:`partner_cost`,
against 1 for a first repeat meeting as opponents: more than any seating's opponent repeats
can cost, so that the draw accepts any number of repeat opponents before one repeat partner."""

_PARTNER_RESTARTS = 8
"""Fresh seeded starts of :func:`draw_partners`' search while a repeat partner is left: a
local search can end at a seating whose last repeat partner only a longer chain of swaps would
undo; another start usually finds none."""


def partner_cost(
    table: Sequence[int],
    partnered: Mapping[frozenset[int], int],
    opposed: Mapping[frozenset[int], int],
) -> int:
    """The cost of one table of four ``[a1, b1, a2, b2]`` (partners at seats 0/2 and 1/3, as
    Bauerchen's NS/EW and the Hundertspiel's AC/BD sit) given the history: for each of its two
    partnerships :data:`PARTNER_REPEAT_WEIGHT` times the square of how often the two were
    partners before (``partnered``), plus for each of its four pairs of opponents the square of
    how often the two were opponents before (``opposed``). Squared, as :func:`repeat_cost`, so
    that repeats spread over many players. Both maps take ``frozenset({a, b})`` to a count
    (missing pairs never were)."""
    a1, b1, a2, b2 = table
    cost = 0
    for pair in ((a1, a2), (b1, b2)):
        times = partnered.get(frozenset(pair), 0)
        cost += PARTNER_REPEAT_WEIGHT * times * times
    for a in (a1, a2):
        for b in (b1, b2):
            times = opposed.get(frozenset((a, b)), 0)
            cost += times * times
    return cost


def repeat_partners(
    tables: Sequence[Sequence[int]], partnered: Mapping[frozenset[int], int]
) -> int:
    """How many partnerships of ``tables`` (tables of four, partners at seats 0/2 and 1/3)
    had already been partners before (``partnered``: ``frozenset({a, b})`` → times)."""
    return sum(
        1
        for table in tables
        for pair in ((table[0], table[2]), (table[1], table[3]))
        if partnered.get(frozenset(pair), 0)
    )


def draw_partners(
    method: str,
    players: Sequence[int],
    *,
    seed: int,
    allow_byes: bool,
    byes_so_far: Mapping[int, int] | None = None,
    partnered: Mapping[frozenset[int], int] | None = None,
    opposed: Mapping[frozenset[int], int] | None = None,
) -> Draw:
    """Individuals in a partnership game (Preisbauer evenings around Kaiserslautern: 16 players
    at four tables "in wechselnden Paarungen", seven draws, individual points): tables of four,
    each ``[a1, b1, a2, b2]`` with the partners opposite (seats 0/2 and 1/3), the partners drawn
    anew.

    The tables start as ``method`` seats single players (``"random"`` and ``"avoid_repeats"``:
    :func:`draw_random`'s seeded shuffle and byes; ``"standings"``: the standings' order four by
    four, byes to the bottom, as :func:`draw_by_standings`), then a local search of seeded swaps
    lowers :func:`partner_cost`: first no partner twice (``partnered``, the history of
    partnerships), then, with ``"avoid_repeats"`` only, few repeat opponents (``opposed``, how
    often two were opponents). ``"standings"`` swaps only within a table (the leaders stay
    together; of a table's three ways to pair its four, the best is taken). Where a repeat
    partner is left the search starts again from new seeded shuffles (at most
    :data:`_PARTNER_RESTARTS`) and keeps the best seating. 16 players over 7 rounds meet no
    partner twice (15 possible partners each).

    Byes follow the bye rules of the other draws (a table of four; players, not teams, sit
    out). The same inputs and seed give the same draw, whatever the order of ``players`` (but for
    ``"standings"``) and of the histories.

    Raises:
        ValueError: for an unknown ``method`` (a bug).
        DrawUserError: ``TOO_FEW_PLAYERS``, ``BYES_NEEDED`` as :func:`draw_random`.
    """
    if method not in DRAW_METHODS:
        raise ValueError(
            f"unknown draw method: {method!r} (expected one of {', '.join(DRAW_METHODS)})"
        )
    partnered = partnered or {}
    opposed = (opposed or {}) if method == "avoid_repeats" else {}
    units, plan, bye_count = _prepare(players, [TEAM_TABLE_SIZE], allow_byes, None)
    rng = random.Random(seed)
    if method == "standings":
        byes = _choose_byes(units[::-1], bye_count, byes_so_far)
        start = _split(units, byes, plan)
    else:
        order, byes = _shuffle_and_choose_byes(units, bye_count, byes_so_far, rng)
        start = _split(order, byes, plan)
    tables = [[unit[0] for unit in table] for table in start]
    across = method != "standings"
    best = _improve_partners(tables, partnered, opposed, rng, across=across)
    best_cost = sum(partner_cost(t, partnered, opposed) for t in best)
    for _attempt in range(_PARTNER_RESTARTS):
        if not across or repeat_partners(best, partnered) == 0:
            break
        seated = [p for table in tables for p in table]
        rng.shuffle(seated)
        fresh = [seated[i : i + TEAM_TABLE_SIZE] for i in range(0, len(seated), TEAM_TABLE_SIZE)]
        found = _improve_partners(fresh, partnered, opposed, rng, across=True)
        cost = sum(partner_cost(t, partnered, opposed) for t in found)
        if cost < best_cost:
            best, best_cost = found, cost
    seats = []
    for a1, b1, a2, b2 in best:
        # Which partnership takes seats 0/2 and which partner sits first: by the seed.
        (a1, a2), (b1, b2) = rng.sample((a1, a2), 2), rng.sample((b1, b2), 2)
        seats.append([a1, b1, a2, b2] if rng.random() < 0.5 else [b1, a1, b2, a2])
    return Draw(seed=seed, tables=seats, byes=sorted(p for unit in byes for p in unit))


def _improve_partners(
    tables: list[list[int]],
    partnered: Mapping[frozenset[int], int],
    opposed: Mapping[frozenset[int], int],
    rng: random.Random,
    *,
    across: bool,
) -> list[list[int]]:
    """Local search on :func:`partner_cost` by swaps of two players' seats (between tables when
    ``across``, else only within a table, which re-pairs its four), as :func:`_improve` does for
    table-mates: pass by pass every player whose seat costs something is swapped with the first
    player (scanning from a seeded place) whose swap lowers the cost, or failing that with one
    whose swap leaves it level; it stops at cost zero, after a few passes without a lowering, or
    after a fixed number of passes. Returns new tables (``tables`` is not changed)."""
    tables = [list(table) for table in tables]
    if not partnered and not opposed:
        return tables
    where = {p: (t, i) for t, table in enumerate(tables) for i, p in enumerate(table)}
    cost = [partner_cost(table, partnered, opposed) for table in tables]

    def mine(p: int) -> int:
        """What ``p``'s seat costs: his partnership and his two opponents."""
        t, i = where[p]
        table = tables[t]
        partner = table[(i + 2) % 4]
        times = partnered.get(frozenset((p, partner)), 0)
        own = PARTNER_REPEAT_WEIGHT * times * times
        for k in ((i + 1) % 4, (i + 3) % 4):
            times = opposed.get(frozenset((p, table[k])), 0)
            own += times * times
        return own

    def swap(x: int, y: int) -> None:
        (tx, ix), (ty, iy) = where[x], where[y]
        tables[tx][ix], tables[ty][iy] = y, x
        where[x], where[y] = (ty, iy), (tx, ix)

    def delta(x: int, y: int) -> int:
        """The change in cost of swapping ``x`` and ``y`` (made and taken back)."""
        tx, ty = where[x][0], where[y][0]
        before = cost[tx] + (cost[ty] if ty != tx else 0)
        swap(x, y)
        after = partner_cost(tables[tx], partnered, opposed)
        if ty != tx:
            after += partner_cost(tables[ty], partnered, opposed)
        swap(x, y)
        return after - before

    def apply(x: int, y: int) -> None:
        tx, ty = where[x][0], where[y][0]
        swap(x, y)
        cost[tx] = partner_cost(tables[tx], partnered, opposed)
        cost[ty] = partner_cost(tables[ty], partnered, opposed)

    players = sorted(where)
    stalled = 0
    for _ in range(_MAX_PASSES):
        conflicted = [p for p in players if mine(p)]
        if not conflicted or stalled >= _STALL_PASSES:
            break
        rng.shuffle(conflicted)
        lowered = False
        for x in conflicted:
            if not mine(x):
                continue  # an earlier swap in this pass already freed him
            candidates = players if across else tables[where[x][0]][:]
            level = None
            start = rng.randrange(len(candidates))
            for k in range(len(candidates)):
                y = candidates[(start + k) % len(candidates)]
                if y == x:
                    continue
                change = delta(x, y)
                if change < 0:
                    apply(x, y)
                    lowered = True
                    break
                if change == 0 and level is None:
                    level = y
            else:
                if level is not None:
                    apply(x, level)
        stalled = 0 if lowered else stalled + 1
    return tables


def club_pairs(clubs: Mapping[int, str]) -> dict[frozenset[int], int]:
    """The pairs of players of one club (or village), for the draw that keeps club-mates apart:
    ``clubs`` maps a player id to his club as entered; clubs are compared without case and outer
    spaces, and an empty club is nobody's club. Returns ``frozenset({a, b})`` → 1 for each pair
    of club-mates, the shape of a draw's history ``met``."""
    members: dict[str, list[int]] = {}
    for player, club in clubs.items():
        key = " ".join(club.split()).casefold()
        if key:
            members.setdefault(key, []).append(player)
    return {
        frozenset((a, b)): 1
        for ids in members.values()
        for i, a in enumerate(sorted(ids))
        for b in sorted(ids)[i + 1 :]
    }


def pairs_together(tables: Sequence[Sequence[int]], pairs: Mapping[frozenset[int], int]) -> int:
    """How many of ``pairs`` (``frozenset({a, b})`` → anything true) sit at one table of
    ``tables`` (lists of player ids): the draw's audit figure for club-mates seated together."""
    return sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if pairs.get(frozenset((a, b)))
    )


def draw_clubs_apart(
    players: Sequence[int],
    *,
    seed: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    clubs: Mapping[int, str],
    byes_so_far: Mapping[int, int] | None = None,
    met: Mapping[frozenset[int], int] | None = None,
    teams: Sequence[tuple[int, int]] | None = None,
) -> Draw:
    """ "Not with a club-mate" (the usual wish for round 1 of a club or village evening): the
    repeat-avoiding draw (:func:`draw_avoiding_repeats`, same seed, same byes) with every pair of
    club-mates (:func:`club_pairs` of ``clubs``, player id → club) counted as one meeting more
    than the history ``met`` says. In round 1 (no history) the search therefore seats no two
    club-mates at one table while that is possible, and as few as it can otherwise; in a later
    round club-mates weigh like table-mates met once more. With ``teams`` a team meets another
    as its members do (two partners of one club do not count).

    Raises:
        DrawUserError: as :func:`draw_random`.
    """
    cost: dict[frozenset[int], int] = dict(met or {})
    for pair, times in club_pairs(clubs).items():
        cost[pair] = cost.get(pair, 0) + times
    return draw_avoiding_repeats(
        players,
        seed=seed,
        table_sizes=table_sizes,
        allow_byes=allow_byes,
        byes_so_far=byes_so_far,
        met=cost,
        teams=teams,
    )


def moved_table(table: int, place: int, tables: int) -> int:
    """Kreidetafel's house rule for movement by placing ("der Sieger bleibt sitzen, die anderen
    wandern"): the player who took ``place`` (1 = the table's winner) at ``table`` (numbered from
    1) of ``tables`` moves ``place - 1`` tables up, counting round from the last table back to
    table 1. The winner stays, second moves one table up, third two, fourth three (fifth four,
    sixth five at the larger Kein Stich tables). With four tables or more the four of a table of
    four go to four different tables, so nobody meets a table-mate of the round just played;
    with fewer, some must meet again (three tables: the fourth comes back to his own table)."""
    return (table - 1 + place - 1) % tables + 1


def draw_by_placing(
    placings: Sequence[Sequence[int]],
    *,
    seed: int,
    table_sizes: Sequence[int],
) -> Draw:
    """Movement by placing: ``placings`` are the last round's tables in table order, each its
    player ids in the order of their places at that table (winner first); every player goes to
    the table :func:`moved_table` gives, and the seat order at each new table is drawn with the
    seed (a seeded shuffle, so the seed reproduces the seats). No byes: the same players play
    on.

    Raises:
        DrawUserError: ``MOVEMENT_SIZES`` (``sizes``: the table sizes the rule would make, e.g.
            ``"4/4/2"``) when a table would have a size the game does not allow
            (``table_sizes``), as mixed table sizes can give.
    """
    count = len(placings)
    moved: list[list[int]] = [[] for _ in range(count)]
    for table, ranked in enumerate(placings, start=1):
        for place, player in enumerate(ranked, start=1):
            moved[moved_table(table, place, count) - 1].append(player)
    sizes = [len(table) for table in moved]
    if any(size not in table_sizes for size in sizes):
        raise DrawUserError(
            "MOVEMENT_SIZES",
            f"Moving by placing would make tables of {'/'.join(map(str, sizes))}.",
            sizes="/".join(map(str, sizes)),
        )
    rng = random.Random(seed)
    for table in moved:
        rng.shuffle(table)
    return Draw(seed=seed, tables=moved, byes=[])


def plan_rounds(
    players: Sequence[int],
    *,
    seed: int,
    rounds: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    met: Mapping[frozenset[int], int] | None = None,
    byes_so_far: Mapping[int, int] | None = None,
) -> list[Draw]:
    """All ``rounds`` drawn in advance from one seed (the Laufzettel evening: each player gets a
    card with his table and seat for every round): round after round the repeat-avoiding draw
    (:func:`draw_avoiding_repeats`), each against the meetings and byes of the rounds planned
    before it (and of ``met`` and ``byes_so_far``, the rounds already played), so repeat
    table-mates stay as few as the search finds and byes go round fairly. Round by round the
    search can paint itself into a corner (16 players over 5 rounds: a plan without any repeat
    exists, the affine plane of order 4, but a greedy plan often ends with a few), so while the
    plan has a repeat it is made again from a fresh seed, at most :data:`_PLAN_ATTEMPTS` times,
    and the plan with the fewest repeats (:func:`repeat_cost` summed) is kept. The rounds' own
    seeds come from ``seed`` by a seeded generator, so the one seed reproduces the whole plan.
    Returns one :class:`Draw` a round (its ``seed`` the round's own).

    Raises:
        DrawUserError: as :func:`draw_random`.
    """
    seeds = random.Random(seed)
    best: tuple[int, list[Draw]] | None = None
    for _attempt in range(_PLAN_ATTEMPTS):
        found = _plan_once(players, seeds, rounds, table_sizes, allow_byes, met, byes_so_far)
        if best is None or found[0] < best[0]:
            best = found
        if best[0] == 0:
            break
    assert best is not None  # _PLAN_ATTEMPTS >= 1
    return best[1]


_PLAN_ATTEMPTS = 12
"""How many times :func:`plan_rounds` plans afresh while its plan has a repeat table-mate."""


def _plan_once(
    players: Sequence[int],
    seeds: random.Random,
    rounds: int,
    table_sizes: Sequence[int],
    allow_byes: bool,
    met: Mapping[frozenset[int], int] | None,
    byes_so_far: Mapping[int, int] | None,
) -> tuple[int, list[Draw]]:
    """One greedy plan of :func:`plan_rounds` and its cost: the sum over its rounds of
    :func:`repeat_cost` against the history before each."""
    history: dict[frozenset[int], int] = dict(met or {})
    byes: dict[int, int] = dict(byes_so_far or {})
    plan = []
    cost = 0
    for _round in range(rounds):
        drawn = draw_avoiding_repeats(
            players,
            seed=seeds.randrange(2**48),
            table_sizes=table_sizes,
            allow_byes=allow_byes,
            byes_so_far=byes,
            met=history,
        )
        cost += repeat_cost(drawn.tables, history)
        for table in drawn.tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = frozenset((a, b))
                    history[pair] = history.get(pair, 0) + 1
        for p in drawn.byes:
            byes[p] = byes.get(p, 0) + 1
        plan.append(drawn)
    return cost, plan
