"""Items, Coins and Minibosses on the game screen, driven through their handlers.

Each test taps a control and checks what the engine made of it, so a control that sent
the wrong command (or none) fails the test.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.i18n import Translator
from companion.session import Sessions
from companion.ui.shell import TableApp
from companion.ui.table import dungeon
from companion.ui.table.game_screen import GameScreen
from rules.card_effects import hit
from rules.commands import (
    AdvanceHero,
    BuildMiniboss,
    Command,
    EndTurn,
    FinishAdventure,
    KillHero,
    PromoteMiniboss,
    ResolveBait,
    RevealHeroes,
    RevealItems,
    RevealRooms,
)
from rules.models import ItemCard, MinibossCard, Ruleset
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness, controls_in
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    SETUP,
    FakePage,
    error_rule,
    error_text,
    find,
    has,
    hero,
    start,
    tap,
    texts,
    type_into,
    walk,
)

BOTH = Ruleset(items=True, minibosses=True)


def start_with(
    app: TableApp,
    sessions: Sessions,
    ruleset: Ruleset,
    commands: list[Command],
    ordinary_heroes: int | None = None,
) -> GameScreen:
    """A saved game with this ruleset that has had ``commands``, on the game screen."""
    setup = SETUP.model_copy(update={"ruleset": ruleset, "ordinary_heroes": ordinary_heroes})
    session = sessions.new_game(setup)
    for command in commands:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    return screen


MAGE_ITEM = ItemCard(name="Wand", treasure=("mage",))
#: Items on: turn 1's Item (a mage Item) revealed; the Wizard takes it as it comes.
ITEM_TAKEN: list[Command] = [
    *AFTER_SETUP,
    RevealItems(items=(MAGE_ITEM,)),
    RevealHeroes(heroes=(hero("mage", 4, "Wizard"), hero("fighter", 9, "Knight"))),
]
#: The Wizard walks into Ann's dungeon carrying the Wand; the Knight waits at Bo's.
WIZARD_WALKING: list[Command] = [*ITEM_TAKEN, RevealRooms(), ResolveBait()]


# --- Items ----------------------------------------------------------------------------------


def test_items_come_before_heroes_and_a_class_must_be_picked(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, BOTH, AFTER_SETUP)
    assert has(page, "new-item-1") and not has(page, "new-item-2")
    assert not has(page, "reveal-heroes")
    tap(page, "reveal-items")
    assert "New Item 1: pick who may carry it" in error_text(page, "reveal-items")
    assert screen.state.items.revealed == ()


def test_item_picked_from_the_catalogue_is_revealed_then_a_new_hero_takes_it(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, BOTH, AFTER_SETUP)
    type_into(page, "new-item-1-name", "ice rod")
    tap(page, "new-item-1-option-THK010")
    tap(page, "reveal-items")
    item = screen.state.items.revealed[0]
    assert (item.card.name, item.card.treasure, item.card.card_id) == (
        "Ice Rod",
        ("mage",),
        "THK010",
    )
    assert has(page, "town-item-1") and has(page, "reveal-heroes")
    assert "Ice Rod #1 is revealed" in texts(page)
    tap(page, "new-hero-1-treasure-mage")
    type_into(page, "new-hero-1-health", "4")
    tap(page, "new-hero-2-treasure-thief")
    type_into(page, "new-hero-2-health", "4")
    tap(page, "reveal-heroes")
    assert screen.state.items.carried == ((0, 0),)
    assert has(page, "town-hero-1-item") and not has(page, "town-hero-2-item")
    assert "the first Hero able to carry Ice Rod #1" in texts(page)


def test_item_class_tiles_make_a_universal_item_that_stands_alone(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, BOTH, AFTER_SETUP)
    tap(page, "new-item-1-class-mage")
    tap(page, "new-item-1-class-thief")
    assert screen.town.item_reveal.slots[0].draft.classes == ["mage", "thief"]
    tap(page, "new-item-1-class-any")
    tap(page, "reveal-items")
    assert screen.state.items.revealed[0].card.treasure == ("any",)


def test_a_starred_hero_from_the_catalogue_is_sent_starred_and_takes_no_item(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    # Every starred Hero is Epic: a deck without ordinary Heroes reveals Epics at once.
    commands: list[Command] = [*AFTER_SETUP, RevealItems(items=(MAGE_ITEM,))]
    screen = start_with(app, sessions, BOTH, commands, ordinary_heroes=0)
    master = next(c for c in app.catalogue.cards(kinds=["hero"]) if c.name == "Trap Master")
    assert has(page, "new-hero-1")  # the town, drawn with its forms
    screen.town.slots[0].pick(master)  # type: ignore[arg-type]
    tap(page, "new-hero-2-treasure-mage")
    type_into(page, "new-hero-2-health", "11")
    tap(page, "reveal-heroes")
    first, second = (screen.state.hero(h).card for h in screen.state.town)
    assert first.star and "mage" in first.treasure and not second.star
    assert screen.state.items.carried == ((1, 0),)  # the second mage Hero, not the starred one


def test_the_item_rides_with_its_hero_into_the_dungeon(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start_with(app, sessions, BOTH, WIZARD_WALKING)
    assert has(page, "walk-hero-item")
    assert "Wand" in texts(page)


def test_killed_hero_gives_its_item_face_up_and_use_turns_it_down(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, BOTH, [*WIZARD_WALKING, KillHero()])
    assert screen.state.player("Ann").items[0].face_up
    assert "so Ann gets the Item face up" in texts(page)
    tap(page, "p1-item-1-use")
    assert not screen.state.player("Ann").items[0].face_up
    assert "Ann uses the Boss effect of Wand #1" in texts(page)
    assert not has(page, "p1-item-1-use")  # face down: nothing to use


def test_after_winning_a_second_item_the_player_may_keep_the_first_face_up(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    second_turn: list[Command] = [
        *WIZARD_WALKING,
        KillHero(),
        FinishAdventure(),
        EndTurn(),
        RevealItems(items=(ItemCard(name="Orb", treasure=("mage",)),)),
        RevealHeroes(heroes=(hero("mage", 2, "Sage"), hero("fighter", 9, "Guard"))),
        RevealRooms(),
        ResolveBait(),
        KillHero(),
    ]
    screen = start_with(app, sessions, BOTH, second_turn)
    owned = {o.item: o.face_up for o in screen.state.player("Ann").items}
    assert owned == {0: False, 1: True}
    assert not has(page, "p1-item-2-keep-up")
    tap(page, "p1-item-1-keep-up")
    owned = {o.item: o.face_up for o in screen.state.player("Ann").items}
    assert owned == {0: True, 1: False}
    assert not has(page, "p1-item-1-keep-up")  # the choice is made


def test_a_game_without_the_expansions_shows_none_of_their_controls(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, [*AFTER_SETUP, RevealHeroes(heroes=(hero("mage"), hero("thief")))])
    for identifier in ("town-items", "p1-items", "p1-coins", "mini-p1-open", "p1-room-1-coins"):
        assert not has(page, identifier), identifier


# --- Coins ----------------------------------------------------------------------------------


MINIS = Ruleset(minibosses=True)
MINI_BUILD: list[Command] = [
    *AFTER_SETUP,
    RevealHeroes(heroes=(hero("mage", 4, "Wizard"), hero("thief", 4, "Rogue"))),
]


def test_coin_plus_and_minus_change_the_hoard_and_paying_too_much_is_refused(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, MINIS, MINI_BUILD)
    assert find(page, "p2-coins-value").content.value == "3"  # type: ignore[union-attr]
    tap(page, "p2-coins-plus")
    assert screen.state.player("Bo").coins == 4
    for _ in range(4):
        tap(page, "p2-coins-minus")
    assert screen.state.player("Bo").coins == 0
    assert find(page, "p2-coins-value").content.value == "0"  # type: ignore[union-attr]
    tap(page, "p2-coins-minus")
    assert screen.state.player("Bo").coins == 0
    assert error_text(page, "p2-coins") == "Bo has 0 Coins and can't pay 1."
    assert error_rule(page, "p2-coins") == "R-MINI"
    assert screen.state.player("Ann").coins == 3  # the other hoard is untouched


def test_coins_go_onto_a_room_and_back(app: TableApp, sessions: Sessions, page: FakePage) -> None:
    screen = start_with(app, sessions, MINIS, MINI_BUILD)
    tap(page, "p1-room-1-coin-place")
    ann = screen.state.player("Ann")
    assert (ann.coins, ann.dungeon[0].coins) == (2, 1)
    assert "Coins on this Room: 1" in texts(page)
    tap(page, "p1-room-1-coin-take")
    ann = screen.state.player("Ann")
    assert (ann.coins, ann.dungeon[0].coins) == (3, 0)
    tap(page, "p1-room-1-coin-take")
    assert error_text(page, "p1-rooms").endswith("holds 0 Coins, not 1.")
    assert error_rule(page, "p1-rooms") == "R-MINI"


def test_discard_a_room_for_a_coin_once_per_turn_only_with_the_option(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start_with(app, sessions, MINIS, MINI_BUILD)
    assert not has(page, "p1-coin-for-room")
    mixed = Ruleset(minibosses=True, coin_for_room=True)
    screen = start_with(app, sessions, mixed, MINI_BUILD)
    tap(page, "p1-coin-for-room")
    assert screen.state.player("Ann").coins == 3  # a Room leaves the table: asked first
    _confirm(page, "confirm-coin-for-room-yes")
    assert screen.state.player("Ann").coins == 4
    tap(page, "p1-coin-for-room")
    _confirm(page, "confirm-coin-for-room-yes")
    assert screen.state.player("Ann").coins == 4
    assert "already discarded a Room card for a Coin this turn" in error_text(page, "p1-coins")


def _confirm(page: FakePage, identifier: str) -> None:
    for control in walk(page.dialogs[-1]):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            control.content.on_click(None)
            return
    raise AssertionError(f"no {identifier!r} asked")


# --- Minibosses -----------------------------------------------------------------------------


def test_a_miniboss_from_the_catalogue_is_built_face_down_on_the_chosen_room(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, MINIS, MINI_BUILD)
    tap(page, "mini-p1-open")
    type_into(page, "mini-p1-name", "spike")
    tap(page, "mini-p1-option-RMB055")
    tap(page, "mini-p1-go")
    assert "Pick the Room the Miniboss goes on." in error_text(page, "mini-p1")
    tap(page, "mini-p1-where-1")
    tap(page, "mini-p1-go")
    mini = screen.state.player("Ann").dungeon[0].miniboss
    assert mini is not None and mini.face_down
    assert (mini.card.name, mini.card.card_id, mini.card.levels) == ("Spike", "RMB055", 3)
    assert has(page, "p1-room-1-mini-decline") and has(page, "build-p1-done")
    assert not has(page, "mini-p1-open")  # the build of the phase is spent
    tap(page, "reveal-rooms")
    ann = screen.state.player("Ann")
    assert ann.coins == 2 and ann.dungeon[0].miniboss is not None
    assert "Spike · Level 1 of 3" in texts(page)


def test_declining_the_face_down_miniboss_discards_it(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, MINIS, [*MINI_BUILD, BuildMiniboss(player="Bo", over=0)])
    tap(page, "p2-room-1-mini-decline")
    assert screen.state.player("Bo").dungeon[0].miniboss is None
    assert screen.state.player("Bo").coins == 3


def _promoted_next_turn(level_ups: int, card: MinibossCard | None = None) -> list[Command]:
    """Ann's Miniboss (``card``, or one named Spike) revealed in turn 1, promoted
    ``level_ups`` times in later turns; the game left in the Build phase of the turn
    after."""
    out: list[Command] = [
        *MINI_BUILD,
        BuildMiniboss(player="Ann", over=0, miniboss=card or MinibossCard(name="Spike")),
    ]
    for turn in range(level_ups + 1):
        out += [
            RevealRooms(),
            ResolveBait(),
            FinishAdventure(),
            EndTurn(),
            RevealHeroes(heroes=(hero("mage", 9), hero("thief", 9))),
        ]
        if turn < level_ups:
            out.append(PromoteMiniboss(player="Ann", index=0))
    return out


def test_promote_pays_a_coin_once_per_turn_and_the_second_is_refused_with_its_rule(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(0))
    tap(page, "p1-room-1-mini-promote")
    ann = screen.state.player("Ann")
    assert ann.dungeon[0].miniboss is not None and ann.dungeon[0].miniboss.level == 2
    assert ann.coins == 1
    assert "Spike · Level 2 of 3" in texts(page)
    tap(page, "p1-room-1-mini-promote")
    assert screen.state.player("Ann").dungeon[0].miniboss.level == 2  # type: ignore[union-attr]
    said = error_text(page, "p1-rooms")
    assert said.endswith("already promoted a Miniboss this turn (one per turn).")
    assert error_rule(page, "p1-rooms") == "R-MINI"


def test_level_3_is_used_and_drops_back_to_level_1(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(2))
    assert not has(page, "p2-room-1-mini-level3")
    tap(page, "p1-room-1-mini-level3")
    assert screen.state.player("Ann").dungeon[0].miniboss.level == 1  # type: ignore[union-attr]
    assert not has(page, "p1-room-1-mini-level3")


def test_level_3_aimed_at_a_town_hero_has_a_button_per_hero(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Jinx's Level 3 (a Hero in town to its owner's entrance): what it does said once,
    then one button per Hero in town; the one tapped goes to Ann's entrance."""
    jinx = MinibossCard(name="Jinx", card_id="RMB064")
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(2, jinx))
    town = screen.state.town
    assert town and not has(page, "p1-room-1-mini-level3")
    assert not has(page, "p1-room-1-mini-promote")  # at its top level: nothing to promote
    assert all(has(page, f"p1-room-1-mini-level3-hero-{h + 1}") for h in town)
    assert "put that Hero at your dungeon's entrance" in texts(page)
    tap(page, f"p1-room-1-mini-level3-hero-{town[1] + 1}")
    assert screen.state.entrance("Ann") == (town[1],)
    assert screen.state.player("Ann").dungeon[0].miniboss.level == 1  # type: ignore[union-attr]


