from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.draw import (
    DrawUserError,
    draw,
    draw_avoiding_repeats,
    draw_by_standings,
    draw_random,
    repeat_cost,
    table_plan,
)


def test_every_player_is_seated_once_in_tables_of_four():
    draw = draw_random(list(range(1, 25)), seed=5, table_sizes=[4], allow_byes=False)
    seated = [p for table in draw.tables for p in table]
    assert sorted(seated) == list(range(1, 25))
    assert [len(t) for t in draw.tables] == [4] * 6
    assert draw.byes == []


def test_same_seed_same_draw_and_another_seed_another():
    players = list(range(1, 25))
    first = draw_random(players, seed=42, table_sizes=[4], allow_byes=False)
    again = draw_random(list(reversed(players)), seed=42, table_sizes=[4], allow_byes=False)
    other = draw_random(players, seed=43, table_sizes=[4], allow_byes=False)
    assert first.tables == again.tables
    assert first.tables != other.tables


def test_byes_are_refused_unless_allowed():
    with pytest.raises(DrawUserError) as exc:
        draw_random(list(range(10)), seed=1, table_sizes=[4], allow_byes=False)
    assert exc.value.code == "BYES_NEEDED"
    assert exc.value.params["byes"] == 2


def test_too_few_players():
    with pytest.raises(DrawUserError) as exc:
        draw_random([1, 2, 3], seed=1, table_sizes=[4], allow_byes=True)
    assert exc.value.code == "TOO_FEW_PLAYERS"


def test_nobody_gets_a_second_bye_before_everyone_had_one():
    players = list(range(1, 8))  # 7 players: 3 byes a round
    byes: Counter[int] = Counter()
    for round_number in range(1, 8):
        draw = draw_random(
            players, seed=round_number, table_sizes=[4], allow_byes=True, byes_so_far=byes
        )
        assert len(draw.byes) == 3
        byes.update(draw.byes)
        assert max(byes.values()) - min(byes.get(p, 0) for p in players) <= 1


@pytest.mark.parametrize(
    ("players", "sizes", "plan", "byes"),
    [
        (10, [4, 3, 5, 6], [6, 4], 0),  # one table off the usual four beats 4+3+3 and 5+5 (two)
        (13, [4, 3, 5, 6], [5, 4, 4], 0),  # 13 = 4+4+5: one table off the usual size
        (7, [4, 3, 5, 6], [4, 3], 0),
        (9, [4, 3, 2, 5, 6], [5, 4], 0),  # 4+5: one off; 3+6 and 4+3+2 have two off
        (10, [4], [4, 4], 2),
        (5, [4, 3], [4], 1),  # no split of 5 into 3s and 4s
        (2, [4, 3], [], 2),
    ],
)
def test_table_plan_prefers_the_usual_size_then_no_byes(players, sizes, plan, byes):
    found = table_plan(players, sizes)
    assert found[1] == byes
    assert sum(found[0]) + found[1] == players
    assert found[0] == plan


def test_mixed_sizes_seat_everybody_without_byes():
    draw = draw_random(list(range(1, 11)), seed=3, table_sizes=[4, 3, 5, 6], allow_byes=False)
    assert [len(t) for t in draw.tables] == [6, 4]
    assert sorted(p for t in draw.tables for p in t) == list(range(1, 11))


# The three methods behind ``draw``, the repeat cost, teams and the dispatcher.

METHODS = ["random", "avoid_repeats", "standings"]
PAIRS_OF_16 = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16)]


def _met_at(tables, met=None):
    """The history after ``tables``: how often each pair sat at one table."""
    met = Counter() if met is None else met
    for table in tables:
        met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def _repeats(tables, met):
    """Pairs seated together who had already met."""
    return sum(1 for table in tables for pair in combinations(table, 2) if met[frozenset(pair)])


def _assert_partners_opposite(tables, teams):
    partnerships = {frozenset(team) for team in teams}
    for table in tables:
        assert len(table) == 4
        assert frozenset((table[0], table[2])) in partnerships
        assert frozenset((table[1], table[3])) in partnerships


