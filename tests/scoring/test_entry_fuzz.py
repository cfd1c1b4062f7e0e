"""The engine's entry parsing under arbitrary input (Hypothesis, issue 7 part 6).

Whatever a table (or someone posting by hand) sends, every game either accepts the entry or
raises ``InvalidDeal`` (scoring/base.py), never another exception. An accepted entry is
consistent: ``validate`` accepts it too, the trusted replay (the one used for stored deals) gives
the same state, and the state is JSON-ready. The web layer's form → entry conversion
(``tournaments.entries``) never raises, whatever is posted, and turns a flattened entry back into
the same entry."""

from __future__ import annotations

import json
import math
import random
from functools import cache
from typing import Any

import pytest
from django.utils.datastructures import MultiValueDict
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.simulation import simulate_deal
from tournaments.entries import MAX_FIELDS, entry_from_post, flatten_entry

FUZZ = settings(max_examples=200, deadline=None)
GAMES = list(scoring.games)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["A", "B", "NS", "EW", "♠", "♠10", "Q+", "true", "-1", "½", "\x00"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@cache
def _setting(game_key: str) -> tuple[Any, Any, tuple[Any, ...], dict[str, Any]]:
    """The game, its default variant, two states (before the first deal and after three
    simulated ones) and a valid next entry at the second state."""
    game = scoring.games[game_key]
    variant = game.variant({})
    rng = random.Random(11)
    state = game.initial(game.seats(game.table_sizes[0]), variant)
    states = [state]
    for _deal in range(3):
        if state.unit_over:
            break
        state = game.apply(simulate_deal(game, state, variant, rng), state, variant).state
    states.append(state)
    return game, variant, tuple(states), simulate_deal(game, state, variant, rng)


def _known_keys(game_key: str) -> list[str]:
    _game, _variant, _states, entry = _setting(game_key)
    return [*entry, "points", "tricks", "dealer", "outcome", "plays", "melds", "end", "contract"]


def _check(game: Any, entry: Any, state: Any, variant: Any) -> None:
    """``entry`` is accepted consistently or refused with ``InvalidDeal``; nothing else."""
    try:
        step = game.apply(entry, state, variant)
    except scoring.InvalidDeal as error:
        assert isinstance(error.field, str)  # an unknown key is named as it was sent
        assert isinstance(error.code, str) and error.code.isupper()
        json.dumps(error.as_dict(), default=repr)
        return
    game.validate(entry, state, variant)  # accepted by apply: validate agrees
    trusted = game.apply(entry, state, variant, trusted=True)
    assert trusted.state == step.state
    json.dumps(step.state.as_dict())
    results = step.state.result()
    assert [r.seat for r in results] == list(step.state.seats)
    assert all(isinstance(r.score, int) for r in results)
    if game.key == "hintersche" and "points" in entry:
        # Hintersche: the card points of a deal add up to 140 (Schoch 2014), dead ones included.
        assert sum(entry["points"].values()) + entry.get("dead_points", 0) == 140


@pytest.mark.parametrize("game_key", GAMES)
@FUZZ
@given(data=st.data())
def test_arbitrary_entries_are_accepted_or_refused(game_key: str, data: st.DataObject) -> None:
    game, variant, states, _entry = _setting(game_key)
    keys = st.sampled_from(_known_keys(game_key)) | st.text(max_size=8)
    entry = data.draw(st.dictionaries(keys, json_values, max_size=8) | json_values)
    _check(game, entry, data.draw(st.sampled_from(states)), variant)


def _paths(entry: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into ``entry`` (keys and list indexes), the entry itself first."""
    found = [prefix]
    if isinstance(entry, dict | list):
        for key, value in entry.items() if isinstance(entry, dict) else enumerate(entry):
            found += _paths(value, (*prefix, key))
    return found


def _replaced(entry: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = dict(entry) if isinstance(entry, dict) else list(entry)
    copy[path[0]] = _replaced(entry[path[0]], path[1:], value)
    return copy


@pytest.mark.parametrize("game_key", GAMES)
@FUZZ
@given(data=st.data())
def test_a_valid_entry_with_one_field_changed(game_key: str, data: st.DataObject) -> None:
    game, variant, states, entry = _setting(game_key)
    _check(game, entry, states[-1], variant)  # the valid entry itself
    path = data.draw(st.sampled_from(_paths(entry)))
    perturbed = _replaced(entry, path, data.draw(json_values))
    if data.draw(st.booleans()) and isinstance(perturbed, dict) and perturbed:
        perturbed.pop(data.draw(st.sampled_from(sorted(perturbed, key=str))))
    _check(game, perturbed, states[-1], variant)


# --- the form's data → entry ----------------------------------------------------------------

field_names = st.one_of(
    st.text(max_size=20),
    st.from_regex(r"\A[a-z_]{1,6}(\.[A-Z0-9]{1,2}){0,2}(\[\])?\Z"),
    st.sampled_from(["points.A", "plays[]", "melds.0.team", "_key", "reason", "a.b", "a"]),
)
posted_values = st.lists(st.text(max_size=30) | st.sampled_from(["12", "-3", "true"]), max_size=3)


@pytest.mark.parametrize("game_key", GAMES)
@FUZZ
@given(posted=st.dictionaries(field_names, posted_values, max_size=12))
def test_any_posted_form_becomes_an_entry_the_engine_judges(
    game_key: str, posted: dict[str, list[str]]
) -> None:
    entry = entry_from_post(MultiValueDict(posted))
    assert isinstance(entry, dict)
    assert not any(key.startswith("_") or key == "reason" for key in entry)
    assert "\x00" not in json.dumps(entry, ensure_ascii=False)
    game, variant, states, _entry = _setting(game_key)
    _check(game, entry, states[-1], variant)


@FUZZ
@given(posted=st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2 * MAX_FIELDS))
def test_only_the_first_fields_of_a_huge_post_are_read(posted: dict[str, str]) -> None:
    entry = entry_from_post(posted)
    assert len(json.dumps(entry)) <= len(json.dumps(posted)) + 2


def _scalars_of(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _scalars_of(v)]
    if isinstance(value, list):
        return [s for v in value for s in _scalars_of(v)]
    return [value]


@pytest.mark.parametrize("game_key", GAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_stored_entry_fills_the_form_and_comes_back_unchanged(game_key: str, seed: int) -> None:
    """What the correction form shows (``flatten_entry``) posts back as the same entry."""
    game, variant, states, _entry = _setting(game_key)
    entry = simulate_deal(game, states[0], variant, random.Random(seed))
    assert not any(isinstance(s, float) and math.isnan(s) for s in _scalars_of(entry))
    form = flatten_entry(entry)
    expected = {k: v for k, v in entry.items() if v not in (None, [], {})}
    assert entry_from_post(form) == expected