def test_level_3_aimed_at_a_room_has_a_button_per_room(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Icicle Man's Level 3 (a Room in any dungeon deactivated): a button per active Room
    of each dungeon; Bo's Room 1 tapped is deactivated."""
    icicle = MinibossCard(name="Icicle Man", card_id="RMB061")
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(2, icicle))
    assert has(page, "p1-room-1-mini-level3-p1-1")
    tap(page, "p1-room-1-mini-level3-p2-1")
    assert screen.state.player("Bo").dungeon[0].deactivated
    assert not screen.state.player("Ann").dungeon[0].deactivated


def test_level_3_aimed_at_a_dungeon_has_a_button_per_player(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Cerebella's Level 3 (a dungeon's ability text ignored this turn): a button per
    player's dungeon; Bo's tapped, every Room of Bo's has its text ignored."""
    cerebella = MinibossCard(name="Cerebella", card_id="RMB059")
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(2, cerebella))
    assert has(page, "p1-room-1-mini-level3-p1")
    tap(page, "p1-room-1-mini-level3-p2")
    assert all(s.ability_ignored for s in screen.state.player("Bo").dungeon)
    assert not any(s.ability_ignored for s in screen.state.player("Ann").dungeon)


def test_level_3_aimed_at_a_dungeon_with_plus_or_minus_has_two_buttons_per_player(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Kid Croak's Level 3 (a dungeon's Monster Rooms +1 or -1 this turn): "+1" and "-1"
    per player's dungeon; Bo's "-1" tapped, Bo's Pit (a Monster Room, 1) deals 0."""
    kid_croak = MinibossCard(name="Kid Croak", card_id="RMB056")
    screen = start_with(app, sessions, MINIS, _promoted_next_turn(2, kid_croak))
    assert has(page, "p1-room-1-mini-level3-p1-plus") and has(page, "p1-room-1-mini-level3-p2-plus")
    tap(page, "p1-room-1-mini-level3-p2-minus")
    assert hit(screen.state, "Bo", 0).damage == 0
    assert hit(screen.state, "Ann", 0).damage == 2