def test_draw_random_still_makes_the_draws_it_made_before():
    """A stored seed must reproduce its round: these are the old ``draw_random``'s draws."""
    draw = draw_random(
        list(range(1, 11)), seed=7, table_sizes=[4], allow_byes=True, byes_so_far={3: 1}
    )
    assert draw.tables == [[2, 5, 8, 1], [10, 7, 3, 6]]
    assert draw.byes == [4, 9]
    draw = draw_random(list(range(1, 13)), seed=2026, table_sizes=[4, 3, 5, 6], allow_byes=False)
    assert draw.tables == [[1, 7, 3, 4], [11, 5, 8, 12], [10, 9, 6, 2]]


@pytest.mark.parametrize("method", METHODS)
def test_every_player_is_seated_or_has_a_bye_exactly_once(method):
    players = list(range(1, 27))  # 26 players at tables of 4: six tables, two byes
    met = _met_at([[1, 2, 3, 4], [5, 6, 7, 8]])
    result = draw(method, players, seed=9, table_sizes=[4], allow_byes=True, met=met)
    seated = [p for table in result.tables for p in table]
    assert [len(table) for table in result.tables] == [4] * 6
    assert len(result.byes) == 2
    assert sorted(seated + result.byes) == players


@pytest.mark.parametrize("method", METHODS)
def test_same_inputs_same_draw_another_seed_another(method):
    players = list(range(1, 25))
    history = _met_at([[1, 2, 3, 4], [5, 6, 7, 8], [1, 5, 9, 13]])

    def drawn(seed, met):
        return draw(method, players, seed=seed, table_sizes=[4], allow_byes=False, met=met)

    first = drawn(42, history)
    assert drawn(42, Counter(dict(reversed(list(history.items()))))) == first
    assert drawn(43, history).tables != first.tables


@pytest.mark.parametrize("method", ["random", "avoid_repeats"])
def test_the_order_of_players_does_not_matter(method):
    players = list(range(1, 26))
    met = _met_at([[1, 2, 3, 4], [5, 6, 7, 8]])
    byes = {1: 1, 2: 1}
    kwargs = {"seed": 5, "table_sizes": [4], "allow_byes": True, "byes_so_far": byes, "met": met}
    assert draw(method, players, **kwargs) == draw(method, players[::-1], **kwargs)


@pytest.mark.parametrize("method", METHODS)
def test_the_order_of_teams_and_of_partners_does_not_matter(method):
    players = list(range(1, 17))
    turned = [(b, a) for a, b in reversed(PAIRS_OF_16)]
    met = _met_at([[1, 3, 2, 4]])
    kwargs = {"seed": 11, "table_sizes": [4], "allow_byes": False, "met": met}
    assert draw(method, players, teams=PAIRS_OF_16, **kwargs) == draw(
        method, players, teams=turned, **kwargs
    )


def test_dispatcher_calls_the_method_named():
    players = list(range(1, 13))
    met = _met_at([[1, 2, 3, 4]])
    kwargs = {"seed": 3, "table_sizes": [4], "allow_byes": False}
    assert draw("random", players, met=met, **kwargs) == draw_random(players, **kwargs)
    assert draw("avoid_repeats", players, met=met, **kwargs) == draw_avoiding_repeats(
        players, met=met, **kwargs
    )
    assert draw("standings", players, met=met, **kwargs) == draw_by_standings(players, **kwargs)


def test_unknown_method_is_a_value_error():
    with pytest.raises(ValueError, match="'swiss'"):
        draw("swiss", [1, 2, 3, 4], seed=1, table_sizes=[4], allow_byes=False)


