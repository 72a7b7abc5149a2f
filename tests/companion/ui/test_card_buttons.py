"""The buttons of card abilities on the table: a Room's ability goes once it is spent
(the Room tile is kept between taps only while its buttons stay the same), and a Boss's
Level Up used at will has its own button (rules.boss_actions)."""

from __future__ import annotations

from pathlib import Path

from companion.store import GameStore
from companion.ui.shell import TableApp
from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.game import Game
from rules.models import GameSetup, HeroCard, ItemCard, PlayerSetup, Room, Ruleset
from tests.boss_games import levelled_up
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness

# Burial Mound's printed facts (the catalogue's): an Advanced Trap Room, 3 damage, Cleric.
MOUND = Room(
    name="Burial Mound",
    treasure=("cleric",),
    damage=3,
    kind="trap",
    advanced=True,
    card_id="THK021",
)


def _saved(data: Path, game: Game, plays: list[object], name: str) -> str:
    """``game`` after ``plays``, saved as ``name``; its id."""
    for command in plays:
        game, _ = game.play(command)  # type: ignore[arg-type]
    store = GameStore(data, fsync=False)
    game_id = store.create(game.setup, name).game_id
    store.save(game_id, game)
    return game_id


def _at_anns_dungeon(table_app: AppFactory, game_id: str) -> tuple[Harness, TableApp]:
    """The saved game open in a tab, Ann's dungeon shown (unfolded if the screen folds it)."""
    ui, app = table_app(route=f"/game/{game_id}")
    ui.settle()
    if ui.has("dungeon-p1-expand"):
        ui.tap("dungeon-p1-expand")
    return ui, app


def _saved_with_items(data: Path) -> str:
    """Ann has Burial Mound (Room 2) and two Items won, Ice Rod face down and Vorpal Blade
    face up; turn 3, Build phase."""
    setup = GameSetup(
        players=(
            PlayerSetup(name="Ann", xp=500, boss_treasure=("fighter",)),
            PlayerSetup(name="Bob", xp=300, boss_treasure=("thief",)),
        ),
        ruleset=Ruleset(items=True),
        card_sets=("tools_of_hero_kind",),
    )
    game = Game.new(setup)
    mound = MOUND
    plays: list[object] = [
        c.BuildRoom(player="Ann", room=Room(treasure=mound.treasure, damage=1)),
        c.BuildRoom(player="Bob", room=Room(treasure=("mage",), damage=1, kind="trap")),
        c.RevealRooms(),
    ]
    for turn, (name, card_id) in enumerate((("Ice Rod", "THK010"), ("Vorpal Blade", "THK008"))):
        built = Room(treasure=("fighter",), damage=2)
        plays += [
            c.RevealItems(items=(ItemCard(name=name, treasure=("any",), card_id=card_id),)),
            c.RevealHeroes(
                heroes=(
                    HeroCard(treasure=("fighter",), health=1),
                    HeroCard(treasure=("mage",), health=30),
                )
            ),
            c.BuildRoom(player="Ann", room=mound, over=0)
            if turn == 0
            else c.BuildRoom(player="Ann", room=built),
            c.RevealRooms(),
            c.ResolveBait(),
            c.FinishAdventure(),
            c.EndTurn(),
        ]
    plays += [
        c.RevealItems(items=(ItemCard(name="Extra Life", treasure=("any",), card_id="THK001"),)),
        c.RevealHeroes(
            heroes=(
                HeroCard(treasure=("cleric",), health=4),
                HeroCard(treasure=("thief",), health=4),
            )
        ),
    ]
    return _saved(data, game, plays, "Burial Mound")


