"""Every event kind each rules engine emits reads as words on the table page, never as its raw
code (``unit_over``): the kinds each engine documents and every kind simulated play reaches under
each house rule, rendered through the game's ``events.html``."""

from __future__ import annotations

import functools
import importlib
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from django.template.loader import render_to_string

import scoring
from scoring.base import Event, Step
from scoring.simulation import simulate_until
from tests.scoring.helpers import golden_entries

CODE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
"""A snake_case code such as ``unit_over`` or ``first_two``; no English or German word has one."""


def documented_kinds(key: str) -> list[str]:
    """The event kinds the engine's module docstring lists under "Event kinds"."""
    doc = importlib.import_module(type(scoring.games[key]).__module__).__doc__ or ""
    section = doc[doc.index("Event kinds") :].split("\n\n")[1]
    return re.findall(r'^\* ``"(\w+)"``', section, re.MULTILINE)


def variants(game: scoring.Game) -> Iterator[dict[str, Any]]:
    """The defaults, then each house rule changed alone: every other choice, the other yes/no,
    one more than the default number."""
    yield {}
    for option in game.options():
        if option.choices:
            yield from ({option.name: choice} for choice in option.choices[1:])
        elif isinstance(option.default, bool):
            yield {option.name: not option.default}
        elif isinstance(option.default, int):
            yield {option.name: option.default + 1}


@functools.cache
def simulated(key: str) -> tuple[Step, ...]:
    """:func:`played`, once per test session."""
    return tuple(played(key))


def played(key: str) -> Iterator[Step]:
    """Every step of simulated play to the end of the tournament round and, where the game has
    one, of the rubber or match, for each table size and house rule (a few seeds each)."""
    game = scoring.games[key]
    for size in game.table_sizes:
        seats = game.seats(size)
        for options in variants(game):
            try:
                variant = game.variant(
                    {**options, "players": size} if key == "kein_stich" else options
                )
                state = game.initial(seats, variant)
            except (scoring.InvalidVariant, ValueError):
                continue  # a house rule that does not fit this table size
            # Kein Stich's match without a limit (games_per_match = 0) never ends.
            unlimited = getattr(variant, "games_per_match", None) == 0
            for done in ("unit_over", "rubber_over", "match_over"):
                if not hasattr(state, done) or (done == "match_over" and unlimited):
                    continue
                for seed in range(2):
                    try:
                        entries = simulate_until(game, seats, variant, random.Random(seed), done)
                    except scoring.InvalidDeal:
                        continue  # the simulation does not play this rule (manual ties)
                    yield from game.replay(entries, variant, seats)


def render(key: str, events: tuple[Event, ...] | list[Event], seats: tuple[str, ...]) -> str:
    players = {seat: f"Spieler {seat}" for seat in seats}
    return render_to_string(f"scoring/{key}/events.html", {"events": events, "players": players})


def assert_words(html: str, events: tuple[Event, ...] | list[Event]) -> None:
    """No event fell through to the template's last branch (``<li>unit_over …</li>``) and no
    code shows anywhere."""
    for event in events:
        assert not re.search(rf"<li>\s*{event.kind}(\s|</li>)", html), (event.kind, html)
    text = re.sub(r"<[^>]+>", " ", html)
    assert not CODE.findall(text), (CODE.findall(text), text)


@pytest.mark.parametrize("key", list(scoring.games))
def test_simulated_play_reaches_only_documented_kinds(key: str) -> None:
    reached = {e.kind for step in simulated(key) for e in step.events}
    assert reached <= set(documented_kinds(key)) and "unit_over" in reached


@pytest.mark.parametrize("key", list(scoring.games))
def test_every_simulated_step_reads_as_words(key: str) -> None:
    seen: set[tuple[str, ...]] = set()
    for step in simulated(key):
        kinds = tuple(e.kind for e in step.events)
        if kinds in seen:
            continue  # one rendering per sequence of kinds keeps the test quick
        seen.add(kinds)
        assert_words(render(key, step.events, step.state.seats), step.events)


@pytest.mark.parametrize("key", list(scoring.games))
def test_every_documented_kind_has_words(key: str) -> None:
    # Kinds simulated play does not reach (a Hundertspiel session closed by hand) are rendered
    # from a bare event: the template must still have a branch for them.
    seats = scoring.games[key].seats(scoring.games[key].table_sizes[0])
    examples = {e.kind: e for step in simulated(key) for e in step.events}
    for kind in documented_kinds(key):
        event = examples.get(kind) or Event(kind, (), {}, "")
        html = render(key, [event], seats)
        fallback = render(key, [replace(event, kind="zz_no_such_kind")], seats)
        assert html != fallback.replace("zz_no_such_kind", kind), kind


def test_hintersche_unit_over_is_the_last_event_of_its_step() -> None:
    # The events template reads the step's last event to know whether the Butzen follows.
    ends = [s.events for s in simulated("hintersche") if "unit_over" in {e.kind for e in s.events}]
    assert ends and all(events[-1].kind == "unit_over" for events in ends)


def _hintersche(entries: list[dict], options: dict) -> str:
    game = scoring.games["hintersche"]
    step = game.replay(entries, game.variant(options))[-1]
    return render("hintersche", step.events, step.state.seats)


def test_hintersche_vierstrich_round_over_says_no_butzen() -> None:
    # H-2, deal 2: B makes a hundred with 104, A C D take a Strich each: 4 on the slate (A 2,
    # C 1, D 1), B clean. With tournament_round = vierstrich the round at the table ends here.
    html = _hintersche(golden_entries("h2")[:2], {})
    assert "The Vier-Strich is over with 4 Striche on the slate." in html
    assert "Spieler B: clean slate." in html
    assert "This table's tournament round is complete." in html
    assert "Butzen" not in html


def test_hintersche_butzen_begins_only_when_it_does() -> None:
    # The same deal with tournament_round = full_game: A C D hold Striche, the Butzen follows.
    html = _hintersche(golden_entries("h2")[:2], {"tournament_round": "full_game"})
    assert "The Vier-Strich is over with 4 Striche on the slate. The Butzen begins." in html
    assert "Spieler B: clean slate, sits out the Butzen." in html
    assert "tournament round" not in html
    # H-5 game 1, deal 4: A holds all 4 Striche and loses at once; there is no Butzen.
    html = _hintersche(golden_entries("h5")[:4], {"tournament_round": "rubber"})
    assert "Spieler B, Spieler C and Spieler D: clean slate." in html
    assert "Spieler A is left last and loses the game" in html
    assert "Butzen" not in html


@pytest.mark.german
@pytest.mark.parametrize(
    ("seats", "words"),
    [
        # A 2-player Butzen: one opponent takes the Strich, the verb agrees (GERMAN.md).
        (("A",), "Spieler A bekommt einen Strich: Ein Gegner hat einen Hunderter gemacht."),
        (
            ("A", "C"),
            "Spieler A und Spieler C bekommen je einen Strich: Ein Gegner hat einen Hunderter "
            "gemacht.",
        ),
    ],
)
def test_a_hundred_agrees_with_the_names(seats, words) -> None:
    event = Event("strich", seats, {"reason": "hundred"}, "Hintersche")
    assert words in render("hintersche", [event], ("A", "B", "C", "D"))


@pytest.mark.german
def test_a_team_meld_names_the_team_first() -> None:
    event = Event(
        "meld", ("E", "W"), {"team": "EW", "kind": 20, "value": 1, "suit": None}, "Bauerchen"
    )
    html = render("bauerchen", [event], ("N", "E", "S", "W"))
    assert "EW (Spieler E und Spieler W) melden 20: +1." in html
