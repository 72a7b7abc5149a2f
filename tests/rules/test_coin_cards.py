"""Rise of the Minibosses' Coin abilities carried out (R-MINI with R-CARD-EFFECT). Each
case's expected number comes from the card's printed effect (in our words in the
docstring or the case's name), never from the engine's output."""

from __future__ import annotations

from typing import Any

import pytest
from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import _in_build, card_room, plain

from rules import commands as c
from rules.card_effects import dungeon_damage, effects_of
from rules.hold_kinds import waiting_heroes
from rules.models import GameState, MinibossCard, Room, ScoredHero
from rules.rulings import describe

GIANT_SIZE = "BMA047"  # Build or Adventure: a Monster Room +3 until end of turn
(
    GREGORE,
    LAMIA,
    KING_CROAK,
    BARON_HEX,
    DR_DEADLY,
) = ("RMB001", "RMB004", "RMB005", "RMB007", "RMB010")
MONSTER_ACADEMY, MINION_CLINIC, GOBLIN_MARKET = "RMB014", "RMB020", "RMB023"
FOYER_ELEMENTAL, ALCHEMISTS_LAB, CRYSTAL_BALLROOM = "RMB030", "RMB032", "RMB037"
GARBAGE_CHUTE, UNSTABLE_MINE, DREADMILL = "RMB041", "RMB042", "RMB048"
PERSONNEL_OFFICE, TROPHY_ROOM, LIGHTNING_ROD = "RMB049", "RMB050", "RMB051"
PIXIE_FOUNTAIN, KEYSTONE, POOL_OF_SHADOWS, WINDFALL = "RMB052", "RMB053", "RMB054", "RMB065"
SPIKE = MinibossCard(name="Spike", card_id="RMB055")


def _table(
    rooms: list[Room],
    town: list[dict[str, Any]],
    coins: int = 0,
    boss: str | None = None,
    leveled_up: bool = False,
    phase: str = "build",
) -> GameState:
    """A game with Coins: A (900 XP, Boss ``boss``) has ``rooms`` and ``coins`` in the
    hoard; B has one plain Trap Room and 3 Coins; ``town`` waits. ``phase`` build, or
    bait (then baited: A's walk begins)."""
    state = _in_build(rooms, town, boss)  # B: one plain Trap Room
    ruleset = state.setup.ruleset.model_copy(update={"minibosses": True})
    a, b = state.players
    a = a.model_copy(
        update={
            "coins": coins,
            "leveled_up": leveled_up,
            "boss_treasure": ("fighter", "cleric", "mage", "thief"),
        }
    )
    state = state.model_copy(
        update={
            "players": (a, b.model_copy(update={"coins": 3})),
            "setup": state.setup.model_copy(update={"ruleset": ruleset}),
            "ordinary_left": 10,
        }
    )
    if phase == "build":
        return state
    return run(state.model_copy(update={"phase": "bait"}), c.ResolveBait())


def _coins(state: GameState, player: str = "A") -> int:
    return state.player(player).coins


def _through(state: GameState) -> GameState:
    return run(state, c.FinishAdventure()) if state.walk is not None else state


# --- Rooms whose ability fires at a moment the engine sees --------------------------------


@pytest.mark.parametrize(
    ("card", "heroes", "gained"),
    [
        # Lightning Rod: once per turn, if a Hero dies in this Room, gain 3 Coins. Two
        # Heroes die in it this turn: 3, not 6.
        (LIGHTNING_ROD, [t_hero("thief", 1), t_hero("thief", 1)], 3),
        # Foyer Elemental: once per turn when a Hero survives this Room, gain 2 Coins. Two
        # Heroes walk through it alive: 2, not 4.
        (FOYER_ELEMENTAL, [t_hero("fighter", 30), t_hero("fighter", 30)], 2),
        # Foyer Elemental: a Hero that dies in it did not survive it: nothing.
        (FOYER_ELEMENTAL, [t_hero("fighter", 1)], 0),
    ],
)
def test_coin_room_gains_when_a_hero_dies_or_survives(
    card: str, heroes: list[dict[str, Any]], gained: int
) -> None:
    state = _through(_table([card_room(card)], heroes, phase="bait"))
    assert _coins(state) == gained


