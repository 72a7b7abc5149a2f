"""The squad game's screens without a browser: New game to the I WIN! race."""

from __future__ import annotations

import flet as ft

from rules.squads import commands as cmd
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.flet_harness import Harness, controls_in


def new_squad_game(ui: Harness) -> None:
    ui.tap("new-game")
    ui.select("game-kind", "squads")
    ui.until(lambda: ui.has("sq-start"))
    for n, (name, boss, color) in enumerate(
        [("Ann", "Grumpus", "red"), ("Bob", "Hexlord", "blue"), ("Cy", "Boneking", "green")], 1
    ):
        ui.type(f"sq-player-{n}-name", name)
        ui.type(f"sq-player-{n}-boss", boss)
        ui.type(f"sq-player-{n}-princess", color)
    ui.type("sq-slot-1-color", "red")
    ui.type("sq-slot-2-color", "blue")
    ui.tap("sq-start")
    ui.until(lambda: ui.has("sq-status"))


def deploy(ui: Harness, number: int, strength: int) -> None:
    """Lead squad ``number`` (as players read it) in red with ``strength``."""
    ui.type("sq-deploy-color", "red")
    ui.type("sq-deploy-strength", str(strength))
    ui.tap("sq-deploy")
    ui.until(lambda: f"Squad {number}: red, strength {strength}" in ui.texts())


def test_a_new_squad_game_starts_at_the_first_players_deploy_phase(table_app: AppFactory) -> None:
    ui, _app = table_app()
    new_squad_game(ui)
    assert "Turn 1: Ann, Deploy phase" in ui.texts()


def test_a_resolve_phase_on_screen_follows_the_engine(table_app: AppFactory) -> None:
    ui, app = table_app()
    new_squad_game(ui)
    # Ann leads red 3; Bob red 4; Cy passes: in Ann's Resolve phase Bob's 4 beats her 3.
    deploy(ui, 1, 3)
    ui.tap("sq-end-turn")
    ui.until(lambda: "Turn 2: Bob, Deploy phase" in ui.texts())
    deploy(ui, 2, 4)
    ui.tap("sq-end-turn")
    ui.until(lambda: "Turn 3: Cy, Deploy phase" in ui.texts())
    ui.tap("sq-end-turn")
    ui.until(lambda: "Turn 4: Ann, Resolve phase" in ui.texts())
    assert "Beaten: Bob has 4." in ui.texts()
    assert not ui.has("sq-capture-0-1")  # no capture offered to a beaten squad
    ui.tap("sq-finish-resolve")
    ui.until(lambda: "Turn 4: Ann, Deploy phase" in ui.texts())
    ui.tap("sq-support-0")
    ui.until(lambda: "Squad 1: red, strength 4" in ui.texts())
    # The Support phase has begun: leading a new squad now is refused, with its rule.
    assert not ui.has("sq-deploy")
    ui.tap("sq-undo")
    ui.until(lambda: "Squad 1: red, strength 3" in ui.texts())
    assert app.session is not None and app.session.game.version == 6  # 7 made, 1 undone
    assert app.session.game.can_redo


def test_the_saved_games_list_names_a_squad_games_phase(table_app: AppFactory) -> None:
    ui, app = table_app()
    new_squad_game(ui)
    app.go("/games")
    ui.until(lambda: "Deploy phase" in ui.texts())
    assert "phase.deploy" not in ui.texts()
    # Each player starts with one princess: 2 points (R-SQ-SCORE), shown as points, not as
    # Boss Monster's Souls/Wounds ("Ann 2/0").
    assert "Ann 2 points · Bob 2 points · Cy 2 points" in ui.texts()
    assert "Ann 2/0" not in ui.texts()


