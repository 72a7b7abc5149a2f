"""Town, dungeon, scoreboard, log and home panels, driven through their handlers."""

from __future__ import annotations

import flet as ft
import pytest

from companion.i18n import Translator
from companion.session import Sessions
from companion.store import SaveFailed
from companion.ui.shell import Settings, TableApp
from companion.ui.table.game_screen import GameScreen
from rules.commands import (
    CorrectScore,
    DeactivateRoom,
    EndTurn,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.models import Ruleset
from rules.treasure import treasure_total
from tests.companion.ui.table.conftest import (
    AFTER_SETUP,
    IN_BUILD,
    SETUP,
    FakePage,
    error_text,
    find,
    has,
    hero,
    make_app,
    start,
    tap,
    texts,
    type_into,
    walk,
)


def test_reveal_heroes_asks_for_each_hero_s_treasure_before_sending(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, AFTER_SETUP)
    assert has(page, "new-hero-1") and has(page, "new-hero-2") and not has(page, "new-hero-3")
    type_into(page, "new-hero-1-health", "4")
    tap(page, "reveal-heroes")
    message = error_text(page, "reveal-heroes")
    assert "New Hero 1: pick its treasure type" in message
    assert "New Hero 2" in message
    assert screen.state.phase == "beginning"


@pytest.mark.parametrize("typed", ["four", "0", "100", "-3", "4.5", ""])
def test_a_health_that_is_no_hero_s_is_named_and_nothing_is_revealed(
    app: TableApp, sessions: Sessions, page: FakePage, typed: str
) -> None:
    """Bad input on the town's form: a Health no Hero card prints (a word, 0, over 99, a
    fraction, nothing) is named with what was typed, and the Heroes wait; 99 is taken."""
    screen = start(app, sessions, AFTER_SETUP)
    for n in (1, 2):
        tap(page, f"new-hero-{n}-treasure-thief")
    type_into(page, "new-hero-1-health", "5")
    type_into(page, "new-hero-2-health", typed)
    tap(page, "reveal-heroes")
    message = error_text(page, "reveal-heroes")
    assert f"New Hero 2: Health must be a whole number from 1 to 99, not “{typed}”." in message
    assert "New Hero 1" not in message
    assert screen.state.phase == "beginning"
    type_into(page, "new-hero-2-health", " 99 ")
    tap(page, "reveal-heroes")
    assert screen.state.phase == "build"
    assert [screen.state.hero(h).card.health for h in screen.state.town] == [5, 99]


def test_heroes_from_the_catalogue_or_typed_join_the_town_line_oldest_first(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, AFTER_SETUP)
    assert has(page, "new-hero-1")  # the town, drawn with its forms
    slot = screen.town.slots[0]
    hero = next(c for c in app.catalogue.cards(kinds=["hero"]) if not c.epic and c.treasure)
    slot.pick(hero)  # type: ignore[arg-type]
    tap(page, "new-hero-2-treasure-thief")
    type_into(page, "new-hero-2-health", "5")
    tap(page, "reveal-heroes")
    assert screen.state.phase == "build"
    assert [screen.state.hero(h).card.name for h in screen.state.town] == [hero.name, ""]
    assert has(page, "town-hero-1") and has(page, "town-hero-2")


def test_a_failed_save_is_shown_where_the_tap_was_and_nothing_changes(
    app: TableApp, sessions: Sessions, page: FakePage, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = start(app, sessions, IN_BUILD)
    version = screen.state.version

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise SaveFailed.from_os_error(OSError(28, "No space left on device"), "g", "/x")

    monkeypatch.setattr(sessions.store, "save", refuse)
    tap(page, "reveal-rooms")
    assert "Not saved, so nothing changed" in error_text(page, "reveal-rooms")
    assert screen.state.version == version and screen.state.phase == "build"


def test_deactivated_room_is_greyed_and_its_actions_gone(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    assert has(page, "p1-room-1-deactivate")
    tap(page, "p1-room-1-deactivate")
    assert screen.state.player("Ann").dungeon[0].deactivated
    tile = find(page, "p1-room-1")
    assert tile.content.opacity < 1  # type: ignore[union-attr]
    assert "Deactivated until end of turn" in texts(page)
    assert not has(page, "p1-room-1-destroy")
    # Ann's mage total drops to the Boss alone (R-BAIT-TOTAL, R-DEACTIVATE)
    assert treasure_total(screen.state, "Ann", "mage") == 1


def test_destroying_a_room_goes_through_the_engine(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    tap(page, "p2-room-1-destroy")
    assert screen.state.player("Bo").dungeon != ()  # asked first (removal_confirm)
    yes = next(
        c
        for c in walk(page.dialogs[-1])
        if isinstance(c, ft.Semantics) and c.identifier == "confirm-destroy-yes"
    )
    yes.content.on_click(None)
    assert screen.state.player("Bo").dungeon == ()
    assert "is destroyed" in texts(page)


def test_treasure_bonus_plus_and_minus_change_the_total(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    tap(page, "p2-bonus-toggle")
    tap(page, "p2-bonus-thief-plus")
    tap(page, "p2-bonus-thief-plus")
    assert treasure_total(screen.state, "Bo", "thief") == 2
    tap(page, "p2-bonus-thief-minus")
    assert treasure_total(screen.state, "Bo", "thief") == 1
    assert find(page, "p2-bonus-thief").content.value == "+1"  # type: ignore[union-attr]


def test_score_correction_needs_a_reason_and_is_logged_as_a_correction(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    tap(page, "tab-score")
    tap(page, "score-p1-correct")
    tap(page, "correct-p1-souls-plus")
    tap(page, "correct-p1-souls-plus")
    tap(page, "correct-p1-save")
    assert "Say why" in error_text(page, "score-p1")
    assert screen.state.souls("Ann") == 0
    type_into(page, "correct-p1-reason", "forgot a kill")
    tap(page, "correct-p1-save")
    assert screen.state.souls("Ann") == 2
    assert not has(page, "correct-p1")
    tap(page, "tab-log")
    assert "Score corrected by hand" in texts(page)
    assert "(+2 Souls, +0 Wounds): forgot a kill" in texts(page)
    assert has(page, "log-5-1-rule")


def test_a_correction_below_zero_is_refused_on_the_score_card_and_nothing_changes(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    """R-SCORE-CORRECT: Ann has no Wound, so −1 Wound is refused where it was typed."""
    screen = start(app, sessions, IN_BUILD)
    tap(page, "tab-score")
    tap(page, "score-p1-correct")
    tap(page, "correct-p1-wounds-minus")
    type_into(page, "correct-p1-reason", "slip")
    tap(page, "correct-p1-save")
    assert "Ann has 0 Wounds: -1 goes below zero." in error_text(page, "score-p1")
    assert (screen.state.wounds("Ann"), len(screen.game.log)) == (0, len(IN_BUILD))


def test_heal_is_offered_only_for_a_wound_and_turns_it_into_souls(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    # The Wizard (4 Health) survives Ann's 2-damage Room and wounds her; Bo has no Wound.
    # Wounds heal in the Build phase: turn 2's.
    turn_one = [*IN_BUILD, RevealRooms(), ResolveBait(), FinishAdventure(), EndTurn()]
    screen = start(
        app,
        sessions,
        [*turn_one, RevealHeroes(heroes=(hero("fighter", 9, "Ox"), hero("thief", 9, "Fox")))],
    )
    tap(page, "tab-score")
    assert screen.state.wounds("Ann") == 1 and screen.state.wounds("Bo") == 0
    assert not has(page, "score-p2-heal")  # nothing to heal: not offered (R-HEAL)
    souls = screen.state.souls("Ann")
    tap(page, "score-p1-heal")
    assert (screen.state.wounds("Ann"), screen.state.souls("Ann")) == (0, souls + 1)
    assert not has(page, "score-p1-heal")


def test_end_of_turn_with_ten_souls_shows_the_winner_and_the_rule(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(
        app,
        sessions,
        [
            *IN_BUILD,
            RevealRooms(),
            ResolveBait(),
            FinishAdventure(),
            CorrectScore(player="Bo", souls=10, reason="test"),
        ],
    )
    assert screen.state.phase == "end"
    tap(page, "end-turn")
    assert screen.state.winner == "Bo"
    assert has(page, "winner")
    assert "Bo wins!" in texts(page)
    assert has(page, "winner-why-rule")
    assert "R-END-WIN" in texts(page)


def test_next_turn_starts_with_the_end_of_turn_rulings_first(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    start(app, sessions, [*IN_BUILD, RevealRooms(), ResolveBait(), FinishAdventure(), EndTurn()])
    assert "Nobody has won yet: the game goes on." in texts(page)
    assert has(page, "reveal-heroes")


def test_a_change_from_another_tab_redraws_this_one(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    screen = start(app, sessions, IN_BUILD)
    other_page = FakePage()
    other = make_app(other_page, sessions)
    other.start(f"/game/{screen.game_id}")
    other_screen = other.current
    assert isinstance(other_screen, GameScreen)
    before = page.updates
    assert other_screen.play("x", DeactivateRoom(player="Bo", index=0))
    assert page.updates > before
    assert find(page, "p2-room-1").content.opacity < 1  # type: ignore[union-attr]


def test_home_lists_saved_games_and_resume_opens_the_game(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    session = sessions.new_game(SETUP)
    app.start("/")
    assert has(page, f"resume-{session.game_id}")
    assert "Turn 0" in texts(page)
    tap(page, f"resume-{session.game_id}")
    assert app.current.route == f"/game/{session.game_id}"
    assert has(page, "continue-setup")


def test_the_game_screen_speaks_german(sessions: Sessions, page: FakePage) -> None:
    app = make_app(page, sessions)
    app.settings = Settings(lang="de")
    app.tr = Translator("de")
    start(app, sessions, IN_BUILD)
    shown = texts(page)
    assert "Räume aufdecken" in shown
    assert "Stadt" in shown
    assert "wird aufgedeckt und stellt sich hinten in der Stadt an" in shown


def test_end_of_turn_reminds_machinations_to_a_player_without_a_new_soul(
    app: TableApp, sessions: Sessions, page: FakePage
) -> None:
    setup = SETUP.model_copy(update={"ruleset": Ruleset(machinations=True)})
    session = sessions.new_game(setup)
    for command in [*IN_BUILD, RevealRooms(), ResolveBait(), FinishAdventure()]:
        session.play(command)
    app.start(f"/game/{session.game_id}")
    tap(page, "end-turn")
    shown = texts(page)
    assert "may draw a Room or a Spell (Machinations)" in shown
    assert "R-VAR-MACHINATIONS" in shown
