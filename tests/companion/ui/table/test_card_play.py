"""Card abilities on the game screen: an offered heal asked as a question, Spells played
by name from the Spell panel (R-CARD-EFFECT)."""

from __future__ import annotations

import flet as ft

from companion.i18n import Translator
from companion.session import Sessions
from companion.ui.shell import Settings, TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import (
    AdvanceHero,
    BuildRoom,
    Command,
    EndTurn,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.models import GameSetup, PlayerSetup, Room
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    FakePage,
    button_label,
    error_text,
    find,
    has,
    hero,
    make_app,
    room,
    start,
    tap,
    texts,
    walk,
)

BORDELLO = Room(
    name="Vampire Bordello", treasure=("cleric",), damage=3, advanced=True, card_id="BMA014"
)

#: Ann builds Vampire Bordello over her cleric Room; a tough cleric reaches her Boss (a
#: Wound), then a weak one dies in the Bordello: the heal is offered after the walk.
BORDELLO_DEATH: list[Command] = [
    BuildRoom(player="Ann", room=room("cleric", 1, "Chapel")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("cleric", 10, "Tough"), hero("cleric", 2, "Weak"))),
    BuildRoom(player="Ann", room=BORDELLO, over=0),
    RevealRooms(),
    ResolveBait(),
    FinishAdventure(),
]


def test_offered_heal_is_asked_and_yes_heals_the_wound(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, BORDELLO_DEATH)
    assert screen.state.phase == "end" and screen.state.wounds("Ann") == 1
    assert has(page, "card-offers")
    assert "Vampire Bordello: heal a Wound for Ann?" in texts(page)
    tap(page, "offer-1-yes")
    assert screen.state.wounds("Ann") == 0 and screen.state.souls("Ann") == 2
    assert not has(page, "card-offers")


def test_offered_heal_declined_keeps_the_wound(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, BORDELLO_DEATH)
    tap(page, "offer-1-no")
    assert screen.state.wounds("Ann") == 1 and not has(page, "card-offers")


IN_ADVENTURE: list[Command] = [
    BuildRoom(player="Ann", room=room("mage", 2, "Crypt")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("mage", 9, "Wizard"), hero("thief", 4, "Rogue"))),
    RevealRooms(),
    ResolveBait(),
]


def test_spell_panel_plays_giant_size_on_a_chosen_room(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_ADVENTURE)
    assert screen.state.phase == "adventure"
    tap(page, "spell-open")
    assert has(page, "spell-BMA047") and not has(page, "spell-BMA051")  # Build-phase Spell
    assert button_label(page, "spell-BMA048") == "Jeopardy (by hand)"
    assert button_label(page, "spell-BMA047") == "Giant Size"
    tap(page, "spell-play")
    assert "Pick who plays the Spell" in error_text(page, "spell")
    tap(page, "spell-caster-1")
    tap(page, "spell-BMA047")
    said = "Spell, Adventure phase: [a Monster Room] that Room deals +3 damage"
    assert said in texts(page)
    tap(page, "spell-room-1-1")
    tap(page, "spell-play")
    assert screen.state.player("Ann").dungeon[0].boost == 3
    assert not has(page, "spell-play")  # the panel closes after a Spell is played


