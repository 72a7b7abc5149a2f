"""No label is cut off and every control takes a thumb: the main screens in English and
German, at 390 x 844 and 360 x 740.

Each screen is opened once per language (games are saved at each phase before the server
starts, so no game is played here) and measured at both widths on the same page; the
screen is scrolled through so every part of it is measured. ``labels_fit.js`` says what
it checks: a label wider than its box (a word that can't wrap, or more lines than the box
is high), a screen's title longer than its one line in the app bar, or a tappable node
smaller than 48 x 48 px.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import Translator
from companion.store import GameStore
from companion.sync.registry import AccessRegistry
from companion.ui.shell import TITLE_SIZE
from rules.commands import (
    AdvanceHero,
    BuildRoom,
    Command,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.game import Game
from rules.models import TREASURES, GameSetup, HeroCard, PlayerSetup, Room
from tests.e2e.conftest import (
    CHROMIUM,
    OUTPUT,
    SETTLE_S,
    AppPage,
    Server,
    new_context,
    start_server,
    stop_server,
)
from tests.e2e.game_steps import tap
from tests.e2e.sync_seed import DEVICE_KEY, device_id

pytestmark = [pytest.mark.e2e, pytest.mark.slow]  # a minute or more on CI: started first

WIDTHS = ({"width": 390, "height": 844}, {"width": 360, "height": 740})
CHECK = (Path(__file__).parent / "labels_fit.js").read_text(encoding="utf-8")
HOST = device_id(41)
#: A wheel scroll moves the page at once, and the accessibility tree follows within a
#: frame or two: a page that has not moved after this long is at its end.
SCROLL_S = 0.4
#: How often the nodes' places are read while the page moves.
POLL_S = 0.08
#: Controls that show a picture, not their name: treasure tiles and badges, a heart for
#: Health. (Icon buttons are named with aria-label and left out by the check itself.)
PICTURE_IDS = r"-treasure-|-total-|-health$"
#: A screen's title in the app bar: one line, larger, cut with "…" when too long.
TITLE_IDS = r"^screen-title$"
NAMES = ("Annegret", "Bartholomäus", "Cyra")


def _setup() -> GameSetup:
    return GameSetup(
        players=tuple(
            PlayerSetup(name=n, boss=f"Boss von {n}", xp=9 - i, boss_treasure=(TREASURES[i],))
            for i, n in enumerate(NAMES)
        ),
        ordinary_heroes=30,
        epic_heroes=10,
    )


def _first_rooms() -> list[Command]:
    return [
        *(
            BuildRoom(player=n, room=Room(name=f"Halle {i}", treasure=(TREASURES[i],), damage=1))
            for i, n in enumerate(NAMES)
        ),
        RevealRooms(),
    ]


def _heroes() -> list[Command]:
    return [RevealHeroes(heroes=tuple(HeroCard(treasure=(t,), health=4) for t in TREASURES[:3]))]


def _build() -> list[Command]:
    room = Room(name="Gruft der Zombiedrachen", treasure=("cleric", "mage"), damage=2)
    return [BuildRoom(player=NAMES[0], room=room), RevealRooms()]


#: Where each saved game stands, and the commands that bring it there.
STAGES: dict[str, tuple[str, list[Command]]] = {
    "setup": ("setup", []),
    "beginning": ("beginning", _first_rooms()),
    "build": ("build", [*_first_rooms(), *_heroes()]),
    "bait": ("bait", [*_first_rooms(), *_heroes(), *_build()]),
    "adventure": (
        "adventure",
        [*_first_rooms(), *_heroes(), *_build(), ResolveBait(), AdvanceHero()],
    ),
    "end": ("end", [*_first_rooms(), *_heroes(), *_build(), ResolveBait(), FinishAdventure()]),
}


def _seed(data_dir: Path) -> dict[str, str]:
    store = GameStore(data_dir, fsync=False)
    registry = AccessRegistry(data_dir, fsync=False)
    games: dict[str, str] = {}
    for stage, (phase, commands) in STAGES.items():
        game_id = store.create(_setup(), f"Partie {stage}").game_id
        game = Game.new(_setup())
        for command in commands:
            game, _ = game.play(command)
        assert game.state.phase == phase, (stage, game.state.phase)
        store.save(game_id, game)
        registry.add_host(game_id, HOST)
        games[stage] = game_id
    return games


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    base = tmp_path_factory.mktemp("labels")
    games = _seed(base / "data")
    server = start_server(base / "data", base / "server.log")
    yield server, games
    stop_server(server)


def _picture_labels() -> list[str]:
    """Names of controls that show a picture (read to screen readers, never painted)."""
    labels: list[str] = []
    for lang in ("en", "de"):
        tr = Translator(lang)
        labels += [tr(f"treasure.{t}") for t in TREASURES]
    return labels


def _measure(app: AppPage) -> dict[str, list[Any]]:
    """What ``labels_fit.js`` finds on screen now (the caller waited for the redraw)."""
    args = {
        "pictureLabels": _picture_labels(),
        "pictureIds": PICTURE_IDS,
        "titleIds": TITLE_IDS,
        "titleFont": TITLE_SIZE,
        "minFont": 13,
        "switchFont": 16,
        "lineHeight": 1.15,
        "touch": 48,
    }
    return dict(app.page.evaluate(CHECK, args))


def _scroll_through(app: AppPage) -> Iterator[None]:
    """Stop at the top of the screen, then a screenful further each time, to the end."""
    page = app.page
    size = page.viewport_size or WIDTHS[0]
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    yield
    for _step in range(12):
        before = page.evaluate(_WHERE_THINGS_ARE)
        page.mouse.wheel(0, size["height"] - 200)
        if not _moved(app, before):
            return
        yield


def _moved(app: AppPage, before: str) -> bool:
    """Wait until the nodes leave their places ``before`` and come to rest (two reads in a
    row agree); False if they did not move within ``SCROLL_S``."""
    deadline = time.monotonic() + SCROLL_S
    now = before
    while now == before:
        if time.monotonic() > deadline:
            return False
        time.sleep(POLL_S)
        now = app.page.evaluate(_WHERE_THINGS_ARE)
    while True:
        time.sleep(POLL_S)
        later = app.page.evaluate(_WHERE_THINGS_ARE)
        if later == now:
            return True
        now = later


#: What is on screen and where: the text alone stays the same when a screen whose parts
#: are all in the tree scrolls (New game), so the nodes' places tell a scroll too.
_WHERE_THINGS_ARE = """() => Array.from(document.querySelectorAll('flt-semantics'), (n) => {
  const r = n.getBoundingClientRect();
  return `${Math.round(r.top)}:${Math.round(r.height)}:${n.textContent.length}`;
}).join('|')"""


def _check_screen(
    app: AppPage, name: str, found: dict[str, set[str]], *, just_opened: bool = True
) -> None:
    """Measure the screen at both widths, scrolled through; note each problem once.

    ``just_opened``: the page was loaded at its present width and not scrolled yet, so it
    is measured first at that width with nothing to wait for."""
    shown = app.page.viewport_size
    for size in sorted(WIDTHS, key=lambda size: size != shown):
        if size != shown or not just_opened:
            app.page.set_viewport_size(size)
            time.sleep(SETTLE_S)  # the app may lay itself out anew (a round trip)
            app.page.mouse.move(size["width"] / 2, size["height"] / 2)
            before = app.page.evaluate(_WHERE_THINGS_ARE)
            app.page.mouse.wheel(0, -20_000)  # back to the top
            _moved(app, before)
        shot = 0
        seen: Counter[str] = Counter()
        flagged: Counter[tuple[str, str]] = Counter()
        problems: dict[tuple[str, str], set[str]] = {}
        for _ in _scroll_through(app):
            measured = _measure(app)
            seen.update(set(measured["seen"]))
            here: set[tuple[str, str]] = set()
            for p in measured["problems"]:
                where = (str(p.pop("node")), str(p["kind"]))
                here.add(where)
                problems.setdefault(where, set()).add(json.dumps(p, ensure_ascii=False))
            flagged.update(here)
            if measured["problems"] and shot < 2:
                shot += 1
                app.page.screenshot(path=str(app.shots_dir / f"{name}-{size['width']}-{shot}.png"))
        # A node partly out of view at one stop shows whole at another: a problem counts
        # only if every stop that measured the node found it.
        for (node, kind), described in problems.items():
            if flagged[(node, kind)] == seen[node]:
                found.setdefault(f"{name} @{size['width']}", set()).update(described)


def _open_every_dungeon(app: AppPage) -> None:
    """Open each dungeon card the compact turn view shows closed (its summary row's
    arrow), so what is in the cards is measured too."""
    for seat in range(1, len(NAMES) + 1):
        arrow = f"dungeon-p{seat}-expand"
        app.wait_for(f"summary-p{seat}")
        if app.by_id(arrow).count():
            tap(app, arrow)
            app.wait_for(f"dungeon-p{seat}-collapse")


def _visit(app: AppPage, path: str, ready: str) -> None:
    """Open ``path`` in a new tab of the same browser (its storage, so its device, kept).

    Sent to another address, the same tab would reconnect to its old session, which shows
    the screen it had until the new one is drawn: ``ready`` (``screen-game`` for each
    stage) could be found on the old game's screen, and a tap made there is lost."""
    old = app.page
    app.page = old.context.new_page()
    old.close()
    app.page.goto(app.base_url + path)
    app.wait_ready()
    app.wait_for(ready)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_no_label_is_cut_off_and_every_control_takes_a_thumb(
    browser: object, seeded: tuple[Server, dict[str, str]], locale: str
) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser) and CHROMIUM.exists()
    server, games = seeded
    context = new_context(browser, WIDTHS[0], locale)
    context.add_init_script(
        f"localStorage.setItem({json.dumps(DEVICE_KEY)}, {json.dumps(json.dumps(HOST))})"
    )
    shots = OUTPUT / "labels_fit" / locale
    shots.mkdir(parents=True, exist_ok=True)
    app = AppPage(context.new_page(), server.url, shots)
    found: dict[str, set[str]] = {}
    try:
        _visit(app, "/", "new-game")
        _check_screen(app, "home", found)
        _visit(app, "/settings", "settings-theme")
        _check_screen(app, "settings", found)
        _visit(app, "/rules", "rules-search")
        _check_screen(app, "rules", found)
        _visit(app, "/rules/rule-bait-highest", "rules-entry-body")
        _check_screen(app, "rules-entry", found)
        _visit(app, "/new", "start-game")
        _check_screen(app, "new-game", found)
        _visit(app, "/games", f"game-{games['end']}")
        _check_screen(app, "saved-games", found)
        _visit(app, "/join", "join-code")
        _check_screen(app, "join", found)
        _visit(app, f"/setup/{games['setup']}", "screen-setup")
        _check_screen(app, "setup", found)
        for stage in ("beginning", "build", "bait", "adventure", "end"):
            _visit(app, f"/game/{games[stage]}", "screen-game")
            _open_every_dungeon(app)
            _check_screen(app, f"game-{stage}", found, just_opened=False)
        app.page.set_viewport_size(WIDTHS[0])
        _visit(app, f"/game/{games['end']}", "tab-score")
        tap(app, "tab-score")
        _check_screen(app, "scores", found, just_opened=False)
        tap(app, "tab-log")
        _check_screen(app, "log", found, just_opened=False)
    finally:
        context.close()
    report = "\n".join(
        f"{where}: {problem}"
        for where, problems in sorted(found.items())
        for problem in sorted(problems)
    )
    (shots / "report.txt").write_text(report, encoding="utf-8")
    assert not found, (
        f"cut-off labels or small controls ({locale}); screenshots in {shots}:\n{report}"
    )
