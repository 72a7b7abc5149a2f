"""Card pickers offer only the sets ticked for the game (issue 14): Rooms at set-up and
in the Build phase, Heroes, Items; a game saved before the sets were kept offers all."""

from __future__ import annotations

from companion.session import Sessions
from companion.ui.new_game_form import NewGameForm
from companion.ui.setup_screen import SetupScreen
from companion.ui.shell import TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import Command
from rules.models import GameSetup, Ruleset
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    IN_BUILD,
    SETUP,
    FakePage,
    has,
    make_app,
    start,
    type_into,
)

BASE_ONLY = SETUP.model_copy(update={"card_sets": ("base",)})


def _open(
    app: TableApp, sessions: Sessions, setup: GameSetup, commands: list[Command]
) -> GameScreen:
    session = sessions.new_game(setup)
    for command in commands:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    assert isinstance(app.current, GameScreen)
    return app.current


def test_the_new_game_keeps_the_ticked_sets_and_those_its_expansions_bring() -> None:
    form = NewGameForm()
    form.owned_sets = {"base", "crash_landing"}
    form.items = True
    assert form.card_sets() == ("base", "crash_landing", "tools_of_hero_kind")
    form.players[0].name, form.players[0].xp, form.players[0].treasure = "Ann", "5", "mage"
    form.players[1].name, form.players[1].xp, form.players[1].treasure = "Bo", "6", "thief"
    assert form.to_setup().card_sets == ("base", "crash_landing", "tools_of_hero_kind")


def test_build_phase_room_picker_offers_only_the_game_s_sets(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    _open(app, sessions, BASE_ONLY, IN_BUILD)
    type_into(page, "build-p1-name", "Dark Portal")  # a Next Level Room
    assert not has(page, "build-p1-option-TNL013")
    type_into(page, "build-p1-name", "Dark Altar")  # a base-game Room
    assert has(page, "build-p1-option-BMA009")


def test_set_up_room_picker_offers_only_the_game_s_sets(page: FakePage, sessions: Sessions) -> None:
    session = sessions.new_game(BASE_ONLY)
    app = make_app(page, sessions, {"setup": SetupScreen, "game": GameScreen})
    app.start(f"/setup/{session.game_id}")
    type_into(page, "first-room-1-name", "Dark Portal")
    assert not has(page, "first-room-1-option-TNL013")
    type_into(page, "first-room-1-name", "Dark Altar")
    assert has(page, "first-room-1-option-BMA009")


def test_hero_entry_offers_only_the_game_s_sets(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    _open(app, sessions, BASE_ONLY, AFTER_SETUP)
    type_into(page, "new-hero-1-name", "Elfstar")  # a Next Level Hero
    assert not has(page, "new-hero-1-option-TNL073")
    type_into(page, "new-hero-1-name", "Nick the Masher")
    assert has(page, "new-hero-1-option-BMA056")


def test_item_entry_offers_no_item_when_its_set_is_not_in_the_game(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    items_no_set = BASE_ONLY.model_copy(update={"ruleset": Ruleset(items=True)})
    _open(app, sessions, items_no_set, AFTER_SETUP)
    type_into(page, "new-item-1-name", "Extra Life")
    assert not has(page, "new-item-1-option-THK001")


def test_a_game_saved_before_sets_were_kept_offers_every_set(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, AFTER_SETUP)  # SETUP has no card_sets
    type_into(page, "new-hero-1-name", "Elfstar")
    assert has(page, "new-hero-1-option-TNL073")


def test_a_new_game_needs_at_least_one_card_set() -> None:
    form = NewGameForm()
    form.owned_sets = set()
    assert "error.no_sets" in [e.key for e in form.errors()]
    form.minibosses = True  # an expansion brings its own set
    assert "error.no_sets" not in [e.key for e in form.errors()]


def test_boss_search_offers_only_ticked_sets_and_nothing_when_none_is_ticked(
    table_app: AppFactory,
) -> None:
    ui, _app = table_app()
    ui.tap("new-game")
    ui.type("player-1-boss", "Imperiatrix")  # a Crash Landing Boss: not ticked by default
    assert not ui.has("player-1-boss-option-CRL001")
    for set_id in ("base", "next_level"):
        ui.check(f"owned-set-{set_id}", False)
    ui.type("player-1-boss", "Draculord")
    assert not ui.has("player-1-boss-option-BMA001")
    ui.check("owned-set-base", True)
    ui.type("player-1-boss", "Draculord")
    assert ui.has("player-1-boss-option-BMA001")