def test_a_recruited_catapult_is_played_face_up_under_a_squad(table_app: AppFactory) -> None:
    ui, _app = table_app()
    new_squad_game(ui)
    # Ann: a red squad and the Recruit action with 2 support; in her next Resolve phase
    # the action brings a Catapult (R-SQ-ACTION), which she plays face up: +4 (typed).
    deploy(ui, 1, 2)
    ui.tap("sq-leader-action")
    ui.tap("sq-deploy")
    ui.until(lambda: "Squad 2: Recruit action, 0 support" in ui.texts())
    ui.tap("sq-support-1")
    ui.until(lambda: "Squad 2: Recruit action, 1 support" in ui.texts())
    ui.tap("sq-support-1")
    ui.until(lambda: "Squad 2: Recruit action, 2 support" in ui.texts())
    for _player in ("Ann", "Bob", "Cy"):
        ui.tap("sq-end-turn")
        ui.settle()
    ui.until(lambda: "Turn 4: Ann, Resolve phase" in ui.texts())
    ui.tap("sq-action-1-catapult")
    ui.until(lambda: "Recruits: Catapult" in ui.texts())
    ui.tap("sq-finish-resolve")
    ui.until(lambda: "Turn 4: Ann, Deploy phase" in ui.texts())
    ui.type("sq-catapult-strength", "four")  # no number: said, and no button to play it
    ui.until(lambda: ui.has("sq-catapult-error"))
    assert "not “four”" in ui.texts() and not ui.has("sq-catapult-0")
    ui.type("sq-catapult-strength", "4")
    ui.until(lambda: ui.has("sq-catapult-0"))
    assert not ui.has("sq-catapult-error")
    ui.tap("sq-catapult-0")
    ui.until(lambda: "Squad 1: red, strength 6" in ui.texts())  # 2 + the Catapult's 4
    # Her one Catapult is face up now: the screen asks the rules (a dry run of the same
    # Support) and offers no second one, though "4" is still typed (R-SQ-RECRUIT).
    assert not ui.has("sq-catapult-strength") and not ui.has("sq-catapult-0")
    assert ui.has("sq-support-0") and ui.has("sq-retreat-0")  # the Support phase's orders


def test_the_log_starts_with_the_set_up(table_app: AppFactory) -> None:
    ui, _app = table_app()
    new_squad_game(ui)
    texts = ui.texts()
    assert "Bob is Hexlord and starts with a blue princess" in texts  # R-SQ-SETUP
    assert "9 TIMER cards lie above the FINALE" in texts


def test_back_from_the_rules_a_squad_game_shows_what_another_phone_played(
    table_app: AppFactory,
) -> None:
    """Ann's phone reads the rules while Ann ends her turn on another phone: back on the
    game, it is Bob's turn (R-SQ-TURN), not the turn the screen showed before."""
    ui, app = table_app()
    new_squad_game(ui)
    app.go("/rules")
    ui.settle()
    assert app.session is not None
    app.session.play(cmd.EndTurn(player="Ann"), origin=object())  # another phone
    ui.settle()
    app.back()
    ui.until(lambda: "Turn 2: Bob, Deploy phase" in ui.texts())
    assert "Turn 1: Ann, Deploy phase" not in ui.texts()


def test_a_language_chosen_during_a_squad_game_redraws_its_turn_in_it(
    table_app: AppFactory,
) -> None:
    ui, app = table_app()
    new_squad_game(ui)
    app.set_lang("de")
    ui.until(lambda: "Zug 1: Ann, Aufstellphase" in ui.texts())
    assert "Turn 1: Ann, Deploy phase" not in ui.texts()


def test_a_squads_row_asks_nothing_to_expand_in_a_row_that_wraps(table_app: AppFactory) -> None:
    """Flutter lays a wrapping Row out as a ``Wrap``, where a child cannot expand (only a
    Row's or Column's children can): the phone drew the squad's row, End turn and all
    below it as one grey box once a squad was deployed."""
    ui, _app = table_app()
    new_squad_game(ui)
    deploy(ui, 1, 3)
    wrapping = [c for c in controls_in(ui.page) if isinstance(c, ft.Row) and c.wrap]
    assert wrapping  # the choices and the squad's row
    expanding = [type(child).__name__ for row in wrapping for child in row.controls if child.expand]
    assert expanding == []


def test_a_strength_or_colour_that_is_no_order_is_named_and_nothing_is_deployed(
    table_app: AppFactory,
) -> None:
    """Bad input on the orders form: a word or a number beyond the largest strength is
    named under the form (no 0 or 99 put in its place), a colour no card prints is refused
    with the field it is in, and the game is as it was until an order is right."""
    ui, app = table_app()
    new_squad_game(ui)
    assert app.session is not None
    before = app.session.game.version
    ui.type("sq-deploy-color", "red")
    for typed in ("three", "150", "-2"):
        ui.type("sq-deploy-strength", typed)
        ui.tap("sq-deploy")
        ui.until(lambda: ui.has("sq-deploy-error"))
        said = f"A printed strength is a whole number from 0 to 99, not “{typed}”."
        assert said in ui.texts()
    ui.type("sq-deploy-strength", "3")
    ui.type("sq-deploy-color", "r" * 30)  # longer than any colour
    ui.tap("sq-deploy")
    ui.until(lambda: "That order can't be given: Colour: at most 20 characters" in ui.texts())
    assert app.session.game.version == before  # nothing sent
    deploy(ui, 1, 3)
    assert not ui.has("sq-deploy-error")
    assert app.session.game.version == before + 1


