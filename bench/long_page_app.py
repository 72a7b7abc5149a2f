"""The counter of ``bench/counter_app.py`` on a long page: the floor ``bench/page_size.py``
measures a tap on a page as long as the game screen against.

Below the counter stand ``--tiles`` static tiles shaped like a dungeon's Room tile (a
bordered box: a number, a name and damage; a treasure badge; two text buttons), 15
controls each: 46 tiles and the counter make about as many controls (696) as the game
screen at the Build phase of ``bench/ui.py``'s 3-player game (690; the list layout's
gaps add one Container each). Nothing in the tiles changes; a tap
changes the counter's Text only.

* ``--layout column``: the page scrolls as one column (``View.scroll``), as every screen
  of the app does (``TableApp._view`` in ``companion/ui/shell.py``);
* ``--layout list``: a ``ListView`` with every tile its own child (so its own repaint
  boundary), all built at once (a large ``cache_extent``, so the accessibility tree holds
  every tile), with gaps between them as children too.
* ``--update page``: the tap's handler sets the Text and Flet updates the page after it,
  the plain way (Flet compares the whole page);
* ``--update label``: the handler sends the Text alone (``Text.update()``, no page update),
  so the server's share stays the bare counter's and only the browser's share grows.
* ``--fresh K``: every tap puts K new tiles (new controls, new numbers) right below the
  counter, as the Bait tap puts its rulings and the Adventure on screen, and a "Clear"
  button above them (``clear-fresh``, not timed) takes them off again: with no static
  tiles, the floor of a tap that shows K x 15 new controls.

Run: ``python bench/long_page_app.py --port 8552 --tiles 46 --layout list [--fresh 6]``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

import flet as ft

sys.path.insert(0, str(Path(__file__).resolve().parent))

from counter_app import HOST, _port, counter

#: Enough for every tile to be built and in the accessibility tree at once.
BUILT_AHEAD_PX = 100_000
#: The controls in one ``tile`` (tests/test_bench_long_page.py counts them).
TILE_CONTROLS = 15


def tile(number: int) -> ft.Control:
    """A static box shaped like a Room tile: ``TILE_CONTROLS`` controls."""
    badge = ft.Container(
        ft.Text("F", color=ft.Colors.WHITE), bgcolor=ft.Colors.RED, border_radius=12, padding=4
    )
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        border_radius=8,
        padding=8,
        content=ft.Column(
            [
                ft.Row([ft.Text(str(number), size=22), ft.Text("Monster"), ft.Text("2 dmg")]),
                ft.Row([badge, ft.Text("Monster")]),
                ft.Row(
                    [
                        ft.Semantics(
                            identifier=f"destroy-{number}",
                            content=ft.TextButton("Destroy", icon=ft.Icons.DELETE),
                        ),
                        ft.Semantics(
                            identifier=f"deactivate-{number}",
                            content=ft.TextButton("Deactivate", icon=ft.Icons.BLOCK),
                        ),
                    ]
                ),
            ]
        ),
    )


def fresh_tiles(count: int, tap: int) -> list[ft.Control]:
    """The ``--fresh`` tiles of tap number ``tap``: numbered on from the last ones, so every
    tap's tiles are new controls with new text."""
    return [tile(fresh_number(count, tap, n)) for n in range(count)]


def fresh_number(count: int, tap: int, n: int) -> int:
    """The number of tap ``tap``'s ``n``-th fresh tile (its buttons are tagged with it)."""
    return 1000 + tap * count + n


def make_main(tiles: int, layout: str, update: str, fresh: int = 0) -> Callable[[ft.Page], None]:
    def main(page: ft.Page) -> None:
        block = ft.Column()
        taps = 0

        def clear(_event: ft.Event[ft.Button]) -> None:
            block.controls = []

        def after_tap(label: ft.Text) -> None:
            nonlocal taps
            taps += 1
            block.controls = fresh_tiles(fresh, taps)
            if update == "label":  # the Text and the new tiles alone
                ft.context.disable_auto_update()  # type: ignore[no-untyped-call]
                label.update()
                if fresh:
                    block.update()

        clearing = ft.Semantics(
            identifier="clear-fresh", content=ft.Button(content="Clear", on_click=clear)
        )
        controls = [
            *counter(after_tap),
            *([clearing, block] if fresh else []),  # Clear above: no scroll to reach it
            *(tile(n) for n in range(1, tiles + 1)),
        ]
        if layout == "list":
            gapped = [c for control in controls for c in (control, ft.Container(height=10))]
            listing = ft.ListView(
                gapped[:-1],
                cache_extent=BUILT_AHEAD_PX,
                build_controls_on_demand=False,  # one list of children, not built by index
                expand=True,
            )
            page.add(listing)
        else:
            page.scroll = ft.ScrollMode.AUTO
            page.add(*controls)

    return main


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--port", type=_port, required=True, help="port to serve on")
    parser.add_argument("--tiles", type=int, default=46, help="static tiles below the counter")
    parser.add_argument("--layout", choices=("column", "list"), default="list")
    parser.add_argument("--update", choices=("page", "label"), default="page")
    parser.add_argument("--fresh", type=int, default=0, help="new tiles each tap shows")
    args = parser.parse_args(argv)
    if args.tiles < 0 or args.fresh < 0:
        parser.error("--tiles and --fresh must be 0 or more")
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"  # serve only, as companion/cli.py does
    main = make_main(args.tiles, args.layout, args.update, args.fresh)
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=HOST, port=args.port, no_cdn=True)


if __name__ == "__main__":
    run()