def test_coin_alchemists_lab_gains_two_once_per_turn_when_its_owner_casts_a_spell() -> None:
    """RMB032 (printed: once per turn, when you cast a Spell, gain 2 Coins)."""
    lab = card_room(ALCHEMISTS_LAB)
    state = _table([lab, plain("monster", 1)], [t_hero("mage", 30)], phase="bait")
    cast = c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=1)
    state = run(state, cast)
    assert _coins(state) == 2
    assert _coins(run(state, cast)) == 2  # once per turn


def test_coin_garbage_chute_gains_two_once_per_turn_when_any_room_is_destroyed() -> None:
    """RMB041 (printed: once per turn when a Room is destroyed, gain 2 Coins): a Room of
    another dungeon counts; the second destruction of the turn gains nothing."""
    state = _table([card_room(GARBAGE_CHUTE), plain("monster", 1)], [t_hero("mage", 30)])
    state = run(state, c.DestroyRoom(player="B", index=0))
    assert _coins(state) == 2
    state = run(state, c.DestroyRoom(player="A", index=1))
    assert _coins(state) == 2


@pytest.mark.parametrize(
    ("card", "rooms", "wounds", "gained"),
    [
        # Unstable Mine: destroy this Room to gain 3 Coins.
        (UNSTABLE_MINE, 1, 0, 3),
        # Pixie Fountain: destroy this Room to gain 1 Coin for every Wound you have.
        (PIXIE_FOUNTAIN, 1, 2, 2),
        # The Keystone: destroy it to gain 1 Coin for every Room remaining in your dungeon
        # (three other Rooms remain).
        (KEYSTONE, 4, 0, 3),
    ],
)
def test_coin_room_destroyed_by_its_owner_for_coins(
    card: str, rooms: int, wounds: int, gained: int
) -> None:
    others = [plain("monster", 1)] * (rooms - 1)
    town = [t_hero("mage", 4) for _ in range(max(wounds, 1))]
    state = _table([card_room(card), *others], town)
    if wounds:  # Heroes that reached A's Boss: Wounds
        scored = tuple(ScoredHero(hero=i, face_up=True) for i in range(wounds))
        a = state.player("A").model_copy(update={"scored": scored})
        state = state.model_copy(update={"players": (a, state.players[1]), "town": ()})
    assert state.wounds("A") == wounds
    state = run(state, c.UseRoomAbility(player="A", index=0))
    assert _coins(state) == gained
    assert len(state.player("A").dungeon) == rooms - 1  # the Room paid with itself


def test_coin_pool_of_shadows_gains_two_once_per_turn() -> None:
    """RMB054 (printed: once per turn, you may discard a Spell to gain 2 Coins): its
    button gains 2; a second use the same turn is refused."""
    state = _table([card_room(POOL_OF_SHADOWS)], [t_hero("mage", 30)])
    use = c.UseRoomAbility(player="A", index=0)
    state = run(state, use)
    assert _coins(state) == 2 and len(state.player("A").dungeon) == 1
    refused(state, use, "R-CARD-EFFECT")


@pytest.mark.parametrize(
    ("over", "gained"),
    [
        # Goblin Market (Room 3 of three): whenever you build a Room next to this Room,
        # gain 2 Coins. Built over Room 2, the new Room is its neighbour: 2.
        (1, 2),
        # Built over Room 1: not next to the Market: nothing.
        (0, 0),
    ],
)
def test_coin_goblin_market_gains_when_a_room_is_built_next_to_it(over: int, gained: int) -> None:
    market = card_room(GOBLIN_MARKET)
    rooms = [plain("monster", 1, "fighter"), plain("monster", 1, "fighter"), market]
    state = _table(rooms, [t_hero("mage", 30)])
    advanced = Room(name="big", treasure=("fighter",), damage=3, kind="monster", advanced=True)
    state = run(state, c.BuildRoom(player="A", room=advanced, over=over), c.RevealRooms())
    assert _coins(state) == gained


def test_coin_goblin_market_gains_when_a_new_room_goes_in_front_of_it() -> None:
    """RMB023: a Room built in a new place goes in front (the entrance side), next to the
    first Room: the Market there gains 2."""
    state = _table([card_room(GOBLIN_MARKET)], [t_hero("mage", 30)])
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1)), c.RevealRooms())
    assert _coins(state) == 2


