"""A game played up to both Bosses' Level Up (five Rooms each), for the tests of a Boss's
Level Up used at will: screens without a browser and the browser's alike."""

from __future__ import annotations

from rules import commands as c
from rules.models import GameSetup, HeroCard, PlayerSetup, Room, Ruleset


def levelled_up(ann: str, bob: str | None = None) -> tuple[GameSetup, list[c.Command]]:
    """Ann's Boss is catalogue card ``ann``, Bob's ``bob``; both built five Rooms, so both
    levelled up; 3 Coins each (R-MINI); the commands end in turn 5's Build phase."""
    setup = GameSetup(
        players=(
            PlayerSetup(name="Ann", xp=500, boss_card_id=ann, boss_treasure=("fighter",)),
            PlayerSetup(name="Bob", xp=300, boss_card_id=bob, boss_treasure=("thief",)),
        ),
        ruleset=Ruleset(minibosses=True),
        card_sets=("minibosses",),
    )
    heroes = (HeroCard(treasure=("cleric",), health=4), HeroCard(treasure=("thief",), health=4))
    plays: list[c.Command] = [
        c.BuildRoom(player="Ann", room=Room(treasure=("fighter",), damage=3)),
        c.BuildRoom(player="Bob", room=Room(treasure=("mage",), damage=2, kind="trap")),
        c.RevealRooms(),
    ]
    for _turn in range(4):
        plays += [
            c.RevealHeroes(heroes=heroes),
            c.BuildRoom(player="Ann", room=Room(treasure=("fighter",), damage=1)),
            c.BuildRoom(player="Bob", room=Room(treasure=("mage",), damage=1, kind="trap")),
            c.RevealRooms(),
            c.ResolveBait(),
            c.FinishAdventure(),
            c.EndTurn(),
        ]
    plays.append(c.RevealHeroes(heroes=heroes))
    return setup, plays
