"""Saved games on a phone, through the real server: a new game shows up, is renamed; another
is deleted only after the confirmation; a damaged file is explained and its backup restored."""

from __future__ import annotations

import json
import time

import pytest

from companion.store import GameStore
from rules.game import Game
from tests.companion.store.sample_play import command_stream, sample_setup
from tests.e2e.conftest import AppPage, Server

pytestmark = pytest.mark.e2e


def seed(server: Server, name: str, saves: int) -> str:
    """A game saved ``saves`` times straight into the server's data folder."""
    store = GameStore(server.data_dir, fsync=False)
    game = Game.new(sample_setup(2))
    game_id = store.create(game.setup, name).game_id
    for _ in range(saves):
        game, _command = command_stream(game)
        store.save(game_id, game)
    return game_id


def game_named(server: Server, name: str) -> str:
    games = GameStore(server.data_dir, fsync=False).list_games().games
    return next(s.game_id for s in games if s.name == name)


def reveal(app: AppPage, identifier: str, tries: int = 12) -> None:
    """Scroll down until the control is in the semantics tree (Flutter leaves out what is
    far off screen), then tap it."""
    app.page.mouse.move(195, 500)
    for _ in range(tries):
        if app.by_id(identifier).count():
            break
        app.page.mouse.wheel(0, 350)
        time.sleep(0.3)
    app.tap(identifier)


def type_text(app: AppPage, identifier: str, text: str) -> None:
    """Replace a field's text key by key (filling it in one go can lose the change event)."""
    app.tap(identifier)
    time.sleep(0.2)
    app.page.keyboard.press("Control+A")
    app.page.keyboard.type(text, delay=15)
    time.sleep(0.3)


def gone(app: AppPage, identifier: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.by_id(identifier).count() == 0:
            return
        time.sleep(0.1)
    raise AssertionError(f"{identifier} is still on screen")


def test_saved_games_rename_delete_and_restore_on_a_phone(phone: AppPage, server: Server) -> None:
    doomed = seed(server, "Doomed game", 2)
    damaged = seed(server, "Damaged game", 4)

    # A new game through the form, then back to the home screen.
    phone.tap("new-game")
    phone.type_into("player-1-name", "Ada")
    phone.type_into("player-1-xp", "500")
    phone.tap("player-1-treasure-cleric")
    phone.type_into("player-2-name", "Bert")
    phone.type_into("player-2-xp", "400")
    phone.tap("player-2-treasure-thief")
    phone.tap("start-game")
    phone.wait_for("screen-setup")
    created = game_named(server, "Ada and Bert")

    # The damaged file: cut in half, as by another program's interrupted write.
    path = GameStore(server.data_dir, fsync=False).layout.game_file(damaged)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])

    # Back from the set-up leads Home, not to the filled form. (One tap, then a wait: a
    # loop that tapped Back every 0.5 s until Home showed tapped on Home itself, which
    # has no Back, when a loaded machine drew Home later than that.)
    phone.page.get_by_role("button", name="Back").first.click()
    phone.wait_for("screen-home")
    phone.tap("open-saved-games")
    phone.wait_for("screen-games")
    phone.wait_for(f"game-{created}")
    phone.wait_text("is cut short")  # the aria snapshot doubles apostrophes: avoid them
    snapshot = phone.snapshot()
    assert f"Saved game {damaged}" in snapshot and "The file is left untouched." in snapshot
    assert phone.by_id(f"restore-{damaged}").count() == 1
    phone.screenshot("saved-games-with-a-damaged-file")

    # Rename the new game: a blank name is refused in words, a good one is saved.
    reveal(phone, f"rename-{created}")
    phone.wait_for("rename-field")
    type_text(phone, "rename-field", " ")
    phone.tap("rename-save")
    phone.wait_text("name must not be blank")
    phone.screenshot("rename-refused")
    type_text(phone, "rename-field", "Rematch at Ada’s")
    phone.tap("rename-save")
    phone.wait_text("Renamed to “Rematch at Ada’s”.")
    assert game_named(server, "Rematch at Ada’s") == created

    # Delete another game: nothing goes before the confirmation names it.
    reveal(phone, f"delete-{doomed}")
    phone.wait_text("Delete “Doomed game”?")
    phone.screenshot("delete-confirmation")
    phone.tap("delete-cancel")
    gone(phone, "delete-dialog")
    assert GameStore(server.data_dir).layout.game_file(doomed).exists()
    reveal(phone, f"delete-{doomed}")
    phone.tap("delete-confirm")
    phone.wait_text("Deleted “Doomed game”.")
    gone(phone, f"game-{doomed}")
    assert not GameStore(server.data_dir).layout.game_file(doomed).exists()
    phone.screenshot("after-rename-and-delete")

    # Export: the game as JSON with Copy (the browser writes the clipboard), then the table.
    phone.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    reveal(phone, f"export-{created}")
    phone.wait_for("export-text")  # a read-only field's text is not in the page's DOM
    phone.tap("export-copy")
    phone.wait_text("Copied to the clipboard.")
    copied = phone.page.evaluate("() => navigator.clipboard.readText()")
    assert json.loads(copied)["name"] == "Rematch at Ada’s"
    assert json.loads(copied)["format"] == "dungeon-referee/game"
    phone.screenshot("export-game")
    phone.tap("export-switch")
    phone.wait_text("python -m rules turn")
    phone.screenshot("export-table")
    phone.tap("export-close")
    gone(phone, "export-dialog")

    # Import: a file with a bad field is refused, naming it; nothing is saved.
    phone.tap("import-game")
    type_text(phone, "import-field", '{"name": "x", "setup": {}}')
    phone.tap("import-save")
    phone.wait_text("Not imported")
    assert "setup.players" in phone.snapshot()
    phone.screenshot("import-refused")
    phone.tap("import-cancel")
    gone(phone, "import-dialog")
    assert len(GameStore(server.data_dir, fsync=False).list_games().games) == 1

    # Restore the damaged game from its last good backup: it opens at the table.
    reveal(phone, f"restore-{damaged}")
    phone.wait_for("screen-game")
    phone.screenshot("restored-game")
    quarantine = GameStore(server.data_dir, fsync=False).layout.quarantine
    assert [p.name.startswith(damaged) for p in quarantine.iterdir()] == [True]
