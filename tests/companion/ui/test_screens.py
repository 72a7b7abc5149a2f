"""Screens driven in-process through Flet's Session: taps, typing, what is shown."""

from pathlib import Path

import flet as ft
import pytest

from companion.glossary import load_glossary
from companion.i18n import Translator
from companion.ui.sync_link import route_changed
from tests.companion.ui.conftest import AppFactory, saved_at, start_two_player_game
from tests.companion.ui.flet_harness import Harness, controls_in, tagged_in, unsent


def test_home_offers_new_game_and_rules(table_app: AppFactory) -> None:
    ui, _app = table_app()
    assert {"new-game", "open-rules", "open-settings", "screen-home"} <= set(ui.ids())
    assert ui.conn.patches() >= 1 or ui.conn.messages


def test_start_with_empty_form_is_refused_in_words(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    assert ui.has("screen-new")
    sent_before = ui.conn.sent_bytes
    ui.tap("start-game")
    assert app.game is None
    assert "Every player needs a name." in ui.texts()
    assert "Pick the Boss's treasure type." in ui.texts()
    assert ui.conn.sent_bytes > sent_before, "the refusal must reach the client"


def test_boss_search_fills_xp_and_treasure(table_app: AppFactory) -> None:
    ui, _app = table_app()
    ui.tap("new-game")
    ui.type("player-1-boss", "drakulord")
    ui.tap("player-1-boss-option-BMA001")
    assert ui.find("player-1-boss", ft.TextField).value == "Draculord"
    assert ui.find("player-1-xp", ft.TextField).value == "900"
    assert ui.find("player-1-treasure-cleric", ft.Container).border is not None
    assert ui.find("player-1-treasure-thief", ft.Container).border is None


def test_a_suggestion_tapped_as_the_next_key_arrives_still_counts(table_app: AppFactory) -> None:
    """The finger is on a catalogue match while the next letter's matches come in: the
    match still shown is the same button, so its tap is not dropped as a tap on a control
    that is gone (phones type faster than a round trip)."""
    ui, _app = table_app()
    ui.tap("new-game")
    ui.type("player-1-boss", "drakul")
    aimed = ui.find("player-1-boss-option-BMA001")
    ui.type("player-1-boss", "drakulo")  # the next key's matches replace the list

    assert ui.find("player-1-boss-option-BMA001") is aimed
    ui._dispatch(aimed, "click")  # the tap made on the button as it was
    assert ui.find("player-1-boss", ft.TextField).value == "Draculord"
    assert ui.find("player-1-xp", ft.TextField).value == "900"


def test_new_game_reaches_setup_with_engine_numbers(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    ui.type("player-1-name", "Ada")
    ui.type("player-1-boss", "Draculord")
    ui.tap("player-1-boss-option-BMA001")
    ui.type("player-2-name", "Bert")
    ui.type("player-2-boss", "My own Boss")
    ui.type("player-2-xp", "1000")
    ui.tap("player-2-treasure-mage")
    ui.tap("add-player")
    ui.type("player-3-name", "Cleo")
    ui.type("player-3-xp", "100")
    ui.tap("player-3-treasure-thief")
    ui.toggle("variant-classic", True)
    ui.tap("start-game")
    assert app.game is not None
    assert ui.has("screen-setup")
    text = ui.texts()
    assert "Use 17 ordinary Heroes and 13 Epic Heroes." in text
    assert "Then each player discards 2 of them." in text
    order = [ui.find(f"xp-order-{n}", ft.Row).controls[1].value for n in (1, 2, 3)]
    assert (
        order[0].startswith("Bert") and order[1].startswith("Ada") and order[2].startswith("Cleo")
    )


def test_first_room_goes_through_the_engine(table_app: AppFactory) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.type("first-room-1-name", "Bottomless")
    ui.tap("first-room-1-option-BMA027")
    ui.tap("first-room-1-build")
    assert app.game is not None and app.game.version == 1
    assert ui.has("first-room-1-placed")
    ui.tap("reveal-first-rooms")
    assert app.game.state.turn == 1
    assert ui.has("screen-game"), [i for i in ui.ids() if "screen" in i]
    assert "Bottomless Pit" in ui.texts()


def test_typed_room_with_bad_damage_is_refused_before_the_engine(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    for n, name in ((1, "Ada"), (2, "Bert")):
        ui.type(f"player-{n}-name", name)
        ui.type(f"player-{n}-xp", str(n * 100))
        ui.tap(f"player-{n}-treasure-fighter")
    ui.tap("start-game")
    ui.type("first-room-1-damage", "lots")
    ui.tap("first-room-1-build")
    assert app.game is not None and app.game.version == 0
    assert "Damage must be a whole number, not lots." in ui.texts()


@pytest.mark.parametrize("xp", ["ten", "-5", "1.5"])
def test_an_xp_that_is_no_whole_number_is_named_and_no_game_made(
    table_app: AppFactory, xp: str
) -> None:
    """Bad input on the new game's form: an XP no Boss card prints is named with what was
    typed, and no game is made; " 300 " is taken as 300 once it is mended."""
    ui, app = table_app()
    ui.tap("new-game")
    for n, name in ((1, "Ada"), (2, "Bert")):
        ui.type(f"player-{n}-name", name)
        ui.tap(f"player-{n}-treasure-fighter")
    ui.type("player-1-xp", "100")
    ui.type("player-2-xp", xp)
    ui.tap("start-game")
    assert app.game is None
    assert f"XP must be a whole number, not {xp}." in ui.texts()
    ui.type("player-2-xp", " 300 ")
    ui.tap("start-game")
    assert app.game is not None
    assert [p.xp for p in app.game.setup.players] == [100, 300]


@pytest.mark.parametrize("damage", ["-1", "2.5", "100"])
def test_a_room_damage_out_of_range_is_named_before_the_engine(
    table_app: AppFactory, damage: str
) -> None:
    ui, app = table_app()
    start_two_player_game(ui)
    ui.type("first-room-1-damage", damage)
    ui.tap("first-room-1-build")
    assert app.game is not None and app.game.version == 0
    said = (
        "That much damage can't be right (99 at most)."
        if damage == "100"
        else f"Damage must be a whole number, not {damage}."
    )
    assert said in ui.texts()


def test_language_switch_relabels_every_screen_and_is_remembered(table_app: AppFactory) -> None:
    ui, app = table_app()
    assert ui.page.locale_configuration is not None
    assert ui.page.locale_configuration.current_locale == ft.Locale("en")
    ui.tap("new-game")
    ui.type("player-1-name", "Ada")
    ui.tap("open-settings")
    ui.select("settings-lang", "de")
    assert app.saved == {"dungeon_referee.lang": "de"}  # type: ignore[attr-defined]
    assert "Sprache" in ui.texts()
    # Flutter's own words (the Back button, a text field's menu) follow the app's language.
    assert ui.page.locale_configuration.current_locale == ft.Locale("de")
    app.back()
    assert "Spieler 1" in ui.texts()
    assert ui.find("player-1-name", ft.TextField).value == "Ada", "typed text survives"


@pytest.mark.parametrize("below", ["setup", "game"])
def test_a_language_change_keeps_every_view_the_browser_shows(
    table_app: AppFactory, tmp_path: Path, below: str
) -> None:
    """A language chosen in Settings is drawn into every screen's view, not sent as new
    views: the browser keeps each screen scrolled where it was (new views came back at
    the top), and the half-typed Room name below is the very field the browser shows (the
    same control id), with what was typed, now in German."""
    if below == "setup":
        ui, app = table_app()
        start_two_player_game(ui)
        prefix, title = "first-room-1", "setup.title"
    else:
        ui, app = table_app(route=f"/game/{saved_at(tmp_path / 'data', 'build')}")
        prefix, title = "build-p1", "phase.build"
        ui.tap("tab-score")
        ui.tap("tab-play")  # a redraw that keeps most parts as they were
    ui.type(f"{prefix}-name", "Dr")
    field = ui.find(f"{prefix}-name", ft.TextField)
    ui.tap("open-settings")
    views = list(ui.page.views)
    ui.select("settings-lang", "de")
    assert len(ui.page.views) == len(views)
    assert all(now is before for now, before in zip(ui.page.views, views, strict=True))
    assert not [left for left in map(unsent, views) if left], "every view's words are sent"
    if below == "game":  # already German below Settings, the parts its last redraw kept too
        words = {c.value for c in controls_in(views[-2]) if isinstance(c, ft.Text)}
        town = (Translator("de")("table.town"), Translator("en")("table.town"))
        assert town[0] in words and town[1] not in words
    assert "Sprache" in ui.texts()
    app.back()
    assert ui.page.views[-1] is views[-2]
    now = ui.find(f"{prefix}-name", ft.TextField)
    assert now._i == field._i  # the browser's field, drawn again: not a new one
    german = Translator("de")
    assert (now.label, now.value) == (german("room.name"), "Dr")
    assert german(title) in ui.texts()


def test_back_keeps_the_controls_the_browser_shows_below(table_app: AppFactory) -> None:
    """← folds what the screen below shows now (here, in the language chosen meanwhile)
    into the controls already on screen instead of sending a new copy of them: a tap or a
    word typed right after ← reaches the control it was aimed at, not one being replaced
    (where it was dropped)."""
    ui, app = table_app()
    ui.tap("open-rules")
    ui.type("rules-search", "wound")
    ui.tap("open-settings")
    ui.select("settings-lang", "de")
    below = ui.page.views[-2]  # the Rules screen, drawn again in German
    field = tagged_in(below, "rules-search", ft.TextField)
    app.back()
    assert [view.route for view in ui.page.views] == ["/", "/rules"]
    assert ui.page.views[-1] is below
    assert ui.find("rules-search", ft.TextField) is field
    assert field.value == "wound"
    assert field.label == Translator("de")("rules.search")


def test_rules_and_back_keep_the_game_view_the_browser_shows(table_app: AppFactory) -> None:
    """Opening Rules from a game sends the Rules view only, and ← keeps the game's view:
    the browser keeps it where the player had scrolled it (a new copy of the view came
    back scrolled to the top)."""
    ui, app = table_app()
    start_two_player_game(ui)
    home, game = ui.page.views
    ui.tap("open-rules")
    assert [view.route for view in ui.page.views][-1] == "/rules"
    assert ui.page.views[-2] is game
    app.back()
    assert ui.page.views[-1] is game
    assert ui.has("first-room-1-name")
    ui.tap("open-rules")
    ui.tap("open-settings")
    assert ui.page.views[-3] is game
    app.home()
    assert ui.page.views == [home]
    app.back()  # nothing below Home: it stays
    assert ui.page.views == [home]


def test_the_browsers_back_keeps_the_game_view_too(table_app: AppFactory) -> None:
    """The browser's ← reaches the app as a change of address to the screen below: it
    comes back as the app bar's ← brings it (the view kept, so its scroll), where it used
    to be opened anew; an address not on the stack still opens its screen."""
    ui, app = table_app()
    start_two_player_game(ui)
    home, game = ui.page.views
    ui.tap("open-rules")
    route_changed(app, game.route)
    assert ui.page.views == [home, game]
    assert [screen.route for screen in app.stack] == [home.route, game.route]
    ui.tap("open-rules")
    route_changed(app, "/settings")  # not below: opened (on Home, as a typed address)
    assert [view.route for view in ui.page.views] == ["/", "/settings"]


def test_theme_choice_applies_and_is_remembered(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("open-settings")
    ui.select("settings-theme", "dark")
    assert app.page.theme_mode == ft.ThemeMode.DARK
    assert app.saved == {"dungeon_referee.theme": "dark"}  # type: ignore[attr-defined]


def test_rules_button_is_on_every_screen(table_app: AppFactory) -> None:
    ui, _app = table_app()
    for route_button, screen in (("new-game", "screen-new"), ("open-settings", "screen-settings")):
        ui.tap(route_button)
        assert ui.has(screen)
        assert ui.has("open-rules")
    ui.tap("open-rules")
    assert ui.has("screen-rules")


def test_rules_search_finds_and_opens_an_entry(table_app: AppFactory) -> None:
    ui, _app = table_app(lang="de")
    ui.tap("open-rules")
    ui.type("rules-search", "deaktivieren")
    hits = [i for i in ui.ids() if i.startswith("rules-hit-")]
    assert hits
    ui.tap(hits[0])
    assert ui.has("rules-entry-title")
    assert ui.find("rules-entry-body", ft.Text).value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rules_screen_before_typing_lists_every_entry_by_group(
    table_app: AppFactory, lang: str
) -> None:
    ui, _app = table_app(lang=lang)
    ui.tap("open-rules")
    _every_entry_by_group(ui, lang, "phase-bait")


def _every_entry_by_group(ui: Harness, lang: str, entry_id: str) -> None:
    """The Rules screen lists every entry under its group, and ``entry_id`` opens."""
    glossary = load_glossary()
    groups = {f"rules-category-{name}" for name, _ in glossary.categories}
    assert groups <= set(ui.ids())
    listed = {i.removeprefix("rules-index-") for i in ui.ids() if i.startswith("rules-index-")}
    assert listed == {e.id for e in glossary.entries}
    for name, _ in glossary.categories:  # every group: the squad game's was left untranslated
        assert f"rules.category.{name}" not in ui.texts(), f"group {name} untranslated"
    ui.tap(f"rules-index-{entry_id}")
    assert ui.find("rules-entry-body", ft.Text).value == glossary.entry(entry_id).body[lang]


@pytest.mark.parametrize(
    ("lang", "nothing"),
    [("en", "Nothing found for “xyzzy quux”."), ("de", "Nichts gefunden für „xyzzy quux“.")],
)
def test_rules_search_that_finds_nothing_says_so_and_offers_every_entry_by_group(
    table_app: AppFactory, lang: str, nothing: str
) -> None:
    ui, _app = table_app(lang=lang)
    ui.tap("open-rules")
    ui.type("rules-search", "xyzzy quux")
    assert not [i for i in ui.ids() if i.startswith("rules-hit-")]
    assert nothing in ui.texts()
    _every_entry_by_group(ui, lang, "tie")


def test_rules_search_takes_the_keyboard_only_when_opened_to_search(
    table_app: AppFactory,
) -> None:
    ui, _app = table_app()
    ui.tap("open-rules")
    assert ui.find("rules-search", ft.TextField).autofocus
    entry, _ = table_app(route="/rules/rule-bait-highest")  # a ruling's rule link
    assert entry.has("rules-entry-title")
    assert not entry.find("rules-search", ft.TextField).autofocus  # no keyboard over it


def test_fields_stay_editable_after_a_refusal(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    ui.tap("start-game")
    ui.type("player-1-name", "Ada")  # a crash here shows "Error running app" in the browser
    assert ui.find("player-1-name", ft.TextField).error is None
    ui.type("player-1-xp", "500")
    ui.tap("player-1-treasure-mage")
    ui.type("player-2-name", "Bert")
    ui.type("player-2-xp", "400")
    ui.tap("player-2-treasure-thief")
    ui.tap("start-game")
    assert app.game is not None
    assert any(name == "scroll_to" for name, _args in ui.conn.calls)


def test_refusal_after_a_language_switch_reads_german(table_app: AppFactory) -> None:
    ui, app = table_app()
    ui.tap("new-game")
    app.set_lang("de")
    ui.settle()
    ui.tap("start-game")
    assert "Jeder Spieler braucht einen Namen." in ui.texts()
    assert app.game is None
