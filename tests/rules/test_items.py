"""Tools of Hero-Kind (R-ITEM): the Item deck, revealing Items before Heroes, which Hero
takes each Item, Items riding with their Heroes, Items won and used."""

from __future__ import annotations

import pytest

from rules import commands as c
from rules import engine, flow
from rules import events as ev
from rules.game import Game
from rules.items import item_reveal_count
from rules.models import GameState, HeroCard, ItemCard
from tests.rules.referee_fixtures import events_of, hero, new, refused, room, run, started

ROD = ItemCard(name="Ice Rod", treasure=("mage",))
MACE = ItemCard(name="Mace", treasure=("cleric",))
BOOTS = ItemCard(name="Boots", treasure=("any",))
POLE = ItemCard(name="Pole", treasure=("thief",))


def item_game(players: tuple[tuple[str, int], ...] = (("A", 900), ("B", 400))) -> GameState:
    """Items on; A's first Room lures mages (damage 5), B's lures clerics (damage 1)."""
    state = new(players, items=True)
    first = {"A": room("mage", 5), "B": room("cleric", 1)}
    return started(state, {n: r for n, r in first.items() if state.has_player(n)})


def to_bait(
    state: GameState, items: tuple[ItemCard, ...], heroes: tuple[HeroCard, ...]
) -> GameState:
    return run(state, c.RevealItems(items=items), c.RevealHeroes(heroes=heroes), c.RevealRooms())


def to_next_turn(state: GameState) -> GameState:
    """From the Bait phase: bait, walk everyone, end the turn."""
    state = run(state, c.ResolveBait())
    if state.walk is not None:
        state = run(state, c.FinishAdventure())
    return run(state, c.EndTurn())


def carrier(state: GameState, item: int) -> int | None:
    return next((h for h, i in state.items.carried if i == item), None)


# --- the deck and the reveal -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "count"), [(2, 1), (3, 1), (4, 2), (5, 3), (6, 3)])
def test_item_count_by_player_count(players: int, count: int) -> None:
    """R-ITEM: 1 Item for 2–3 players, 2 for 4, 3 for 5–6."""
    state = new(tuple((f"P{i}", 100 * i) for i in range(players)), items=True)
    assert item_reveal_count(state) == count


def test_item_count_is_zero_without_items_and_shrinks_with_the_deck() -> None:
    """R-ITEM: no Items without the expansion; fewer only when the Item deck runs out."""
    assert item_reveal_count(new()) == 0
    state = started(
        engine.new_game(
            new(tuple((f"P{i}", i) for i in range(4)), items=True).setup.model_copy(
                update={"item_deck": 1}
            )
        )
    )
    assert item_reveal_count(state) == 1
    state = run(state, c.RevealItems(items=(ROD,)))
    assert state.items.deck_left == 0
    assert item_reveal_count(state) == 0


def test_item_heroes_wait_until_the_items_are_revealed() -> None:
    """R-ITEM: with Items the beginning of the turn reveals Items first, then Heroes."""
    state = item_game()
    refused(state, c.RevealHeroes(heroes=(hero("mage"), hero("cleric"))), "R-ITEM")
    assert c.RevealItems in flow.legal(state)
    assert c.RevealHeroes not in flow.legal(state)
    state = run(state, c.RevealItems(items=(ROD,)))
    assert state.phase == "beginning"
    assert c.RevealHeroes in flow.legal(state)
    assert c.RevealItems not in flow.legal(state)


def test_item_game_without_items_is_unchanged() -> None:
    """R-ITEM: without the expansion the turn starts with the Heroes, no Item commands."""
    state = started(new())
    legal = flow.legal(state)
    assert c.RevealHeroes in legal
    assert not {c.RevealItems, c.UseItem, c.ChooseFaceUpItem} & set(legal)
    state = run(state, c.RevealHeroes(heroes=(hero("mage"), hero("cleric"))))
    assert state.phase == "build"
    assert state.items.revealed == ()


@pytest.mark.parametrize(
    "command",
    [
        c.RevealItems(items=(ROD,)),
        c.UseItem(player="A", item=0),
        c.ChooseFaceUpItem(player="A", item=0),
    ],
    ids=lambda cmd: cmd.type,
)
def test_item_commands_refused_when_items_are_off(command: c.Command) -> None:
    """R-ITEM: a game without Tools of Hero-Kind refuses every Item command."""
    error = refused(started(new()), command, "R-ITEM")
    assert "without Items" in str(error)


