"""A bare Flet counter app: the floor that ``bench/ui.py`` measures the table app against.

One Text and one button, served the way ``dungeon-referee`` serves the table app: web
mode, every asset local (no CDN), bound to 127.0.0.1. Both controls carry a semantics
identifier (``count`` and ``increment``) so the benchmark finds them the same way it
finds the table app's controls.

Run: ``python bench/counter_app.py --port 8551`` (blocks until Ctrl+C).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

import flet as ft

HOST = "127.0.0.1"


def count_label(count: int) -> str:
    return f"Count: {count}"


#: The controls ``counter`` returns, nested ones included (tests/test_bench_long_page.py
#: counts them).
COUNTER_CONTROLS = 4


def counter(after: Callable[[ft.Text], None] | None = None) -> list[ft.Control]:
    """The counter's Text and button; ``after`` is called with the Text once a tap has set
    it (``bench/long_page_app.py`` sends it alone from there)."""
    count = 0
    label = ft.Text(count_label(count), size=24)

    def increment(_event: ft.Event[ft.Button]) -> None:
        nonlocal count
        count += 1
        label.value = count_label(count)
        if after is not None:
            after(label)

    return [
        ft.Semantics(identifier="count", content=label),
        ft.Semantics(
            identifier="increment", content=ft.Button(content="Add one", on_click=increment)
        ),
    ]


def main(page: ft.Page) -> None:
    page.add(*counter())


def _port(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 1 and 65535, not {value}")
    return value


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--port", type=_port, required=True, help="port to serve on")
    args = parser.parse_args(argv)
    # As in companion/cli.py: serve only, never open a browser from here.
    os.environ["FLET_FORCE_WEB_SERVER"] = "1"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=HOST, port=args.port, no_cdn=True)


if __name__ == "__main__":
    run()
