"""Parts of the game screen kept between redraws (companion/ui/panel_memo.py): what is
built anew per tap, and that what is kept is the very control on screen (issue 13)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

import companion.app as app_module
from companion.app import AppConfig, make_main
from companion.i18n import Translator
from companion.sync.device import Device
from companion.ui import chrome, shell
from companion.ui.panel_memo import PanelMemo, PanelMemos, Redraw
from companion.ui.reconcile import fold
from companion.ui.table import adventure, bottom_bar, dungeon, dungeon_summary
from companion.ui.table.game_screen import GameScreen
from rules.models import TREASURES
from tests.companion.ui.conftest import AppFactory, at_bait, saved_at
from tests.companion.ui.flet_harness import Harness, controls_in, unsent
from tests.companion.ui.table.conftest import walk
from tests.e2e.sync_seed import seed


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each part is built from now on."""
    built: Counter[str] = Counter()
    for module, name in (
        (dungeon, "_room_tile"),
        (dungeon, "_room_card"),
        (dungeon, "_boss_tile"),
        (dungeon, "treasure_badge"),
        (dungeon_summary, "badge"),
        (chrome, "phase_stepper"),
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
    for cls, name in ((shell.TableApp, "_app_bar"),):
        method = getattr(cls, name)

        def counting_method(self: object, *args: object, _n: str = name, _m: object = method):
            built[_n] += 1
            return _m(self, *args)  # type: ignore[operator]

        monkeypatch.setattr(cls, name, counting_method)
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
    assert built["phase_stepper"] == 0 and built["_app_bar"] == 0
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
    """A part built anew is folded into the control on screen; its memo then keeps that
    control, so the next redraw hands Flet the object it already shows."""
    game = seed(tmp_path / "data", 2, "host-device-0000000", "Two at the table")
    harness, app = table_app(route=f"/game/{game.game_id}")
    harness.tap("p1-bonus-toggle")
    harness.tap("p1-bonus-cleric-plus")  # the cleric bonus row is built anew and folded
    screen = app.current
    assert isinstance(screen, GameScreen)

    held = screen.memos._memos["p1-bonus-cleric"]._control
    assert held is not None
    on_screen = harness.find("p1-bonus-cleric")
    # The row holds the very number shown (tagged(): the Semantics around it).
    assert any(getattr(c, "content", None) is on_screen for c in held.controls)


def test_adopt_swaps_a_folded_copy_for_the_control_on_screen() -> None:
    memo = PanelMemo()
    on_screen = ft.Column([ft.Text("3")])
    drawn = Redraw()
    built = memo.view("4", lambda: ft.Column([ft.Text("4")]), drawn)

    folded = fold(on_screen, built)
    drawn.adopt(folded.merged)

    again = Redraw()
    assert memo.view("4", lambda: ft.Column([ft.Text("never")]), again) is on_screen
    assert again.reused == {id(on_screen)}
    assert on_screen.controls[0].value == "4"


def test_a_name_met_twice_in_one_redraw_is_built_twice() -> None:
    """One control can't stand in two places: the second part of the same name is new."""
    memos = PanelMemos()
    drawn = Redraw()
    first = memos.view("banner", "", lambda: ft.Text(""), drawn)
    second = memos.view("banner", "", lambda: ft.Text(""), drawn)
    assert first is not second

    next_time = Redraw()
    assert memos.view("banner", "", lambda: ft.Text("new"), next_time) is first


def test_a_new_key_builds_again_and_the_old_control_is_not_handed_back() -> None:
    memo = PanelMemo()
    drawn = Redraw()
    three = memo.view(3, lambda: ft.Text("3"), drawn)
    four = memo.view(4, lambda: ft.Text("4"), drawn)
    assert four is not three and four.value == "4"
    assert drawn.fresh == [memo, memo] and not drawn.reused


def test_the_bait_shows_each_room_s_actions_by_a_flag_not_a_new_row(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Destroy and Deactivate are hidden in the Bait phase and shown in the Adventure: the
    rows stay in the tiles, so the Bait tap flips a flag on each row's wrapper instead of
    building, folding and sending a row per Room."""
    harness, _app, screen = at_bait(table_app, tmp_path)

    def row() -> ft.Control:
        held = screen.memos._memos["p1-room-1-actions"]._control
        assert held is not None
        return held

    hidden = row()
    assert hidden.parent is not None and hidden.parent.visible is False
    harness.tap("resolve-bait")

    assert screen.state.phase == "adventure"
    # The same row, handed back by its memo (not built again), and now shown.
    assert row() is hidden and id(hidden) in screen.drawn.reused
    assert hidden.parent is not None and hidden.parent.visible is True
    assert harness.find("p1-room-1-destroy") is not None


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
        shown = {part: harness.find(part).parent for part in parts}
        harness.tap(tap)
        assert screen.state.walk is not None and screen.state.walk.room == 0
        for part, control in shown.items():
            assert harness.find(part).parent is control, f"{part} after {tap}"
            assert id(control) in screen.drawn.reused, f"{part} built again after {tap}"
    assert len(screen.state.player(walk.player).dungeon) > 1
    harness.tap("adv-next")
    assert screen.state.walk is not None and screen.state.walk.room == 1
    assert here(2) and not here(1)


def test_a_treasure_tap_in_the_room_form_sends_only_the_form_s_treasure(
    table_app: AppFactory, tmp_path: Path
) -> None:
    """Choosing or removing a treasure icon changes one tile and the icons: only the
    form's details are compared and patched (not the page), and the damage already typed
    stays in the very field it was typed into."""
    game_id = saved_at(tmp_path / "data", "build")
    harness, _app = table_app(route=f"/game/{game_id}")
    harness.type("build-p1-damage", "3")
    field = harness.find("build-p1-damage")
    details = field.parent.parent.parent  # its tag, its row, then the form's details
    for tap in ("build-p1-treasure-fighter", "build-p1-treasure-fighter", "build-p1-icon-2"):
        before = len(harness.conn.messages)
        harness.tap(tap)
        patched = [
            m.body.id
            for m in harness.conn.messages[before:]
            if m.action == MessageAction.PATCH_CONTROL
        ]
        assert patched == [details._i], f"after {tap}"
        assert harness.find("build-p1-damage") is field and field.value == "3"
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
    """A keystroke in a card's name field compares and patches only the matches under
    it, not the whole page (which also sent two buttons' styles again each time); a
    pick patches only its own form."""
    game_id = saved_at(tmp_path / "data", phase)
    harness, _app = table_app(route=f"/game/{game_id}")
    name = harness.find(field)
    form = name.parent.parent  # the form's column: the name, its matches, the rest
    matches = form.controls[form.controls.index(name.parent) + 1]
    for text in (typed[0], typed, typed[0], typed):  # no matches, some, none, some
        before = len(harness.conn.messages)
        harness.type(field, text)
        sent = harness.conn.messages[before:]
        assert {m.body.id for m in sent if m.action == MessageAction.PATCH_CONTROL} <= {
            matches._i
        }, f"after typing {text!r}"
    option = next(i for i in harness.ids() if i.startswith(pick))
    before = len(harness.conn.messages)
    harness.tap(option)
    patched = [
        m.body.id for m in harness.conn.messages[before:] if m.action == MessageAction.PATCH_CONTROL
    ]
    assert patched and all(i in {c._i for c in controls_in(form.parent.parent)} for i in patched)


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
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Adventure's buttons and Hero lines show the same all walk long: a damage tap
    builds none of them again, and the kept buttons still act. The +N stepper is built
    again when its amount changes; in German they all are, in German."""
    harness, app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")
    harness.tap("adv-next")
    built: Counter[str] = Counter()
    for name in ("big_button", "walking_line"):
        original = getattr(adventure, name)

        def counting(*args: object, _name: str = name, _f: object = original, **kw: object):
            built[_name] += 1
            return _f(*args, **kw)  # type: ignore[operator]

        monkeypatch.setattr(adventure, name, counting)
    walk = screen.state.walk
    assert walk is not None
    kept = harness.find("adv-damage-1")
    for n in (1, 2):
        harness.tap("adv-damage-1")
        assert screen.state.walk is not None and screen.state.walk.damage == walk.damage + n
    assert harness.find("adv-damage-1") is kept
    assert not built

    english = Translator("en")
    harness.tap("adv-amount-plus")  # 2 -> 3
    assert button_text(harness.find("adv-damage-n")) == english("table.adv_damage", n=3)
    assert built == Counter({"big_button": 1})  # the stepper's +N alone
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
    with it: they are sent again and still act."""
    harness, _app, screen = at_bait(table_app, tmp_path)
    harness.tap("resolve-bait")
    kept = harness.find("adv-next")
    harness.tap("undo")
    assert screen.state.phase == "bait"
    assert not harness.has("adv-next")
    harness.tap("resolve-bait")
    assert harness.find("adv-next") is kept  # the memo's, shown again
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
    now into the game's view, kept below, and sends every change, those inside sealed
    parts too (Flet's diff of the page skips their insides)."""
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