def test_item_reveal_with_the_wrong_count_is_refused() -> None:
    """R-ITEM: two players reveal exactly one Item."""
    error = refused(item_game(), c.RevealItems(items=(ROD, MACE)), "R-ITEM")
    assert "1 Item" in str(error) and "entered 2" in str(error)
    refused(item_game(), c.RevealItems(items=()), "R-ITEM")


def test_item_reveal_twice_in_a_turn_is_refused() -> None:
    """R-ITEM: the turn's Items are revealed once."""
    state = run(item_game(), c.RevealItems(items=(ROD,)))
    refused(state, c.RevealItems(items=(MACE,)), "R-ITEM")


def test_item_reveal_out_of_the_beginning_phase_is_refused() -> None:
    """R-ITEM / R-PHASE: Items are revealed at the beginning of a turn only."""
    state = run(
        item_game(), c.RevealItems(items=(ROD,)), c.RevealHeroes(heroes=(hero("mage"),) * 2)
    )
    refused(state, c.RevealItems(items=(ROD,)), "R-PHASE")


def test_item_explorer_item_refused_without_crash_landing() -> None:
    """R-ITEM: Explorer Items come only with Crash Landing (always in a 5–6 player game);
    without it reveal another."""
    explorer = ItemCard(name="Map", treasure=("explorer",))
    game = item_game()
    game = game.model_copy(
        update={
            "setup": game.setup.model_copy(update={"card_sets": ("base", "tools_of_hero_kind")})
        }
    )
    refused(game, c.RevealItems(items=(explorer,)), "R-ITEM")
    five = new(tuple((f"P{i}", i) for i in range(5)), items=True)
    state = run(started(five), c.RevealItems(items=(explorer, ROD, MACE)))
    assert len(state.items.waiting) == 3


def test_item_universal_item_must_stand_alone() -> None:
    """R-ITEM: a universal Item names no class besides 'any'."""
    with pytest.raises(ValueError, match="universal"):
        ItemCard(treasure=("any", "mage"))


# --- who takes an Item -----------------------------------------------------------------------


def test_item_first_matching_new_hero_takes_it() -> None:
    """R-ITEM: the first Hero of the Item's class to appear takes it."""
    state = run(item_game(), c.RevealItems(items=(ROD,)))
    assert state.items.waiting == (0,)
    events = events_of(state, c.RevealHeroes(heroes=(hero("cleric"), hero("mage"))))
    taken = [e for e in events if isinstance(e, ev.ItemTaken)]
    assert [(e.item, e.hero) for e in taken] == [(0, 1)]
    assert taken[0].ruling.rule == "R-ITEM"


def test_item_universal_goes_to_the_first_hero() -> None:
    """R-ITEM: a universal Item is taken by the first Hero to appear."""
    state = run(item_game(), c.RevealItems(items=(BOOTS,)))
    state = run(state, c.RevealHeroes(heroes=(hero("thief"), hero("mage"))))
    assert state.items.carried == ((0, 0),)


def test_item_hybrid_hero_takes_an_item_of_either_class() -> None:
    """R-ITEM: a Hybrid Hero is of both classes, so an Item of either fits."""
    state = run(item_game(), c.RevealItems(items=(ROD,)))
    state = run(state, c.RevealHeroes(heroes=(hero("thief mage"), hero("mage"))))
    assert carrier(state, 0) == 0


def test_item_starred_hero_never_takes_one() -> None:
    """R-ITEM: a starred Hero never takes an Item; the next fitting Hero does."""
    starred = HeroCard(treasure=("mage",), health=4, star=True)
    state = run(item_game(), c.RevealItems(items=(ROD,)))
    state = run(state, c.RevealHeroes(heroes=(starred, hero("mage"))))
    assert carrier(state, 0) == 1


def test_item_hero_card_star_defaults_to_false() -> None:
    """R-ITEM: old Hero data without the star flag stays valid and unstarred."""
    assert HeroCard.model_validate({"treasure": ["mage"], "health": 4}).star is False


def test_item_heroes_already_in_town_take_it_first_oldest_first() -> None:
    """R-ITEM: a Hero already in town takes a new Item before any new Hero, the one in
    town longest first."""
    # Two thieves: nobody has thief treasure, so both stay in town; the first takes Boots.
    state = to_bait(item_game(), (MACE,), (hero("thief"), hero("thief")))
    assert state.items.carried == ()  # Mace waits: no cleric came
    state = to_next_turn(state)
    assert state.town == (0, 1)
    state = run(state, c.RevealItems(items=(POLE,)))
    assert carrier(state, 1) == 0  # the Pole (item 1) goes to Hero #1, in town longest
    state = run(state, c.RevealHeroes(heroes=(hero("thief"), hero("cleric"))))
    assert carrier(state, 0) == 3  # the waiting Mace goes to the new cleric
    assert state.items.waiting == ()


