from __future__ import annotations

from collections import Counter

import pytest

from tournaments.draw import DrawUserError, draw_random, table_plan


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