def test_coin_trophy_room_gains_one_per_multi_treasure_room_with_itself() -> None:
    """RMB050 (printed: when you build or uncover it, gain 1 Coin for every Room in your
    dungeon with more than one treasure icon, this one included): one other such Room and
    the Trophy Room itself: 2."""
    two = Room(name="two", treasure=("fighter", "mage"), damage=1, kind="trap")
    state = _table([two, plain("monster", 1)], [t_hero("mage", 30)])
    state = run(state, c.BuildRoom(player="A", room=card_room(TROPHY_ROOM)), c.RevealRooms())
    assert _coins(state) == 2


@pytest.mark.parametrize(("hoard", "after"), [(0, 3), (1, 1)])
def test_coin_windfall_gains_three_only_into_an_empty_hoard(hoard: int, after: int) -> None:
    """RMB065 (printed: if you have no Coins in your hoard, gain 3 Coins)."""
    state = _table([plain("monster", 1)], [t_hero("mage", 30)], coins=hoard)
    state = run(state, c.CastSpell(player="A", card_id=WINDFALL))
    assert _coins(state) == after


# --- numbers only the player knows: asked -------------------------------------------------


def test_coin_monster_academy_asks_how_many_minibosses_are_revealed() -> None:
    """RMB014 (printed: when you build or uncover it, gain 2 Coins for every Miniboss you
    reveal from your hand): the referee asks the number; 2 shown: 4 Coins."""
    state = _table([plain("monster", 1)], [t_hero("mage", 30)])
    state = run(state, c.BuildRoom(player="A", room=card_room(MONSTER_ACADEMY)), c.RevealRooms())
    assert [(o.card_id, o.offer) for o in state.offers] == [(MONSTER_ACADEMY, "count")]
    answer = c.AnswerCardEffect(player="A", card_id=MONSTER_ACADEMY, accept=True, count=2)
    refused(state, answer.model_copy(update={"count": None}), "R-CARD-EFFECT")
    refused(state, answer.model_copy(update={"accept": False}), "R-CARD-EFFECT")  # a must
    state = run(state, answer)
    assert _coins(state) == 4 and state.offers == ()