def test_item_one_item_per_hero() -> None:
    """R-ITEM: a Hero carries one Item; a second Item goes to the next Hero that fits."""
    players = tuple((f"P{i}", 100 * i) for i in range(4))
    state = started(new(players, items=True))
    state = run(state, c.RevealItems(items=(ROD, BOOTS)))
    state = run(state, c.RevealHeroes(heroes=(hero("mage"),) * 4))
    assert state.items.carried == ((0, 0), (1, 1))


def test_item_without_a_taker_waits_for_the_next_matching_hero() -> None:
    """R-ITEM (our reading): an Item nobody can take waits in town for the next Hero of
    its class, even turns later."""
    state = to_bait(item_game(), (POLE,), (hero("mage"), hero("cleric")))
    assert state.items.waiting == (0,)
    state = to_next_turn(state)
    state = run(state, c.RevealItems(items=(ROD,)))
    state = run(state, c.RevealHeroes(heroes=(hero("thief"), hero("mage"))))
    assert carrier(state, 0) == 2 and carrier(state, 1) == 3
    assert state.items.waiting == ()


# --- riding with the Hero, won, kept, used ----------------------------------------------------


def test_item_rides_with_its_hero_to_the_entrance_and_through_the_dungeon() -> None:
    """R-ITEM: the Item stays with its Hero in town, at the entrance and while walking."""
    state = to_bait(item_game(), (ROD,), (hero("mage", health=8), hero("cleric")))
    assert carrier(state, 0) == 0 and state.hero_place(0) == "town"
    state = run(state, c.ResolveBait())
    assert state.walk is not None and state.walk.hero == 0
    assert carrier(state, 0) == 0
    state = run(state, c.AdvanceHero())
    assert state.walk is not None and state.walk.room == 0 and carrier(state, 0) == 0


def test_item_killed_hero_gives_its_killer_the_item_face_up() -> None:
    """R-ITEM: a Hero dying with an Item gives the dungeon's owner the Item face up."""
    state = to_bait(item_game(), (ROD,), (hero("mage"), hero("cleric", health=8)))
    state = run(state, c.ResolveBait())
    events = events_of(state, c.FinishWalk())
    killed = [e for e in events if isinstance(e, ev.HeroKilled)]
    won = [e for e in events if isinstance(e, ev.ItemScored)]
    assert killed and won and events.index(won[0]) > events.index(killed[0])
    state = run(state, c.FinishWalk())
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, True)]
    assert state.items.carried == ()
    assert won[0].ruling.rule == "R-ITEM" and "face up" in won[0].ruling.why


def test_item_hero_killed_by_a_spell_also_gives_the_item() -> None:
    """R-ITEM: however the Hero dies in the dungeon, its Item goes face up to the owner."""
    state = to_bait(item_game(), (MACE,), (hero("mage", health=8), hero("cleric", health=8)))
    state = run(state, c.ResolveBait(), c.FinishWalk())  # mage reaches A's Boss: no Item
    assert state.walk is not None and state.walk.player == "B"
    state = run(state, c.KillHero())
    assert [(o.item, o.face_up) for o in state.player("B").items] == [(0, True)]


def test_item_surviving_hero_gives_the_item_face_down() -> None:
    """R-ITEM: a Hero that survives the dungeon leaves its Item face down."""
    state = to_bait(item_game(), (MACE,), (hero("mage"), hero("cleric", health=8)))
    state = run(state, c.ResolveBait(), c.FinishAdventure())
    assert [(o.item, o.face_up) for o in state.player("B").items] == [(0, False)]
    assert state.player("B").face_up_item() is None


def test_item_hero_sent_back_to_town_keeps_its_item() -> None:
    """R-ITEM: an Item rides with its Hero back to town."""
    state = to_bait(item_game(), (ROD,), (hero("mage", health=8), hero("cleric")))
    state = run(state, c.ResolveBait(), c.AdvanceHero(), c.SendHeroBack(to="town"))
    assert state.hero_place(0) == "town" and carrier(state, 0) == 0


