from __future__ import annotations

from collections import Counter

import pytest

from tournaments.draw import DrawUserError, draw_random


def test_every_player_is_seated_once_in_tables_of_four():
    draw = draw_random(list(range(1, 25)), seed=5, table_size=4, allow_byes=False)
    seated = [p for table in draw.tables for p in table]
    assert sorted(seated) == list(range(1, 25))
    assert [len(t) for t in draw.tables] == [4] * 6
    assert draw.byes == []


def test_same_seed_same_draw_and_another_seed_another():
    players = list(range(1, 25))
    first = draw_random(players, seed=42, table_size=4, allow_byes=False)
    again = draw_random(list(reversed(players)), seed=42, table_size=4, allow_byes=False)
    other = draw_random(players, seed=43, table_size=4, allow_byes=False)
    assert first.tables == again.tables
    assert first.tables != other.tables


def test_byes_are_refused_unless_allowed():
    with pytest.raises(DrawUserError) as exc:
        draw_random(list(range(10)), seed=1, table_size=4, allow_byes=False)
    assert exc.value.code == "BYES_NEEDED"
    assert exc.value.params["byes"] == 2


def test_too_few_players():
    with pytest.raises(DrawUserError) as exc:
        draw_random([1, 2, 3], seed=1, table_size=4, allow_byes=True)
    assert exc.value.code == "TOO_FEW_PLAYERS"


def test_nobody_gets_a_second_bye_before_everyone_had_one():
    players = list(range(1, 8))  # 7 players: 3 byes a round
    byes: Counter[int] = Counter()
    for round_number in range(1, 8):
        draw = draw_random(
            players, seed=round_number, table_size=4, allow_byes=True, byes_so_far=byes
        )
        assert len(draw.byes) == 3
        byes.update(draw.byes)
        assert max(byes.values()) - min(byes.get(p, 0) for p in players) <= 1