@pytest.mark.parametrize(("card", "printed"), [(MINION_CLINIC, 3), (CRYSTAL_BALLROOM, 3)])
def test_coin_rooms_with_coins_placed_deal_one_less_per_coin(card: str, printed: int) -> None:
    """RMB020, RMB037 (printed: when you build it, place up to three Coins on it; it has
    -1 for every Coin on it): asked how many; 2 placed from a hoard of 3 leaves 1 in the
    hoard and the Room deals its printed 3 - 2 = 1. More than three is refused."""
    built = card_room(card)  # Advanced: over a Room sharing its treasure
    state = _table([plain("monster", 1, built.treasure[0])], [t_hero("mage", 30)], coins=5)
    state = run(state, c.BuildRoom(player="A", room=built, over=0), c.RevealRooms())
    answer = c.AnswerCardEffect(player="A", card_id=card, accept=True, count=4)
    refused(state, answer, "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"count": 2}))
    assert _coins(state) == 3 and state.player("A").dungeon[0].coins == 2
    assert dungeon_damage(state.player("A"))[0].damage == printed - 2


def test_coin_dreadmill_deals_one_more_per_coin_on_it() -> None:
    """RMB048 (printed: this Room has +1 for every Coin on it; damage 2)."""
    state = _table([card_room(DREADMILL)], [t_hero("mage", 30)], coins=3)
    state = run(state, c.PlaceCoinOnRoom(player="A", index=0, amount=2))
    assert dungeon_damage(state.player("A"))[0].damage == 2 + 2


# --- Minibosses ---------------------------------------------------------------------------


def test_coin_personnel_office_gains_one_when_an_opponent_plays_a_miniboss() -> None:
    """RMB049 (printed: once per turn gain 1 Coin when an opponent plays or promotes a
    Miniboss): B reveals a Miniboss (paying 1): A, the Office's owner, gains 1."""
    state = _table([card_room(PERSONNEL_OFFICE)], [t_hero("mage", 30)])
    state = run(state, c.BuildMiniboss(player="B", over=0, miniboss=SPIKE), c.RevealRooms())
    assert _coins(state) == 1 and _coins(state, "B") == 2


# --- Bosses' Level Ups: for the rest of the game -----------------------------------------


@pytest.mark.parametrize(
    ("boss", "room", "gained"),
    [
        (LAMIA, plain("monster", 1), 1),  # gain 1 Coin whenever you build a Monster Room
        (LAMIA, plain("trap", 1), 0),
        (DR_DEADLY, plain("trap", 1), 1),  # gain 1 Coin whenever you build a Trap Room
        (DR_DEADLY, plain("monster", 1), 0),
    ],
)
def test_coin_level_up_gains_when_the_boss_builds_a_room(
    boss: str, room: Room, gained: int
) -> None:
    state = _table([plain("monster", 1)], [t_hero("mage", 30)], boss=boss, leveled_up=True)
    state = run(state, c.BuildRoom(player="A", room=room), c.RevealRooms())
    assert _coins(state) == gained


def test_coin_level_up_gains_nothing_before_the_boss_levels_up() -> None:
    """'For the rest of the game' starts at the Level Up: no Coin before it."""
    state = _table([plain("monster", 1)], [t_hero("mage", 30)], boss=LAMIA)
    state = run(state, c.BuildRoom(player="A", room=plain("monster", 1)), c.RevealRooms())
    assert _coins(state) == 0


def test_coin_level_up_of_lamia_says_what_it_does() -> None:
    """Lamia's Level Up fires at the fifth Room and says, in words, what it does."""
    state = _table([plain("monster", 1)] * 4, [t_hero("mage", 30)], boss=LAMIA)
    state = run(state, c.BuildRoom(player="A", room=plain("trap", 1)))
    events = events_of(state, c.RevealRooms())
    said = [e.ruling.why for e in events if e.ruling.key == "card.levelup"]
    assert said and "whenever you build a Monster Room" in said[0]


def test_coin_baron_hex_gains_one_whenever_its_owner_casts_a_spell() -> None:
    """RMB007 (Level Up: for the rest of the game, gain 1 Coin whenever you cast a Spell)."""
    state = _table(
        [plain("monster", 1)], [t_hero("mage", 30)], boss=BARON_HEX, leveled_up=True, phase="bait"
    )
    cast = c.CastSpell(player="A", card_id=GIANT_SIZE, target="A", room=0)
    assert _coins(run(state, cast, cast)) == 2


def test_coin_gregore_gains_one_once_per_turn_when_its_owner_kills_a_hero() -> None:
    """RMB001 (Level Up: for the rest of the game, once per turn gain 1 Coin when you kill
    a Hero): two Heroes die in A's dungeon this turn: 1 Coin."""
    heroes = [t_hero("thief", 1), t_hero("thief", 1)]
    state = _table([plain("monster", 1)], heroes, boss=GREGORE, leveled_up=True, phase="bait")
    assert _coins(_through(state)) == 1


def test_coin_king_croak_minibosses_start_on_level_two() -> None:
    """RMB005 (Level Up: for the rest of the game, Minibosses you build start on Level 2)."""
    state = _table(
        [plain("monster", 1)], [t_hero("mage", 30)], coins=1, boss=KING_CROAK, leveled_up=True
    )
    state = run(state, c.BuildMiniboss(player="A", over=0, miniboss=SPIKE), c.RevealRooms())
    mini = state.player("A").dungeon[0].miniboss
    assert mini is not None and mini.level == 2 and _coins(state) == 0


def test_coin_abilities_say_what_they_do_in_words() -> None:
    """The generated description names the Coins (no card text is stored)."""
    rod = effects_of(LIGHTNING_ROD)
    assert rod is not None
    assert "gain 3 Coins" in describe(rod)


# --- prices of Rise of the Minibosses: a Coin, a Miniboss card, a Monster Room ------------

VAMPIRE_LAB, SAWTOOTH_PENDULUM, LIVING_TRAP, AMBUSH = "RMB018", "RMB043", "RMB047", "RMB070"


def _in_room(rooms: list[Room], health: int, coins: int = 0) -> GameState:
    """A's Hero of ``health`` walks into A's first Room (Adventure phase)."""
    state = _table(rooms, [t_hero("mage", health)], coins=coins, phase="bait")
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.room == 0
    return state


def test_coin_vampire_lab_may_heal_a_wound_when_built() -> None:
    """RMB018 (printed: when you build or uncover it, you may discard a Miniboss to heal a
    Wound): asked; Yes heals A's one Wound (the Miniboss card is the player's word)."""
    state = _table([plain("monster", 1)], [t_hero("mage", 4)])
    a = state.player("A").model_copy(update={"scored": (ScoredHero(hero=0, face_up=True),)})
    state = state.model_copy(update={"players": (a, state.players[1]), "town": ()})
    state = run(state, c.BuildRoom(player="A", room=card_room(VAMPIRE_LAB)), c.RevealRooms())
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (VAMPIRE_LAB, "heal_wound", False)
    ]
    state = run(state, c.AnswerCardEffect(player="A", card_id=VAMPIRE_LAB, accept=True))
    assert state.wounds("A") == 0