def test_burial_mound_button_goes_once_used_and_the_item_comes_up(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """THK021, once per turn: its button names the face-down Ice Rod; tapped, Ice Rod is
    up and Vorpal Blade down, and the Room's button is gone for this turn."""
    game_id = _saved_with_items(tmp_path / "data")
    ui, app = _at_anns_dungeon(table_app, game_id)
    button = "p1-room-2-use-item-1"
    ui.until(lambda: ui.has(button))
    assert "Use Burial Mound on Ice Rod #1" in ui.texts()
    ui.tap(button)
    ui.until(lambda: not ui.has(button))
    owned = [(o.item, o.face_up) for o in app.current.state.player("Ann").items]  # type: ignore[attr-defined]
    assert owned == [(0, True), (1, False)]
    assert not any(i.startswith("p1-room-2-use") for i in ui.ids())


def _saved_with_ravenus(data: Path) -> str:
    """Ann's Boss is Ravenus, levelled up (five Rooms), with 3 Coins; turn 5, Build phase."""
    setup, plays = levelled_up("RMB006")
    return _saved(data, Game.new(setup), list(plays), "Ravenus")


def test_ravenus_button_pays_two_coins_asks_the_room_and_goes_for_the_turn(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """RMB006 (printed: once per turn, pay 2 Coins to double a Monster Room's damage): the
    Boss's button says so; tapped, 3 Coins become 1, the Room is asked, and the button is
    gone for this turn."""
    game_id = _saved_with_ravenus(tmp_path / "data")
    ui, app = _at_anns_dungeon(table_app, game_id)
    ui.until(lambda: ui.has("p1-boss-use"))
    assert "Use Ravenus: pay 2 Coins to choose one of your Monster Rooms" in ui.texts()
    ui.tap("p1-boss-use")
    ui.until(lambda: not ui.has("p1-boss-use"))
    assert app.current.state.player("Ann").coins == 1  # type: ignore[attr-defined]
    assert ui.has("offer-1-room-1")


def test_excavation_in_the_spell_form_names_an_item_and_turns_it_over(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """THK025 (printed: choose one Item in any scorekeeping area; flip it face down or
    face up): Bob casts it; the form lists Ann's two Items with their faces; Vorpal Blade,
    face up, goes face down."""
    game_id = _saved_with_items(tmp_path / "data")
    ui, app = table_app(route=f"/game/{game_id}")
    ui.settle()
    for tap in ("spell-open", "spell-caster-2", "spell-THK025"):
        ui.until(lambda tap=tap: ui.has(tap))
        ui.tap(tap)
    ui.until(lambda: ui.has("spell-item-2"))
    assert ui.find("spell-item-2").content == "Ann: Vorpal Blade #2 (face up)"
    assert ui.find("spell-item-1").content == "Ann: Ice Rod #1 (face down)"
    ui.tap("spell-item-2")
    ui.tap("spell-play")
    ui.until(lambda: not any(o.face_up for o in app.current.state.player("Ann").items))  # type: ignore[attr-defined]


def test_paywall_gives_each_other_player_a_coin_button_on_the_room(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """RMB046 (printed: any player may give you Coins; for every Coin, this Room has -1
    until end of turn): Bob's button on Ann's Paywall gives 1 Coin (Bob 3 -> 2, Ann 3 -> 4)
    and the 4-damage Room deals 3; Ann has no button for her own Room."""
    setup = GameSetup(
        players=(
            PlayerSetup(name="Ann", xp=500, boss_treasure=("fighter",)),
            PlayerSetup(name="Bob", xp=300, boss_treasure=("cleric",)),
        ),
        ruleset=Ruleset(minibosses=True),
        card_sets=("minibosses",),
    )
    paywall = Room(
        name="Paywall", treasure=("thief",), damage=4, kind="trap", advanced=True, card_id="RMB046"
    )
    heroes = (HeroCard(treasure=("mage",), health=30), HeroCard(treasure=("mage",), health=30))
    plays: list[object] = [
        c.BuildRoom(player="Ann", room=Room(treasure=("thief",), damage=1)),
        c.BuildRoom(player="Bob", room=Room(treasure=("mage",), damage=1, kind="trap")),
        c.RevealRooms(),
        c.RevealHeroes(heroes=heroes),
        c.BuildRoom(player="Ann", room=paywall, over=0),
        c.RevealRooms(),
        c.ResolveBait(),
        c.FinishAdventure(),
        c.EndTurn(),
        c.RevealHeroes(heroes=heroes),
    ]
    game_id = _saved(tmp_path / "data", Game.new(setup), plays, "Paywall")
    ui, app = _at_anns_dungeon(table_app, game_id)
    ui.until(lambda: ui.has("p1-room-1-give-2"))
    assert not ui.has("p1-room-1-give-1")
    ui.tap("p1-room-1-give-2")
    ui.until(lambda: app.current.state.player("Bob").coins == 2)  # type: ignore[attr-defined]
    state = app.current.state  # type: ignore[attr-defined]
    assert state.player("Ann").coins == 4
    assert dungeon_damage(state.player("Ann"))[0].damage == 3


def test_scott_takes_another_players_coin_with_a_button_on_the_boss(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """RMB011 (printed: any opponent may give you a Coin to cancel this ability until the
    end of your turn): Ann's Scott, levelled up, has Bob's button (none of Ann's own);
    tapped, Bob 3 -> 2 and Ann 3 -> 4 Coins, and the button is gone for the turn."""
    setup, plays = levelled_up("RMB011")
    game_id = _saved(tmp_path / "data", Game.new(setup), list(plays), "Scott")
    ui, app = _at_anns_dungeon(table_app, game_id)
    ui.until(lambda: ui.has("p1-boss-gift-2"))
    assert not ui.has("p1-boss-gift-1")
    assert "Bob gives Ann 1 Coin: Scott's Level Up off this turn" in ui.texts()
    ui.tap("p1-boss-gift-2")
    ui.until(lambda: not ui.has("p1-boss-gift-2"))
    state = app.current.state  # type: ignore[attr-defined]
    assert (state.player("Bob").coins, state.player("Ann").coins) == (2, 4)


def _saved_with_mirror(data: Path) -> str:
    """Ann won Magic Mirror (face up) in turn 1, Bob Goblin Suit (face up) in turn 2; turn
    3, Build phase. Ann's dungeon: three ordinary fighter Monster Rooms, 2 damage each."""
    setup = GameSetup(
        players=(
            PlayerSetup(name="Ann", xp=500, boss_treasure=("fighter",)),
            PlayerSetup(name="Bob", xp=300, boss_treasure=("mage",)),
        ),
        ruleset=Ruleset(items=True),
        card_sets=("tools_of_hero_kind",),
    )
    plays: list[object] = [
        c.BuildRoom(player="Ann", room=Room(treasure=("fighter",), damage=2)),
        c.BuildRoom(player="Bob", room=Room(treasure=("mage",), damage=1, kind="trap")),
        c.RevealRooms(),
    ]
    for name, card_id, carrier in (
        ("Magic Mirror", "THK011", "fighter"),
        ("Goblin Suit", "THK005", "mage"),
    ):
        plays += [
            c.RevealItems(items=(ItemCard(name=name, treasure=(carrier,), card_id=card_id),)),
            c.RevealHeroes(
                heroes=(
                    HeroCard(treasure=("fighter",), health=1),
                    HeroCard(treasure=("mage",), health=1),
                )
            ),
            c.BuildRoom(player="Ann", room=Room(treasure=("fighter",), damage=2)),
            c.RevealRooms(),
            c.ResolveBait(),
            c.FinishAdventure(),
            c.EndTurn(),
        ]
    plays.append(
        c.RevealItems(items=(ItemCard(name="Extra Life", treasure=("any",), card_id="THK001"),))
    )
    plays.append(
        c.RevealHeroes(
            heroes=(
                HeroCard(treasure=("cleric",), health=4),
                HeroCard(treasure=("thief",), health=4),
            )
        )
    )
    return _saved(data, Game.new(setup), plays, "Magic Mirror")


def test_magic_mirror_asks_whose_face_up_item_it_copies_with_a_button_each(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """THK011's Reward: Ann uses the Mirror; the question has one button, Bob's Goblin Suit
    (ordinary Monster Rooms +1), and no No while it has one; tapped, Ann's three Rooms deal 3."""
    game_id = _saved_with_mirror(tmp_path / "data")
    ui, app = table_app(route=f"/game/{game_id}")
    ui.settle()
    state = app.current.state  # type: ignore[attr-defined]
    assert [(o.item, o.face_up) for o in state.player("Ann").items] == [(0, True)]
    assert [(o.item, o.face_up) for o in state.player("Bob").items] == [(1, True)]
    ui.until(lambda: ui.has("p1-item-1-use"))
    ui.tap("p1-item-1-use")
    ui.until(lambda: ui.has("offer-1-item-2"))
    assert ui.find("offer-1-item-2").content == "Goblin Suit #2 · Bob"
    assert "Magic Mirror: whose face-up Item's Reward does Ann copy?" in ui.texts()
    assert not ui.has("offer-1-no")
    ui.tap("offer-1-item-2")
    ui.until(lambda: not ui.has("offer-1-item-2"))
    ann = app.current.state.player("Ann")  # type: ignore[attr-defined]
    assert [d.damage for d in dungeon_damage(ann)] == [3, 3, 3]