def test_a_card_drawn_into_an_empty_slot_needs_its_colour_typed(table_app: AppFactory) -> None:
    """Ann's red 3 stands alone: she captures Kidnap from SLOT1 (a princess colour too
    long for any card is named first, nothing captured); the card drawn into SLOT1 then
    needs the colour printed on it: left empty, it is asked for (it was once taken as
    "?"), and the Resolve phase goes on only once it is typed (R-SQ-REFILL). The form's
    own problem replaces a refusal of the referee's shown before it (a redo with nothing
    to redo)."""
    ui, app = table_app()
    new_squad_game(ui)
    deploy(ui, 1, 3)
    for player in ("Ann", "Bob", "Cy"):
        ui.until(lambda player=player: f"{player}, Deploy phase" in ui.texts())
        ui.tap("sq-end-turn")
    ui.until(lambda: "Turn 4: Ann, Resolve phase" in ui.texts())
    assert app.session is not None
    ui.tap("sq-redo")  # nothing to redo: the referee's refusal shows above
    ui.until(lambda: ui.has("sq-refusal"))
    ui.type("sq-princess", "p" * 30)
    ui.tap("sq-capture-0-1")
    ui.until(lambda: ui.has("sq-resolve-error"))
    assert "That order can't be given: Princess's colour (Kidnap, Hero): at most 20" in ui.texts()
    assert not ui.has("sq-refusal")  # the form's own problem replaces it
    ui.type("sq-princess", "red")
    made = app.session.game.version
    ui.tap("sq-capture-0-1")
    ui.until(lambda: ui.has("sq-refill-1-color"))
    assert app.session.game.version == made + 1 and not ui.has("sq-resolve-error")
    ui.tap("sq-finish-resolve")
    ui.until(lambda: "Type the colour of the card drawn into SLOT1." in ui.texts())
    assert app.session.game.version == made + 1  # nothing finished
    ui.type("sq-refill-1-color", "green")
    ui.tap("sq-finish-resolve")
    ui.until(lambda: "Turn 4: Ann, Deploy phase" in ui.texts())
    assert "SLOT1: Kidnap (green)" in ui.texts()


def test_an_order_the_referee_refuses_is_said_with_its_rule(table_app: AppFactory) -> None:
    """An army led with no colour is well typed but against the rules: the engine's
    refusal shows above the orders, with its rule link, and nothing is deployed. What was
    typed stays on the form to be mended (it was once cleared by the tap, refused or
    not); a problem the form then finds itself replaces the refusal; an order the referee
    takes clears the form."""
    ui, app = table_app()
    new_squad_game(ui)
    assert app.session is not None
    before = app.session.game.version
    ui.type("sq-deploy-strength", "3")
    ui.tap("sq-deploy")
    ui.until(lambda: ui.has("sq-refusal"))
    assert "needs its colour: Ann names none." in ui.texts()
    assert ui.has("sq-refusal-rule") and not ui.has("sq-deploy-error")
    assert app.session.game.version == before
    assert ui.find("sq-deploy-strength", ft.TextField).value == "3"
    # The next try is wrong on the form itself: its problem shows, and the referee's
    # refusal of the order before it goes (it once stayed above, about another order).
    ui.type("sq-deploy-strength", "three")
    ui.tap("sq-deploy")
    ui.until(lambda: ui.has("sq-deploy-error"))
    assert not ui.has("sq-refusal")
    ui.type("sq-deploy-strength", "3")
    ui.type("sq-deploy-color", "red")
    ui.tap("sq-deploy")
    ui.until(lambda: not ui.has("sq-deploy-error"))
    assert not ui.has("sq-refusal")
    assert app.session.game.version == before + 1
    assert ui.find("sq-deploy-strength", ft.TextField).value == ""
    assert ui.find("sq-deploy-color", ft.TextField).value == ""