@pytest.mark.parametrize(("health", "killed"), [(3, True), (4, False)])
def test_coin_sawtooth_pendulum_pays_a_coin_to_kill_a_hero_of_three_health(
    health: int, killed: bool
) -> None:
    """RMB043 (printed: once per turn, you may pay 1 Coin to kill a Hero in this Room with
    3 or less Health): a Hero of 3 dies and A pays 1; one of 4 may not be aimed at."""
    state = _in_room([card_room(SAWTOOTH_PENDULUM)], health, coins=2)
    use = c.UseRoomAbility(player="A", index=0)
    if not killed:
        refused(state, use, "R-CARD-EFFECT")
        return
    state = run(state, use)
    assert state.souls("A") == 1 and _coins(state) == 1


def test_coin_sawtooth_pendulum_without_a_coin_cannot_be_used() -> None:
    refused(
        _in_room([card_room(SAWTOOTH_PENDULUM)], 3, coins=0),
        c.UseRoomAbility(player="A", index=0),
        "R-CARD-EFFECT",
    )


def test_coin_living_trap_destroys_a_monster_room_to_kill_the_hero_in_it() -> None:
    """RMB047 (printed: you may destroy a Monster Room in your dungeon to kill a Hero in
    this Room): a Trap Room may not pay; the Monster Room does, and the Hero dies."""
    rooms = [card_room(LIVING_TRAP), plain("trap", 1), plain("monster", 1)]
    state = _in_room(rooms, 30)
    refused(state, c.UseRoomAbility(player="A", index=0, other=1), "R-CARD-EFFECT")
    state = run(state, c.UseRoomAbility(player="A", index=0, other=2))
    assert state.souls("A") == 1
    assert [s.top.kind for s in state.player("A").dungeon] == ["trap", "trap"]


def test_coin_ambush_kills_a_hero_in_your_dungeon() -> None:
    """RMB070 (printed: you may discard two Monster Room cards or one Miniboss card to kill
    one Hero in your dungeon): cast, the Hero walking A's dungeon dies (a Soul)."""
    state = _in_room([plain("monster", 1)], 30)
    state = run(state, c.CastSpell(player="A", card_id=AMBUSH))
    assert state.souls("A") == 1


def test_coin_sawtooth_pendulum_says_its_health_limit_alone() -> None:
    """Its description names the 3-Health limit and nothing about Wounds (the card has no
    Wound clause; It's On! has one)."""
    card = effects_of(SAWTOOTH_PENDULUM)
    assert card is not None
    words = describe(card)
    assert "at most 3 Health" in words and "Wound" not in words


DRAGONS_NEST = "RMB028"


def test_coin_dragons_nest_gives_other_monster_rooms_one_per_treasure_icon() -> None:
    """RMB028 (printed: when you build or uncover it, until end of turn give every other
    Monster Room in your dungeon +1 for every treasure icon that Room has): a Monster Room
    with two icons deals 1 + 2, one with one icon 1 + 1, a Trap Room its 1; the Nest
    (Advanced, over a fighter Room) keeps its printed 4."""
    two = Room(name="two", treasure=("fighter", "mage"), damage=1, kind="monster")
    rooms = [plain("monster", 1, "fighter"), two, plain("monster", 1, "cleric"), plain("trap", 1)]
    state = _table(rooms, [t_hero("mage", 30)])
    nest = card_room(DRAGONS_NEST)
    state = run(state, c.BuildRoom(player="A", room=nest, over=0), c.RevealRooms())
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [4, 3, 2, 1]


THE_CATAPULT = "RMB044"