def test_repeat_cost_squares_the_meetings_of_each_pair_at_a_table():
    met = {
        frozenset((1, 2)): 1,  # together again at table 1: 1
        frozenset((1, 3)): 2,  # a third time at table 1: 4
        frozenset((5, 8)): 1,  # table 2: 1
        frozenset((1, 5)): 3,  # not at one table now: nothing
    }
    assert repeat_cost([[1, 2, 3, 4], [5, 6, 7, 8]], met) == 1 + 4 + 1
    # A third meeting weighs more than two second ones.
    assert repeat_cost([[1, 3]], {frozenset((1, 3)): 2}) > repeat_cost(
        [[1, 2, 3]], {frozenset((1, 2)): 1, frozenset((1, 3)): 1}
    )


def test_repeat_cost_of_teams_counts_the_most_any_members_met():
    teams = [(1, 2), (3, 4), (5, 6), (7, 8)]
    met = {
        frozenset((1, 2)): 5,  # partners: never a cost
        frozenset((1, 3)): 1,
        frozenset((2, 4)): 2,  # teams (1, 2) and (3, 4) met twice: 4, not 1 + 4
        frozenset((5, 7)): 1,  # teams (5, 6) and (7, 8): 1
        frozenset((1, 5)): 3,  # at other tables
    }
    assert repeat_cost([[1, 3, 2, 4], [5, 7, 6, 8]], met, teams) == 4 + 1


@pytest.mark.parametrize("seed", range(1, 11))
def test_sixteen_players_meet_nobody_twice_in_round_two(seed):
    players = list(range(1, 17))
    first = draw_random(players, seed=seed, table_sizes=[4], allow_byes=False)
    met = _met_at(first.tables)
    second = draw_avoiding_repeats(
        players, seed=seed + 100, table_sizes=[4], allow_byes=False, met=met
    )
    assert _repeats(second.tables, met) == 0
    assert repeat_cost(second.tables, met) == 0


def test_avoiding_repeats_repeats_less_than_random_over_five_rounds():
    players = list(range(1, 25))
    met_random: Counter[frozenset[int]] = Counter()
    met_avoiding: Counter[frozenset[int]] = Counter()
    repeats_random = repeats_avoiding = 0
    for seed in range(1, 6):
        plain = draw_random(players, seed=seed, table_sizes=[4], allow_byes=False)
        aware = draw_avoiding_repeats(
            players, seed=seed, table_sizes=[4], allow_byes=False, met=met_avoiding
        )
        repeats_random += _repeats(plain.tables, met_random)
        repeats_avoiding += _repeats(aware.tables, met_avoiding)
        _met_at(plain.tables, met_random)
        _met_at(aware.tables, met_avoiding)
    # 5 rounds × 6 tables × 6 pairs out of 276: chance alone repeats dozens of pairs.
    assert repeats_random >= 20
    assert repeats_avoiding * 5 < repeats_random


def test_avoiding_repeats_without_history_is_the_random_draw():
    kwargs = {"seed": 8, "table_sizes": [4, 3, 5, 6], "allow_byes": False}
    players = list(range(1, 15))
    assert draw_avoiding_repeats(players, met={}, **kwargs) == draw_random(players, **kwargs)


def test_avoiding_repeats_keeps_tables_of_mixed_sizes():
    players = list(range(1, 14))  # 13 at Kein Stich tables: 5 + 4 + 4
    met = _met_at([[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13]])
    result = draw_avoiding_repeats(
        players, seed=2, table_sizes=[4, 3, 5, 6], allow_byes=False, met=met
    )
    assert [len(table) for table in result.tables] == [5, 4, 4]
    assert sorted(p for table in result.tables for p in table) == players


def test_teams_that_met_do_not_meet_again_in_round_two():
    players = list(range(1, 17))
    first = draw_random(players, seed=4, table_sizes=[4], allow_byes=False, teams=PAIRS_OF_16)
    met = _met_at(first.tables)
    second = draw_avoiding_repeats(
        players, seed=5, table_sizes=[4], allow_byes=False, met=met, teams=PAIRS_OF_16
    )
    met_teams = {frozenset((frozenset(t[0::2]), frozenset(t[1::2]))) for t in first.tables}
    for table in second.tables:
        assert frozenset((frozenset(table[0::2]), frozenset(table[1::2]))) not in met_teams
    assert repeat_cost(second.tables, met, PAIRS_OF_16) == 0