def test_what_the_model_refuses_is_said_in_the_players_language_by_the_forms_labels(
    table_app: AppFactory,
) -> None:
    """A name, a boss or a colour longer than any card or table holds is refused by the
    model in English and by its field ("players.1.boss: String should have at most 40
    characters"); the form says it in the app's language and by the label the player
    sees: on the new game's form and on the orders."""
    ui, app = table_app(lang="de")
    ui.tap("new-game")
    ui.select("game-kind", "squads")
    ui.until(lambda: ui.has("sq-start"))
    for n, (name, boss, color) in enumerate(
        [("Ann", "Grumpus", "rot"), ("Bob", "H" * 41, "blau"), ("Cy", "Boneking", "grün")], 1
    ):
        ui.type(f"sq-player-{n}-name", name)
        ui.type(f"sq-player-{n}-boss", boss)
        ui.type(f"sq-player-{n}-princess", color)
    ui.type("sq-slot-1-color", "rot")
    ui.type("sq-slot-2-color", "b" * 21)
    ui.tap("sq-start")
    said = (
        "Das ist noch kein gültiger Aufbau: Spieler 2, Boss: höchstens 40 Zeichen; "
        "SLOT2, Farbe: höchstens 20 Zeichen"
    )
    ui.until(lambda: said in ui.texts())
    assert app.session is None  # no game made
    ui.type("sq-player-2-boss", "Hexlord")
    ui.type("sq-slot-2-color", "blau")
    ui.tap("sq-start")
    ui.until(lambda: ui.has("sq-status"))
    ui.type("sq-deploy-color", "r" * 30)
    ui.type("sq-deploy-strength", "3")
    ui.tap("sq-deploy")
    ui.until(lambda: "Dieser Befehl geht so nicht: Farbe: höchstens 20 Zeichen" in ui.texts())


def test_a_colour_on_the_table_is_tapped_rather_than_typed(table_app: AppFactory) -> None:
    """Where a colour is asked for (a slot's card at set-up, a squad led, a princess
    kidnapped, a card drawn into a slot), the colours the table shows are offered as
    buttons (``flow.colours``; at set-up, the princesses typed above), and a tap is as
    good as typing the colour (R-SQ-TYPED)."""
    ui, _app = table_app()

    def offered(field: str) -> list[str]:
        prefix = f"{field}-pick-"
        return sorted(i.removeprefix(prefix) for i in ui.ids() if i.startswith(prefix))

    ui.tap("new-game")
    ui.select("game-kind", "squads")
    ui.until(lambda: ui.has("sq-start"))
    assert offered("sq-slot-1-color") == []  # no princess typed yet: nothing to offer
    for n, (name, boss, color) in enumerate(
        [("Ann", "Grumpus", "Red"), ("Bob", "Hexlord", "blue"), ("Cy", "Boneking", "yellow")], 1
    ):
        ui.type(f"sq-player-{n}-name", name)
        ui.type(f"sq-player-{n}-boss", boss)
        ui.type(f"sq-player-{n}-princess", color)
    assert offered("sq-slot-1-color") == ["blue", "red", "yellow"]
    ui.type("sq-slot-1-color", "green")  # no princess is: typed
    ui.tap("sq-slot-2-color-pick-blue")
    ui.tap("sq-start")
    ui.until(lambda: ui.has("sq-status"))
    assert "SLOT1: Kidnap (green)" in ui.texts() and "SLOT2: Big Bullyhulk (blue)" in ui.texts()

    assert offered("sq-deploy-color") == ["blue", "green", "red", "yellow"]
    ui.type("sq-deploy-color", " RED ")  # the colour in the field is the one filled
    assert isinstance(ui.find("sq-deploy-color-pick-red"), ft.FilledButton)
    assert isinstance(ui.find("sq-deploy-color-pick-green"), ft.OutlinedButton)
    ui.tap("sq-deploy-color-pick-green")
    ui.type("sq-deploy-strength", "3")
    ui.tap("sq-deploy")
    ui.until(lambda: "Squad 1: green, strength 3" in ui.texts())
    for player in ("Ann", "Bob", "Cy"):
        ui.until(lambda player=player: f"{player}, Deploy phase" in ui.texts())
        ui.tap("sq-end-turn")
    ui.until(lambda: "Turn 4: Ann, Resolve phase" in ui.texts())
    ui.tap("sq-princess-pick-blue")  # a blue princess from the wilds
    ui.tap("sq-capture-0-1")
    ui.until(lambda: ui.has("sq-refill-1-color"))
    assert "Princesses: red, blue" in ui.texts()
    # The green squad and its Kidnap have left the table: green is no longer offered.
    assert offered("sq-refill-1-color") == ["blue", "red", "yellow"]
    ui.tap("sq-refill-1-color-pick-red")
    ui.tap("sq-finish-resolve")
    ui.until(lambda: "Turn 4: Ann, Deploy phase" in ui.texts())
    assert "SLOT1: Kidnap (red)" in ui.texts()