def test_coin_the_catapult_deactivates_a_room_of_an_opponents_once_per_turn() -> None:
    """RMB044 (printed: once per turn, you may discard a Miniboss to deactivate a Room in
    an opponent's dungeon): its button asks which Room, B's only; the second use of the
    turn is refused."""
    state = _table([card_room(THE_CATAPULT), plain("monster", 1)], [t_hero("mage", 30)])
    use = c.UseRoomAbility(player="A", index=0)
    state = run(state, use)
    assert [(o.card_id, o.offer) for o in state.offers] == [
        (THE_CATAPULT, "deactivate_opponent_room")
    ]
    answer = c.AnswerCardEffect(player="A", card_id=THE_CATAPULT, accept=True, target="A", room=1)
    refused(state, answer, "R-CARD-EFFECT")  # not an opponent's Room
    state = run(state, answer.model_copy(update={"target": "B", "room": 0}))
    assert state.player("B").dungeon[0].deactivated
    refused(state, use, "R-CARD-EFFECT")


LOOT_BOX = "RMB036"


@pytest.mark.parametrize(("hoard", "after"), [(3, 1), (1, 1)])
def test_coin_loot_box_pays_two_coins_when_built(hoard: int, after: int) -> None:
    """RMB036 (printed: when you build this Room, pay 2 Coins and draw two Spell cards): a
    hoard of 3 keeps 1; a hoard of 1 cannot pay, so nothing is paid (nor drawn)."""
    state = _table([plain("monster", 1)], [t_hero("mage", 30)], coins=hoard)
    state = run(state, c.BuildRoom(player="A", room=card_room(LOOT_BOX)), c.RevealRooms())
    assert _coins(state) == after


BLACK_MARKET = "RMB033"


def test_coin_black_market_asks_and_a_yes_pays_one_coin() -> None:
    """RMB033 (printed: once per turn, when a Room in any dungeon is destroyed, pay 1 Coin
    to draw a Spell card): asked Yes or No; Yes pays 1 Coin (the card drawn is the
    players'); with an empty hoard the Yes is refused."""
    state = _table([card_room(BLACK_MARKET), plain("monster", 1)], [t_hero("mage", 30)], coins=2)
    state = run(state, c.DestroyRoom(player="B", index=0))
    assert [(o.card_id, o.offer) for o in state.offers] == [(BLACK_MARKET, "may")]
    yes = c.AnswerCardEffect(player="A", card_id=BLACK_MARKET, accept=True)
    broke = state.model_copy(
        update={"players": (state.players[0].model_copy(update={"coins": 0}), state.players[1])}
    )
    refused(broke, yes, "R-MINI")
    assert _coins(run(state, yes)) == 1


TRAINING_CAMP = "RMB026"


def test_coin_training_camp_doubles_a_monster_room_of_its_owner_once_per_turn() -> None:
    """RMB026 (printed: once per turn, you may discard a Miniboss to double the damage of
    one of your Monster Rooms until end of turn): its button asks which Monster Room (the
    Camp too, not the Trap Room); the 3-damage Room then deals 6; a second use is refused."""
    rooms = [card_room(TRAINING_CAMP), plain("monster", 3), plain("trap", 1)]
    state = _table(rooms, [t_hero("mage", 30)])
    use = c.UseRoomAbility(player="A", index=0)
    state = run(state, use)
    assert [(o.card_id, o.offer) for o in state.offers] == [
        (TRAINING_CAMP, "double_own_monster_room")
    ]
    pick = c.AnswerCardEffect(player="A", card_id=TRAINING_CAMP, accept=True, room=2)
    refused(state, pick, "R-CARD-EFFECT")  # the Trap Room
    state = run(state, pick.model_copy(update={"room": 1}))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [2, 6, 1]
    refused(state, use, "R-CARD-EFFECT")


ROBBERS_VAULT = "RMB021"


def test_coin_robbers_vault_exchanges_hoards_with_the_player_asked_for() -> None:
    """RMB021 (printed: when you build this Room, exchange your hoard with another
    player's, even if you have no Coins): asked whose; A (1 Coin) and B (3) swap: 3 and 1.
    A must pick someone else (a must-do: no No)."""
    vault = card_room(ROBBERS_VAULT)  # Advanced: over a Room sharing its treasure
    state = _table([plain("monster", 1, vault.treasure[0])], [t_hero("mage", 30)], coins=1)
    state = run(state, c.BuildRoom(player="A", room=vault, over=0), c.RevealRooms())
    assert [(o.card_id, o.offer, o.mandatory) for o in state.offers] == [
        (ROBBERS_VAULT, "swap_hoard_with", True)
    ]
    answer = c.AnswerCardEffect(player="A", card_id=ROBBERS_VAULT, accept=True, target="A")
    refused(state, answer, "R-CARD-EFFECT")
    refused(state, answer.model_copy(update={"accept": False}), "R-CARD-EFFECT")
    state = run(state, answer.model_copy(update={"target": "B"}))
    assert (_coins(state), _coins(state, "B")) == (3, 1)


