"""Folding a freshly built control tree into the one on screen (companion/ui/reconcile.py)."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.ui.reconcile import fold, seal
from companion.ui.table.dungeon import DungeonPanel
from companion.ui.table.town import TownPanel
from companion.ui.widgets import tagged
from tests.companion.ui.conftest import AppFactory
from tests.companion.ui.table.conftest import walk
from tests.e2e.sync_seed import NAMES, seed


def test_alike_controls_keep_the_old_object_with_the_new_values() -> None:
    old_text = ft.Text("3 Souls", size=14)
    old = ft.Column([old_text, ft.Text("Ada")])
    new = ft.Column([ft.Text("4 Souls", size=16), ft.Text("Ada")], spacing=4)

    shown = fold(old, new).control

    assert shown is old
    assert shown.controls[0] is old_text
    assert (old_text.value, old_text.size) == ("4 Souls", 16)
    assert old.spacing == 4


def test_a_different_kind_of_control_replaces_the_old_one() -> None:
    old = ft.Column([ft.Text("Build")])
    button = ft.Button("Build")
    shown = fold(old, ft.Column([button])).control
    assert shown.controls == [button]


def test_children_are_matched_by_identifier_not_position() -> None:
    first, second = tagged("a", ft.Text("A")), tagged("b", ft.Text("B"))
    old = ft.Column([first, second])
    banner = tagged("error", ft.Text("Refused"))

    fold(old, ft.Column([banner, tagged("a", ft.Text("A")), tagged("b", ft.Text("B!"))]))

    assert old.controls[0] is banner
    assert old.controls[1] is first and old.controls[2] is second
    assert second.content.value == "B!"


def test_a_control_kept_between_builds_is_left_as_it_is() -> None:
    field = ft.TextField(value="Dragon Ha")  # half typed: the screen keeps this object
    old = ft.Column([ft.Text("Room"), field])
    new = ft.Column([ft.Text("Room"), ft.Text("a hint"), field])

    fold(old, new)

    assert old.controls[2] is field
    assert field.value == "Dragon Ha"
    assert isinstance(old.controls[1], ft.Text) and old.controls[1].value == "a hint"


def test_a_kept_control_is_not_overwritten_by_a_new_one_in_its_old_place() -> None:
    field = ft.TextField(value="typed")
    old = ft.Column([field])
    moved = ft.Column([ft.TextField(value=""), ft.Row([field])])

    fold(old, moved)

    assert field.value == "typed"
    assert old.controls[1].controls[0] is field


def test_a_handler_built_with_the_new_control_reads_what_the_browser_shows() -> None:
    shown_field = ft.TextField(value="")
    old = ft.Column([shown_field])
    new_field = ft.TextField(value="")
    read: list[str | None] = []
    button = ft.Button("Go", on_click=lambda _e: read.append(new_field.value))
    fold(old, ft.Column([new_field, button]))

    shown_field.value = "Ada"  # what the browser's typing does to the control on screen
    assert button.on_click is not None
    button.on_click(None)  # type: ignore[arg-type]

    assert read == ["Ada"]
    new_field.value = "Bea"  # and a handler's write reaches the screen
    assert shown_field.value == "Bea"


def test_event_handlers_are_swapped_for_the_new_ones() -> None:
    taps: list[str] = []
    old = ft.Button("Undo", on_click=lambda _e: taps.append("old"))
    fold(old, ft.Button("Undo", on_click=lambda _e: taps.append("new")))
    assert old.on_click is not None
    old.on_click(None)  # type: ignore[arg-type]
    assert taps == ["new"]


def test_fold_names_only_the_topmost_changed_branches() -> None:
    total = ft.Text("3")
    row = ft.Row([ft.Text("Cleric"), total])
    other = ft.Row([ft.Text("Mage"), ft.Text("1")])
    old = ft.Column([row, other])

    same_but_one = fold(old, ft.Column([ft.Row([ft.Text("Cleric"), ft.Text("4")]), _mage(1)]))
    assert same_but_one.changed == [total]

    grown = fold(old, ft.Column([ft.Row([ft.Text("Cleric"), ft.Text("5")]), _mage(1), _mage(2)]))
    assert grown.changed == [old]  # the column's list changed: it covers its children


def _sealed(control: ft.Control) -> ft.Control:
    seal(control)
    return control


def test_a_change_inside_a_sealed_part_is_named_apart_from_its_ancestors() -> None:
    """Flet's update of the column skips a sealed row's children: the row's changed total
    must be sent on its own, while the column's new child goes out with the column."""
    total = ft.Text("3")
    row = _sealed(ft.Row([ft.Text("Cleric"), total]))
    old = ft.Column([row])

    folded = fold(old, ft.Column([_sealed(ft.Row([ft.Text("Cleric"), ft.Text("4")])), _mage(1)]))

    assert folded.changed == [total, old]
    assert total.value == "4"


def test_a_sealed_part_whose_own_values_changed_goes_out_with_its_ancestor() -> None:
    row = _sealed(ft.Row([ft.Text("Cleric")], visible=False))
    old = ft.Column([row])

    folded = fold(old, ft.Column([_sealed(ft.Row([ft.Text("Cleric")], visible=True)), _mage(1)]))

    assert folded.changed == [old]  # the column's update compares the row's own values
    assert row.visible is True