def test_spell_panel_offers_only_the_rooms_the_card_may_aim_at(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Giant Size takes a Monster Room: both players' are offered; Annihilator takes a Trap
    Room: there is none on the table, and the panel says so (R-CARD-EFFECT)."""
    start(app, sessions, IN_ADVENTURE)
    tap(page, "spell-open")
    tap(page, "spell-caster-1")
    tap(page, "spell-BMA047")  # Giant Size: a Monster Room
    assert has(page, "spell-room-1-1") and has(page, "spell-room-2-1")
    tap(page, "spell-BMA040")  # Annihilator: a Trap Room only
    assert not has(page, "spell-room-1-1") and not has(page, "spell-room-2-1")
    assert "No Room on the table fits this card." in texts(page)


def test_a_room_the_new_caster_may_not_aim_at_is_dropped_and_a_named_player_kept(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Secret Stash takes a Room of the caster's: Ann's Crypt, picked for Ann, is dropped
    when Bo becomes the caster (his own Pit is offered), so the play asks for a Room.
    Meddling Kids! with a player named instead keeps that player across the change."""
    screen = start(app, sessions, IN_BUILD)
    _pick_spell(page, 1, "TNL067")
    tap(page, "spell-room-1-1")
    tap(page, "spell-caster-2")
    assert not has(page, "spell-room-1-1") and has(page, "spell-room-2-1")
    tap(page, "spell-treasure-mage")
    tap(page, "spell-play")
    assert "needs a Room to aim at" in error_text(page, "spell")
    tap(page, "spell-TNL062")
    tap(page, "spell-player-2")
    tap(page, "spell-caster-1")
    uses = screen.state.card_uses
    tap(page, "spell-play")
    assert not has(page, "spell-play"), error_text(page, "spell")  # played: the panel closes
    assert "Meddling Kids!" in texts(page)  # the log says it was played
    assert len(screen.state.card_uses) > len(uses)  # and its bar on Bo's win is kept


def test_spell_panel_shows_the_engine_s_refusal_where_the_tap_was(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Lightning Bolt! hits a Hero standing in a Room of the caster's: the Wizard still
    waits at Ann's entrance, so the engine refuses, under the panel."""
    screen = start(app, sessions, IN_ADVENTURE)
    before = screen.state.walk
    tap(page, "spell-open")
    tap(page, "spell-caster-1")
    tap(page, "spell-TNL061")
    tap(page, "spell-play")
    assert "needs a Hero standing in a Room of your dungeon" in error_text(page, "spell")
    assert screen.state.walk == before and has(page, "spell-play")  # nothing changed


ARMORY = Room(name="Goblin Armory", treasure=("fighter", "fighter"), damage=1, card_id="BMA015")
BALLROOM = Room(
    name="Monster's Ballroom", treasure=("fighter",), damage=0, advanced=True, card_id="BMA020"
)
#: Ann's fighter Den (2 damage) gets Goblin Armory in front of it in turn 1.
ARMORY_BUILT: list[Command] = [
    BuildRoom(player="Ann", room=room("fighter", 2, "Den")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("thief", 4, "Rogue"), hero("thief", 4, "Scout"))),
    BuildRoom(player="Ann", room=ARMORY),
    RevealRooms(),
]
#: Turn 2: Monster's Ballroom is built over the Armory.
BALLROOM_BUILT: list[Command] = [
    *ARMORY_BUILT,
    ResolveBait(),  # the thieves go to nobody: the Adventure phase ends at once
    EndTurn(),
    RevealHeroes(heroes=(hero("thief", 4, "Thief"), hero("thief", 4, "Sneak"))),
    BuildRoom(player="Ann", room=BALLROOM, over=0),
    RevealRooms(),
]


def _damage(page: FakePage, identifier: str) -> str:
    return "\n".join(str(c.value) for c in walk(find(page, identifier)) if isinstance(c, ft.Text))


def test_dungeon_card_shows_goblin_armory_s_neighbour_with_its_printed_number(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """R-CARD-EFFECT: the Den next to Goblin Armory deals 3, marked against its print."""
    start(app, sessions, ARMORY_BUILT)
    assert _damage(page, "p1-room-1-damage") == "1 dmg"
    assert _damage(page, "p1-room-2-damage") == "3 dmg\n(printed 2)"
    assert "Goblin Armory +1" in _damage(page, "p1-room-2-damage-cards")


def test_dungeon_card_shows_monsters_ballroom_counting_monster_rooms_in_german(
    sessions: Sessions, page: FakePage
) -> None:
    app = make_app(page, sessions)
    app.settings = Settings(lang="de")
    app.tr = Translator("de")
    start(app, sessions, BALLROOM_BUILT)
    assert _damage(page, "p1-room-1-damage") == "2 Schaden\n(aufgedruckt 0)"
    assert _damage(page, "p1-room-2-damage") == "2 Schaden"  # no Armory beside it now
    assert not has(page, "p1-room-2-damage-cards")


MIMIC_VAULT = Room(
    name="Mimic Vault", treasure=("mage", "thief"), damage=1, kind="trap", card_id="BMA036"
)
#: Ann builds Mimic Vault in turn 1: its ability asks which ordinary town Hero comes.
MIMIC_BUILT: list[Command] = [
    *AFTER_SETUP,
    RevealHeroes(heroes=(hero("cleric", 4, "Nun"), hero("fighter", 4, "Squire"))),
    BuildRoom(player="Ann", room=MIMIC_VAULT),
    RevealRooms(),
]


def test_offer_with_a_target_lists_the_town_heroes_and_moves_the_chosen_one(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """R-CARD-EFFECT: Mimic Vault's question names the Heroes it may take; a tap on one is
    the answer, and the engine puts that Hero at Ann's entrance."""
    screen = start(app, sessions, MIMIC_BUILT)
    assert screen.state.phase == "bait"
    assert "Mimic Vault: which ordinary Hero in town goes to Ann's entrance?" in texts(page)
    assert button_label(page, "offer-1-hero-2") == "Squire #2" and not has(page, "offer-1-yes")
    tap(page, "offer-1-hero-2")
    assert screen.state.entrance("Ann") == (1,) and screen.state.town == (0,)
    assert not has(page, "card-offers")


def test_mandatory_offer_has_no_no_button_and_bait_waits_above_it(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """Mimic Vault is not optional (no No), and its question about town Heroes stands
    where the Bait button was: the Bait comes after it (R-BUILD-ONE, R-CARD-EFFECT)."""
    screen = start(app, sessions, MIMIC_BUILT)
    assert screen.state.phase == "bait"
    assert has(page, "offer-1-hero-1") and not has(page, "offer-1-no")
    assert not has(page, "resolve-bait")
    assert "Answer these first" in texts(page)
    tap(page, "offer-1-hero-1")
    assert screen.state.entrance("Ann") == (0,)
    assert has(page, "resolve-bait")


#: Ann's Boss is Robobo (BMA004): her fifth Room, built in turn 4, is its Level Up, and
#: Bo must destroy one of his Rooms. Thief Heroes lure nobody, so no Adventure happens.
ROBOBO_SETUP = GameSetup(
    players=(
        PlayerSetup(
            name="Ann", xp=10, boss="Robobo", boss_treasure=("fighter",), boss_card_id="BMA004"
        ),
        PlayerSetup(name="Bo", xp=5, boss="Bo's Boss", boss_treasure=("fighter",)),
    )
)


def _turn(build: Room, last: bool = False) -> list[Command]:
    steps: list[Command] = [
        RevealHeroes(heroes=(hero("thief", 4), hero("thief", 4))),
        BuildRoom(player="Ann", room=build),
        RevealRooms(),
        ResolveBait(),
    ]
    return steps if last else [*steps, EndTurn()]


def _levelled_up(app: TableApp, sessions: Sessions, setup: GameSetup, treasure: str) -> GameScreen:
    """Ann's fifth Room (of ``treasure``), built in turn 4, levels her Boss up; the game
    is opened at the end of that turn."""
    session = sessions.new_game(setup)
    commands: list[Command] = [
        BuildRoom(player="Ann", room=room(treasure, 1, "R1")),
        BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
        RevealRooms(),
        *_turn(room(treasure, 1, "R2")),
        *_turn(room(treasure, 1, "R3")),
        *_turn(room(treasure, 1, "R4")),
        *_turn(room(treasure, 1, "R5"), last=True),
    ]
    for command in commands:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    return screen


def test_a_must_do_ability_holds_the_end_of_the_turn_until_answered(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """R-CARD-EFFECT: Robobo's Level Up makes Bo destroy a Room. Offers lapse when the
    next turn begins, so End the turn waits below the question until Bo answers."""
    screen = _levelled_up(app, sessions, ROBOBO_SETUP, "mage")
    assert screen.state.phase == "end" and [o.mandatory for o in screen.state.offers] == [True]
    assert not has(page, "end-turn")
    assert "the turn ends only after it" in texts(page)
    tap(page, "offer-1-room-1")
    assert screen.state.player("Bo").dungeon == ()
    assert has(page, "end-turn")
    tap(page, "end-turn")
    assert screen.state.phase == "beginning" and screen.state.turn == 5


MIRRAX_SETUP = GameSetup(
    players=(
        PlayerSetup(
            name="Ann", xp=10, boss="Mirrax", boss_treasure=("cleric",), boss_card_id="TNL000"
        ),
        PlayerSetup(name="Bo", xp=5, boss="Bo's Boss", boss_treasure=("mage",)),
    )
)


def test_mirrax_level_up_asks_whose_boss_treasure_it_gains(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TNL000: at its Level Up Mirrax takes another Boss's treasure icon for the rest of the
    game: one button per other Boss ("Bo · Mage"), a must-do (no No); Bo's mage icon then
    counts for Ann."""
    screen = _levelled_up(app, sessions, MIRRAX_SETUP, "fighter")
    assert button_label(page, "offer-1-boss-Bo") == "Bo · Mage" and not has(page, "offer-1-no")
    tap(page, "offer-1-boss-Bo")
    assert screen.state.offers == ()
    assert screen.state.player("Ann").bonus("mage") == 1


def _pick_spell(page: FakePage, seat: int, card_id: str) -> None:
    """Open the Spell panel, pick who plays (by seat) and the Spell."""
    for step in ("spell-open", f"spell-caster-{seat}", f"spell-{card_id}"):
        tap(page, step)


IN_BUILD: list[Command] = [
    BuildRoom(player="Ann", room=room("mage", 2, "Crypt")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("mage", 9, "Wizard"), hero("thief", 4, "Rogue"))),
]


def test_spell_panel_asks_whose_entrance_for_agent_of_evil(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TPU013: a Hero in town goes to the entrance of an opponent's dungeon: the panel asks
    which Hero and, for Ann, offers Bo (not Ann herself)."""
    screen = start(app, sessions, IN_BUILD)
    _pick_spell(page, 1, "TPU013")
    assert "To whose entrance?" in texts(page)
    assert has(page, "spell-opponent-2") and not has(page, "spell-opponent-1")
    tap(page, "spell-hero-1")
    tap(page, "spell-opponent-2")
    tap(page, "spell-play")
    assert screen.state.entrance("Bo") == (1,)


def test_spell_panel_offers_the_opponents_of_the_caster_picked_last(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TPU013 picked for Ann, then played by Bo instead: the panel now offers Ann, not
    Bo (the rules' ``flow.spell_players``); the Hero goes to Ann's entrance."""
    screen = start(app, sessions, IN_BUILD)
    _pick_spell(page, 1, "TPU013")
    assert has(page, "spell-opponent-2") and not has(page, "spell-opponent-1")
    tap(page, "spell-hero-1")
    tap(page, "spell-caster-2")
    assert has(page, "spell-opponent-1") and not has(page, "spell-opponent-2")
    tap(page, "spell-opponent-1")
    tap(page, "spell-play")
    assert screen.state.entrance("Ann") == (1,)


def test_spell_panel_asks_which_treasure_for_secret_stash(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TNL067: the panel asks for the Room and the treasure type; Ann's Crypt then shows a
    thief icon more until end of turn."""
    screen = start(app, sessions, IN_BUILD)
    _pick_spell(page, 1, "TNL067")
    assert "Which treasure?" in texts(page) and not has(page, "spell-treasure-explorer")
    tap(page, "spell-room-1-1")
    tap(page, "spell-treasure-thief")
    tap(page, "spell-play")
    assert screen.state.player("Ann").dungeon[0].extra_treasure == ("thief",)


def test_spell_panel_asks_which_dungeon_for_party_up(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TNL064: 'Choose a dungeon': any player's, the caster's own too."""
    screen = start(app, sessions, IN_ADVENTURE)
    _pick_spell(page, 2, "TNL064")
    assert "Which dungeon?" in texts(page)
    assert has(page, "spell-opponent-1") and has(page, "spell-opponent-2")
    tap(page, "spell-opponent-1")
    tap(page, "spell-play")
    assert any(u.startswith("Ann:entering_health:") for u in screen.state.card_uses)


#: Turn 1: a Weak mage (1 Health) dies in Ann's Crypt (her Soul); turn 2: a Tough mage
#: stands in the Crypt.
SOUL_THEN_WALK: list[Command] = [
    BuildRoom(player="Ann", room=room("mage", 2, "Crypt")),
    BuildRoom(player="Bo", room=room("fighter", 1, "Pit")),
    RevealRooms(),
    RevealHeroes(heroes=(hero("mage", 1, "Weak"), hero("thief", 4, "Rogue"))),
    RevealRooms(),
    ResolveBait(),
    FinishAdventure(),
    EndTurn(),
    RevealHeroes(heroes=(hero("mage", 20, "Tough"), hero("thief", 4, "Rogue"))),
    RevealRooms(),
    ResolveBait(),
    AdvanceHero(),
]


def test_spell_panel_lists_the_casters_souls_for_undead_minion(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """TNL071: the panel asks which of Ann's Souls (the Weak mage, 1 Health) leaves the
    game; the Tough mage in her Crypt then takes 2 + 1."""
    screen = start(app, sessions, SOUL_THEN_WALK)
    assert screen.state.souls("Ann") == 1 and screen.state.walk is not None
    _pick_spell(page, 1, "TNL071")
    assert "Which of the caster's Souls" in texts(page)
    tap(page, "spell-soul-0")
    tap(page, "spell-play")
    state = app.current.state
    assert state.souls("Ann") == 0 and state.walk is not None and state.walk.damage == 3