@pytest.mark.parametrize(("hoard", "coins_on_it"), [(2, 1), (0, None)])
def test_coin_dreadmill_takes_a_coin_each_turn_or_is_destroyed(
    hoard: int, coins_on_it: int | None
) -> None:
    """RMB048 (printed: once per Build phase, place a Coin on this Room; +1 for every Coin
    on it; if you cannot place a Coin, destroy it): at the next turn a hoard of 2 puts 1
    on it (it deals 2 + 1); an empty hoard loses the Room."""
    state = _table([card_room(DREADMILL), plain("monster", 1)], [], coins=hoard, phase="bait")
    state = run(_through(state), c.EndTurn())
    dungeon = state.player("A").dungeon
    if coins_on_it is None:
        assert [s.top.card_id for s in dungeon] == [None]
        return
    assert dungeon[0].coins == coins_on_it and _coins(state) == hoard - 1
    assert dungeon_damage(state.player("A"))[0].damage == 2 + 1


DOPPELGANGER_HIVE = "RMB029"


def test_coin_doppelganger_hive_deals_one_more_per_hero_lured_this_turn() -> None:
    """RMB029 (printed: damage 2, +1 for every Hero that was lured to your dungeon this
    turn): two Heroes lured to A: the Hive deals 4; the next turn, before any lure, 2."""
    hive = card_room(DOPPELGANGER_HIVE)  # Advanced: over a Room sharing its treasure
    heroes = [t_hero("mage", 30), t_hero("thief", 30)]
    state = _table([plain("monster", 1, hive.treasure[0])], heroes)
    state = run(state, c.BuildRoom(player="A", room=hive, over=0), c.RevealRooms())
    state = run(state, c.ResolveBait())
    assert sorted(state.entrance("A") + ((state.walk.hero,) if state.walk else ())) == [0, 1]
    assert dungeon_damage(state.player("A"), state.card_uses)[0].damage == 2 + 2
    state = run(_through(state), c.EndTurn())
    assert dungeon_damage(state.player("A"), state.card_uses)[0].damage == 2


HEIST = "RMB076"


def test_coin_heist_takes_a_rooms_treasure_away_until_end_of_turn() -> None:
    """RMB076 (printed: Build phase; choose a Room in any dungeon, until end of turn it has
    no treasure icons): B's one fighter Room shows none, so B's fighter total drops 1 to 0."""
    from rules.treasure import treasure_total

    state = _table([plain("monster", 1)], [t_hero("mage", 30)])
    assert treasure_total(state, "B", "fighter") == 1
    state = run(state, c.CastSpell(player="A", card_id=HEIST, target="B", room=0))
    assert treasure_total(state, "B", "fighter") == 0


SMASH = "RMB072"


@pytest.mark.parametrize(("miniboss", "damage"), [(True, 4), (False, 2)])
def test_coin_smash_deals_four_to_a_hero_in_a_room_with_a_miniboss(
    miniboss: bool, damage: int
) -> None:
    """RMB072 (printed: deal 2 damage to a Hero in your dungeon, OR 4 damage to a Hero in
    a Room that contains a Miniboss): the Hero in A's Room with a revealed Miniboss takes
    4; in a Room without one, 2."""
    from rules.models import Miniboss

    state = _in_room([plain("monster", 0)], 30)
    if miniboss:
        stack = (
            state.player("A")
            .dungeon[0]
            .model_copy(update={"miniboss": Miniboss(card=SPIKE, face_down=False)})
        )
        a = state.player("A").model_copy(update={"dungeon": (stack,)})
        state = state.model_copy(update={"players": (a, state.players[1])})
    state = run(state, c.CastSpell(player="A", card_id=SMASH))
    assert state.walk is not None and state.walk.damage == damage


@pytest.mark.parametrize("card", ["RMB027", "RMB035"])
def test_coin_rooms_played_from_the_hand_have_no_button_in_the_dungeon(card: str) -> None:
    """Shrooman Aviary and Cursed Well (printed: discard this from your hand to …) act
    from the hand only: built, the Room has nothing to use."""
    from rules.activated import usable

    state = _in_room([card_room(card)], 30)
    assert usable(state, "A", 0) is None