def test_a_sealed_part_changed_inside_and_out_is_named_itself() -> None:
    total = ft.Text("3")
    row = _sealed(ft.Row([ft.Text("Cleric"), total], visible=False))
    old = ft.Column([row])

    new_row = _sealed(ft.Row([ft.Text("Cleric"), ft.Text("4")], visible=True))
    folded = fold(old, ft.Column([new_row, _mage(1)]))

    assert folded.changed == [row, old]


def test_fold_names_nothing_when_nothing_changed_but_kept_controls() -> None:
    field = ft.TextField(value="typed")
    old = ft.Column([ft.Text("Room"), field])
    assert fold(old, ft.Column([ft.Text("Room"), ft.Row([])])).changed == [old]
    kept = ft.Column([ft.Text("Room"), field])
    assert fold(kept, ft.Column([ft.Text("Room"), field])).changed == [field]


def _mage(count: int) -> ft.Row:
    return ft.Row([ft.Text("Mage"), ft.Text(str(count))])


def test_a_tap_sends_only_what_changed_and_keeps_the_view(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game = seed(tmp_path / "data", 4, "host-device-0000000", "Four at the table")
    harness, _app = table_app(route=f"/game/{game.game_id}")
    harness.tap("p1-bonus-toggle")
    view = harness.page.views[-1]
    first_frame = harness.conn.sent_bytes

    before = harness.conn.sent_bytes
    harness.tap("p1-bonus-cleric-plus")
    one_tap = harness.conn.sent_bytes - before

    assert harness.page.views[-1] is view  # same view: the page keeps its scroll
    totals = [c.value for c in walk(harness.find("p1-total-cleric")) if isinstance(c, ft.Text)]
    assert "3" in totals  # a Room and the Boss, plus one
    # The whole four-player screen is tens of kilobytes; one changed total is not.
    assert one_tap < first_frame / 10, (one_tap, first_frame)


def test_the_page_scrolls_to_the_top_only_for_a_new_tab_or_phase(
    table_app: AppFactory, tmp_path: Path
) -> None:
    game = seed(tmp_path / "data", 2, "host-device-0000000", "Two at the table")
    harness, _app = table_app(route=f"/game/{game.game_id}")

    def scrolls() -> int:
        harness.settle()
        return sum(1 for name, _args in harness.conn.calls if name == "scroll_to")

    before = scrolls()
    harness.tap("p1-bonus-toggle")
    harness.tap("p1-bonus-cleric-plus")
    assert scrolls() == before  # a change on the same phase keeps the player's place
    harness.tap("tab-score")
    assert scrolls() == before + 1
    harness.tap("tab-play")
    harness.tap("p1-bonus-toggle")  # a change on the same phase again
    assert scrolls() == before + 2  # back on the Table tab: its top


def _count_dungeon_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the dungeons built from now on ('town' for the town)."""
    built: list[str] = []
    view, town = DungeonPanel.view, TownPanel.view

    def counting(panel: DungeonPanel) -> ft.Control:
        built.append(panel.name)
        return view(panel)

    def counting_town(panel: TownPanel) -> ft.Control:
        built.append("town")
        return town(panel)

    monkeypatch.setattr(DungeonPanel, "view", counting)
    monkeypatch.setattr(TownPanel, "view", counting_town)
    return built


def test_a_change_to_one_dungeon_rebuilds_that_dungeon_alone(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: a tap redraws the panels whose part of the game changed, no others
    (the other dungeons and the town stay as they are)."""
    game = seed(tmp_path / "data", 4, "host-device-0000000", "Four at the table")
    harness, _app = table_app(route=f"/game/{game.game_id}")
    harness.tap("p1-bonus-toggle")  # the panel's own draft: that panel is built anew
    others = {name: harness.find(f"dungeon-p{n}") for n, name in enumerate(NAMES[:4], 1)}
    built = _count_dungeon_builds(monkeypatch)

    harness.tap("p1-bonus-cleric-plus")

    assert built == [NAMES[0]]
    for n, name in enumerate(NAMES[:4], 1):
        assert harness.find(f"dungeon-p{n}") is others[name]
    totals = [c.value for c in walk(harness.find("p1-total-cleric")) if isinstance(c, ft.Text)]
    assert "3" in totals  # and the changed one shows the change


def test_a_kept_dungeon_is_built_anew_for_a_new_language_or_a_draft(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = seed(tmp_path / "data", 2, "host-device-0000000", "Two at the table")
    harness, app = table_app(route=f"/game/{game.game_id}")
    built = _count_dungeon_builds(monkeypatch)

    harness.tap("p2-bonus-toggle")  # a draft of one panel: no state changed
    assert harness.has("p2-bonus-cleric-plus")
    assert sorted(built) == sorted([*NAMES[:2], "town"])

    built.clear()
    app.set_lang("de")
    assert sorted(built) == sorted([*NAMES[:2], "town"])
    toggle = harness.find("p2-bonus-toggle").content
    assert toggle == "Schatzboni ausblenden"  # the open toggle, now in German