def test_level_2_used_at_will_has_its_own_button_while_it_may_be_used(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Draculad's Level 2 (once per turn, a Hero in its owner's dungeon back to town): no
    button in the Build phase; with the Wizard walking Ann's dungeon, "Use Level 2" sends
    it to town, and the button is gone for the rest of the turn."""
    draculad = MinibossCard(name="Draculad", card_id="RMB057")
    commands = _promoted_next_turn(1, draculad)
    start_with(app, sessions, MINIS, commands)
    assert not has(page, "p1-room-1-mini-level2")
    screen = start_with(
        app, sessions, MINIS, [*commands, RevealRooms(), ResolveBait(), AdvanceHero()]
    )
    walk = screen.state.walk
    assert walk is not None and walk.player == "Ann" and walk.room == 0
    tap(page, "p1-room-1-mini-level2")
    assert walk.hero in screen.state.town
    assert not has(page, "p1-room-1-mini-level2")


def test_a_miniboss_game_keeps_room_tiles_until_what_they_show_changes(
    table_app: AppFactory, sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tile's Miniboss and Coins lines are among what it is drawn again for: a tap
    elsewhere draws no tile, a promotion draws that one, and the phase that takes
    Promote away draws them again (issue 13). In a tab of the app (Flet's own diff and
    memo): a page that sends nothing draws every component anew."""
    setup = SETUP.model_copy(update={"ruleset": MINIS})
    session = sessions.new_game(setup)
    for command in _promoted_next_turn(0):
        session.play(command)
    harness, app = table_app(route=f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    built: list[str] = []
    original = dungeon._room_tile

    def counting(*args: Any) -> Any:
        built.append(f"{args[3]}-room-{args[4] + 1}")
        return original(*args)

    monkeypatch.setattr(dungeon, "_room_tile", counting)
    harness.tap("p2-coins-plus")  # Bo's hoard: no Room shows it
    assert screen.state.player("Bo").coins == 4 and built == []
    harness.tap("p1-room-1-mini-promote")
    assert built == ["p1-room-1"] and "Spike · Level 2 of 3" in _all_texts(harness)
    built.clear()
    assert harness.has("p1-room-1-mini-promote")
    harness.tap("reveal-rooms")  # to the Bait: no more promoting
    assert "p1-room-1" in built
    assert not harness.has("p1-room-1-mini-promote")
    assert "Spike · Level 2 of 3" in _all_texts(harness)


def _all_texts(harness: Harness) -> str:
    """Every text on the top view, those of dungeon cards shown closed too."""
    return "\n".join(
        str(c.value) for c in controls_in(harness.page.views[-1]) if isinstance(c, ft.Text)
    )


# --- A language chosen mid-form -------------------------------------------------------------


def _field(page: FakePage, identifier: str) -> ft.TextField:
    return next(c for c in walk(find(page, identifier)) if isinstance(c, ft.TextField))


def test_an_item_half_typed_follows_a_language_change(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start_with(app, sessions, BOTH, AFTER_SETUP)
    type_into(page, "new-item-1-name", "ice rod")
    tap(page, "new-item-1-class-any")
    app.set_lang("de")
    german = Translator("de")
    name = _field(page, "new-item-1-name")
    assert (name.label, name.hint_text, name.value) == (
        german("item.name"),
        german("item.name_hint"),
        "ice rod",
    )
    assert german("item.new_n", n=1) in texts(page) and german("item.fits") in texts(page)
    assert find(page, "new-item-1-class-any").selected, "the class chosen stays"
    option = find(page, "new-item-1-option-THK010").content
    assert isinstance(option, ft.Button | ft.FilledButton | ft.OutlinedButton)
    assert german("treasure.mage") in str(option.content), "the match speaks German too"


def test_a_miniboss_half_typed_follows_a_language_change(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start_with(app, sessions, MINIS, MINI_BUILD)
    tap(page, "mini-p1-open")
    type_into(page, "mini-p1-name", "spike")
    app.set_lang("de")
    name = _field(page, "mini-p1-name")
    assert (name.hint_text, name.value) == (Translator("de")("mini.name_hint"), "spike")
    option = find(page, "mini-p1-option-RMB055").content
    assert isinstance(option, ft.Button | ft.FilledButton | ft.OutlinedButton)
    assert " Stufen" in str(option.content), "the match speaks German too"


def test_level_3_buttons_follow_a_room_deactivated_in_another_dungeon(
    table_app: AppFactory, sessions: Sessions
) -> None:
    """Icicle Man's Level 3 aims at an active Room of any dungeon (R-DEACTIVATE: a
    deactivated Room is a blank space): once Bo's Room 1 is deactivated, Ann's card offers
    no button for it, though nothing of Ann's changed. In a tab of the app (Flet's own
    diff and memo)."""
    icicle = MinibossCard(name="Icicle Man", card_id="RMB061")
    session = sessions.new_game(SETUP.model_copy(update={"ruleset": MINIS}))
    for command in _promoted_next_turn(2, icicle):
        session.play(command)
    harness, app = table_app(route=f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    assert harness.has("p1-room-1-mini-level3-p2-1")
    harness.tap("p2-room-actions-toggle")
    harness.tap("p2-room-1-deactivate")
    assert screen.state.player("Bo").dungeon[0].deactivated
    assert not harness.has("p1-room-1-mini-level3-p2-1")