def two_rods_won() -> GameState:
    """A wins Ice Rod on turn 1 and Mirror on turn 2, both face up in turn."""
    state = to_bait(item_game(), (ROD,), (hero("mage"), hero("cleric", health=8)))
    state = to_next_turn(state)
    mirror = ItemCard(name="Mirror", treasure=("mage",))
    state = to_bait(state, (mirror,), (hero("mage"), hero("cleric", health=8)))
    state = run(state, c.ResolveBait(), c.FinishWalk())
    return state


def test_item_second_face_up_item_turns_the_first_down_and_offers_a_choice() -> None:
    """R-ITEM: one face-up Item at a time: the new one comes up, the old one turns down,
    and the player may choose which stays up."""
    state = two_rods_won()
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, False), (1, True)]
    state = run(state, c.ChooseFaceUpItem(player="A", item=0))
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, True), (1, False)]
    # The choice is made: the other can't be flipped back up.
    refused(state, c.ChooseFaceUpItem(player="A", item=1), "R-ITEM")


def test_item_choice_refused_without_an_open_choice() -> None:
    """R-ITEM: a face-down Item can't be turned up at will, and a face-up one is up."""
    state = to_bait(item_game(), (MACE,), (hero("mage"), hero("cleric", health=8)))
    state = run(state, c.ResolveBait(), c.FinishAdventure())
    refused(state, c.ChooseFaceUpItem(player="B", item=0), "R-ITEM")  # survived: face down
    state = two_rods_won()
    refused(state, c.ChooseFaceUpItem(player="A", item=1), "R-ITEM")  # already up
    refused(state, c.ChooseFaceUpItem(player="A", item=7), "R-ITEM")  # not A's


def test_item_choice_closes_at_the_end_of_the_turn() -> None:
    """R-ITEM (our reading): the choice of face-up Item lasts until the turn ends."""
    state = two_rods_won()
    state = run(state, c.FinishAdventure(), c.EndTurn())
    state = run(state, c.RevealItems(items=(POLE,)), c.RevealHeroes(heroes=(hero("thief"),) * 2))
    refused(state, c.UseItem(player="A", item=0), "R-ITEM")  # face down
    state = run(state, c.UseItem(player="A", item=1))
    assert state.player("A").face_up_item() is None


def test_item_use_turns_it_face_down_once() -> None:
    """R-ITEM: a face-up Item's Boss effect is used once (Build or Adventure), then it is
    face down and can't be used again."""
    state = to_bait(item_game(), (ROD,), (hero("mage"), hero("cleric", health=8)))
    state = to_next_turn(state)
    refused(state, c.UseItem(player="A", item=0), "R-PHASE")  # beginning of turn
    state = run(state, c.RevealItems(items=(POLE,)), c.RevealHeroes(heroes=(hero("thief"),) * 2))
    events = events_of(state, c.UseItem(player="A", item=0))
    assert [e.ruling.rule for e in events] == ["R-ITEM"]
    state = run(state, c.UseItem(player="A", item=0))
    assert [(o.item, o.face_up) for o in state.player("A").items] == [(0, False)]
    refused(state, c.UseItem(player="A", item=0), "R-ITEM")
    refused(state, c.UseItem(player="B", item=0), "R-ITEM")  # not B's


def test_item_use_in_the_adventure_phase() -> None:
    """R-ITEM: an Item may be used in the Adventure phase, like a Spell; using one closes
    the choice of face-up Item."""
    state = two_rods_won()
    state = run(state, c.UseItem(player="A", item=1))
    assert state.player("A").face_up_item() is None
    refused(state, c.ChooseFaceUpItem(player="A", item=0), "R-ITEM")


def test_item_game_replays_and_undoes() -> None:
    """R-ITEM: a game with Items is its commands: replay and undo/redo give the same state."""
    game = Game.new(item_game().setup)
    script: list[c.Command] = [
        c.BuildRoom(player="A", room=room("mage", 5)),
        c.BuildRoom(player="B", room=room("cleric", 1)),
        c.RevealRooms(),
        c.RevealItems(items=(ROD,)),
        c.RevealHeroes(heroes=(hero("mage"), hero("cleric", health=8))),
        c.RevealRooms(),
        c.ResolveBait(),
        c.FinishAdventure(),
    ]
    for command in script:
        game, _ = game.play(command)
    assert game.state.player("A").items[0].face_up
    assert game.undo().redo().state == game.state
    assert engine.replay(game.setup, game.log) == game.state