def test_by_standings_the_top_four_share_table_one():
    ranked = [9, 4, 16, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
    result = draw_by_standings(ranked, seed=1, table_sizes=[4], allow_byes=False)
    assert set(result.tables[0]) == {9, 4, 16, 1}
    assert set(result.tables[1]) == {2, 3, 5, 6}
    assert set(result.tables[3]) == {12, 13, 14, 15}


def test_by_standings_the_largest_table_holds_the_leaders():
    ranked = list(range(10, 0, -1))  # 10 at Kein Stich tables: 6 + 4
    result = draw_by_standings(ranked, seed=1, table_sizes=[4, 3, 5, 6], allow_byes=False)
    assert sorted(result.tables[0]) == [5, 6, 7, 8, 9, 10]
    assert sorted(result.tables[1]) == [1, 2, 3, 4]


def test_by_standings_shuffles_the_seats_within_a_table():
    ranked = list(range(1, 5))
    orders = {
        tuple(draw_by_standings(ranked, seed=s, table_sizes=[4], allow_byes=False).tables[0])
        for s in range(20)
    }
    assert len(orders) > 1
    assert all(sorted(order) == ranked for order in orders)


def test_by_standings_byes_go_to_the_bottom_among_the_fewest_byes():
    ranked = list(range(1, 11))  # 10 players at tables of 4: two byes
    result = draw_by_standings(ranked, seed=1, table_sizes=[4], allow_byes=True)
    assert result.byes == [9, 10]
    assert set(result.tables[0]) == {1, 2, 3, 4}
    later = draw_by_standings(
        ranked, seed=1, table_sizes=[4], allow_byes=True, byes_so_far={9: 1, 10: 1}
    )
    assert later.byes == [7, 8]
    assert set(later.tables[1]) == {5, 6, 9, 10}


def test_by_standings_a_team_ranks_with_its_best_member():
    ranked = [3, 1, 4, 2, 5, 6, 7, 8]
    teams = [(1, 5), (2, 6), (3, 7), (4, 8)]
    result = draw_by_standings(ranked, seed=2, table_sizes=[4], allow_byes=False, teams=teams)
    assert set(result.tables[0]) == {3, 7, 1, 5}
    assert set(result.tables[1]) == {4, 8, 2, 6}
    _assert_partners_opposite(result.tables, teams)


@pytest.mark.parametrize("method", METHODS)
def test_partners_sit_opposite(method):
    met = _met_at([[1, 3, 2, 4], [5, 7, 6, 8]])
    for seed in range(5):
        result = draw(
            method,
            list(range(1, 17)),
            seed=seed,
            table_sizes=[4],
            allow_byes=False,
            met=met,
            teams=PAIRS_OF_16,
        )
        assert len(result.tables) == 4
        _assert_partners_opposite(result.tables, PAIRS_OF_16)


@pytest.mark.parametrize("method", METHODS)
def test_an_odd_team_sits_out_as_a_whole(method):
    teams = PAIRS_OF_16[:5]
    result = draw(method, list(range(1, 11)), seed=6, table_sizes=[4], allow_byes=True, teams=teams)
    assert len(result.byes) == 2
    assert tuple(result.byes) in teams
    _assert_partners_opposite(result.tables, teams)


def test_by_standings_the_bottom_team_sits_out_unless_it_had_a_bye():
    teams = PAIRS_OF_16[:5]
    ranked = list(range(1, 11))
    kwargs = {"seed": 1, "table_sizes": [4], "allow_byes": True, "teams": teams}
    assert draw_by_standings(ranked, **kwargs).byes == [9, 10]
    # One member's bye counts for the team (the most either member had).
    assert draw_by_standings(ranked, byes_so_far={10: 1}, **kwargs).byes == [7, 8]


@pytest.mark.parametrize("method", METHODS)
def test_team_byes_are_fair(method):
    teams = PAIRS_OF_16[:5]
    byes: Counter[int] = Counter()
    for round_number in range(1, 6):
        result = draw(
            method,
            list(range(1, 11)),
            seed=round_number,
            table_sizes=[4],
            allow_byes=True,
            byes_so_far=byes,
            met=_met_at([]),
            teams=teams,
        )
        byes.update(result.byes)
    assert all(byes[p] == 1 for p in range(1, 11))  # five rounds, five teams: one bye each


@pytest.mark.parametrize("method", METHODS)
def test_nobody_gets_a_second_bye_before_everyone_had_one_in_any_method(method):
    players = list(range(1, 8))  # 7 players: 3 byes a round
    byes: Counter[int] = Counter()
    met: Counter[frozenset[int]] = Counter()
    for round_number in range(1, 8):
        result = draw(
            method,
            players,
            seed=round_number,
            table_sizes=[4],
            allow_byes=True,
            byes_so_far=byes,
            met=met,
        )
        assert len(result.byes) == 3
        byes.update(result.byes)
        _met_at(result.tables, met)
        assert max(byes.values()) - min(byes.get(p, 0) for p in players) <= 1
    assert all(byes[p] == 3 for p in players)  # 21 byes over 7 players


@pytest.mark.parametrize(
    ("teams", "player"),
    [
        ([(1, 2), (3, 4), (5, 6)], 7),  # 7 and 8 have no team
        ([(1, 2), (3, 4), (5, 6), (7, 9)], 9),  # 9 is not playing
        ([(1, 2), (2, 3), (5, 6), (7, 8)], 2),  # 2 in two teams
        ([(1, 1), (3, 4), (5, 6), (7, 8)], 1),  # 1 partnered with themself
    ],
)
@pytest.mark.parametrize("method", METHODS)
def test_teams_must_pair_every_player_once(method, teams, player):
    with pytest.raises(DrawUserError) as exc:
        draw(method, list(range(1, 9)), seed=1, table_sizes=[4], allow_byes=True, teams=teams)
    assert exc.value.code == "TEAM_INCOMPLETE"
    assert exc.value.params == {"player": player}


@pytest.mark.parametrize("method", METHODS)
def test_too_few_players_in_every_method(method):
    with pytest.raises(DrawUserError) as exc:
        draw(method, [1, 2], seed=1, table_sizes=[4, 3], allow_byes=True)
    assert exc.value.code == "TOO_FEW_PLAYERS"
    assert exc.value.params == {"players": 2, "table_size": 3}
    with pytest.raises(DrawUserError) as exc:
        draw(method, [1, 2], seed=1, table_sizes=[4], allow_byes=True, teams=[(1, 2)])
    assert exc.value.code == "TOO_FEW_PLAYERS"
    assert exc.value.params == {"players": 2, "table_size": 4}


@pytest.mark.parametrize("method", METHODS)
def test_byes_needed_in_every_method(method):
    with pytest.raises(DrawUserError) as exc:
        draw(method, list(range(1, 10)), seed=1, table_sizes=[4], allow_byes=False)
    assert exc.value.code == "BYES_NEEDED"
    assert exc.value.params == {"players": 9, "table_size": "4", "byes": 1}
    with pytest.raises(DrawUserError) as exc:
        draw(
            method,
            list(range(1, 11)),
            seed=1,
            table_sizes=[4],
            allow_byes=False,
            teams=PAIRS_OF_16[:5],
        )
    assert exc.value.code == "BYES_NEEDED"
    assert exc.value.params == {"players": 10, "table_size": "4", "byes": 2}


def test_teams_need_tables_of_four():
    with pytest.raises(ValueError, match="tables of four"):
        draw_random([1, 2, 3, 4, 5, 6], seed=1, table_sizes=[3], allow_byes=False, teams=[(1, 2)])
