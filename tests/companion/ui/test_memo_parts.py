"""Parts of the game screen drawn by memoized components (``ft.memo``): what is drawn anew
per tap, and that what is not is the very control on screen (issues 13, 31)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import flet as ft
import pytest

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.i18n import Translator
from companion.sync.device import Device
from companion.ui import chrome
from companion.ui.table import bottom_bar, dungeon, dungeon_summary, dungeon_tiles
from companion.ui.table.game_screen import GameScreen
from rules.models import TREASURES
from tests.companion.ui.conftest import AppFactory, at_bait, saved_at
from tests.companion.ui.flet_harness import Harness, controls_in, unsent
from tests.companion.ui.sent_controls import controls_sent, ids_within
from tests.companion.ui.table.conftest import walk
from tests.e2e.sync_seed import seed


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each part is built from now on."""
    built: Counter[str] = Counter()
    for module, name in (
        (dungeon, "_room_tile"),
        (dungeon_tiles, "_room_card"),
        (dungeon_tiles, "_boss_tile"),
        (dungeon_tiles, "treasure_badge"),
        (dungeon_summary, "badge"),
        (chrome, "phase_stepper"),  # drawn by its component when its props change
        (bottom_bar, "icon_action"),  # the bar's undo and redo
        (bottom_bar, "bar_tab"),
    ):
        original = getattr(module, name)

        def counting(
            *args: object, _name: str = name, _f: object = original, **kwargs: object
        ) -> object:
            built[_name] += 1
            return _f(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(module, name, counting)
    return built


def test_a_bonus_tap_builds_one_badge_and_keeps_rooms_boss_and_bars(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = seed(tmp_path / "data", 4, "host-device-0000000", "Four at the table")
    harness, _app = table_app(route=f"/game/{game.game_id}")
    harness.tap("p1-bonus-toggle")
    built = _count_builds(monkeypatch)

    harness.tap("p1-bonus-cleric-plus")

    # The cleric bonus row is built again (its number changed), and the dungeon's summary
    # row, a component drawn whole when its facts change (every total: Flet sends the
    # one that changed); the other rows, the Rooms, the Boss and both bars are kept.
    assert built["_room_tile"] == 0 and built["_room_card"] == 0
    assert built["_boss_tile"] == 0
    assert built["phase_stepper"] == 0
    # Undo was possible before and is now; redo was not and is not; the tabs are the same.
    assert built["icon_action"] == 0 and built["bar_tab"] == 0
    assert built["treasure_badge"] == 1  # the bonus row
    assert built["badge"] == len(TREASURES)  # the summary row's totals, zeros too
    totals = [c.value for c in walk(harness.find("p1-total-cleric")) if isinstance(c, ft.Text)]
    assert "3" in totals


def test_the_bottom_bar_builds_only_the_arrow_that_changed(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Undo makes redo possible, the next tap makes it impossible again: each time that
    arrow alone is built, not the bar's other arrow and four tabs; a tab opened builds
    the tab closed and the tab opened."""
    game = seed(tmp_path / "data", 4, "host-device-0000000", "Four at the table")
    harness, app = table_app(route=f"/game/{game.game_id}")
    screen = app.current
    assert isinstance(screen, GameScreen)
    harness.tap("p1-bonus-toggle")
    harness.tap("p1-bonus-cleric-plus")
    built = _count_builds(monkeypatch)

    harness.tap("undo")
    assert screen.game.can_redo
    assert built["icon_action"] == 1 and built["bar_tab"] == 0
    assert harness.find("redo", ft.IconButton).disabled is False

    harness.tap("p1-bonus-cleric-plus")
    assert not screen.game.can_redo
    assert built["icon_action"] == 2 and built["bar_tab"] == 0
    assert harness.find("redo", ft.IconButton).disabled is True

    harness.tap("tab-score")
    assert built["icon_action"] == 2 and built["bar_tab"] == 2
    assert screen.tab == "score"


def test_a_kept_part_is_the_control_on_screen_not_a_copy(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """A bonus row drawn again is the control on screen (Flet's diff matches it to the one
    it replaces); the rows whose number is the same are the very controls shown before
    (their memoized components were not drawn again), which Flet's diff skips."""
    game = seed(tmp_path / "data", 2, "host-device-0000000", "Two at the table")
    harness, _app = table_app(route=f"/game/{game.game_id}")
    harness.tap("p1-bonus-toggle")
    fighter = harness.find("p1-bonus-fighter")
    cleric = harness.find("p1-bonus-cleric")
    harness.tap("p1-bonus-cleric-plus")

    assert harness.find("p1-bonus-fighter") is fighter
    now = harness.find("p1-bonus-cleric")
    assert now is not cleric and isinstance(now, ft.Text) and now.value == "+1"
    harness.tap("p1-bonus-cleric-minus")  # the new row's buttons act on its number
    assert harness.find("p1-bonus-cleric").value == "+0"  # type: ignore[attr-defined]


def test_a_room_s_actions_wait_behind_the_toggle_and_show_by_a_flag_not_a_new_row(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Destroy and Deactivate are hidden in the Bait phase, and in the Adventure until the
    dungeon's toggle is tapped (the Bait tap sends no row of them, #31): the rows stay in
    the tiles, so the toggle flips a flag on each row's wrapper instead of building,
    comparing and sending a row per Room; one action taken folds them again."""
    harness, _app, screen = at_bait(table_app, tmp_path)

    def wrapper(identifier: str) -> ft.Control:
        """The wrapper whose flag shows or hides the row holding ``identifier``."""
        control: ft.Control | None = harness.find(identifier)
        while control is not None and not isinstance(control, ft.Container):
            control = control.parent  # type: ignore[assignment]
        assert control is not None
        return control

    hidden = harness.find("p1-room-1-destroy")
    assert wrapper("p1-room-1-destroy").visible is False
    assert not harness.has("p1-room-actions-toggle")  # nothing may be destroyed at Bait
    harness.tap("resolve-bait")

    assert screen.state.phase == "adventure"
    assert wrapper("p1-room-1-destroy").visible is False  # folded
    harness.tap("p1-room-actions-toggle")
    # The same row (its component not drawn again), and now shown.
    assert harness.find("p1-room-1-destroy") is hidden
    assert wrapper("p1-room-1-destroy").visible is True
    assert wrapper("p1-room-2-deactivate").visible is True
    harness.tap("p1-room-2-deactivate")
    assert screen.state.players[0].dungeon[1].deactivated
    assert wrapper("p1-room-1-destroy").visible is False  # folded again


def test_the_bait_results_are_built_once_per_bait(table_app: AppFactory, tmp_path: Path) -> None:
    """The Adventure's taps leave the Bait results as they are (the same controls); a Bait
    undone and made again after a change shows the new results."""
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")  # the first Hero walks into its first Room too (R-FOLLOWS)
    results = harness.find("bait-results")
    walk = screen.state.walk
    assert walk is not None and walk.room == 0
    harness.tap("adv-damage-1")
    assert screen.state.walk == walk.model_copy(update={"damage": walk.damage + 1})
    # The same controls on screen: the memoized component, its props the same, was not
    # drawn again.
    assert harness.find("bait-results") is results

    def shown() -> str:
        return "\n".join(
            str(c.value)
            for c in controls_in(harness.find("bait-results"))
            if isinstance(c, ft.Text)
        )

    before = shown()
    for _ in range(2):  # damage, Bait (with the first step)
        harness.tap("undo")
    assert screen.state.phase == "bait"
    hero = screen.state.hero(screen.state.town[0])
    kind = hero.card.treasure[0]
    harness.tap("p3-bonus-toggle")
    for _ in range(5):  # the last player's dungeon now lures the first Hero, whatever it is
        harness.tap(f"p3-bonus-{kind}-plus")
    harness.tap("resolve-bait")
    assert harness.find("bait-results") is not results
    assert shown() != before
    assert f"Goes to {screen.state.players[2].name}'s dungeon" in shown()


def test_a_hero_hurt_in_a_room_leaves_the_dungeon_cards_and_the_town_as_they_are(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Damage and healing change only the walk's damage, shown by the Adventure panel:
    no dungeon card nor the town is built again. A step into the next Room moves the
    tile's marker."""
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")  # the first Hero walks into its first Room too (R-FOLLOWS)
    walk = screen.state.walk
    assert walk is not None and walk.room == 0
    p = f"p{screen.seat(walk.player)}"

    def here(room: int) -> bool:
        tile = harness.find(f"{p}-room-{room}")
        return any(
            isinstance(c, ft.Text) and c.value == "The Hero is here" for c in controls_in(tile)
        )

    assert here(1) and not here(2)
    parts = ["town", *(f"dungeon-p{n}" for n in range(1, len(screen.state.players) + 1))]
    for tap in ("adv-damage-1", "adv-more", "adv-heal"):  # Heal waits behind More
        shown = {part: harness.find(part) for part in parts}
        harness.tap(tap)
        assert screen.state.walk is not None and screen.state.walk.room == 0
        for part, control in shown.items():
            # The very control: its memoized component was not drawn again.
            assert harness.find(part) is control, f"{part} drawn again after {tap}"
    assert len(screen.state.player(walk.player).dungeon) > 1
    harness.tap("adv-next")
    assert screen.state.walk is not None and screen.state.walk.room == 1
    assert here(2) and not here(1)


def test_a_treasure_tap_in_the_room_form_sends_only_the_form_s_treasure(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Choosing or removing a treasure icon changes one tile and the icons: what is sent is
    that difference (a small patch, not the page), and the damage already typed stays in
    the very field the browser shows."""
    game_id = saved_at(tmp_path / "data", "build")
    harness, app = table_app(route=f"/game/{game_id}")
    harness.type("build-p1-damage", "3")
    field = harness.find("build-p1-damage")
    whole = _bytes_of_the_whole_page(harness, app)
    for tap in ("build-p1-treasure-fighter", "build-p1-treasure-fighter", "build-p1-icon-2"):
        before = harness.conn.sent_bytes
        harness.tap(tap)
        assert harness.conn.sent_bytes - before < whole / 10, f"after {tap}"
        now = harness.find("build-p1-damage")
        assert now._i == field._i and now.value == "3"
    icons = harness.find("build-p1-icons")
    assert [c.identifier for c in icons.controls] == ["build-p1-icon-1"]


@pytest.mark.parametrize(
    ("phase", "field", "typed", "pick"),
    [
        ("build", "build-p1-name", "Dr", "build-p1-option-"),
        ("beginning", "new-hero-1-name", "Sa", "new-hero-1-option-"),
    ],
)
def test_typing_a_card_name_sends_only_its_matches(
    table_app: AppFactory, tmp_path: Path, phase: str, field: str, typed: str, pick: str
) -> None:
    """A keystroke in a card's name field sends the matches under it, not the whole page,
    and the name stays the very field the browser shows; a pick sends its form's change."""
    game_id = saved_at(tmp_path / "data", phase)
    harness, app = table_app(route=f"/game/{game_id}")
    name = harness.find(field)
    whole = _bytes_of_the_whole_page(harness, app)
    for text in (typed[0], typed, typed[0], typed):  # no matches, some, none, some
        before = harness.conn.sent_bytes
        harness.type(field, text)
        assert harness.conn.sent_bytes - before < whole / 10, f"after typing {text!r}"
        assert harness.find(field)._i == name._i
    option = next(i for i in harness.ids() if i.startswith(pick))
    before = harness.conn.sent_bytes
    harness.tap(option)
    assert 0 < harness.conn.sent_bytes - before < whole / 10


def two_tabs_at_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Harness]:
    """Two tabs of this device, the host, on a saved 3-player game at Build (closed by
    the caller)."""
    data = tmp_path / "data"
    game_id = saved_at(data, "build")

    async def as_host(_prefs: object, _ip: object, _save: object) -> Device:
        return Device("host-device-0000000", {}, local=True)

    monkeypatch.setattr(app_module, "load_device", as_host)
    main = make_main(AppConfig(data_dir=data))
    tabs: list[Harness] = []
    for _ in range(2):  # one after the other: a new harness is the current page
        tab = Harness(route=f"/game/{game_id}")
        tab.run(main(tab.page))
        tabs.append(tab)
    return tabs


def test_every_change_reaches_both_tabs_though_kept_parts_are_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sealed parts are skipped by Flet's diff of their ancestors, so a change inside one
    must be sent from the part itself. After every tap, in the tab that acted and in a
    tab watching, nothing on screen holds a change the browser was not sent."""
    tabs = two_tabs_at_build(tmp_path, monkeypatch)
    acting, watching = tabs
    try:
        for tap in (
            "p1-bonus-toggle",
            "p1-bonus-cleric-plus",
            "build-p1-treasure-fighter",
            "build-p1-go",
            "undo",
            "build-p1-treasure-fighter",
            "build-p1-go",
            "reveal-rooms",  # the Bait and the first Room come with it (R-FOLLOWS)
            "undo",
            "reveal-rooms",
            "tab-score",
            "tab-play",
        ):
            acting.tap(tap)
            watching.settle()
            for name, tab in (("acting", acting), ("watching", watching)):
                assert unsent(tab.page.views[-1]) == [], f"after {tap}, the {name} tab"
        assert acting.has("walk-hero")  # the Adventure is on screen
    finally:
        for tab in tabs:
            tab.close()


def test_a_damage_tap_keeps_the_adventure_s_buttons_and_hero_lines(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """The Adventure's buttons and Hero lines show the same all walk long: a damage tap
    sends none of them again (drawn plainly, keyed, Flet's diff finds each under its id
    and sends only the damage's new number), and the buttons still act. The +N stepper
    is drawn again when its amount changes; in German they all are, in German."""
    harness, app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")
    harness.tap("adv-next")
    walk = screen.state.walk
    assert walk is not None
    kept = {i: harness.find(i)._i for i in ("adv-damage-1", "adv-next", "walk-hero")}
    for n in (1, 2):
        sent = controls_sent(harness, lambda: harness.tap("adv-damage-1"))
        assert screen.state.walk is not None and screen.state.walk.damage == walk.damage + n
        assert not set(sent) & ids_within(harness, "adventure"), "a control sent whole"
    assert {i: harness.find(i)._i for i in kept} == kept

    english = Translator("en")
    harness.tap("adv-amount-plus")  # 2 -> 3
    assert button_text(harness.find("adv-damage-n")) == english("table.adv_damage", n=3)
    harness.tap("adv-damage-n")
    assert screen.state.walk is not None and screen.state.walk.damage == walk.damage + 5

    app.set_lang("de")
    german = Translator("de")
    assert button_text(harness.find("adv-damage-1")) == german("table.adv_damage", n=1)
    assert button_text(harness.find("adv-finish-all")) == german("table.adv_finish_all")
    harness.tap("adv-damage-1")  # built again in German, and acts
    assert screen.state.walk is not None and screen.state.walk.damage == walk.damage + 6


def button_text(button: ft.Control) -> str:
    assert isinstance(button, ft.OutlinedButton | ft.FilledButton)
    return str(button.content)


def test_the_adventure_s_kept_buttons_act_when_the_adventure_comes_back(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """The kept buttons leave the page with the Adventure (a Bait undone) and come back
    with it: drawn anew (a memoized component gone from the page forgets its drawing),
    sent again, and they still act."""
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")
    kept = harness.find("adv-next")
    harness.tap("undo")
    assert screen.state.phase == "bait"
    assert not harness.has("adv-next")
    harness.tap("resolve-bait")
    assert harness.find("adv-next") is not kept  # drawn anew with the Adventure
    walk = screen.state.walk
    assert walk is not None and walk.room == 0  # in its first Room (R-FOLLOWS)
    harness.tap("adv-next")
    assert screen.state.walk != walk  # it acted: the walk went on
    walk = screen.state.walk
    assert walk is not None
    harness.tap("adv-damage-1")
    assert screen.state.walk is not None and screen.state.walk.damage == walk.damage + 1


def test_back_sends_what_changed_below_while_another_screen_was_on_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tab reads the Rules while another builds and reveals: ← folds the game as it is
    now into the game's view, kept below, and sends every change, those inside memoized
    parts too (Flet's diff skips a part whose props are unchanged)."""
    tabs = two_tabs_at_build(tmp_path, monkeypatch)
    acting, reading = tabs
    try:
        game = reading.page.views[-1]
        reading.tap("open-rules")
        for tap in ("build-p1-treasure-fighter", "build-p1-go", "reveal-rooms"):
            acting.tap(tap)
            reading.settle()
        back = reading.page.on_view_pop
        assert back is not None
        back(None)  # type: ignore[call-arg, arg-type]  # the app bar's ← (its event is not read)
        reading.settle()
        assert reading.page.views[-1] is game
        assert reading.has("adv-next")  # the reveal (and the Bait after it) reached the game below
        assert unsent(game) == []
    finally:
        for tab in tabs:
            tab.close()


def _bytes_of_the_whole_page(harness: Harness, app: object) -> int:
    """What sending every view anew costs (``TableApp.render``), to compare a tap with."""
    before = harness.conn.sent_bytes
    app.render()  # type: ignore[attr-defined]
    harness.settle()
    return harness.conn.sent_bytes - before


def test_the_table_s_forecast_is_drawn_again_only_when_the_table_changes(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Before the Bait the host sees where each Hero would go: a fold opened (no change
    to the table) leaves the forecast as it is; a treasure bonus changes the Bait
    (R-BAIT-TOTAL: a bonus counts in the totals), so the forecast is drawn again;
    a language change draws it in German."""
    harness, app, screen = at_bait(table_app, tmp_path)
    shown = harness.find("forecast-table")
    harness.tap("p1-bonus-toggle")
    assert harness.find("forecast-table") is shown
    harness.tap("p1-bonus-cleric-plus")
    assert screen.state.players[0].bonus("cleric") == 1
    again = harness.find("forecast-table")
    assert again is not shown
    app.set_lang("de")
    german = Translator("de")("forecast.title_table")
    assert any(
        isinstance(c, ft.Text) and c.value == german
        for c in controls_in(harness.find("forecast-table"))
    )