ARMOR_UP = "RMB079"


def test_coin_armor_up_gives_one_health_and_two_per_coin_spent() -> None:
    """RMB079 (printed: give a Hero +1 until end of turn AND +2 more for every Coin you
    spend when casting it): A spends 2 of 3 Coins: the walking 4-Health Hero has
    4 + 1 + 4 = 9 Health, A 1 Coin left."""
    state = _in_room([plain("monster", 0)], 4, coins=3)
    state = run(state, c.CastSpell(player="A", card_id=ARMOR_UP))
    assert [(o.card_id, o.offer) for o in state.offers] == [(ARMOR_UP, "count")]
    answer = c.AnswerCardEffect(player="A", card_id=ARMOR_UP, accept=True, count=4)
    refused(state, answer, "R-CARD-EFFECT")  # more than the hoard holds
    state = run(state, answer.model_copy(update={"count": 2}))
    assert state.walk is not None and 4 + state.walk.extra_health == 9
    assert _coins(state) == 1
    # The Health given counts wherever Health is read: 8 damage leaves it standing, 9 is
    # lethal (R-ADV-DEATH), and the screens show 9 (``GameState.health_of``).
    walk = state.walk
    assert state.health_of(walk) == 9
    assert not state.model_copy(update={"walk": walk.model_copy(update={"damage": 8})}).walk_lethal
    assert state.model_copy(update={"walk": walk.model_copy(update={"damage": 9})}).walk_lethal


HAUNTED_CAVERN = "RMB019"


def test_coin_haunted_cavern_keeps_a_waiting_hero_at_the_entrance_until_next_turn() -> None:
    """RMB019 (printed: once per turn, you may pay a Coin and choose a Hero at the entrance
    to your dungeon; it cannot enter your dungeon until next turn): two Heroes lured to A,
    the first walking; A pays 1 (3 -> 2) to hold the second: when the first is done, A's
    Adventure ends with the second still at the entrance, unhurt; next turn it may enter."""
    rooms = [card_room(HAUNTED_CAVERN), plain("monster", 1)]
    state = _table(rooms, [t_hero("fighter", 30), t_hero("fighter", 30)], coins=3, phase="bait")
    assert state.walk is not None and state.walk.hero == 0 and state.entrance("A") == (1,)
    use = c.UseRoomAbility(player="A", index=0, hero=1)
    refused(state, use.model_copy(update={"hero": 0}), "R-CARD-EFFECT")  # it walks already
    state = run(state, use)
    assert _coins(state) == 2
    refused(state, use, "R-CARD-EFFECT")  # once per turn
    state = run(state, c.FinishAdventure())
    assert state.entrance("A") == (1,) and state.phase == "end"
    assert 1 not in [s.hero for s in state.player("A").scored]
    state = run(state, c.EndTurn())  # next turn: still at the entrance, free to enter
    assert state.entrance("A") == (1,) and not waiting_heroes(state.card_uses)


PAYWALL = "RMB046"


def test_coin_paywall_loses_one_damage_per_coin_another_player_gives_this_turn() -> None:
    """RMB046 (printed: each turn, any player may give you any number of Coins; for every
    Coin they give you, give this Room -1 until end of turn): B (3 Coins) gives A 2: B has
    1, A 3 + 2 = 5, the 4-damage Paywall deals 2; B can't give the 2 it no longer has; A
    gives nothing to itself; the next turn the Paywall deals 4 again."""
    state = _table([card_room(PAYWALL), plain("monster", 1)], [], coins=3)
    give = c.GiveCoins(player="B", to="A", index=0, amount=2)
    state = run(state, give)
    assert (_coins(state, "B"), _coins(state)) == (1, 5)
    assert dungeon_damage(state.player("A"))[0].damage == 4 - 2
    refused(state, give, "R-MINI")  # 1 Coin left
    refused(state, c.GiveCoins(player="A", to="A", index=0), "R-CARD-EFFECT")
    refused(state, c.GiveCoins(player="B", to="A", index=1), "R-CARD-EFFECT")  # no Paywall
    state = run(state, c.RevealRooms(), c.ResolveBait())
    state = run(_through(state), c.EndTurn())
    assert dungeon_damage(state.player("A"))[0].damage == 4
