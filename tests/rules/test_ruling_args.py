"""Rulings carry a message key and facts (names, numbers), never English words: the app
words every ruling in the player's language, "(Room 2)" as much as "(Raum 2)"."""

from __future__ import annotations

import random
import re

from rules import engine
from rules.errors import RulesError
from rules.rulings import Ruling, explain
from tests.rules.test_properties import next_command, random_setup

#: English words the engine once put into arguments: "Crypt (Room 2)", "the entrance",
#: "over Pit (position 1)", "Pit is uncovered", "nothing lay beneath it".
ENGLISH = re.compile(r"\b(Room|position|entrance|uncovered|beneath|over|the)\b")
#: Keys whose arguments name a Room by its place.
ROOM_KEYS = {"adv.enter", "adv.death", "build.placed_over", "build.revealed_over"}


def _rulings_of_random_games(games: int) -> list[Ruling]:
    rulings: list[Ruling] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game(random_setup(rng))
        for _ in range(140):
            if state.game_over:
                break
            try:
                state, events = engine.apply(state, next_command(state, rng))
            except RulesError as error:
                rulings.append(error.ruling)
                continue
            rulings.extend(event.ruling for event in events)
    return rulings


def test_ruling_arguments_are_names_and_numbers_not_english() -> None:
    rulings = _rulings_of_random_games(60)
    worded = {
        (r.key, name, value)
        for r in rulings
        for name, value in r.args.items()
        if isinstance(value, str) and ENGLISH.search(value)
    }
    assert worded == set()
    seen = {r.key for r in rulings}
    assert seen >= ROOM_KEYS, f"the random games never gave {ROOM_KEYS - seen}"


def test_a_room_is_named_by_card_and_place() -> None:
    rulings = _rulings_of_random_games(20)
    enter = next(r for r in rulings if r.key == "adv.enter")
    assert isinstance(enter.args["room_n"], int) and enter.args["room_n"] >= 1
    assert f"{enter.args['room']} (Room {enter.args['room_n']})" in explain(enter.key, enter.args)


def test_a_ruling_that_opens_with_a_card_or_a_name_starts_with_a_capital() -> None:
    """ "fighter Hero #2" is a label mid-sentence; at the start of a ruling it is the
    sentence's first word. Part of a card's description stays as it is: it follows a
    "When ...:" and is joined with the others (``card_text.describe``)."""
    walk = {"room": "trap Room", "room_n": 1, "damage": 2, "total": 2, "health": 4}
    assert explain("adv.enter", {"hero": "fighter Hero #2", **walk}).startswith(
        "Fighter Hero #2 enters trap Room (Room 1)"
    )
    assert explain("build.placed_end", {"player": "ann"}).startswith("Ann places a Room")
    fragment = explain("card.fx.room_damage_plus.adjacent", {"rooms": "monster Rooms", "amount": 1})
    assert fragment == "monster Rooms next to this Room deal +1 damage."
